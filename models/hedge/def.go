package hedge

import "lbcourse/models/model"

// Model describes the hedged-requests model to the generator.
var Model = model.Def[Params]{
	Name:     "hedge",
	Doc:      "A request that reads many keys and waits for all of them, with and without a second copy of each read still outstanding after a delay: its latency percentiles, exact and simulated, and the extra reads sent.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs: []model.Output{
		model.OutValue("keys", "key", "keys a request reads (the parameter)"),
		model.OutValue("after", "ms", "delay before a read's second copy (the parameter; 0: none)"),
		model.OutValue("published.keys", "key", "the article's benchmark: keys read per request"),
		model.OutValue("published.servers", "server", "the article's benchmark: servers the keys are spread over"),
		model.OutValue("published.after", "ms", "the article's benchmark: delay before the second copy"),
		model.OutValue("published.none.p999", "ms", "the article's benchmark: 99.9th percentile without hedging"),
		model.OutValue("published.hedged.p999", "ms", "the article's benchmark: 99.9th percentile with hedging"),
		model.OutValue("published.extra", "", "the article's benchmark: extra requests sent, as a share"),
		model.OutValue("published.ratio", "", "published.none.p999 / published.hedged.p999"),
		model.OutValue("exact.extra", "", "share of reads slower than after, which get a second copy"),
		model.OutValue("exact.after_quantile", "", "the share of reads faster than after: the percentile the delay sits at"),
		model.OutValue("exact.none.p50", "ms", "the request's 50th percentile without hedging"),
		model.OutValue("exact.none.p99", "ms", "the request's 99th percentile without hedging"),
		model.OutValue("exact.none.p999", "ms", "the request's 99.9th percentile without hedging"),
		model.OutValue("exact.hedged.p50", "ms", "the request's 50th percentile with hedging"),
		model.OutValue("exact.hedged.p99", "ms", "the request's 99th percentile with hedging"),
		model.OutValue("exact.hedged.p999", "ms", "the request's 99.9th percentile with hedging"),
		model.OutValue("exact.ratio", "", "exact.none.p999 / exact.hedged.p999"),
		model.OutValue("exact.key_share.p999", "", "share of one key's reads slower than exact.none.p999, 1 − 0.999^(1/keys)"),
		model.OutValue("same_cost.after", "ms", "the delay after which the article's share of extra reads (published.extra) is still outstanding: the same cost as the article"),
		model.OutValue("same_cost.hedged.p999", "ms", "99.9th percentile of the whole read hedged after same_cost.after, exact"),
		model.OutValue("same_cost.ratio", "", "exact.none.p999 / same_cost.hedged.p999"),
		model.OutValue("sim.extra", "", "simulated: second copies sent per read"),
		model.OutValue("sim.none.p50", "ms", "simulated: the request's 50th percentile without hedging"),
		model.OutValue("sim.none.p99", "ms", "simulated: the request's 99th percentile without hedging"),
		model.OutValue("sim.none.p999", "ms", "simulated: the request's 99.9th percentile without hedging"),
		model.OutValue("sim.hedged.p50", "ms", "simulated: the request's 50th percentile with hedging"),
		model.OutValue("sim.hedged.p99", "ms", "simulated: the request's 99th percentile with hedging"),
		model.OutValue("sim.hedged.p999", "ms", "simulated: the request's 99.9th percentile with hedging"),
	},
}
