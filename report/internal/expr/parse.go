package expr

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// MaxLen is the longest text, in bytes, that Parse and ParseNumber accept,
// and the longest canonical form (String) of what they return: a longer
// text is an error at offset MaxLen, a longer canonical form one at the
// token whose canonical text crosses the limit. Every node of a tree owns
// a token of at least one byte, so a tree they return has at most MaxLen
// nodes: its height, and the recursion of Eval, EvalNumber, String and
// Paths over it, are at most MaxLen.
const MaxLen = 4096

// MaxDepth is the deepest nesting that Parse and ParseNumber accept. Each
// "(", function call, "!" and unary "-" opens a level inside the levels
// around it; the token that opens level MaxDepth+1 is an error. It bounds
// the parser's recursion, a level costing a fixed number of stack frames.
// The canonical form of a tree nests no deeper than the text it came from.
const MaxDepth = 64

// funcs maps each built-in function to its least and greatest argument count
// (-1: no limit).
var funcs = map[string][2]int{"abs": {1, 1}, "min": {2, -1}, "max": {2, -1}, "count": {1, 1}, "share": {1, 1}}

// overRuns are the functions whose argument is a comparison evaluated in
// every run of a replicated or swept experiment: count gives the number of
// runs in which it holds, share that number over the runs.
var overRuns = map[string]bool{"count": true, "share": true}

var comparisons = []string{"<", "<=", ">", ">=", "==", "!="}

type token struct {
	off  int
	kind byte // 'n' number, 'p' path, 'o' operator, 0 end
	text string
}

// A parser reads tokens once, left to right; its recursion goes one level
// deeper only where depth counts a level, so it runs in time linear in the
// tokens and in stack bounded by MaxDepth.
type parser struct {
	toks   []token
	i      int
	depth  int  // levels open at the current token
	inRuns bool // inside count( or share(
}

// Parse parses src as a claim: a boolean expression that names at least one
// value in each comparison. Errors are *Error with offsets into src.
func Parse(src string) (Node, error) { return parse(src, true) }

// ParseNumber parses src as a numeric expression (for derived values in
// prose, such as a - b). Errors are *Error with offsets into src.
func ParseNumber(src string) (Node, error) { return parse(src, false) }

func parse(src string, claim bool) (Node, error) {
	if len(src) > MaxLen {
		return nil, &Error{Off: MaxLen, Msg: fmt.Sprintf("expression is longer than %d bytes", MaxLen)}
	}
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	start := p.peek().off
	n, err := p.or()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != 0 {
		return nil, &Error{Off: t.off, Msg: fmt.Sprintf("unexpected %q", t.text)}
	}
	switch {
	case claim && !n.isBool():
		return nil, &Error{Off: start, Msg: "a check must be a comparison, such as a < b"}
	case !claim && n.isBool():
		return nil, &Error{Off: start, Msg: "a value must be a number, not a comparison"}
	}
	if off := canonicalOver(n, MaxLen); off >= 0 {
		return nil, &Error{Off: off, Msg: fmt.Sprintf("expression is longer than %d bytes in canonical form (one space around each operator)", MaxLen)}
	}
	if claim {
		if c := constant(n); c != nil {
			return nil, &Error{Off: c.Pos(), Msg: "comparison of constants: it holds or fails whatever the models compute"}
		}
	}
	return n, nil
}

// constant returns the first comparison of a well-typed claim that names
// no path, or nil. Such a comparison always holds or never does, so a
// claim holding it could not fail, or could not pass, whatever the models
// compute.
func constant(n Node) *Binary {
	switch n := n.(type) {
	case *Unary:
		return constant(n.X)
	case *Binary:
		if n.Op == "&&" || n.Op == "||" {
			if c := constant(n.X); c != nil {
				return c
			}
			return constant(n.Y)
		}
		if len(Paths(n)) == 0 {
			return n
		}
	}
	return nil
}

func isLetter(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

var operators = []string{"&&", "||", "<=", ">=", "==", "!=", "<", ">", "!", "+", "-", "*", "/", "(", ")", ","}

// lex splits src into tokens, ending with a kind 0 token at len(src).
func lex(src string) ([]token, error) {
	var toks []token
	for i := 0; i < len(src); {
		c := src[i]
		var j int
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case isDigit(c) || c == '.' && i+1 < len(src) && isDigit(src[i+1]):
			j = lexNumber(src, i)
			toks = append(toks, token{i, 'n', src[i:j]})
		case isLetter(c):
			j = lexPath(src, i)
			toks = append(toks, token{i, 'p', src[i:j]})
		default:
			op := lexOperator(src, i)
			if op == "" {
				return nil, badChar(src, i)
			}
			j = i + len(op)
			toks = append(toks, token{i, 'o', op})
		}
		i = j
	}
	return append(toks, token{len(src), 0, "end of claim"}), nil
}

