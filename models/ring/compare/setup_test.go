package compare

import (
	"hash/crc32"
	"strconv"

	"lbcourse/models/ring"
)

// The benchmarks' configurations: servers × points per server. Jump hash
// and rendezvous hashing have no points; they use the server count alone.
var configs = []struct {
	name            string
	servers, points int
}{
	{"100x160", 100, 160},
	{"5x150", 5, 150},
}

// keys are the keys every benchmark looks up in turn: "key:0" … "key:16383".
var keys = func() []string {
	ks := make([]string, 1<<14)
	for i := range ks {
		ks[i] = "key:" + strconv.Itoa(i)
	}
	return ks
}()

// crcs, fnvs: each key's CRC-32 and FNV-1a 64, for the lookups from a
// hash computed beforehand.
var crcs, fnvs = func() ([]uint32, []uint64) {
	cs, fs := make([]uint32, len(keys)), make([]uint64, len(keys))
	for i, k := range keys {
		cs[i], fs[i] = keyHash(k), fnv64a(k)
	}
	return cs, fs
}()

// serverNames returns "server-0" … "server-<n-1>".
func serverNames(n int) []string {
	ns := make([]string, n)
	for i := range ns {
		ns[i] = "server-" + strconv.Itoa(i)
	}
	return ns
}

// keyHash is the ring's key hash here: CRC-32 (IEEE), groupcache's default.
func keyHash(s string) uint32 { return crc32.ChecksumIEEE([]byte(s)) }

// fnv64a is FNV-1a 64 over s: the 64-bit key hash for jump hash and
// rendezvous hashing.
func fnv64a(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := range len(s) {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// groupcacheRing returns a ring with groupcache's points: point i of
// server n at CRC-32 of decimal(i) + name, the later point winning a
// shared position as groupcache's map does (hashMap[hash] = key).
func groupcacheRing(servers, points int) (*ring.Ring, error) {
	names := serverNames(servers)
	weights := make([]float64, servers)
	for i := range weights {
		weights[i] = 1
	}
	return ring.New(weights, ring.Config{
		Points:     points,
		Collisions: ring.LastWins,
		Hash:       func(n, i int) uint32 { return crc32.ChecksumIEEE([]byte(strconv.Itoa(i) + names[n])) },
	})
}
