package layer

import "lbcourse/models/model"

// Model describes the layer model to the generator.
var Model = model.Def[Params]{
	Name:     "layer",
	Doc:      "Simulates one round-robin balancer dealing connections (layer 4), requests (layer 7), requests within class pools or requests weighted by capacity over subjects of unequal capacity.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs:  outputs(),
}

// levers names the four levers as their value paths start, in the order
// of leverPaths.
var levers = []struct{ name, doc string }{
	{"l4", "layer 4"},
	{"l7", "layer 7"},
	{"l7_pool", "layer 7 with class pools"},
	{"l7_weighted", "layer 7 by smooth weighted round robin, weight = capacity"},
}

// outputs declares the values and series of Run, in the words of the
// package comment; a class is interactive, batch or backup.
func outputs() []model.Output {
	outs := []model.Output{
		model.OutValue("subjects", "subject", "population size (the parameter)"),
		model.OutValue("connections", "connection", "connections offered to the balancer (the parameter)"),
		model.OutValue("requests", "request", "requests over all connections"),
		model.OutValue("long_connections", "connection", "long-lived connections (Connection.Long)"),
		model.OutValue("long_requests", "request", "requests the long-lived connections carry"),
		model.OutValue("long_probability", "", "probability that a connection is long-lived: 1/LongOneIn"),
		model.OutValue("long_min", "request", "fewest requests a long-lived connection carries (generator constant)"),
		model.OutValue("long_max", "request", "most requests a long-lived connection carries (generator constant)"),
		model.OutValue("short_min", "request", "fewest requests a short connection carries (generator constant)"),
		model.OutValue("short_max", "request", "most requests a short connection carries (generator constant)"),
		model.OutValue("total_capacity", "unit", "sum of the subjects' capacities"),
		model.OutValue("min_capacity", "unit", "smallest capacity"),
		model.OutValue("max_capacity", "unit", "largest capacity"),
		model.OutValue("mean_capacity", "unit", "mean capacity"),
		model.OutValue("capacity_cv", "", "population standard deviation of the capacities over their mean"),
		model.OutValue("special", "subject", "special subjects"),
	}
	for c := range Class(NumClasses) {
		p := "class." + c.String() + "."
		outs = append(outs,
			model.OutValue(p+"subjects", "subject", "subjects of class "+c.String()),
			model.OutValue(p+"capacity", "unit", "capacity of the subjects of class "+c.String()),
			model.OutValue(p+"requests", "request", "requests addressed to class "+c.String()))
	}
	outs = append(outs, leverOutputs()...)
	outs = append(outs,
		model.OutSeries("capacity", "unit", "capacity of each subject (X = subject number)"),
		model.OutSeries("latency", "", "normal response time of each subject (X = subject number)"),
		model.OutSeries("special", "", "1 for a special subject, else 0 (X = subject number)"),
		model.OutSeries("class", "", "class of each subject: 0 interactive, 1 batch, 2 backup (X = subject number)"),
		model.OutSeries("l4.gauge", "connection", "connections the layer-4 balancer counts on each subject (X = subject number)"),
		model.OutSeries("class.capacity", "unit", "capacity of each class (X = 0, 1, 2, labelled)"),
		model.OutSeries("class.requests", "request", "requests addressed to each class (X = 0, 1, 2, labelled)"))
	for _, lv := range levers {
		doc := lv.doc + ": requests each subject receives (X = subject number)"
		if lv.name == "l7_weighted" {
			doc += "; the weights are the capacities, which a real balancer is told by configuration, not measured"
		}
		outs = append(outs, model.OutSeries(lv.name+".load", "request", doc))
	}
	outs = append(outs,
		model.OutSeries("by_capacity.subject", "", "subject number at each rank by capacity (X = rank, 1 = smallest capacity, ties by subject number)"),
		model.OutSeries("by_capacity.capacity", "unit", "capacities in capacity order (X = rank by capacity)"))
	for _, lv := range levers {
		outs = append(outs,
			model.OutSeries("by_capacity."+lv.name+".load", "request", lv.doc+": load of each subject in capacity order (X = rank by capacity)"),
			model.OutSeries("by_capacity."+lv.name+".overloaded", "request", lv.doc+": load of the overloaded subjects only (X = their rank by capacity; empty when none)"),
			model.OutValue("by_capacity."+lv.name+".smallest_load", "request", lv.doc+": load of the subject ranked first by capacity (the smallest; ties by subject number)"),
			model.OutValue("by_capacity."+lv.name+".largest_load", "request", lv.doc+": load of the subject ranked last by capacity (the largest; ties by subject number)"),
			model.OutValue("by_capacity."+lv.name+".top_overloaded_rank", "", lv.doc+": highest rank by capacity (1 = smallest) of an overloaded subject; 0 when none is overloaded"))
	}
	return outs
}

