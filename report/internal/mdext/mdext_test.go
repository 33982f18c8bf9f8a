package mdext_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/mdext"
	"lbcourse/report/internal/mdext/ast"
)

type echo struct{}

func (echo) RenderDirective(w util.BufWriter, d directive.Directive) error {
	if d == nil {
		_, err := w.WriteString("[broken]\n")
		return err
	}
	_, err := w.WriteString("[" + d.Kind() + " " + d.Neutral() + "]\n")
	return err
}

func (echo) RenderCode(w util.BufWriter, lang string, code []byte) error {
	_, err := fmt.Fprintf(w, "<pre lang=%q>%s</pre>\n", lang, code)
	return err
}

func (echo) RenderValue(w util.BufWriter, v *directive.Value) error {
	_, err := w.WriteString("<" + v.Spec.String() + ">")
	return err
}

func (echo) RenderCallout(w util.BufWriter, c *directive.Callout, entering bool) error {
	if entering {
		_, err := w.WriteString("<" + c.Neutral() + ">\n")
		return err
	}
	_, err := w.WriteString("</" + c.Type + ">\n")
	return err
}

func (echo) RenderScrollBox(w util.BufWriter, header string, entering bool) error {
	if entering {
		_, err := w.WriteString("<box>\n")
		return err
	}
	_, err := w.WriteString("</box>\n")
	return err
}

func parse(src string) (gast.Node, []directive.Problem, goldmark.Markdown) {
	md := goldmark.New(goldmark.WithExtensions(&mdext.Extension{Parsers: directive.Standard().Parsers(), Hooks: echo{}}),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()))
	pc := parser.NewContext(parser.WithIDs(mdext.NewIDs()))
	doc := md.Parser().Parse(text.NewReader([]byte(src)), parser.WithContext(pc))
	return doc, mdext.Problems(pc), md
}

func TestParseAndRender(t *testing.T) {
	src := "# Başlık\n\nWait {{ e.rr.mean_wait | 2 }} and `{{ not.a.value }}`.\n\n" +
		"```experiment e\nmodel: queue\nreplicas: 3\n```\n\n" +
		"```check\ne.a < e.b\n# comment\ne.c >= 1\n```\n\n" +
		"```go\nfmt.Println(1)\n```\n"
	doc, probs, md := parse(src)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	var kinds []string
	gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if entering {
			switch n := n.(type) {
			case *ast.Directive:
				kinds = append(kinds, n.D.Kind())
			case *ast.Value:
				kinds = append(kinds, "value")
			}
		}
		return gast.WalkContinue, nil
	})
	if got := strings.Join(kinds, ","); got != "value,experiment,check" {
		t.Errorf("nodes = %s", got)
	}
	var out bytes.Buffer
	if err := md.Renderer().Render(&out, []byte(src), doc); err != nil {
		t.Fatal(err)
	}
	want := `<h1 id="baslik"><a class="self" href="#baslik">Başlık</a></h1>
<p>Wait <e.rr.mean_wait | 2> and <code>{{ not.a.value }}</code>.</p>
[experiment e model=queue replicas=3]
[check e.a < e.b
e.c >= 1]
<pre lang="go">fmt.Println(1)
</pre>
`
	if out.String() != want {
		t.Errorf("rendered\n%s\nwant\n%s", out.String(), want)
	}
}

func TestProblemsHaveOffsets(t *testing.T) {
	src := "Text {{ e.x | 9x }}.\n\n```table\ncaption: c\nrows: [a]\ncolumns: [b]\nextra: 1\n```\n"
	_, probs, _ := parse(src)
	var got []string
	for _, p := range probs {
		got = append(got, src[p.Off:p.Off+3]+"|"+p.Msg)
	}
	want := []string{
		` 9x|unknown format word "9x" (want decimals such as 2, a percent such as %1, unit, plain, or a case ending acc, dat, loc, abl, gen)`,
		`ext|table: unknown key "extra"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestMisspeltDirective(t *testing.T) {
	src := "```chek\na.b < 1\n```\n\n```Table x\n```\n\n```text\nok\n```\n\n```dot\ndigraph{}\n```\n"
	_, probs, _ := parse(src)
	var got []string
	for _, p := range probs {
		got = append(got, src[p.Off:p.Off+4]+"|"+p.Msg)
	}
	want := []string{
		`chek|"chek" is not a directive (did you mean "check"?); to show a code listing, name its language instead`,
		`Tabl|"Table" is not a directive (did you mean "table"?); to show a code listing, name its language instead`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// FuzzLesson feeds arbitrary Markdown through the parser and renderer: no
// input may panic, and every problem's offset lies inside the source.
func FuzzLesson(f *testing.F) {
	for _, s := range []string{
		"{{ a.b | 2 }}", "```experiment x\nmodel: q\n```", "```plot p\nseries: [{data: a}]\n```",
		"```table t\nrows: [a\n```", "```check\na.b < (\n```", "{{", "```source m f\ncaption: [\n```",
		"```experiment x\nmodel: q\nk: !ref y.z\n```\n{{ x.a - y.b | %1 unit }}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		doc, probs, md := parse(src)
		for _, p := range probs {
			if p.Off < 0 || p.Off > len(src) {
				t.Fatalf("problem %q at offset %d outside the source (%d bytes)", p.Msg, p.Off, len(src))
			}
		}
		var out bytes.Buffer
		_ = md.Renderer().Render(&out, []byte(src), doc)
	})
}
