package radix

import "embed"

// Source holds the package's own Go files, shown on the course pages.
//
//go:embed *.go
var Source embed.FS
