package ketama

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"lbcourse/models/model"
	"lbcourse/models/ring"

	"lbcourse/models/internal/modeltest"
)

// A refTie is one collision the Python reference found: at position Hash
// of the old (New false) or the new ring, the point of server Kept stays
// and that of server Dropped goes (1-based).
type refTie struct {
	New           bool
	Hash          uint32
	Kept, Dropped int
}

// A refScenario is one block of testdata/reference.txt: the parameters,
// the integer figures the Python reference printed for them, and its
// collisions.
type refScenario struct {
	name    string
	params  Params
	figures map[string]int64
	ties    []refTie
}

// readReference parses testdata/reference.txt (its header says how it was
// made and what a block holds).
func readReference(t *testing.T) []refScenario {
	t.Helper()
	var out []refScenario
	for _, b := range modeltest.ReadRefBlocks(t, "testdata/reference.txt") {
		// The reference has no cache: its scenarios take the model's
		// default hit ratio.
		sc := refScenario{name: b.Name, figures: map[string]int64{},
			params: Params{HitRatio: DefaultParams().HitRatio}}
		for _, l := range b.Lines {
			first, second, _ := strings.Cut(l.Rest, " ")
			switch l.Word {
			case "param":
				if err := setParam(&sc.params, first, second); err != nil {
					t.Fatalf("reference.txt:%d: %v", l.N, err)
				}
			case "tie":
				tie, err := parseTie(first, second)
				if err != nil {
					t.Fatalf("reference.txt:%d: %v", l.N, err)
				}
				sc.ties = append(sc.ties, tie)
			default:
				n, err := strconv.ParseInt(l.Rest, 10, 64)
				if _, dup := sc.figures[l.Word]; err != nil || dup {
					t.Fatalf("reference.txt:%d: bad or repeated figure %q", l.N, l.Word+" "+l.Rest)
				}
				sc.figures[l.Word] = n
			}
		}
		out = append(out, sc)
	}
	return out
}

// parseTie parses "old.POSITION" or "new.POSITION" and "KEPT DROPPED".
func parseTie(at, servers string) (refTie, error) {
	which, pos, _ := strings.Cut(at, ".")
	h, err := strconv.ParseUint(pos, 10, 32)
	if err != nil || (which != "old" && which != "new") {
		return refTie{}, fmt.Errorf("bad tie position %q", at)
	}
	var tie refTie
	if _, err := fmt.Sscanf(servers, "%d %d", &tie.Kept, &tie.Dropped); err != nil {
		return refTie{}, fmt.Errorf("bad tie servers %q", servers)
	}
	tie.New, tie.Hash = which == "new", uint32(h)
	return tie, nil
}

// setParam sets the parameter named by its yaml tag; weights and
// key_prefix are JSON.
func setParam(p *Params, name, value string) error {
	switch name {
	case "weights":
		err := json.Unmarshal([]byte(value), &p.Weights)
		if len(p.Weights) == 0 {
			p.Weights = nil // "[]", all 1, as DefaultParams has it
		}
		return err
	case "key_prefix":
		return json.Unmarshal([]byte(value), &p.KeyPrefix)
	}
	n, err := strconv.Atoi(value)
	if err != nil {
		return err
	}
	switch name {
	case "servers":
		p.Servers = n
	case "port":
		p.Port = n
	case "points":
		p.Points = n
	case "points_new":
		p.PointsNew = n
	case "keys":
		p.Keys = n
	case "key_offset":
		p.KeyOffset = int64(n)
	default:
		return fmt.Errorf("unknown parameter %q", name)
	}
	return nil
}