// lexNumber returns the end of the number starting at i: digits and dots,
// then an optional exponent.
func lexNumber(src string, i int) int {
	j := i
	for j < len(src) && (isDigit(src[j]) || src[j] == '.') {
		j++
	}
	if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
		k := j + 1
		if k < len(src) && (src[k] == '+' || src[k] == '-') {
			k++
		}
		if k < len(src) && isDigit(src[k]) {
			for j = k; j < len(src) && isDigit(src[j]); j++ {
			}
		}
	}
	return j
}

// lexPath returns the end of the path starting at i: names and digit runs
// joined by dots.
func lexPath(src string, i int) int {
	j := i
	for {
		for j < len(src) && (isLetter(src[j]) || isDigit(src[j])) {
			j++
		}
		if j+1 < len(src) && src[j] == '.' && (isLetter(src[j+1]) || isDigit(src[j+1])) {
			j++
			continue
		}
		return j
	}
}

// lexOperator returns the operator at i, or "".
func lexOperator(src string, i int) string {
	for _, o := range operators {
		if len(src)-i >= len(o) && src[i:i+len(o)] == o {
			return o
		}
	}
	return ""
}

func badChar(src string, i int) *Error {
	r, size := utf8.DecodeRuneInString(src[i:])
	if r == utf8.RuneError && size <= 1 {
		return &Error{Off: i, Msg: fmt.Sprintf("unexpected byte %#02x (not UTF-8)", src[i])}
	}
	return &Error{Off: i, Msg: fmt.Sprintf("unexpected character %q", r)}
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) next() token { t := p.toks[p.i]; p.i++; return t }

func (p *parser) accept(ops ...string) (token, bool) {
	t := p.peek()
	if t.kind != 'o' {
		return t, false
	}
	for _, o := range ops {
		if t.text == o {
			p.i++
			return t, true
		}
	}
	return t, false
}

