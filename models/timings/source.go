package timings

import "embed"

// Source holds the package's own Go files and the results file, shown on
// the course pages; the results file being part of it, the build re-runs
// the model when the file changes.
//
//go:embed *.go results.txt
var Source embed.FS
