// Package highlight finds a function in a model's Go source and highlights
// it as HTML with line numbers, so that the code on a page is the code that
// ran.
package highlight

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/registry"
)

// The listings' stylesheets, chroma's "github" style and its "github-dark"
// one for readers whose system asks for dark pages, as chroma writes them
// (TestCSS holds them to it).
var (
	//go:embed chroma-github.css
	lightCSS string
	//go:embed chroma-github-dark.css
	darkCSS string
)

// CSS returns the stylesheet of the listings' highlighting classes: the
// light style, and the dark one for readers whose system asks for it.
func CSS() string {
	return "\n/* syntax highlighting (chroma, style github; github-dark when dark) */\n" +
		"@media not all and (prefers-color-scheme: dark) {\n" + lightCSS + "}\n" +
		"@media (prefers-color-scheme: dark) {\n" + darkCSS + "}\n"
}

// funcSource finds a function (NAME) or method (TYPE.NAME) in the non-test
// Go files of fsys and returns its file, first line and text, doc comment
// included.
func funcSource(fsys fs.FS, name string) (file string, line int, src string, err error) {
	files, _ := fs.Glob(fsys, "*.go")
	slices.Sort(files)
	recv, fn, isMethod := strings.Cut(name, ".")
	if !isMethod {
		fn = recv
	}
	var candidates []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, rerr := fs.ReadFile(fsys, f)
		if rerr != nil {
			return "", 0, "", rerr
		}
		fset := token.NewFileSet()
		af, perr := parser.ParseFile(fset, f, b, parser.ParseComments)
		if perr != nil {
			return "", 0, "", perr
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			r := receiverName(fd)
			full := fd.Name.Name
			if r != "" {
				full = r + "." + full
			}
			candidates = append(candidates, full)
			if fd.Name.Name != fn || (isMethod != (r != "")) || (isMethod && r != recv) {
				continue
			}
			start := fd.Pos()
			if fd.Doc != nil {
				start = fd.Doc.Pos()
			}
			so, eo := fset.Position(start).Offset, fset.Position(fd.End()).Offset
			return f, fset.Position(start).Line, string(b[so:eo]), nil
		}
	}
	return "", 0, "", fmt.Errorf("no function %q%s", name, diag.DidYouMean(name, candidates))
}

func receiverName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if g, ok := t.(*ast.IndexExpr); ok {
		t = g.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// A Listing is one function of a model's source, found and highlighted.
type Listing struct {
	Where   string // file path from the module root
	Line    int
	HTML    string
	FindErr error // the function is not there
}

// Listings highlights each model function once per build: every language's
// page shows the same code. The zero value is ready; safe for concurrent use.
type Listings struct {
	mu   sync.Mutex
	done map[string]*Listing
}

// Get returns function fn of model m, highlighted.
func (ls *Listings) Get(m *registry.Model, fn string) *Listing {
	key := m.Name + " " + fn
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if l, ok := ls.done[key]; ok {
		return l
	}
	if ls.done == nil {
		ls.done = map[string]*Listing{}
	}
	l := highlight(m, fn)
	ls.done[key] = l
	return l
}

func highlight(m *registry.Model, fn string) *Listing {
	file, line, src, err := funcSource(m.Source, fn)
	if err != nil {
		return &Listing{FindErr: err}
	}
	return &Listing{Where: path.Join(m.Dir, file), Line: line, HTML: formatGo(src, line)}
}
