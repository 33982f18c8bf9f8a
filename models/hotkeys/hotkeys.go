// Package hotkeys measures how much more than its fair share of requests the
// busiest server takes when key popularity follows Zipf's law: on a plain
// consistent-hashing ring, with bounded loads, and with the hottest keys
// replicated to several servers.
//
// The course's source warns that a key requested very often overloads its
// server and advises replicating hot keys (or splitting them). This model
// puts numbers on that. Keys 0 … keys−1 are ranked by popularity: key r
// is requested with probability (r+1)^−s / H(keys, s) (Zipf; see
// Zipf), and a stream of requests is drawn from a PCG seeded with seed. The
// ring is the source's C# ring (models/ring with ring.DotNetHash: SHA-1 of
// "redis-<n>#VN<i>", servers redis-1 … redis-<servers>, vnodes points
// each, the last of two points at one position staying); a key's position
// is the SHA-1 of its name "key:<r>#<seed>", read as the ring reads its
// points, so that each seed places the keys afresh on the same ring.
//
// A max_over_mean is the fullest server's requests over the mean, requests
// / servers (1 for a perfect spread). The placements:
//
//   - plain: every request for a key goes to the key's server, the first
//     point clockwise.
//   - bounded: consistent hashing with bounded loads (ring.Bounded) as the
//     paper states it, bounding the number of KEYS per server: each key is
//     placed once, when it is first requested, on the first server
//     clockwise holding fewer than ceil(balance × (placed+1) / servers)
//     keys, and all its requests follow it. A server's key count stays
//     within the bound, its request load does not: a hot key weighs
//     thousands of cold ones. (The paper's balls are keys; bounding
//     requests is the next placement.)
//   - bounded_requests: the same rule applied to every request as HAProxy
//     applies it to outstanding requests, with no request finishing: the
//     request load is then bounded by balance, and the price is that a hot
//     key's requests are spread over several servers (its cache is no
//     longer on one server; bounded_requests.hottest_key_servers counts
//     them).
//   - replicated: the hot most popular keys (by rank, as an operator's
//     monitoring would name them) are each replicated to the k distinct
//     servers clockwise from the key (ring.Successors), and a hot key's
//     requests are dealt round-robin over its k servers; every other key
//     stays where plain puts it. With k = 1 this is plain.
//
// No placement that keeps a key on one server can put the fullest server
// below the hottest key's own requests: for plain and bounded, max_over_mean
// ≥ floor = hottest_key_share × servers. Replicated keeps the other keys
// whole and splits each hot key k ways, so its floor is the larger of the
// largest hot key's first replica, ceil(requests of the key / k), and the
// largest other key, times servers / requests (replicated.floor).
package hotkeys

import (
	"context"
	"crypto/sha1"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strconv"

	"lbcourse/models/model"
	"lbcourse/models/ring"
)

// Limits on the size of a run.
const (
	MaxKeys     = 1_000_000
	MaxRequests = 10_000_000
	MaxServers  = 1000
	MaxVnodes   = 10_000
	// MaxPoints bounds servers × vnodes, the points of the ring.
	MaxPoints   = 1_000_000
	MaxExponent = 4
	MaxBalance  = 100
	MaxSeed     = 1_000_000
	// MaxHot bounds the keys replicated.
	MaxHot = 10_000
	// MaxReplicas bounds hot × k, the replicas placed by successor walks.
	MaxReplicas = 1_000_000
	// SeriesK is the largest k of the series over k: k = 1 …
	// min(servers, SeriesK).
	SeriesK = 20
	// SeriesHot is the largest hot of the series over hot: hot = 0 …
	// min(keys, SeriesHot).
	SeriesHot = 20
)

// requestStream is the second word of the PCG seed of the request stream.
const requestStream = 0x72657175657374 // "request"

// Params are the model's inputs.
type Params struct {
	// Keys is the number of distinct keys, ranked by popularity.
	Keys int `yaml:"keys" unit:"key"`
	// Requests is the number of requests drawn.
	Requests int `yaml:"requests" unit:"request"`
	// Exponent is Zipf's s: key r is requested with probability ∝ (r+1)^−s
	// (0: every key alike).
	Exponent float64 `yaml:"exponent"`
	// Servers is the number of servers on the ring.
	Servers int `yaml:"servers" unit:"server"`
	// Vnodes is the number of ring points per server.
	Vnodes int `yaml:"vnodes"`
	// Balance is the bounded-loads factor c ≥ 1: no server takes more than
	// ceil(c × the mean) (of keys for bounded, of requests for
	// bounded_requests).
	Balance float64 `yaml:"balance"`
	// Hot is the number of most popular keys replicated.
	Hot int `yaml:"hot" unit:"key"`
	// K is the number of distinct servers each hot key is replicated to.
	K int `yaml:"k" unit:"server"`
	// Seed draws the request stream and names the keys (key:<r>#<seed>).
	Seed int64 `yaml:"seed"`
}

