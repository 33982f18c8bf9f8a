// Package ketama reproduces, bit for bit, the consistent-hashing ring of
// nginx's `hash KEY consistent` and of Cloudflare's pingora-ketama (its
// v1 and v2 rings), and measures what lesson 04's source describes: a
// ring of 160 points per unit of weight beside one of 16, their balance
// against the weights, their 32-bit collisions, their memory at 8 and at
// 6 bytes a point, and the keys that change server when traffic moves from
// the old ring to the new one.
//
// The scheme, as nginx (ngx_http_upstream_hash_module) and pingora-ketama
// (src/lib.rs) implement it:
//   - Server host:port with weight w has w × points points (points is
//     nginx's fixed 160, pingora v2's point_multiple). Point j's position
//     is the CRC-32 (IEEE) of the bytes of host, a zero byte, port in
//     decimal, then point j−1's position as four little-endian bytes (0 for
//     point 0): a chain, not a hash of the point's number.
//   - The points are sorted by position, and of several points at one
//     position one stays.
//   - A key's position is the CRC-32 of its bytes; the key goes to the
//     first point at or after it, wrapping to the first point.
//
// Which point stays at a shared position is where implementations part.
// nginx (qsort) and pingora's v1 (sort_unstable, then dedup) keep whichever
// point their unstable sort happens to put first, a rule no one chose;
// pingora's v2 sorts by position, then by the servers' socket addresses,
// and keeps the smallest address. This model fixes the rule: the point of
// the server listed first stays, and of one server's points the earlier
// one (ring.FirstWins). For servers listed in increasing address order, as
// 127.0.0.1 … 127.0.0.255 are, that is v2's rule. The rule moves only the
// arcs of collided positions, which the collisions value counts.
//
// One more difference lies outside this model's servers: nginx hashes a
// server's host as its configuration writes it, so an IPv6 host with its
// brackets ([::1]), while pingora writes the IP without them (::1).
//
// The model's servers are 127.0.0.1 … 127.0.0.N on one port. A host is
// hashed as its bytes, not parsed, so any N works (127.0.0.300). Keys are
// key_prefix + decimal(key_offset + k) for k = 0 … keys−1: key_offset
// gives disjoint samples of the same size, for replicated runs. The ring
// with points per weight unit is the old ring, stored as pingora's v1
// (ring.Wide); the ring with points_new is the new one, stored as v2
// (ring.Packed), as Cloudflare migrated from 160 to 16. Since a server's
// points are a chain, the new ring's points are the first points_new of
// each server's points on the old ring: with fewer points, a subset of the
// old ring's, so that a key moves only when the point it went to is gone.
//
// Balance is measured against the weights. Server i's ideal share is
// q_i = w_i / W (W the weights' sum); its share is its keys over all keys.
// max_over_mean is the largest share_i / q_i (1 for a perfect spread) and
// error the largest relative deviation |share_i − q_i| / q_i, so that a
// server 10 % over or under its weight gives 0.1. owned.error is the same
// deviation for the share of the circle each server's arcs cover, the
// share an unlimited number of keys would give it: it has no sampling
// noise.
//
// The rollout (stages) serves the share s of the keys from the new ring
// and the rest from the old one, the keys chosen by Selector, a hash of
// their position independent of the ring; stage.<j>.moved is the share of
// keys whose server then differs from the old ring's, step_moved those that
// stage j moves. Which requests Pingora sent to the new ring the source does
// not say; choosing by key keeps each key on one server at every stage.
//
// Memory is that of pingora's sorted point array: points_total × 8 bytes
// (v1) or × 6 (v2). The course's ring library adds a sentinel point and a
// bucket index to it (ring.Memory), which pingora, searching by bisection,
// does not have.
package ketama

import (
	"strconv"
	"unicode/utf8"

	"lbcourse/models/model"
	"lbcourse/models/ring"
)

// Limits on the size of a run.
const (
	MaxServers = 1000
	MaxWeight  = 10_000
	// MaxPoints bounds points × W and points_new × W, the points of each
	// ring before collisions: the ring library's limit, 2^22.
	MaxPoints = ring.MaxPoints
	MaxKeys   = 5_000_000
	// MaxKeyOffset bounds the first key's number.
	MaxKeyOffset = 1_000_000_000_000
	// MaxPrefix bounds key_prefix, in bytes.
	MaxPrefix = 100
	// MaxStages bounds the rollout's stages.
	MaxStages = 20
	// MaxDraw bounds the old ring's points (points × W) for which the
	// draw.* series are returned.
	MaxDraw = 64
)

// Params are the model's inputs.
type Params struct {
	// Servers is the number of servers; server i (1-based) is host
	// 127.0.0.i.
	Servers int `yaml:"servers" unit:"server"`
	// Port is every server's port, hashed in decimal after its host.
	Port int `yaml:"port"`
	// Weights holds one weight per server, a whole number from 1 to
	// MaxWeight; empty means all 1.
	Weights []int `yaml:"weights"`
	// Points is the old ring's points per unit of weight: nginx's and
	// pingora v1's 160.
	Points int `yaml:"points" unit:"point"`
	// PointsNew is the new ring's points per unit of weight, pingora v2's
	// point_multiple: Cloudflare cut 160 by 90 %, to 16.
	PointsNew int `yaml:"points_new" unit:"point"`
	// Keys is the number of keys placed on both rings.
	Keys int `yaml:"keys" unit:"key"`
	// KeyPrefix starts every key.
	KeyPrefix string `yaml:"key_prefix"`
	// KeyOffset is the first key's number: key k (0-based) is KeyPrefix +
	// decimal(KeyOffset + k). Offsets 0, keys, 2 × keys, … give disjoint
	// samples (replicate: {key_offset: 0..3900000:100000} with keys
	// 100000).
	KeyOffset int64 `yaml:"key_offset" unit:"key"`
	// Stages are the rollout's stages: at stage j the share Stages[j] of
	// the keys (of the requests, every key being asked for as often) is
	// served by the new ring, the others by the old one. Shares lie in
	// [0, 1] and increase strictly; a key goes to the new ring when its
	// selector (see Selector) is below share × 2^32, so a key on the new
	// ring at one stage stays there at the next.
	Stages []float64 `yaml:"stages"`
	// HitRatio is the share of requests a warm cache in front of the
	// origin serves, for stage.<j>.origin: the warmup model's hit_ratio
	// with no writes (a CDN's cache tier sees reads only).
	HitRatio float64 `yaml:"hit_ratio"`
}

