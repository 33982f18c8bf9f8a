package directive

import (
	"fmt"
	"strings"
)

// A Term marks a glossary term in prose: [[hash]] shows the term as the
// glossary writes it in the page's language, [[hash|karmaya]] shows the
// text given (a Turkish word with its suffix, a plural). Its first use on
// a page adds the other language's term, "karma (hash)", and links to the
// glossary; the key must be in templates/glossary.yaml.
type Term struct {
	Off    int // offset of "[["
	Key    string
	KeyOff int
	Text   string // "" for the glossary's own word
}

func (t *Term) Kind() string    { return "term" }
func (t *Term) Pos() int        { return t.Off }
func (t *Term) Neutral() string { return t.Key }

// ParseTerm parses the text between "[[" and "]]"; off is the offset of
// "[[", innerOff that of the text.
func ParseTerm(inner string, off, innerOff int) (*Term, []Problem) {
	key, text, hasText := strings.Cut(inner, "|")
	lead := len(key) - len(strings.TrimLeft(key, " \t"))
	t := &Term{Off: off, Key: strings.TrimSpace(key), KeyOff: innerOff + lead, Text: strings.TrimSpace(text)}
	var probs []Problem
	if !keyRE.MatchString(t.Key) {
		probs = append(probs, Problem{Off: t.KeyOff, Msg: fmt.Sprintf("glossary term: bad key %q: a key is lower-case letters, digits, _ and -, as in [[hash]] or [[hash|karmaya]]", t.Key)})
	}
	if hasText && t.Text == "" {
		probs = append(probs, Problem{Off: innerOff + len(key), Msg: "glossary term: nothing after |: write the text to show, or leave out the bar"})
	}
	return t, probs
}

// TermView is what templates/directives/term.html shows.
type TermView struct {
	Text  string // as the page shows it
	Href  string // the glossary entry
	Title string // the definition, for the link's title
	// Gloss is the other language's term on the term's first use on the
	// page, "" after; GlossLang is its language code.
	Gloss, GlossLang string
}

func resolveTerm(d Directive, c Context) (any, bool) {
	t := d.(*Term)
	v, ok := c.Glossary(t.Key, t.KeyOff)
	if !ok {
		return nil, false
	}
	if t.Text != "" {
		v.Text = t.Text
	}
	return v, true
}
