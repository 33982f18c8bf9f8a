package mdext

import (
	"strings"

	gast "github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"lbcourse/report/internal/mdext/ast"
)

// scrollBoxTransformer puts every GFM table of the prose in a ScrollBox.
type scrollBoxTransformer struct{}

func (scrollBoxTransformer) Transform(doc *gast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var tables []gast.Node
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if entering && n.Kind() == extast.KindTable {
			tables = append(tables, n)
			return gast.WalkSkipChildren, nil
		}
		return gast.WalkContinue, nil
	})
	for _, t := range tables {
		box := &ast.ScrollBox{Header: headerText(t, src)}
		t.Parent().ReplaceChild(t.Parent(), t, box)
		box.AppendChild(box, t)
	}
}

// headerText is the text of a table's header row, cells joined by " · ".
func headerText(table gast.Node, src []byte) string {
	var cells []string
	for row := table.FirstChild(); row != nil; row = row.NextSibling() {
		if row.Kind() != extast.KindTableHeader {
			continue
		}
		for c := row.FirstChild(); c != nil; c = c.NextSibling() {
			var b strings.Builder
			_ = gast.Walk(c, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
				if t, ok := n.(*gast.Text); ok && entering {
					b.Write(t.Segment.Value(src))
				}
				return gast.WalkContinue, nil
			})
			if s := strings.TrimSpace(b.String()); s != "" {
				cells = append(cells, s)
			}
		}
	}
	return strings.Join(cells, " · ")
}
