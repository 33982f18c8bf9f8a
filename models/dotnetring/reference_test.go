package dotnetring

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"lbcourse/models/internal/modeltest"
	"lbcourse/models/model"
)

// A refScenario is one block of testdata/reference.txt: the parameters and
// the integer figures the Python reference printed for them.
type refScenario struct {
	name    string
	params  Params
	figures map[string]int64
	order   []string // the figures' paths in the file's order
}

// readReference parses testdata/reference.txt (its header says how it was
// made and what a block holds).
func readReference(t *testing.T) []refScenario {
	t.Helper()
	var out []refScenario
	for _, b := range modeltest.ReadRefBlocks(t, "testdata/reference.txt") {
		sc := refScenario{name: b.Name, figures: map[string]int64{}}
		for _, l := range b.Lines {
			name, value, _ := strings.Cut(l.Rest, " ")
			if l.Word == "param" {
				if err := setParam(&sc.params, name, value); err != nil {
					t.Fatalf("reference.txt:%d: %v", l.N, err)
				}
				continue
			}
			n, err := strconv.ParseInt(l.Rest, 10, 64)
			if _, dup := sc.figures[l.Word]; err != nil || dup {
				t.Fatalf("reference.txt:%d: bad or repeated figure %q", l.N, l.Word+" "+l.Rest)
			}
			sc.figures[l.Word] = n
			sc.order = append(sc.order, l.Word)
		}
		out = append(out, sc)
	}
	return out
}

// setParam sets the parameter named by its yaml tag.
func setParam(p *Params, name, value string) error {
	if name == "server_prefix" || name == "key_prefix" {
		if name == "server_prefix" {
			p.ServerPrefix = value
		} else {
			p.KeyPrefix = value
		}
		return nil
	}
	n, err := strconv.Atoi(value)
	if err != nil {
		return err
	}
	switch name {
	case "servers":
		p.Servers = n
	case "vnodes":
		p.Vnodes = n
	case "keys":
		p.Keys = n
	case "remove":
		p.Remove = n
	default:
		return os.ErrInvalid
	}
	return nil
}

// TestReference compares every figure of the Python reference table with
// the model: the integers as they are, and the ratios the model derives from
// them (shares, moved, moved_other, scan.mean, max/min over mean), computed
// here from the reference's integers.
func TestReference(t *testing.T) {
	scenarios := readReference(t)
	if len(scenarios) < 5 {
		t.Fatalf("reference.txt has %d scenarios, want at least 5", len(scenarios))
	}
	if scenarios[0].params != DefaultParams() {
		t.Errorf("first scenario %+v, want the defaults %+v", scenarios[0].params, DefaultParams())
	}
	collided := false
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			p := sc.params
			r, err := Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			fig := func(path string) int64 {
				t.Helper()
				n, ok := sc.figures[path]
				if !ok {
					t.Fatalf("reference.txt lacks %s", path)
				}
				return n
			}
			check := func(path string, want float64) {
				t.Helper()
				if got := modeltest.Value(t, r, path); got != want {
					t.Errorf("%s = %v, want %v", path, got, want)
				}
			}
			for _, path := range sc.order {
				switch path {
				case "moved.keys", "moved_other.keys", "scan.sum":
				default:
					check(path, float64(sc.figures[path]))
				}
			}
			keys := float64(p.Keys)
			check("moved", float64(fig("moved.keys"))/keys)
			check("scan.mean", float64(fig("scan.sum"))/keys)
			others := int64(p.Keys)
			if p.Remove > 0 {
				others -= fig("count." + strconv.Itoa(p.Remove))
			}
			check("moved_other", float64(fig("moved_other.keys"))/float64(others))
			lo, hi := int64(p.Keys), int64(0)
			for i := 1; i <= p.Servers; i++ {
				n := fig("count." + strconv.Itoa(i))
				fig("after.count." + strconv.Itoa(i))
				fig("moved_to." + strconv.Itoa(i))
				check("share."+strconv.Itoa(i), float64(n)/keys)
				lo, hi = min(lo, n), max(hi, n)
			}
			check("max_over_mean", float64(hi*int64(p.Servers))/keys)
			check("min_over_mean", float64(lo*int64(p.Servers))/keys)
			for k := fig("printed") + 1; k <= int64(p.Servers); k++ {
				check("print_order."+strconv.FormatInt(k, 10), 0)
			}
			if fig("collisions") > 0 {
				collided = true
			}
		})
	}
	if !collided {
		t.Error("no reference scenario has a point collision")
	}
}

