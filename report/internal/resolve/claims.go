package resolve

import (
	"fmt"
	"strconv"
	"strings"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/expr"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/run"
)

// Claims evaluates every claim of a lesson's first page (the other
// pages carry the same ones) and reports a false one at its line, with the
// values it compared.
func Claims(l *lesson.Lesson, exps map[string]*run.Experiment, said Said, errs *diag.List) (claims int) {
	p := l.Pages[0]
	res := &resolver{file: p.File, exps: exps, errs: errs, said: said[p.File]}
	for _, d := range p.Directives {
		c, ok := d.(*directive.Check)
		if !ok {
			continue
		}
		for _, cl := range c.Claims {
			claims++
			resolved := true
			var shown []string
			seen := map[string]bool{}
			holds, err := expr.Eval(cl.Expr, func(path *expr.Path) (float64, error) {
				v, ok := res.value(path.Name, cl.PathOff(path))
				if !ok {
					resolved = false
					return 0, fmt.Errorf("unresolved")
				}
				if !seen[path.Name] {
					seen[path.Name] = true
					shown = append(shown, path.Name+" = "+strconv.FormatFloat(v.V, 'g', -1, 64))
				}
				return v.V, nil
			})
			switch {
			case !resolved:
				// reported by the resolver
			case err != nil:
				e, _ := err.(*expr.Error)
				off := cl.Off
				if e != nil {
					off = cl.LineOff + e.Off
				}
				errs.Add(p.File, off, "check: %v", errMsg(err))
			case !holds:
				errs.Add(p.File, cl.Off, "check does not hold: %s (%s)", cl.Src, strings.Join(shown, ", "))
			}
		}
	}
	return claims
}

func errMsg(err error) string {
	if e, ok := err.(*expr.Error); ok {
		return e.Msg
	}
	return err.Error()
}
