// Package lesson finds the lesson folders and parses each language file
// into a page: front matter, Markdown and directives, with byte offsets for
// every problem. It also checks that the languages of a lesson agree.
package lesson

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/mdext"
	"lbcourse/report/internal/mdext/ast"
	"lbcourse/report/internal/par"
	"lbcourse/report/internal/site"
	"lbcourse/report/internal/yamldoc"
)

// A Lesson is one folder NN-slug under lessons/, with a page per language.
type Lesson struct {
	Key   string // folder name, e.g. "02-dengeleme-algoritmalari"
	Dir   string
	Pages []*Page // in site language order
}

// A Page is one language file of a lesson, parsed.
type Page struct {
	Lang  *site.Lang
	File  string // path as given in errors, e.g. lessons/02-x/tr.md
	Src   []byte
	Front Front
	Doc   gast.Node
	// Directives lists the directives and values in document order.
	Directives []directive.Directive
	bodyStart  int // offset of the Markdown after the front matter
}

// Front is a lesson file's front matter.
type Front struct {
	Title   string `yaml:"title"`
	Slug    string `yaml:"slug"`
	Summary string `yaml:"summary"`
	// offs holds the file offset of each key's value.
	offs map[string]int
}

// FrontOff returns the offset of a front-matter value, or 0.
func (p *Page) FrontOff(key string) int { return p.Front.offs[key] }

var lessonDirRE = regexp.MustCompile(`^[0-9]{2}-[a-z0-9]+(-[a-z0-9]+)*$`)
var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Discover finds the lesson folders in name order and parses their pages,
// in parallel; the pages and the errors come out in folder and language
// order whatever finishes first.
func Discover(dir string, cfg *site.Site, parsers directive.Parsers, errs *diag.List) []*Lesson {
	entries, err := os.ReadDir(dir)
	if err != nil {
		errs.AddFile(dir, "%v", err)
		return nil
	}
	type job struct {
		lesson *Lesson
		lang   *site.Lang
		file   string
		page   *Page
		errs   diag.List
	}
	var jobs []*job
	var found []*Lesson
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if !lessonDirRE.MatchString(e.Name()) {
			errs.AddFile(path, "a lesson folder is named NN-slug, such as 02-balancing")
			continue
		}
		l := &Lesson{Key: e.Name(), Dir: path}
		found = append(found, l)
		for _, lang := range cfg.Langs {
			jobs = append(jobs, &job{lesson: l, lang: lang, file: filepath.Join(path, lang.Code+".md")})
		}
		checkLanguages(path, cfg, errs)
	}
	par.Each(len(jobs), func(i int) {
		j := jobs[i]
		defer diag.RecoverAt(&j.errs, j.file, -1, "parsing the page")
		j.page = readPage(j.file, j.lang, cfg, parsers, &j.errs)
	})
	for _, j := range jobs {
		errs.Append(&j.errs)
		if j.page != nil {
			j.lesson.Pages = append(j.lesson.Pages, j.page)
		}
	}
	var lessons []*Lesson
	for _, l := range found {
		if len(l.Pages) == len(cfg.Langs) {
			lessons = append(lessons, l)
		}
	}
	if len(lessons) == 0 && errs.Len() == 0 {
		errs.AddFile(dir, "no lessons")
	}
	return lessons
}

// checkLanguages reports a lesson file of a language the site lacks.
func checkLanguages(path string, cfg *site.Site, errs *diag.List) {
	others, _ := filepath.Glob(filepath.Join(path, "*.md"))
	for _, o := range others {
		code := filepath.Base(o)[:len(filepath.Base(o))-3]
		if cfg.Lang(code) == nil {
			errs.AddFile(o, "no language %q in templates/site.yaml%s", code, diag.DidYouMean(code, langList(cfg)))
		}
	}
}

// readPage reads and parses one language file of a lesson, or returns nil
// when it is missing, unreadable, not UTF-8 or refused before parsing.
func readPage(file string, lang *site.Lang, cfg *site.Site, parsers directive.Parsers, errs *diag.List) *Page {
	src, err := readLesson(file)
	if err != nil {
		if os.IsNotExist(err) {
			errs.AddFile(filepath.Dir(file), "missing %s.md: every lesson has a file per language (%s)", lang.Code, langCodes(cfg))
		} else {
			errs.AddFile(file, "%v", err)
		}
		return nil
	}
	if off := invalidUTF8(src); off >= 0 {
		errs.AddSource(file, src)
		errs.Add(file, off, "invalid UTF-8 (byte 0x%02x): lesson files are UTF-8 text", src[off])
		return nil
	}
	page := parsePage(file, src, lang, parsers, errs)
	if page.Doc == nil {
		return nil // refused before parsing; the lesson is not built
	}
	return page
}

