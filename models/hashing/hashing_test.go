package hashing

import (
	"context"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"lbcourse/models/internal/modeltest"
)

// TestHash pins the hash against values computed by the JavaScript function,
// including code units outside ASCII and a surrogate pair.
func TestHash(t *testing.T) {
	for _, c := range []struct {
		s    string
		want uint32
	}{
		{"", 535972289}, {"G1000000", 711200445}, {"k1#0", 62790507},
		{"k4#999", 1520108229}, {"é😀x", 1787476013}, {"G-5", 2371126101},
	} {
		if got := Hash(c.s); got != c.want {
			t.Errorf("Hash(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

// TestPrintedTable checks every figure of the program's first table and the
// ideal line under it.
func TestPrintedTable(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	rows := []struct {
		prefix                      string
		before, after, moved, moveB string
	}{
		{"modulo", "1.008", "1.004", "0.7485", "0.7485"},
		{"ring.1", "2.021", "2.231", "0.5577", "0.5577"},
		{"ring.10", "1.548", "1.722", "0.1557", "0.1557"},
		{"ring.100", "1.122", "1.204", "0.2563", "0.2563"},
		{"ring.1000", "1.010", "1.059", "0.2648", "0.2648"},
	}
	for _, row := range rows {
		t.Run(row.prefix, func(t *testing.T) {
			for _, c := range []struct {
				suffix string
				digits int
				want   string
			}{
				{"imbalance_before", 3, row.before}, {"imbalance_after", 3, row.after},
				{"moved", 4, row.moved}, {"moved_back", 4, row.moveB},
			} {
				path := row.prefix + "." + c.suffix
				if got := modeltest.Fixed(t, modeltest.Value(t, r, path), c.digits); got != c.want {
					t.Errorf("%s = %s, want %s", path, got, c.want)
				}
			}
		})
	}
	if got := modeltest.Fixed(t, modeltest.Value(t, r, "ideal.imbalance"), 3); got != "1.000" {
		t.Errorf("ideal.imbalance = %s, want 1.000", got)
	}
	if got := modeltest.Fixed(t, modeltest.Value(t, r, "ideal.moved"), 4); got != "0.2500" {
		t.Errorf("ideal.moved = %s, want 0.2500", got)
	}
}

// TestExactShares pins the full-precision shares, which the warm-up model is
// fed: they are counts over 100000 keys.
func TestExactShares(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]float64{
		"modulo.moved": 74849.0 / 100000, "ring.1000.moved": 26477.0 / 100000,
		"modulo.imbalance_before": 33609.0 / 100000 * 3, "ring.1.imbalance_after": 55768.0 / 100000 * 4,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
}

func TestSeries(t *testing.T) {
	p := DefaultParams()
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	xs := []float64{1, 10, 100, 1000}
	for _, name := range []string{"ring.imbalance_before", "ring.imbalance_after", "ring.moved"} {
		s, ok := r.SeriesNamed(name)
		if !ok {
			t.Fatalf("no series %s", name)
		}
		if !reflect.DeepEqual(s.X, xs) {
			t.Errorf("%s X = %v, want %v", name, s.X, xs)
		}
		field := strings.TrimPrefix(name, "ring.")
		for i, v := range p.Vnodes {
			if want := modeltest.Value(t, r, "ring."+strconv.Itoa(v)+"."+field); s.Y[i] != want {
				t.Errorf("%s Y[%d] = %v, want %v", name, i, s.Y[i], want)
			}
		}
	}
	for _, name := range []string{"ideal.imbalance", "ideal.moved", "modulo.imbalance_before", "modulo.imbalance_after", "modulo.moved"} {
		s, ok := r.SeriesNamed(name)
		if !ok {
			t.Fatalf("no series %s", name)
		}
		if !reflect.DeepEqual(s.X, xs) {
			t.Errorf("%s X = %v, want %v", name, s.X, xs)
		}
		want := modeltest.Value(t, r, name)
		for i, y := range s.Y {
			if y != want {
				t.Errorf("%s Y[%d] = %v, want %v", name, i, y, want)
			}
		}
	}
}

// TestOtherChanges runs a node removal and bigger steps with a non-ASCII
// prefix and negative key numbers. The wanted values were printed by the
// JavaScript functions of karma.mjs run with the same inputs.
func TestOtherChanges(t *testing.T) {
	type four = [4]float64 // imbalance_before, imbalance_after, moved, moved_back
	for _, c := range []struct {
		before, after int
		ideal         float64
		want          map[string]four
	}{
		{4, 3, 0.25, map[string]four{
			"modulo": {1.02, 1.026, 0.7545, 0.7545}, "ring.1": {2.186, 1.959, 0.5465, 0.5465}, "ring.50": {1.056, 1.044, 0.253, 0.253}}},
		{2, 5, 0.6, map[string]four{
			"modulo": {1.007, 1.115, 0.795, 0.795}, "ring.1": {1.314, 2.1625, 0.5505, 0.5505}, "ring.50": {1.013, 1.075, 0.6125, 0.6125}}},
		{1, 2, 0.5, map[string]four{
			"modulo": {1, 1.007, 0.5035, 0.5035}, "ring.1": {1, 1.314, 0.343, 0.343}, "ring.50": {1, 1.013, 0.4935, 0.4935}}},
	} {
		p := Params{Keys: 2000, KeyPrefix: "ü", KeyStart: -1000, NodesBefore: c.before, NodesAfter: c.after, Vnodes: []int{1, 50}}
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if got := modeltest.Value(t, r, "ideal.moved"); got != c.ideal {
			t.Errorf("%d->%d: ideal.moved = %v, want %v", c.before, c.after, got, c.ideal)
		}
		for prefix, want := range c.want {
			for i, suffix := range []string{"imbalance_before", "imbalance_after", "moved", "moved_back"} {
				if got := modeltest.Value(t, r, prefix+"."+suffix); got != want[i] {
					t.Errorf("%d->%d: %s.%s = %v, want %v", c.before, c.after, prefix, suffix, got, want[i])
				}
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
		{"shrink", func(p *Params) { p.NodesBefore, p.NodesAfter = 4, 3 }, ""},
		{"no keys", func(p *Params) { p.Keys = 0 },
			"parameter keys: must be between 1 and 10000000, got 0"},
		{"key numbers too large", func(p *Params) { p.KeyStart = 1 << 53 },
			"parameter key_start: must be between -(2^53-1) and 9007199254640992 so that every key number is a safe integer, got 9007199254740992"},
		{"no nodes before", func(p *Params) { p.NodesBefore = 0 },
			"parameter nodes_before: must be between 1 and 100, got 0"},
		{"too many nodes after", func(p *Params) { p.NodesAfter = 101 },
			"parameter nodes_after: must be between 1 and 100, got 101"},
		{"no change", func(p *Params) { p.NodesAfter = 3 },
			"parameter nodes_after: must differ from nodes_before (3)"},
		{"no vnodes", func(p *Params) { p.Vnodes = nil },
			"parameter vnodes: must list at least one virtual-node count"},
		{"zero vnodes", func(p *Params) { p.Vnodes = []int{1, 0, -4} },
			"parameter vnodes: each count must be between 1 and 100000, got 0"},
		{"too many vnodes", func(p *Params) { p.Vnodes = []int{100001} },
			"parameter vnodes: each count must be between 1 and 100000, got 100001"},
		{"too many vnode counts", func(p *Params) { p.Vnodes = make([]int, 21) },
			"parameter vnodes: must list at most 20 virtual-node counts, got 21"},
		{"duplicate vnodes", func(p *Params) { p.Vnodes = []int{1, 10, 1} },
			"parameter vnodes: count 1 is listed twice"},
		{"several", func(p *Params) { p.Keys = -1; p.NodesBefore = 0; p.NodesAfter = 0; p.Vnodes = []int{} },
			"parameter keys: must be between 1 and 10000000, got -1; " +
				"parameter nodes_before: must be between 1 and 100, got 0; " +
				"parameter nodes_after: must be between 1 and 100, got 0; " +
				"parameter vnodes: must list at least one virtual-node count"},
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

func TestCanceled(t *testing.T) { modeltest.CheckCancelled(t, DefaultParams(), Run) }

func BenchmarkRun(b *testing.B) {
	p := DefaultParams()
	for b.Loop() {
		if _, err := Run(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNewShare checks that on a ring the keys that move are exactly the keys
// the added (or removed) nodes hold, and that modulo moves more than that,
// for growths, a removal and several virtual-node counts.
func TestNewShare(t *testing.T) {
	ps := []Params{DefaultParams()}
	for _, c := range [][2]int{{4, 3}, {2, 5}, {1, 2}, {5, 3}} {
		ps = append(ps, Params{Keys: 2000, KeyPrefix: "ü", KeyStart: -1000, NodesBefore: c[0], NodesAfter: c[1], Vnodes: []int{1, 3, 50}})
	}
	for _, p := range ps {
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range p.Vnodes {
			prefix := "ring." + strconv.Itoa(v) + "."
			if m, s := modeltest.Value(t, r, prefix+"moved"), modeltest.Value(t, r, prefix+"new_share"); m != s {
				t.Errorf("%d->%d v=%d: moved = %v, new_share = %v", p.NodesBefore, p.NodesAfter, v, m, s)
			}
		}
		if m, s := modeltest.Value(t, r, "modulo.moved"), modeltest.Value(t, r, "modulo.new_share"); p.NodesBefore > 1 && p.NodesAfter > 1 && m <= s {
			t.Errorf("%d->%d: modulo.moved = %v, not above modulo.new_share = %v", p.NodesBefore, p.NodesAfter, m, s)
		}
	}
}

// TestSymmetric checks that moved_back equals moved in every row: both count
// the keys placed differently by the same two placements.
func TestSymmetric(t *testing.T) {
	for _, p := range []Params{DefaultParams(), {Keys: 2000, KeyPrefix: "x", NodesBefore: 5, NodesAfter: 2, Vnodes: []int{1, 7}}} {
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		rows := []string{"modulo"}
		for _, v := range p.Vnodes {
			rows = append(rows, "ring."+strconv.Itoa(v))
		}
		for _, row := range rows {
			if a, b := modeltest.Value(t, r, row+".moved"), modeltest.Value(t, r, row+".moved_back"); a != b {
				t.Errorf("%s: moved = %v, moved_back = %v", row, a, b)
			}
		}
	}
}
