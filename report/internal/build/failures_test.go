package build

import (
	"context"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	"lbcourse/models/model"
	"lbcourse/report/internal/registry"
)

type toyParams struct {
	N int `yaml:"n"`
}

func (toyParams) Validate() error { return nil }

// TestRunFailures: a model that panics and one that never finishes each
// become an error at their experiment; an experiment that depends on a
// failed one is not run, and the build returns.
func TestRunFailures(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
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
	o := Options{
		Lessons:   filepath.Join("testdata", "failures", "lessons"),
		Templates: filepath.Join(root, "templates"),
		Out:       t.TempDir(),
		Registry:  reg,
		Timeout:   200 * time.Millisecond,
	}
	_, _, err = Render(context.Background(), o)
	want := "testdata/failures/lessons/01-deneme/tr.md:7:4: experiment crash: model boom panicked: runtime error: index out of range [3] with length 0\n" +
		"testdata/failures/lessons/01-deneme/tr.md:11:4: experiment stuck: did not finish within 200ms"
	if err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant\n%s", err, want)
	}
}
