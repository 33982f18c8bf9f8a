package expr

import (
	"fmt"
	"strconv"
)

// funcs maps each built-in function to its least and greatest argument count
// (-1: no limit).
var funcs = map[string][2]int{"abs": {1, 1}, "min": {2, -1}, "max": {2, -1}}

type token struct {
	off  int
	kind byte // 'n' number, 'p' path, 'o' operator, 0 end
	text string
}

type parser struct {
	src  string
	toks []token
	i    int
}

// Parse parses src as a claim. Errors carry offsets into src.
func Parse(src string) (Node, error) { return parse(src, true) }

// ParseNumber parses src as a numeric expression (for derived values in
// prose, such as a - b).
func ParseNumber(src string) (Node, error) { return parse(src, false) }

func parse(src string, claim bool) (Node, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{src: src, toks: toks}
	n, err := p.or()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != 0 {
		return nil, &Error{t.off, fmt.Sprintf("unexpected %q", t.text)}
	}
	if claim && !n.isBool() {
		return nil, &Error{n.Pos(), "a check must be a comparison, such as a < b"}
	}
	if !claim && n.isBool() {
		return nil, &Error{n.Pos(), "a value must be a number, not a comparison"}
	}
	return n, nil
}

func isLetter(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func lex(src string) ([]token, error) {
	var toks []token
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case isDigit(c) || c == '.' && i+1 < len(src) && isDigit(src[i+1]):
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
			toks = append(toks, token{i, 'n', src[i:j]})
			i = j
		case isLetter(c):
			j := i
			for j < len(src) {
				for j < len(src) && (isLetter(src[j]) || isDigit(src[j])) {
					j++
				}
				if j+1 < len(src) && src[j] == '.' && (isLetter(src[j+1]) || isDigit(src[j+1])) {
					j++
					continue
				}
				break
			}
			toks = append(toks, token{i, 'p', src[i:j]})
			i = j
		default:
			op := ""
			for _, o := range []string{"&&", "||", "<=", ">=", "==", "!=", "<", ">", "!", "+", "-", "*", "/", "(", ")", ","} {
				if len(src)-i >= len(o) && src[i:i+len(o)] == o {
					op = o
					break
				}
			}
			if op == "" {
				return nil, &Error{i, fmt.Sprintf("unexpected character %q", rune(c))}
			}
			toks = append(toks, token{i, 'o', op})
			i += len(op)
		}
	}
	return append(toks, token{len(src), 0, "end of claim"}), nil
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

func (p *parser) binary(next func() (Node, error), wantBool bool, ops ...string) (Node, error) {
	x, err := next()
	if err != nil {
		return nil, err
	}
	for {
		t, ok := p.accept(ops...)
		if !ok {
			return x, nil
		}
		y, err := next()
		if err != nil {
			return nil, err
		}
		for _, side := range []Node{x, y} {
			if side.isBool() != wantBool {
				if wantBool {
					return nil, &Error{side.Pos(), fmt.Sprintf("%s needs comparisons on both sides", t.text)}
				}
				return nil, &Error{side.Pos(), fmt.Sprintf("%s needs numbers on both sides", t.text)}
			}
		}
		x = &Binary{Off: x.Pos(), Op: t.text, X: x, Y: y}
	}
}

func (p *parser) or() (Node, error)  { return p.binary(p.and, true, "||") }
func (p *parser) and() (Node, error) { return p.binary(p.not, true, "&&") }

func (p *parser) not() (Node, error) {
	if t, ok := p.accept("!"); ok {
		x, err := p.not()
		if err != nil {
			return nil, err
		}
		if !x.isBool() {
			return nil, &Error{x.Pos(), "! needs a comparison"}
		}
		return &Unary{Off: t.off, Op: "!", X: x}, nil
	}
	return p.compare()
}

func (p *parser) compare() (Node, error) {
	x, err := p.sum()
	if err != nil {
		return nil, err
	}
	t, ok := p.accept("<", "<=", ">", ">=", "==", "!=")
	if !ok {
		return x, nil
	}
	y, err := p.sum()
	if err != nil {
		return nil, err
	}
	if _, again := p.accept("<", "<=", ">", ">=", "==", "!="); again {
		return nil, &Error{p.toks[p.i-1].off, "comparisons do not chain: write a < b && b < c"}
	}
	return &Binary{Off: x.Pos(), Op: t.text, X: x, Y: y}, nil
}

func (p *parser) sum() (Node, error)     { return p.binary(p.product, false, "+", "-") }
func (p *parser) product() (Node, error) { return p.binary(p.unary, false, "*", "/") }

func (p *parser) unary() (Node, error) {
	if t, ok := p.accept("-"); ok {
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &Unary{Off: t.off, Op: "-", X: x}, nil
	}
	return p.primary()
}

func (p *parser) primary() (Node, error) {
	t := p.next()
	switch t.kind {
	case 'n':
		v, err := strconv.ParseFloat(t.text, 64)
		if err != nil {
			return nil, &Error{t.off, fmt.Sprintf("bad number %q", t.text)}
		}
		return &Num{Off: t.off, V: v, Src: t.text}, nil
	case 'p':
		if _, ok := p.accept("("); ok {
			return p.call(t)
		}
		return &Path{Off: t.off, Name: t.text}, nil
	case 'o':
		if t.text == "(" {
			x, err := p.or()
			if err != nil {
				return nil, err
			}
			if _, ok := p.accept(")"); !ok {
				u := p.peek()
				return nil, &Error{u.off, fmt.Sprintf("want ) but found %q", u.text)}
			}
			return x, nil
		}
	}
	return nil, &Error{t.off, fmt.Sprintf("want a number, a value path or ( but found %q", t.text)}
}

func (p *parser) call(name token) (Node, error) {
	arity, ok := funcs[name.text]
	if !ok {
		return nil, &Error{name.off, fmt.Sprintf("unknown function %q (have abs, min, max)", name.text)}
	}
	c := &Call{Off: name.off, Func: name.text}
	if _, ok := p.accept(")"); !ok {
		for {
			a, err := p.sum()
			if err != nil {
				return nil, err
			}
			c.Args = append(c.Args, a)
			if _, ok := p.accept(","); ok {
				continue
			}
			if _, ok := p.accept(")"); ok {
				break
			}
			u := p.peek()
			return nil, &Error{u.off, fmt.Sprintf("want , or ) but found %q", u.text)}
		}
	}
	if len(c.Args) < arity[0] || arity[1] >= 0 && len(c.Args) > arity[1] {
		return nil, &Error{name.off, fmt.Sprintf("%s takes %s", name.text, arityText(arity))}
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
