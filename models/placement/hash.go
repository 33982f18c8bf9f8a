package placement

import (
	"math/rand/v2"
	"strconv"

	"github.com/cespare/xxhash/v2"
)

// The one hash family of every scheme is XXH64 with a seed
// (github.com/cespare/xxhash/v2): a key's or a name's 64-bit hash is
// XXH64(seed, bytes). Each role below has its own seed, drawn from the
// salt, so that changing the salt changes every scheme's hashing and
// leaves the keys as they are.
type seeds struct {
	key        uint64   // the key hash: modulo, jump, Maglev, ring positions
	point      uint64   // ring points "server-<n>#<i>"
	rendezvous uint64   // rendezvous server seeds, from "server-<n>"
	maglevOff  uint64   // Maglev offsets, from "server-<n>"
	maglevSkip uint64   // Maglev skips, from "server-<n>"
	probePoint uint64   // multi-probe server points, from "server-<n>"
	probes     []uint64 // multi-probe probe j: XXH64(probes[j], key)
}

// seedStream is the second word of the PCG that draws the seeds.
const seedStream = 0x706c6163656d6e74 // "placemnt"

// newSeeds draws the seeds of salt, in the order of the fields, from
// PCG(salt, seedStream); probes seeds come last, so the others do not
// depend on the probe count.
func newSeeds(salt int64, probes int) seeds {
	rng := rand.New(rand.NewPCG(uint64(salt), seedStream))
	s := seeds{
		key: rng.Uint64(), point: rng.Uint64(), rendezvous: rng.Uint64(),
		maglevOff: rng.Uint64(), maglevSkip: rng.Uint64(), probePoint: rng.Uint64(),
	}
	s.probes = make([]uint64, probes)
	for j := range s.probes {
		s.probes[j] = rng.Uint64()
	}
	return s
}

// A hasher computes seeded XXH64 hashes, reusing one digest.
type hasher struct{ d *xxhash.Digest }

func newHasher() hasher { return hasher{xxhash.NewWithSeed(0)} }

// sum returns XXH64(seed, b).
func (h hasher) sum(seed uint64, b []byte) uint64 {
	h.d.ResetWithSeed(seed)
	h.d.Write(b)
	return h.d.Sum64()
}

// position returns the ring position of a 64-bit hash: its top 32 bits.
func position(h uint64) uint32 { return uint32(h >> 32) }

// serverName returns the name of server n (0-based): "server-<n>".
func serverName(n int) []byte { return strconv.AppendInt([]byte("server-"), int64(n), 10) }

// pointName returns the name of point i of server n: "server-<n>#<i>".
func pointName(n, i int) []byte {
	return strconv.AppendInt(append(serverName(n), '#'), int64(i), 10)
}
