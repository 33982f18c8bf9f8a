package render

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"html"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/yuin/goldmark/util"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/registry"
)

// chromaStyle is the highlighting style; its CSS goes into style.css.
const chromaStyle = "github"

// newFormatter returns the HTML formatter of source listings whose first
// line is numbered base.
func newFormatter(base int) *chromahtml.Formatter {
	return chromahtml.New(chromahtml.WithClasses(true), chromahtml.WithLineNumbers(true),
		chromahtml.BaseLineNumber(base), chromahtml.LineNumbersInTable(false))
}

// HighlightCSS returns the stylesheet of the listings' highlighting classes.
func HighlightCSS() string {
	return "\n/* syntax highlighting (chroma, style " + chromaStyle + ") */\n" + chromaCSS()
}

func chromaCSS() string {
	var b bytes.Buffer
	_ = newFormatter(1).WriteCSS(&b, styles.Get(chromaStyle))
	return b.String()
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

func (r *pageRenderer) renderSource(w util.BufWriter, s *directive.Source) {
	m, ok := r.b.Registry.Lookup(s.Model)
	if !ok {
		r.errs.Add(r.page.File, s.ModelOff, "unknown model %q%s", s.Model, diag.DidYouMean(s.Model, r.b.Registry.Names()))
		return
	}
	l := r.b.listings.get(m, s.Func)
	if l.findErr != nil {
		r.errs.Add(r.page.File, s.FuncOff, "source: model %s: %v", s.Model, l.findErr)
		return
	}
	if l.err != nil {
		r.errs.Add(r.page.File, s.Off, "source: %v", l.err)
		return
	}
	fmt.Fprintf(w, `<figure class="source"><figcaption>%s <code>%s:%d</code></figcaption><div class="scroll" tabindex="0" role="region" aria-label="%s">%s</div></figure>`+"\n",
		html.EscapeString(s.Caption), html.EscapeString(l.where), l.line, html.EscapeString(fmt.Sprintf("%s:%d", l.where, l.line)), l.html)
}

// A listing is one function of a model's source, found and highlighted.
type listing struct {
	where   string // file path from the module root
	line    int
	html    string
	findErr error // the function is not there
	err     error // highlighting failed
}

// listings highlights each model function once per build: every language's
// page shows the same code. Safe for concurrent use.
type listings struct {
	mu   sync.Mutex
	done map[string]*listing
}

func (ls *listings) get(m *registry.Model, fn string) *listing {
	key := m.Name + " " + fn
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if l, ok := ls.done[key]; ok {
		return l
	}
	if ls.done == nil {
		ls.done = map[string]*listing{}
	}
	l := highlight(m, fn)
	ls.done[key] = l
	return l
}

func highlight(m *registry.Model, fn string) *listing {
	file, line, src, err := funcSource(m.Source, fn)
	if err != nil {
		return &listing{findErr: err}
	}
	l := &listing{where: path.Join(m.Dir, file), line: line}
	it, err := lexers.Get("go").Tokenise(nil, src)
	if err != nil {
		l.err = err
		return l
	}
	var code bytes.Buffer
	if err := newFormatter(line).Format(&code, styles.Get(chromaStyle), it); err != nil {
		l.err = err
		return l
	}
	l.html = code.String()
	return l
}
