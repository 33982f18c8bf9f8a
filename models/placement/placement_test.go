package placement

import (
	"context"
	"math"
	"slices"
	"strconv"
	"testing"

	"lbcourse/models/internal/modeltest"
	"lbcourse/models/model"
)

// figureNames are a scheme's figures in the order of the results.
var figureNames = [8]string{"max_over_mean", "min_over_mean", "moved_add", "moved_fail", "moved_fail_other", "memory_per_server", "hash_evals", "touched"}

// TestDefaults pins every scheme's figures in the default run (10
// servers, 100 000 sequential keys, salt 0). Counts over 100 000 keys
// are exact decimals; the rest are exact ratios.
func TestDefaults(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		scheme string
		want   [8]float64
	}{
		{"modulo", [8]float64{1.0091, 0.9916, 0.90965, 0.89861, 0.8874107470045418, 0, 1, 1}},
		{"ring", [8]float64{1.1738, 0.8553, 0.09055, 0.10367, 0, 1280.8, 1, 10.72552}},
		{"ring_bounded", [8]float64{1.1738, 0.8553, 0.0907, 0.10391, 0.00024545079269449184, 1288.8, 1, 10.72579}},
		{"jump", [8]float64{1.0139, 0.9835, 0.09087, 0.09835, 0, 0, 1, 2.93484}},
		{"rendezvous", [8]float64{1.0214, 0.9866, 0.09275, 0.09956, 0, 8, 10, 10}},
		{"maglev", [8]float64{1.0211, 0.9863, 0.09457, 0.10122, 0.0022756790959448507, 26214.8, 1, 1}},
		{"multiprobe", [8]float64{1.1156, 0.1013, 0.09955, 0.11104, 0, 8.8, 21, 76.04}},
	} {
		for i, f := range figureNames {
			if got := modeltest.Value(t, r, c.scheme+"."+f); got != c.want[i] {
				t.Errorf("%s.%s = %v, want %v", c.scheme, f, got, c.want[i])
			}
		}
	}
	for path, want := range map[string]float64{
		"servers": 10, "keys": 100_000, "ring_bounded.capacity": 12_500,
		"ideal.max_over_mean": 1, "ideal.moved_add": 1.0 / 11, "ideal.moved_fail": 0.1,
		// 1 601 points × 8 bytes and 2^11 index entries × 4 bytes, over 10.
		"ring.indexed.touched": 2.40029, "ring.indexed.memory_per_server": 2100,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
}

// TestSeries: each figure's series lists the schemes' values in order, X
// = 0 … 6 and Labels the names; the ideal lines are constant.
func TestSeries(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	names := SchemeNames()
	if want := []string{"modulo", "ring", "ring_bounded", "jump", "rendezvous", "maglev", "multiprobe"}; !slices.Equal(names, want) {
		t.Fatalf("schemes %v, want %v", names, want)
	}
	xs := []float64{0, 1, 2, 3, 4, 5, 6}
	for _, f := range figureNames {
		s, ok := r.SeriesNamed(f)
		if !ok {
			t.Fatalf("no series %s", f)
		}
		if !slices.Equal(s.X, xs) || !slices.Equal(s.Labels, names) {
			t.Errorf("series %s: X %v, Labels %v", f, s.X, s.Labels)
		}
		for i, n := range names {
			if want := modeltest.Value(t, r, n+"."+f); s.Y[i] != want {
				t.Errorf("series %s at %s = %v, want %v", f, n, s.Y[i], want)
			}
		}
	}
	for _, f := range []string{"max_over_mean", "moved_add", "moved_fail"} {
		s, _ := r.SeriesNamed("ideal." + f)
		want := modeltest.Value(t, r, "ideal."+f)
		if len(s.Y) != 7 || slices.ContainsFunc(s.Y, func(y float64) bool { return y != want }) {
			t.Errorf("series ideal.%s = %v, want 7 × %v", f, s.Y, want)
		}
	}
}

