package mdext

import (
	"bytes"

	gast "github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/mdext/ast"
)

// valueParser parses {{ experiment.path | format }} on one line.
type valueParser struct{}

func (valueParser) Trigger() []byte { return []byte{'{'} }

func (valueParser) Parse(parent gast.Node, block text.Reader, pc parser.Context) gast.Node {
	line, seg := block.PeekLine()
	if !bytes.HasPrefix(line, []byte("{{")) {
		return nil
	}
	end := bytes.Index(line[2:], []byte("}}"))
	sink := problemSink(pc)
	if end < 0 {
		msg := "value reference {{ is not closed by }} on the same line"
		if parent.Kind() == extast.KindTableCell {
			msg = `a value in a table cell writes the format's bar as \|, as in {{ exp.path \| 2 }}: a plain | ends the cell`
		}
		*sink = append(*sink, directive.Problem{Off: seg.Start, Msg: msg})
		return nil
	}
	inner := line[2 : 2+end]
	v, probs := directive.ParseValue(inner, seg.Start, seg.Start+2)
	*sink = append(*sink, probs...)
	block.Advance(2 + end + 2)
	return ast.NewValue(v)
}
