// Package ast defines the goldmark nodes of the course's directives: a block
// node for directive blocks and an inline node for value references.
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
