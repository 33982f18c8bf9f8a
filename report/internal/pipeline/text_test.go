package pipeline

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"lbcourse/models/model"
	"lbcourse/report/internal/course"
	"lbcourse/report/internal/registry"
)

type labelParams struct{}

func (labelParams) Validate() error { return nil }

// labelModel returns one text, with characters HTML escapes, and one number.
var labelModel = model.Def[labelParams]{
	Name:     "label",
	Doc:      "Returns a text and a number.",
	Source:   fstest.MapFS{"label.go": {Data: []byte("package label\n")}},
	Defaults: func() labelParams { return labelParams{} },
	Run: func(_ context.Context, _ labelParams) (model.Result, error) {
		var r model.Result
		r.SetText("machine.cpu", `Fast <CPU> & "Co"`)
		r.Set("machine.cores", 2, "")
		return r, nil
	},
	Outputs: []model.Output{
		model.OutText("machine.cpu", "the CPU's name"),
		model.OutValue("machine.cores", "", "cores"),
	},
}

// TestTextValue: an inline value naming a text shows it as written,
// escaped, on both pages, and the numbers file lists it under PATH|text.
func TestTextValue(t *testing.T) {
	reg, err := registry.Of(course.Libraries(), append(course.Models(), labelModel)...)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeBoth(t, dir, "```experiment m\nmodel: label\n```\n\nOn {{ m.machine.cpu }} with {{ m.machine.cores | 0 }} cores.\n")
	o := sharedOptions(t)
	o.Lessons, o.Registry = filepath.Join(dir, "lessons"), reg
	files, _, err := Render(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"en/trial.html", "tr/deneme.html"} {
		if want := `On <span class="value">Fast &lt;CPU&gt; &amp; &#34;Co&#34;</span> with <span class="value">2</span> cores.`; !strings.Contains(string(files.Get(page)), want) {
			t.Errorf("%s lacks %s", page, want)
		}
	}
	if want := "m.machine.cpu|text\tFast <CPU> & \"Co\"\t\n"; !strings.Contains(string(files.Get("numbers/01-deneme.tsv")), want) {
		t.Errorf("numbers file lacks %q:\n%s", want, files.Get("numbers/01-deneme.tsv"))
	}
}
