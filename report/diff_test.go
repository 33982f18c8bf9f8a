package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files of report diff's review")

// The test course's lesson: an inline value in a sentence in each
// language, a table, a CDF and a claim, all over one queue experiment
// whose slowdown the change raises.
const (
	diffLessonTR = "---\ntitle: Deneme\nslug: deneme\nsummary: Kısa bir deneme.\n---\n\n" +
		"```experiment e\nmodel: queue\nslowdown: [SLOW, 1, 1]\n```\n\n" +
		"Üç kopya var. Sıralı dağıtımda bir istek ortalama {{ e.round_robin.mean_wait | 2 unit }} bekliyor. En az bağlantıda bu {{ e.least_connections.mean_wait | 2 }}.\n\n" +
		"```table e\nid: waits\ncaption: Ortalama beklemeler\nrows: [round_robin, least_connections]\ncolumns: [mean_wait | 2]\n```\n\n" +
		"```plot waits\nexperiment: e\nkind: cdf\ntitle: Beklemeler\ncaption: Beklemelerin dağılımı.\nalt: Bir basamak eğrisi.\n" +
		"x: {label: bekleme}\ny: {label: pay, min: 0, max: 1}\nseries:\n  - {data: round_robin.wait, legend: sıralı dağıtım}\n```\n\n" +
		"```check\ne.least_connections.mean_wait < 3  # üç turun altında\n```\n"
	diffLessonEN = "---\ntitle: Trial\nslug: trial\nsummary: A short trial.\n---\n\n" +
		"```experiment e\nmodel: queue\nslowdown: [SLOW, 1, 1]\n```\n\n" +
		"There are three replicas. Under round robin a request waits {{ e.round_robin.mean_wait | 2 unit }} on average. Under least connections it waits {{ e.least_connections.mean_wait | 2 }}.\n\n" +
		"```table e\nid: waits\ncaption: Mean waits\nrows: [round_robin, least_connections]\ncolumns: [mean_wait | 2]\n```\n\n" +
		"```plot waits\nexperiment: e\nkind: cdf\ntitle: Waits\ncaption: The distribution of the waits.\nalt: A step curve.\n" +
		"x: {label: wait}\ny: {label: share, min: 0, max: 1}\nseries:\n  - {data: round_robin.wait, legend: round robin}\n```\n\n" +
		"```check\ne.least_connections.mean_wait < 3  # under three turns\n```\n"
)

// diffRepo makes a git repository holding this generator and three
// revisions: "generator" (no lessons), "lesson" (the test lesson, slowdown
// 1) and "broken" (a parameter misspelt); the working tree has the lesson
// with slowdown 2, not committed.
func diffRepo(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	for _, p := range []string{"go.mod", "go.sum", "models", "report", "templates"} {
		cmd := exec.Command("cp", "-R", filepath.Join(root, p), filepath.Join(repo, p))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("cp %s: %v\n%s", p, err, out)
		}
	}
	gitIn := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t",
			"GIT_COMMITTER_EMAIL=t@example.org", "GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	writeLesson := func(slow, param string) {
		t.Helper()
		dir := filepath.Join(repo, "lessons", "01-deneme")
		os.MkdirAll(dir, 0o755)
		for name, body := range map[string]string{"tr.md": diffLessonTR, "en.md": diffLessonEN} {
			body = strings.ReplaceAll(strings.Replace(body, "SLOW", slow, 1), "slowdown:", param+":")
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	os.WriteFile(filepath.Join(repo, ".gitignore"), []byte("/.cache/\n/out/\n"), 0o644)
	gitIn("init", "-q", "-b", "main")
	gitIn("add", ".")
	gitIn("commit", "-qm", "generator")
	gitIn("tag", "generator")
	writeLesson("1", "slowdown")
	gitIn("add", ".")
	gitIn("commit", "-qm", "lesson")
	gitIn("tag", "lesson")
	writeLesson("1", "slowdwn")
	gitIn("commit", "-qam", "broken")
	gitIn("tag", "broken")
	writeLesson("2", "slowdown")
	return repo
}

var shortHash = regexp.MustCompile(`\(([0-9a-f]{7,40})\)`)

