package hashing

import "lbcourse/models/model"

// Model describes the hashing model to the generator.
var Model = model.Def[Params]{
	Name:     "hashing",
	Doc:      "Simulates placing keys on nodes by modulo hashing and on consistent-hashing rings, and how many keys move when a node is added or removed.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs:  outputs(),
}

// outputs declares the values and series of Run; <v> is one of the
// parameter vnodes, a virtual-node count. All measures are plain ratios:
// an imbalance is the largest node's share of the keys times the node
// count (1 for a perfect spread).
func outputs() []model.Output {
	outs := []model.Output{
		model.OutValue("keys", "key", "number of keys placed (the parameter)"),
		model.OutValue("nodes_before", "node", "node count before the change (the parameter)"),
		model.OutValue("nodes_after", "node", "node count after the change (the parameter)"),
		model.OutValue("vnodes.<v>", "", "virtual-node count v, echoed from the parameter vnodes"),
		model.OutValue("ring.points_after_max", "point", "points on the largest ring after the change: nodes_after × the largest vnodes"),
	}
	for _, m := range []struct{ prefix, by string }{
		{"modulo.", "modulo hashing: "},
		{"ring.<v>.", "ring with v virtual nodes per node: "},
	} {
		outs = append(outs,
			model.OutValue(m.prefix+"imbalance_before", "", m.by+"imbalance before the change"),
			model.OutValue(m.prefix+"imbalance_after", "", m.by+"imbalance after the change"),
			model.OutValue(m.prefix+"moved", "", m.by+"share of keys on another node after the change"),
			model.OutValue(m.prefix+"moved_back", "", m.by+"share of keys on another node from after back to before"),
			model.OutValue(m.prefix+"new_share", "", m.by+"share of keys on the added nodes after a growth, on the removed ones before a removal"))
	}
	return append(outs,
		model.OutValue("ideal.imbalance", "", "1, the imbalance of a perfect spread"),
		model.OutValue("ideal.moved", "", "the least share a change must move: |after − before| / max(before, after)"),
		model.OutSeries("ring.imbalance_before", "", "ring imbalance before the change (X = vnodes)"),
		model.OutSeries("ring.imbalance_after", "", "ring imbalance after the change (X = vnodes)"),
		model.OutSeries("ring.moved", "", "share of keys a ring moves (X = vnodes)"),
		model.OutSeries("ideal.imbalance", "", "constant line at ideal.imbalance (X = vnodes)"),
		model.OutSeries("ideal.moved", "", "constant line at ideal.moved (X = vnodes)"),
		model.OutSeries("modulo.imbalance_before", "", "constant line at modulo.imbalance_before (X = vnodes)"),
		model.OutSeries("modulo.imbalance_after", "", "constant line at modulo.imbalance_after (X = vnodes)"),
		model.OutSeries("modulo.moved", "", "constant line at modulo.moved (X = vnodes)"),
		model.OutValue("ring_draw.nodes", "node", "nodes on the drawn ring: k1 … k<max(nodes_before, nodes_after)>"),
		model.OutValue("ring_draw.vnodes", "", "virtual nodes per node on the drawn ring: the smallest of vnodes"),
		model.OutValue("ring_arc.<n>", "", "drawn ring: share of the circle node k<n> owns (from the previous point up to its own); the shares sum to 1"),
		model.OutSeries("ring_pos.<n>", "", "drawn ring: node k<n>'s points as positions on the ring, fractions of the circle hash/2^32 in [0, 1) (X = virtual-node index), for a ring plot"),
		model.OutSeries("ring_keys_pos", "", "drawn ring: the first min(keys, 50) keys as positions on the ring, hash/2^32 in [0, 1) (X = key index), for a ring plot"),
	)
}
