package hotkeys

import (
	"context"
	"math"
	"slices"
	"testing"

	"lbcourse/models/internal/modeltest"
	"lbcourse/models/ring"
)

// TestDefaults pins the default run.
func TestDefaults(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		want float64
	}{
		{"hottest_key_share", 0.097851},
		{"hottest_key_pmf", 0.09780561886},
		{"hot_share", 0.289219},
		{"floor", 0.97851},
		{"plain.max_over_mean", 1.6787},
		{"plain.keys_max_over_mean", 1.091},
		{"bounded.max_over_mean", 1.88685},
		{"bounded.keys_max_over_mean", 1.089},
		{"bounded_requests.max_over_mean", 1.24999},
		{"bounded_requests.hottest_key_servers", 4},
		{"replicated.max_over_mean", 1.62462},
		{"replicated.floor", 0.32617},
	} {
		if got := modeltest.Value(t, r, c.path); math.Abs(got-c.want) > 1e-9*c.want {
			t.Errorf("%s = %.10g, want %.10g", c.path, got, c.want)
		}
	}
	s, _ := r.SeriesNamed("replicated_by_k")
	want := []float64{1.6787, 1.41982, 1.62462, 1.44926, 1.32202, 1.2372, 1.1766, 1.14036, 1.10019, 1.10228}
	if !slices.Equal(s.X, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}) || len(s.Y) != len(want) {
		t.Fatalf("replicated_by_k: X %v, Y %v", s.X, s.Y)
	}
	for i := range want {
		if math.Abs(s.Y[i]-want[i]) > 1e-9 {
			t.Errorf("replicated_by_k[k=%d] = %v, want %v", i+1, s.Y[i], want[i])
		}
	}
}

// handExperiment returns three servers on a hand-made ring, server n's one
// point at 1000·(n+1), and five keys: key r at position pos[r] with
// count[r] requests.
func handExperiment(t *testing.T, pos []uint32, count []int) *Experiment {
	t.Helper()
	rg, err := ring.New([]float64{1, 1, 1}, ring.Config{Points: 1, Hash: func(n, _ int) uint32 { return uint32(1000 * (n + 1)) }})
	if err != nil {
		t.Fatal(err)
	}
	e := &Experiment{Ring: rg, Pos: pos, Count: count, Home: make([]int, len(pos))}
	for r, h := range pos {
		e.Home[r] = rg.Lookup(h)
		e.P.Requests += count[r]
	}
	e.P.Servers, e.P.Keys = 3, len(pos)
	return e
}

// TestReplicatedHand: key 0 (10 requests) sits before server 2's point,
// so its successors are 2, 0, 1: with k = 2 its requests split 5/5 over
// servers 2 and 0, with k = 3 4/3/3 over 2, 0, 1 (round-robin from the
// first). Key 1 (7 requests) on server 0 splits 4/3 over 0 and 1 with
// k = 2, 3/2/2 over 0, 1, 2 with k = 3; key 2 (2 requests) on server 1
// splits 1/1 over 1 and 2; keys 3 and 4 have one request each.
func TestReplicatedHand(t *testing.T) {
	e := handExperiment(t, []uint32{2500, 1, 1500, 2999, 4000}, []int{10, 7, 2, 1, 1})
	if !slices.Equal(e.Home, []int{2, 0, 1, 2, 0}) {
		t.Fatalf("homes %v", e.Home)
	}
	if got := e.Plain(); !slices.Equal(got, []int{8, 2, 11}) {
		t.Errorf("plain = %v, want [8 2 11]", got)
	}
	for _, c := range []struct {
		hot, k int
		want   []int
		floor  int // the fullest server the scheme cannot go below
	}{
		{0, 2, []int{8, 2, 11}, 10},
		{1, 1, []int{8, 2, 11}, 10},
		{1, 2, []int{13, 2, 6}, 7},
		{1, 3, []int{11, 5, 5}, 7},
		{2, 2, []int{10, 5, 6}, 5},
		{2, 3, []int{7, 7, 7}, 4},
		{5, 3, []int{7, 6, 8}, 4},
	} {
		loads, floor := e.Replicated(c.hot, c.k)
		if !slices.Equal(loads, c.want) {
			t.Errorf("hot %d, k %d: loads %v, want %v", c.hot, c.k, loads, c.want)
		}
		if want := float64(c.floor) * 3 / 21; floor != want {
			t.Errorf("hot %d, k %d: floor %v, want %v", c.hot, c.k, floor, want)
		}
	}
}

