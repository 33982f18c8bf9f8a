package directive

import (
	"fmt"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/yamldoc"
)

// A Problem is one error in a lesson file, at a byte offset of that file.
type Problem = diag.Problem

// A Line is one body line of a directive block and the byte offset of its
// first character in the lesson file.
type Line = yamldoc.Line

// A Block is a fenced directive block as the Markdown parser found it: the
// kind word of the info string, the words after it, and the body.
type Block struct {
	Kind    string
	Off     int      // offset of the kind word
	Args    []string // the info string's words after the kind
	ArgOffs []int    // offset of each of Args
	Lines   []Line

	problems *[]Problem
}

// NewBlock returns a Block whose problems are appended to sink.
func NewBlock(kind string, off int, args []string, argOffs []int, lines []Line, sink *[]Problem) *Block {
	return &Block{Kind: kind, Off: off, Args: args, ArgOffs: argOffs, Lines: lines, problems: sink}
}

// Errorf records a problem at byte offset off.
func (b *Block) Errorf(off int, format string, args ...any) {
	b.report(off, fmt.Sprintf(format, args...))
}

// body returns the body text and whether it has any non-blank line.
func (b *Block) body() ([]byte, bool) {
	var s []byte
	blank := true
	for _, l := range b.Lines {
		s = append(s, l.Text...)
		if strings.TrimSpace(string(l.Text)) != "" {
			blank = false
		}
	}
	return s, !blank
}

// text is the body as YAML source: its lines, and the kind word for a
// position outside them.
func (b *Block) text() yamldoc.Text { return yamldoc.Text{Lines: b.Lines, Outside: b.Off} }

// NodeOff returns the lesson-file offset of a YAML node of the body (see
// yamldoc.Text.Offset); a node with no line gives the kind word's offset.
func (b *Block) NodeOff(n *yaml.Node) int { return b.text().At(n) }

// report records a problem whose message is already formatted.
func (b *Block) report(off int, msg string) {
	*b.problems = append(*b.problems, Problem{Off: off, Msg: msg})
}

// Mapping parses the body as a YAML mapping. It reports a syntax error at
// its line and returns nil. An empty body gives an empty mapping.
func (b *Block) Mapping() *yaml.Node {
	src, any := b.body()
	empty := &yaml.Node{Kind: yaml.MappingNode}
	if !any {
		return empty
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		line, msg := yamldoc.ErrorLine(err)
		off := b.text().Offset(line, 1)
		if line > 0 && strings.HasPrefix(msg, "did not find expected") {
			off = b.unclosedFlow(line)
		}
		b.Errorf(off, "%s body: %s", b.Kind, msg)
		return nil
	}
	if len(doc.Content) == 0 {
		return empty
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode {
		b.Errorf(b.NodeOff(m), "%s body must be a mapping of key: value lines", b.Kind)
		return nil
	}
	return m
}

// unclosedFlow returns the offset of the first [ or { left open on a body
// line at or after line (1-based). yaml.v3 reports an unclosed flow
// collection a line early, or at the mapping's first line.
func (b *Block) unclosedFlow(line int) int {
	for i := max(line-1, 0); i < len(b.Lines); i++ {
		text := b.Lines[i].Text
		depth, open := 0, -1
		for j, c := range text {
			switch c {
			case '[', '{':
				if depth == 0 {
					open = j
				}
				depth++
			case ']', '}':
				depth--
			}
		}
		if depth > 0 {
			return b.Lines[i].Off + open
		}
	}
	return b.text().Offset(line, 1)
}

// A Field is one key of a mapping and its value. It is defined here, not
// an alias of yamldoc.Field, so that an unkeyed Field{k, v} in this package
// passes vet.
type Field yamldoc.Field

// Fields splits a mapping of the body into its fields with yamldoc.Fields,
// reporting duplicate keys and keys not in allowed (with a "did you mean";
// nil allowed admits any key) at their line. Unknown and duplicate fields
// are left out of the result.
func (b *Block) Fields(m *yaml.Node, what string, allowed []string) map[string]Field {
	out := map[string]Field{}
	for k, f := range yamldoc.Fields(m, what, allowed, b.NodeOff, b.report) {
		out[k] = Field(f)
	}
	return out
}

// String decodes a scalar string field; absent gives "".
func (b *Block) String(fs map[string]Field, key string) string {
	f, ok := fs[key]
	if !ok {
		return ""
	}
	if f.Value.Kind != yaml.ScalarNode {
		b.Errorf(b.NodeOff(f.Value), "%s must be text", key)
		return ""
	}
	if strings.Contains(f.Value.Value, "{{") {
		b.Errorf(b.NodeOff(f.Value), "%s cannot show a value: {{ }} works in the lesson's text only; say the number there, or point to the table under the figure", key)
	}
	return f.Value.Value
}

// Strings decodes a sequence of scalars; absent gives nil.
func (b *Block) Strings(fs map[string]Field, key string) []*yaml.Node {
	f, ok := fs[key]
	if !ok {
		return nil
	}
	if f.Value.Kind != yaml.SequenceNode {
		b.Errorf(b.NodeOff(f.Value), "%s must be a list, as in [a, b]", key)
		return nil
	}
	var out []*yaml.Node
	for _, n := range f.Value.Content {
		if n.Kind != yaml.ScalarNode {
			b.Errorf(b.NodeOff(n), "%s: each item must be text", key)
			continue
		}
		out = append(out, n)
	}
	return out
}

// Bool decodes a boolean field; absent gives false.
func (b *Block) Bool(fs map[string]Field, key string) bool {
	f, ok := fs[key]
	if !ok {
		return false
	}
	var v bool
	if err := f.Value.Decode(&v); err != nil {
		b.Errorf(b.NodeOff(f.Value), "%s must be true or false, not %q", key, f.Value.Value)
	}
	return v
}

// Require reports every key of keys missing from fs, at the block.
func (b *Block) Require(fs map[string]Field, keys ...string) {
	for _, k := range keys {
		if _, ok := fs[k]; !ok {
			b.Errorf(b.Off, "%s: missing key %q", b.Kind, k)
		}
	}
}

// NoArgs reports arguments after the kind word of a block that takes none.
func (b *Block) NoArgs() {
	if len(b.Args) > 0 {
		b.Errorf(b.ArgOffs[0], "%s takes no name after it; found %q", b.Kind, b.Args[0])
	}
}

var (
	nameRE   = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	plotIDRE = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
)

// Name returns the single argument of a block that must name something
// (an experiment, a plot), reporting a missing or malformed one.
func (b *Block) Name(what string) (string, int) {
	if len(b.Args) == 0 {
		b.Errorf(b.Off, "%s needs a name: ```%s NAME", b.Kind, b.Kind)
		return "", b.Off
	}
	if len(b.Args) > 1 {
		b.Errorf(b.ArgOffs[1], "%s takes one name; found also %q", b.Kind, b.Args[1])
	}
	if what == "plot" {
		if !plotIDRE.MatchString(b.Args[0]) {
			b.Errorf(b.ArgOffs[0], "plot name %q: use lower-case letters, digits, _ and -, starting with a letter", b.Args[0])
		}
	} else if !nameRE.MatchString(b.Args[0]) {
		b.Errorf(b.ArgOffs[0], "%s name %q: use lower-case letters, digits and _, starting with a letter", what, b.Args[0])
	}
	return b.Args[0], b.ArgOffs[0]
}
