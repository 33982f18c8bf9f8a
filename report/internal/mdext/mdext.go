// Package mdext is the goldmark extension for course lessons: it turns
// directive fences into Directive nodes, [!TYPE] block quotes into Callout
// nodes, {{ … }} into Value nodes, [@…], [[…]] and $…$ into Inline nodes,
// and renders them through a Hooks value the generator supplies.
package mdext

import (
	"fmt"

	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"

	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/mdext/ast"
)

// Hooks render directives, values and code listings into a page.
// RenderDirective is called with d == nil for a block that did not parse;
// RenderCode with the listing's language ("" for none) and its text.
type Hooks interface {
	RenderDirective(w util.BufWriter, d directive.Directive) error
	RenderValue(w util.BufWriter, v *directive.Value) error
	RenderCode(w util.BufWriter, lang string, code []byte) error
	// RenderCallout writes a callout's opening (entering) or its closing;
	// goldmark renders its body in between.
	RenderCallout(w util.BufWriter, c *directive.Callout, entering bool) error
	// RenderScrollBox writes the opening (entering) or the closing of the
	// box around a table written in prose; header is its header row's text.
	RenderScrollBox(w util.BufWriter, header string, entering bool) error
}

var problemsKey = parser.NewContextKey()

func problemSink(pc parser.Context) *[]directive.Problem {
	if s, ok := pc.Get(problemsKey).(*[]directive.Problem); ok {
		return s
	}
	s := new([]directive.Problem)
	pc.Set(problemsKey, s)
	return s
}

// Problems returns the problems recorded while parsing with pc.
func Problems(pc parser.Context) []directive.Problem { return *problemSink(pc) }

// Extension wires the directive transformer, the value parser and the
// renderer. Hooks may be nil for a goldmark used only to parse.
type Extension struct {
	Parsers directive.Parsers
	Hooks   Hooks
}

// Extend implements goldmark.Extender. The directive transformer runs early
// (100) so later transformers see Directive nodes; the callout transformer
// next (110), so that an answer's checks are Directive nodes already. The
// value and math parsers' triggers, '{' and '$', are used by no built-in
// parser, so their priority (500) only orders them after code spans (100),
// which keep {{ and $ literal; the bracket parser (150) runs before the
// link parser (200) and after the footnote parser (101), which takes [^.
func (e *Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithASTTransformers(
			util.Prioritized(&directiveTransformer{parsers: e.Parsers}, 100),
			util.Prioritized(calloutTransformer{}, 110),
			util.Prioritized(scrollBoxTransformer{}, 120)),
		parser.WithInlineParsers(
			util.Prioritized(valueParser{}, 500),
			util.Prioritized(bracketParser{}, 150),
			util.Prioritized(mathParser{}, 500)),
	)
	if e.Hooks != nil {
		m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(&nodeRenderer{e.Hooks}, 100)))
	}
}

// New returns the goldmark used for lessons: CommonMark plus tables,
// strikethrough, footnotes, heading ids and this extension; raw HTML stays
// disabled (goldmark's default). hooks may be nil for one used only to parse.
func New(parsers directive.Parsers, hooks Hooks) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Footnote,
			&Extension{Parsers: parsers, Hooks: hooks}),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
}

type nodeRenderer struct{ hooks Hooks }

func (r *nodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(gast.KindHeading, r.renderHeading)
	reg.Register(gast.KindFencedCodeBlock, r.renderCode)
	reg.Register(gast.KindCodeBlock, r.renderCode)
	reg.Register(ast.KindDirective, func(w util.BufWriter, _ []byte, n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		return gast.WalkSkipChildren, r.hooks.RenderDirective(w, n.(*ast.Directive).D)
	})
	reg.Register(ast.KindInline, func(w util.BufWriter, _ []byte, n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		return gast.WalkSkipChildren, r.hooks.RenderDirective(w, n.(*ast.Inline).D)
	})
	reg.Register(ast.KindCallout, func(w util.BufWriter, _ []byte, n gast.Node, entering bool) (gast.WalkStatus, error) {
		return gast.WalkContinue, r.hooks.RenderCallout(w, n.(*ast.Callout).D, entering)
	})
	reg.Register(ast.KindScrollBox, func(w util.BufWriter, _ []byte, n gast.Node, entering bool) (gast.WalkStatus, error) {
		return gast.WalkContinue, r.hooks.RenderScrollBox(w, n.(*ast.ScrollBox).Header, entering)
	})
	reg.Register(ast.KindValue, func(w util.BufWriter, _ []byte, n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		return gast.WalkSkipChildren, r.hooks.RenderValue(w, n.(*ast.Value).V)
	})
}

// renderCode hands a code listing, its language and its text, to the hooks.
func (r *nodeRenderer) renderCode(w util.BufWriter, src []byte, n gast.Node, entering bool) (gast.WalkStatus, error) {
	if !entering {
		return gast.WalkContinue, nil
	}
	var lang string
	if f, ok := n.(*gast.FencedCodeBlock); ok {
		lang = string(f.Language(src))
	}
	var code []byte
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		code = append(code, seg.Value(src)...)
	}
	return gast.WalkSkipChildren, r.hooks.RenderCode(w, lang, code)
}

// renderHeading renders a heading as goldmark does, its text a link to the
// heading itself, so that a reader can copy the address of a section.
func (r *nodeRenderer) renderHeading(w util.BufWriter, src []byte, node gast.Node, entering bool) (gast.WalkStatus, error) {
	n := node.(*gast.Heading)
	id, hasID := n.AttributeString("id")
	idb, _ := id.([]byte)
	if entering {
		fmt.Fprintf(w, "<h%d", n.Level)
		if n.Attributes() != nil {
			html.RenderAttributes(w, n, html.HeadingAttributeFilter)
		}
		w.WriteByte('>')
		if hasID && len(idb) > 0 {
			w.WriteString(`<a class="self" href="#`)
			w.Write(util.EscapeHTML(idb))
			w.WriteString(`">`)
		}
		return gast.WalkContinue, nil
	}
	if hasID && len(idb) > 0 {
		w.WriteString("</a>")
	}
	fmt.Fprintf(w, "</h%d>\n", n.Level)
	return gast.WalkContinue, nil
}
