package healthcheck

import "lbcourse/models/model"

// Model describes the health-check model to the generator.
var Model = model.Def[Params]{
	Name:     "healthcheck",
	Doc:      "Simulates one health-check timeout on subjects of which some are degraded: the degraded subjects it keeps and the healthy ones it removes; a page sweeps the timeout.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs:  outputs(),
}

// outputs declares the values and series of Run, in the words of the
// package comment.
func outputs() []model.Output {
	return []model.Output{
		model.OutValue("subjects", "subject", "population size (the parameter)"),
		model.OutValue("requests", "request", "requests over all connections"),
		model.OutValue("degraded_count", "subject", "degraded subjects (the parameter degraded)"),
		model.OutValue("slowdown", "", "multiplier of a degraded subject's latency (the parameter)"),
		model.OutValue("timeout", "", "the check's timeout T (the parameter)"),
		model.OutValue("max_normal_latency", "", "largest latency of a healthy subject, 0 when there is none: from this T on the tight end is empty"),
		model.OutValue("min_degraded_latency", "", "smallest degraded response time, 0 when no subject is degraded: below this T the loose end is empty"),
		model.OutValue("max_degraded_latency", "", "largest degraded response time, 0 when no subject is degraded: from this T on every degraded subject passes"),
		model.OutValue("gap", "", "min_degraded_latency − max_normal_latency when positive, else 0"),
		model.OutValue("baseline_overloaded", "subject", "subjects over capacity with every subject in the pool"),
		model.OutValue("passing", "subject", "subjects that pass the check"),
		model.OutValue("dropped", "request", "requests dropped because no subject passes"),
		model.OutValue("overloaded", "subject", "passing subjects over capacity, whatever the cause"),
		model.OutValue("loose.tail", "subject", "degraded subjects that pass"),
		model.OutValue("loose.load", "request", "requests the passing degraded subjects receive"),
		model.OutValue("loose.hidden", "subject", "loose-end subjects the pass/fail gauge hides (all of loose.tail)"),
		model.OutValue("tight.tail", "subject", "healthy subjects removed plus survivors the removal pushes over capacity"),
		model.OutValue("tight.removed", "subject", "healthy subjects that fail the check"),
		model.OutValue("tight.hidden", "subject", "tight-end subjects the gauge hides: the survivors pushed over capacity"),
		model.OutValue("total.tail", "subject", "subjects in either tail, each counted once"),
		model.OutSeries("latency", "", "normal latency of each subject (X = subject ID)"),
		model.OutSeries("response", "", "response time of each subject: latency, × slowdown when degraded (X = subject ID)"),
		model.OutSeries("degraded", "", "1 for a degraded subject, else 0 (X = subject ID)"),
	}
}
