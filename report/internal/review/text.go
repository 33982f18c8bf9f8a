package review

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Text writes r for a terminal: per lesson, each moved number with its
// sentence in every language, old then new. With color the numbers are
// marked by ANSI colours (old red, new green); without, by « ».
func Text(w io.Writer, r *Review, color bool) {
	fmt.Fprintf(w, "%s against %s%s\n", r.New, r.Old, r.tolerance())
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	mark := func(s Sentence, old bool) string { return s.marked(color, old) }
	for _, l := range r.Lessons {
		if l.Only != "" {
			fmt.Fprintf(w, "\n%s: %s\n", l.Key, l.summary())
			continue
		}
		fmt.Fprintf(w, "\n%s: %s\n", l.Key, l.summary())
		for _, c := range l.Changes {
			fmt.Fprintf(w, "  %s\n", c.headline())
			for _, lang := range l.Langs {
				v := c.Views[lang]
				switch {
				case c.Kind == Series:
					fmt.Fprintf(w, "    %s: %s\n", lang, v.Where)
				case c.Kind == Cell:
					fmt.Fprintf(w, "    %s: %s: %s -> %s\n", lang, v.Where, orNone(mark(v.Old, true)), orNone(mark(v.New, false)))
				default:
					if v.Where != "" {
						fmt.Fprintf(w, "    %s: column %s\n", lang, v.Where)
					}
					if len(v.Old) > 0 {
						fmt.Fprintf(w, "    %s - %s\n", lang, mark(v.Old, true))
					}
					if len(v.New) > 0 {
						fmt.Fprintf(w, "    %s + %s\n", lang, mark(v.New, false))
					}
				}
			}
		}
		for _, c := range l.Claims {
			fmt.Fprintf(w, "  claim %s: %s\n", c.state(), c.Src)
			if c.Msg != "" {
				fmt.Fprintf(w, "    %s\n", c.Msg)
			}
		}
	}
	moved, other, failing, _, _ := r.Count()
	switch {
	case moved+other+failing == 0 && len(r.Lessons) == 0:
		fmt.Fprintln(w, "no displayed number moved and every claim holds")
	default:
		fmt.Fprintf(w, "\n%s\n", r.totals())
	}
	if r.Checked && len(r.Gate) > 0 {
		fmt.Fprintf(w, "check failed: %s\n", strings.Join(r.Gate, "; "))
	}
}

