package directive

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"lbcourse/report/internal/numfmt"
)

// A Directive is the parsed, plain data of one directive.
type Directive interface {
	Kind() string
	// Pos is the byte offset in the lesson file where the directive starts.
	Pos() int
	// Neutral is the directive's language-neutral content in a canonical
	// form: two languages of a lesson carry the same Neutral strings.
	Neutral() string
}

// A Parser turns a block into a directive, recording problems on the block.
// It returns nil when the block is too broken to use.
type Parser func(b *Block) Directive

// Parsers maps the kind word of a fenced block's info string to its parser.
// Fenced blocks whose kind is not in the map stay ordinary code blocks.
type Parsers map[string]Parser

// A Spec is a reference to a value and how to show it:
// PATH [| FORMAT] where FORMAT is a numfmt spec, plus in tables join "SEP".
type Spec struct {
	Off    int // offset of Path
	Path   string
	Format numfmt.Format
	Join   string // separator: the path names a group path.1 … path.N
	Joined bool
}

// String is the spec's canonical text, without a case ending: two languages
// show the same value even where only one attaches a case to it.
func (s Spec) String() string {
	out := s.Path
	var f []string
	if fs := s.Format.WithoutCase().String(); fs != "" {
		f = append(f, fs)
	}
	if s.Joined {
		f = append(f, "join "+strconv.Quote(s.Join))
	}
	if len(f) > 0 {
		out += " | " + strings.Join(f, " ")
	}
	return out
}

var (
	pathRE = regexp.MustCompile(`^[a-z_][a-z0-9_]*(\.[a-z0-9_]+)*$`)
	// suffixRE is a table column's path: it follows a row, so its first
	// element may be a number or start with one (5x150.ns_per_op).
	suffixRE = regexp.MustCompile(`^[a-z0-9_]+(\.[a-z0-9_]+)*$`)
	joinRE   = regexp.MustCompile(`\bjoin\s+"((?:[^"\\]|\\.)*)"`)
)

// ParseSpec parses text, found at offset off, as PATH [| FORMAT]. column
// says the text is a table column: join "SEP" is allowed and PATH is a
// suffix of the row's path, whose first element may start with a digit.
func ParseSpec(text string, off int, column bool) (Spec, []Problem) {
	var probs []Problem
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	pathText, fmtText, hasFmt := strings.Cut(text, "|")
	s := Spec{Off: off + lead, Path: strings.TrimSpace(pathText)}
	re := pathRE
	if column {
		re = suffixRE
	}
	if !re.MatchString(s.Path) {
		probs = append(probs, Problem{Off: s.Off, Msg: fmt.Sprintf("bad value path %q: want dotted lower-case names such as queue.round_robin.mean_wait", s.Path)})
	}
	if !hasFmt {
		return s, probs
	}
	fmtOff := off + len(pathText) + 1
	if m := joinRE.FindStringSubmatchIndex(fmtText); m != nil {
		if !column {
			probs = append(probs, Problem{Off: fmtOff + m[0], Msg: "join is for table columns only"})
		}
		sep, err := strconv.Unquote(fmtText[m[2]-1 : m[3]+1])
		if err != nil {
			probs = append(probs, Problem{Off: fmtOff + m[0], Msg: fmt.Sprintf("bad join separator: %v", err)})
		}
		s.Join, s.Joined = sep, true
		fmtText = fmtText[:m[0]] + fmtText[m[1]:]
	}
	f, err := numfmt.Parse(fmtText)
	if err != nil {
		probs = append(probs, Problem{Off: fmtOff, Msg: err.Error()})
	}
	s.Format = f
	return s, probs
}
