package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/numbers"
	"lbcourse/report/internal/output"
	"lbcourse/report/internal/pipeline"
	"lbcourse/report/internal/review"
	"lbcourse/report/internal/site"
)

const diffUsage = "usage: go run ./report diff [-tolerance R] [-html DIR] [-markdown [-link URL]] [-check] [-color auto|always|never] [REV]"

// cmdDiff reviews what moved between REV (HEAD by default), built by its
// own generator in a temporary worktree, and the working tree.
func cmdDiff(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var sf siteFlags
	f := newFlags("diff", stderr)
	sf.register(f)
	tol := f.Float64("tolerance", 0, "hide changes whose relative size is at most `R` (0.01 = 1%)")
	htmlDir := f.String("html", "", "also write the review as a static page into `DIR`")
	markdown := f.Bool("markdown", false, "print a GitHub-flavoured summary instead of the terminal review")
	link := f.String("link", "", "with -markdown: `URL` where the review page is published")
	check := f.Bool("check", false, "fail when out/ is stale or a claim does not hold")
	colour := f.String("color", "auto", "colour the numbers: auto (when a terminal), always or never")
	if err := f.Parse(args); err != nil {
		return 2
	}
	if f.NArg() > 1 || *tol < 0 || *link != "" && !*markdown || !oneOf(*colour, "auto", "always", "never") {
		fmt.Fprintln(stderr, diffUsage)
		return 2
	}
	rev := "HEAD"
	if f.NArg() == 1 {
		rev = f.Arg(0)
	}
	if *htmlDir != "" && inside(*htmlDir, sf.out) {
		fmt.Fprintf(stderr, "report diff: -html %s is inside %s: the review never writes into the site\n", *htmlDir, sf.out)
		return 2
	}
	d := differ{sf: sf, stderr: stderr}
	r, fresh, err := d.review(ctx, rev, *tol)
	if err != nil {
		fmt.Fprintf(stderr, "report diff: %v\n", err)
		return 1
	}
	var stale []string
	if *check {
		r.Checked = true
		if stale = compareTree(fresh.files, sf.out); len(stale) > 0 {
			r.Gate = append(r.Gate, fmt.Sprintf("%s is stale (%d files differ from what the sources build: run make report and commit it)", sf.out, len(stale)))
		}
		if n := len(fresh.falses); n > 0 {
			r.Gate = append(r.Gate, fmt.Sprintf("%d claims do not hold", n))
		}
	}
	if *htmlDir != "" {
		if err := review.HTML(*htmlDir, r); err != nil {
			fmt.Fprintf(stderr, "report diff: writing the review page: %v\n", err)
			return 1
		}
	}
	if *markdown {
		review.Markdown(stdout, r, *link)
	} else {
		review.Text(stdout, r, *colour == "always" || *colour == "auto" && isTerminal(stdout))
	}
	if !*check {
		return 0
	}
	if len(stale) > 0 {
		for _, s := range stale {
			fmt.Fprintln(stderr, s)
		}
		fmt.Fprintf(stderr, "report diff: %s is stale (%d files): run make report and commit it\n", sf.out, len(stale))
	}
	if n := len(fresh.falses); n > 0 {
		for _, e := range fresh.falses {
			fmt.Fprintln(stderr, e)
		}
		fmt.Fprintf(stderr, "report diff: %d claims do not hold\n", n)
	}
	if len(r.Gate) > 0 {
		return 1
	}
	return 0
}

func oneOf(s string, options ...string) bool {
	for _, o := range options {
		if s == o {
			return true
		}
	}
	return false
}