// TestProperties checks, over several parameter sets, what holds whatever
// the draw: k = 1 and hot = 0 are plain; no placement of whole keys beats
// the floor, nor replication its own; every scheme serves every request;
// bounded loads keep their bound on keys (bounded) and on requests
// (bounded_requests).
func TestProperties(t *testing.T) {
	for _, p := range []Params{
		DefaultParams(),
		{Keys: 1000, Requests: 50_000, Exponent: 1.2, Servers: 7, Vnodes: 40, Balance: 1.1, Hot: 5, K: 7, Seed: 9},
		{Keys: 50, Requests: 20_000, Exponent: 0, Servers: 4, Vnodes: 3, Balance: 1, Hot: 50, K: 2, Seed: 0},
		{Keys: 10_000, Requests: 100_000, Exponent: 2.5, Servers: 30, Vnodes: 100, Balance: 2, Hot: 1, K: 30, Seed: 4},
	} {
		e, err := NewExperiment(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		sum := func(xs []int) (s int) {
			for _, x := range xs {
				s += x
			}
			return s
		}
		if sum(e.Count) != p.Requests {
			t.Errorf("%+v: counts sum to %d", p, sum(e.Count))
		}
		plain := e.Plain()
		for _, c := range []struct{ hot, k int }{{p.Hot, 1}, {0, p.K}} {
			if loads, _ := e.Replicated(c.hot, c.k); !slices.Equal(loads, plain) {
				t.Errorf("%+v: replicated hot %d, k %d = %v, plain %v", p, c.hot, c.k, loads, plain)
			}
		}
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		v := func(path string) float64 { return modeltest.Value(t, r, path) }
		if floor := v("floor"); v("plain.max_over_mean") < floor || v("bounded.max_over_mean") < floor {
			t.Errorf("%+v: plain %v or bounded %v below the floor %v", p, v("plain.max_over_mean"), v("bounded.max_over_mean"), floor)
		}
		if v("replicated.max_over_mean") < v("replicated.floor") {
			t.Errorf("%+v: replicated %v below its floor %v", p, v("replicated.max_over_mean"), v("replicated.floor"))
		}
		byK, _ := r.SeriesNamed("replicated_by_k")
		floors, _ := r.SeriesNamed("replicated_floor_by_k")
		for i := range byK.Y {
			if byK.Y[i] < floors.Y[i] {
				t.Errorf("%+v: k = %v: %v below its floor %v", p, byK.X[i], byK.Y[i], floors.Y[i])
			}
		}
		for _, k := range []int{1, p.K} {
			if loads, _ := e.Replicated(p.Hot, k); sum(loads) != p.Requests {
				t.Errorf("%+v: replicated k = %d serves %d requests", p, k, sum(loads))
			}
		}
		of, loads, err := e.Bounded()
		if err != nil {
			t.Fatal(err)
		}
		keys := e.KeysPerServer(of)
		if sum(loads) != p.Requests || slices.Max(keys) > int(math.Ceil(p.Balance*float64(sum(keys))/float64(p.Servers))) {
			t.Errorf("%+v: bounded serves %d requests, keys per server %v", p, sum(loads), keys)
		}
		loads, _, err = e.BoundedRequests(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if sum(loads) != p.Requests || slices.Max(loads) > int(math.Ceil(p.Balance*float64(p.Requests)/float64(p.Servers))) {
			t.Errorf("%+v: bounded_requests serves %d requests, loads %v", p, sum(loads), loads)
		}
	}
}

func TestValidate(t *testing.T) {
	ok := DefaultParams()
	with := func(f func(*Params)) Params { p := ok; f(&p); return p }
	for _, c := range []struct {
		p    Params
		want string
	}{
		{ok, ""},
		{with(func(p *Params) { p.Keys, p.Requests, p.Servers, p.Vnodes, p.Hot, p.K, p.Seed = 1, 1, 1, 1, 1, 1, 0 }), ""},
		{with(func(p *Params) { p.Exponent, p.Balance, p.Hot = 4, 100, 10_000 }), ""},
		{Params{}, "parameter keys: must be between 1 and 1000000, got 0; parameter requests: must be between 1 and 10000000, got 0; " +
			"parameter servers: must be between 1 and 1000, got 0; parameter vnodes: must be between 1 and 10000, got 0; " +
			"parameter balance: must be between 1 and 100, got 0; parameter k: must be between 1 and 1000, got 0"},
		{with(func(p *Params) { p.Keys = 1_000_001 }), "parameter keys: must be between 1 and 1000000, got 1000001"},
		{with(func(p *Params) { p.Requests = 10_000_001 }), "parameter requests: must be between 1 and 10000000, got 10000001"},
		{with(func(p *Params) { p.Exponent = -0.5 }), "parameter exponent: must be between 0 and 4, got -0.5"},
		{with(func(p *Params) { p.Exponent = math.NaN() }), "parameter exponent: must be between 0 and 4, got NaN"},
		{with(func(p *Params) { p.Servers = 1001 }), "parameter servers: must be between 1 and 1000, got 1001"},
		{with(func(p *Params) { p.Vnodes = 10_001 }), "parameter vnodes: must be between 1 and 10000, got 10001"},
		{with(func(p *Params) { p.Servers, p.Vnodes, p.K = 1000, 1001, 1 }), "parameter vnodes: servers × vnodes must be at most 1000000, got 1001000"},
		{with(func(p *Params) { p.Balance = 0.99 }), "parameter balance: must be between 1 and 100, got 0.99"},
		{with(func(p *Params) { p.Balance = math.Inf(1) }), "parameter balance: must be between 1 and 100, got +Inf"},
		{with(func(p *Params) { p.Hot = -1 }), "parameter hot: must be between 0 and 10000, got -1"},
		{with(func(p *Params) { p.Hot = 10_001 }), "parameter hot: must be between 0 and 10000, got 10001"},
		{with(func(p *Params) { p.Keys, p.Hot = 5, 6 }), "parameter hot: must be at most keys (5), got 6"},
		{with(func(p *Params) { p.K = 11 }), "parameter k: must be at most servers (10), got 11"},
		{with(func(p *Params) { p.K = 1001 }), "parameter k: must be between 1 and 1000, got 1001"},
		{with(func(p *Params) { p.Keys, p.Servers, p.Vnodes, p.Hot, p.K = 1000, 1000, 1, 1000, 1000 }), ""},
		{with(func(p *Params) { p.Keys, p.Servers, p.Vnodes, p.Hot, p.K = 1001, 1000, 1, 1001, 1000 }), "parameter k: hot × k must be at most 1000000, got 1001 × 1000"},
		{with(func(p *Params) { p.Seed = -1 }), "parameter seed: must be between 0 and 1000000, got -1"},
	} {
		modeltest.CheckValidate(t, c.p, c.want, Run)
	}
}

func TestDeterministic(t *testing.T) {
	p := DefaultParams()
	p.Requests, p.Seed = 100_000, 7
	modeltest.CheckDeterministic(t, p, Run)
	modeltest.CheckCancelled(t, DefaultParams(), Run)
}

// TestHotOn: over all servers, the hot keys' copies number hot × k and
// carry all the hot keys' requests; with k = 1 each hot key is on its own
// server.
func TestHotOn(t *testing.T) {
	p := DefaultParams()
	e, err := NewExperiment(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	hotRequests := 0
	for _, c := range e.Count[:p.Hot] {
		hotRequests += c
	}
	for _, k := range []int{1, 3} {
		keys, requests := 0, 0
		for n := range p.Servers {
			hk, hr := e.HotOn(p.Hot, k, n)
			keys, requests = keys+hk, requests+hr
		}
		if keys != p.Hot*k || requests != hotRequests {
			t.Errorf("k = %d: %d copies with %d requests, want %d and %d", k, keys, requests, p.Hot*k, hotRequests)
		}
	}
	for r := range p.Hot {
		if hk, _ := e.HotOn(r+1, 1, e.Home[r]); hk < 1 {
			t.Errorf("hot key %d is not on its home server %d", r, e.Home[r])
		}
	}
}
