package hashbalance

import "lbcourse/models/model"

// Model describes the hash-balance model to the generator.
var Model = model.Def[Params]{
	Name:     "hash_balance",
	Doc:      "Measures how evenly SHA-1, MD5, FNV-1a, CRC-32 and xxHash spread sequential, random and shared-prefix keys by modulo hashing and on a consistent-hashing ring, against truly random positions.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs:  outputs(),
}

// outputs declares the values and series of Run. A max_over_mean is the
// fullest server's keys over the mean (1 for a perfect spread); a p-value
// near 0 says too uneven to be random, near 1 too even to be random.
func outputs() []model.Output {
	outs := []model.Output{
		model.OutValue("servers", "server", "number of servers (the parameter)"),
		model.OutValue("vnodes", "", "ring points per server (the parameter)"),
		model.OutValue("keys", "key", "keys of each shape (the parameter)"),
		model.OutValue("salt", "", "the salt (the parameter)"),
		model.OutValue("bucket_bits", "", "bits by which the chi-square tests bucket positions (the parameter)"),
		model.OutValue("chi2_df", "", "degrees of freedom of every chi-square test: 2^bucket_bits − 1"),
		model.OutValue("chi2_sd", "", "standard deviation of a chi-square statistic of random positions: √(2 chi2_df), around its mean chi2_df"),
	}
	measures := func(prefix, of string) {
		outs = append(outs,
			model.OutValue(prefix+"modulo_max_over_mean", "", of+": fullest server over the mean by hash mod servers"),
			model.OutValue(prefix+"ring_max_over_mean", "", of+": fullest server over the mean on the ring of servers × vnodes points"),
			model.OutValue(prefix+"chi2", "", of+": chi-square statistic of the positions' top bucket_bits bits"),
			model.OutValue(prefix+"chi2_p", "", of+": p-value of chi2 (the chance that random positions give at least chi2)"),
			model.OutValue(prefix+"chi2_low", "", of+": chi-square statistic of the positions' low bucket_bits bits"),
			model.OutValue(prefix+"chi2_low_p", "", of+": p-value of chi2_low"))
	}
	for _, h := range Hashes {
		outs = append(outs, model.OutValue(h.Name+".arc_max_over_mean", "",
			h.Name+"'s ring: the largest server's share of the circle over 1/servers, before any key"))
	}
	outs = append(outs, model.OutValue("random_baseline.arc_max_over_mean", "",
		"the random ring: the largest server's share of the circle over 1/servers"),
		model.OutValue("theory.one_point", "", "H(servers), the expected arc_max_over_mean of a ring with one random point per server"),
		model.OutValue("theory.arc_max_over_mean", "", "1 + E[max of servers standard normals] / √vnodes: the expected arc_max_over_mean of random points, normal approximation"),
		model.OutValue("theory.modulo_floor", "", "1 + E[max of servers standard normals] × √(servers / keys): the expected modulo_max_over_mean of a uniform hash, from sampling alone"),
		model.OutValue("theory.modulo_floor_sd", "", "standard deviation of one run's modulo_max_over_mean under a uniform hash, around theory.modulo_floor (normal approximation)"))
	for _, s := range Shapes {
		for _, h := range Hashes {
			measures(h.Name+"."+s.Name+".", h.Name+" over "+s.Name+" keys")
		}
	}
	measures("random_baseline.", "random positions for points and keys")
	bars := "one bar per hash, then the random baseline (X = 0 … 5, labelled sha1 … xxhash, random)"
	outs = append(outs, model.OutSeries("arc_max_over_mean", "", "arc_max_over_mean: "+bars))
	for _, s := range Shapes {
		for _, c := range seriesMeasures {
			outs = append(outs, model.OutSeries(s.Name+"."+c.name, "", c.name+" over "+s.Name+" keys: "+bars))
		}
	}
	return outs
}