// inside reports whether path is dir or lies under it.
func inside(path, dir string) bool {
	p, err1 := filepath.Abs(path)
	d, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(d, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// differ builds both sides of a review.
type differ struct {
	sf     siteFlags
	stderr io.Writer
}

// freshSide is the working tree's build: its site, for -check, and the
// claims that do not hold.
type freshSide struct {
	files  *output.Files
	falses []*diag.Error
}

// review builds REV and the working tree and compares them.
func (d differ) review(ctx context.Context, rev string, tol float64) (*review.Review, *freshSide, error) {
	commit, err := git(ctx, "", "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil {
		return nil, nil, fmt.Errorf("unknown revision %q: name a commit, a branch or a tag of this repository", rev)
	}
	old, notes, err := d.buildRev(ctx, rev, commit)
	if err != nil {
		return nil, nil, err
	}
	fresh, side, err := d.buildWorkTree(ctx)
	if err != nil {
		return nil, nil, err
	}
	r := review.Compare(old.Label, side.Label, review.Snapshot(old), review.Snapshot(side), tol)
	r.Notes = notes
	return r, fresh, nil
}

// buildWorkTree renders the working tree in memory, false claims listed
// rather than fatal.
func (d differ) buildWorkTree(ctx context.Context) (*freshSide, *review.Side, error) {
	o := d.sf.options()
	o.ListFalseClaims = true
	files, sum, err := pipeline.Render(ctx, o)
	if err != nil {
		return nil, nil, fmt.Errorf("the working tree does not build:\n%v", err)
	}
	label := "working tree"
	if status, err := git(ctx, "", "status", "--porcelain", "--", d.sf.lessons, d.sf.templates, "models", "report", "go.mod", "go.sum"); err == nil {
		head, _ := git(ctx, "", "rev-parse", "--short", "HEAD")
		if status != "" {
			label += " (with uncommitted changes)"
		} else {
			label += " (committed, at " + head + ")"
		}
	}
	side := &review.Side{Label: label, Numbers: map[string]map[string]numbers.Line{}, False: map[review.ClaimAt]string{}}
	for _, n := range files.Names() {
		if key, ok := strings.CutPrefix(n, "numbers/"); ok && strings.HasSuffix(key, ".tsv") {
			side.Numbers[strings.TrimSuffix(key, ".tsv")] = numbers.Parse(files.Get(n))
		}
	}
	for _, e := range sum.FalseClaims {
		side.False[review.ClaimAt{File: e.File, Off: e.Off}] = e.Msg
	}
	var errs diag.List
	side.Site, side.Lessons = parseLessons(d.sf.lessons, d.sf.templates, &errs)
	return &freshSide{files: files, falses: sum.FalseClaims}, side, nil
}

// buildRev checks rev out into a temporary worktree, builds it there with
// its own generator and a result cache of its own, and reads its lessons
// with this generator's parser and its numbers from its numbers files.
// notes say what could not be read.
func (d differ) buildRev(ctx context.Context, rev, commit string) (side *review.Side, notes []string, err error) {
	short, _ := git(ctx, "", "rev-parse", "--short", commit)
	label := fmt.Sprintf("%s (%s)", rev, short)
	if strings.HasPrefix(commit, rev) {
		label = short // REV is a hash already
	}
	side = &review.Side{Label: label, Numbers: map[string]map[string]numbers.Line{}}
	tmp, err := os.MkdirTemp("", "report-diff-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	src, out := filepath.Join(tmp, "src"), filepath.Join(tmp, "out")
	// The worktree is added and removed whole, whatever ctx says: a git
	// killed half-way would leave it registered and locked.
	bg := context.WithoutCancel(ctx)
	_, _ = git(bg, "", "worktree", "prune") // what a killed review left behind
	defer func() { _, _ = git(bg, "", "worktree", "remove", "--force", "--force", src) }()
	if _, err := git(bg, "", "worktree", "add", "--detach", "--quiet", src, commit); err != nil {
		return nil, nil, fmt.Errorf("checking out %s: %v", rev, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if st, err := os.Stat(filepath.Join(src, "lessons")); err != nil || !st.IsDir() {
		return nil, nil, fmt.Errorf("%s (%s) has no lessons/ folder: there is nothing to compare", rev, short)
	}
	gen := filepath.Join(tmp, "report")
	if output, err := d.command(ctx, src, goCommand(), "build", "-trimpath", "-o", gen, "./report"); err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		return nil, nil, fmt.Errorf("%s (%s): its generator does not compile:\n%s", rev, short, lastLines(output, 20))
	}
	args := []string{"build", "-out", out, "-cache", d.revCache()}
	output, err := d.command(ctx, src, gen, args...)
	if err != nil && ctx.Err() == nil && strings.Contains(output, "flag provided but not defined") {
		// A generator older than -out and -cache builds into its own out/.
		args, out = []string{"build"}, filepath.Join(src, "out")
		output, err = d.command(ctx, src, gen, args...)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		hint := ""
		if strings.Contains(output, "check does not hold") {
			hint = "\n(a claim that does not hold stops a build: compare with a revision whose claims hold)"
		}
		return nil, nil, fmt.Errorf("%s (%s) does not build with its own generator (report %s):\n%s%s", rev, short, strings.Join(args, " "), lastLines(output, 20), hint)
	}
	entries, err := os.ReadDir(filepath.Join(out, "numbers"))
	if err != nil {
		notes = append(notes, fmt.Sprintf("%s predates the numbers files: its values, tables and figures cannot be compared, only its claims", side.Label))
	}
	for _, e := range entries {
		key, ok := strings.CutSuffix(e.Name(), ".tsv")
		if !ok {
			continue
		}
		b, err := os.ReadFile(filepath.Join(out, "numbers", e.Name()))
		if err != nil {
			return nil, nil, err
		}
		side.Numbers[key] = numbers.Parse(b)
	}
	var errs diag.List
	side.Site, side.Lessons = parseLessons(filepath.Join(src, "lessons"), filepath.Join(src, "templates"), &errs)
	if errs.Len() > 0 {
		first := errs.Errors()[0]
		first.File = strings.TrimPrefix(first.File, src+string(filepath.Separator))
		notes = append(notes, fmt.Sprintf("this generator reads %s's lessons with %d problems (the first: %v): sentences around them may be missing", side.Label, errs.Len(), first))
	}
	// REV's generator checked every claim: that it built says they hold.
	return side, notes, nil
}

// revCache is where REV's results are cached: .cache/review of the
// working directory, apart from the working tree's, or none when the
// review runs without a cache.
func (d differ) revCache() string {
	if d.sf.cache == "" {
		return ""
	}
	abs, err := filepath.Abs(filepath.Join(".cache", "review"))
	if err != nil {
		return ""
	}
	return abs
}

// command runs name in dir, in a process group of its own that a
// cancelled ctx kills whole, and returns its output.
func (d differ) command(ctx context.Context, dir, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	ownGroup(cmd)
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	return output.String(), err
}

// parseLessons reads the site configuration and every lesson.
func parseLessons(lessons, templates string, errs *diag.List) (*site.Site, []*lesson.Lesson) {
	cfg := site.Load(templates, errs)
	return cfg, lesson.Discover(lessons, cfg, directive.Standard().Parsers(), errs)
}

// goCommand is the go tool that runs REV's generator: $GO, or go.
func goCommand() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"…"}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// git runs git in dir ("" for the current directory) and returns its
// output, trimmed.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && stderr.Len() > 0 {
			return "", fmt.Errorf("%s", strings.TrimSpace(stderr.String()))
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}
