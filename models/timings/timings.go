// Package timings reads the benchmark results `make bench` records in
// results.txt (the machine, the day, and every benchmark's runs) and returns
// each benchmark's median, minimum and maximum time per operation with its
// memory figures.
//
// Timings are the one kind of figure no build computes: they are measured,
// so they are not deterministic. The file is the measurement, committed and
// reviewed like code; it is embedded, so Run is deterministic for a given
// file. The file is in the Go benchmark format, read by
// golang.org/x/perf/benchfmt: configuration lines `key: value`, then
// Benchmark lines; Parse reads it by hand (benchfmt's module would raise
// the main module's golang.org/x/image, whose fonts draw the figures). Its header (see cmd/record) names the machine: date,
// goos, goarch, cpu, go, gomaxprocs, cores; go test's pkg lines name each
// benchmark's package.
package timings

import (
	_ "embed"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// results is the committed results file.
//
//go:embed results.txt
var results []byte

// A Machine is where and when a results file was recorded.
type Machine struct {
	Date       string // the day, UTC, as 2006-01-02
	GOOS       string
	GOARCH     string
	CPU        string // as go test names it
	Go         string // the toolchain's version, go1.26.8
	GOMAXPROCS int
	Cores      int
}

// A Benchmark is the runs of one benchmark, in file order.
type Benchmark struct {
	// Path names the benchmark: its package, then its name, lower case and
	// dotted (see PathOf).
	Path string
	// Name is the benchmark's full name in the file and Pkg its package.
	Name, Pkg string
	// NsPerOp, BytesPerOp and AllocsPerOp hold one figure per run.
	NsPerOp, BytesPerOp, AllocsPerOp []float64
}

// Results is a parsed results file: the machine, then the benchmarks in the
// order of their first run.
type Results struct {
	Machine    Machine
	Benchmarks []Benchmark
}

// machineKeys are the header's configuration keys, each required before
// the first benchmark.
var machineKeys = []string{"date", "goos", "goarch", "cpu", "go", "gomaxprocs", "cores"}

// Parse reads a results file; name is the file's name in error messages,
// which are "NAME:LINE: message".
//
// Parse reads the format as the proposal that defines it does
// (go.dev/design/14313-benchmark-format), more strictly: a line is blank, a
// configuration line (a key of lower-case letters, digits, _ and -, then
// ": " and the value; a key seen again changes its value from there on), or
// a benchmark line (Benchmark, its name, the iteration count, then pairs of
// a figure and its unit); anything else is an error, since the file is
// written by cmd/record alone. Every benchmark line has ns/op, B/op and
// allocs/op figures and a pkg above it; the machine's keys hold one value
// over the file.
func Parse(data []byte, name string) (Results, error) {
	var res Results
	config := map[string]string{}
	index := map[string]int{}
	var machine []string
	for n, line := range strings.Split(string(data), "\n") {
		at := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, n+1, fmt.Sprintf(format, args...))
		}
		line = strings.TrimRight(line, " \t\r")
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "Benchmark") {
			key, value, ok := configLine(line)
			if !ok {
				return Results{}, at("%q is neither a configuration line (key: value) nor a benchmark line", clip(line))
			}
			if machine != nil && slices.Contains(machineKeys, key) && value != config[key] {
				return Results{}, at("%s changes from %q to %q: one file, one machine", key, config[key], value)
			}
			config[key] = value
			continue
		}
		bench, figures, err := benchmarkLine(line)
		if err != nil {
			return Results{}, at("%v", err)
		}
		if machine == nil {
			cfg := make([]string, len(machineKeys))
			for i, k := range machineKeys {
				if cfg[i] = config[k]; cfg[i] == "" {
					return Results{}, at("no %q line above the first benchmark", k+":")
				}
			}
			m, err := parseMachine(cfg)
			if err != nil {
				return Results{}, at("%v", err)
			}
			machine, res.Machine = cfg, m
		}
		pkg := config["pkg"]
		if pkg == "" {
			return Results{}, at("%s: no pkg line above it", bench)
		}
		path, err := PathOf(pkg, bench)
		if err != nil {
			return Results{}, at("%s: %v", bench, err)
		}
		var got [3]float64
		for i, unit := range []string{"ns/op", "B/op", "allocs/op"} {
			v, ok := figures[unit]
			if !ok {
				return Results{}, at("%s: no %s figure (record with -benchmem)", bench, unit)
			}
			got[i] = v
		}
		i, seen := index[path]
		if !seen {
			i = len(res.Benchmarks)
			index[path] = i
			res.Benchmarks = append(res.Benchmarks, Benchmark{Path: path, Name: bench, Pkg: pkg})
		}
		b := &res.Benchmarks[i]
		if b.Name != bench || b.Pkg != pkg {
			return Results{}, at("%s of %s is named %s, as %s of %s is", bench, pkg, path, b.Name, b.Pkg)
		}
		b.NsPerOp = append(b.NsPerOp, got[0])
		b.BytesPerOp = append(b.BytesPerOp, got[1])
		b.AllocsPerOp = append(b.AllocsPerOp, got[2])
	}
	if len(res.Benchmarks) == 0 {
		return Results{}, fmt.Errorf("%s: no benchmark results", name)
	}
	return res, nil
}

