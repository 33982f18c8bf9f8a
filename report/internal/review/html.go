package review

import (
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"
)

// HTML writes the review as a static page into dir: index.html, one
// section per lesson with every language side by side (one under the
// other on a narrow screen), and an SVG per moved figure series with the
// old and new data drawn over each other. The files are deterministic for
// a given review.
func HTML(dir string, r *Review) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	page := htmlPage{Review: r, Totals: r.totals(), ToleranceNote: r.tolerance()}
	n := 0
	for _, l := range r.Lessons {
		hl := htmlLesson{LessonReview: l}
		if l.Only != "" {
			hl.Summary = l.summary()
		}
		for _, c := range l.Changes {
			hc := htmlChange{Change: c, Headline: c.headline()}
			if c.Kind == Series {
				n++
				svg, err := Overlay(c)
				if err != nil {
					return err
				}
				hc.Figure = fmt.Sprintf("series-%d.svg", n)
				if err := os.WriteFile(filepath.Join(dir, hc.Figure), svg, 0o644); err != nil {
					return err
				}
			}
			for _, lang := range l.Langs {
				v := c.Views[lang]
				hc.Langs = append(hc.Langs, htmlView{Lang: lang, Where: v.Where, Old: v.Old.html("del"), New: v.New.html("ins")})
			}
			hl.Changes = append(hl.Changes, hc)
		}
		for _, c := range l.Claims {
			hl.Claims = append(hl.Claims, htmlClaim{ClaimChange: c, State: c.state()})
		}
		for _, lang := range l.Langs {
			hl.Titles = append(hl.Titles, htmlTitle{lang, l.Titles[lang]})
		}
		page.Lessons = append(page.Lessons, hl)
	}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, page); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.html"), b.Bytes(), 0o644)
}

type htmlPage struct {
	*Review
	Totals, ToleranceNote string
	Lessons               []htmlLesson
}

type htmlLesson struct {
	*LessonReview
	Summary string // for a lesson on one side only
	Titles  []htmlTitle
	Changes []htmlChange
	Claims  []htmlClaim
}

type htmlTitle struct{ Lang, Title string }

type htmlChange struct {
	*Change
	Headline string
	Figure   string
	Langs    []htmlView
}

type htmlView struct {
	Lang, Where string
	Old, New    template.HTML
}

type htmlClaim struct {
	ClaimChange
	State string
}

// html is the sentence escaped, its number in <mark> inside a tag (del for
// the old side, ins for the new).
func (s Sentence) html(tag string) template.HTML {
	if len(s) == 0 {
		return ""
	}
	var b strings.Builder
	for _, p := range s {
		if p.Number {
			fmt.Fprintf(&b, "<%s><mark>%s</mark></%s>", tag, template.HTMLEscapeString(p.Text), tag)
			continue
		}
		b.WriteString(template.HTMLEscapeString(p.Text))
	}
	return template.HTML(b.String())
}

var pageTemplate = template.Must(template.New("review").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Numbers review: {{.New}} against {{.Old}}</title>
<style>
body{font-family:system-ui,sans-serif;line-height:1.5;max-width:72rem;margin:0 auto;padding:1rem;color:#1a1a1a;background:#fff}
h1{font-size:1.5rem}h2{font-size:1.25rem;border-top:1px solid #ccc;padding-top:1rem}h3{font-size:1rem;font-weight:600}
code,.key{font-family:ui-monospace,monospace;font-size:.9em;overflow-wrap:anywhere}
.langs{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:.5rem 1.5rem}
.lang{min-width:0}.lang h4{margin:.25rem 0;font-size:.8rem;text-transform:uppercase;color:#555}
.old,.new{margin:.25rem 0;overflow-wrap:anywhere}.old{color:#444}
del mark{background:#fbd5d5;color:#6b0000;text-decoration:line-through}
ins mark{background:#c9efd3;color:#064d1a}ins,del{text-decoration:none}
.where{color:#444;font-size:.9rem;overflow-wrap:anywhere}
figure{margin:.5rem 0}figure img{max-width:100%;height:auto;border:1px solid #ddd}
.tag{font-size:.75rem;text-transform:uppercase;color:#555;font-weight:600}
.fails{color:#8a0000;font-weight:600}.note{background:#fff6d6;padding:.5rem}
</style>
</head>
<body>
<header>
<h1>Numbers review</h1>
<p><strong>{{.New}}</strong> against <strong>{{.Old}}</strong>{{.ToleranceNote}}.</p>
<p>{{.Totals}}.</p>
{{if .Checked}}{{if .Gate}}<p class="fails">Check failed: {{range $i, $g := .Gate}}{{if $i}}; {{end}}{{$g}}{{end}}.</p>{{else}}<p>Check passed: out/ is what the sources build and every claim holds.</p>{{end}}
{{end}}
{{range .Notes}}<p class="note">{{.}}</p>
{{end}}</header>
<main>
{{range .Lessons}}<section id="{{.Key}}">
<h2><span class="key">{{.Key}}</span>{{range .Titles}}<br><span lang="{{.Lang}}">{{.Title}}</span>{{end}}</h2>
{{with .Summary}}<p>{{.}}.</p>
{{end}}{{if .Claims}}<h3>Claims</h3>
<ul>
{{range .Claims}}<li><code>{{.Src}}</code>: <span{{if .Failing}} class="fails"{{end}}>{{.State}}</span>{{if .Msg}}<br><span class="where">{{.Msg}}</span>{{end}}</li>
{{end}}</ul>
{{end}}{{range .Changes}}<article>
<h3 class="key">{{.Headline}}</h3>
{{if .Figure}}<figure><img src="{{.Figure}}" width="567" height="283" alt="The series {{.Key}}: old (grey, dashed) and new (blue) over each other"><figcaption>Grey, dashed: {{$.Old}}. Blue: {{$.New}}.</figcaption></figure>
{{end}}<div class="langs">
{{range .Langs}}<div class="lang" lang="{{.Lang}}"><h4>{{.Lang}}</h4>
{{if .Where}}<p class="where">{{.Where}}</p>
{{end}}{{if .Old}}<p class="old"><span class="tag">was</span> {{.Old}}</p>
{{end}}{{if .New}}<p class="new"><span class="tag">now</span> {{.New}}</p>
{{end}}</div>
{{end}}</div>
</article>
{{end}}</section>
{{else}}<p>No displayed number moved and every claim holds.</p>
{{end}}</main>
</body>
</html>
`))
