// Package diag collects build problems as byte offsets into source files and
// prints them as file:line:col: message.
package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// An Error is one problem at a byte offset of a file. Off < 0 means the file
// as a whole (printed as file: message).
type Error struct {
	File string
	Off  int
	Msg  string
	pos  Position
}

// A Problem is one error at a byte offset of a text: a lesson file, an
// expression, a directive body, a parameter. It is the one positioned error
// every parser returns; a List places it in its file as file:line:col.
type Problem struct {
	Off int
	Msg string
}

// Error is "offset N: message", for a Problem not yet placed in a file.
func (p *Problem) Error() string { return fmt.Sprintf("offset %d: %s", p.Off, p.Msg) }

// Position is a 1-based line and column; the column counts runes.
type Position struct{ Line, Col int }

// Error returns file:line:col: message, or file: message for Off < 0.
func (e *Error) Error() string {
	if e.File == "" {
		return e.Msg
	}
	if e.pos.Line == 0 {
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.pos.Line, e.pos.Col, e.Msg)
}

// A List gathers errors from many files. The zero value is ready to use; a
// List is not safe for concurrent use.
type List struct {
	errs    []*Error
	sources map[string][]byte
}

// AddSource registers the content of file so that offsets into it can be
// turned into line and column.
func (l *List) AddSource(file string, src []byte) {
	if l.sources == nil {
		l.sources = map[string][]byte{}
	}
	l.sources[file] = src
}

// Add records a problem at byte offset off of file.
func (l *List) Add(file string, off int, format string, args ...any) {
	l.errs = append(l.errs, &Error{File: file, Off: off, Msg: fmt.Sprintf(format, args...)})
}

// AddFile records a problem with file as a whole.
func (l *List) AddFile(file string, format string, args ...any) {
	l.Add(file, -1, format, args...)
}

// Append adds every error of other.
func (l *List) Append(other *List) {
	for f, s := range other.sources {
		l.AddSource(f, s)
	}
	l.errs = append(l.errs, other.errs...)
}

// Len is the number of problems recorded.
func (l *List) Len() int { return len(l.errs) }

// Errors resolves positions and returns the problems sorted by file, line
// and column, duplicates removed.
func (l *List) Errors() []*Error {
	for _, e := range l.errs {
		if e.Off >= 0 {
			e.pos = PositionOf(l.sources[e.File], e.Off)
		}
	}
	out := slices.Clone(l.errs)
	slices.SortStableFunc(out, func(a, b *Error) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.pos.Line, b.pos.Line),
			cmp.Compare(a.pos.Col, b.pos.Col))
	})
	return slices.CompactFunc(out, func(a, b *Error) bool { return a.Error() == b.Error() })
}

// Err returns the list as one error (lines joined by newlines), or nil.
func (l *List) Err() error {
	if l.Len() == 0 {
		return nil
	}
	return listError(l.Errors())
}

type listError []*Error

func (le listError) Error() string {
	s := make([]string, len(le))
	for i, e := range le {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

// PositionOf returns the line and rune column of byte offset off in src.
// An offset past the end is clamped to the end.
func PositionOf(src []byte, off int) Position {
	off = min(max(off, 0), len(src))
	line := 1 + strings.Count(string(src[:off]), "\n")
	start := strings.LastIndexByte(string(src[:off]), '\n') + 1
	return Position{Line: line, Col: 1 + utf8.RuneCount(src[start:off])}
}
