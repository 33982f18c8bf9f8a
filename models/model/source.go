package model

import "embed"

// Source holds this package's Go files; the generator hashes them into the
// cache key of every result.
//
//go:embed *.go
var Source embed.FS
