package figure

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"

	"lbcourse/report/internal/numfmt"
)

//go:embed *.go
var source embed.FS

// Version names everything but its arguments that Render's output depends
// on: the Go release, the modules the generator was built with (the
// plotting library and its fonts among them) and this package's source.
var Version = sync.OnceValue(func() string {
	h := sha256.New()
	fmt.Fprintf(h, "go %s\n", runtime.Version())
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			fmt.Fprintf(h, "dep %s %s %s\n", d.Path, d.Version, d.Sum)
		}
	}
	names, _ := fs.Glob(source, "*.go")
	slices.Sort(names)
	for _, n := range names {
		b, _ := fs.ReadFile(source, n)
		fmt.Fprintf(h, "%s %d\n", n, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
})

// Key names the drawing Render(s, loc, v) returns: two calls with the same
// key draw the same bytes, so a drawing stored under its key can be reused
// for as long as Version holds.
func Key(s Spec, loc *numfmt.Locale, v Variant) (string, error) {
	b, err := json.Marshal(struct {
		Version, Locale string
		Variant         Variant
		Spec            Spec
	}{Version(), loc.Tag.String(), v, s})
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}
