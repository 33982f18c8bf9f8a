// Package expr parses and evaluates the claims of check directives:
// arithmetic and comparisons over result values named by dotted paths.
//
// Grammar (precedence from low to high):
//
//	expr    = and { "||" and }
//	and     = compare { "&&" compare }
//	compare = sum [ ( "<" | "<=" | ">" | ">=" | "==" | "!=" ) sum ]
//	sum     = product { ( "+" | "-" ) product }
//	product = unary { ( "*" | "/" ) unary }
//	unary   = ( "-" | "!" ) unary | primary
//	primary = number | path | func "(" [ expr { "," expr } ] ")" | "(" expr ")"
//	path    = name { "." ( name | digits ) }
//	func    = "abs" | "min" | "max"
//
// Every expression is a number or a comparison (a boolean: a comparison,
// or comparisons joined by &&, || and !), and the parser refuses a tree
// whose types do not fit, at the offending operand:
//
//   - the operands of a comparison and of + - * /, the operand of unary -
//     and the arguments of abs, min and max are numbers: (a < b) < c,
//     (a < b) + 1, -(a < b) and abs(a < b) are errors, and so are == and
//     != between comparisons: (a < b) == (c < d) is written
//     (a < b && c < d) || (!(a < b) && !(c < d));
//   - the operands of &&, || and ! are comparisons: a && b and !a are
//     errors; ! binds tightest, so it takes a comparison in parentheses,
//     !(a < b);
//   - comparisons do not chain: a < b < c is an error at the second "<".
//
// A claim (Parse) is a comparison, and each of its comparisons names at
// least one path: 1 < 2 would hold, and 2 < 1 fail, whatever the models
// compute. A value (ParseNumber) is a number. Numbers are float64.
// Positions are byte offsets into the parsed text. MaxLen and MaxDepth
// bound the text.
//
// Eval, EvalNumber, String and Paths take trees that Parse or ParseNumber
// returned. Such a tree is well typed and has at most MaxLen nodes, so
// their recursion is at most MaxLen deep; a deeper tree built by hand is
// refused before it could exhaust the stack: Eval and EvalNumber return an
// error, String and Paths panic.
package expr

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"lbcourse/report/internal/diag"
)

