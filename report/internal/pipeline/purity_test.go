package pipeline

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestResolveAndRenderTouchNoFiles: the resolve and render stages read no
// file and ask nothing of the OS, so that the same code can run in a
// browser (make test also builds them for GOOS=js GOARCH=wasm). Their
// non-test files may not import the packages that would let them.
func TestResolveAndRenderTouchNoFiles(t *testing.T) {
	banned := map[string]bool{"os": true, "os/exec": true, "io/ioutil": true, "path/filepath": true, "syscall": true, "net": true, "net/http": true}
	for _, pkg := range []string{"resolve", "render", "directive", "figure", "numfmt", "expr", "numbers", "highlight"} {
		files, _ := filepath.Glob(filepath.Join("..", pkg, "*.go"))
		if len(files) == 0 {
			t.Fatalf("no files in %s", pkg)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range af.Imports {
				if p, _ := strconv.Unquote(im.Path.Value); banned[p] {
					t.Errorf("%s imports %s", f, p)
				}
			}
		}
	}
}
