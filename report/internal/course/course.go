// Package course lists the models this course's lessons may name: the one
// explicit registry the generator is given.
package course

import (
	"lbcourse/models/hashing"
	"lbcourse/models/healthcheck"
	"lbcourse/models/layer"
	"lbcourse/models/model"
	"lbcourse/models/queue"
	"lbcourse/models/warmup"
	"lbcourse/report/internal/registry"
)

// Registry returns a new registry of every model of the course.
func Registry() *registry.Registry {
	r, err := registry.Of([]registry.Library{{Dir: "models/model", Source: model.Source}},
		queue.Model,
		hashing.Model,
		warmup.Model,
		layer.Model,
		healthcheck.Model,
	)
	if err != nil {
		panic(err) // a programming error, caught by this package's test
	}
	return r
}