// A Node is one element of a parsed expression.
type Node interface {
	Pos() int // byte offset of the node's first token, parentheses not counted
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

// Binary is x op y; Off is that of x.
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

// An Error is a parse or evaluation problem at a byte offset of the
// expression's text.
type Error = diag.Problem

// maxHeight is the greatest height of a tree from Parse or ParseNumber
// (see MaxLen).
const maxHeight = MaxLen

const tooDeep = "expression is deeper than the parser allows: it was not built by Parse"

// Paths returns every path of n, in source order, duplicates kept.
func Paths(n Node) []*Path {
	return paths(n, false)
}

// RunPaths returns the paths inside count and share calls: each names a
// value of one run.
func RunPaths(n Node) []*Path { return paths(n, true) }

func paths(n Node, onlyRuns bool) []*Path {
	var out []*Path
	var walk func(Node, int, bool)
	walk = func(n Node, h int, in bool) {
		if h > maxHeight {
			panic("expr.Paths: " + tooDeep)
		}
		switch n := n.(type) {
		case *Path:
			if in || !onlyRuns {
				out = append(out, n)
			}
		case *Unary:
			walk(n.X, h+1, in)
		case *Binary:
			walk(n.X, h+1, in)
			walk(n.Y, h+1, in)
		case *Call:
			for _, a := range n.Args {
				walk(a, h+1, in || overRuns[n.Func])
			}
		}
	}
	walk(n, 1, false)
	return out
}

// String returns the canonical text of n: single spaces around binary
// operators and after commas, parentheses only where precedence needs
// them, numbers in strconv's shortest 'g' form. For a tree from Parse
// (ParseNumber), Parse (ParseNumber) of String(n) returns a tree of the
// same shape: its String is String(n) and it evaluates as n does.
func String(n Node) string {
	p := printer{limit: math.MaxInt, over: -1}
	p.write(n, 0, 1)
	return p.b.String()
}

// canonicalOver returns the source offset of the first token of n whose
// canonical text ends past limit bytes (the last token if only closing
// parentheses do), or -1 when String(n) fits in limit.
func canonicalOver(n Node, limit int) int {
	p := printer{limit: limit, over: -1}
	p.write(n, 0, 1)
	if p.over < 0 && p.b.Len() > limit {
		return p.last
	}
	return p.over
}

func prec(op string) int {
	switch op {
	case "||":
		return 1
	case "&&":
		return 2
	case "<", "<=", ">", ">=", "==", "!=":
		return 3
	case "+", "-":
		return 4
	case "*", "/":
		return 5
	}
	return 0
}

// precPrefix is the precedence of ! and unary -, above every binary one.
const precPrefix = 6

// A printer writes canonical text, noting over, the source offset of the
// first token whose text ends past limit bytes, and last, that of the
// last token written.
type printer struct {
	b     strings.Builder
	limit int
	over  int
	last  int
}

// token writes s, the text of the token at source offset off.
func (p *printer) token(off int, s string) {
	p.b.WriteString(s)
	p.last = off
	if p.over < 0 && p.b.Len() > p.limit {
		p.over = off
	}
}

// write writes n, parenthesised when its precedence is below outer; h is
// n's depth in the tree, 1 at the root.
func (p *printer) write(n Node, outer, h int) {
	if h > maxHeight {
		panic("expr.String: " + tooDeep)
	}
	np := precPrefix
	if b, ok := n.(*Binary); ok {
		np = prec(b.Op)
	}
	if np < outer {
		p.b.WriteByte('(')
		defer p.b.WriteByte(')')
	}
	switch n := n.(type) {
	case *Num:
		p.token(n.Off, strconv.FormatFloat(n.V, 'g', -1, 64))
	case *Path:
		p.token(n.Off, n.Name)
	case *Unary:
		p.token(n.Off, n.Op)
		p.write(n.X, precPrefix, h+1)
	case *Binary:
		p.write(n.X, np, h+1)
		p.b.WriteByte(' ')
		p.b.WriteString(n.Op)
		p.b.WriteByte(' ')
		p.write(n.Y, np+1, h+1)
	case *Call:
		p.token(n.Off, n.Func+"(")
		for i, a := range n.Args {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.write(a, 0, h+1)
		}
		p.b.WriteByte(')')
	default:
		p.b.WriteByte('?')
	}
}

// Lookup returns the value a path names.
type Lookup func(p *Path) (float64, error)

// A RunLookup returns, for a count or share call, one Lookup per run of the
// experiment its argument names, in run order; nil runs makes every count
// and share an error.
type RunLookup func(c *Call) ([]Lookup, error)

// env is what an evaluation reads values through.
type env struct {
	look Lookup
	runs RunLookup
}

// EvalOver is Eval with count and share evaluated through runs.
func EvalOver(n Node, look Lookup, runs RunLookup) (bool, error) {
	if !n.isBool() {
		return false, &Error{Off: n.Pos(), Msg: "a check must be a comparison, such as a < b"}
	}
	v, err := eval(n, env{look, runs}, 1)
	return v != 0, err
}

// EvalNumberOver is EvalNumber with count and share evaluated through runs.
func EvalNumberOver(n Node, look Lookup, runs RunLookup) (float64, error) {
	if n.isBool() {
		return 0, &Error{Off: n.Pos(), Msg: "a value must be a number, not a comparison"}
	}
	return eval(n, env{look, runs}, 1)
}

// Eval evaluates a claim. The result is true or false; err is the first
// error of look, as look returned it, or an *Error: a division by zero or
// a non-finite intermediate, at the offset of the operation's left operand.
func Eval(n Node, look Lookup) (bool, error) {
	if !n.isBool() {
		return false, &Error{Off: n.Pos(), Msg: "a check must be a comparison, such as a < b"}
	}
	v, err := eval(n, env{look: look}, 1)
	return v != 0, err
}

// EvalNumber evaluates a numeric expression, with the errors of Eval.
func EvalNumber(n Node, look Lookup) (float64, error) {
	if n.isBool() {
		return 0, &Error{Off: n.Pos(), Msg: "a value must be a number, not a comparison"}
	}
	return eval(n, env{look: look}, 1)
}

func truth(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// eval returns n's value, a comparison's as 1 or 0; h is n's depth in the
// tree, 1 at the root.
func eval(n Node, e env, h int) (float64, error) {
	if h > maxHeight {
		return 0, &Error{Off: n.Pos(), Msg: tooDeep}
	}
	switch n := n.(type) {
	case *Num:
		return n.V, nil
	case *Path:
		return e.look(n)
	case *Unary:
		x, err := eval(n.X, e, h+1)
		if err != nil {
			return 0, err
		}
		if n.Op == "!" {
			return truth(x == 0), nil
		}
		return -x, nil
	case *Call:
		return evalCall(n, e, h)
	case *Binary:
		return evalBinary(n, e, h)
	}
	return 0, &Error{Off: n.Pos(), Msg: "cannot evaluate"}
}

func evalCall(n *Call, e env, h int) (float64, error) {
	if overRuns[n.Func] {
		return evalRuns(n, e, h)
	}
	args := make([]float64, len(n.Args))
	for i, a := range n.Args {
		v, err := eval(a, e, h+1)
		if err != nil {
			return 0, err
		}
		args[i] = v
	}
	if len(args) == 0 {
		return 0, &Error{Off: n.Off, Msg: "cannot evaluate"}
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
	return 0, &Error{Off: n.Off, Msg: "cannot evaluate"}
}

// evalBinary evaluates x op y; && and || do not evaluate y when x decides.
// evalRuns counts the runs in which a count or share's comparison holds.
func evalRuns(n *Call, e env, h int) (float64, error) {
	if e.runs == nil {
		return 0, &Error{Off: n.Off, Msg: n.Func + " needs the runs of a replicated or swept experiment"}
	}
	looks, err := e.runs(n)
	if err != nil {
		return 0, err
	}
	held := 0
	for _, look := range looks {
		v, err := eval(n.Args[0], env{look: look}, h+1)
		if err != nil {
			return 0, err
		}
		if v != 0 {
			held++
		}
	}
	if n.Func == "share" {
		return float64(held) / float64(len(looks)), nil
	}
	return float64(held), nil
}

func evalBinary(n *Binary, e env, h int) (float64, error) {
	x, err := eval(n.X, e, h+1)
	if err != nil {
		return 0, err
	}
	if n.Op == "&&" && x == 0 || n.Op == "||" && x != 0 {
		return x, nil
	}
	y, err := eval(n.Y, e, h+1)
	if err != nil {
		return 0, err
	}
	var v float64
	switch n.Op {
	case "&&", "||":
		return truth(y != 0), nil
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
	case "+":
		v = x + y
	case "-":
		v = x - y
	case "*":
		v = x * y
	case "/":
		if y == 0 {
			return 0, &Error{Off: n.Off, Msg: "division by zero"}
		}
		v = x / y
	default:
		return 0, &Error{Off: n.Off, Msg: "cannot evaluate"}
	}
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, &Error{Off: n.Off, Msg: fmt.Sprintf("result of %s is not finite", n.Op)}
	}
	return v, nil
}