// leverOutputs declares the values of each lever and of its gauge.
func leverOutputs() []model.Output {
	var outs []model.Output
	for _, lv := range levers {
		p, by := lv.name+".", lv.doc+": "
		outs = append(outs,
			model.OutValue(p+"overloaded", "subject", by+"subjects with load > capacity"),
			model.OutValue(p+"overload_units", "unit", by+"sum of load − capacity over the overloaded subjects"),
			model.OutValue(p+"idle_units", "unit", by+"sum of capacity − load over the subjects below capacity"),
			model.OutValue(p+"min_load", "request", by+"smallest load"),
			model.OutValue(p+"max_load", "request", by+"largest load"),
			model.OutValue(p+"zero_load", "subject", by+"subjects with load 0"),
			model.OutValue(p+"mean_load", "request", by+"mean load"),
			model.OutValue(p+"load_sd", "request", by+"population standard deviation of the loads"),
			model.OutValue(p+"load_cv", "", by+"load_sd / mean_load, 0 when mean_load is 0"),
			model.OutValue(p+"above_max_capacity", "subject", by+"subjects whose load exceeds max_capacity"))
	}
	for c := range Class(NumClasses) {
		outs = append(outs, model.OutValue("l7_pool.class."+c.String()+".overloaded", "subject",
			"layer 7 with class pools: overloaded subjects of class "+c.String()))
	}
	outs = append(outs,
		model.OutValue("l7_pool.dropped", "request", "requests of a class without subjects, which class pools cannot place"),
		model.OutValue("l7.below_share", "subject", "subjects whose capacity is below the mean share, requests / subjects"),
		model.OutValue("l4.gauge_min", "connection", "smallest connection count on the layer-4 gauge"),
		model.OutValue("l4.gauge_max", "connection", "largest connection count on the layer-4 gauge"),
		model.OutValue("l4.hidden", "subject", "layer 4 (old rule, visible when above the gauge minimum; see l4.separable): overloaded subjects whose connection count equals l4.gauge_min"))
	for _, lv := range levers[1:3] {
		p, by := lv.name+".", lv.doc+" (old rule, visible when above the gauge minimum; see "+lv.name+".separable): "
		outs = append(outs,
			model.OutValue(p+"hidden", "subject", by+"overloaded subjects whose request count equals the gauge's minimum"),
			model.OutValue(p+"above_gauge_min", "subject", by+"subjects whose request count stands above the gauge's minimum"))
	}
	for _, lv := range levers {
		p, by := lv.name+".", lv.doc+": "
		gauge, unit := "requests per subject", "request"
		if lv.name == "l4" {
			gauge, unit = "connections per subject", "connection"
		}
		outs = append(outs,
			model.OutValue(p+"separable", "", by+"1 when some threshold on the gauge ("+gauge+") puts every overloaded subject above it and every healthy one at or below it, else 0"),
			model.OutValue(p+"best_threshold_errors", "subject", by+"fewest subjects any gauge threshold misclassifies: overloaded at or below it plus healthy above it"),
			model.OutValue(p+"best_threshold", unit, by+"smallest gauge threshold with best_threshold_errors errors (one below the gauge minimum flags every subject)"))
	}
	return outs
}
