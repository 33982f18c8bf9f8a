// Package ast defines the goldmark nodes of the course's directives: block
// nodes for directive fences and callouts, inline nodes for value
// references and for the directives written in prose.
package ast

import (
	gast "github.com/yuin/goldmark/ast"

	"lbcourse/report/internal/directive"
)

// KindDirective is the NodeKind of Directive.
var KindDirective = gast.NewNodeKind("Directive")

// A Directive is a fenced directive block. D is nil when the block was too
// broken to parse; its problems were recorded.
type Directive struct {
	gast.BaseBlock
	D directive.Directive
}

// Kind implements gast.Node.
func (n *Directive) Kind() gast.NodeKind { return KindDirective }

// IsRaw implements gast.Node: a directive's body is not Markdown.
func (n *Directive) IsRaw() bool { return true }

// Dump implements gast.Node.
func (n *Directive) Dump(source []byte, level int) {
	m := map[string]string{}
	if n.D != nil {
		m["Kind"] = n.D.Kind()
		m["Neutral"] = n.D.Neutral()
	}
	gast.DumpHelper(n, source, level, m, nil)
}

// NewDirective returns a Directive node for d.
func NewDirective(d directive.Directive) *Directive { return &Directive{D: d} }

// KindValue is the NodeKind of Value.
var KindValue = gast.NewNodeKind("Value")

// A Value is an inline {{ experiment.path | format }} reference.
type Value struct {
	gast.BaseInline
	V *directive.Value
}

// Kind implements gast.Node.
func (n *Value) Kind() gast.NodeKind { return KindValue }

// Dump implements gast.Node.
func (n *Value) Dump(source []byte, level int) {
	gast.DumpHelper(n, source, level, map[string]string{"Spec": n.V.Spec.String()}, nil)
}

// NewValue returns a Value node for v.
func NewValue(v *directive.Value) *Value { return &Value{V: v} }

// KindInline is the NodeKind of Inline.
var KindInline = gast.NewNodeKind("InlineDirective")

// An Inline is a directive written in prose: a cross-reference or citation
// [@…], a glossary term [[…]], an inline formula $…$. D is nil when it did
// not parse; its problems were recorded.
type Inline struct {
	gast.BaseInline
	D directive.Directive
}

// Kind implements gast.Node.
func (n *Inline) Kind() gast.NodeKind { return KindInline }

// Dump implements gast.Node.
func (n *Inline) Dump(source []byte, level int) {
	m := map[string]string{}
	if n.D != nil {
		m["Kind"], m["Neutral"] = n.D.Kind(), n.D.Neutral()
	}
	gast.DumpHelper(n, source, level, m, nil)
}

// NewInline returns an Inline node for d.
func NewInline(d directive.Directive) *Inline { return &Inline{D: d} }

// KindCallout is the NodeKind of Callout.
var KindCallout = gast.NewNodeKind("Callout")

// A Callout is a block quote that opens with a [!TYPE] marker line; its
// children are the quote's Markdown, the marker removed.
type Callout struct {
	gast.BaseBlock
	D *directive.Callout
}

// Kind implements gast.Node.
func (n *Callout) Kind() gast.NodeKind { return KindCallout }

// Dump implements gast.Node.
func (n *Callout) Dump(source []byte, level int) {
	gast.DumpHelper(n, source, level, map[string]string{"Type": n.D.Type, "ID": n.D.ID}, nil)
}

// NewCallout returns a Callout node for d.
func NewCallout(d *directive.Callout) *Callout { return &Callout{D: d} }

// KindScrollBox is the NodeKind of ScrollBox.
var KindScrollBox = gast.NewNodeKind("ScrollBox")

// A ScrollBox holds a GFM table written in prose: on a narrow screen it
// scrolls sideways instead of widening the page.
type ScrollBox struct {
	gast.BaseBlock
	// Header is the text of the table's header row, which names the box
	// for a screen reader.
	Header string
}

// Kind implements gast.Node.
func (n *ScrollBox) Kind() gast.NodeKind { return KindScrollBox }

// Dump implements gast.Node.
func (n *ScrollBox) Dump(source []byte, level int) { gast.DumpHelper(n, source, level, nil, nil) }
