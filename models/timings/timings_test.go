package timings

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"lbcourse/models/internal/modeltest"
	"lbcourse/models/model"
)

func TestParseSmall(t *testing.T) {
	data, err := os.ReadFile("testdata/small.txt")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Parse(data, "small.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := Machine{Date: "2026-12-04", GOOS: "linux", GOARCH: "amd64", CPU: "Test CPU @ 1.00GHz", Go: "go1.26.8", GOMAXPROCS: 2, Cores: 4}
	if rs.Machine != want {
		t.Errorf("machine = %+v, want %+v", rs.Machine, want)
	}
	r := Figures(rs)
	for _, c := range []struct {
		path string
		v    float64
	}{
		{"benchmarks", 4},
		{"machine.cores", 4},
		{"machine.gomaxprocs", 2},
		{"ring.lookup.100x160.ns_per_op", 10.75}, // median of 10.5 12 9.5 11
		{"ring.lookup.100x160.min", 9.5},
		{"ring.lookup.100x160.max", 12},
		{"ring.lookup.100x160.runs", 4},
		{"ring.lookup.100x160.bytes_per_op", 0},
		{"ring.new.5x150_packed.ns_per_op", 20000},
		{"ring.new.5x150_packed.bytes_per_op", 4096},
		{"ring.new.5x150_packed.allocs_per_op", 3},
		{"ring.new.5x150_packed.runs", 1},
		{"ring.compare.get.ring.100x160.ns_per_op", 16},
		{"ring.compare.get.ring.100x160.bytes_per_op", 8},
		{"ring.compare.get.ring.100x160.allocs_per_op", 1},
		{"choices.run_one_choice.ns_per_op", 4.5e6},
	} {
		if got := modeltest.Value(t, r, c.path); got != c.v {
			t.Errorf("%s = %v, want %v", c.path, got, c.v)
		}
	}
	if v, _ := r.Value("ring.lookup.100x160.min"); v.Unit != "nanosecond" {
		t.Errorf("min unit %q", v.Unit)
	}
	for path, want := range map[string]string{"date": "2026-12-04", "machine.cpu": "Test CPU @ 1.00GHz", "machine.go": "go1.26.8", "machine.goos": "linux", "machine.goarch": "amd64"} {
		if got, ok := r.Text(path); !ok || got.S != want {
			t.Errorf("text %s = %q, want %q", path, got.S, want)
		}
	}
	if got, want := len(r.Values), 3+6*4; got != want {
		t.Errorf("%d values, want %d", got, want)
	}
}

func TestParseErrors(t *testing.T) {
	header := "date: 2026-12-04\ngoos: linux\ngoarch: amd64\ncpu: X\ngo: go1.26.8\ngomaxprocs: 2\ncores: 2\npkg: lbcourse/models/ring\n"
	line := "BenchmarkLookup-2 \t 10 \t 1 ns/op \t 0 B/op \t 0 allocs/op\n"
	for _, c := range []struct{ file, want string }{
		{"", "f: no benchmark results"},
		{header, "f: no benchmark results"},
		{strings.Replace(header, "cpu: X\n", "", 1) + line, `f:8: no "cpu:" line above the first benchmark`},
		{strings.Replace(header, "2026-12-04", "4 Dec 2026", 1) + line, `f:9: date "4 Dec 2026" is not a day written 2006-01-02`},
		{strings.Replace(header, "cores: 2", "cores: 0", 1) + line, `f:9: cores "0" is not a positive whole number`},
		{strings.Replace(header, "pkg: lbcourse/models/ring\n", "", 1) + line, "f:8: BenchmarkLookup-2: no pkg line above it"},
		{header + "PASS\n" + line, `f:9: "PASS" is neither a configuration line (key: value) nor a benchmark line`},
		{header + "BenchmarkLookup-2 10 1 ns/op 0 B/op\n", "f:9: BenchmarkLookup-2: no allocs/op figure (record with -benchmem)"},
		{header + "BenchmarkLookup-2 10 1 ns/op 0\n", `f:9: benchmark line "BenchmarkLookup-2 10 1 ns/op 0" is not a name, an iteration count and pairs of a figure and a unit`},
		{header + "BenchmarkLookup-2 0 1 ns/op\n", `f:9: BenchmarkLookup-2: iteration count "0" is not a positive whole number`},
		{header + "BenchmarkLookup-2 10 NaN ns/op\n", `f:9: BenchmarkLookup-2: figure "NaN" is not a number of at least 0`},
		{header + "BenchmarkLookup-2 10 1 ns/op 2 ns/op\n", "f:9: BenchmarkLookup-2: unit ns/op twice"},
		{header + "BenchmarkLookup/a.b-2 10 1 ns/op 0 B/op 0 allocs/op\nBenchmarkLookup/a_b-2 10 1 ns/op 0 B/op 0 allocs/op\n",
			"f:10: BenchmarkLookup/a_b-2 of lbcourse/models/ring is named ring.lookup.a_b, as BenchmarkLookup/a.b-2 of lbcourse/models/ring is"},
		{header + line + "cpu: Y\n" + line, `f:10: cpu changes from "X" to "Y": one file, one machine`},
		{header + "Benchmark-2 10 1 ns/op 0 B/op 0 allocs/op\n", "f:9: Benchmark-2: an empty part in package lbcourse/models/ring or the benchmark's name"},
	} {
		_, err := Parse([]byte(c.file), "f")
		if err == nil || err.Error() != c.want {
			t.Errorf("Parse(%q) = %v, want %s", c.file, err, c.want)
		}
	}
}

func TestPathOf(t *testing.T) {
	for _, c := range []struct{ pkg, name, want string }{
		{"lbcourse/models/ring", "BenchmarkScan/5x150-2", "ring.scan.5x150"},
		{"lbcourse/models/ring/compare", "BenchmarkGet/groupcache/100x160-16", "ring.compare.get.groupcache.100x160"},
		{"lbcourse/models/queue", "BenchmarkRunLarge-2", "queue.run_large"},
		{"lbcourse/report/internal/expr", "BenchmarkParseHTTPClaim", "report.internal.expr.parse_httpclaim"},
		{"lbcourse/models/hashbalance", "BenchmarkHash/sha-1/n=5-2", "hashbalance.hash.sha_1.n_5"},
		{"lbcourse/models/x", "BenchmarkA/b-c", "x.a.b_c"},
	} {
		got, err := PathOf(c.pkg, c.name)
		if err != nil || got != c.want {
			t.Errorf("PathOf(%q, %q) = %q, %v, want %q", c.pkg, c.name, got, err, c.want)
		}
	}
}

// TestEmbedded: the committed file parses, every declared output is
// returned, and the benchmarks the lessons name are in it.
func TestEmbedded(t *testing.T) {
	if embeddedErr != nil {
		t.Fatal(embeddedErr)
	}
	if err := model.CheckOutputs(Model.Outputs); err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	var returned []string
	for _, v := range r.Values {
		returned = append(returned, v.Path)
	}
	for _, x := range r.Texts {
		returned = append(returned, x.Path)
	}
	for _, o := range Model.Outputs {
		if !slices.Contains(returned, o.Pattern) {
			t.Errorf("declared %s not returned", o.Pattern)
		}
	}
	if len(returned) != len(Model.Outputs) {
		t.Errorf("%d returned, %d declared", len(returned), len(Model.Outputs))
	}
	for _, path := range []string{"ring.lookup.100x160.ns_per_op", "ring.search.100x160.ns_per_op", "ring.scan.5x150.ns_per_op"} {
		if v := modeltest.Value(t, r, path); !(v > 0) {
			t.Errorf("%s = %v", path, v)
		}
	}
}

func TestDeterministic(t *testing.T) { modeltest.CheckDeterministic(t, DefaultParams(), Run) }
