package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"lbcourse/report/internal/numbers"
	"lbcourse/report/internal/pipeline"
)

func cmdDiff(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var sf siteFlags
	f := newFlags("diff", stderr)
	sf.register(f)
	tol := f.Float64("tolerance", 0, "hide changes whose relative size is at most `R` (0.01 = 1%)")
	if err := f.Parse(args); err != nil {
		return 2
	}
	rev := "HEAD"
	if f.NArg() > 1 {
		fmt.Fprintln(stderr, "usage: go run ./report diff [-tolerance R] [REV]")
		return 2
	}
	if f.NArg() == 1 {
		rev = f.Arg(0)
	}
	old, err := committedNumbers(ctx, rev, sf.out)
	if err != nil {
		fmt.Fprintf(stderr, "report diff: %v\n", err)
		return 1
	}
	files, _, err := pipeline.Render(ctx, sf.options())
	if err != nil {
		fmt.Fprintln(stderr, err)
		fmt.Fprintln(stderr, "report diff: the sources do not build")
		return 1
	}
	fresh := map[string]map[string]string{}
	for _, n := range files.Names() {
		if l, ok := numbersLesson(n); ok {
			fresh[l] = numbers.Parse(files.Get(n))
		}
	}
	fmt.Fprint(stdout, diffNumbers(old, fresh, *tol, rev))
	return 0
}

func numbersLesson(name string) (string, bool) {
	if !strings.HasPrefix(name, "numbers/") || !strings.HasSuffix(name, ".tsv") {
		return "", false
	}
	return strings.TrimSuffix(strings.TrimPrefix(name, "numbers/"), ".tsv"), true
}

// committedNumbers reads every numbers file of out/ at rev through git.
func committedNumbers(ctx context.Context, rev, out string) (map[string]map[string]string, error) {
	dir := strings.TrimSuffix(out, "/") + "/numbers/"
	ls, err := exec.CommandContext(ctx, "git", "ls-tree", "--name-only", rev, dir).Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-tree %s %s: %v", rev, dir, gitErr(err))
	}
	res := map[string]map[string]string{}
	for _, p := range strings.Fields(string(ls)) {
		l, ok := numbersLesson(strings.TrimPrefix(p, strings.TrimSuffix(out, "/")+"/"))
		if !ok {
			continue
		}
		b, err := exec.CommandContext(ctx, "git", "show", rev+":"+p).Output()
		if err != nil {
			return nil, fmt.Errorf("git show %s:%s: %v", rev, p, gitErr(err))
		}
		res[l] = numbers.Parse(b)
	}
	return res, nil
}

func gitErr(err error) error {
	if ee, ok := err.(*exec.ExitError); ok && len(ee.Stderr) > 0 {
		return fmt.Errorf("%s", strings.TrimSpace(string(ee.Stderr)))
	}
	return err
}

// diffNumbers prints, lesson by lesson, every key whose value differs.
func diffNumbers(old, fresh map[string]map[string]string, tol float64, rev string) string {
	var b strings.Builder
	changed := 0
	for _, l := range unionKeys(old, fresh) {
		lines := diffLesson(old[l], fresh[l], tol)
		if len(lines) > 0 {
			changed += len(lines)
			fmt.Fprintf(&b, "%s\n%s\n", l, strings.Join(lines, "\n"))
		}
	}
	if changed == 0 {
		fmt.Fprintf(&b, "no displayed value differs from %s\n", rev)
	}
	return b.String()
}

// unionKeys returns the keys of a and b, sorted.
func unionKeys[V any](a, b map[string]V) []string {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// diffLesson lists one lesson's changes: added and removed values, values
// that moved beyond tol, and per figure series a summary of its moved
// points.
func diffLesson(o, n map[string]string, tol float64) []string {
	var lines []string
	figures := map[string]*figureMoves{}
	var figureOrder []string
	points := map[string]int{} // points of each figure series in the fresh build
	for k := range n {
		if series, ok := figureSeries(k); ok {
			points[series]++
		}
	}
	for _, k := range unionKeys(o, n) {
		ov, inOld := o[k]
		nv, inNew := n[k]
		switch {
		case !inOld:
			lines = append(lines, fmt.Sprintf("  + %s\t%s", k, nv))
		case !inNew:
			lines = append(lines, fmt.Sprintf("  - %s\t%s", k, ov))
		case ov != nv && strings.HasSuffix(k, "|text"):
			lines = append(lines, fmt.Sprintf("    %s\t%s -> %s\t(text)", k, ov, nv))
		case ov != nv:
			rc, ok := relChange(ov, nv)
			if ok && math.Abs(rc) <= tol {
				continue
			}
			if series, isPoint := figureSeries(k); isPoint {
				if figures[series] == nil {
					figures[series] = &figureMoves{}
					figureOrder = append(figureOrder, series)
				}
				figures[series].add(rc, ok)
				continue
			}
			rs := "n/a"
			if ok {
				rs = fmt.Sprintf("%+.2f%%", rc*100)
			}
			lines = append(lines, fmt.Sprintf("    %s\t%s -> %s\t(%s)", k, ov, nv, rs))
		}
	}
	for _, series := range figureOrder {
		f := figures[series]
		lines = append(lines, fmt.Sprintf("  ~ %s\t%d of %d points moved, the largest %+.2f%%", series, f.moved, points[series], f.largest*100))
	}
	return lines
}

// relChange is (new-old)/|old| of two displayed values. For a figure's
// point ("x y") it compares y.
func relChange(o, n string) (float64, bool) {
	parse := func(s string) (float64, error) {
		if i := strings.LastIndexByte(s, ' '); i >= 0 {
			s = s[i+1:]
		}
		return strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
	}
	a, err1 := parse(o)
	c, err2 := parse(n)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	if a == 0 {
		if c == 0 {
			return 0, true
		}
		return math.Inf(1), true
	}
	return (c - a) / math.Abs(a), true
}

// figureMoves sums up the moved points of one figure series.
// add counts one moved point of relative change rc (ok: rc is defined).
func (f *figureMoves) add(rc float64, ok bool) {
	f.moved++
	if ok && math.Abs(rc) > math.Abs(f.largest) {
		f.largest = rc
	}
}

type figureMoves struct {
	moved   int
	largest float64 // relative change of the point that moved most
}

// figureSeries returns "fig.ID.EXPERIMENT:SERIES" for the key of one of its
// points, "fig.ID.EXPERIMENT:SERIES[i]".
func figureSeries(key string) (string, bool) {
	if !strings.HasPrefix(key, "fig.") || !strings.HasSuffix(key, "]") {
		return "", false
	}
	i := strings.LastIndexByte(key, '[')
	if i < 0 {
		return "", false
	}
	return key[:i], true
}
