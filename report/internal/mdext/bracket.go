package mdext

import (
	"bytes"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/mdext/ast"
)

// bracketParser parses the bracketed directives of prose, each on one
// line: [@fig:ID] and [@KEY] (directive.ParseBracket), [[TERM]] and
// [[TERM|text]] (directive.ParseTerm). Any other [ is left to the link
// and footnote parsers.
type bracketParser struct{}

func (bracketParser) Trigger() []byte { return []byte{'['} }

func (bracketParser) Parse(parent gast.Node, block text.Reader, pc parser.Context) gast.Node {
	line, seg := block.PeekLine()
	sink := problemSink(pc)
	switch {
	case bytes.HasPrefix(line, []byte("[@")):
		end := bytes.IndexByte(line, ']')
		if end < 0 {
			*sink = append(*sink, directive.Problem{Off: seg.Start, Msg: "[@ is not closed by ] on the same line"})
			return nil
		}
		d, probs := directive.ParseBracket(string(line[2:end]), seg.Start, seg.Start+2)
		*sink = append(*sink, probs...)
		block.Advance(end + 1)
		return ast.NewInline(d)
	case bytes.HasPrefix(line, []byte("[[")):
		end := bytes.Index(line, []byte("]]"))
		if end < 0 {
			*sink = append(*sink, directive.Problem{Off: seg.Start, Msg: "glossary term [[ is not closed by ]] on the same line"})
			return nil
		}
		t, probs := directive.ParseTerm(string(line[2:end]), seg.Start, seg.Start+2)
		*sink = append(*sink, probs...)
		block.Advance(end + 2)
		return ast.NewInline(t)
	}
	return nil
}

// mathParser parses an inline formula $TEX$ on one line. As in Pandoc, the
// opening $ has a non-space on its right, the closing one a non-space on
// its left and no digit after it, so "$5 and $6" stays text; \$ is a
// literal dollar sign.
type mathParser struct{}

func (mathParser) Trigger() []byte { return []byte{'$'} }

func (mathParser) Parse(parent gast.Node, block text.Reader, pc parser.Context) gast.Node {
	line, seg := block.PeekLine()
	if len(line) < 3 || line[1] == ' ' || line[1] == '\t' || line[1] == '$' {
		return nil
	}
	for i := 2; i < len(line); i++ {
		switch {
		case line[i] == '\\':
			i++
		case line[i] == '$' && line[i-1] != ' ' && line[i-1] != '\t' && (i+1 >= len(line) || line[i+1] < '0' || line[i+1] > '9'):
			block.Advance(i + 1)
			return ast.NewInline(directive.NewInlineMath(string(line[1:i]), seg.Start))
		}
	}
	return nil
}
