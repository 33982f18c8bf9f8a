package mathml

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// A ctx is what ends the atoms parseExpr reads.
type ctx int

const (
	ctxTop   ctx = iota // the end of the formula
	ctxGroup            // }
	ctxLeft             // \right
	ctxOpt              // ] (the index of \sqrt)
)

type parser struct {
	src  string
	pos  int
	errs []*Error

	ctxs    []ctx // the enclosing parseExpr calls, innermost last
	depth   int
	aborted bool // nested too deep: stop, reporting nothing more

	display bool // display style: limits go below and above
	roman   bool // inside \mathrm or \operatorname
}

// maxErrors is how many errors Render reports before it stops.
const maxErrors = 20

func (p *parser) errorf(off int, format string, args ...any) {
	if p.aborted {
		return
	}
	p.errs = append(p.errs, &Error{Off: off, Msg: fmt.Sprintf(format, args...)})
	if len(p.errs) == maxErrors {
		for _, e := range p.errs {
			off = max(off, e.Off)
		}
		p.errs = append(p.errs, &Error{Off: off, Msg: fmt.Sprintf("too many errors (%d); stopping here", maxErrors)})
		p.abort()
	}
}

// abort stops the parse: every loop ends at the end of the source, and
// nothing more is reported.
func (p *parser) abort() {
	p.aborted = true
	p.pos = len(p.src)
}

// enter opens a level of nesting at off; it reports false (and stops the
// parse) past MaxDepth. Each true is paired with a leave.
func (p *parser) enter(off int) bool {
	if p.aborted {
		return false
	}
	if p.depth >= MaxDepth {
		p.errorf(off, "formula is nested deeper than %d levels", MaxDepth)
		p.abort()
		return false
	}
	p.depth++
	return true
}

func (p *parser) leave() { p.depth-- }

func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// command reads the command name at pos (which holds a backslash) and
// returns it and the offset after it: a run of letters, or one other
// character; "" at the end of the formula.
func (p *parser) command(pos int) (name string, end int) {
	i := pos + 1
	if i >= len(p.src) {
		return "", i
	}
	if !isLetter(p.src[i]) {
		_, size := utf8.DecodeRuneInString(p.src[i:])
		return p.src[i : i+size], i + size
	}
	j := i
	for j < len(p.src) && isLetter(p.src[j]) {
		j++
	}
	return p.src[i:j], j
}

// atCommand reports whether the command at pos is \name.
func (p *parser) atCommand(name string) bool {
	if p.pos >= len(p.src) || p.src[p.pos] != '\\' {
		return false
	}
	n, _ := p.command(p.pos)
	return n == name
}

// outerAccepts reports whether a parseExpr outside the innermost one ends
// at what ends a c.
func (p *parser) outerAccepts(c ctx) bool {
	for i := len(p.ctxs) - 2; i >= 0; i-- {
		if p.ctxs[i] == c {
			return true
		}
	}
	return false
}

// parseExpr reads atoms up to what ends c (which it leaves unread), or up
// to what ends an enclosing context (for which the caller reports the
// missing close).
func (p *parser) parseExpr(c ctx) []*node {
	p.ctxs = append(p.ctxs, c)
	defer func() { p.ctxs = p.ctxs[:len(p.ctxs)-1] }()
	var kids []*node
	for {
		p.skipSpace()
		if p.aborted || p.pos >= len(p.src) {
			break
		}
		switch ch := p.src[p.pos]; {
		case ch == '}':
			if c == ctxGroup || p.outerAccepts(ctxGroup) {
				return applyFunctions(kids)
			}
			p.errorf(p.pos, "unexpected } (no { to close)")
			p.pos++
			continue
		case ch == ']' && c == ctxOpt:
			return applyFunctions(kids)
		case p.atCommand("right"):
			if c == ctxLeft || p.outerAccepts(ctxLeft) {
				return applyFunctions(kids)
			}
			off := p.pos
			_, p.pos = p.command(p.pos)
			d, _ := p.delimiter(`\right`, off)
			p.errorf(off, `\right%s without matching \left`, d.src)
			continue
		}
		start := p.pos
		kids = append(kids, p.parseAtom()...)
		if p.pos == start { // cannot happen; never loop forever
			p.errorf(start, "internal error: no progress at %q", p.src[start:start+1])
			p.pos++
		}
	}
	return applyFunctions(kids)
}

