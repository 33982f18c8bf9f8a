package warmup

import "lbcourse/models/model"

// Model describes the warm-up model to the generator.
var Model = model.Def[Params]{
	Name:     "warmup",
	Doc:      "Simulates the load that reaches the store while the keys a node change moved miss the cache, during the warm-up window.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs: []model.Output{
		model.OutValue("moved", "", "share of keys that move to another node (the parameter)"),
		model.OutValue("miss_ratio", "", "share of reads that miss during the warm-up: moved + (1 − moved)(1 − hit_ratio)"),
		model.OutValue("behind_cache_rps", "rps", "read rate that reaches the store during the warm-up: read_rps × miss_ratio"),
		model.OutValue("store_rps", "rps", "rate that reaches the store during the warm-up: behind_cache_rps + write_rps"),
		model.OutValue("base_multiple", "", "store_rps / base_store_rps"),
		model.OutValue("extra_store_requests", "request", "requests beyond the warm-cache rate over the window: (store_rps − base_store_rps) × window_s"),
		model.OutValue("base_behind_cache_rps", "rps", "read rate that reaches the store with a warm cache: read_rps × (1 − hit_ratio)"),
		model.OutValue("base_store_rps", "rps", "rate that reaches the store with a warm cache (the parameter)"),
		model.OutValue("window_s", "second", "the warm-up window (the parameter)"),
		model.OutValue("read_rps", "rps", "peak read rate (the parameter)"),
		model.OutValue("write_rps", "rps", "peak write rate (the parameter)"),
		model.OutValue("hit_ratio", "", "share of reads a warm cache serves (the parameter)"),
	},
}
