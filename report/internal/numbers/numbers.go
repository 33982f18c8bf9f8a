// Package numbers reads and writes the numbers files: one line per number a
// lesson's pages show, so that a changed number is a changed line in review.
package numbers

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// A Set collects, for one lesson, every number its pages display: a key
// (value path and format), the value in locale-neutral form, and its unit.
type Set struct {
	lines map[string]numberLine
}

type numberLine struct{ value, unit string }

// Add records one number.
func (n *Set) Add(key, value, unit string) {
	if n.lines == nil {
		n.lines = map[string]numberLine{}
	}
	n.lines[key] = numberLine{value, unit}
}

// Merge adds every line of o. Two pages of a lesson show the same values
// with the same keys, so a key present in both has the same line.
func (n *Set) Merge(o *Set) {
	for k, l := range o.lines {
		n.Add(k, l.value, l.unit)
	}
}

// Bytes renders the numbers file: a header comment, then one
// "key<TAB>value<TAB>unit" line per number, sorted by key.
func (n *Set) Bytes(lesson string) []byte {
	keys := make([]string, 0, len(n.lines))
	for k := range n.lines {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s: every number the pages show (key\tvalue\tunit)\n", lesson)
	for _, k := range keys {
		l := n.lines[k]
		fmt.Fprintf(&b, "%s\t%s\t%s\n", k, l.value, l.unit)
	}
	return b.Bytes()
}

// A Line is one number of a numbers file: its value in locale-neutral
// form and its unit ("" for none).
type Line struct{ Value, Unit string }

// Parse reads a numbers file into key -> line.
func Parse(src []byte) map[string]Line {
	out := map[string]Line{}
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		switch {
		case len(f) >= 3:
			out[f[0]] = Line{f[1], f[2]}
		case len(f) == 2:
			out[f[0]] = Line{Value: f[1]}
		}
	}
	return out
}