// TestDefaultScenario pins the figures the lesson quotes from the source's
// scenario, so that a change to the reference file cannot move them
// unnoticed: redis-3 holds the most keys, its failure moves only its keys,
// and they go to all four other servers, not only to redis-4 and redis-5 as
// the source says.
func TestDefaultScenario(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]float64{
		"count.1": 199574, "count.2": 177682, "count.3": 227431, "count.4": 199415, "count.5": 195898,
		"moved": 0.227431, "moved_other": 0, "receivers": 4,
		"moved_to.1": 44384, "moved_to.2": 85033, "moved_to.4": 58575, "moved_to.5": 39439,
		"points": 750, "collisions": 0, "scan.max": 750, "search.steps": 10,
		"scan.mean": 372.620443, "max_over_mean": 1.137155, "min_over_mean": 0.88841,
		"print_order.1": 5, "print_order.2": 2, "print_order.3": 3, "print_order.4": 4, "print_order.5": 1,
		"ideal.share": 0.2, "ideal.moved": 0.2,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
}

// TestEveryValueReturned checks that a run in which a server receives no
// key still returns every per-server value: one key on three one-point
// servers prints one line, and print_order is 0 past it.
func TestEveryValueReturned(t *testing.T) {
	p := Params{Servers: 3, ServerPrefix: "redis-", Vnodes: 1, Keys: 1, KeyPrefix: "product:", Remove: 2}
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	// product:0 hashes to 3143440751, above every point, and wraps to the
	// smallest: redis-3's.
	if Hash("product:0") <= max(Hash("redis-1#VN0"), Hash("redis-2#VN0"), Hash("redis-3#VN0")) {
		t.Fatal("product:0 no longer wraps")
	}
	for path, want := range map[string]float64{
		"count.1": 0, "count.2": 0, "count.3": 1, "printed": 1,
		"print_order.1": 3, "print_order.2": 0, "print_order.3": 0,
		"moved": 0, "moved_other": 0, "receivers": 0, "scan.max": 3, "search.steps": 2,
		"after.count.3": 1, "after.count.2": 0, "after.points": 2,
	} {
		if got := modeltest.Value(t, r, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	values := 0
	for _, o := range outputs() {
		if !o.Series {
			values++
		}
	}
	if got, want := len(r.Values), values+5*(p.Servers-1); got != want {
		t.Errorf("%d values, want %d", got, want)
	}
	for _, v := range r.Values {
		if !matchesOne(v.Path) {
			t.Errorf("value %s matches no declared output", v.Path)
		}
	}
	// The drawing: one series a server, its entries' positions in ring order.
	if len(r.Series) != p.Servers {
		t.Fatalf("%d series, want %d", len(r.Series), p.Servers)
	}
	for i, s := range r.Series {
		name := "ring_pos." + strconv.Itoa(i+1)
		h := Hash("redis-" + strconv.Itoa(i+1) + "#VN0")
		if s.Name != name || len(s.Y) != 1 || s.Y[0] != float64(h)/(1<<32) {
			t.Errorf("series %d = %+v, want %s at %v", i, s, name, float64(h)/(1<<32))
		}
	}
}

func matchesOne(path string) bool {
	n := 0
	for _, o := range outputs() {
		if model.Match(o.Pattern, path) {
			n++
		}
	}
	return n == 1
}

// TestDrawingBounded checks that a ring of more than MaxDrawnPoints entries
// draws nothing, and that a smaller one draws every entry once.
func TestDrawingBounded(t *testing.T) {
	for _, tc := range []struct{ servers, vnodes, want int }{{5, 150, 750}, {10, 150, 0}} {
		p := DefaultParams()
		p.Servers, p.Vnodes, p.Keys, p.Remove = tc.servers, tc.vnodes, 10, 0
		r, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, s := range r.Series {
			n += len(s.Y)
		}
		if n != tc.want {
			t.Errorf("%d×%d: %d drawn entries, want %d", tc.servers, tc.vnodes, n, tc.want)
		}
	}
}
