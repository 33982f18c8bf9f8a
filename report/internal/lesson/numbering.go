package lesson

import (
	"lbcourse/report/internal/directive"
)

// A Numbers is the numbering of a page's figures (plots), tables, display
// formulas and exercises: each is numbered in page order within its
// target, from 1.
type Numbers struct {
	order map[string][]directive.Directive // by target: fig, tab, eq, ex
	byID  map[string]Numbered              // "fig:ID" → element
	of    map[directive.Directive]Numbered
}

// A Numbered is one numbered element: its target, its number and its id
// ("" for an element without one).
type Numbered struct {
	Target, ID string
	N          int
	D          directive.Directive
}

// Numbering numbers p's elements.
func Numbering(p *Page) *Numbers {
	ns := &Numbers{order: map[string][]directive.Directive{}, byID: map[string]Numbered{}, of: map[directive.Directive]Numbered{}}
	for _, d := range p.Directives {
		target, id := numberedAs(d)
		if target == "" {
			continue
		}
		ns.order[target] = append(ns.order[target], d)
		e := Numbered{Target: target, ID: id, N: len(ns.order[target]), D: d}
		ns.of[d] = e
		if id != "" {
			if _, dup := ns.byID[target+":"+id]; !dup {
				ns.byID[target+":"+id] = e
			}
		}
	}
	return ns
}

// numberedAs returns the target and id d is numbered under, or "".
func numberedAs(d directive.Directive) (target, id string) {
	switch d := d.(type) {
	case *directive.Plot:
		return "fig", d.ID
	case *directive.Table:
		return "tab", d.ID
	case *directive.Math:
		if d.Display {
			return "eq", d.ID
		}
	case *directive.Callout:
		if d.Type == "exercise" {
			return "ex", d.ID
		}
	}
	return "", ""
}

// Lookup returns the element TARGET:ID.
func (ns *Numbers) Lookup(target, id string) (Numbered, bool) {
	e, ok := ns.byID[target+":"+id]
	return e, ok
}

// Of returns d's numbering; ok is false for an element not numbered.
func (ns *Numbers) Of(d directive.Directive) (Numbered, bool) {
	e, ok := ns.of[d]
	return e, ok
}

// IDs lists the ids of target's elements, in page order, for a
// did-you-mean.
func (ns *Numbers) IDs(target string) []string {
	var out []string
	for _, d := range ns.order[target] {
		if _, id := numberedAs(d); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// Count is the number of target's elements.
func (ns *Numbers) Count(target string) int { return len(ns.order[target]) }
