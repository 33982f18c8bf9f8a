// Package partitions models micro-partitions and selective replication
// (Dean and Barroso, "The Tail at Scale", 2013): data cut into many more
// partitions than machines can be balanced and shed in small steps, and
// copies of the hottest partitions spread their load further.
//
// Machines × per_machine partitions get loads drawn independently from a
// lognormal with log-scale spread Spread (partitions differ, as tablets of
// a real table do), from a PCG generator seeded with rand.NewPCG(seed,
// stream). Three placements are compared by the fullest machine's load
// over the mean machine load:
//
//   - random: the partitions dealt at random, per_machine to each machine;
//   - balanced: longest processing time first (each partition, heaviest
//     first, to the least loaded machine), a greedy rebalancer within 4/3
//     of the best placement (Graham, 1969);
//   - replicated: as balanced, after the Hot heaviest partitions were each
//     split into Copies copies of equal load on distinct machines (reads
//     spread over the copies); with Copies 0, each of them into as many
//     copies as its load needs for no copy to carry more than a machine's
//     mean load, ⌈load / mean⌉, at most Machines.
//
// No placement can beat the heaviest single partition: bound is
// max(1, heaviest / mean machine load), for balanced, and the same with
// the split loads for replicated.
package partitions

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"lbcourse/models/model"
)

// Limits on the size of a run.
const (
	MaxMachines = 10_000
	MaxPer      = 10_000
	MaxParts    = 1_000_000
)

// stream is the second word of the PCG seed, "micropar".
const stream = 0x6d6963726f706172

// Params are the model's inputs.
type Params struct {
	// Machines is the number of machines.
	Machines int `yaml:"machines" unit:"server"`
	// PerMachine is the number of partitions per machine.
	PerMachine int `yaml:"per_machine"`
	// Spread is the log-scale spread of the partitions' loads.
	Spread float64 `yaml:"spread"`
	// Hot is the number of heaviest partitions replicated.
	Hot int `yaml:"hot"`
	// Copies is the number of copies of each hot partition, at most
	// machines; 0 sizes each hot partition's copies to its load.
	Copies int `yaml:"copies"`
	// Seed starts the generator of the loads and the random placement.
	Seed int64 `yaml:"seed"`
}

// DefaultParams returns the article's 20 partitions a machine on 10
// machines, loads with spread 1, and the 5 heaviest partitions in 3 copies.
func DefaultParams() Params {
	return Params{Machines: 10, PerMachine: 20, Spread: 1, Hot: 5, Copies: 3, Seed: 1}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	if p.Machines < 2 || p.Machines > MaxMachines {
		bad("machines", "must be between 2 and "+itoa(MaxMachines)+", got "+itoa(p.Machines))
	}
	if p.PerMachine < 1 || p.PerMachine > MaxPer {
		bad("per_machine", "must be between 1 and "+itoa(MaxPer)+", got "+itoa(p.PerMachine))
	} else if p.Machines >= 2 && p.Machines <= MaxMachines && p.Machines*p.PerMachine > MaxParts {
		bad("per_machine", "times machines must be at most "+itoa(MaxParts)+", got "+itoa(p.Machines*p.PerMachine))
	}
	if !(p.Spread >= 0 && p.Spread <= 4) {
		bad("spread", "must be between 0 and 4, got "+strconv.FormatFloat(p.Spread, 'g', -1, 64))
	}
	if p.Hot < 0 || p.Hot > p.Machines*p.PerMachine {
		bad("hot", "must be between 0 and the partitions ("+itoa(p.Machines*p.PerMachine)+"), got "+itoa(p.Hot))
	}
	if p.Copies < 0 || p.Copies > p.Machines {
		bad("copies", "must be between 0 (sized to the load) and machines ("+itoa(p.Machines)+"), got "+itoa(p.Copies))
	}
	if p.Seed < 0 {
		bad("seed", "must be at least 0, got "+strconv.FormatInt(p.Seed, 10))
	}
	return es.Err()
}

// A piece is a partition, or one copy of a replicated one, to place.
type piece struct {
	load float64
	part int // the partition it belongs to: copies go to distinct machines
}

// balance places pieces, heaviest first, each on the least loaded machine
// holding no other piece of its partition, and returns the machines'
// loads.
func balance(pieces []piece, machines int) []float64 {
	pieces = slices.Clone(pieces)
	slices.SortStableFunc(pieces, func(a, b piece) int { return cmp.Compare(b.load, a.load) })
	load := make([]float64, machines)
	holds := make(map[[2]int]bool) // (machine, partition) of copies placed
	for _, pc := range pieces {
		best := -1
		for m := range load {
			if holds[[2]int{m, pc.part}] {
				continue
			}
			if best < 0 || load[m] < load[best] {
				best = m
			}
		}
		load[best] += pc.load
		holds[[2]int{best, pc.part}] = true
	}
	return load
}

// ratio returns the largest load over the mean.
func ratio(load []float64) float64 {
	sum := 0.0
	for _, l := range load {
		sum += l
	}
	return slices.Max(load) / (sum / float64(len(load)))
}

// Run draws the loads, places them three ways and returns the values Model
// declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return model.Result{}, err
	}
	rng := rand.New(rand.NewPCG(uint64(p.Seed), stream))
	n := p.Machines * p.PerMachine
	loads := make([]float64, n)
	total := 0.0
	for i := range loads {
		loads[i] = math.Exp(p.Spread * rng.NormFloat64())
		total += loads[i]
	}
	mean := total / float64(p.Machines)
	// Random: deal a random permutation, per_machine to each machine.
	random := make([]float64, p.Machines)
	for i, j := range rng.Perm(n) {
		random[i/p.PerMachine] += loads[j]
	}
	whole := make([]piece, n)
	for i, l := range loads {
		whole[i] = piece{l, i}
	}
	// Replicated: the Hot heaviest split into Copies pieces.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(loads[b], loads[a]) })
	var split []piece
	heaviestSplit, mostCopies := 0.0, 1
	for rank, i := range order {
		c := 1
		switch {
		case rank >= p.Hot:
		case p.Copies > 0:
			c = p.Copies
		default:
			c = min(p.Machines, max(1, int(math.Ceil(loads[i]/mean))))
		}
		mostCopies = max(mostCopies, c)
		for range c {
			split = append(split, piece{loads[i] / float64(c), i})
		}
		heaviestSplit = max(heaviestSplit, loads[i]/float64(c))
	}
	heaviest := loads[order[0]]
	var res model.Result
	res.Set("machines", float64(p.Machines), "server")
	res.Set("per_machine", float64(p.PerMachine), "")
	res.Set("spread", p.Spread, "")
	res.Set("partitions", float64(n), "")
	res.Set("step", 1/float64(p.PerMachine), "")
	res.Set("move_time", 1/float64(p.PerMachine), "")
	res.Set("hot", float64(p.Hot), "")
	res.Set("copies", float64(p.Copies), "")
	res.Set("heaviest", heaviest/mean, "")
	res.Set("random.max_over_mean", ratio(random), "")
	res.Set("balanced.max_over_mean", ratio(balance(whole, p.Machines)), "")
	res.Set("balanced.bound", max(1, heaviest/mean), "")
	res.Set("replicated.max_over_mean", ratio(balance(split, p.Machines)), "")
	res.Set("replicated.bound", max(1, heaviestSplit/mean), "")
	res.Set("replicated.pieces", float64(len(split)), "")
	res.Set("replicated.extra_copies", float64(len(split)-n)/float64(n), "")
	res.Set("replicated.most_copies", float64(mostCopies), "")
	return res, nil
}