// DefaultParams returns 10 000 keys with Zipf exponent 0.99 (YCSB's
// default "zipfian" constant, the usual key-value benchmark, close to
// Zipf's classic 1), a million requests, 10 servers with 160 points each
// (libketama's 160 per server), the balance factor 1.25 of the
// bounded-loads paper's experiments and HAProxy's hash-balance-factor
// examples, the 10 hottest keys replicated to 3 servers, seed 1.
func DefaultParams() Params {
	return Params{Keys: 10_000, Requests: 1_000_000, Exponent: 0.99, Servers: 10, Vnodes: 160,
		Balance: 1.25, Hot: 10, K: 3, Seed: 1}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	ftoa := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	keysOK := p.Keys >= 1 && p.Keys <= MaxKeys
	if !keysOK {
		bad("keys", "must be between 1 and "+itoa(MaxKeys)+", got "+itoa(p.Keys))
	}
	if p.Requests < 1 || p.Requests > MaxRequests {
		bad("requests", "must be between 1 and "+itoa(MaxRequests)+", got "+itoa(p.Requests))
	}
	if !(p.Exponent >= 0 && p.Exponent <= MaxExponent) {
		bad("exponent", "must be between 0 and "+itoa(MaxExponent)+", got "+ftoa(p.Exponent))
	}
	serversOK := p.Servers >= 1 && p.Servers <= MaxServers
	if !serversOK {
		bad("servers", "must be between 1 and "+itoa(MaxServers)+", got "+itoa(p.Servers))
	}
	switch {
	case p.Vnodes < 1 || p.Vnodes > MaxVnodes:
		bad("vnodes", "must be between 1 and "+itoa(MaxVnodes)+", got "+itoa(p.Vnodes))
	case serversOK && p.Servers*p.Vnodes > MaxPoints:
		bad("vnodes", "servers × vnodes must be at most "+itoa(MaxPoints)+", got "+itoa(p.Servers*p.Vnodes))
	}
	if !(p.Balance >= 1 && p.Balance <= MaxBalance) {
		bad("balance", "must be between 1 and "+itoa(MaxBalance)+", got "+ftoa(p.Balance))
	}
	switch {
	case p.Hot < 0 || p.Hot > MaxHot:
		bad("hot", "must be between 0 and "+itoa(MaxHot)+", got "+itoa(p.Hot))
	case keysOK && p.Hot > p.Keys:
		bad("hot", "must be at most keys ("+itoa(p.Keys)+"), got "+itoa(p.Hot))
	}
	switch {
	case p.K < 1 || p.K > MaxServers:
		bad("k", "must be between 1 and "+itoa(MaxServers)+", got "+itoa(p.K))
	case serversOK && p.K > p.Servers:
		bad("k", "must be at most servers ("+itoa(p.Servers)+"), got "+itoa(p.K))
	case p.Hot >= 0 && p.Hot <= MaxHot && p.Hot*p.K > MaxReplicas:
		bad("k", "hot × k must be at most "+itoa(MaxReplicas)+", got "+itoa(p.Hot)+" × "+itoa(p.K))
	}
	if p.Seed < 0 || p.Seed > MaxSeed {
		bad("seed", "must be between 0 and "+itoa(MaxSeed)+", got "+strconv.FormatInt(p.Seed, 10))
	}
	return es.Err()
}

// keyHash returns the ring position of key r for a seed: the first four
// bytes, little-endian, of SHA-1 over "key:<r>#<seed>", as ring.DotNetHash
// reads a point's digest.
func keyHash(r int, seed int64) uint32 {
	b := strconv.AppendInt([]byte("key:"), int64(r), 10)
	b = strconv.AppendInt(append(b, '#'), seed, 10)
	sum := sha1.Sum(b)
	return binary.LittleEndian.Uint32(sum[:4])
}

// serverName returns the name of server n (0-based): redis-<n+1>.
func serverName(n int) string { return "redis-" + strconv.Itoa(n+1) }

// newRing returns the source's C# ring of servers servers with vnodes
// points each.
func newRing(servers, vnodes int) (*ring.Ring, error) {
	weights := make([]float64, servers)
	for n := range weights {
		weights[n] = 1
	}
	return ring.New(weights, ring.Config{Points: vnodes, Hash: ring.DotNetHash(serverName), Collisions: ring.LastWins})
}

// maxOverMean returns the largest load over the mean load: total / len(loads).
func maxOverMean(loads []int, total int) float64 {
	return float64(slices.Max(loads)) * float64(len(loads)) / float64(total)
}

