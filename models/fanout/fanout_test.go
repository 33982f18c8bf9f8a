package fanout

import (
	"context"
	"lbcourse/models/internal/modeltest"
	"math"
	"math/big"
	"testing"
)

// exact returns 1 − (1 − p)^n in 256-bit arithmetic.
func exact(n int, p float64) float64 {
	q := new(big.Float).SetPrec(256).Sub(big.NewFloat(1).SetPrec(256), new(big.Float).SetPrec(256).SetFloat64(p))
	pow := new(big.Float).SetPrec(256).SetFloat64(1)
	for range n {
		pow.Mul(pow, q)
	}
	f, _ := new(big.Float).SetPrec(256).Sub(big.NewFloat(1).SetPrec(256), pow).Float64()
	return f
}

// TestClosedForm: the article's two figures and the closed form to 1e-12
// relative for other parameters, tiny p included.
func TestClosedForm(t *testing.T) {
	cases := []struct {
		n    int
		p    float64
		want string // rounded as the article prints it
	}{{100, 0.01, "0.63"}, {2000, 1e-4, "0.181"}}
	for _, c := range cases {
		got := PAnySlow(c.n, c.p)
		digits := len(c.want) - 2
		if s := big.NewFloat(got).Text('f', digits); s != c.want {
			t.Errorf("PAnySlow(%d, %v) = %v, prints %s, want %s", c.n, c.p, got, s, c.want)
		}
	}
	for _, n := range []int{1, 7, 100, 2000, 100000} {
		for _, p := range []float64{1e-12, 1e-6, 1e-4, 0.01, 0.3, 0.999} {
			if got, want := PAnySlow(n, p), exact(n, p); math.Abs(got-want) > 1e-12*want {
				t.Errorf("PAnySlow(%d, %v) = %v, want %v", n, p, got, want)
			}
		}
	}
	if PAnySlow(5, 0) != 0 || PAnySlow(5, 1) != 1 {
		t.Error("PAnySlow at p = 0 or 1")
	}
}

// TestSimulation: the simulated share's interval holds the closed form,
// and a run is deterministic.
func TestSimulation(t *testing.T) {
	for _, p := range []Params{DefaultParams(), {Servers: 2000, PSlow: 1e-4, Trials: 20000, Seed: 3}} {
		a, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		v := func(path string) float64 { x, _ := a.Value(path); return x.V }
		if lo, hi, want := v("mc.ci95_lo"), v("mc.ci95_hi"), v("p_any_slow"); !(lo <= want && want <= hi) {
			t.Errorf("%+v: interval [%v, %v] misses %v", p, lo, hi, want)
		}
		modeltest.CheckDeterministic(t, p, Run)
		if s := a.Series[0]; s.X[len(s.X)-1] != float64(p.Servers) || s.Y[len(s.Y)-1] != v("p_any_slow") {
			t.Errorf("series ends at %v", s.Y[len(s.Y)-1])
		}
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		edit func(*Params)
		want string
	}{
		{func(*Params) {}, ""},
		{func(p *Params) { *p = Params{Servers: 0, PSlow: 1.5, Trials: -1, Seed: -2} },
			"parameter servers: must be between 1 and 100000, got 0; parameter p_slow: must be between 0 and 1, got 1.5; parameter trials: must be between 0 and 1000000, got -1; parameter seed: must be at least 0, got -2"},
		{func(p *Params) { *p = Params{Servers: 100000, PSlow: 0.1, Trials: 10000} },
			"parameter trials: times servers must be at most 200000000, got 1000000000"},
	} {
		p := DefaultParams()
		c.edit(&p)
		modeltest.CheckValidate(t, p, c.want, Run)
	}
}

// TestDeterministicCancelled: two runs on the defaults agree, and a
// cancelled run stops.
func TestDeterministicCancelled(t *testing.T) {
	modeltest.CheckDeterministic(t, DefaultParams(), Run)
	modeltest.CheckCancelled(t, DefaultParams(), Run)
}

func TestGrid(t *testing.T) {
	g := Grid(2000)
	if len(g) != 100+26 || g[99] != 100 || g[100] != 112 || g[len(g)-1] != 2000 {
		t.Errorf("Grid(2000) = %v", g)
	}
	if g := Grid(7); len(g) != 7 || g[6] != 7 {
		t.Errorf("Grid(7) = %v", g)
	}
}
