package tied

import (
	"slices"

	"lbcourse/models/model"
)

// outputs declares the values of one policy.
func outputs(pol, name string, cut bool) []model.Output {
	o := []model.Output{
		model.OutValue(pol+".p50", "ms", name+": 50th percentile of read latency"),
		model.OutValue(pol+".p90", "ms", name+": 90th percentile of read latency"),
		model.OutValue(pol+".p99", "ms", name+": 99th percentile of read latency"),
		model.OutValue(pol+".p999", "ms", name+": 99.9th percentile of read latency"),
		model.OutValue(pol+".wasted_work", "", name+": service time of copies that ran although their sibling had started, over the reads' service time"),
		model.OutValue(pol+".both_started", "", name+": share of reads whose two copies both ran"),
	}
	if cut {
		for _, l := range levels {
			o = append(o, model.OutValue(pol+".cut."+l.name, "", name+": 1 − this policy's "+l.name+" / single's"))
		}
	}
	return o
}

// Model describes the tied-requests model to the generator.
var Model = model.Def[Params]{
	Name:     "tied",
	Doc:      "Reads in a cluster of FIFO servers sent to one replica, tied to two replicas that cancel each other, or to the shorter of two probed queues: latency percentiles and wasted work of each policy on the same workload.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs: slices.Concat([]model.Output{
		model.OutValue("servers", "server", "servers in the cluster (the parameter)"),
		model.OutValue("load", "", "share of the servers' time the reads take (the parameter)"),
		model.OutValue("background", "", "share of the servers' time the background job takes (the parameter)"),
		model.OutValue("median", "ms", "median service time (the parameter)"),
		model.OutValue("sigma", "", "log-scale spread of the service time (the parameter)"),
		model.OutValue("delta", "ms", "one-way message time (the parameter)"),
		model.OutValue("requests", "request", "reads replayed under each policy (the parameter)"),
		model.OutValue("client_delay", "ms", "2 × delta: the time between a tied read's two copies"),
		model.OutValue("published.median_cut", "", "the article: cut in median read latency with tied requests, mostly idle cluster"),
		model.OutValue("published.p999_cut", "", "the article: cut in 99.9th percentile with tied requests (\"nearly 40%\")"),
		model.OutValue("published.extra_work", "", "the article: extra disk work of tied requests was under this share"),
		model.OutValue("published.client_delay", "ms", "the article: time between a tied read's two copies"),
	},
		outputs("single", "one random replica", false),
		outputs("tied", "tied requests", true),
		outputs("probe", "probe two, pick the shorter queue", true),
		outputs("tied_instant", "tied requests with instant cancellation", true),
	),
}
