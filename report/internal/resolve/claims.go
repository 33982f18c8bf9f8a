package resolve

import (
	"strconv"
	"strings"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/expr"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/run"
)

// Claims evaluates every claim of a lesson's first page (the other
// pages carry the same ones). A claim that cannot be evaluated is reported
// in errs; a false one in falses, at its line, with the values it
// compared (a claim over runs names the run that broke it). A build
// reports both; a review lists the false claims beside what moved.
func Claims(l *lesson.Lesson, exps map[string]*run.Experiment, said Said, errs, falses *diag.List) (claims int) {
	p := l.Pages[0]
	res := &resolver{file: p.File, exps: exps, errs: errs, falses: falses, said: said[p.File]}
	for _, d := range p.Directives {
		c, ok := d.(*directive.Check)
		if !ok {
			continue
		}
		for _, cl := range c.Claims {
			claims++
			if cl.Over != nil {
				res.claimOverRuns(cl)
			} else {
				res.claim(cl)
			}
		}
	}
	return claims
}

// shownLookup reads values through look and keeps "path = value" of each
// path once, for the message of a claim that fails.
type shownLookup struct {
	look  expr.Lookup
	shown []string
	seen  map[string]bool
}

func (s *shownLookup) get(p *expr.Path) (float64, error) {
	v, err := s.look(p)
	if err == nil && !s.seen[p.Name] {
		if s.seen == nil {
			s.seen = map[string]bool{}
		}
		s.seen[p.Name] = true
		s.shown = append(s.shown, p.Name+" = "+strconv.FormatFloat(v, 'g', -1, 64))
	}
	return v, err
}

func (r *resolver) lookup(cl directive.Claim) expr.Lookup {
	return func(path *expr.Path) (float64, error) {
		v, ok := r.value(path.Name, cl.PathOff(path))
		if !ok {
			return 0, errUnresolved
		}
		return v.V, nil
	}
}

// claim evaluates a claim that holds once.
func (r *resolver) claim(cl directive.Claim) {
	sl := &shownLookup{look: r.lookup(cl)}
	holds, err := expr.EvalOver(cl.Expr, sl.get, r.runLookup(cl.LineOff))
	switch {
	case err == errUnresolved:
		// reported by the resolver
	case err != nil:
		r.errs.Add(r.file, exprOff(cl, err), "check: %v", errMsg(err))
	case !holds:
		r.falses.Add(r.file, cl.Off, "check does not hold: %s (%s)", cl.Src, strings.Join(sl.shown, ", "))
	}
}

// claimOverRuns evaluates a quantified claim in every run and reports it
// when it holds in too few, naming the first run that broke it.
func (r *resolver) claimOverRuns(cl directive.Claim) {
	looks, labels, err := r.overRuns(cl.Expr, cl.LineOff)
	if err == errUnresolved {
		return
	}
	if err != nil {
		r.errs.Add(r.file, exprOff(cl, err), "check: %v", errMsg(err))
		return
	}
	q := cl.Over
	if !q.Every && q.N != len(looks) {
		r.errs.Add(r.file, q.Off, "check: at least %d of %d: the experiment has %d runs", q.K, q.N, len(looks))
		return
	}
	held, first, firstShown := 0, -1, ""
	for i, look := range looks {
		sl := &shownLookup{look: look}
		holds, err := expr.Eval(cl.Expr, sl.get)
		if err == errUnresolved {
			return
		}
		if err != nil {
			r.errs.Add(r.file, exprOff(cl, err), "check: %v (in the run %s)", errMsg(err), labels[i])
			return
		}
		if holds {
			held++
		} else if first < 0 {
			first, firstShown = i, strings.Join(sl.shown, ", ")
		}
	}
	switch {
	case q.Every && held < len(looks):
		r.falses.Add(r.file, cl.Off, "check does not hold in every run: %s holds in %d of %d; it fails in the run %s (%s)",
			expr.String(cl.Expr), held, len(looks), labels[first], firstShown)
	case !q.Every && held < q.K:
		r.falses.Add(r.file, cl.Off, "check holds in %d of %d runs, fewer than %d: %s; it fails first in the run %s (%s)",
			held, len(looks), q.K, expr.String(cl.Expr), labels[first], firstShown)
	}
}

// exprOff is the file offset of an expression error of claim cl.
func exprOff(cl directive.Claim, err error) int {
	if e, ok := err.(*expr.Error); ok {
		return cl.LineOff + e.Off
	}
	return cl.Off
}

func errMsg(err error) string {
	if e, ok := err.(*expr.Error); ok {
		return e.Msg
	}
	return err.Error()
}
