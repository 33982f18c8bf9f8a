package placement

import (
	"context"
	"slices"
)

// maglevEntryBytes is the size of one entry of a Maglev table: an int32
// server number.
const maglevEntryBytes = 4

// A maglevServer is one server's permutation of the table's entries:
// entry j of it is (offset + j × skip) mod M.
type maglevServer struct{ offset, skip uint64 }

// maglevServers returns the permutations of servers 0 … n-1 in a table of
// prime size m, as in Eisenbud et al., "Maglev: A Fast and Reliable
// Software Network Load Balancer" (NSDI 2016), §3.4: offset =
// h1(name) mod M, skip = h2(name) mod (M − 1) + 1, with h1 and h2
// XXH64 under the seeds maglevOff and maglevSkip. Since M is a prime and
// 1 ≤ skip < M, each permutation visits every entry.
func maglevServers(e *env, n, m int) []maglevServer {
	h := newHasher()
	ps := make([]maglevServer, n)
	for s := range ps {
		name := serverName(s)
		ps[s] = maglevServer{
			offset: h.sum(e.seeds.maglevOff, name) % uint64(m),
			skip:   h.sum(e.seeds.maglevSkip, name)%uint64(m-1) + 1,
		}
	}
	return ps
}

// maglevTable fills a table of size m for the servers' permutations by
// the paper's population (Pseudocode 1): in turns, each server takes the
// next entry of its permutation that is still empty, until every entry is
// taken. Every entry is set, and the servers' entry counts differ by at
// most one. It needs m ≥ len(ps) ≥ 1; it checks ctx every 1024 turns.
func maglevTable(ctx context.Context, ps []maglevServer, m int) ([]int32, error) {
	entry := make([]int32, m)
	for i := range entry {
		entry[i] = -1
	}
	next := make([]uint64, len(ps))
	filled := 0
	for turn := 0; ; turn++ {
		if turn%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for s, p := range ps {
			c := (p.offset + next[s]*p.skip) % uint64(m)
			for entry[c] >= 0 {
				next[s]++
				c = (p.offset + next[s]*p.skip) % uint64(m)
			}
			entry[c] = int32(s)
			next[s]++
			if filled++; filled == m {
				return entry, nil
			}
		}
	}
}

// placeMaglev places a key whose hash is h on entry h mod M of the table
// filled for the configuration's servers: one hash, one entry read, a
// table of M entries. The three tables share the servers' permutations,
// so a change moves few keys between the servers that stay, but not none.
func placeMaglev(ctx context.Context, e *env) (outcome, error) {
	m := e.p.MaglevM
	ps := maglevServers(e, e.n+1, m)
	var tables [3][]int32
	for c, n := range [3]int{e.n, e.n + 1, e.n - 1} {
		t, err := maglevTable(ctx, ps[:n], m)
		if err != nil {
			return outcome{}, err
		}
		tables[c] = t
	}
	o := newOutcome(len(e.hashes))
	for i, h := range e.hashes {
		if err := tick(ctx, i); err != nil {
			return outcome{}, err
		}
		j := h % uint64(m)
		o.before[i], o.add[i], o.fail[i] = tables[0][j], tables[1][j], tables[2][j]
	}
	o.hashEvals, o.touched = 1, 1
	o.memoryPerServer = float64(m*maglevEntryBytes) / float64(e.n)
	entries := make([]int, e.n)
	for _, s := range tables[0] {
		entries[s]++
	}
	o.extra = []figure{{"expected_max_over_mean", float64(slices.Max(entries)) * float64(e.n) / float64(m), ""}}
	return o, nil
}
