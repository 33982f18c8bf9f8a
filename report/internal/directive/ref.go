package directive

import (
	"fmt"
	"html/template"
	"regexp"
	"strings"

	"lbcourse/report/internal/numfmt"
)

// A Ref is a cross-reference in prose to a numbered element of the page:
//
//	[@fig:slow-queue]   a plot, by its id     → "Şekil 3" / "Figure 3"
//	[@tab:draws]        a table, by its id    → "Tablo 2" / "Table 2"
//	[@eq:miss]          a formula, by its id  → "Denklem 1" / "Equation 1"
//	[@ex:thresholds]    an exercise, by its id → "Alıştırma 4" / "Exercise 4"
//
// A Turkish case ending may follow a bar, [@fig:slow-queue|loc] →
// "Şekil 3'te": the ending depends on the number, so the page cannot type
// it. The reference renders as a link to the element.
type Ref struct {
	Off    int    // offset of "[@"
	Target string // fig, tab, eq or ex
	ID     string
	IDOff  int
	Case   numfmt.Case
}

func (r *Ref) Kind() string    { return "ref" }
func (r *Ref) Pos() int        { return r.Off }
func (r *Ref) Neutral() string { return r.Target + ":" + r.ID }

// A Cite cites one or more bibliography entries, [@dean2013] or
// [@dean2013; @karger1997]: author and year, linked to the page's
// reference list.
type Cite struct {
	Off     int
	Keys    []string
	KeyOffs []int
}

func (c *Cite) Kind() string    { return "cite" }
func (c *Cite) Pos() int        { return c.Off }
func (c *Cite) Neutral() string { return strings.Join(c.Keys, "; ") }

// RefTargets are the prefixes of a cross-reference, each the kind of
// element it numbers.
var RefTargets = []string{"fig", "tab", "eq", "ex"}

var (
	idRE  = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	keyRE = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
)

// ParseBracket parses the text between "[@" and "]": a cross-reference
// (TARGET:ID[|CASE]) or a citation (KEY[; @KEY]...). off is the offset of
// "[@", innerOff that of the text.
func ParseBracket(inner string, off, innerOff int) (Directive, []Problem) {
	if target, rest, ok := strings.Cut(inner, ":"); ok && !strings.ContainsAny(target, " ;@") {
		return parseRef(target, rest, off, innerOff)
	}
	c := &Cite{Off: off}
	var probs []Problem
	pos := innerOff
	for i, part := range strings.Split(inner, ";") {
		lead := len(part) - len(strings.TrimLeft(part, " \t"))
		key := strings.TrimSpace(part)
		keyOff := pos + lead
		if i > 0 {
			if !strings.HasPrefix(key, "@") {
				probs = append(probs, Problem{Off: keyOff, Msg: "citation: write each further key with @, as in [@dean2013; @karger1997]"})
			}
		}
		if strings.HasPrefix(key, "@") {
			key, keyOff = key[1:], keyOff+1
		}
		if !keyRE.MatchString(key) {
			probs = append(probs, Problem{Off: keyOff, Msg: fmt.Sprintf("citation: bad key %q: a key is lower-case letters, digits, _ and -, starting with a letter", key)})
		} else {
			c.Keys, c.KeyOffs = append(c.Keys, key), append(c.KeyOffs, keyOff)
		}
		pos += len(part) + 1
	}
	return c, probs
}

func parseRef(target, rest string, off, innerOff int) (Directive, []Problem) {
	r := &Ref{Off: off, Target: target, IDOff: innerOff + len(target) + 1}
	var probs []Problem
	known := false
	for _, t := range RefTargets {
		known = known || t == target
	}
	if !known {
		probs = append(probs, Problem{Off: innerOff, Msg: fmt.Sprintf("reference: unknown target %q: write fig:, tab:, eq: or ex: before the id", target)})
	}
	id, cs, hasCase := strings.Cut(rest, "|")
	r.ID = strings.TrimSpace(id)
	if !idRE.MatchString(r.ID) {
		probs = append(probs, Problem{Off: r.IDOff, Msg: fmt.Sprintf("reference: bad id %q: ids are lower-case letters, digits and -", r.ID)})
	}
	if hasCase {
		f, err := numfmt.Parse(cs)
		switch {
		case err != nil || f.Case == "" || f != (numfmt.Format{Case: f.Case}):
			probs = append(probs, Problem{Off: r.IDOff + len(id) + 1, Msg: fmt.Sprintf("reference: after | only a case ending (acc, dat, loc, abl, gen), not %q", strings.TrimSpace(cs))})
		default:
			r.Case = f.Case
		}
	}
	return r, probs
}

// A Label is how the page names a numbered element: its text ("Şekil 3"),
// its number, and the anchor a reference links to.
type Label struct {
	Text   string
	Number int
	Anchor string
}

// RefView is what templates/directives/ref.html shows.
type RefView struct {
	Text, Href string
}

func resolveRef(d Directive, c Context) (any, bool) {
	r := d.(*Ref)
	l, ok := c.Label(r.Target, r.ID, r.IDOff)
	if !ok {
		return nil, false
	}
	text := l.Text
	if r.Case != "" {
		text = strings.TrimSuffix(l.Text, fmt.Sprint(l.Number)) + c.Locale().Format(numfmt.Format{Case: r.Case}, float64(l.Number))
	}
	return RefView{Text: text, Href: "#" + l.Anchor}, true
}

// CiteView is what templates/directives/cite.html shows: each work's
// authors and year, linked to its entry in the reference list.
type CiteView struct {
	Works []CiteWork
}

// A CiteWork is one cited work as the text names it.
type CiteWork struct {
	Authors, Year, Href string
	Title               template.HTML // for the link's title attribute
}

func resolveCite(d Directive, c Context) (any, bool) {
	ci := d.(*Cite)
	var v CiteView
	for i, k := range ci.Keys {
		w, ok := c.Cite(k, ci.KeyOffs[i])
		if !ok {
			return nil, false
		}
		v.Works = append(v.Works, w)
	}
	return v, len(v.Works) > 0
}
