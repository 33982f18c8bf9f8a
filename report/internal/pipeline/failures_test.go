package pipeline

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"lbcourse/models/model"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/output/outputtest"
	"lbcourse/report/internal/registry"
)

type toyParams struct {
	N int `yaml:"n"`
}

func (toyParams) Validate() error { return nil }

// failingRegistry has a model that panics and one that ignores its context
// until release is closed.
func failingRegistry(t *testing.T, release chan struct{}) *registry.Registry {
	reg, err := registry.NewRegistry(nil,
		registry.New("boom", "models/boom", fstest.MapFS{}, func() toyParams { return toyParams{} }, toyParams.Validate,
			func(context.Context, toyParams) (model.Result, error) {
				var s []int
				_ = s[3]
				return model.Result{}, nil
			}),
		registry.New("slowpoke", "models/slowpoke", fstest.MapFS{}, func() toyParams { return toyParams{} }, toyParams.Validate,
			func(context.Context, toyParams) (model.Result, error) {
				<-release // ignores its context, as a runaway model would
				return model.Result{}, nil
			}),
	)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// failingOptions builds the failures course with failingRegistry's models
// into a previous site.
func failingOptions(t *testing.T, release chan struct{}, timeout time.Duration) Options {
	return Options{
		Lessons:   filepath.Join("testdata", "failures", "lessons"),
		Templates: filepath.Join(root, "templates"),
		Out:       previousSite(t),
		Registry:  failingRegistry(t, release),
		Timeout:   timeout,
	}
}

// TestRunFailures: a model that panics and one that never finishes each
// become an error at their experiment; an experiment that depends on a
// failed one is not run, the build returns, and out/ is as it was.
func TestRunFailures(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	o := failingOptions(t, release, 200*time.Millisecond)
	before := outputtest.Tree(t, o.Out)
	_, err := Build(context.Background(), o)
	want := "testdata/failures/lessons/01-deneme/tr.md:7:4: experiment crash: model boom panicked: runtime error: index out of range [3] with length 0\n" +
		"testdata/failures/lessons/01-deneme/tr.md:11:4: experiment stuck: did not finish within 200ms"
	if err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant\n%s", err, want)
	}
	if !outputtest.Equal(before, outputtest.Tree(t, o.Out)) {
		t.Error("out/ changed")
	}
}

// TestInterrupted: cancelling a build stuck in a model that ignores its
// context returns at once with "interrupted", not a timeout, and leaves
// out/ as it was.
func TestInterrupted(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	o := failingOptions(t, release, time.Hour)
	before := outputtest.Tree(t, o.Out)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err := Build(ctx, o)
	if err == nil || err.Error() != "interrupted" {
		t.Errorf("error %v, want interrupted", err)
	}
	if !outputtest.Equal(before, outputtest.Tree(t, o.Out)) {
		t.Error("out/ changed")
	}
}

// TestParserPanic: a directive parser that panics becomes an error at each
// page it parses; the panic does not escape Build.
func TestParserPanic(t *testing.T) {
	kinds := directive.Standard()
	for i := range kinds {
		if kinds[i].Name == "experiment" { // every lesson page runs experiments
			kinds[i].Parse = func(*directive.Block) directive.Directive { panic("experiment parser bug") }
		}
	}
	o := sharedOptions(t)
	o.Out = previousSite(t)
	o.Kinds = kinds
	_, err := Build(context.Background(), o)
	if err == nil {
		t.Fatal("built")
	}
	pages, _ := filepath.Glob(filepath.Join(o.Lessons, "*", "*.md"))
	lines := strings.Split(err.Error(), "\n")
	if len(pages) == 0 || len(lines) != len(pages) { // one per page of every lesson
		t.Errorf("%d errors, want one per page (%d):\n%v", len(lines), len(pages), err)
	}
	for _, l := range lines {
		if !strings.Contains(l, ".md: internal error while parsing the page: experiment parser bug (at lbcourse/report/internal/pipeline.TestParserPanic.func1, ") {
			t.Errorf("error %q", l)
		}
	}
}
