package healthcheck

import "lbcourse/models/model"

// Model describes the health-check model to the generator.
var Model = model.Def[Params]{
	Name:     "healthcheck",
	Doc:      "Simulates one health-check timeout, swept over a range, on subjects of which some are degraded: the degraded subjects it keeps and the healthy ones it removes.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs:  outputs(),
}

// outputs declares the values and series of Run, in the words of the
// package comment; <T> is one of the timeouts of the sweep.
func outputs() []model.Output {
	outs := []model.Output{
		model.OutValue("subjects", "subject", "population size (the parameter)"),
		model.OutValue("requests", "request", "requests over all connections"),
		model.OutValue("degraded_count", "subject", "degraded subjects (the parameter degraded)"),
		model.OutValue("slowdown", "", "multiplier of a degraded subject's latency (the parameter)"),
		model.OutValue("max_normal_latency", "", "largest latency of a healthy subject, 0 when there is none"),
		model.OutValue("min_degraded_latency", "", "smallest degraded response time, 0 when no subject is degraded"),
		model.OutValue("max_degraded_latency", "", "largest degraded response time, 0 when no subject is degraded"),
		model.OutValue("gap", "", "min_degraded_latency − max_normal_latency when positive, else 0"),
		model.OutValue("baseline_overloaded", "subject", "subjects over capacity with every subject in the pool"),
		model.OutValue("both_empty", "", "timeouts of the sweep at which both tails are empty"),
		model.OutValue("overlap_points", "", "timeouts T of the sweep with min_degraded_latency ≤ T < max_normal_latency"),
		model.OutValue("overlap_both_full", "", "overlap points at which both tails are occupied"),
		model.OutValue("min_total_tail", "subject", "smallest total.tail over the sweep"),
		model.OutValue("best_t", "", "first timeout of the sweep with the smallest total.tail"),
		model.OutValue("loose_nondecreasing", "", "1 when loose.tail never shrinks along the sweep, else 0"),
		model.OutValue("tight_nonincreasing", "", "1 when tight.tail never grows along the sweep, else 0"),
	}
	for _, sw := range []struct{ name, unit, doc string }{
		{"passing", "subject", "subjects that pass the check"},
		{"dropped", "request", "requests dropped because no subject passes"},
		{"overloaded", "subject", "passing subjects over capacity, whatever the cause"},
		{"loose.tail", "subject", "degraded subjects that pass"},
		{"loose.load", "request", "requests the passing degraded subjects receive"},
		{"loose.hidden", "subject", "loose-end subjects the pass/fail gauge hides (all of loose.tail)"},
		{"tight.tail", "subject", "healthy subjects removed plus survivors the removal pushes over capacity"},
		{"tight.removed", "subject", "healthy subjects that fail the check"},
		{"tight.hidden", "subject", "tight-end subjects the gauge hides: the survivors pushed over capacity"},
		{"total.tail", "subject", "subjects in either tail, each counted once"},
	} {
		outs = append(outs, model.OutValue("t.<T>."+sw.name, sw.unit, sw.doc+", at timeout T"))
	}
	outs = append(outs,
		model.OutSeries("latency", "", "normal latency of each subject (X = subject ID)"),
		model.OutSeries("response", "", "response time of each subject: latency, × slowdown when degraded (X = subject ID)"),
		model.OutSeries("degraded", "", "1 for a degraded subject, else 0 (X = subject ID)"))
	for _, sw := range sweeps {
		outs = append(outs, model.OutSeries(sw.name, sw.unit, sw.doc+" (X = timeout)"))
	}
	return outs
}
