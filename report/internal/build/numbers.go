package build

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// numbers collects, for one lesson, every number its pages display: a key
// (value path and format), the value in locale-neutral form, and its unit.
type numbers struct {
	lines map[string]numberLine
}

type numberLine struct{ value, unit string }

func (n *numbers) add(key, value, unit string) {
	if n.lines == nil {
		n.lines = map[string]numberLine{}
	}
	n.lines[key] = numberLine{value, unit}
}

// merge adds every line of o. Two pages of a lesson show the same values
// with the same keys, so a key present in both has the same line.
func (n *numbers) merge(o *numbers) {
	for k, l := range o.lines {
		n.add(k, l.value, l.unit)
	}
}

// bytes renders the numbers file: a header comment, then one
// "key<TAB>value<TAB>unit" line per number, sorted by key.
func (n *numbers) bytes(lesson string) []byte {
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

// ParseNumbers reads a numbers file into key -> value.
func ParseNumbers(src []byte) map[string]string {
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) >= 2 {
			out[f[0]] = f[1]
		}
	}
	return out
}
