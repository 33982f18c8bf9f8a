package directive

import (
	"strings"

	"lbcourse/report/internal/expr"
)

// A PathRef is a result a directive names, found before any experiment
// runs, so that a path no model declares fails at its line.
type PathRef struct {
	Experiment string
	Path       string // within the experiment: a value, a group, a series or a prefix
	Off        int
	Of         RefKind
}

// RefKind says what a PathRef names.
type RefKind int

const (
	RefValue  RefKind = iota // one value
	RefGroup                 // the values PATH.1 … PATH.N
	RefSeries                // a series
	RefPrefix                // some value under PATH
	RefRun                   // a value of each run (inside count, share or a quantified claim)
)

// A Pather is a directive that names results.
type Pather interface {
	Paths() []PathRef
}

// splitPath splits EXPERIMENT.PATH.
func splitPath(full string, off int, of RefKind) PathRef {
	exp, path, _ := strings.Cut(full, ".")
	return PathRef{exp, path, off, of}
}

// exprPaths lists n's paths; those inside count and share, or all of them
// when the claim is quantified over runs (allRuns), name a value of each run.
func exprPaths(n expr.Node, base int, allRuns bool) []PathRef {
	inRuns := map[*expr.Path]bool{}
	for _, p := range expr.RunPaths(n) {
		inRuns[p] = true
	}
	var out []PathRef
	for _, p := range expr.Paths(n) {
		of := RefValue
		if allRuns || inRuns[p] {
			of = RefRun
		}
		out = append(out, splitPath(p.Name, base+p.Off, of))
	}
	return out
}

// Paths are the value paths of an inline value.
func (v *Value) Paths() []PathRef {
	if v.Expr == nil {
		return nil
	}
	return exprPaths(v.Expr, v.ExprOff, false)
}

// Paths are the value paths of every claim.
func (c *Check) Paths() []PathRef {
	var out []PathRef
	for _, cl := range c.Claims {
		out = append(out, exprPaths(cl.Expr, cl.LineOff, cl.Over != nil)...)
	}
	return out
}

// Paths are each row's prefix and, for the first row, each column's value
// or group: a column wrong in one row is wrong in all.
func (t *Table) Paths() []PathRef {
	var out []PathRef
	for i, r := range t.Rows {
		prefix := t.RowPath(r)
		out = append(out, splitPath(prefix, r.Off, RefPrefix))
		if i > 0 {
			continue
		}
		for _, c := range t.Columns {
			of := RefValue
			if c.Joined {
				of = RefGroup
			}
			out = append(out, splitPath(prefix+"."+c.Path, c.Off, of))
		}
	}
	return out
}

// Paths are the plot's series and the values of its reference lines.
func (p *Plot) Paths() []PathRef {
	var out []PathRef
	for _, s := range p.Series {
		exp := s.Experiment
		if exp == "" {
			exp = p.Experiment
		}
		out = append(out, PathRef{exp, s.Data, s.Off, RefSeries})
	}
	for _, l := range p.Lines {
		if l.Path == "" {
			continue
		}
		exp := l.Experiment
		if exp == "" {
			exp = p.Experiment
		}
		out = append(out, PathRef{exp, l.Path, l.Off, RefValue})
	}
	return out
}
