package queue

import "lbcourse/models/model"

// Model describes the queue model to the generator.
var Model = model.Def[Params]{
	Name:     "queue",
	Doc:      "Simulates round-robin, least-connections, weighted round-robin, least-loaded, least-outstanding and power-of-two-choices balancing of one sequence of requests over first-in first-out replicas, in turns.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs:  outputs(),
}

// outputs declares the values and series of Run; <r> is a replica's
// number, 1 … replicas. Every rule of rules has the same outputs, under
// its name; weighted round robin adds its weights.
func outputs() []model.Output {
	outs := []model.Output{
		model.OutValue("replicas", "replica", "number of replicas (the parameter)"),
		model.OutValue("requests", "request", "number of requests (the parameter)"),
		model.OutValue("arrival", "turn", "interval between two arrivals (the parameter)"),
		model.OutValue("slowdown.<r>", "", "cost multiplier of replica r (1 when the parameter is empty)"),
		model.OutValue("total_work", "turn", "sum of the costs of every request"),
		model.OutValue("utilization", "", "total_work / (requests × arrival) / replicas"),
		model.OutValue("offered_load", "", "total_work / (requests × arrival) / Σ 1/slowdown_r; above 1 the queues grow under any rule"),
	}
	for _, ru := range rules {
		p, by := ru.name+".", ru.name+": "
		outs = append(outs,
			model.OutValue(p+"mean_wait", "turn", by+"mean wait of a request"),
			model.OutValue(p+"max_queue", "request", by+"most requests open on one replica at an arrival"),
			model.OutValue(p+"finish", "turn", by+"turn at which the last replica drains"))
		for _, q := range waitQuantiles {
			outs = append(outs, model.OutValue(p+"wait_"+q.name, "turn", by+q.name[1:]+"th percentile of the waits (gonum/stat empirical quantile)"))
		}
		outs = append(outs,
			model.OutValue(p+"wait_max", "turn", by+"longest wait"),
			model.OutValue(p+"work.<r>", "turn", by+"turns of service placed on replica r"),
			model.OutValue(p+"queue_mid.<r>", "request", by+"requests open on replica r at the middle arrival (index ⌊(requests−1)/2⌋)"),
			model.OutValue(p+"queue_end.<r>", "request", by+"requests open on replica r at the last arrival"),
			model.OutValue(p+"queue_max.<r>", "request", by+"most requests open on replica r at any arrival"),
			model.OutValue(p+"replica_wait.<r>", "turn", by+"mean wait of the requests placed on replica r, 0 when none was"),
			model.OutSeries(p+"queue.total", "request", by+"requests open over all replicas just before each arrival (X = arrival turn); only with series"),
			model.OutSeries(p+"queue.<r>", "request", by+"requests open on replica r just before each arrival (X = arrival turn); only with series"),
			model.OutSeries(p+"wait", "turn", by+"wait of each request (X = 0-based request index); only with series"))
		if ru.name == "weighted_round_robin" {
			outs = append(outs, model.OutValue(p+"weight.<r>", "", by+"whole weight of replica r, proportional to its speed 1/slowdown_r (see Weights)"))
		}
	}
	return outs
}
