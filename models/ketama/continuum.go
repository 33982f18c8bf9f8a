package ketama

import (
	"fmt"
	"hash/crc32"
	"slices"

	"lbcourse/models/ring"
)

// A Continuum is nginx's `hash KEY consistent` ring and pingora-ketama's
// Continuum, held by the course's ring library: every server's Weight ×
// points points (see Server.PointHashes), sorted by position, one point
// per position. Node n of Ring is Servers()[n]. A Continuum is immutable,
// so safe for concurrent use.
type Continuum struct {
	servers []Server
	ring    *ring.Ring
}

// Build returns the continuum of servers, listed in that order, with
// points points per unit of weight, its points stored in layout
// (ring.Wide: pingora's v1 points, 8 bytes; ring.Packed: its v2 points,
// 6 bytes). Several points at one position leave one: that of the server
// listed first, and of one server's points the earlier (ring.FirstWins).
// This tie rule is this package's: nginx and pingora's v1 keep whichever
// point an unstable sort puts first, pingora's v2 the one of the smallest
// address (see the package doc). Lookups do not depend on the layout.
//
// Build fails for points below 1, a weight below 1, more than
// ring.MaxNodes servers or more than ring.MaxPoints points in all. No
// server gives an empty continuum, on which Node returns -1.
func Build(servers []Server, points int, layout ring.Layout) (*Continuum, error) {
	if points < 1 {
		return nil, fmt.Errorf("ketama: points is %d; it is at least 1", points)
	}
	if len(servers) > ring.MaxNodes {
		return nil, fmt.Errorf("ketama: %d servers, more than ring.MaxNodes (%d)", len(servers), ring.MaxNodes)
	}
	weights := make([]float64, len(servers))
	total := 0
	for i, s := range servers {
		if s.Weight < 1 {
			return nil, fmt.Errorf("ketama: server %d (%s) has weight %d; a weight is at least 1", i+1, s, s.Weight)
		}
		if s.Weight > (ring.MaxPoints-total)/points {
			return nil, fmt.Errorf("ketama: more than ring.MaxPoints (%d) points", ring.MaxPoints)
		}
		total += s.Weight * points
		weights[i] = float64(s.Weight)
	}
	// The library asks for point j of node n by number; the chain gives
	// each server's points in one pass, so they are computed first. The
	// library gives node n round(points × weights[n]) = Weight × points
	// points, an exact product.
	hs := make([][]uint32, len(servers))
	for i, s := range servers {
		hs[i] = s.PointHashes(s.Weight * points)
	}
	r, err := ring.New(weights, ring.Config{
		Points:     points,
		Hash:       func(n, j int) uint32 { return hs[n][j] },
		Collisions: ring.FirstWins,
		Layout:     layout,
	})
	if err != nil {
		return nil, err
	}
	return &Continuum{servers: slices.Clone(servers), ring: r}, nil
}

// KeyHash returns a key's position: the CRC-32 (IEEE) of its bytes, as
// nginx's ngx_crc32_long and pingora's crc32fast::hash compute it.
func KeyHash(key []byte) uint32 { return crc32.ChecksumIEEE(key) }

// Servers returns the servers, in the order Build was given them.
func (c *Continuum) Servers() []Server { return slices.Clone(c.servers) }

// Ring returns the ring the points are on.
func (c *Continuum) Ring() *ring.Ring { return c.ring }

// Node returns the index in Servers of the server key goes to: the owner
// of the first point whose position is at or after KeyHash(key), wrapping
// past 2^32-1 to the first point (pingora's Continuum::node); -1 on an
// empty continuum.
func (c *Continuum) Node(key []byte) int { return c.ring.Lookup(KeyHash(key)) }

// Walk returns the owners of n points clockwise from key's point, Node(key)
// first, wrapping around as often as n asks: pingora's node_iter, the
// failover order, in which a server appears once per point, so possibly
// several times in a row. It returns nil on an empty continuum or for n ≤ 0.
func (c *Continuum) Walk(key []byte, n int) []int {
	if c.ring.Len() == 0 || n <= 0 {
		return nil
	}
	i := c.ring.Index(KeyHash(key))
	out := make([]int, n)
	for j := range out {
		out[j] = int(c.ring.Point(i + j).Node)
	}
	return out
}
