package placement

import "context"

// placeModulo places a key whose hash is h on server h mod N: one hash,
// one division, no lookup state beyond the server list.
func placeModulo(ctx context.Context, e *env) (outcome, error) {
	o := newOutcome(len(e.hashes))
	n := uint64(e.n)
	for i, h := range e.hashes {
		if err := tick(ctx, i); err != nil {
			return outcome{}, err
		}
		o.before[i] = int32(h % n)
		o.add[i] = int32(h % (n + 1))
		o.fail[i] = int32(h % (n - 1))
	}
	o.hashEvals, o.touched = 1, 1
	return o, nil
}