// An Experiment is one run's ring, keys and request stream.
type Experiment struct {
	P Params
	// Ring is the servers' ring.
	Ring *ring.Ring
	// Pos[r] is key r's position on the ring, Home[r] its server.
	Pos  []uint32
	Home []int
	// Stream[i] is the key of request i; Count[r] the requests for key r.
	Stream []int32
	Count  []int
}

// NewExperiment builds the ring, places the keys and draws the request
// stream of valid parameters p.
func NewExperiment(ctx context.Context, p Params) (*Experiment, error) {
	rg, err := newRing(p.Servers, p.Vnodes)
	if err != nil {
		return nil, err
	}
	e := &Experiment{P: p, Ring: rg, Pos: make([]uint32, p.Keys), Home: make([]int, p.Keys),
		Stream: make([]int32, p.Requests), Count: make([]int, p.Keys)}
	for r := range e.Pos {
		e.Pos[r] = keyHash(r, p.Seed)
		e.Home[r] = rg.Lookup(e.Pos[r])
	}
	z := NewZipf(p.Keys, p.Exponent)
	rng := rand.New(rand.NewPCG(uint64(p.Seed), requestStream))
	for i := range e.Stream {
		if i%65536 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		r := z.Draw(rng)
		e.Stream[i] = int32(r)
		e.Count[r]++
	}
	return e, nil
}

// Plain returns each server's requests when every key stays on its server.
func (e *Experiment) Plain() []int {
	loads := make([]int, e.P.Servers)
	for r, c := range e.Count {
		loads[e.Home[r]] += c
	}
	return loads
}

// KeysPerServer returns how many requested keys each server holds when
// key r is on server of[r].
func (e *Experiment) KeysPerServer(of []int) []int {
	keys := make([]int, e.P.Servers)
	for r, c := range e.Count {
		if c > 0 {
			keys[of[r]]++
		}
	}
	return keys
}

// Bounded places each key, in the order of its first request, with
// bounded loads on the keys, and returns each key's server (−1 for a key
// never requested) and each server's requests.
func (e *Experiment) Bounded() (of, loads []int, err error) {
	b, err := ring.NewBounded(e.Ring, e.P.Balance)
	if err != nil {
		return nil, nil, err
	}
	of = make([]int, e.P.Keys)
	for r := range of {
		of[r] = -1
	}
	loads = make([]int, e.P.Servers)
	for _, r := range e.Stream {
		if of[r] < 0 {
			of[r] = b.Place(e.Pos[r])
		}
		loads[of[r]]++
	}
	return of, loads, nil
}

// BoundedRequests places every request with bounded loads on the requests
// (none finishing) and returns each server's requests and the number of
// distinct servers that served the most requested key.
func (e *Experiment) BoundedRequests(ctx context.Context) (loads []int, hottestServers int, err error) {
	b, err := ring.NewBounded(e.Ring, e.P.Balance)
	if err != nil {
		return nil, 0, err
	}
	hottest := e.Hottest()
	served := make([]bool, e.P.Servers)
	for i, r := range e.Stream {
		if i%65536 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, 0, err
			}
		}
		n := b.Place(e.Pos[r])
		if int(r) == hottest && !served[n] {
			served[n] = true
			hottestServers++
		}
	}
	return b.Loads(), hottestServers, nil
}

// Hottest returns the most requested key (the smallest rank of a tie).
func (e *Experiment) Hottest() int { return argmax(e.Count) }

// Replicated returns each server's requests when keys 0 … hot−1 are each
// replicated to the k distinct servers clockwise from the key and their
// requests dealt round-robin over them (the j-th request of a key to its
// replica j mod k), every other key staying on its server; and the floor
// of that scheme's max_over_mean (see the package comment).
func (e *Experiment) Replicated(hot, k int) (loads []int, floor float64) {
	loads = make([]int, e.P.Servers)
	var most int
	var replicas []int
	for r, c := range e.Count {
		if r >= hot {
			loads[e.Home[r]] += c
			most = max(most, c)
			continue
		}
		replicas = e.Ring.Successors(replicas[:0], e.Pos[r], k)
		for j, n := range replicas {
			loads[n] += dealt(c, k, j)
		}
		most = max(most, (c+k-1)/k)
	}
	return loads, float64(most) * float64(e.P.Servers) / float64(e.P.Requests)
}

// HotOn returns how many of keys 0 … hot−1 have a copy on server n when
// each is replicated to the k servers clockwise from it (k = 1: its own
// server), and those copies' requests on n, dealt as Replicated deals
// them.
func (e *Experiment) HotOn(hot, k, n int) (keys, requests int) {
	var replicas []int
	for r := range min(hot, len(e.Count)) {
		c := e.Count[r]
		replicas = e.Ring.Successors(replicas[:0], e.Pos[r], k)
		for j, s := range replicas {
			if s != n {
				continue
			}
			keys++
			requests += dealt(c, k, j)
		}
	}
	return keys, requests
}