// enter opens a nesting level at t; an error if it is one too many.
func (p *parser) enter(t token) error {
	p.depth++
	if p.depth > MaxDepth {
		return &Error{Off: t.off, Msg: fmt.Sprintf("expression nests deeper than %d levels", MaxDepth)}
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// operand parses with next and returns the node and the offset of its
// first token (an opening parenthesis included), where a type error
// about the operand points.
func (p *parser) operand(next func() (Node, error)) (Node, int, error) {
	start := p.peek().off
	n, err := next()
	return n, start, err
}

// A typeCheck reports an operand of operator op, starting at start, that
// has the wrong type, or returns nil.
type typeCheck func(op string, start int, n Node) error

func needComparisons(op string, start int, n Node) error {
	if !n.isBool() {
		return &Error{Off: start, Msg: op + " needs comparisons on both sides, not a number"}
	}
	return nil
}

func needNumbers(op string, start int, n Node) error {
	if n.isBool() {
		return &Error{Off: start, Msg: "arithmetic on a comparison: " + op + " needs numbers on both sides"}
	}
	return nil
}

func needComparable(op string, start int, n Node) error {
	if n.isBool() {
		return &Error{Off: start, Msg: "cannot compare a comparison: " + op + " needs numbers on both sides"}
	}
	return nil
}

// binary parses a left-associative chain of next joined by ops, each
// operand checked by check.
func (p *parser) binary(next func() (Node, error), check typeCheck, ops ...string) (Node, error) {
	x, start, err := p.operand(next)
	if err != nil {
		return nil, err
	}
	for {
		t, ok := p.accept(ops...)
		if !ok {
			return x, nil
		}
		if err := check(t.text, start, x); err != nil {
			return nil, err
		}
		y, ystart, err := p.operand(next)
		if err != nil {
			return nil, err
		}
		if err := check(t.text, ystart, y); err != nil {
			return nil, err
		}
		x = &Binary{Off: x.Pos(), Op: t.text, X: x, Y: y}
	}
}

func (p *parser) or() (Node, error)  { return p.binary(p.and, needComparisons, "||") }
func (p *parser) and() (Node, error) { return p.binary(p.compare, needComparisons, "&&") }

// compare parses at most one comparison: a < b < c is an error at the
// second operator.
func (p *parser) compare() (Node, error) {
	x, start, err := p.operand(p.sum)
	if err != nil {
		return nil, err
	}
	t, ok := p.accept(comparisons...)
	if !ok {
		return x, nil
	}
	if err := needComparable(t.text, start, x); err != nil {
		return nil, err
	}
	y, ystart, err := p.operand(p.sum)
	if err != nil {
		return nil, err
	}
	if err := needComparable(t.text, ystart, y); err != nil {
		return nil, err
	}
	if u, again := p.accept(comparisons...); again {
		return nil, &Error{Off: u.off, Msg: "cannot compare a comparison: comparisons do not chain; write a < b && b < c"}
	}
	return &Binary{Off: x.Pos(), Op: t.text, X: x, Y: y}, nil
}

func (p *parser) sum() (Node, error)     { return p.binary(p.product, needNumbers, "+", "-") }
func (p *parser) product() (Node, error) { return p.binary(p.unary, needNumbers, "*", "/") }

// unary parses a prefix operator and its operand: ! takes a comparison,
// so a comparison after it is parenthesised: !(a < b).
func (p *parser) unary() (Node, error) {
	t, ok := p.accept("-", "!")
	if !ok {
		return p.primary()
	}
	if err := p.enter(t); err != nil {
		return nil, err
	}
	x, start, err := p.operand(p.unary)
	if err != nil {
		return nil, err
	}
	p.leave()
	switch {
	case t.text == "-" && x.isBool():
		return nil, &Error{Off: start, Msg: "arithmetic on a comparison: - needs a number"}
	case t.text == "!" && !x.isBool():
		return nil, &Error{Off: start, Msg: "! needs a comparison, not a number: write !(a < b)"}
	}
	return &Unary{Off: t.off, Op: t.text, X: x}, nil
}

func (p *parser) primary() (Node, error) {
	t := p.next()
	switch {
	case t.kind == 'n':
		v, err := strconv.ParseFloat(t.text, 64)
		if err != nil {
			return nil, &Error{Off: t.off, Msg: fmt.Sprintf("bad number %q", t.text)}
		}
		return &Num{Off: t.off, V: v, Src: t.text}, nil
	case t.kind == 'p':
		if _, ok := p.accept("("); ok {
			return p.call(t)
		}
		return &Path{Off: t.off, Name: t.text}, nil
	case t.kind == 'o' && t.text == "(":
		return p.paren(t)
	}
	return nil, &Error{Off: t.off, Msg: fmt.Sprintf("want a number, a value path or ( but found %q", t.text)}
}

// paren parses the rest of a parenthesised expression opened by t.
func (p *parser) paren(t token) (Node, error) {
	if err := p.enter(t); err != nil {
		return nil, err
	}
	x, err := p.or()
	if err != nil {
		return nil, err
	}
	if _, ok := p.accept(")"); !ok {
		u := p.peek()
		return nil, &Error{Off: u.off, Msg: fmt.Sprintf("want ) but found %q", u.text)}
	}
	p.leave()
	return x, nil
}

// call parses the arguments of the function name, after its "(".
// runsCall parses count(COMPARISON) or share(COMPARISON).
func (p *parser) runsCall(name token) (Node, error) {
	if p.inRuns {
		return nil, &Error{Off: name.off, Msg: name.text + " cannot hold another count or share"}
	}
	if err := p.enter(name); err != nil {
		return nil, err
	}
	p.inRuns = true
	a, start, err := p.operand(p.or)
	p.inRuns = false
	if err != nil {
		return nil, err
	}
	if !a.isBool() {
		return nil, &Error{Off: start, Msg: name.text + " needs a comparison, as in " + name.text + "(e.a < e.b): it counts the runs in which it holds"}
	}
	if u, ok := p.accept(")"); !ok {
		u = p.peek()
		return nil, &Error{Off: u.off, Msg: fmt.Sprintf("want ) but found %q", u.text)}
	}
	p.leave()
	return &Call{Off: name.off, Func: name.text, Args: []Node{a}}, nil
}

func (p *parser) call(name token) (Node, error) {
	arity, ok := funcs[name.text]
	if !ok {
		return nil, &Error{Off: name.off, Msg: fmt.Sprintf("unknown function %q (have abs, min, max, count, share)", name.text)}
	}
	if overRuns[name.text] {
		return p.runsCall(name)
	}
	if err := p.enter(name); err != nil {
		return nil, err
	}
	c := &Call{Off: name.off, Func: name.text}
	if _, ok := p.accept(")"); !ok {
		for {
			a, start, err := p.operand(p.or)
			if err != nil {
				return nil, err
			}
			if a.isBool() {
				return nil, &Error{Off: start, Msg: "arithmetic on a comparison: " + name.text + " needs numbers"}
			}
			c.Args = append(c.Args, a)
			if _, ok := p.accept(","); ok {
				continue
			}
			if _, ok := p.accept(")"); ok {
				break
			}
			u := p.peek()
			return nil, &Error{Off: u.off, Msg: fmt.Sprintf("want , or ) but found %q", u.text)}
		}
	}
	p.leave()
	if len(c.Args) < arity[0] || arity[1] >= 0 && len(c.Args) > arity[1] {
		return nil, &Error{Off: name.off, Msg: fmt.Sprintf("%s takes %s", name.text, arityText(arity))}
	}
	return c, nil
}

func arityText(a [2]int) string {
	switch {
	case a[0] == a[1] && a[0] == 1:
		return "one argument"
	case a[1] < 0:
		return fmt.Sprintf("at least %d arguments", a[0])
	}
	return fmt.Sprintf("%d to %d arguments", a[0], a[1])
}
