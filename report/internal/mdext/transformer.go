package mdext

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/mdext/ast"
)

// directiveTransformer replaces fenced code blocks whose info string starts
// with a directive kind by Directive nodes. Fences are CommonMark's, so the
// fenced-code parser finds them; this transformer only claims them.
type directiveTransformer struct {
	parsers directive.Parsers
}

func (t *directiveTransformer) Transform(doc *gast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	var fences []*gast.FencedCodeBlock
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if f, ok := n.(*gast.FencedCodeBlock); ok && entering && f.Info != nil {
			fences = append(fences, f)
		}
		return gast.WalkContinue, nil
	})
	sink := problemSink(pc)
	for _, f := range fences {
		info := f.Info.Segment
		if open, fence, ok := unclosedFence(src, f); ok {
			*sink = append(*sink, directive.Problem{Off: open, Msg: fmt.Sprintf(
				"this code fence is never closed, so the rest of the file became part of it: end the block with a line %s", fence)})
			continue
		}
		words, offs := fields(src[info.Start:info.Stop], info.Start)
		if len(words) == 0 {
			continue
		}
		parse, ok := t.parsers[words[0]]
		if !ok {
			if kind := t.nearKind(words[0]); kind != "" {
				*sink = append(*sink, directive.Problem{Off: offs[0], Msg: fmt.Sprintf(
					"%q is not a directive (did you mean %q?); to show a code listing, name its language instead", words[0], kind)})
			}
			continue
		}
		var lines []directive.Line
		for i := 0; i < f.Lines().Len(); i++ {
			seg := f.Lines().At(i)
			lines = append(lines, directive.Line{Text: seg.Value(src), Off: seg.Start})
		}
		b := directive.NewBlock(words[0], offs[0], words[1:], offs[1:], lines, sink)
		n := ast.NewDirective(parse(b))
		f.Parent().ReplaceChild(f.Parent(), f, n)
	}
}

// unclosedFence reports whether f runs to the end of src without a closing
// fence, and the offset of its opening fence. CommonMark closes such a block
// at the end of the document; in a lesson that is always a mistake, since the
// rest of the file silently became code.
func unclosedFence(src []byte, f *gast.FencedCodeBlock) (open int, fence string, unclosed bool) {
	info := f.Info.Segment
	open = bytes.LastIndexByte(src[:info.Start], '\n') + 1
	for open < info.Start && (src[open] == ' ' || src[open] == '>') {
		open++
	}
	marks := src[open:info.Start]
	marks = marks[:len(marks)-len(bytes.TrimLeft(marks, string(marks[:1])))]
	fence = string(marks)
	end := info.Stop
	if n := f.Lines().Len(); n > 0 {
		end = f.Lines().At(n - 1).Stop
	}
	if end > 0 && src[end-1] != '\n' { // move to the start of the next line
		i := bytes.IndexByte(src[end:], '\n')
		if i < 0 {
			return open, fence, true
		}
		end += i + 1
	}
	next := bytes.TrimLeft(src[end:], " \t>")
	if len(marks) > 0 && bytes.HasPrefix(next, marks) {
		return open, fence, false
	}
	// Not closed by a fence: by its container's end (a list, a quote), or by
	// the end of the file, which is the mistake.
	return open, fence, len(bytes.TrimSpace(src[end:])) == 0
}

// fields splits s, found at offset base, into words and their offsets.
func fields(s []byte, base int) ([]string, []int) {
	var words []string
	var offs []int
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		if j > i {
			words = append(words, string(bytes.TrimSpace(s[i:j])))
			offs = append(offs, base+i)
		}
		i = j
	}
	return words, offs
}

// nearKind returns the directive kind that word almost spells: the same
// letters in another case, or for kinds of five letters or more, one typo
// away. Such a fence would otherwise become a code listing, and a
// misspelt check would silently check nothing.
func (t *directiveTransformer) nearKind(word string) string {
	kinds := make([]string, 0, len(t.parsers))
	for k := range t.parsers {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		if strings.EqualFold(word, k) {
			return k
		}
	}
	for _, k := range kinds {
		if len(k) >= 5 && editClose(word, k) {
			return k
		}
	}
	return ""
}

// editClose reports whether a and b differ by one edit or one swap of
// neighbours.
func editClose(a, b string) bool { return diag.EditDistance(a, b) <= 1 }