// TestDiffReview: the test course's slowdown raised from 1 to 2 in the
// working tree moves its inline values, its table cells and its CDF (one
// change for the whole shifted curve) and makes its claim false; report
// diff shows each in its sentence, row or figure, in both languages, in
// the terminal, as Markdown and as a page, and its -check fails. A
// revision that is unknown, has no lessons or does not build is one clear
// message.
func TestDiffReview(t *testing.T) {
	repo := diffRepo(t)
	t.Chdir(repo)
	ctx := context.Background()
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := cmdDiff(ctx, args, &stdout, &stderr)
		return code, shortHash.ReplaceAllString(stdout.String(), "(HASH)"), shortHash.ReplaceAllString(stderr.String(), "(HASH)")
	}

	code, out, stderr := run("lesson")
	if code != 0 {
		t.Fatalf("diff lesson: exit %d\n%s", code, stderr)
	}
	golden(t, "review.txt", out)

	code, out, stderr = run("-markdown", "-link", "https://example.org/review/", "lesson")
	if code != 0 {
		t.Fatalf("diff -markdown: exit %d\n%s", code, stderr)
	}
	golden(t, "review.md", out)

	page := filepath.Join(t.TempDir(), "review")
	if code, _, stderr = run("-html", page, "lesson"); code != 0 {
		t.Fatalf("diff -html: exit %d\n%s", code, stderr)
	}
	html, err := os.ReadFile(filepath.Join(page, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<div class="lang" lang="tr"><h4>tr</h4>`,
		"<p class=\"old\"><span class=\"tag\">was</span> Sıralı dağıtımda bir istek ortalama <del><mark>4,04\u00a0tur</mark></del> bekliyor.</p>",
		"<p class=\"new\"><span class=\"tag\">now</span> Under round robin a request waits <ins><mark>81.97\u00a0turns</mark></ins> on average.</p>",
		`<p class="where">Tablo 1 (Ortalama beklemeler) · en az bağlantı · ortalama bekleme (tur)</p>`,
		`<p class="old"><span class="tag">was</span> <del><mark>1.90</mark></del></p>`,
		`<h3 class="key">figure fig.waits.e:round_robin.wait: `,
		`<img src="series-1.svg"`,
		`<code>e.least_connections.mean_wait &lt; 3</code>: <span class="fails">no longer holds</span>`,
	} {
		if !strings.Contains(string(html), want) {
			t.Errorf("the review page lacks %s", want)
		}
	}
	if svg, err := os.ReadFile(filepath.Join(page, "series-1.svg")); err != nil || !bytes.Contains(svg, []byte("<svg")) {
		t.Errorf("series-1.svg: %v", err)
	}
	if _, err := os.Stat("out"); !os.IsNotExist(err) {
		t.Errorf("report diff wrote out/: %v", err)
	}

	code, _, stderr = run("-check", "lesson")
	if code != 1 || !strings.Contains(stderr, "report diff: out is stale") ||
		!strings.HasSuffix(stderr, "lessons/01-deneme/tr.md:34:1: check does not hold: e.least_connections.mean_wait < 3 (e.least_connections.mean_wait = 31.123333333333335)\nreport diff: 1 claims do not hold\n") {
		t.Errorf("diff -check: exit %d\n%s", code, stderr)
	}

	// The gate's verdict reaches the pull-request summary too.
	code, out, _ = run("-check", "-markdown", "lesson")
	if want := "\n**Check failed:** out is stale (24 files differ from what the sources build: run make report and commit it); 1 claims do not hold.\n"; code != 1 || !strings.Contains(out, want) {
		t.Errorf("diff -check -markdown: exit %d, want 1 and %q in\n%s", code, want, out)
	}

	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"nosuch"}, 1, "report diff: unknown revision \"nosuch\": name a commit, a branch or a tag of this repository\n"},
		{[]string{"generator"}, 1, "report diff: generator (HASH) has no lessons/ folder: there is nothing to compare\n"},
		{[]string{"-html", "out/review", "lesson"}, 2, "report diff: -html out/review is inside out: the review never writes into the site\n"},
		{[]string{"-link", "https://example.org/", "lesson"}, 2, diffUsage + "\n"},
	} {
		code, _, stderr := run(tc.args...)
		if code != tc.code || stderr != tc.stderr {
			t.Errorf("diff %v: exit %d\n%s\nwant exit %d\n%s", tc.args, code, stderr, tc.code, tc.stderr)
		}
	}
	code, _, stderr = run("broken")
	if code != 1 || !strings.HasPrefix(stderr, "report diff: broken (HASH) does not build with its own generator (report build -out ") ||
		!strings.Contains(stderr, "\nlessons/01-deneme/tr.md:9:1: model queue has no parameter \"slowdwn\" (did you mean \"slowdown\"?)\n") {
		t.Errorf("diff broken: exit %d\n%s", code, stderr)
	}

	// Interrupted while REV builds: an error, and no worktree left.
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	var sink bytes.Buffer
	if code := cmdDiff(short, []string{"lesson"}, &sink, &sink); code != 1 || !strings.Contains(sink.String(), "context deadline exceeded") {
		t.Errorf("diff interrupted: exit %d\n%s", code, sink.String())
	}
	list, err := exec.Command("git", "worktree", "list", "--porcelain").Output()
	if err != nil || strings.Count(string(list), "worktree ") != 1 {
		t.Errorf("worktrees left behind: %v\n%s", err, list)
	}
}

// golden compares got with testdata/diff/NAME, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(goldenDir, name)
	if *update {
		os.MkdirAll(goldenDir, 0o755)
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./report -run TestDiffReview -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n%s\nwant\n%s", name, got, want)
	}
}

var goldenDir = func() string {
	d, _ := filepath.Abs(filepath.Join("testdata", "diff"))
	return d
}()
