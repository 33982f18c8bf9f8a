// Package placement measures seven ways of placing keys on servers side by
// side on the same keys: modulo, a consistent-hashing ring, the ring with
// bounded loads, jump consistent hash, rendezvous hashing, Maglev's lookup
// table and multi-probe consistent hashing.
//
// Every scheme places the same keys (see KeyShapes) with one hash family,
// XXH64 under seeds drawn from the salt (see seeds), in three
// configurations: servers 0 … N-1 ("before"), with server N added, and
// with server N-1 failed. The failure takes the last server because jump
// consistent hash can only remove its last bucket; every other scheme
// would behave alike, up to chance, for any other server.
//
// For each scheme s the model reports the balance before the change
// (s.max_over_mean, s.min_over_mean: the most and the fewest keys on a
// server over keys/N), the share of keys that change server when one is
// added (s.moved_add) and when one fails (s.moved_fail), the share of the
// keys not on the failed server that move all the same
// (s.moved_fail_other), and three costs of a lookup before the change,
// all deterministic counts rather than timings:
//
//   - s.memory_per_server: bytes of lookup state over N, beyond the server
//     list every scheme has (ring points × 8 bytes, Maglev's M int32
//     entries, rendezvous's 64-bit server seeds; 0 for modulo and jump);
//   - s.hash_evals: XXH64 evaluations of the key per lookup (1, N for
//     rendezvous, the probe count for multi-probe);
//   - s.touched: steps of a lookup, each one read of an entry of lookup
//     state (a ring point compared by binary search, a Maglev entry, a
//     rendezvous server seed) or, for the stateless modulo and jump, one
//     round of arithmetic (modulo's division, jump's loop iterations),
//     averaged over the keys.
package placement

import (
	"context"
	"math"
	"slices"

	"lbcourse/models/model"
)

// Run places the keys with every scheme in the three configurations and
// returns the values and series Model declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	e, err := newEnv(ctx, p)
	if err != nil {
		return model.Result{}, err
	}

	var res model.Result
	res.Set("servers", float64(p.Servers), "node")
	res.Set("keys", float64(p.Keys), "key")
	res.Set("ring_bounded.capacity", math.Ceil(p.BoundedC*float64(p.Keys)/float64(p.Servers)), "key")
	res.Set("sampling_floor", SamplingFloor(p.Servers, p.Keys), "")
	names := SchemeNames()
	series := make(map[string][]float64)
	for _, s := range schemes {
		o, err := s.place(ctx, e)
		if err != nil {
			return model.Result{}, err
		}
		m := measure(o, e.n)
		for _, f := range m.figures(o) {
			res.Set(s.name+"."+f.name, f.v, f.unit)
			series[f.name] = append(series[f.name], f.v)
		}
		for _, f := range o.extra {
			res.Set(s.name+"."+f.name, f.v, f.unit)
		}
	}
	ideal := []figure{
		{"max_over_mean", 1, ""},
		{"moved_add", 1 / float64(p.Servers+1), ""},
		{"moved_fail", 1 / float64(p.Servers), ""},
	}
	for _, f := range ideal {
		res.Set("ideal."+f.name, f.v, f.unit)
	}
	xs := make([]float64, len(names))
	for i := range xs {
		xs[i] = float64(i)
	}
	for _, f := range schemeFigures {
		res.AddSeries(model.Series{Name: f.name, X: xs, Y: series[f.name], Labels: names})
	}
	for _, f := range ideal {
		res.AddSeries(model.Series{Name: "ideal." + f.name, X: xs, Y: slices.Repeat([]float64{f.v}, len(xs)), Labels: names})
	}
	return res, nil
}
