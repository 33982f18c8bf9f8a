package placement

import "lbcourse/models/model"

// Model describes the placement model to the generator.
var Model = model.Def[Params]{
	Name:     "placement",
	Doc:      "Compares modulo, a consistent-hashing ring, the ring with bounded loads, jump consistent hash, rendezvous hashing, Maglev and multi-probe consistent hashing on the same keys: balance, keys moved when a server is added or fails, memory and lookup cost.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs:  outputs(),
}

// outputs declares the values and series of Run. Each scheme's figures are
// declared once per scheme name (see SchemeNames); the series have one
// point per scheme, X = 0 … 6 in that order, Labels the names.
func outputs() []model.Output {
	outs := []model.Output{
		model.OutValue("servers", "node", "server count N before the change (the parameter)"),
		model.OutValue("keys", "key", "number of keys placed (the parameter)"),
		model.OutValue("ring_bounded.capacity", "key", "ceil(bounded_c × keys / servers): no server holds more keys under ring_bounded"),
	}
	for _, s := range SchemeNames() {
		for _, f := range schemeFigures {
			outs = append(outs, model.OutValue(s+"."+f.name, f.unit, s+": "+f.doc))
		}
	}
	outs = append(outs,
		model.OutValue("ring.indexed.touched", "", "ring: lookup steps of Ring.Lookup, which reads one bucket-index entry, then points from that bucket's first up to the one at or past the key"),
		model.OutValue("ring.indexed.memory_per_server", "byte", "ring: bytes of points and bucket index over N, the state Ring.Lookup reads"),
		model.OutValue("ring.expected_max_over_mean", "", "ring: the largest total arc a server owns × N / 2^32, before the change: its expected max_over_mean, the part of the imbalance more keys would not remove"),
		model.OutValue("maglev.expected_max_over_mean", "", "maglev: the most table entries a server holds × N / M, before the change: its expected max_over_mean (entry counts differ by at most one)"),
		model.OutValue("jump.middle.moved_fail", "", "jump: share of the keys whose server changes when server N/2 (rounded down) fails and the last bucket's server takes its bucket (about 2/N)"),
		model.OutValue("jump.middle.moved_fail_other", "", "jump: of the keys not on server N/2, the share whose server changes in that failure"),
		model.OutValue("sampling_floor", "", "1 + E[max of N standard normals] × √(N / keys): the expected max_over_mean of a placement uniform in expectation, from sampling alone (normal approximation to the multinomial)"),
		model.OutValue("ideal.max_over_mean", "", "1, the balance of a perfect spread"),
		model.OutValue("ideal.moved_add", "", "1 / (N + 1), the least share an addition must move"),
		model.OutValue("ideal.moved_fail", "", "1 / N, the least share a failure must move (the failed server's keys)"),
	)
	for _, f := range schemeFigures {
		outs = append(outs, model.OutSeries(f.name, f.unit, "<scheme>."+f.name+" for the seven schemes (X = 0 … 6, Labels the names)"))
	}
	return append(outs,
		model.OutSeries("ideal.max_over_mean", "", "constant line at ideal.max_over_mean (X = 0 … 6)"),
		model.OutSeries("ideal.moved_add", "", "constant line at ideal.moved_add (X = 0 … 6)"),
		model.OutSeries("ideal.moved_fail", "", "constant line at ideal.moved_fail (X = 0 … 6)"),
	)
}

// schemeFigures are the figures every scheme s reports, at s.<name>, in the
// order of the results, with their units and descriptions; each has a
// series of the same name over the schemes.
var schemeFigures = []struct{ name, unit, doc string }{
	{"max_over_mean", "", "the most keys on one server × N / keys, before the change (1 for a perfect spread)"},
	{"min_over_mean", "", "the fewest keys on one server × N / keys, before the change"},
	{"moved_add", "", "share of the keys whose server changes when server N is added"},
	{"moved_fail", "", "share of the keys whose server changes when server N-1 fails"},
	{"moved_fail_other", "", "of the keys not on server N-1, the share whose server changes when it fails"},
	{"memory_per_server", "byte", "bytes of lookup state over N, beyond the server list (ring points, Maglev entries, server seeds, loads)"},
	{"hash_evals", "", "hash evaluations of the key per lookup, averaged over the keys"},
	{"touched", "", "lookup steps per key: state entries read (points compared, table entries, seeds) or, for modulo and jump, rounds of arithmetic"},
}
