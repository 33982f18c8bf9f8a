package partitions

import "lbcourse/models/model"

// Model describes the micro-partitions model to the generator.
var Model = model.Def[Params]{
	Name:     "partitions",
	Doc:      "Partitions of unequal load on machines placed at random, by a greedy balancer, and with copies of the hottest ones: the fullest machine over the mean, against the bound the heaviest partition sets.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs: []model.Output{
		model.OutValue("machines", "server", "machines (the parameter)"),
		model.OutValue("per_machine", "", "partitions per machine (the parameter)"),
		model.OutValue("spread", "", "log-scale spread of the partitions' lognormal loads (the parameter)"),
		model.OutValue("partitions", "", "machines × per_machine"),
		model.OutValue("step", "", "1 / per_machine: the share of a machine's load one partition moves"),
		model.OutValue("move_time", "", "1 / per_machine: the time to move one partition, as a share of moving a whole machine's data"),
		model.OutValue("hot", "", "heaviest partitions given copies (the parameter)"),
		model.OutValue("copies", "", "copies of each hot partition (the parameter; 0: sized to its load)"),
		model.OutValue("heaviest", "", "the heaviest partition's load over the mean machine load"),
		model.OutValue("random.max_over_mean", "", "fullest machine over the mean, partitions dealt at random"),
		model.OutValue("balanced.max_over_mean", "", "fullest machine over the mean, heaviest partition first to the least loaded machine"),
		model.OutValue("balanced.bound", "", "max(1, heaviest): no placement of whole partitions does better"),
		model.OutValue("replicated.max_over_mean", "", "fullest machine over the mean, balanced after the hot partitions were split into copies"),
		model.OutValue("replicated.bound", "", "max(1, heaviest piece over the mean machine load) after the split"),
		model.OutValue("replicated.pieces", "", "partitions and copies placed"),
		model.OutValue("replicated.extra_copies", "", "extra copies over the partitions"),
		model.OutValue("replicated.most_copies", "", "the most copies of one partition"),
	},
}
