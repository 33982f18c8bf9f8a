package compare

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"testing"

	"github.com/golang/groupcache/consistenthash"

	"lbcourse/models/ketama"
	"lbcourse/models/ring"
)

// TestGroupcacheAgrees checks that the ring with groupcache's points sends
// every key where groupcache's consistenthash.Map does, so that the two
// benchmarks do the same work.
func TestGroupcacheAgrees(t *testing.T) {
	for _, c := range configs {
		r, err := groupcacheRing(c.servers, c.points)
		if err != nil {
			t.Fatal(err)
		}
		names := serverNames(c.servers)
		m := consistenthash.New(c.points, nil)
		m.Add(names...)
		for _, k := range keys {
			if got, want := names[r.Lookup(keyHash(k))], m.Get(k); got != want {
				t.Fatalf("%s: key %q on %s, groupcache %s", c.name, k, got, want)
			}
		}
	}
}

// TestKetamaAgrees checks that the ring the benchmarks call ketama_packed,
// lbcourse/models/ring with the ketama model's points in the Packed
// layout, sends every key and every position where the ketama model does
// (ketama.Continuum.Node, on its Wide ring) and where a plain reading of
// nginx's and pingora's continuum does: the servers' CRC-32 point chains
// (ketama.Server.PointHashes), sorted, one point per position (the server
// listed first keeps it), and the first point at or after the key's CRC-32
// by binary search, wrapping to the first point. Positions are each
// point's, one before and one after, and 0 and 2^32−1: the owner is
// constant between two points, so they check every position.
func TestKetamaAgrees(t *testing.T) {
	for _, c := range configs {
		packed, err := ketamaRing(c.servers, c.points, ring.Packed)
		if err != nil {
			t.Fatal(err)
		}
		model, err := ketama.Build(ketamaServers(c.servers), c.points, ring.Wide)
		if err != nil {
			t.Fatal(err)
		}
		// The continuum read plainly: positions sorted, the first server
		// listed keeping a shared position.
		type point struct {
			hash   uint32
			server int
		}
		var ps []point
		for s, srv := range ketamaServers(c.servers) {
			for _, h := range srv.PointHashes(c.points) {
				ps = append(ps, point{h, s})
			}
		}
		slices.SortStableFunc(ps, func(a, b point) int { return cmp.Compare(a.hash, b.hash) })
		ps = slices.CompactFunc(ps, func(a, b point) bool { return a.hash == b.hash })
		plain := func(h uint32) int {
			i := sort.Search(len(ps), func(i int) bool { return ps[i].hash >= h })
			if i == len(ps) {
				i = 0
			}
			return ps[i].server
		}
		if packed.Len() != len(ps) {
			t.Fatalf("%s: %d points on the ring, %d distinct positions", c.name, packed.Len(), len(ps))
		}
		for i, k := range keys {
			if got, want, plainWant := packed.Lookup(crcs[i]), model.Node([]byte(k)), plain(crcs[i]); got != want || got != plainWant {
				t.Fatalf("%s: key %q on server %d, ketama model %d, plain continuum %d", c.name, k, got, want, plainWant)
			}
		}
		hs := []uint32{0, math.MaxUint32}
		for _, p := range ps {
			hs = append(hs, p.hash-1, p.hash, p.hash+1)
		}
		for _, h := range hs {
			if got, want := packed.Lookup(h), plain(h); got != want || got != model.Ring().Lookup(h) {
				t.Fatalf("%s: position %d on server %d, plain continuum %d, ketama model %d", c.name, h, got, want, model.Ring().Lookup(h))
			}
		}
	}
}

// TestPackedMemory checks the memory of the ring ketama_packed at 100
// servers × 160 points (16 000 points, two of which share a position, so
// 15 999 on the ring): 6 bytes a point for the points, at most 8 with the
// sentinel and the bucket index.
func TestPackedMemory(t *testing.T) {
	r, err := ketamaRing(100, 160, ring.Packed)
	if err != nil {
		t.Fatal(err)
	}
	m, n := r.Memory(), r.Len()
	t.Logf("%d points: %d bytes of points (%d with the sentinel), %d of index (%d buckets), %.4f bytes a point in all",
		n, n*m.PointBytes, m.Points, m.Index, r.Buckets(), float64(m.Total)/float64(n))
	if r.Generated() != 16_000 || n != 15_999 || m.PointBytes != 6 || m.Points != (n+1)*6 {
		t.Errorf("%d points of %d, %d bytes a point, %d bytes of points; want 15 999 of 16 000, 6, %d", n, r.Generated(), m.PointBytes, m.Points, (n+1)*6)
	}
	if m.Total > 8*n || m.Total != m.Points+m.Index {
		t.Errorf("%d bytes in all (%d of points, %d of index), over 8 a point (%d)", m.Total, m.Points, m.Index, 8*n)
	}
}

// TestPeerLookups checks that each library's lookup from a precomputed
// hash (peers_test.go) gives, for every key, the server its own Get does.
func TestPeerLookups(t *testing.T) {
	for _, c := range configs {
		g, s, x, d := newGroupcache(c.servers, c.points), newStathat(c.servers, c.points), newSerialx(c.servers, c.points), newRendezvous(c.servers)
		for i, k := range keys {
			sg, _ := s.c.Get(k)
			xg, _ := x.h.GetNode(k)
			for _, p := range []struct {
				name, got, want string
			}{
				{"groupcache", g.lookup(crcs[i]), g.m.Get(k)},
				{"stathat", s.lookup(crcs[i]), sg},
				{"hashring", x.lookup(x.md5Key(k)), xg},
				{"rendezvous", d.lookup(fnvs[i]), d.r.Lookup(k)},
			} {
				if p.got != p.want {
					t.Fatalf("%s %s: key %q: lookup %q, Get %q", p.name, c.name, k, p.got, p.want)
				}
			}
		}
	}
}
