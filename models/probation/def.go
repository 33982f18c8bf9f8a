package probation

import "lbcourse/models/model"

// Model describes the probation model to the generator.
var Model = model.Def[Params]{
	Name:     "probation",
	Doc:      "A root that takes a leaf answering slowly out of its fan-out and watches it with shadow requests: the root's latency with and without probation, the index left out, and the healthy leaves put on probation by mistake.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs: []model.Output{
		model.OutValue("leaves", "server", "leaves each request fans out to (the parameter)"),
		model.OutValue("requests", "request", "requests simulated (the parameter)"),
		model.OutValue("factor", "", "how many times slower a slowed leaf answers (the parameter)"),
		model.OutValue("strikes", "", "answers in a row that put a leaf on probation and take it back (the parameter)"),
		model.OutValue("threshold", "ms", "latency above which an answer is a strike (the parameter)"),
		model.OutValue("threshold_quantile", "", "the healthy leaf's percentile at threshold: the share of its answers within it"),
		model.OutValue("without.p50", "ms", "the root's 50th percentile waiting for every leaf"),
		model.OutValue("without.p99", "ms", "the root's 99th percentile waiting for every leaf"),
		model.OutValue("with.p50", "ms", "the root's 50th percentile waiting for the leaves not on probation"),
		model.OutValue("with.p99", "ms", "the root's 99th percentile waiting for the leaves not on probation"),
		model.OutValue("missing_share", "", "share of leaf answers left out because their leaf was on probation"),
		model.OutValue("healthy_probations", "", "times a leaf was put on probation while it was not slowed"),
		model.OutValue("slow_probations", "", "times a slowed leaf was put on probation during the episode"),
		model.OutValue("detect_requests", "request", "requests from the episode's start to the first slowed leaf's probation (−1: never)"),
		model.OutValue("recover_requests", "request", "requests from the episode's end to a slowed leaf's return from probation (−1: none)"),
		model.OutValue("healthy_strike_chance", "", "the chance that a healthy leaf's strikes answers in a row all exceed threshold"),
	},
}
