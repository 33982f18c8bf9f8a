package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"lbcourse/report/internal/course"
	"lbcourse/report/internal/output"
	"lbcourse/report/internal/pipeline"
)

// siteFlags are the flags every command that builds shares.
type siteFlags struct {
	lessons, templates, out, cache string
}

func (s *siteFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.lessons, "lessons", "lessons", "lesson folders `DIR`")
	fs.StringVar(&s.templates, "templates", "templates", "page templates and terms `DIR`")
	fs.StringVar(&s.out, "out", "out", "site output `DIR`")
	fs.StringVar(&s.cache, "cache", ".cache/report", "result cache `DIR` (\"\" runs every experiment)")
}

func (s *siteFlags) options() pipeline.Options {
	return pipeline.Options{Lessons: s.lessons, Templates: s.templates, Out: s.out, CacheDir: s.cache, Registry: course.Registry()}
}

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("report "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func cmdBuild(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var sf siteFlags
	fs := newFlags("build", stderr)
	sf.register(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "report build: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	s, err := pipeline.Build(ctx, sf.options())
	for _, w := range s.Warnings {
		fmt.Fprintf(stderr, "report build: warning: %s\n", w)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		if errors.Is(err, output.ErrSiteMoved) {
			fmt.Fprintln(stderr, "report build: failed")
		} else {
			fmt.Fprintf(stderr, "report build: failed; %s left as it was\n", sf.out)
		}
		return 1
	}
	fmt.Fprintf(stdout, "built %s: %s\n", sf.out, s)
	return 0
}