// DefaultParams returns ten servers 127.0.0.1 … 127.0.0.10 on port 6443
// (pingora-ketama's test ring), weight 1, the old ring's 160 points and
// the new ring's 16, 100,000 keys /obj/0 … /obj/99999, and a rollout in
// five stages: 1 %, 10 %, 25 %, 50 % and all of the requests on the new
// ring, and a cache that serves 90 % of the requests when warm.
func DefaultParams() Params {
	return Params{Servers: 10, Port: 6443, Points: 160, PointsNew: 16, Keys: 100_000, KeyPrefix: "/obj/",
		Stages: []float64{0.01, 0.1, 0.25, 0.5, 1}, HitRatio: 0.9}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid
// field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	serversOK := p.Servers >= 1 && p.Servers <= MaxServers
	if !serversOK {
		bad("servers", "must be between 1 and "+itoa(MaxServers)+", got "+itoa(p.Servers))
	}
	if p.Port < 0 || p.Port > 65535 {
		bad("port", "must be between 0 and 65535, got "+itoa(p.Port))
	}
	weightsOK := serversOK
	if len(p.Weights) > 0 {
		if !serversOK || len(p.Weights) != p.Servers {
			weightsOK = false
			if serversOK {
				bad("weights", "must have one weight per server ("+itoa(p.Servers)+"), got "+itoa(len(p.Weights)))
			}
		} else {
			for i, w := range p.Weights {
				if w < 1 || w > MaxWeight {
					weightsOK = false
					bad("weights", "weight of server "+itoa(i+1)+" must be between 1 and "+itoa(MaxWeight)+", got "+itoa(w))
					break
				}
			}
		}
	}
	points := func(param string, n int) {
		switch {
		case n < 1 || n > MaxPoints:
			bad(param, "must be between 1 and "+itoa(MaxPoints)+", got "+itoa(n))
		case weightsOK && n > MaxPoints/p.totalWeight():
			bad(param, param+" × total weight must be at most "+itoa(MaxPoints)+", got "+itoa(n)+" × "+itoa(p.totalWeight()))
		}
	}
	points("points", p.Points)
	points("points_new", p.PointsNew)
	if p.Keys < 1 || p.Keys > MaxKeys {
		bad("keys", "must be between 1 and "+itoa(MaxKeys)+", got "+itoa(p.Keys))
	}
	switch {
	case len(p.KeyPrefix) > MaxPrefix:
		bad("key_prefix", "must be at most "+itoa(MaxPrefix)+" bytes long, got "+itoa(len(p.KeyPrefix)))
	case !utf8.ValidString(p.KeyPrefix):
		bad("key_prefix", "must be valid UTF-8")
	}
	if p.KeyOffset < 0 || p.KeyOffset > MaxKeyOffset {
		bad("key_offset", "must be between 0 and "+strconv.FormatInt(MaxKeyOffset, 10)+", got "+strconv.FormatInt(p.KeyOffset, 10))
	}
	switch {
	case len(p.Stages) > MaxStages:
		bad("stages", "must have at most "+itoa(MaxStages)+" stages, got "+itoa(len(p.Stages)))
	default:
		for j, sh := range p.Stages {
			if !(sh >= 0 && sh <= 1) {
				bad("stages", "stage "+itoa(j+1)+" must be a share between 0 and 1, got "+strconv.FormatFloat(sh, 'g', -1, 64))
				break
			}
			if j > 0 && sh <= p.Stages[j-1] {
				bad("stages", "stage "+itoa(j+1)+" must be larger than stage "+itoa(j)+", got "+strconv.FormatFloat(sh, 'g', -1, 64))
				break
			}
		}
	}
	if !(p.HitRatio >= 0 && p.HitRatio < 1) {
		bad("hit_ratio", "must be at least 0 and below 1, got "+strconv.FormatFloat(p.HitRatio, 'g', -1, 64))
	}
	return es.Err()
}

// weight returns server i's weight (0-based): Weights[i], or 1 when
// Weights is empty.
func (p Params) weight(i int) int {
	if len(p.Weights) == 0 {
		return 1
	}
	return p.Weights[i]
}

// totalWeight returns W, the sum of the servers' weights.
func (p Params) totalWeight() int {
	w := 0
	for i := range p.Servers {
		w += p.weight(i)
	}
	return w
}

// servers returns the model's servers: 127.0.0.i on Port with its weight.
func (p Params) servers() []Server {
	ss := make([]Server, p.Servers)
	for i := range ss {
		ss[i] = Server{Host: "127.0.0." + strconv.Itoa(i+1), Port: uint16(p.Port), Weight: p.weight(i)}
	}
	return ss
}
