package modeltest

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// A RefBlock is one scenario of a reference table written by a separate
// program: the lines between "scenario NAME" and "end", each split into its
// first word and the rest.
type RefBlock struct {
	Name  string
	Lines []RefLine
}

// A RefLine is one line of a RefBlock: Word is its first word, Rest the
// text after the following space ("" when there is none), N its line
// number in the file.
type RefLine struct {
	N          int
	Word, Rest string
}

// ReadRefBlocks parses a reference table: blank lines and lines starting
// with # are skipped, every other line belongs to a block opened by
// "scenario NAME" and closed by "end". A line outside a block, a block
// inside another, or a block left open fails the test at its line.
func ReadRefBlocks(t testing.TB, path string) []RefBlock {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []RefBlock
	open := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		word, rest, _ := strings.Cut(text, " ")
		switch {
		case word == "scenario" && rest != "" && !strings.Contains(rest, " ") && !open:
			out = append(out, RefBlock{Name: rest})
			open = true
		case word == "end" && rest == "" && open:
			open = false
		case open:
			b := &out[len(out)-1]
			b.Lines = append(b.Lines, RefLine{N: n, Word: word, Rest: rest})
		default:
			t.Fatalf("%s:%d: unexpected line %q", path, n, text)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if open {
		t.Fatalf("%s: scenario %s has no end", path, out[len(out)-1].Name)
	}
	return out
}
