package highlight

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// A lexeme is a piece of Go source and its class, the CSS class of its
// <span> (chroma's short names: "kd" a declaration keyword, "nx" a name …).
type lexeme struct {
	class, text string
}

// A rule matches at the start of the rest of the source. With one class
// the whole match has it; with more, each capture group has the class in
// its position, and a group of class "root" is lexed again with the rules.
// word asks that no word character follow the match (chroma's \b, which
// is Unicode-aware where Go's is not).
type rule struct {
	re      *regexp.Regexp
	classes []string
	word    bool
}

// Character classes as chroma's regexp2 has them: Unicode word characters,
// letters (\w less digits) and white space.
const (
	wordChar  = `\p{L}\p{Mn}\p{Nd}\p{Pc}`
	letter    = `\p{L}\p{Mn}\p{Pc}`
	spaceChar = `\t\n\v\f\r\x{85}\p{Z}`
)

var builtins = `uint|uint8|uint16|uint32|uint64|int|int8|int16|int32|int64|float|float32|float64|complex64|complex128|byte|rune|string|bool|error|uintptr|print|println|panic|recover|close|complex|real|imag|len|cap|append|copy|delete|new|make|clear|min|max`

var types = `uint|uint8|uint16|uint32|uint64|int|int8|int16|int32|int64|float|float32|float64|complex64|complex128|byte|rune|string|bool|error|uintptr|any`

// goRules are chroma's Go lexer (lexers/go.go, chroma v2.27) in Go's
// regexp syntax, in its order: at each position the first rule that
// matches wins. Words lists are sorted longest first, as chroma's Words
// sorts them. TestSameAsChroma holds them to chroma's output.
var goRules = sync.OnceValue(func() []rule {
	r := func(expr string, classes ...string) rule {
		expr = strings.NewReplacer(`\w`, `[`+wordChar+`]`, `[^\W\d]`, `[`+letter+`]`, `[^\s\n\r]`, `[^`+spaceChar+`]`, `\s`, `[`+spaceChar+`]`).Replace(expr)
		word := strings.HasSuffix(expr, `\b`)
		return rule{regexp.MustCompile(`^(?:` + strings.TrimSuffix(expr, `\b`) + `)`), classes, word}
	}
	return []rule{
		r(`\n`, "w"),
		r(`\s+`, "w"),
		r(`//[^\s\n\r][^\n\r]*`, "cp"),
		r(`//[^\n\r]*`, "c1"),
		r(`/(?:\\\n)?[*](?:.|\n)*?[*](?:\\\n)?/`, "cm"),
		r(`(?:import|package)\b`, "kn"),
		r(`(?:var|func|struct|map|chan|type|interface|const)\b`, "kd"),
		r(`(?:`+longestFirst(`break|default|select|case|defer|go|else|goto|switch|fallthrough|if|range|continue|for|return`)+`)\b`, "k"),
		r(`(?:true|false|iota|nil)\b`, "kc"),
		r(`(`+longestFirst(builtins)+`)(\()`, "nb", "p"), // "(" follows: a word boundary
		r(`(?:`+longestFirst(types)+`)\b`, "kt"),
		r(`\d+i`, "m"),
		r(`\d+\.\d*(?:[Ee][-+]\d+)?i`, "m"),
		r(`\.\d+(?:[Ee][-+]\d+)?i`, "m"),
		r(`\d+[Ee][-+]\d+i`, "m"),
		r(`\d+(?:\.\d+[eE][+\-]?\d+|\.\d*|[eE][+\-]?\d+)`, "mf"),
		r(`\.\d+(?:[eE][+\-]?\d+)?`, "mf"),
		r(`0[0-7]+`, "mo"),
		r(`0[xX][0-9a-fA-F_]+`, "mh"),
		r(`0b[01_]+`, "mb"),
		r(`(?:0|[1-9][0-9_]*)`, "mi"),
		r(`'(?:\\['"\\abfnrtv]|\\x[0-9a-fA-F]{2}|\\[0-7]{1,3}|\\u[0-9a-fA-F]{4}|\\U[0-9a-fA-F]{8}|[^\\])'`, "sc"),
		r("(`)([^`]*)(`)", "s", "s", "s"),
		r(`"(?:\\\\|\\"|[^"])*"`, "s"),
		r(`(?:<<=|>>=|<<|>>|<=|>=|&\^=|&\^|\+=|-=|\*=|/=|%=|&=|\|=|&&|\|\||<-|\+\+|--|==|!=|:=|\.\.\.|[+\-*/%&])`, "o"),
		r(`([a-zA-Z_]\w*)(\s*)(\()`, "nf", "root", "p"),
		r(`[|^<>=!()\[\]{}.,;:~]`, "p"),
		r(`[^\W\d]\w*`, "nx"),
	}
})