// TestOutputsDeclared: the declarations are well formed and every result
// path matches one, with its unit, for several parameter sets.
func TestOutputsDeclared(t *testing.T) {
	if err := model.CheckOutputs(Model.Outputs); err != nil {
		t.Fatal(err)
	}
	p := smallParams()
	p.Servers, p.KeyShape = 3, Random
	for _, p := range []Params{DefaultParams(), p} {
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range r.Values {
			i := slices.IndexFunc(Model.Outputs, func(o model.Output) bool { return !o.Series && o.Matches(v.Path) })
			if i < 0 {
				t.Errorf("value %s is not declared", v.Path)
			} else if u := Model.Outputs[i].Unit; u != v.Unit {
				t.Errorf("value %s: unit %q, declared %q", v.Path, v.Unit, u)
			}
		}
		if len(r.Values) != 3+7*8+2+3+5 || len(r.Series) != 8+3 {
			t.Errorf("%d values and %d series, want %d and %d", len(r.Values), len(r.Series), 3+7*8+2+3+5, 8+3)
		}
	}
}

// TestSaltChangesHashing: another salt changes every scheme's placement
// (its moved_add) on the same keys; the keys themselves do not depend on
// it (makeKeys has no salt).
func TestSaltChangesHashing(t *testing.T) {
	p := smallParams()
	a, _ := Run(context.Background(), p)
	p.Salt = 1
	b, _ := Run(context.Background(), p)
	for _, s := range SchemeNames() {
		if x, y := modeltest.Value(t, a, s+".moved_add"), modeltest.Value(t, b, s+".moved_add"); x == y {
			t.Errorf("%s.moved_add is %v under salts 0 and 1", s, x)
		}
	}
}

// TestKeyShapes: every shape runs, and the balance figures of the ring
// differ between shapes (the keys differ; their hashes are what matter).
func TestKeyShapes(t *testing.T) {
	seen := map[float64]string{}
	for _, shape := range KeyShapes {
		p := smallParams()
		p.KeyShape = shape
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		v := modeltest.Value(t, r, "jump.max_over_mean")
		if prev, ok := seen[v]; ok {
			t.Errorf("jump.max_over_mean %v for both %s and %s keys", v, prev, shape)
		}
		seen[v] = shape
	}
}