// TestReference compares every value of the model with the Python
// reference table: the integers as they are, and every ratio the model
// derives (shares, the balance measures, birthday, bytes, migration),
// computed here from the reference's integers and the parameters. Every
// value a run returns is compared. It also checks each collision: the
// point the reference kept is on the continuum, and the dropped server
// has a point at that position.
func TestReference(t *testing.T) {
	scenarios := readReference(t)
	if len(scenarios) < 6 {
		t.Fatalf("reference.txt has %d scenarios, want at least 6", len(scenarios))
	}
	// The reference has no rollout: its scenarios run without stages
	// (TestStages checks them).
	d := DefaultParams()
	d.Stages = nil
	if !reflect.DeepEqual(scenarios[0].params, d) {
		t.Errorf("first scenario %+v, want the defaults without stages %+v", scenarios[0].params, d)
	}
	var oldTies, newTies int
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			p := sc.params
			r, err := Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			checked := map[string]bool{}
			ownedErr, ownedRMS := map[string]float64{}, map[string]float64{}
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
				checked[path] = true
				v, ok := r.Value(path)
				if !ok {
					t.Errorf("no value %s", path)
				} else if v.V != want {
					t.Errorf("%s = %v, want %v", path, v.V, want)
				}
			}
			keys, total := float64(p.Keys), 0
			weight := func(s int) int {
				if len(p.Weights) == 0 {
					return 1
				}
				return p.Weights[s-1]
			}
			for s := 1; s <= p.Servers; s++ {
				total += weight(s)
			}
			W := float64(total)
			for s := 1; s <= p.Servers; s++ {
				check("ideal.share."+strconv.Itoa(s), float64(weight(s))/W)
			}
			for _, c := range []struct {
				prefix string
				points int
				layout ring.Layout
			}{{"", p.Points, ring.Wide}, {"new.", p.PointsNew, ring.Packed}} {
				var hi, dev, ownedDev, sq, lawSq float64
				worst := -1.0
				worstWeight := 0
				owned := make([]uint64, p.Servers)
				for s := 1; s <= p.Servers; s++ {
					i := strconv.Itoa(s)
					n := fig(c.prefix + "count." + i)
					check(c.prefix+"count."+i, float64(n))
					share := float64(n) / keys
					check(c.prefix+"share."+i, share)
					q := float64(weight(s)) / W
					hi = max(hi, share/q)
					dev = max(dev, math.Abs(share-q)/q)
					owned[s-1] = uint64(fig(c.prefix + "owned." + i))
					d := math.Abs(float64(owned[s-1])/(1<<32)-q) / q
					ownedDev = max(ownedDev, d)
					sq += d * d
					lawSq += 1 / (float64(c.points) * float64(weight(s)))
					if d > worst {
						worst, worstWeight = d, weight(s)
					}
				}
				check(c.prefix+"owned.rms", math.Sqrt(sq/float64(p.Servers)))
				check(c.prefix+"law.rms", math.Sqrt(lawSq/float64(p.Servers)))
				check(c.prefix+"owned.worst_weight", float64(worstWeight))
				check(c.prefix+"max_over_mean", hi)
				check(c.prefix+"error", dev)
				check(c.prefix+"owned.error", ownedDev)
				n := fig(c.prefix + "points_total")
				check(c.prefix+"points_total", float64(n))
				check(c.prefix+"collisions", float64(fig(c.prefix+"collisions")))
				check(c.prefix+"bytes.wide", float64(8*n))
				check(c.prefix+"bytes.packed", float64(6*n))
				g := float64(c.points * total)
				check(c.prefix+"birthday", g*(g-1)/(1<<33))
				N := float64(p.Servers)
				law := math.Sqrt(2*math.Log(N)) / math.Sqrt(float64(c.points)*W/N)
				check(c.prefix+"law.error", law)
				if law > 0 {
					check(c.prefix+"owned.over_law", ownedDev/law)
				} else {
					check(c.prefix+"owned.over_law", 0)
				}
				ownedErr[c.prefix], ownedRMS[c.prefix] = ownedDev, math.Sqrt(sq/float64(p.Servers))

				// The continuum itself: its arcs, and every collision.
				cont, err := Build(p.servers(), c.points, c.layout)
				if err != nil {
					t.Fatal(err)
				}
				if got := cont.Ring().Owned(); !slices.Equal(got, owned) {
					t.Errorf("%sowned = %v, want %v", c.prefix, got, owned)
				}
				ties := 0
				for _, tie := range sc.ties {
					if tie.New != (c.prefix == "new.") {
						continue
					}
					ties++
					rg := cont.Ring()
					pt := rg.Point(rg.Index(tie.Hash))
					if pt.Hash != tie.Hash || int(pt.Node) != tie.Kept-1 {
						t.Errorf("%scollision at %d: point %+v, want server %d's", c.prefix, tie.Hash, pt, tie.Kept)
					}
					dropped := cont.Servers()[tie.Dropped-1]
					if !slices.Contains(dropped.PointHashes(dropped.Weight*c.points), tie.Hash) {
						t.Errorf("%scollision at %d: server %d has no point there", c.prefix, tie.Hash, tie.Dropped)
					}
					if tie.Kept != tie.Dropped {
						if c.prefix == "" {
							oldTies++
						} else {
							newTies++
						}
					}
				}
				if int64(ties) != fig(c.prefix+"collisions") {
					t.Errorf("%s: %d tie lines, %d collisions", c.prefix, ties, fig(c.prefix+"collisions"))
				}
			}
			g := func(old, next float64) float64 {
				if next == 0 {
					return 0
				}
				return 1 - old/next
			}
			check("gain.error", g(ownedErr[""], ownedErr["new."]))
			check("gain.rms", g(ownedRMS[""], ownedRMS["new."]))
			check("migration.moved", float64(fig("moved.keys"))/keys)
			check("migration.circle", float64(fig("circle.positions"))/(1<<32))
			m := float64(fig("moved.keys")) / keys
			check("origin_at_once", (m+float64((1-m)*(1-p.HitRatio)))/(1-p.HitRatio))
			// The point layouts are Go's, not the reference's: TestLayout.
			for _, l := range []string{"struct", "fields", "array", "struct_align", "array_align", "mixed", "reordered"} {
				checked["layout."+l] = true
			}
			for _, v := range r.Values {
				if !checked[v.Path] {
					t.Errorf("value %s not compared", v.Path)
				}
			}
		})
	}
	if oldTies == 0 || newTies == 0 {
		t.Errorf("collisions between two servers: %d on an old ring, %d on a new ring; want some of each", oldTies, newTies)
	}
}

