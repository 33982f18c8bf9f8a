package hotkeys

import "lbcourse/models/model"

// Model describes the hot-keys model to the generator.
var Model = model.Def[Params]{
	Name:     "hot_keys",
	Doc:      "Draws Zipf-distributed requests over keys on a consistent-hashing ring and measures the busiest server's load on a plain ring, with bounded loads on keys or on requests, and with the hottest keys replicated to k servers.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs:  outputs(),
}

// outputs declares the values and series of Run. A max_over_mean is the
// fullest server's requests over the mean, requests / servers (1 for a
// perfect spread); keys_max_over_mean the same for requested keys.
func outputs() []model.Output {
	return []model.Output{
		model.OutValue("keys", "key", "number of keys (the parameter)"),
		model.OutValue("requests", "request", "number of requests drawn (the parameter)"),
		model.OutValue("exponent", "", "Zipf exponent s (the parameter)"),
		model.OutValue("servers", "server", "number of servers (the parameter)"),
		model.OutValue("vnodes", "", "ring points per server (the parameter)"),
		model.OutValue("balance", "", "bounded-loads factor c (the parameter)"),
		model.OutValue("hot", "key", "number of hot keys replicated (the parameter)"),
		model.OutValue("k", "server", "servers per hot key (the parameter)"),
		model.OutValue("seed", "", "the seed (the parameter)"),
		model.OutValue("hottest_key_share", "", "the most requested key's share of the requests drawn"),
		model.OutValue("hottest_key_pmf", "", "key 0's probability, 1 / H(keys, s): hottest_key_share's expectation"),
		model.OutValue("hot_share", "", "the hot keys' share of the requests drawn"),
		model.OutValue("floor", "", "hottest_key_share × servers: the least max_over_mean a placement of whole keys can reach"),
		model.OutValue("plain.max_over_mean", "", "plain ring: fullest server's requests over the mean"),
		model.OutValue("plain.busiest_hot_keys", "key", "plain ring: how many of the hot keys (the hot most requested ranks) live on the busiest server"),
		model.OutValue("plain.busiest_hot_share", "", "plain ring: the hot keys' share of the busiest server's requests"),
		model.OutValue("plain.keys_max_over_mean", "", "plain ring: fullest server's requested keys over the mean"),
		model.OutValue("bounded.max_over_mean", "", "bounded loads on keys: fullest server's requests over the mean"),
		model.OutValue("bounded.keys_max_over_mean", "", "bounded loads on keys: fullest server's requested keys over the mean (at most about balance)"),
		model.OutValue("bounded_requests.max_over_mean", "", "bounded loads on requests: fullest server's requests over the mean (at most about balance)"),
		model.OutValue("bounded_requests.hottest_key_servers", "server", "bounded loads on requests: distinct servers the most requested key's requests went to"),
		model.OutValue("replicated.max_over_mean", "", "hot keys on k servers each, round-robin: fullest server's requests over the mean"),
		model.OutValue("replicated.busiest_hot_keys", "key", "replicated: how many hot keys have a copy on the busiest server (a diagnostic of copies landing together)"),
		model.OutValue("replicated.busiest_hot_share", "", "replicated: the hot keys' copies' share of the busiest server's requests"),
		model.OutValue("replicated.floor", "", "hot keys on k servers: the least max_over_mean that keeping the other keys whole allows"),
		model.OutSeries("replicated_by_k", "", "replicated.max_over_mean for k = 1 … min(servers, 20) (X = k)"),
		model.OutSeries("replicated_floor_by_k", "", "replicated.floor for k = 1 … min(servers, 20) (X = k)"),
		model.OutSeries("replicated_by_hot", "", "replicated.max_over_mean for hot = 0 … min(keys, 20) keys on k servers each (X = hot; hot = 0 is plain)"),
	}
}