// configLine splits a configuration line into its key and value.
func configLine(line string) (key, value string, ok bool) {
	key, value, ok = strings.Cut(line, ":")
	if !ok || key == "" || key[0] < 'a' || key[0] > 'z' || value != "" && value[0] != ' ' && value[0] != '\t' {
		return "", "", false
	}
	for _, c := range key {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return "", "", false
		}
	}
	return key, strings.TrimSpace(value), true
}

// benchmarkLine reads a benchmark line: its name, and its figures by unit.
func benchmarkLine(line string) (name string, figures map[string]float64, err error) {
	f := strings.Fields(line)
	if len(f) < 4 || len(f)%2 != 0 {
		return "", nil, fmt.Errorf("benchmark line %q is not a name, an iteration count and pairs of a figure and a unit", clip(line))
	}
	name = f[0]
	if n, err := strconv.ParseUint(f[1], 10, 64); err != nil || n == 0 {
		return "", nil, fmt.Errorf("%s: iteration count %q is not a positive whole number", name, f[1])
	}
	figures = map[string]float64{}
	for i := 2; i < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return "", nil, fmt.Errorf("%s: figure %q is not a number of at least 0", name, f[i])
		}
		if _, twice := figures[f[i+1]]; twice {
			return "", nil, fmt.Errorf("%s: unit %s twice", name, f[i+1])
		}
		figures[f[i+1]] = v
	}
	return name, figures, nil
}

// clip shortens a line quoted in an error to 60 bytes.
func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// parseMachine reads the header's values, in machineKeys order.
func parseMachine(cfg []string) (Machine, error) {
	m := Machine{Date: cfg[0], GOOS: cfg[1], GOARCH: cfg[2], CPU: cfg[3], Go: cfg[4]}
	if _, err := time.Parse(time.DateOnly, m.Date); err != nil {
		return Machine{}, fmt.Errorf("date %q is not a day written 2006-01-02", m.Date)
	}
	for i, p := range []*int{&m.GOMAXPROCS, &m.Cores} {
		n, err := strconv.Atoi(cfg[5+i])
		if err != nil || n < 1 {
			return Machine{}, fmt.Errorf("%s %q is not a positive whole number", machineKeys[5+i], cfg[5+i])
		}
		*p = n
	}
	return m, nil
}

// modulePath is the main module's path; a benchmark's package path is
// written relative to it, and to its models/ folder.
const modulePath = "lbcourse/"

// PathOf returns the dotted name of benchmark name of package pkg: the
// package path without "lbcourse/" and "models/", then the benchmark's
// name without "Benchmark" and its -GOMAXPROCS suffix, its first part
// snake case and every part lower case, each character outside a-z, 0-9
// and _ written _, "/" as ".". So BenchmarkGet/ring/100x160-2 of
// lbcourse/models/ring/compare is ring.compare.get.ring.100x160, and
// BenchmarkRunOneChoice-2 of lbcourse/models/choices is
// choices.run_one_choice.
func PathOf(pkg, name string) (string, error) {
	if i := strings.LastIndexByte(name, '-'); i >= 0 && isDigits(name[i+1:]) {
		name = name[:i]
	}
	base, sub, _ := strings.Cut(strings.TrimPrefix(name, "Benchmark"), "/")
	rel := strings.TrimPrefix(strings.TrimPrefix(pkg, modulePath), "models/")
	segs := append(strings.Split(rel, "/"), snake(base))
	if sub != "" {
		segs = append(segs, strings.Split(sub, "/")...)
	}
	for i, s := range segs {
		s = strings.Map(func(c rune) rune {
			switch {
			case c >= 'A' && c <= 'Z':
				return c - 'A' + 'a'
			case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '_':
				return c
			}
			return '_'
		}, s)
		if s == "" {
			return "", fmt.Errorf("an empty part in package %s or the benchmark's name", pkg)
		}
		segs[i] = s
	}
	return strings.Join(segs, "."), nil
}

func isDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// snake writes a CamelCase name in snake case: RunOneChoice is
// run_One_Choice (PathOf lowers it).
func snake(s string) string {
	var b strings.Builder
	for i, c := range s {
		if i > 0 && c >= 'A' && c <= 'Z' {
			if p := s[i-1]; p >= 'a' && p <= 'z' || p >= '0' && p <= '9' {
				b.WriteByte('_')
			}
		}
		b.WriteRune(c)
	}
	return b.String()
}

// median returns the median of xs, the mean of the middle two for an even
// count; xs is not modified.
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
