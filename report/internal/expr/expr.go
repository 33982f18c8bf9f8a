// Package expr parses and evaluates the claims of check directives:
// arithmetic and comparisons over result values named by dotted paths.
//
// Grammar (precedence from low to high):
//
//	expr    = and { "||" and }
//	and     = not { "&&" not }
//	not     = "!" not | compare
//	compare = sum [ ( "<" | "<=" | ">" | ">=" | "==" | "!=" ) sum ]
//	sum     = product { ( "+" | "-" ) product }
//	product = unary { ( "*" | "/" ) unary }
//	unary   = "-" unary | primary
//	primary = number | path | func "(" expr { "," expr } ")" | "(" expr ")"
//	path    = name { "." ( name | digits ) }
//	func    = "abs" | "min" | "max"
//
// A claim is a boolean expression; numbers are float64. Positions are byte
// offsets into the parsed text.
package expr

import (
	"fmt"
	"math"
	"strconv"
)

// A Node is one element of a parsed expression.
type Node interface {
	Pos() int // byte offset of the node's first character
	isBool() bool
}

// Num is a number literal.
type Num struct {
	Off int
	V   float64
	Src string
}

// Path names a result value: the first element is the experiment.
type Path struct {
	Off  int
	Name string
}

// Unary is -x or !x.
type Unary struct {
	Off int
	Op  string
	X   Node
}

// Binary is x op y.
type Binary struct {
	Off  int
	Op   string
	X, Y Node
}

// Call is a call of a built-in function.
type Call struct {
	Off  int
	Func string
	Args []Node
}

func (n *Num) Pos() int    { return n.Off }
func (n *Path) Pos() int   { return n.Off }
func (n *Unary) Pos() int  { return n.Off }
func (n *Binary) Pos() int { return n.Off }
func (n *Call) Pos() int   { return n.Off }

func (n *Num) isBool() bool   { return false }
func (n *Path) isBool() bool  { return false }
func (n *Unary) isBool() bool { return n.Op == "!" }
func (n *Binary) isBool() bool {
	switch n.Op {
	case "+", "-", "*", "/":
		return false
	}
	return true
}
func (n *Call) isBool() bool { return false }

// An Error is a parse or evaluation problem at a byte offset.
type Error struct {
	Off int
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("offset %d: %s", e.Off, e.Msg) }

// Paths returns every path of n, in source order, duplicates kept.
func Paths(n Node) []*Path {
	var out []*Path
	var walk func(Node)
	walk = func(n Node) {
		switch n := n.(type) {
		case *Path:
			out = append(out, n)
		case *Unary:
			walk(n.X)
		case *Binary:
			walk(n.X)
			walk(n.Y)
		case *Call:
			for _, a := range n.Args {
				walk(a)
			}
		}
	}
	walk(n)
	return out
}

// String returns the canonical text of n: single spaces around binary
// operators, parentheses only where precedence needs them.
func String(n Node) string { return str(n, 0) }

func prec(op string) int {
	switch op {
	case "||":
		return 1
	case "&&":
		return 2
	case "<", "<=", ">", ">=", "==", "!=":
		return 4
	case "+", "-":
		return 5
	case "*", "/":
		return 6
	}
	return 0
}

func str(n Node, outer int) string {
	switch n := n.(type) {
	case *Num:
		return strconv.FormatFloat(n.V, 'g', -1, 64)
	case *Path:
		return n.Name
	case *Unary:
		// The operand of ! is parenthesised unless atomic, for readability.
		p := 7
		s := n.Op + str(n.X, 7)
		if n.Op == "!" {
			p = 3
		}
		if p < outer {
			return "(" + s + ")"
		}
		return s
	case *Binary:
		p := prec(n.Op)
		s := str(n.X, p) + " " + n.Op + " " + str(n.Y, p+1)
		if p < outer {
			return "(" + s + ")"
		}
		return s
	case *Call:
		s := n.Func + "("
		for i, a := range n.Args {
			if i > 0 {
				s += ", "
			}
			s += str(a, 0)
		}
		return s + ")"
	}
	return "?"
}

// Lookup returns the value a path names.
type Lookup func(p *Path) (float64, error)

// Eval evaluates a claim. The result is true or false; err is the first
// lookup error, or a division by zero or non-finite intermediate.
func Eval(n Node, look Lookup) (bool, error) {
	if !n.isBool() {
		return false, &Error{n.Pos(), "a check must be a comparison, such as a < b"}
	}
	v, err := eval(n, look)
	return v != 0, err
}

// EvalNumber evaluates a numeric expression.
func EvalNumber(n Node, look Lookup) (float64, error) {
	if n.isBool() {
		return 0, &Error{n.Pos(), "a value must be a number, not a comparison"}
	}
	return eval(n, look)
}

func truth(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func eval(n Node, look Lookup) (float64, error) {
	switch n := n.(type) {
	case *Num:
		return n.V, nil
	case *Path:
		return look(n)
	case *Unary:
		x, err := eval(n.X, look)
		if err != nil {
			return 0, err
		}
		if n.Op == "!" {
			return truth(x == 0), nil
		}
		return -x, nil
	case *Call:
		args := make([]float64, len(n.Args))
		for i, a := range n.Args {
			v, err := eval(a, look)
			if err != nil {
				return 0, err
			}
			args[i] = v
		}
		switch n.Func {
		case "abs":
			return math.Abs(args[0]), nil
		case "min":
			m := args[0]
			for _, a := range args[1:] {
				m = math.Min(m, a)
			}
			return m, nil
		case "max":
			m := args[0]
			for _, a := range args[1:] {
				m = math.Max(m, a)
			}
			return m, nil
		}
	case *Binary:
		x, err := eval(n.X, look)
		if err != nil {
			return 0, err
		}
		if n.Op == "&&" && x == 0 || n.Op == "||" && x != 0 {
			return x, nil
		}
		y, err := eval(n.Y, look)
		if err != nil {
			return 0, err
		}
		switch n.Op {
		case "&&", "||":
			return truth(y != 0), nil
		case "+":
			return x + y, nil
		case "-":
			return x - y, nil
		case "*":
			return x * y, nil
		case "/":
			if y == 0 {
				return 0, &Error{n.Off, "division by zero"}
			}
			return x / y, nil
		case "<":
			return truth(x < y), nil
		case "<=":
			return truth(x <= y), nil
		case ">":
			return truth(x > y), nil
		case ">=":
			return truth(x >= y), nil
		case "==":
			return truth(x == y), nil
		case "!=":
			return truth(x != y), nil
		}
	}
	return 0, &Error{n.Pos(), "cannot evaluate"}
}
