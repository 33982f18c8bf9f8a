package ring

import "embed"

// Source holds the package's own Go files, for a course page to show.
//
//go:embed *.go
var Source embed.FS
