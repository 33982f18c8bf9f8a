package ring

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// The benchmarks' rings: the 100 servers × 160 points (Pingora's
// and ketama's base count), the source's C# ring of 5 servers × 150, and
// the first as Packed points. Points are placed by DotNetHash with names
// "server-<n>"; keys are 2^14 uniform hashes from a fixed PCG, looked up
// in turn.
var benchRings = []struct {
	name            string
	servers, points int
	layout          Layout
}{
	{"100x160", 100, 160, Wide},
	{"5x150", 5, 150, Wide},
	{"100x160_packed", 100, 160, Packed},
}

// benchKeys are the hashes the lookup benchmarks look up.
var benchKeys = func() []uint32 {
	rng := rand.New(rand.NewPCG(2016, 1608))
	hs := make([]uint32, 1<<14)
	for i := range hs {
		hs[i] = rng.Uint32()
	}
	return hs
}()

// serverName names node n "server-<n>".
func serverName(n int) string { return "server-" + strconv.Itoa(n) }

// benchConfig returns the configuration of a benchmark ring.
func benchConfig(points int, layout Layout) Config {
	return Config{Points: points, Hash: DotNetHash(serverName), Layout: layout}
}

// benchRing builds benchmark ring c.
func benchRing(b *testing.B, servers, points int, layout Layout) *Ring {
	r, err := New(slices.Repeat([]float64{1}, servers), benchConfig(points, layout))
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// sink keeps the benchmarks' results alive.
var sink int

// The three lookup benchmarks differ only in the method they call; each
// calls it directly, so that the loop adds no indirect call.

// BenchmarkLookup measures a lookup by the bucket index.
func BenchmarkLookup(b *testing.B) {
	for _, c := range benchRings {
		b.Run(c.name, func(b *testing.B) {
			r, sum, i := benchRing(b, c.servers, c.points, c.layout), 0, 0
			for b.Loop() {
				sum += r.Lookup(benchKeys[i&(len(benchKeys)-1)])
				i++
			}
			sink = sum
		})
	}
}

// BenchmarkSearch measures a lookup by binary search.
func BenchmarkSearch(b *testing.B) {
	for _, c := range benchRings {
		b.Run(c.name, func(b *testing.B) {
			r, sum, i := benchRing(b, c.servers, c.points, c.layout), 0, 0
			for b.Loop() {
				sum += r.Search(benchKeys[i&(len(benchKeys)-1)])
				i++
			}
			sink = sum
		})
	}
}

// BenchmarkScan measures a lookup by linear scan, as the source's C#
// GetNode does.
func BenchmarkScan(b *testing.B) {
	for _, c := range benchRings {
		b.Run(c.name, func(b *testing.B) {
			r, sum, i := benchRing(b, c.servers, c.points, c.layout), 0, 0
			for b.Loop() {
				sum += r.Scan(benchKeys[i&(len(benchKeys)-1)])
				i++
			}
			sink = sum
		})
	}
}

// BenchmarkNew measures building a ring, SHA-1 of every point included.
func BenchmarkNew(b *testing.B) {
	for _, c := range benchRings {
		b.Run(c.name, func(b *testing.B) {
			weights := slices.Repeat([]float64{1}, c.servers)
			for b.Loop() {
				if _, err := New(weights, benchConfig(c.points, c.layout)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBounded measures one placement with bounded loads (c = 1.25),
// the assigner filling up from empty over the benchmark keys and starting
// afresh after each 2^14.
func BenchmarkBounded(b *testing.B) {
	for _, c := range benchRings[:2] {
		b.Run(c.name, func(b *testing.B) {
			r := benchRing(b, c.servers, c.points, c.layout)
			var a *Bounded
			i := 0
			for b.Loop() {
				if i&(len(benchKeys)-1) == 0 {
					a, _ = NewBounded(r, 1.25)
				}
				a.Place(benchKeys[i&(len(benchKeys)-1)])
				i++
			}
		})
	}
}
