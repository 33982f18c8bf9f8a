package yamldoc

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// parse parses src as one YAML mapping.
func parse(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Content[0]
}

// TestFileTextOffsets: in a part of a file that starts at base, a node's
// column counts runes, and every line is found, the last one empty.
func TestFileTextOffsets(t *testing.T) {
	src := "ğü: x\nb: [y, ğz]\n"
	const base = 4
	text := FileText([]byte(src), base)
	if len(text.Lines) != 3 {
		t.Fatalf("%d lines, want 3 (one more than the newlines)", len(text.Lines))
	}
	m := parse(t, src)
	z := m.Content[3].Content[1]
	for _, tc := range []struct {
		n    *yaml.Node
		want string
	}{{m.Content[0], "ğü: x"}, {m.Content[1], "x"}, {m.Content[2], "b: ["}, {z, "ğz]"}} {
		off := text.At(tc.n) - base
		if !strings.HasPrefix(src[off:], tc.want) {
			t.Errorf("node %q at %d (%q), want at %q", tc.n.Value, off, src[off:], tc.want)
		}
	}
}

// TestTextOffsetBlockLines: the lines of a fenced block in a quote are not
// contiguous in the file; positions past a line, past the last line and
// before the first are clamped as documented.
func TestTextOffsetBlockLines(t *testing.T) {
	file := "> ```table\n> a: 1\n> bç: 2\n> ```\n"
	l1, l2 := strings.Index(file, "a: 1"), strings.Index(file, "bç: 2")
	text := Text{Lines: []Line{{Text: []byte("a: 1\n"), Off: l1}, {Text: []byte("bç: 2\n"), Off: l2}}, Outside: 2}
	m := parse(t, "a: 1\nbç: 2\n")
	for _, tc := range []struct {
		name      string
		line, col int
		want      int
	}{
		{"key a", m.Content[0].Line, m.Content[0].Column, l1},
		{"value 2", m.Content[3].Line, m.Content[3].Column, l2 + len("bç: ")},
		{"past the line", 1, 40, l1 + len("a: 1")},
		{"past the last line", 9, 1, l2 + len("bç: 2")},
		{"before the first", 0, 1, 2},
	} {
		if got := text.Offset(tc.line, tc.col); got != tc.want {
			t.Errorf("%s: offset %d, want %d", tc.name, got, tc.want)
		}
	}
	if got := (Text{Outside: 7}).Offset(1, 1); got != 7 {
		t.Errorf("no lines: offset %d, want Outside 7", got)
	}
}

// TestFields: a key given twice and an unknown key are reported at the key
// in one form, and left out; nil allowed admits any key.
func TestFields(t *testing.T) {
	src := "title: a\ntitel: b\ntitle: c\nslug: d\n"
	m := parse(t, src)
	text := FileText([]byte(src), 0)
	var got []string
	report := func(off int, msg string) { got = append(got, fmt.Sprintf("%d %s", off, msg)) }
	fs := Fields(m, "front matter", []string{"title", "slug"}, text.At, report)
	want := []string{`9 front matter: unknown key "titel" (did you mean "title"?)`, `18 front matter: title given twice`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("reported\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(fs) != 2 || fs["title"].Value.Value != "a" || fs["slug"].Value.Value != "d" {
		t.Errorf("fields %v, want the first title and the slug", fs)
	}
	got = nil
	if fs := Fields(m, "terms", nil, text.At, report); len(fs) != 3 || len(got) != 1 {
		t.Errorf("nil allowed: %d fields and %q, want 3 and one duplicate", len(fs), got)
	}
}

func TestErrorLine(t *testing.T) {
	var doc yaml.Node
	err := yaml.Unmarshal([]byte("a: 1\nb: [\n"), &doc)
	if line, msg := ErrorLine(err); line < 2 || strings.Contains(msg, "line") || strings.HasPrefix(msg, "yaml:") {
		t.Errorf("ErrorLine(%q) = %d, %q", err, line, msg)
	}
	if line, msg := ErrorLine(errors.New("yaml: control characters are not allowed")); line != 0 || msg != "control characters are not allowed" {
		t.Errorf("no line: %d, %q", line, msg)
	}
}
