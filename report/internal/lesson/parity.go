package lesson

import (
	"fmt"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
)

// CheckParity reports every directive or value one language of a lesson
// has more often than another: the languages must show the same things.
func CheckParity(l *Lesson, errs *diag.List) {
	if len(l.Pages) < 2 {
		return
	}
	base := l.Pages[0]
	count := func(p *Page) (map[string]int, map[string][]directive.Directive) {
		n := map[string]int{}
		at := map[string][]directive.Directive{}
		for _, d := range p.Directives {
			if !Paired(d) {
				continue
			}
			if e, ok := d.(*directive.Experiment); ok {
				d = &experimentName{e}
			}
			k := d.Kind() + " " + d.Neutral()
			n[k]++
			at[k] = append(at[k], d)
		}
		return n, at
	}
	bn, bat := count(base)
	for _, p := range l.Pages[1:] {
		compareExperiments(base, p, errs)
		compareNumbering(base, p, errs)
		pn, pat := count(p)
		report := func(from *Page, fromAt map[string][]directive.Directive, key string, have, other int, otherFile string) {
			d := fromAt[key][other] // the first one the other file lacks
			errs.Add(from.File, d.Pos(), "%s %s appears %s here but %s in %s", d.Kind(), describeDirective(d), times(have), times(other), otherFile)
		}
		for _, k := range keysInOrder(base) {
			if bn[k] > pn[k] {
				report(base, bat, k, bn[k], pn[k], p.File)
			}
		}
		for _, k := range keysInOrder(p) {
			if pn[k] > bn[k] {
				report(p, pat, k, pn[k], bn[k], base.File)
			}
		}
	}
}

func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

func describeDirective(d directive.Directive) string {
	switch d := d.(type) {
	case *directive.Value:
		return "{{ " + d.Spec.String() + " }}"
	case *directive.Experiment:
		return d.Name
	case *directive.Plot:
		return d.ID
	case *directive.Table:
		if d.Experiment != "" {
			return "of " + d.Experiment
		}
		return "[" + d.Neutral() + "]"
	}
	s := d.Neutral()
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return fmt.Sprintf("%q", s)
}

// Paired reports whether d must appear in every language of a lesson as
// often as in the others. What prose writes in its own way is not paired:
// cross-references, citations, glossary terms and inline formulas.
func Paired(d directive.Directive) bool {
	switch d := d.(type) {
	case *directive.Ref, *directive.Cite, *directive.Term:
		return false
	case *directive.Math:
		return d.Display
	}
	return true
}

// compareNumbering reports the first numbered element (figure, table,
// formula, exercise) that two languages number differently: the numbers
// follow the page order, so the order must agree.
func compareNumbering(a, b *Page, errs *diag.List) {
	na, nb := Numbering(a), Numbering(b)
	for target, ea := range na.order {
		eb := nb.order[target]
		for i := 0; i < min(len(ea), len(eb)); i++ {
			if keyOf(ea[i]) != keyOf(eb[i]) {
				errs.Add(b.File, eb[i].Pos(), "%s is %s %d here, but %s numbers %s %d: put them in the same order", numberedName(eb[i]), targetWord[target], i+1, a.File, numberedName(ea[i]), i+1)
				break
			}
		}
	}
}

var targetWord = map[string]string{"fig": "figure", "tab": "table", "eq": "formula", "ex": "exercise"}

// numberedName names a numbered element by its kind and id, or its content
// when it has no id.
func numberedName(d directive.Directive) string {
	target, id := numberedAs(d)
	if id == "" {
		return targetWord[target] + " " + describeDirective(d)
	}
	return targetWord[target] + " " + id
}

// experimentName stands for an experiment in the count by kind: only its
// name; compareExperiments compares the content.
type experimentName struct{ *directive.Experiment }

func (e *experimentName) Neutral() string { return e.Name }

func keyOf(d directive.Directive) string {
	if e, ok := d.(*directive.Experiment); ok {
		return "experiment " + e.Name
	}
	return d.Kind() + " " + d.Neutral()
}

// keysInOrder returns the distinct keys of p's directives in first-seen order.
func keysInOrder(p *Page) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range p.Directives {
		k := keyOf(d)
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// compareExperiments reports experiments of the same name whose model or
// parameters differ between two languages.
func compareExperiments(a, b *Page, errs *diag.List) {
	first := map[string]*directive.Experiment{}
	for _, d := range a.Directives {
		if e, ok := d.(*directive.Experiment); ok {
			if _, dup := first[e.Name]; !dup {
				first[e.Name] = e
			}
		}
	}
	seen := map[string]bool{}
	for _, d := range b.Directives {
		e, ok := d.(*directive.Experiment)
		if !ok || seen[e.Name] {
			continue
		}
		seen[e.Name] = true
		if o, ok := first[e.Name]; ok && o.Neutral() != e.Neutral() {
			errs.Add(b.File, e.Off, "experiment %s differs from the one in %s: %s here, %s there", e.Name, a.File, e.Neutral(), o.Neutral())
		}
	}
}
