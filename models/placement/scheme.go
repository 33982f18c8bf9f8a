package placement

import "context"

// An env is what every scheme places: the keys, their 64-bit hashes
// XXH64(seeds.key, key), and the server count N before the change.
type env struct {
	p      Params
	keys   keys
	hashes []uint64
	seeds  seeds
	n      int
}

// newEnv makes p's keys and seeds and hashes every key; p is valid.
func newEnv(ctx context.Context, p Params) (*env, error) {
	e := &env{p: p, keys: makeKeys(p.KeyShape, p.Keys), seeds: newSeeds(p.Salt, p.Probes), n: p.Servers}
	h := newHasher()
	e.hashes = make([]uint64, e.keys.len())
	for i := range e.hashes {
		if err := tick(ctx, i); err != nil {
			return nil, err
		}
		e.hashes[i] = h.sum(e.seeds.key, e.keys.at(i))
	}
	return e, nil
}

// An outcome is one scheme's placement of every key in the three
// configurations, by server number, and its costs before the change.
type outcome struct {
	// before: servers 0 … N-1; add: 0 … N; fail: 0 … N-2 (server N-1
	// gone).
	before, add, fail []int32
	// hashEvals and touched are per lookup, averaged over the keys,
	// before the change; the package doc defines the units.
	hashEvals, touched float64
	// memoryPerServer is the lookup state in bytes over N, before the
	// change.
	memoryPerServer float64
	// extra are the scheme's own further figures, at s.<name>.
	extra []figure
}

// newOutcome returns an outcome with room for k keys.
func newOutcome(k int) outcome {
	return outcome{before: make([]int32, k), add: make([]int32, k), fail: make([]int32, k)}
}

// A scheme is a placement algorithm under its output name.
type scheme struct {
	name  string
	place func(context.Context, *env) (outcome, error)
}

// schemes are the placement schemes the model compares, in the order of its results
// and of the series' X (0 … 6).
var schemes = []scheme{
	{"modulo", placeModulo},
	{"ring", placeRing},
	{"ring_bounded", placeRingBounded},
	{"jump", placeJump},
	{"rendezvous", placeRendezvous},
	{"maglev", placeMaglev},
	{"multiprobe", placeMultiprobe},
}

// SchemeNames returns the schemes' names, in the order of the results.
func SchemeNames() []string {
	ns := make([]string, len(schemes))
	for i, s := range schemes {
		ns[i] = s.name
	}
	return ns
}

// checkEvery is how many keys a loop places between two looks at its
// context.
const checkEvery = 1 << 14

// tick returns ctx's error every checkEvery-th key i, else nil.
func tick(ctx context.Context, i int) error {
	if i%checkEvery == 0 {
		return ctx.Err()
	}
	return nil
}

// searchSteps returns the comparisons sort.Search(n, f) makes when f(j)
// is j >= idx, that is, when the answer is idx (0 … n): the points a
// binary search over n sorted points compares to find the first at or
// past a key's position.
func searchSteps(n, idx int) int {
	steps := 0
	i, j := 0, n
	for i < j {
		h := int(uint(i+j) >> 1)
		steps++
		if h < idx {
			i = h + 1
		} else {
			j = h
		}
	}
	return steps
}
