// Command benchcompare times the course's models against the source
// documents' own reference programs, whole process against whole process,
// on the same work: the queue program (JavaScript) at 100 000 and 1 000 000
// requests over 30 replicas, the hashing program (JavaScript) at a million keys, the layer
// program (Python) at 4 000 subjects and 400 000 connections. It takes each
// program from its source document, sets its sizes, runs it and `report run`
// in turn, and prints for each the medians of wall time and peak memory and
// the median of the ratios pair by pair (the report's time over the
// program's). A program whose interpreter (node, python3) or source document
// is missing is skipped with a line saying why.
//
//	go run ./report/benchcompare [-sources DIR] [-runs N]
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// A program is a reference program cut out of a source document.
type program struct {
	file  string            // the source document, under -sources
	from  string            // its first line starts so
	until string            // the line after its last starts so (its first printed line)
	set   map[string]string // replacements that set its sizes, each made exactly once
	run   string            // interpreter
	ext   string            // file name extension
}

// A comparison is one program against `report run` on the same work.
type comparison struct {
	name   string
	prog   program
	report []string // arguments of `report run`
}

var comparisons = []comparison{
	queueCase(100_000),
	queueCase(1_000_000),
	{
		name: "hashing, 1 000 000 keys, 3 → 4 nodes, 1 to 1 000 virtual nodes",
		prog: program{file: "000_a862501fe854d11d.txt", from: "// alg/karma.mjs", until: "kural                  3 kopya",
			set: map[string]string{"const ANAHTAR = 100_000;": "const ANAHTAR = 1_000_000;"},
			run: "node", ext: ".mjs"},
		report: []string{"hashing", "-set", "keys=1000000"},
	},
	{
		name: "layer, 4 000 subjects, 400 000 connections",
		prog: program{file: "002_0706dbbcf6c8ea55.txt", from: `"""Katman 4 ile katman 7`, until: "özne 40 |",
			set: map[string]string{"oz, bag = ozneler(), baglantilar()": "oz, bag = ozneler(4000), baglantilar(400000)"},
			run: "python3", ext: ".py"},
		report: []string{"layer", "-set", "subjects=4000", "-set", "connections=400000"},
	},
}

// queueCase is the queue program against the queue model at n requests
// over 30 replicas; the model runs without series, as the program keeps
// none.
func queueCase(n int) comparison {
	return comparison{
		name: fmt.Sprintf("queue, %s requests × 30 replicas (the source's two cases, 2 rules; the model: 6 rules, 1 case, series: false)", group(n)),
		prog: program{file: "000_a862501fe854d11d.txt", from: "// alg/kuyruk.mjs", until: "300 istek,",
			set: map[string]string{
				"const KOPYA = 3, ISTEK = 300, VARIS = 2;":                       fmt.Sprintf("const KOPYA = 30, ISTEK = %d, VARIS = 2;", n),
				`[["esit kopyalar", [1, 1, 1]], ["k1 uc kat yavas", [3, 1, 1]]]`: `[["esit kopyalar", Array(30).fill(1)], ["k1 uc kat yavas", [3, ...Array(29).fill(1)]]]`,
			},
			run: "node", ext: ".mjs"},
		report: []string{"queue", "-set", "replicas=30", "-set", fmt.Sprintf("requests=%d", n), "-set", "series=false"},
	}
}

// group writes n with a thin space between thousands, as the names do.
func group(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + " " + s[i:]
	}
	return s
}

func main() {
	sources := flag.String("sources", "../shared/sources", "the source documents' `DIR`")
	runs := flag.Int("runs", 5, "timed runs of each command, in turn, after one warm-up each")
	flag.Parse()
	if *runs < 1 {
		fmt.Fprintln(os.Stderr, "benchcompare: -runs must be at least 1")
		os.Exit(2)
	}
	tmp, err := os.MkdirTemp("", "benchcompare-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchcompare:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(tmp)
	report := filepath.Join(tmp, "report")
	if out, err := exec.Command("go", "build", "-o", report, "./report").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "benchcompare: building report: %v\n%s", err, out)
		os.Exit(1)
	}
	fmt.Printf("%d runs each, in turn; medians; ratio = report / reference program, pair by pair\n\n", *runs)
	for _, c := range comparisons {
		fmt.Println(c.name)
		if err := compare(c, *sources, tmp, report, *runs); err != nil {
			fmt.Printf("  skipped: %v\n\n", err)
			continue
		}
	}
}

func compare(c comparison, sources, tmp, report string, runs int) error {
	interp, err := exec.LookPath(c.prog.run)
	if err != nil {
		return fmt.Errorf("%s is not installed", c.prog.run)
	}
	src, err := extract(filepath.Join(sources, c.prog.file), c.prog)
	if err != nil {
		return err
	}
	path := filepath.Join(tmp, strings.TrimSuffix(c.prog.file, ".txt")+c.prog.ext)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		return err
	}
	ours := append([]string{report, "run"}, c.report...)
	theirs := []string{interp, path}
	for _, cmd := range [][]string{ours, theirs} { // warm-up, and a check that both run
		if _, err := timed(cmd); err != nil {
			return err
		}
	}
	var a, b []sample
	for range runs {
		sa, err := timed(ours)
		if err != nil {
			return err
		}
		sb, err := timed(theirs)
		if err != nil {
			return err
		}
		a, b = append(a, sa), append(b, sb)
	}
	ratios := make([]float64, runs)
	for i := range ratios {
		ratios[i] = a[i].wall.Seconds() / b[i].wall.Seconds()
	}
	fmt.Printf("  report:    %8.3f s  %6.0f MiB\n", median(a, func(s sample) float64 { return s.wall.Seconds() }), median(a, func(s sample) float64 { return s.peakMiB }))
	fmt.Printf("  reference: %8.3f s  %6.0f MiB   (%s)\n", median(b, func(s sample) float64 { return s.wall.Seconds() }), median(b, func(s sample) float64 { return s.peakMiB }), c.prog.run)
	fmt.Printf("  ratio:     %8.3f\n\n", medianOf(ratios))
	return nil
}

// extract returns the program of p cut out of the document at file, with
// its sizes set.
func extract(file string, p program) (string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	lines := strings.Split(string(b), "\n")
	start := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, p.from) })
	if start < 0 {
		return "", fmt.Errorf("%s: no line starting %q", file, p.from)
	}
	end := slices.IndexFunc(lines[start:], func(l string) bool { return strings.HasPrefix(l, p.until) })
	if end < 0 {
		return "", fmt.Errorf("%s: no line starting %q after the program", file, p.until)
	}
	src := strings.Join(lines[start:start+end], "\n") + "\n"
	for old, repl := range p.set {
		if n := strings.Count(src, old); n != 1 {
			return "", fmt.Errorf("%s: %q appears %d times in the program, not once", file, old, n)
		}
		src = strings.Replace(src, old, repl, 1)
	}
	return src, nil
}

type sample struct {
	wall    time.Duration
	peakMiB float64
}

// timed runs argv, its output discarded, and returns its wall time and
// peak resident memory; a failing command is an error with its output.
func timed(argv []string) (sample, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	var errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &errOut
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return sample{}, fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, errOut.String())
	}
	peak := 0.0
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		peak = float64(ru.Maxrss) / 1024 // kilobytes on Linux
	} else {
		return sample{}, errors.New("no resource usage on this system")
	}
	return sample{wall, peak}, nil
}

func median(s []sample, f func(sample) float64) float64 {
	xs := make([]float64, len(s))
	for i, x := range s {
		xs[i] = f(x)
	}
	return medianOf(xs)
}

func medianOf(xs []float64) float64 {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}
