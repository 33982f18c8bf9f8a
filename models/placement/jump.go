package placement

import "context"

// jumpLCG is the multiplier of the 64-bit linear congruential generator
// in Lamping and Veach's jump consistent hash ("A Fast, Minimal Memory,
// Consistent Hash Algorithm", 2014, figure 1).
const jumpLCG = 2862933555777941757

// Jump returns the bucket, 0 … buckets-1, of a key whose 64-bit hash is
// key, by the paper's algorithm, and the iterations of its loop:
//
//	int32_t JumpConsistentHash(uint64_t key, int32_t num_buckets) {
//	  int64_t b = -1, j = 0;
//	  while (j < num_buckets) {
//	    b = j;
//	    key = key * 2862933555777941757ULL + 1;
//	    j = (b + 1) * (double(1LL << 31) / double((key >> 33) + 1));
//	  }
//	  return b;
//	}
//
// buckets must be at least 1.
func Jump(key uint64, buckets int) (bucket, iterations int) {
	b, j := int64(-1), int64(0)
	for j < int64(buckets) {
		iterations++
		b = j
		key = key*jumpLCG + 1
		j = int64(float64(b+1) * (float64(int64(1)<<31) / float64((key>>33)+1)))
	}
	return int(b), iterations
}

// placeJump places a key whose hash is h in bucket Jump(h, N): one hash, a
// loop of about ln N + 1 iterations, no lookup state. Jump can only add or
// remove the last bucket, which is why the failure takes server N-1.
func placeJump(ctx context.Context, e *env) (outcome, error) {
	o := newOutcome(len(e.hashes))
	steps := 0
	for i, h := range e.hashes {
		if err := tick(ctx, i); err != nil {
			return outcome{}, err
		}
		b, it := Jump(h, e.n)
		o.before[i], steps = int32(b), steps+it
		b, _ = Jump(h, e.n+1)
		o.add[i] = int32(b)
		b, _ = Jump(h, e.n-1)
		o.fail[i] = int32(b)
	}
	o.hashEvals = 1
	o.touched = float64(steps) / float64(len(e.hashes))
	o.extra = jumpMiddle(e, o)
	return o, nil
}

// jumpMiddle returns jump hash's figures when a middle server, f = N/2
// (rounded down), fails and the last bucket is swapped into its place
// (JumpSwapFail), from o's buckets Jump(h, N) (o.before) and Jump(h, N−1)
// (o.fail): middle.moved_fail, the share of keys whose server changes, and
// middle.moved_fail_other, that share among the keys not on server f.
// Server f's keys all move to server N−1; of server N−1's keys, those that
// Jump(h, N−1) sends to bucket f stay on it, the rest scatter: about 2/N in
// all.
func jumpMiddle(e *env, o outcome) []figure {
	f := int32(e.n / 2)
	moved, other, stayed := 0, 0, 0
	for i, before := range o.before {
		after := o.fail[i]
		if after == f {
			after = int32(e.n - 1)
		}
		if after != before {
			moved++
		}
		if before != f {
			stayed++
			if after != before {
				other++
			}
		}
	}
	m := []figure{{"middle.moved_fail", float64(moved) / float64(len(e.hashes)), ""}, {"middle.moved_fail_other", 0, ""}}
	if stayed > 0 {
		m[1].v = float64(other) / float64(stayed)
	}
	return m
}
