package fanout

import "lbcourse/models/model"

// Model describes the fan-out model to the generator.
var Model = model.Def[Params]{
	Name:     "fanout",
	Doc:      "The probability that a request waiting for all of its leaves meets at least one slow leaf: the closed form 1 − (1 − p)^n beside a simulation of the leaves.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs: []model.Output{
		model.OutValue("servers", "server", "leaves a request waits for (the parameter)"),
		model.OutValue("p_slow", "", "probability that one leaf is slow (the parameter)"),
		model.OutValue("p_any_slow", "", "1 − (1 − p_slow)^servers, the share of requests with at least one slow leaf"),
		model.OutValue("slow_per_request", "", "servers × p_slow, the mean number of slow leaves per request"),
		model.OutValue("mc.trials", "request", "simulated requests (the parameter trials; absent when 0)"),
		model.OutValue("mc.p_any_slow", "", "share of simulated requests with at least one slow leaf"),
		model.OutValue("mc.ci95_lo", "", "lower end of the Wilson 95% interval of mc.p_any_slow"),
		model.OutValue("mc.ci95_hi", "", "upper end of the Wilson 95% interval of mc.p_any_slow"),
		model.OutSeries("p_any_slow", "", "p_any_slow for 1 … servers leaves: every count to 100, then 20 a decade (X = leaves)"),
	},
}