// TestDefaults pins the figures the lesson quotes at the defaults, so that
// a change to the reference file cannot move them unnoticed.
func TestDefaults(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]float64{
		"points_total": 1600, "collisions": 0, "bytes.wide": 12800, "bytes.packed": 9600,
		"new.points_total": 160, "new.collisions": 0, "new.bytes.wide": 1280, "new.bytes.packed": 960,
		"count.9": 8817, "new.count.4": 13181, "max_over_mean": 1.0729, "new.max_over_mean": 1.3181,
		"migration.moved": 0.81208,
	} {
		if v, ok := r.Value(path); !ok || v.V != want {
			t.Errorf("%s = %v, want %v", path, v.V, want)
		}
	}
	// One value per declared value output; five per server beyond the
	// first (count and share on each ring, the ideal share) and four per
	// stage beyond the first.
	values := 0
	for _, o := range outputs() {
		if !o.Series {
			values++
		}
	}
	want := values + 5*(DefaultParams().Servers-1) + 4*(len(DefaultParams().Stages)-1)
	if got := len(r.Values); got != want {
		t.Errorf("%d values, want %d", got, want)
	}
	for _, v := range r.Values {
		n := 0
		for _, o := range outputs() {
			if model.Match(o.Pattern, v.Path) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("value %s matches %d declared outputs, want 1", v.Path, n)
		}
	}
}
