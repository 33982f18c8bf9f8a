package placement

import "context"

// rendezvousSeedBytes is the lookup state rendezvous keeps per server: its
// 64-bit seed.
const rendezvousSeedBytes = 8

// placeRendezvous places a key on the server with the highest score
// XXH64(seed_n, key), seed_n = XXH64(seeds.rendezvous, "server-<n>")
// (highest random weight, Thaler and Ravishankar); on a tie the lower
// server wins. A lookup hashes the key once per server and reads every
// server's seed.
func placeRendezvous(ctx context.Context, e *env) (outcome, error) {
	h := newHasher()
	seed := make([]uint64, e.n+1)
	for s := range seed {
		seed[s] = h.sum(e.seeds.rendezvous, serverName(s))
	}
	o := newOutcome(len(e.hashes))
	for i := range e.keys.len() {
		if err := tick(ctx, i); err != nil {
			return outcome{}, err
		}
		key := e.keys.at(i)
		best, top := int32(0), h.sum(seed[0], key)
		for s := 1; s <= e.n; s++ {
			if s == e.n-1 {
				o.fail[i] = best
			}
			if s == e.n {
				o.before[i] = best
			}
			if v := h.sum(seed[s], key); v > top {
				best, top = int32(s), v
			}
		}
		o.add[i] = best
	}
	o.hashEvals, o.touched = float64(e.n), float64(e.n)
	o.memoryPerServer = rendezvousSeedBytes
	return o, nil
}