// dealt returns how many of a key's c requests dealt round-robin over k
// replicas (the i-th request to replica i mod k) go to replica j: c/k, and
// one more for the first c mod k replicas.
func dealt(c, k, j int) int {
	d := c / k
	if j < c%k {
		d++
	}
	return d
}

// argmax returns the index of the largest of xs (the smallest index of a
// tie): the hottest key of request counts, the busiest server of loads.
func argmax(xs []int) int {
	best := 0
	for i, x := range xs {
		if x > xs[best] {
			best = i
		}
	}
	return best
}

// Run draws the requests and places them every way the package comment
// describes, returning the values and series Model declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	e, err := NewExperiment(ctx, p)
	if err != nil {
		return model.Result{}, err
	}
	var res model.Result
	res.Set("keys", float64(p.Keys), "key")
	res.Set("requests", float64(p.Requests), "request")
	res.Set("exponent", p.Exponent, "")
	res.Set("servers", float64(p.Servers), "server")
	res.Set("vnodes", float64(p.Vnodes), "")
	res.Set("balance", p.Balance, "")
	res.Set("hot", float64(p.Hot), "key")
	res.Set("k", float64(p.K), "server")
	res.Set("seed", float64(p.Seed), "")

	hottest := e.Hottest()
	share := float64(e.Count[hottest]) / float64(p.Requests)
	hotRequests := 0
	for _, c := range e.Count[:p.Hot] {
		hotRequests += c
	}
	res.Set("hottest_key_share", share, "")
	res.Set("hottest_key_pmf", NewZipf(p.Keys, p.Exponent).PMF(0), "")
	res.Set("hot_share", float64(hotRequests)/float64(p.Requests), "")
	res.Set("floor", share*float64(p.Servers), "")

	plain := e.Plain()
	res.Set("plain.max_over_mean", maxOverMean(plain, p.Requests), "")
	b := argmax(plain)
	hk, hr := e.HotOn(p.Hot, 1, b)
	res.Set("plain.busiest_hot_keys", float64(hk), "key")
	res.Set("plain.busiest_hot_share", float64(hr)/float64(plain[b]), "")
	res.Set("plain.keys_max_over_mean", keysMaxOverMean(e.KeysPerServer(e.Home)), "")

	of, loads, err := e.Bounded()
	if err != nil {
		return model.Result{}, err
	}
	res.Set("bounded.max_over_mean", maxOverMean(loads, p.Requests), "")
	res.Set("bounded.keys_max_over_mean", keysMaxOverMean(e.KeysPerServer(of)), "")

	loads, servers, err := e.BoundedRequests(ctx)
	if err != nil {
		return model.Result{}, err
	}
	res.Set("bounded_requests.max_over_mean", maxOverMean(loads, p.Requests), "")
	res.Set("bounded_requests.hottest_key_servers", float64(servers), "server")

	loads, floor := e.Replicated(p.Hot, p.K)
	res.Set("replicated.max_over_mean", maxOverMean(loads, p.Requests), "")
	res.Set("replicated.floor", floor, "")
	b = argmax(loads)
	hk, hr = e.HotOn(p.Hot, p.K, b)
	res.Set("replicated.busiest_hot_keys", float64(hk), "key")
	res.Set("replicated.busiest_hot_share", float64(hr)/float64(loads[b]), "")

	n := min(p.Servers, SeriesK)
	ks, byK, floorByK := make([]float64, n), make([]float64, n), make([]float64, n)
	for k := 1; k <= n; k++ {
		if err := ctx.Err(); err != nil {
			return model.Result{}, err
		}
		loads, floor := e.Replicated(p.Hot, k)
		ks[k-1], byK[k-1], floorByK[k-1] = float64(k), maxOverMean(loads, p.Requests), floor
	}
	res.AddSeries(model.Series{Name: "replicated_by_k", X: ks, Y: byK})
	res.AddSeries(model.Series{Name: "replicated_floor_by_k", X: ks, Y: floorByK})
	n = min(p.Keys, SeriesHot)
	hs, byHot := make([]float64, n+1), make([]float64, n+1)
	for hot := 0; hot <= n; hot++ {
		loads, _ := e.Replicated(hot, p.K)
		hs[hot], byHot[hot] = float64(hot), maxOverMean(loads, p.Requests)
	}
	res.AddSeries(model.Series{Name: "replicated_by_hot", X: hs, Y: byHot})
	return res, ctx.Err()
}

// keysMaxOverMean returns the largest key count over the mean.
func keysMaxOverMean(keys []int) float64 {
	total := 0
	for _, c := range keys {
		total += c
	}
	return maxOverMean(keys, total)
}
