package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// vnu runs the Nu Html Checker (vnu.jar from npm, on Debian's Java) over
// files and returns its error lines, one a problem.
func vnu(t *testing.T, files []string) []string {
	t.Helper()
	java, err := exec.LookPath("java")
	if err != nil {
		t.Fatalf("java is not installed (make deps installs it): %v", err)
	}
	jar := filepath.Join(moduleRoot(t), "node_modules", "vnu-jar", "build", "dist", "vnu.jar")
	if _, err := os.Stat(jar); err != nil {
		t.Fatalf("no vnu.jar (make deps runs npm ci): %v", err)
	}
	args := append([]string{"-jar", jar, "--errors-only", "--also-check-svg", "--format", "gnu"}, files...)
	var out bytes.Buffer
	cmd := exec.Command(java, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) == 1 && lines[0] == "" {
		lines = nil
	}
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatalf("running vnu: %v", err)
	}
	if err != nil && len(lines) == 0 {
		t.Fatalf("vnu failed without a message: %v", err)
	}
	return lines
}

// TestValidHTML: every page and figure of the site is valid HTML5 and SVG
// to the Nu Html Checker.
func TestValidHTML(t *testing.T) {
	t.Parallel() // reads out/ only; the browser is shared
	out := outDir(t)
	var files []string
	_ = filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".svg")) {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no pages")
	}
	// The page report diff -html writes, in the same run of the checker.
	review := reviewPage(t)
	files = append(files, filepath.Join(review, "index.html"), filepath.Join(review, "series-1.svg"))
	for _, e := range vnu(t, files) {
		t.Error(strings.TrimPrefix(strings.TrimPrefix(e, `"file:`+out+"/"), `"file:`+review+"/"))
	}
	t.Logf("vnu checked %d files", len(files))
}

// TestValidHTMLCatchesBreakage: the checker reports a <details> inside a
// <figure>, the mistake the site once had on every plot.
func TestValidHTMLCatchesBreakage(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.html")
	page := `<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><figure><img src="a.svg" alt="a"><figcaption>c</figcaption><details><summary>s</summary></details></figure></body></html>`
	if err := os.WriteFile(bad, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	got := vnu(t, []string{bad})
	if len(got) != 1 || !strings.Contains(got[0], `Element “details” not allowed as child of element “figure”`) {
		t.Errorf("vnu reported %q", got)
	}
}
