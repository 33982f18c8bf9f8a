package directive

import (
	"fmt"
	"strings"

	"lbcourse/report/internal/diag"
)

// A Callout is a block quote whose first line names its type, in the
// manner of GitHub's alerts; its body is ordinary Markdown:
//
//	> [!key]
//	> Round robin balances the unit it distributes, not the work.
//
// The types are objectives (at the top of a lesson), summary (at its end),
// key (a key idea), note, pitfall, try (something to run) and exercise.
// An exercise has an id, is numbered in page order, is referable as
// [@ex:ID], and holds a hint and an answer as callouts of their own; the
// answer, shown closed, must take its figures from the experiments (a
// value or a check inside it):
//
//	> [!exercise slow-server]
//	> What happens to the mean wait when one server is twice as slow?
//	>
//	> > [!hint]
//	> > Compare the two rules' waits.
//	>
//	> > [!answer]
//	> > It grows to {{ slow.round_robin.mean_wait | 1 }} turns.
type Callout struct {
	Off   int
	Type  string
	ID    string // exercises only
	IDOff int
}

func (c *Callout) Kind() string    { return "callout" }
func (c *Callout) Pos() int        { return c.Off }
func (c *Callout) Neutral() string { return strings.TrimSpace(c.Type + " " + c.ID) }

// CalloutTypes are the callout types, in the order the specification
// lists them.
var CalloutTypes = []string{"objectives", "summary", "key", "note", "pitfall", "try", "exercise", "hint", "answer"}

// ParseCallout parses the marker line's text between "[!" and "]" and what
// follows it on the line; off is the offset of "[!", restOff that of rest.
func ParseCallout(marker string, off int, rest string, restOff int) (*Callout, []Problem) {
	c := &Callout{Off: off, Type: strings.TrimSpace(marker)}
	var probs []Problem
	known := false
	for _, t := range CalloutTypes {
		known = known || t == c.Type
	}
	if !known {
		probs = append(probs, Problem{Off: off + 2, Msg: fmt.Sprintf("unknown callout type %q%s (the types: %s)", c.Type, diag.DidYouMean(c.Type, CalloutTypes), strings.Join(CalloutTypes, ", "))})
	}
	lead := len(rest) - len(strings.TrimLeft(rest, " \t"))
	id := strings.TrimSpace(rest)
	switch {
	case c.Type == "exercise" && id == "":
		probs = append(probs, Problem{Off: off, Msg: "an exercise needs an id: > [!exercise ID]"})
	case c.Type == "exercise":
		c.ID, c.IDOff = id, restOff+lead
		if !idRE.MatchString(id) {
			probs = append(probs, Problem{Off: c.IDOff, Msg: fmt.Sprintf("exercise: bad id %q: ids are lower-case letters, digits and -", id)})
		}
	case known && id != "":
		probs = append(probs, Problem{Off: restOff + lead, Msg: fmt.Sprintf("a %s callout takes nothing after its type on the marker line: start its text on the next line", c.Type)})
	}
	return c, probs
}

// CalloutView is what templates/directives/callout.html shows around the
// callout's body: its type, its label in the page's language, and for an
// exercise its number and anchor. Hints and answers are closed details.
type CalloutView struct {
	Type   string
	Label  string
	Anchor string
	Closed bool
}

func resolveCallout(d Directive, c Context) (any, bool) {
	co := d.(*Callout)
	v := CalloutView{Type: co.Type, Label: c.UI("callout_" + co.Type), Closed: co.Type == "hint" || co.Type == "answer"}
	if co.Type == "exercise" {
		l, ok := c.Numbered(d)
		if !ok {
			return nil, false
		}
		v.Label, v.Anchor = l.Text, l.Anchor
	}
	return v, true
}
