// Package course lists the models this course's lessons may name: the one
// explicit registry the generator is given.
package course

import (
	"lbcourse/models/canary"
	"lbcourse/models/choices"
	"lbcourse/models/dotnetring"
	"lbcourse/models/fanout"
	"lbcourse/models/hashbalance"
	"lbcourse/models/hashing"
	"lbcourse/models/healthcheck"
	"lbcourse/models/hedge"
	"lbcourse/models/hotkeys"
	"lbcourse/models/ketama"
	"lbcourse/models/latency"
	"lbcourse/models/layer"
	"lbcourse/models/model"
	"lbcourse/models/partitions"
	"lbcourse/models/placement"
	"lbcourse/models/probation"
	"lbcourse/models/queue"
	"lbcourse/models/radix"
	"lbcourse/models/ring"
	"lbcourse/models/tail"
	"lbcourse/models/tied"
	"lbcourse/models/timings"
	"lbcourse/models/warmup"
	"lbcourse/report/internal/registry"
)

// Models lists every model of the course, in the order `report models`
// shows them. Adding a model is one line here.
func Models() []registry.Definition {
	return []registry.Definition{
		queue.Model,
		hashing.Model,
		dotnetring.Model,
		placement.Model,
		hashbalance.Model,
		hotkeys.Model,
		ketama.Model,
		warmup.Model,
		layer.Model,
		healthcheck.Model,
		choices.Model,
		fanout.Model,
		tail.Model,
		hedge.Model,
		tied.Model,
		partitions.Model,
		probation.Model,
		canary.Model,
		timings.Model,
	}
}

// Libraries are the packages under models/ that models share.
func Libraries() []registry.Library {
	return []registry.Library{
		{Dir: "models/model", Source: model.Source},
		{Dir: "models/ring", Source: ring.Source},
		{Dir: "models/latency", Source: latency.Source},
		{Dir: "models/radix", Source: radix.Source},
	}
}

// Registry returns a new registry of every model of the course.
func Registry() *registry.Registry {
	r, err := registry.Of(Libraries(), Models()...)
	if err != nil {
		panic(err) // a programming error, caught by this package's test
	}
	return r
}