// TestSpreadOverSalts runs salts 1 … 20 on 20 000 keys: ring_bounded
// never exceeds its capacity, jump, rendezvous and Maglev stay within 8%
// of the mean (2 000 keys a server: the binomial spread is 2.2%, and the
// largest of 10 servers over 20 salts reaches 3 of those), and the schemes that move only what they must never move a
// key they need not.
func TestSpreadOverSalts(t *testing.T) {
	p := smallParams()
	capacity := math.Ceil(p.BoundedC*float64(p.Keys)/float64(p.Servers)) * float64(p.Servers) / float64(p.Keys)
	for salt := int64(1); salt <= 20; salt++ {
		p.Salt = salt
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		v := func(path string) float64 { return modeltest.Value(t, r, path) }
		if got := v("ring_bounded.max_over_mean"); got > capacity {
			t.Errorf("salt %d: ring_bounded.max_over_mean %v above %v", salt, got, capacity)
		}
		for _, s := range []string{"jump", "rendezvous", "maglev"} {
			if got := v(s + ".max_over_mean"); got > 1.08 {
				t.Errorf("salt %d: %s.max_over_mean %v above 1.08", salt, s, got)
			}
		}
		for _, s := range []string{"ring", "jump", "rendezvous", "multiprobe"} {
			if got := v(s + ".moved_fail_other"); got != 0 {
				t.Errorf("salt %d: %s.moved_fail_other %v, want 0", salt, s, got)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	ok := DefaultParams()
	for _, c := range []struct {
		name string
		edit func(*Params)
		want string
	}{
		{"defaults", func(*Params) {}, ""},
		{"smallest", func(p *Params) {
			*p = Params{Servers: 2, Keys: 1, KeyShape: Prefix, Vnodes: 1, BoundedC: 1, MaglevM: 3, Probes: 1}
		}, ""},
		{"largest", func(p *Params) {
			*p = Params{Servers: 49, Keys: MaxKeys, KeyShape: Random, Vnodes: MaxVnodes, BoundedC: MaxBoundedC, MaglevM: MaxMaglevM, Probes: 50, Salt: MaxSalt}
		}, ""},
		{"one server", func(p *Params) { p.Servers = 1 },
			"parameter servers: must be between 2 and 1000, got 1"},
		{"no keys", func(p *Params) { p.Keys = 0 },
			"parameter keys: must be between 1 and 1000000, got 0"},
		{"rendezvous too costly", func(p *Params) { p.Servers, p.Keys = 1000, 100_000 },
			"parameter keys: times servers + 1 (rendezvous hashes per key) must be at most 50000000, got 100100000"},
		{"shape", func(p *Params) { p.KeyShape = "uuid" },
			`parameter key_shape: must be one of sequential, random, prefix, got "uuid"`},
		{"vnodes", func(p *Params) { p.Vnodes = 1001 },
			"parameter vnodes: must be between 1 and 1000, got 1001"},
		{"c below 1", func(p *Params) { p.BoundedC = 0.99 },
			"parameter bounded_c: must be between 1 and 10, got 0.99"},
		{"c NaN", func(p *Params) { p.BoundedC = math.NaN() },
			"parameter bounded_c: must be between 1 and 10, got NaN"},
		{"M not prime", func(p *Params) { p.MaglevM = 65536 },
			"parameter maglev_m: must be a prime, got 65536"},
		{"M too large", func(p *Params) { p.MaglevM = 1_000_033 },
			"parameter maglev_m: must be a prime between 2 and 1000003, got 1000033"},
		{"M not above servers", func(p *Params) { p.MaglevM = 7; p.Servers = 7 },
			"parameter maglev_m: must exceed servers (7) so that the added server gets an entry, got 7"},
		{"probes", func(p *Params) { p.Probes = 0 },
			"parameter probes: must be between 1 and 100, got 0"},
		{"multi-probe hashes", func(p *Params) { p.Probes = 51; p.Keys = MaxKeys },
			"parameter probes: times keys (multi-probe hashes) must be at most 50000000, got 51000000"},
		{"both costs", func(p *Params) { p.Servers, p.Probes, p.Keys = 50, 100, MaxKeys },
			"parameter keys: times servers + 1 (rendezvous hashes per key) must be at most 50000000, got 51000000; " +
				"parameter probes: times keys (multi-probe hashes) must be at most 50000000, got 100000000"},
		{"salt", func(p *Params) { p.Salt = -1 },
			"parameter salt: must be between 0 and 1000000000, got -1"},
		{"all at once", func(p *Params) {
			*p = Params{Servers: 0, Keys: -1, KeyShape: "", Vnodes: 0, BoundedC: 11, MaglevM: 1, Probes: 200, Salt: MaxSalt + 1}
		}, "parameter servers: must be between 2 and 1000, got 0; " +
			"parameter keys: must be between 1 and 1000000, got -1; " +
			`parameter key_shape: must be one of sequential, random, prefix, got ""; ` +
			"parameter vnodes: must be between 1 and 1000, got 0; " +
			"parameter bounded_c: must be between 1 and 10, got 11; " +
			"parameter maglev_m: must be a prime between 2 and 1000003, got 1; " +
			"parameter probes: must be between 1 and 100, got 200; " +
			"parameter salt: must be between 0 and 1000000000, got 1000000001"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := ok
			c.edit(&p)
			modeltest.CheckValidate(t, p, c.want, func(ctx context.Context, p Params) (model.Result, error) {
				if c.want == "" { // a valid p: check it only, do not run it
					return model.Result{}, nil
				}
				return Run(ctx, p)
			})
		})
	}
}

func TestPrimes(t *testing.T) {
	var got []string
	for n := range 40 {
		if isPrime(n) {
			got = append(got, strconv.Itoa(n))
		}
	}
	if want := []string{"2", "3", "5", "7", "11", "13", "17", "19", "23", "29", "31", "37"}; !slices.Equal(got, want) {
		t.Errorf("primes below 40: %v", got)
	}
	for _, n := range []int{65537, 1_000_003} {
		if !isPrime(n) {
			t.Errorf("%d is a prime", n)
		}
	}
	if isPrime(1_000_001) { // 101 × 9901
		t.Error("1000001 is not a prime")
	}
}

func TestDeterministic(t *testing.T) {
	p := smallParams()
	p.KeyShape = Random
	modeltest.CheckDeterministic(t, p, Run)
}

func TestCancelled(t *testing.T) { modeltest.CheckCancelled(t, DefaultParams(), Run) }