// applyFunctions puts U+2061 after each function name that an argument
// follows: anything but an operator that is not an opening bracket.
func applyFunctions(kids []*node) []*node {
	var out []*node
	for i, k := range kids {
		out = append(out, k)
		if !k.fn {
			continue
		}
		j := i + 1
		for j < len(kids) && kids[j].tag == "mspace" {
			j++
		}
		switch {
		case j < len(kids) && kids[j].tag != "mo" && j == i+1:
			// \ln n: TeX sets a thin space before an argument that is not
			// in brackets, unless the author wrote one; MathML Core gives
			// U+2061 no space of its own.
			out = append(out, token("mo", "\u2061", "rspace", "0.1667em"))
		case j < len(kids) && (kids[j].tag != "mo" || kids[j].open):
			out = append(out, token("mo", "\u2061"))
		}
	}
	return out
}

// parseAtom reads one atom and its scripts. It returns no node for an
// empty group without scripts or for an error.
func (p *parser) parseAtom() []*node {
	var base *node
	if c := p.src[p.pos]; c != '^' && c != '_' && c != '\'' {
		var ok bool
		base, ok = p.parsePrimary(false)
		if !ok {
			return nil
		}
	}
	display := p.display
	var sub, sup *node
	primes := 0
	for {
		p.skipSpace()
		if p.pos >= len(p.src) || p.aborted {
			break
		}
		off := p.pos
		switch p.src[p.pos] {
		case '\'':
			p.pos++
			if sup != nil {
				p.errorf(off, "double superscript: a prime after ^ (write x'^a, or use braces)")
				continue
			}
			primes++
			continue
		case '^':
			p.pos++
			arg := p.parseArg("superscript after ^", off, false)
			if arg == nil {
				continue
			}
			if sup != nil {
				p.errorf(off, "double superscript (use braces: x^{a^b} or {x^a}^b)")
				continue
			}
			sup = arg
			continue
		case '_':
			p.pos++
			arg := p.parseArg("subscript after _", off, false)
			if arg == nil {
				continue
			}
			if sub != nil {
				p.errorf(off, "double subscript (use braces: x_{a_b} or {x_a}_b)")
				continue
			}
			sub = arg
			continue
		}
		break
	}
	if primes > 0 {
		pr := token("mo", primeText(primes))
		if sup == nil {
			sup = pr
		} else {
			sup = elem("mrow", append([]*node{pr}, kidsOf(sup)...)...)
		}
	}
	if sub == nil && sup == nil {
		if base == nil {
			return nil
		}
		return []*node{base}
	}
	if base == nil {
		base = elem("mrow")
	}
	var n *node
	under := base.limits && display
	switch {
	case sub != nil && sup != nil && under:
		n = elem("munderover", base, sub, sup)
	case sub != nil && sup != nil:
		n = elem("msubsup", base, sub, sup)
	case sub != nil && under:
		n = elem("munder", base, sub)
	case sub != nil:
		n = elem("msub", base, sub)
	case under:
		n = elem("mover", base, sup)
	default:
		n = elem("msup", base, sup)
	}
	n.fn = base.fn
	return []*node{n}
}

func primeText(n int) string {
	switch n {
	case 1:
		return "′"
	case 2:
		return "″"
	case 3:
		return "‴"
	case 4:
		return "⁗"
	}
	return strings.Repeat("′", n)
}