// longestFirst orders the alternatives of a|b|c longest first.
func longestFirst(words string) string {
	ws := strings.Split(words, "|")
	for i := 1; i < len(ws); i++ { // insertion sort: stable, as chroma's
		for j := i; j > 0 && len(ws[j]) > len(ws[j-1]); j-- {
			ws[j], ws[j-1] = ws[j-1], ws[j]
		}
	}
	return strings.Join(ws, "|")
}

// isWordChar is wordChar for one rune.
func isWordChar(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Nd, r) || unicode.Is(unicode.Pc, r)
}

// lexGo splits src into tokens as chroma's Go lexer does; a byte no rule
// matches is a lexeme of class "err" on its own.
func lexGo(src string) []lexeme {
	var out []lexeme
	rules := goRules()
	for len(src) > 0 {
		matched := false
		for _, r := range rules {
			m := r.re.FindStringSubmatchIndex(src)
			if m == nil || m[1] == 0 {
				continue
			}
			if r.word {
				if next, _ := utf8.DecodeRuneInString(src[m[1]:]); m[1] < len(src) && isWordChar(next) {
					continue
				}
			}
			if len(r.classes) == 1 {
				out = append(out, lexeme{r.classes[0], src[:m[1]]})
			} else {
				for g, class := range r.classes {
					lo, hi := m[2+2*g], m[3+2*g]
					switch {
					case lo < 0 || lo == hi:
					case class == "root":
						out = append(out, lexGo(src[lo:hi])...)
					default:
						out = append(out, lexeme{class, src[lo:hi]})
					}
				}
			}
			src = src[m[1]:]
			matched = true
			break
		}
		if !matched {
			_, size := utf8.DecodeRuneInString(src)
			out = append(out, lexeme{"err", src[:size]})
			src = src[size:]
		}
	}
	return out
}

// formatGo returns src highlighted as chroma's HTML formatter writes it
// with classes and line numbers outside a table, the first line numbered
// base: a <pre class="chroma"><code> of lines, each a line-number span and
// a code span of lexeme spans, the text HTML-escaped.
func formatGo(src string, base int) string {
	src = string([]rune(src)) // each invalid byte a U+FFFD, as chroma reads runes
	var lines [][]lexeme
	var line []lexeme
	for _, t := range lexGo(src) {
		text := t.text
		for {
			i := strings.IndexByte(text, '\n')
			if i < 0 {
				break
			}
			lines = append(lines, append(line, lexeme{t.class, text[:i+1]}))
			line, text = nil, text[i+1:]
		}
		if text != "" {
			line = append(line, lexeme{t.class, text})
		}
	}
	if len(line) > 0 {
		lines = append(lines, line)
	}
	digits := len(strconv.Itoa(base + len(lines) - 1))
	var b strings.Builder
	b.WriteString(`<pre class="chroma"><code>`)
	for i, l := range lines {
		fmt.Fprintf(&b, `<span class="line"><span class="ln">%*d</span><span class="cl">`, digits, base+i)
		for _, t := range l {
			b.WriteString(`<span class="`)
			b.WriteString(t.class)
			b.WriteString(`">`)
			b.WriteString(html.EscapeString(t.text))
			b.WriteString(`</span>`)
		}
		b.WriteString(`</span></span>`)
	}
	b.WriteString(`</code></pre>`)
	return b.String()
}
