package resolve

import (
	"fmt"
	"strings"

	"lbcourse/report/internal/expr"
)

// overRuns returns one lookup per run of the one experiment the paths of n
// name (each path EXP.P read as EXP.run.KEY.P), and the runs' labels.
func (r *resolver) overRuns(n expr.Node, base int) ([]expr.Lookup, []string, error) {
	var name string
	for _, p := range expr.Paths(n) {
		exp, _, _ := strings.Cut(p.Name, ".")
		if name != "" && exp != name {
			return nil, nil, &expr.Error{Off: p.Off, Msg: fmt.Sprintf("a claim over runs names one experiment; this one names %s and %s", name, exp)}
		}
		name = exp
	}
	x, ok := r.exps[name]
	if !ok || !x.OK {
		return nil, nil, errUnresolved
	}
	keys, labels := x.RunKeys()
	looks := make([]expr.Lookup, len(keys))
	for i, k := range keys {
		looks[i] = func(p *expr.Path) (float64, error) {
			exp, path, _ := strings.Cut(p.Name, ".")
			v, ok := r.value(exp+".run."+k+"."+path, base+p.Off)
			if !ok {
				return 0, errUnresolved
			}
			return v.V, nil
		}
	}
	return looks, labels, nil
}

// runLookup is an expr.RunLookup over r's experiments; base is the file
// offset expression offsets count from.
func (r *resolver) runLookup(base int) expr.RunLookup {
	return func(c *expr.Call) ([]expr.Lookup, error) {
		looks, _, err := r.overRuns(c.Args[0], base)
		return looks, err
	}
}

// errUnresolved stops an evaluation at a path already reported.
var errUnresolved = fmt.Errorf("unresolved")
