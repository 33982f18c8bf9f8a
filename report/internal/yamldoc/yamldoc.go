// Package yamldoc holds what every YAML surface of the generator shares
// (directive bodies, front matter, templates/site.yaml, templates/terms.yaml):
// the mapping of a node's line and column to a byte offset of the file
// (Text), the strict reading of a mapping's keys with a "did you mean"
// (Fields), and the splitting of a yaml.v3 syntax error (ErrorLine).
package yamldoc

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/diag"
)

// A Line is one line of the text a YAML document was parsed from: its bytes
// (line end included or not) and the byte offset of its first byte in the
// file. The lines of a text need not be contiguous in the file: a fenced
// block inside a list item or a quote leaves the markers out.
type Line struct {
	Text []byte
	Off  int
}

// Text is YAML source as a list of file lines, line 1 first, for turning
// node positions into file offsets.
type Text struct {
	Lines []Line
	// Outside is the offset given for a position before line 1, or for any
	// position when there are no lines.
	Outside int
}

// FileText returns src as a Text. src is a contiguous part of a file that
// starts at byte offset base: 0 for a whole file, the first byte after the
// opening --- for front matter. It has one line more than src has newlines
// (the last may be empty), as yaml.v3 counts lines; Outside is base.
func FileText(src []byte, base int) Text {
	t := Text{Outside: base}
	for _, l := range bytes.SplitAfter(src, []byte("\n")) {
		t.Lines = append(t.Lines, Line{Text: l, Off: base})
		base += len(l)
	}
	return t
}

// Offset returns the file offset of 1-based line and column col, which
// counts runes as yaml.v3 does. A column past the line's end gives the end
// of its text (before any \r or \n); a line past the last gives the end of
// the last line's text; a line before the first, or no lines, gives
// t.Outside. The result is always within a line of t or t.Outside.
func (t Text) Offset(line, col int) int {
	if line < 1 || len(t.Lines) == 0 {
		return t.Outside
	}
	if line > len(t.Lines) {
		l := t.Lines[len(t.Lines)-1]
		return l.Off + len(bytes.TrimRight(l.Text, "\r\n"))
	}
	l := t.Lines[line-1]
	// A parser may end the last line with a newline the file lacks.
	text := bytes.TrimRight(l.Text, "\r\n")
	off := 0
	for i := 1; i < col && off < len(text); i++ {
		_, n := utf8.DecodeRune(text[off:])
		off += n
	}
	return l.Off + off
}

// At returns the file offset of node n of a document parsed from t: the
// offset of n's line and column (see Offset).
func (t Text) At(n *yaml.Node) int { return t.Offset(n.Line, n.Column) }

// A Field is one key of a mapping and its value.
type Field struct {
	Key   *yaml.Node
	Value *yaml.Node
}

// Fields splits mapping node m into its fields by key. It reports, at the
// key's offset at(key), a key met a second time as "WHAT: KEY given twice"
// and a key not in allowed as `WHAT: unknown key "KEY"` followed by
// diag.DidYouMean over allowed; a nil allowed admits every key. Reported
// keys are left out of the result, so a field of the result is the first
// of its key. To keep the mapping's order, walk m.Content and take the keys
// k with fields[k.Value].Key == k.
func Fields(m *yaml.Node, what string, allowed []string, at func(*yaml.Node) int, report func(off int, msg string)) map[string]Field {
	out := map[string]Field{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		name := k.Value
		if _, dup := out[name]; dup {
			report(at(k), fmt.Sprintf("%s: %s given twice", what, name))
			continue
		}
		if allowed != nil && !slices.Contains(allowed, name) {
			report(at(k), fmt.Sprintf("%s: unknown key %q%s", what, name, diag.DidYouMean(name, allowed)))
			continue
		}
		out[name] = Field{k, v}
	}
	return out
}

var errLineRE = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// ErrorLine splits an error of yaml.v3's parser into the 1-based line of
// the document it names (0 when it names none) and its message, without
// the "yaml: " and "line N: " prefixes.
func ErrorLine(err error) (line int, msg string) {
	msg = err.Error()
	if m := errLineRE.FindStringSubmatch(msg); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil {
			return n, m[2]
		}
	}
	return 0, strings.TrimPrefix(msg, "yaml: ")
}

// LineOffsets returns the byte offset of the start of each line of src,
// for positions that are not YAML nodes' (a template's line and byte
// column).
func LineOffsets(src []byte) []int {
	offs := []int{0}
	for i, c := range src {
		if c == '\n' {
			offs = append(offs, i+1)
		}
	}
	return offs
}
