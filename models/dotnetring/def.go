package dotnetring

import "lbcourse/models/model"

// Model describes the dotnet_ring model to the generator.
var Model = model.Def[Params]{
	Name:     "dotnet_ring",
	Doc:      "Reproduces the source's C# consistent-hashing ring (SHA-1, SortedDictionary, 150 virtual nodes) and its scenario: 1,000,000 keys over five Redis servers, then one server failing.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs:  outputs(),
}

// outputs declares the values of Run; <i> is a server's number (1-based),
// <k> a position in the program's printed list. "Before" is the ring after
// every AddNode, "after" the ring after RemoveNode(server remove); with
// remove = 0 the two are the same ring.
func outputs() []model.Output {
	return []model.Output{
		model.OutValue("count.<i>", "key", "keys GetNode places on server i before the removal (the program's printed count)"),
		model.OutValue("share.<i>", "", "count.<i> / keys"),
		model.OutValue("max_over_mean", "", "the largest count.<i> × servers / keys (1 for a perfect spread)"),
		model.OutValue("min_over_mean", "", "the smallest count.<i> × servers / keys"),
		model.OutValue("print_order.<k>", "", "number of the server the program prints k-th (Dictionary order: first returned by GetNode); 0 past the last printed line"),
		model.OutValue("printed", "server", "lines the program prints: servers that received at least one key"),
		model.OutValue("points", "point", "distinct ring entries after every AddNode"),
		model.OutValue("collisions", "point", "point writes that overwrote an entry already on the ring: servers × vnodes − points"),
		model.OutValue("after.points", "point", "ring entries after the removal"),
		model.OutValue("removed_points", "point", "entries RemoveNode deleted (0 with remove = 0)"),
		model.OutValue("removed_foreign", "point", "of removed_points, entries another server owned when RemoveNode deleted them"),
		model.OutValue("after.count.<i>", "key", "keys on server i after the removal (0 for the removed server)"),
		model.OutValue("after.max_over_mean", "", "the largest after.count.<i> × the servers left / keys"),
		model.OutValue("moved", "", "share of all keys whose server changes with the removal"),
		model.OutValue("moved_other", "", "share of the keys not on the removed server whose server changes (0 without a point collision; 0 when no such key)"),
		model.OutValue("moved_to.<i>", "key", "of the removed server's keys, how many server i receives"),
		model.OutValue("receivers", "server", "servers receiving at least one of the removed server's keys"),
		model.OutValue("scan.mean", "entry", "mean ring entries GetNode's foreach visits per key before the removal, the matching one included (all of them for a key that wraps)"),
		model.OutValue("scan.max", "entry", "the most ring entries one GetNode visits before the removal"),
		model.OutValue("search.steps", "comparison", "comparisons a binary search over the points needs: ceil(log2(points + 1))"),
		model.OutValue("ideal.share", "", "1 / servers, each server's share in a perfect spread"),
		model.OutValue("ideal.moved", "", "1 / servers, the share a perfect spread moves when one server fails"),
		model.OutSeries("ring_pos.<i>", "", "for drawing: server i's ring entries before the removal, in ring order, as positions hash/2^32 in [0, 1) (X = the entry's index on the ring); empty when the ring has more than MaxDrawnPoints entries"),
		model.OutValue("doubled.moved", "", "share of the keys whose server changes when every server's points go from vnodes to 2 × vnodes (names #VN0 … kept, the rest added) on the live ring: about (1 − 1/servers) / 2"),
		model.OutValue("example.owned.b", "position", "the source's worked example, A at 100, B at 500, C at 900 on 0 … 2^32 − 1: positions B owns, (100, 500]"),
		model.OutValue("example.owned.c", "position", "positions C owns, (500, 900]"),
		model.OutValue("example.share.a", "", "A's share of the circle: the positions A owns, (900, 2^32) and [0, 100], / 2^32"),
		model.OutValue("example.d_takes", "position", "positions D at 350 takes, (100, 350], all B's"),
	}
}
