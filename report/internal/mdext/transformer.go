package mdext

import (
	"bytes"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

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
		words, offs := fields(src[info.Start:info.Stop], info.Start)
		if len(words) == 0 {
			continue
		}
		parse, ok := t.parsers[words[0]]
		if !ok {
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
