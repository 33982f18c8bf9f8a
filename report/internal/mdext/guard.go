package mdext

import (
	"bytes"
	"fmt"

	"lbcourse/report/internal/directive"
)

// Bounds on the Markdown structure of one file, outside fenced code. Parsing
// time grows with the square of container depth and of open brackets, so a
// file that crosses one is refused before it is parsed.
const (
	// MaxContainerDepth bounds the block quotes and list items one line
	// opens or continues.
	MaxContainerDepth = 16
	// MaxIndent bounds a line's leading white space, in columns (a tab
	// counts 4): deep list nesting is written with indentation.
	MaxIndent = 64
	// MaxBrackets bounds the [ in one file: links, images, references.
	MaxBrackets = 5000
)

// Guard reports the first line of src that crosses each bound, at the byte
// where it does. It does not parse; it only reads line starts and brackets.
func Guard(src []byte) []directive.Problem {
	var probs []directive.Problem
	said := map[string]bool{}
	brackets := 0
	fence := ""
	for off := 0; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src) - off
		}
		line := src[off : off+end]
		if f := fenceMarks(line); f != "" && (fence == "" || len(f) >= len(fence) && f[0] == fence[0]) {
			if fence == "" {
				fence = f
			} else {
				fence = ""
			}
		} else if fence == "" {
			if at, msg := lineBound(line); msg != "" && !said[msg] {
				said[msg] = true
				probs = append(probs, directive.Problem{Off: off + at, Msg: msg})
			}
			for i, c := range line {
				if c != '[' {
					continue
				}
				if brackets++; brackets == MaxBrackets+1 {
					probs = append(probs, directive.Problem{Off: off + i, Msg: fmt.Sprintf(
						"more than %d [ in one file (links, images, references): split the lesson", MaxBrackets)})
				}
			}
		}
		off += end + 1
	}
	return probs
}

// fenceMarks returns the backticks or tildes that open or close a fence on
// line (after up to three spaces and any quote markers), or "".
func fenceMarks(line []byte) string {
	s := bytes.TrimLeft(line, " >")
	n := 0
	for n < len(s) && s[n] == s[0] && (s[0] == '`' || s[0] == '~') {
		n++
	}
	if n < 3 {
		return ""
	}
	return string(s[:n])
}

// lineBound returns where line crosses a bound and why, or "".
func lineBound(line []byte) (int, string) {
	col := 0
	for i, c := range line {
		if c == ' ' {
			col++
		} else if c == '\t' {
			col += 4 - col%4
		} else {
			break
		}
		if col > MaxIndent {
			return i, fmt.Sprintf("indented more than %d columns: nest lists and quotes at most %d deep", MaxIndent, MaxContainerDepth)
		}
	}
	depth := 0
	for i := 0; i < len(line); {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		n := containerMarker(line[i:])
		if n == 0 {
			break
		}
		if depth++; depth > MaxContainerDepth {
			return i, fmt.Sprintf("more than %d nested quotes and list items on one line", MaxContainerDepth)
		}
		i += n
	}
	return 0, ""
}

// containerMarker returns the length of a block-quote marker (>) or a list
// marker (-, +, * or a number with . or ) and a space) at the start of s,
// or 0.
func containerMarker(s []byte) int {
	if len(s) == 0 {
		return 0
	}
	if s[0] == '>' {
		return 1
	}
	n := 0
	switch {
	case s[0] == '-' || s[0] == '+' || s[0] == '*':
		n = 1
	case s[0] >= '0' && s[0] <= '9':
		for n < len(s) && n < 9 && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if n == len(s) || s[n] != '.' && s[n] != ')' {
			return 0
		}
		n++
	default:
		return 0
	}
	if n < len(s) && s[n] != ' ' && s[n] != '\t' {
		return 0
	}
	return n
}