// tolerance says which changes the review leaves out, if any.
func (r *Review) tolerance() string {
	if r.Tolerance == 0 {
		return ""
	}
	return fmt.Sprintf(" (changes of at most %s%% left out)", strconv.FormatFloat(r.Tolerance*100, 'f', -1, 64))
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// totals is the one-line summary of the whole review.
func (r *Review) totals() string {
	moved, other, failing, broken, mended := r.Count()
	parts := []string{plural(moved, "number moved", "numbers moved")}
	if other > 0 {
		parts = append(parts, plural(other, "number added or removed", "numbers added or removed"))
	}
	fails := plural(failing, "claim fails", "claims fail")
	if broken > 0 {
		fails += fmt.Sprintf(" (%d held before)", broken)
	}
	parts = append(parts, fails)
	if mended > 0 {
		parts = append(parts, plural(mended, "claim holds that failed before", "claims hold that failed before"))
	}
	var added, gone int
	for _, l := range r.Lessons {
		switch l.Only {
		case "new":
			added++
		case "gone":
			gone++
		}
	}
	if added > 0 {
		parts = append(parts, plural(added, "new lesson", "new lessons"))
	}
	if gone > 0 {
		parts = append(parts, plural(gone, "lesson no longer there", "lessons no longer there"))
	}
	return strings.Join(parts, ", ")
}

// summary counts one lesson's changes.
func (l *LessonReview) summary() string {
	switch l.Only {
	case "new":
		return fmt.Sprintf("a new lesson, %s", plural(l.Numbers, "number", "numbers"))
	case "gone":
		return fmt.Sprintf("a lesson no longer there, %s", plural(l.Numbers, "number", "numbers"))
	}
	var values, cells, series, other, failing int
	for _, c := range l.Changes {
		switch {
		case !c.IsMove():
			other++
		case c.Kind == Value:
			values++
		case c.Kind == Cell:
			cells++
		default:
			series++
		}
	}
	for _, c := range l.Claims {
		if c.Now == Fails {
			failing++
		}
	}
	var parts []string
	add := func(n int, one, many string) {
		if n > 0 {
			parts = append(parts, plural(n, one, many))
		}
	}
	add(values, "value moved", "values moved")
	add(cells, "table cell moved", "table cells moved")
	add(series, "figure series moved", "figure series moved")
	add(other, "number added or removed", "numbers added or removed")
	add(failing, "claim fails", "claims fail")
	if len(parts) == 0 {
		return "claims changed"
	}
	return strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// headline names a change and its size.
func (c *Change) headline() string {
	switch {
	case c.Kind == Series && len(c.OldPoints) > 0 && len(c.NewPoints) > 0 && c.Moved == 0:
		return "figure " + c.Key + ": " + c.seriesMoves() // points added or removed only
	case c.Kind == Series && len(c.OldPoints) == 0:
		return fmt.Sprintf("new figure series %s: %d points", c.Key, len(c.NewPoints))
	case c.Kind == Series && len(c.NewPoints) == 0:
		return fmt.Sprintf("figure series gone %s: %d points", c.Key, len(c.OldPoints))
	case c.Kind == Series:
		return "figure " + c.Key + ": " + c.seriesMoves()
	case c.Old == "":
		return fmt.Sprintf("new %s %s: %s", c.noun(), c.Key, c.New)
	case c.New == "":
		return fmt.Sprintf("%s gone %s: %s", c.noun(), c.Key, c.Old)
	}
	s := fmt.Sprintf("%s %s: %s -> %s", c.noun(), c.Key, c.Old, c.New)
	if c.HasRel {
		s += " (" + percent(c.Rel) + ")"
	}
	return s
}

// seriesMoves says how much a series that both sides have moved.
func (c *Change) seriesMoves() string {
	var s string
	switch {
	case c.CDF:
		s = fmt.Sprintf("the value at %d of %d shares moved", c.Moved, c.Points)
	case c.Step:
		s = fmt.Sprintf("moved at %d of %d positions", c.Moved, c.Points)
	default:
		s = fmt.Sprintf("%d of %d points moved", c.Moved, c.Points)
		if c.Added+c.Removed > 0 {
			s += fmt.Sprintf(", %d added, %d removed", c.Added, c.Removed)
		}
	}
	switch {
	case c.HasRel && math.IsInf(c.Rel, 0):
		s += ", one of them " + percent(c.Rel)
	case c.HasRel:
		s += ", the largest " + percent(c.Rel)
	}
	return s
}

func (c *Change) noun() string {
	if c.Kind == Cell {
		return "table cell"
	}
	return "value"
}

// percent shows a relative change, "+26.73%"; a change from 0 has no
// relative size: "up from 0", "down from 0".
func percent(rel float64) string {
	switch {
	case math.IsInf(rel, 1):
		return "up from 0"
	case math.IsInf(rel, -1):
		return "down from 0"
	}
	return fmt.Sprintf("%+.2f%%", rel*100)
}

func (c ClaimChange) state() string {
	switch {
	case c.Now == Fails && c.Was == Holds:
		return "no longer holds"
	case c.Now == Fails && c.Was == Absent:
		return "new, does not hold"
	case c.Now == Fails:
		return "does not hold"
	default:
		return "holds now"
	}
}

// marked is the sentence with its number marked as old or new.
func (s Sentence) marked(color, old bool) string {
	var b strings.Builder
	for _, p := range s {
		switch {
		case !p.Number:
			b.WriteString(p.Text)
		case color && old:
			b.WriteString("\x1b[1;31m" + p.Text + "\x1b[0m")
		case color:
			b.WriteString("\x1b[1;32m" + p.Text + "\x1b[0m")
		default:
			b.WriteString("«" + p.Text + "»")
		}
	}
	return b.String()
}