// readLesson reads a lesson file of at most directive.MaxFileBytes.
func readLesson(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, directive.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(src) > directive.MaxFileBytes {
		return nil, fmt.Errorf("larger than %d KiB; split the lesson", directive.MaxFileBytes>>10)
	}
	return src, nil
}

// invalidUTF8 returns the offset of the first byte of src that is not
// UTF-8, or -1.
func invalidUTF8(src []byte) int {
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

func langList(s *site.Site) []string {
	var out []string
	for _, l := range s.Langs {
		out = append(out, l.Code)
	}
	return out
}

func langCodes(s *site.Site) string { return strings.Join(langList(s), ", ") }

var fmOpen = []byte("---\n")

// parsePage splits off the front matter and parses the Markdown. Offsets
// stay those of the whole file: the front matter is blanked, not cut.
func parsePage(file string, src []byte, lang *site.Lang, parsers directive.Parsers, errs *diag.List) *Page {
	// Positions are reported in the text as parsed: without a byte-order
	// mark, with Windows line ends made Unix ones (lines and columns are
	// unchanged by both, but for the mark on the first line).
	src = bytes.TrimPrefix(src, []byte("\uFEFF"))
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	errs.AddSource(file, src)
	p := &Page{Lang: lang, File: file, Src: src}
	body, start := p.splitFront(errs)
	p.bodyStart = start
	if probs := mdext.Guard(body[start:]); len(probs) > 0 {
		for _, pr := range probs {
			errs.Add(file, start+pr.Off, "%s", pr.Msg)
		}
		return p // not parsed: its cost would grow with the square of what crossed the bound
	}
	md := mdext.New(parsers, nil)
	pc := parser.NewContext(parser.WithIDs(mdext.NewIDs()))
	p.Doc = md.Parser().Parse(text.NewReader(body), parser.WithContext(pc))
	for _, pr := range mdext.Problems(pc) {
		errs.Add(file, pr.Off, "%s", pr.Msg)
	}
	p.collect(body, errs)
	checkPlotIDs(p, errs)
	return p
}

// splitFront parses p's front matter and returns the text to parse as
// Markdown, the front matter blanked (so offsets stay those of the whole
// file), and the offset where the Markdown starts.
func (p *Page) splitFront(errs *diag.List) (body []byte, start int) {
	body = slices.Clone(p.Src)
	if !bytes.HasPrefix(p.Src, fmOpen) {
		errs.Add(p.File, 0, "a lesson file starts with front matter: ---, title:, slug:, summary:, ---")
		return body, 0
	}
	end := bytes.Index(p.Src[len(fmOpen):], []byte("\n---\n"))
	if end < 0 {
		errs.Add(p.File, 0, "front matter is not closed by a --- line")
		return body, 0
	}
	p.Front = parseFront(p.File, p.Src[len(fmOpen):len(fmOpen)+end+1], len(fmOpen), errs)
	start = len(fmOpen) + end + 5
	for i := 0; i < start; i++ {
		if body[i] != '\n' {
			body[i] = ' '
		}
	}
	return body, start
}

// collect lists p's directives and values in document order, and reports
// values where they cannot stand and raw HTML.
func (p *Page) collect(body []byte, errs *diag.List) {
	htmlLine := -1
	_ = gast.Walk(p.Doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Directive:
			if n.D != nil {
				p.Directives = append(p.Directives, n.D)
			}
		case *ast.Value:
			p.Directives = append(p.Directives, n.V)
			checkValuePlace(p.File, n, errs)
		case *ast.Inline:
			if n.D != nil {
				p.Directives = append(p.Directives, n.D)
				checkInlinePlace(p.File, n, errs)
			}
		case *ast.Callout:
			p.Directives = append(p.Directives, n.D)
		case *gast.HTMLBlock, *gast.RawHTML:
			// One error a line: <b>bold</b> is one mistake, not two.
			off := nodeStart(n, body)
			if line := bytes.Count(body[:off], []byte("\n")); line != htmlLine {
				htmlLine = line
				errs.Add(p.File, off, "raw HTML is not allowed in lessons; write Markdown")
			}
		}
		return gast.WalkContinue, nil
	})
}