// parseArg reads the argument of a script or a command: a {group} or a
// single token, in text style unless keepStyle. what names it for the
// error when it is missing ("superscript after ^"), which is at off, where
// the construct started. It returns nil (having reported why) when there
// is none.
func (p *parser) parseArg(what string, off int, keepStyle bool) *node {
	p.skipSpace()
	if p.pos >= len(p.src) {
		p.errorf(off, "missing %s", what)
		return nil
	}
	switch c := p.src[p.pos]; {
	case c == '}' || c == '^' || c == '_' || c == '\'' || c == '&' || c == '#' || c == '$' || c == '%' || c == '~':
		p.errorf(off, "missing %s", what)
		return nil
	case c == '\\' && p.atCommand("right"):
		p.errorf(off, "missing %s", what)
		return nil
	}
	if !p.enter(p.pos) {
		return nil
	}
	defer p.leave()
	saved := p.display
	if !keepStyle {
		p.display = false
	}
	defer func() { p.display = saved }()
	if p.src[p.pos] == '{' {
		return row(p.group())
	}
	n, ok := p.parsePrimary(true)
	if !ok {
		return nil
	}
	return n
}

// group reads {…} at pos; an unclosed one is reported.
func (p *parser) group() []*node {
	open := p.pos
	p.pos++
	kids := p.parseExpr(ctxGroup)
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
	} else {
		p.errorf(open, "{ is not closed (missing })")
	}
	return kids
}

// parsePrimary reads one atom without its scripts. single (an argument)
// reads one digit of a number rather than the whole number. ok is false
// when it read nothing usable (it has reported why, or it was an empty
// group).
func (p *parser) parsePrimary(single bool) (n *node, ok bool) {
	c := p.src[p.pos]
	switch {
	case c == '{':
		if !p.enter(p.pos) {
			return nil, false
		}
		kids := p.group()
		p.leave()
		if len(kids) == 0 {
			// {} is nothing, unless scripts follow: then it is their base.
			if p.scriptFollows() {
				return elem("mrow"), true
			}
			return nil, false
		}
		return row(kids), true
	case isDigit(c) || c == '.' && p.pos+1 < len(p.src) && isDigit(p.src[p.pos+1]):
		return p.number(single), true
	case isLetter(c):
		if p.roman {
			start := p.pos
			p.pos++
			for !single && p.pos < len(p.src) && isLetter(p.src[p.pos]) {
				p.pos++
			}
			return upright(p.src[start:p.pos]), true
		}
		p.pos++
		return token("mi", string(c)), true
	case c == '\\':
		return p.parseCommand()
	}
	if op, ok := charOps[c]; ok {
		p.pos++
		return op.node(), true
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	off := p.pos
	p.pos += size
	switch {
	case r == utf8.RuneError && size == 1:
		p.errorf(off, "invalid UTF-8")
	case c == '%':
		p.errorf(off, `%% starts a comment in TeX: write \%% for a percent sign`)
	case c == '$':
		p.errorf(off, "unexpected $ (write the formula without $ delimiters)")
	case c == '^' || c == '_' || c == '\'':
		// Only reached as an argument; parseArg reports these.
		p.errorf(off, "unexpected %c", c)
	case r >= 0x80 && isPrintable(r):
		p.errorf(off, `unexpected character %q in math (put words in \text{…})`, string(r))
	default:
		p.errorf(off, "unexpected character %q", string(r))
	}
	return nil, false
}

// scriptFollows reports whether ^, _ or ' comes next, after spaces.
func (p *parser) scriptFollows() bool {
	i := p.pos
	for i < len(p.src) && strings.IndexByte(" \t\n\r", p.src[i]) >= 0 {
		i++
	}
	return i < len(p.src) && (p.src[i] == '^' || p.src[i] == '_' || p.src[i] == '\'')
}

// number reads a number at pos: digits with decimal points and {,} between
// digits (only one digit when single).
func (p *parser) number(single bool) *node {
	if single {
		p.pos++
		return token("mn", p.src[p.pos-1:p.pos])
	}
	var b strings.Builder
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case isDigit(c):
			b.WriteByte(c)
			p.pos++
			continue
		case c == '.' && p.pos+1 < len(p.src) && isDigit(p.src[p.pos+1]):
			b.WriteByte(c)
			p.pos++
			continue
		case strings.HasPrefix(p.src[p.pos:], "{,}") && b.Len() > 0 && p.pos+3 < len(p.src) && isDigit(p.src[p.pos+3]):
			b.WriteByte(',')
			p.pos += 3
			continue
		}
		break
	}
	return token("mn", b.String())
}

