package site

import (
	"errors"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/yamldoc"
)

// templateFiles are the page layouts under templates/.
var templateFiles = []string{"layout.html", "lesson.html", "index.html", "root.html", "glossary.html", "404.html", "search.html", "models.html", "run.html"}

var templateErrRE = regexp.MustCompile(`^template: ([^:]+):(\d+):(?:(\d+):)? ?(.*)$`)

// LoadTemplates parses the page layouts and, for each directive kind, its
// template directives/KIND.html; a missing one or a syntax error is reported
// at its file (and line).
func LoadTemplates(dir string, kinds []string, errs *diag.List) *template.Template {
	t := template.New("site").Option("missingkey=error")
	names := slices.Clone(templateFiles)
	for _, k := range kinds {
		names = append(names, "directives/"+k+".html")
	}
	for _, name := range names {
		file := filepath.Join(dir, filepath.FromSlash(name))
		src, err := os.ReadFile(file)
		if errors.Is(err, fs.ErrNotExist) && strings.HasPrefix(name, "directives/") {
			errs.AddFile(file, "missing: every directive kind has a template")
			continue
		}
		if err != nil {
			errs.AddFile(file, "%v", err)
			continue
		}
		errs.AddSource(file, src)
		if _, err := t.New(name).Parse(string(src)); err != nil {
			TemplateError(dir, err, errs)
		}
	}
	return t
}

// TemplateError reports err, an error of a template under dir, at its
// file and line.
func TemplateError(dir string, err error, errs *diag.List) {
	m := templateErrRE.FindStringSubmatch(err.Error())
	if m == nil {
		errs.AddFile(dir, "%v", err)
		return
	}
	file := filepath.Join(dir, m[1])
	line, _ := strconv.Atoi(m[2])
	col := 1
	if m[3] != "" {
		col, _ = strconv.Atoi(m[3])
	}
	src, _ := os.ReadFile(file)
	offs := yamldoc.LineOffsets(src)
	off := 0
	if line >= 1 && line <= len(offs) {
		off = offs[line-1] + col - 1
	}
	errs.Add(file, off, "%s", m[4])
}

// Script returns the script templates/NAME, copied into the site as it is.
func Script(dir, name string, errs *diag.List) []byte {
	file := filepath.Join(dir, name)
	src, err := os.ReadFile(file)
	if err != nil {
		errs.AddFile(file, "%v", err)
		return nil
	}
	return src
}

// Stylesheet returns templates/style.css followed by extra (the listings'
// highlighting rules).
func Stylesheet(dir, extra string, errs *diag.List) []byte {
	file := filepath.Join(dir, "style.css")
	css, err := os.ReadFile(file)
	if err != nil {
		errs.AddFile(file, "%v", err)
		return nil
	}
	return append(css, extra...)
}
