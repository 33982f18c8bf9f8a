package resolve

import "lbcourse/report/internal/expr"

// exprUnit derives the unit of an arithmetic value from the units of its
// paths: a sum or difference of one unit keeps it, scaling by a plain
// number keeps it, a ratio of one unit is a plain number, and anything else
// (a product of two quantities, a sum of two units) has no unit the page
// could name, so it gets none. ok is false for a mix of units in a sum.
func exprUnit(n expr.Node, units map[*expr.Path]string) (unit string, ok bool) {
	switch n := n.(type) {
	case *expr.Num:
		return "", true
	case *expr.Path:
		return units[n], true
	case *expr.Unary:
		return exprUnit(n.X, units)
	case *expr.Call:
		u, ok := exprUnit(n.Args[0], units)
		for _, a := range n.Args[1:] {
			v, vok := exprUnit(a, units)
			ok = ok && vok && v == u
		}
		if !ok {
			return "", false
		}
		return u, true
	case *expr.Binary:
		x, xok := exprUnit(n.X, units)
		y, yok := exprUnit(n.Y, units)
		if !xok || !yok {
			return "", false
		}
		_, xNum := n.X.(*expr.Num)
		_, yNum := n.Y.(*expr.Num)
		switch n.Op {
		case "+", "-":
			if x == y {
				return x, true
			}
			return "", false
		case "*":
			switch {
			case xNum:
				return y, true
			case yNum:
				return x, true
			}
			return "", true
		case "/":
			if yNum {
				return x, true
			}
			return "", true
		}
	}
	return "", true
}
