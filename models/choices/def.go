package choices

import "lbcourse/models/model"

// Model describes the balls-into-bins model to the generator.
var Model = model.Def[Params]{
	Name:     "choices",
	Doc:      "Throws m balls into n bins, each ball into the least loaded of d bins drawn uniformly at random, and measures the maximum load against the asymptotic laws for one choice and for two.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs: []model.Output{
		model.OutValue("n", "", "number of bins (the parameter)"),
		model.OutValue("m", "", "number of balls (the parameter; n when unset)"),
		model.OutValue("d", "", "bins drawn for each ball (the parameter)"),
		model.OutValue("max_load", "", "balls in the fullest bin"),
		model.OutValue("mean_load", "", "m / n, the balls per bin"),
		model.OutValue("empty_bins", "", "bins that received no ball"),
		model.OutValue("gap", "", "max_load − mean_load"),
		model.OutValue("theory_d1", "", "ln n / ln ln n, the leading term of the maximum load with one choice and m = n (not an expectation)"),
		model.OutValue("theory_d2", "", "ln ln n / ln 2, the leading term of the maximum load with two choices and m = n, up to an additive O(1) (not an expectation)"),
		model.OutValue("theory", "", "the leading term for this run's d: theory_d1 when d = 1, else ln ln n / ln d"),
		model.OutSeries("load_count", "", "number of bins holding each load (X = load, 0 … max_load)"),
	},
}