// upright is the identifier for letters set upright: a one-letter
// identifier says so, a longer one is upright already.
func upright(s string) *node {
	if utf8.RuneCountInString(s) == 1 {
		return token("mi", s, "mathvariant", "normal")
	}
	return token("mi", s)
}

func isPrintable(r rune) bool {
	return r >= 0x20 && r != 0x7f && !(r >= 0x80 && r < 0xa0) && r != 0xfffe && r != 0xffff
}

// A delim is a delimiter of \left or \right: its source and its character
// ("" for .).
type delim struct{ src, char string }

// delimiter reads the delimiter after \left or \right (cmd, at off, for
// the error); it reports and returns false when there is none.
func (p *parser) delimiter(cmd string, off int) (delim, bool) {
	p.skipSpace()
	if p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '\\' {
			name, end := p.command(p.pos)
			if ch, ok := delimCommands[name]; ok {
				p.pos = end
				return delim{`\` + name, ch}, true
			}
		} else if strings.IndexByte("()[]|.", c) >= 0 {
			p.pos++
			if c == '.' {
				return delim{".", ""}, true
			}
			return delim{string(c), string(c)}, true
		}
	}
	p.errorf(off, `%s must be followed by a delimiter: ( ) [ ] | \{ \} \lceil \rceil \lfloor \rfloor \langle \rangle or .`, cmd)
	return delim{}, false
}

// parseCommand reads the command at pos.
func (p *parser) parseCommand() (*node, bool) {
	off := p.pos
	name, end := p.command(p.pos)
	p.pos = end
	if name == "" {
		p.errorf(off, `lone \ at the end of the formula`)
		return nil, false
	}
	if s, ok := symbols[name]; ok {
		return s.node(), true
	}
	cmd := `\` + name
	switch name {
	case "frac", "dfrac", "tfrac", "binom":
		num := p.parseArg("first argument of "+cmd, off, false)
		if num == nil {
			return nil, false
		}
		den := p.parseArg("second argument of "+cmd, off, false)
		if den == nil {
			return nil, false
		}
		f := elem("mfrac", num, den)
		switch name {
		case "dfrac":
			return &node{tag: "mstyle", attrs: []string{"displaystyle", "true", "scriptlevel", "0"}, kids: []*node{f}}, true
		case "tfrac":
			return &node{tag: "mstyle", attrs: []string{"displaystyle", "false", "scriptlevel", "0"}, kids: []*node{f}}, true
		case "binom":
			f.attrs = []string{"linethickness", "0"}
			return elem("mrow", fence("(", "prefix"), f, fence(")", "postfix")), true
		}
		return f, true
	case "sqrt":
		var index *node
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == '[' {
			var ok bool
			if index, ok = p.sqrtIndex(); !ok {
				return nil, false
			}
		}
		arg := p.parseArg("argument of "+cmd, off, true)
		if arg == nil {
			return nil, false
		}
		if index != nil {
			return elem("mroot", arg, index), true
		}
		return elem("msqrt", kidsOf(arg)...), true
	case "text":
		return p.text(off)
	case "mathrm", "operatorname":
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != '{' {
			p.errorf(off, "%s must be followed by {…}", cmd)
			return nil, false
		}
		saved := p.roman
		p.roman = true
		arg := p.parseArg("argument of "+cmd, off, true)
		p.roman = saved
		if arg == nil {
			return nil, false
		}
		if name == "operatorname" {
			if arg.tag == "mrow" && len(arg.kids) == 0 {
				p.errorf(off, `\operatorname{} has no name`)
				return nil, false
			}
			if arg.fn { // already a function (\operatorname{\log}): wrap it
				arg = elem("mrow", arg)
			}
			arg.fn = true
		}
		return arg, true
	case "left":
		return p.left(off)
	}
	switch {
	case name == `\`:
		p.errorf(off, `\\ (a line break) is not supported in a formula`)
	case len(name) > 40:
		p.errorf(off, "unknown command %s…", cmd[:41])
	default:
		p.errorf(off, "unknown command %s%s", cmd, suggest(name))
	}
	return nil, false
}

// sqrtIndex reads [n] at pos; an unclosed one is reported (and ok is
// false).
func (p *parser) sqrtIndex() (index *node, ok bool) {
	open := p.pos
	if !p.enter(open) {
		return nil, false
	}
	defer p.leave()
	p.pos++
	saved := p.display
	p.display = false
	kids := p.parseExpr(ctxOpt)
	p.display = saved
	if p.pos >= len(p.src) || p.src[p.pos] != ']' {
		p.errorf(open, `\sqrt[ is not closed (missing ])`)
		return nil, false
	}
	p.pos++
	return row(kids), true
}

// left reads what follows \left (at off): a delimiter, atoms, \right and
// its delimiter.
func (p *parser) left(off int) (*node, bool) {
	if !p.enter(off) {
		return nil, false
	}
	defer p.leave()
	open, ok := p.delimiter(`\left`, off)
	if !ok {
		return nil, false
	}
	kids := p.parseExpr(ctxLeft)
	if !p.atCommand("right") {
		p.errorf(off, `\left%s has no matching \right`, open.src)
		return nil, false
	}
	right := p.pos
	_, p.pos = p.command(p.pos)
	shut, ok := p.delimiter(`\right`, right)
	if !ok {
		return nil, false
	}
	n := elem("mrow")
	if open.char != "" {
		n.kids = append(n.kids, fence(open.char, "prefix"))
	}
	n.kids = append(n.kids, kids...)
	if shut.char != "" {
		n.kids = append(n.kids, fence(shut.char, "postfix"))
	}
	return n, true
}

func fence(char, form string) *node {
	return token("mo", char, "fence", "true", "form", form, "stretchy", "true")
}

// text reads the argument of \text (at off) as text.
func (p *parser) text(off int) (*node, bool) {
	p.skipSpace()
	if p.pos >= len(p.src) || p.src[p.pos] != '{' {
		p.errorf(off, `\text must be followed by {…}`)
		return nil, false
	}
	open := p.pos
	p.pos++
	var b strings.Builder
	depth, good := 0, true
	space := false // a run of whitespace is pending
	put := func(s string) {
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteString(s)
	}
	for {
		if p.pos >= len(p.src) {
			p.errorf(open, `\text{ is not closed (missing })`)
			return nil, false
		}
		at := p.pos
		r, size := utf8.DecodeRuneInString(p.src[p.pos:])
		p.pos += size
		switch {
		case r == '}' && depth == 0:
			if !good {
				return nil, false
			}
			s := b.String()
			if space {
				s += " "
			}
			return token("mtext", nbspEdges(s)), true
		case r == '}':
			depth--
		case r == '{':
			if p.depth+depth >= MaxDepth {
				p.errorf(at, "formula is nested deeper than %d levels", MaxDepth)
				p.abort()
				return nil, false
			}
			depth++
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			space = true
		case r == '~':
			put("\u00a0")
		case r == '\\':
			name, end := p.command(at)
			p.pos = end
			switch {
			case name == " ":
				put(" ")
			case len(name) == 1 && strings.Contains(`%{}&_#$\`, name):
				put(name)
			case name == "":
				p.errorf(open, `\text{ is not closed (missing })`)
				return nil, false
			default:
				p.errorf(at, `\%s is not allowed in \text (only \%% \{ \} \& \_ \# \$ \\ and a backslash before a space)`, name)
				good = false
			}
		case r == '^':
			p.errorf(at, `^ is not allowed in \text`)
			good = false
		case strings.ContainsRune("_&#$%", r):
			p.errorf(at, `%c is not allowed in \text (write \%c)`, r, r)
			good = false
		case r == utf8.RuneError && size == 1:
			p.errorf(at, "invalid UTF-8")
			good = false
		case !isPrintable(r):
			p.errorf(at, "control character %U is not allowed", r)
			good = false
		default:
			put(string(r))
		}
	}
}

// nbspEdges turns a space at either end of s into a no-break space, which
// HTML does not drop.
func nbspEdges(s string) string {
	if strings.HasPrefix(s, " ") {
		s = "\u00a0" + s[1:]
	}
	if strings.HasSuffix(s, " ") {
		s = s[:len(s)-1] + "\u00a0"
	}
	return s
}
