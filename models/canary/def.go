package canary

import "lbcourse/models/model"

// Model describes the canary-request model to the generator.
var Model = model.Def[Params]{
	Name:     "canary",
	Doc:      "A root that tries a request on a few canary leaves before fanning it out: the latency the canaries add, and the leaves a crashing request takes down, with and without them.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs: []model.Output{
		model.OutValue("leaves", "server", "leaves a request fans out to (the parameter)"),
		model.OutValue("canaries", "server", "leaves tried first (the parameter)"),
		model.OutValue("without.p50", "ms", "the root's 50th percentile without canaries"),
		model.OutValue("without.p99", "ms", "the root's 99th percentile without canaries"),
		model.OutValue("with.p50", "ms", "the root's 50th percentile with canaries"),
		model.OutValue("with.p99", "ms", "the root's 99th percentile with canaries"),
		model.OutValue("added.p50", "ms", "with.p50 − without.p50"),
		model.OutValue("added.p99", "ms", "with.p99 − without.p99"),
		model.OutValue("crashed.without", "server", "leaves a crashing request takes down without canaries"),
		model.OutValue("crashed.with", "server", "leaves a crashing request takes down with canaries"),
		model.OutValue("crashed_per_million.without", "server", "expected leaves crashed per million requests without canaries"),
		model.OutValue("crashed_per_million.with", "server", "expected leaves crashed per million requests with canaries"),
	},
}
