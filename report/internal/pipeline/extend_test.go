package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"lbcourse/models/model"
	"lbcourse/report/internal/course"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/numfmt"
	"lbcourse/report/internal/registry"
)

// proseKinds are the kinds written in prose, which package mdext parses:
// they have no fence parser.
var proseKinds = map[string]bool{"ref": true, "cite": true, "term": true, "callout": true}

// TestEveryKindComplete: each standard directive kind has a name, a parser
// (unless it is written in prose), a resolver and a template; a kind cannot
// be half-added.
func TestEveryKindComplete(t *testing.T) {
	for _, k := range directive.Standard() {
		if k.Name == "" || (k.Parse == nil) != proseKinds[k.Name] || k.Resolve == nil {
			t.Errorf("kind %q lacks a part: %+v", k.Name, k)
		}
		if _, err := os.Stat(filepath.Join(root, "templates", "directives", k.Name+".html")); err != nil {
			t.Errorf("kind %q has no template: %v", k.Name, err)
		}
	}
}

// badge is a toy directive kind, written as CONTRIBUTING.md says: its type,
// parser and resolver (one file in package directive) and its template.
type badge struct {
	off  int
	path string
}

func (b *badge) Kind() string    { return "badge" }
func (b *badge) Pos() int        { return b.off }
func (b *badge) Neutral() string { return b.path }

func parseBadge(b *directive.Block) directive.Directive {
	m := b.Mapping()
	if m == nil {
		return nil
	}
	fs := b.Fields(m, "badge", []string{"value"})
	b.Require(fs, "value")
	return &badge{off: b.Off, path: b.String(fs, "value")}
}

func resolveBadge(d directive.Directive, c directive.Context) (any, bool) {
	b := d.(*badge)
	v, ok := c.Value(b.path, b.off)
	if !ok {
		return nil, false
	}
	return struct{ Text string }{c.Show(b.path, v, numfmt.Format{Digits: 0, Fixed: true}, b.off)}, true
}

// TestToyDirectiveKind adds a kind by its one value and one template: the
// build parses it, resolves it (a miss is a positioned error), renders it
// in both languages and records its number.
func TestToyDirectiveKind(t *testing.T) {
	templates := copyTree(t, filepath.Join(root, "templates"))
	os.WriteFile(filepath.Join(templates, "directives", "badge.html"), []byte(`<p class="badge">{{.Text}}</p>`+"\n"), 0o644)
	course := t.TempDir()
	writeBoth(t, course, "```experiment w\nmodel: warmup\n```\n\n```badge\nvalue: w.store_rps\n```\n")
	o := sharedOptions(t)
	o.Lessons, o.Templates = filepath.Join(course, "lessons"), templates
	o.Kinds = append(directive.Standard(), directive.Kind{Name: "badge", Parse: parseBadge, Resolve: resolveBadge})
	files, _, err := Render(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"tr/deneme.html", "en/trial.html"} {
		if got := string(files.Get(page)); !strings.Contains(got, `<p class="badge">233</p>`) {
			t.Errorf("%s has no badge", page)
		}
	}
	if !strings.Contains(string(files.Get("numbers/01-deneme.tsv")), "w.store_rps|0\t233\trps") {
		t.Error("the badge's number is not in the numbers file")
	}
	// A miss is an error at its line; a kind without a template cannot build.
	writeBoth(t, course, "```experiment w\nmodel: warmup\n```\n\n```badge\nvalue: w.store_rpz\n```\n")
	_, _, err = Render(context.Background(), o)
	if err == nil || !strings.Contains(err.Error(), `lessons/01-deneme/tr.md:11:4: experiment w (model warmup) has no value "store_rpz" (did you mean "store_rps"?)`) {
		t.Errorf("error %v", err)
	}
	os.Remove(filepath.Join(templates, "directives", "badge.html"))
	if _, _, err = Render(context.Background(), o); err == nil || !strings.Contains(err.Error(), "directives/badge.html: missing: every directive kind has a template") {
		t.Errorf("error %v", err)
	}
}