// checkValuePlace reports a value in a heading or an image description.
func checkValuePlace(file string, n *ast.Value, errs *diag.List) {
	for a := n.Parent(); a != nil; a = a.Parent() {
		switch a.(type) {
		case *gast.Heading:
			errs.Add(file, n.V.Off, "a heading cannot show a value: its anchor and its line in the contents would change with the number")
			return
		case *gast.Image:
			errs.Add(file, n.V.Off, "an image's description cannot show a value")
			return
		}
	}
}

// checkInlinePlace reports a reference, citation, term or formula in a
// heading: the heading's anchor and its line in the contents are plain
// text.
func checkInlinePlace(file string, n *ast.Inline, errs *diag.List) {
	for a := n.Parent(); a != nil; a = a.Parent() {
		if _, ok := a.(*gast.Heading); ok {
			errs.Add(file, n.D.Pos(), "a heading cannot hold a %s: write it in the text below", inlineWhat[n.D.Kind()])
			return
		}
	}
}

var inlineWhat = map[string]string{"ref": "cross-reference", "cite": "citation", "term": "glossary term", "math": "formula"}

// checkPlotIDs reports a plot, table, formula or exercise id, or an
// experiment name, used twice in one file: two plots would write the same
// figure file, two elements would share an anchor, and a reference or a
// value would be ambiguous.
func checkPlotIDs(p *Page, errs *diag.List) {
	first := map[string]int{}
	for _, d := range p.Directives {
		var kind, name string
		switch d := d.(type) {
		case *directive.Plot:
			kind, name = "plot", d.ID
		case *directive.Experiment:
			kind, name = "experiment", d.Name
		case *directive.Table:
			kind, name = "table", d.ID
		case *directive.Math:
			kind, name = "formula", d.ID
		case *directive.Callout:
			kind, name = "exercise", d.ID
		}
		if name == "" {
			continue
		}
		if off, dup := first[kind+" "+name]; dup {
			errs.Add(p.File, d.Pos(), "%s %s is defined twice (first at line %d)", kind, name, diag.PositionOf(p.Src, off).Line)
			continue
		}
		first[kind+" "+name] = d.Pos()
	}
}

func nodeStart(n gast.Node, src []byte) int {
	if n.Type() == gast.TypeInline {
		if r, ok := n.(*gast.RawHTML); ok && r.Segments.Len() > 0 {
			return r.Segments.At(0).Start
		}
		return 0
	}
	if n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	return 0
}

// frontKeys are the front matter's keys, each required.
var frontKeys = []string{"title", "slug", "summary"}

// parseFront parses fm, the front matter between the --- lines, which
// starts at byte offset base of file. Every problem is reported at its
// line, within fm, or at base.
func parseFront(file string, fm []byte, base int, errs *diag.List) Front {
	var f Front
	t := yamldoc.FileText(fm, base)
	report := func(off int, msg string) { errs.Add(file, off, "%s", msg) }
	var doc yaml.Node
	if err := yaml.Unmarshal(fm, &doc); err != nil {
		line, msg := yamldoc.ErrorLine(err)
		report(t.Offset(line, 1), "front matter: "+msg)
		return f
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		report(base, "front matter must be key: value lines")
		return f
	}
	fs := yamldoc.Fields(doc.Content[0], "front matter", frontKeys, t.At, report)
	for _, k := range frontKeys {
		fd, ok := fs[k]
		if !ok {
			report(base, "front matter: missing "+k)
			continue
		}
		if v, ok := frontValue(fd, t.At(fd.Value), report); ok {
			f.set(k, v, t.At(fd.Value))
		}
	}
	return f
}

// frontValue checks a front-matter value, at offset off: non-empty text
// with no {{ }}, and a slug of the allowed form. It returns the text and
// whether it is non-empty text.
func frontValue(fd yamldoc.Field, off int, report func(int, string)) (string, bool) {
	k, v := fd.Key.Value, fd.Value
	if v.Kind != yaml.ScalarNode || v.Value == "" {
		report(off, fmt.Sprintf("front matter: %s must be non-empty text", k))
		return "", false
	}
	if strings.Contains(v.Value, "{{") {
		report(off, fmt.Sprintf("front matter: %s cannot show a value: {{ }} works in the lesson's text only", k))
	}
	if k == "slug" && !slugRE.MatchString(v.Value) {
		report(off, fmt.Sprintf("front matter: slug %q: use lower-case ASCII letters, digits and -", v.Value))
	}
	return v.Value, true
}

// set stores the value of front-matter key k, found at offset off.
func (f *Front) set(k, v string, off int) {
	if f.offs == nil {
		f.offs = map[string]int{}
	}
	f.offs[k] = off
	switch k {
	case "title":
		f.Title = v
	case "slug":
		f.Slug = v
	case "summary":
		f.Summary = v
	}
}
