package warmup

import (
	"context"
	"testing"

	"lbcourse/models/hashing"
	"lbcourse/models/internal/modeltest"
)

// TestPrintedTable feeds the hashing model's full-precision shares into the
// warm-up model, as the lesson does, and checks every figure of the second
// table and the base line under it.
func TestPrintedTable(t *testing.T) {
	h, err := hashing.Run(context.Background(), hashing.DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	rows := []struct {
		name, from                                          string
		moved, miss, behind, store, multiple, extraRequests string
	}{
		{"modulo", "modulo.moved", "0.7485", "0.7736", "322.35", "419.57", "3.02", "16841"},
		{"consistent", "ring.1000.moved", "0.2648", "0.3383", "140.96", "238.18", "1.71", "5957"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			p := DefaultParams()
			p.Moved = modeltest.Value(t, h, row.from)
			if got := modeltest.Fixed(t, p.Moved, 4); got != row.moved {
				t.Errorf("moved = %s, want %s", got, row.moved)
			}
			r, err := Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				path   string
				digits int
				want   string
			}{
				{"miss_ratio", 4, row.miss}, {"behind_cache_rps", 2, row.behind}, {"store_rps", 2, row.store},
				{"base_multiple", 2, row.multiple}, {"extra_store_requests", 0, row.extraRequests},
				{"base_behind_cache_rps", 2, "41.67"},
			} {
				if got := modeltest.Fixed(t, modeltest.Value(t, r, c.path), c.digits); got != c.want {
					t.Errorf("%s = %s, want %s", c.path, got, c.want)
				}
			}
		})
	}
}

// TestBitIdentical pins full-precision results printed by the JavaScript
// program for the two rows.
func TestBitIdentical(t *testing.T) {
	for _, c := range []struct {
		moved                                float64
		miss, behind, store, multiple, extra float64
	}{
		{0.74849, 0.773641, 322.35299547, 419.57299547, 3.020901400172799, 16840.979728200004},
		{0.26477, 0.338293, 140.95654431, 238.17654431, 1.7148574001727988, 5957.192658600001},
	} {
		p := DefaultParams()
		p.Moved = c.moved
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		for path, want := range map[string]float64{
			"miss_ratio": c.miss, "behind_cache_rps": c.behind, "store_rps": c.store,
			"base_multiple": c.multiple, "extra_store_requests": c.extra, "base_behind_cache_rps": 41.666999999999994,
		} {
			if got := modeltest.Value(t, r, path); got != want {
				t.Errorf("moved %v: %s = %v, want %v", c.moved, path, got, want)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	cases := []struct {
		name string
		edit func(*Params)
		want string
	}{
		{"default", func(*Params) {}, ""},
		{"edges", func(p *Params) { p.Moved, p.HitRatio, p.ReadRPS, p.WriteRPS = 1, 0, 0, 0 }, ""},
		{"moved above 1", func(p *Params) { p.Moved = 1.5 },
			"parameter moved: must be between 0 and 1, got 1.5"},
		{"negative read", func(p *Params) { p.ReadRPS = -1 },
			"parameter read_rps: must be a finite number at least 0, got -1"},
		{"negative write", func(p *Params) { p.WriteRPS = -0.5 },
			"parameter write_rps: must be a finite number at least 0, got -0.5"},
		{"hit ratio below 0", func(p *Params) { p.HitRatio = -0.1 },
			"parameter hit_ratio: must be between 0 and 1, got -0.1"},
		{"zero base store", func(p *Params) { p.BaseStoreRPS = 0 },
			"parameter base_store_rps: must be a finite number greater than 0, got 0"},
		{"zero window", func(p *Params) { p.WindowS = 0 },
			"parameter window_s: must be a finite number greater than 0, got 0"},
		{"several", func(p *Params) { p.Moved = -1; p.HitRatio = 2; p.WindowS = -60 },
			"parameter moved: must be between 0 and 1, got -1; " +
				"parameter hit_ratio: must be between 0 and 1, got 2; " +
				"parameter window_s: must be a finite number greater than 0, got -60"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := DefaultParams()
			c.edit(&p)
			modeltest.CheckValidate(t, p, c.want, Run)
		})
	}
}

func TestDeterministic(t *testing.T) { modeltest.CheckDeterministic(t, DefaultParams(), Run) }

func BenchmarkRun(b *testing.B) {
	p := DefaultParams()
	for b.Loop() {
		if _, err := Run(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEchoes checks that the inputs a page names come back as values.
func TestEchoes(t *testing.T) {
	p := DefaultParams()
	p.WindowS = 120
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]float64{
		"moved": 0.25, "read_rps": 416.67, "write_rps": 97.22, "hit_ratio": 0.90,
		"base_store_rps": 138.89, "window_s": 120,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
}

// TestWindowLinear checks that the extra store requests are proportional to
// the window: doubling it doubles them, bit for bit (a factor of two is
// exact in binary).
func TestWindowLinear(t *testing.T) {
	for _, moved := range []float64{0.74849, 0.26477, 0, 1} {
		p := DefaultParams()
		p.Moved = moved
		a, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		p.WindowS *= 2
		b, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if x, y := modeltest.Value(t, a, "extra_store_requests"), modeltest.Value(t, b, "extra_store_requests"); y != 2*x {
			t.Errorf("moved %v: doubled window gives %v, want 2 × %v", moved, y, x)
		}
	}
}

// TestMissAtLeastMoved checks that the miss ratio while warming is never
// below the moved share, since every moved key misses, and is above it
// whenever some unmoved key can miss (hit ratio below 1, moved below 1).
func TestMissAtLeastMoved(t *testing.T) {
	for _, moved := range []float64{0, 0.25, 0.26477, 0.74849, 1} {
		for _, hit := range []float64{0, 0.5, 0.9, 1} {
			p := DefaultParams()
			p.Moved, p.HitRatio = moved, hit
			r, err := Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			miss := modeltest.Value(t, r, "miss_ratio")
			if miss < moved || hit < 1 && moved < 1 && miss <= moved {
				t.Errorf("moved %v, hit ratio %v: miss_ratio = %v", moved, hit, miss)
			}
		}
	}
}