type echoParams struct {
	Level float64 `yaml:"level" unit:"request"`
}

func (p echoParams) Validate() error {
	if p.Level < 0 {
		return model.ParamErrors{{Param: "level", Msg: "must be at least 0"}}
	}
	return nil
}

// echoModel is a toy model as CONTRIBUTING.md describes one: its package
// exports one model.Def.
var echoModel = model.Def[echoParams]{
	Name:     "echo",
	Doc:      "Returns its parameter, doubled.",
	Source:   fstest.MapFS{"echo.go": {Data: []byte("package echo\n")}},
	Defaults: func() echoParams { return echoParams{Level: 2} },
	Run: func(_ context.Context, p echoParams) (model.Result, error) {
		var r model.Result
		r.Set("twice", 2*p.Level, "request")
		return r, nil
	},
	Outputs: []model.Output{model.OutValue("twice", "request", "twice the level")},
}

// TestToyModel adds a model by its package's Def and one line of the
// course list: lessons can name it, its parameters decode strictly and its
// declared outputs are checked before it runs.
func TestToyModel(t *testing.T) {
	reg, err := registry.Of(course.Libraries(), append(course.Models(), echoModel)...)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeBoth(t, dir, "```experiment e\nmodel: echo\nlevel: 21\n```\n\nTwice: {{ e.twice | 0 }}.\n")
	o := sharedOptions(t)
	o.Lessons, o.Registry = filepath.Join(dir, "lessons"), reg
	files, _, err := Render(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(files.Get("en/trial.html")), `<span class="value">42</span>`) {
		t.Error("the toy model's value is not on the page")
	}
	writeBoth(t, dir, "```experiment e\nmodel: echo\nlevle: 21\n```\n\nTwice: {{ e.twise | 0 }}.\n")
	_, _, err = Render(context.Background(), o)
	want := []string{
		`lessons/01-deneme/tr.md:9:1: model echo has no parameter "levle" (did you mean "level"?)`,
		`lessons/01-deneme/tr.md:12:11: experiment e (model echo) declares no value "twise" (did you mean "twice"?)`,
	}
	for _, w := range want {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v\nwant a line %s", err, w)
		}
	}
}

// TestClaimsOverRuns: counts, shares and quantified claims over forty
// draws of the layer model (the comparisons the replication issue measured:
// layer 7 has more overloaded subjects in 32 of 40 draws, fewer in 4, and
// fewer units over capacity in every draw).
func TestClaimsOverRuns(t *testing.T) {
	dir := t.TempDir()
	writeBoth(t, dir, "```experiment d\nmodel: layer\nreplicate: {conn_seed: 1..40}\n```\n\n"+
		"More in {{ count(d.l7.overloaded > d.l4.overloaded) | 0 }}, fewer in {{ count(d.l7.overloaded < d.l4.overloaded) | 0 }}, "+
		"a share of {{ share(d.l7.overloaded > d.l4.overloaded) | %0 }}.\n\n"+
		"```check\nevery: d.l7.overload_units < d.l4.overload_units\nat least 32 of 40: d.l7.overloaded > d.l4.overloaded\n"+
		"count(d.l7.overloaded < d.l4.overloaded) == 4\nd.l7.overloaded.mean > d.l4.overloaded.mean\n```\n")
	o := sharedOptions(t)
	o.Lessons = filepath.Join(dir, "lessons")
	files, s, err := Render(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if s.Claims != 4 || s.Runs != 40 {
		t.Errorf("%d claims, %d runs", s.Claims, s.Runs)
	}
	page := string(files.Get("en/trial.html"))
	for _, want := range []string{`More in <span class="value">32</span>`, `fewer in <span class="value">4</span>`, `a share of <span class="value">80%</span>`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
}
