package ketama

import "lbcourse/models/model"

// Model describes the ketama model to the generator.
var Model = model.Def[Params]{
	Name:     "ketama",
	Doc:      "Reproduces nginx's and pingora-ketama's consistent-hashing ring bit for bit (CRC-32 point chains, 160 points per unit of weight) beside a ring of 16, and measures their balance against the weights, their 32-bit collisions, their memory at 8 and at 6 bytes a point, and the keys that move from one to the other.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs:  outputs(),
}

// outputs declares the values of Run; <i> is a server's number (1-based).
// The old ring has points points per unit of weight, the new ring (new.)
// points_new; q_i = w_i / W is server i's ideal share (see the package
// doc for the balance measures).
func outputs() []model.Output {
	var outs []model.Output
	for _, r := range []struct{ prefix, which string }{{"", "the old ring (points)"}, {"new.", "the new ring (points_new)"}} {
		p, on := r.prefix, " on "+r.which
		outs = append(outs,
			model.OutValue(p+"count.<i>", "key", "keys on server i"+on),
			model.OutValue(p+"share.<i>", "", p+"count.<i> / keys"),
			model.OutValue(p+"points_total", "point", "points"+on+" after collisions: one per position"),
			model.OutValue(p+"collisions", "point", "points"+on+" dropped because an earlier point has their position (the first server listed keeps it: this model's tie rule)"),
			model.OutValue(p+"birthday", "point", "expected collisions"+on+": n(n − 1) / 2^33 for its n = points × W points before the drop"),
			model.OutValue(p+"bytes.wide", "byte", "memory of the sorted points"+on+" at 8 bytes a point (pingora v1): "+p+"points_total × 8"),
			model.OutValue(p+"bytes.packed", "byte", "memory of the sorted points"+on+" at 6 bytes a point (pingora v2): "+p+"points_total × 6"),
			model.OutValue(p+"max_over_mean", "", "the largest share_i / q_i"+on+" (1 for a spread exactly by weight)"),
			model.OutValue(p+"error", "", "the largest |share_i − q_i| / q_i"+on+": how far the worst server's keys are from its weight, relatively"),
			model.OutValue(p+"owned.error", "", "the largest |a_i − q_i| / q_i"+on+", a_i the share of the circle server i's arcs cover (no key sampling)"),
			model.OutValue(p+"owned.rms", "", "√(mean_i ((a_i − q_i) / q_i)²)"+on+": the root-mean-square relative deviation over the servers, a_i as in owned.error; averaged over N servers, it is far less noisy than the maximum"),
			model.OutValue(p+"owned.over_law", "", p+"owned.error / "+p+"law.error"+on+" (0 for one server)"),
			model.OutValue(p+"owned.worst_weight", "", "the weight of the server whose |a_i − q_i| / q_i is largest"+on+" (the first such server)"),
			model.OutValue(p+"law.rms", "", "the law's estimate of owned.rms"+on+": √(mean_i 1 / (points × w_i)), each server's share the sum of points × w_i roughly exponential arcs"),
			model.OutValue(p+"law.error", "", "the square-root law's estimate of owned.error"+on+": √(2 ln N) / √(points × W / N), the worst of N servers each holding points × W / N roughly exponential arcs (0 for one server)"),
		)
	}
	return append(outs,
		model.OutValue("gain.error", "", "1 − owned.error / new.owned.error: the share of the new ring's worst relative deviation that the old ring's points per unit of weight remove (negative when the old ring is worse)"),
		model.OutValue("gain.rms", "", "1 − owned.rms / new.owned.rms: the same for the root-mean-square deviation"),
		model.OutValue("ideal.share.<i>", "", "q_i = w_i / W, server i's share of the weights"),
		model.OutValue("migration.moved", "", "share of the keys whose server on the new ring differs from the old"),
		model.OutValue("migration.circle", "", "share of the circle's 2^32 positions whose owner differs between the rings (ring.Changes)"),
		model.OutValue("stage.<j>.share", "", "rollout stage j's share of the keys served by the new ring (the parameter stages)"),
		model.OutValue("stage.<j>.moved", "", "share of the keys whose server at stage j differs from the old ring's: those sent to the new ring (Selector below share × 2^32) that it places elsewhere"),
		model.OutValue("stage.<j>.step_moved", "", "share of the keys whose server at stage j differs from stage j−1's (the old ring's for j = 1): the keys stage j moves, whose caches start cold"),
		model.OutSeries("stage.moved", "", "stage.<j>.moved over stage.<j>.share"),
		model.OutSeries("stage.line", "", "the line share × migration.moved, from share 0 to share 1: where stage.moved lies when the keys sent to the new ring are a fair sample"),
		model.OutValue("stage.<j>.origin", "", "the origin's load while stage j's moved keys warm up, over its load with a warm cache: (step_moved + (1 − step_moved)(1 − hit_ratio)) / (1 − hit_ratio), the warmup model's base_multiple with no writes; an upper bound, as every request for a moved key misses until the window ends"),
		model.OutValue("origin_at_once", "", "the same for switching at once: migration.moved in place of step_moved"),
		model.OutSeries("stage.origin", "", "stage.<j>.origin over the stage number j, with 1 at j = 0 (before the rollout, a warm cache)"),
		model.OutSeries("draw.server.<i>", "", "server i's points on the old ring, for a ring plot: Y their positions on the circle, fractions in [0, 1), in chain order, X their number in the chain (0-based); empty when the old ring has more than MaxDraw = 64 points (points × W)"),
		model.OutSeries("draw.kept_pos", "", "the positions of the old ring's points that the new ring keeps, as draw.server.<i>, X the server's number"),
		model.OutValue("layout.struct", "byte", "unsafe.Sizeof of a Go struct {uint32; uint16}: the fields rounded up to the struct's alignment"),
		model.OutValue("layout.fields", "byte", "the sizes of that struct's two fields added up"),
		model.OutValue("layout.array", "byte", "unsafe.Sizeof of a [6]byte, the packed point"),
		model.OutValue("layout.struct_align", "byte", "unsafe.Alignof of the struct: its largest field's"),
		model.OutValue("layout.array_align", "byte", "unsafe.Alignof of the [6]byte"),
		model.OutValue("layout.mixed", "byte", "unsafe.Sizeof of a Go struct {uint16; uint32; uint16}: Go keeps the fields in order, so each uint16 is padded"),
		model.OutValue("layout.reordered", "byte", "unsafe.Sizeof of the same fields with the uint32 first, the order Rust's default representation may choose"),
	)
}
