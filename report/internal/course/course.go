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
	r, err := registry.NewRegistry([]registry.Library{{Dir: "models/model", Source: model.Source}},
		registry.New("queue", "models/queue", queue.Source, queue.DefaultParams, queue.Params.Validate, queue.Run),
		registry.New("hashing", "models/hashing", hashing.Source, hashing.DefaultParams, hashing.Params.Validate, hashing.Run),
		registry.New("warmup", "models/warmup", warmup.Source, warmup.DefaultParams, warmup.Params.Validate, warmup.Run),
		registry.New("layer", "models/layer", layer.Source, layer.DefaultParams, layer.Params.Validate, layer.Run),
		registry.New("healthcheck", "models/healthcheck", healthcheck.Source, healthcheck.DefaultParams, healthcheck.Params.Validate, healthcheck.Run),
	)
	if err != nil {
		panic(err) // a programming error, caught by this package's test
	}
	return r
}
