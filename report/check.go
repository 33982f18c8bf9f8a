package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"lbcourse/report/internal/output"
	"lbcourse/report/internal/pipeline"
)

func cmdCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var sf siteFlags
	f := newFlags("check", stderr)
	sf.register(f)
	if err := f.Parse(args); err != nil {
		return 2
	}
	files, _, err := pipeline.Render(ctx, sf.options())
	if err != nil {
		fmt.Fprintln(stderr, err)
		fmt.Fprintln(stderr, "report check: the sources do not build")
		return 1
	}
	diffs := compareTree(files, sf.out)
	if len(diffs) > 0 {
		for _, d := range diffs {
			fmt.Fprintln(stderr, d)
		}
		fmt.Fprintf(stderr, "report check: %s is stale (%d files): run make report and commit it\n", sf.out, len(diffs))
		return 1
	}
	fmt.Fprintf(stdout, "report check: %s is up to date (%d files)\n", sf.out, len(files.Names()))
	return 0
}

// compareTree lists, one line per file, how dir differs from files.
func compareTree(files *output.Files, dir string) []string {
	var out []string
	want := files.Names()
	for _, n := range want {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(n)))
		switch {
		case err != nil:
			out = append(out, "missing: "+filepath.Join(dir, n))
		case !bytes.Equal(got, files.Get(n)):
			out = append(out, "differs: "+filepath.Join(dir, n))
		}
	}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		r, _ := filepath.Rel(dir, p)
		if !slices.Contains(want, filepath.ToSlash(r)) {
			out = append(out, "extra: "+p)
		}
		return nil
	})
	slices.Sort(out)
	return out
}
