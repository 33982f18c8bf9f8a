package ketama

import (
	"context"
	"strconv"
	"testing"

	"lbcourse/models/ring"
)

// The benchmarks' continuums: the model's default servers (127.0.0.1 …
// 127.0.0.10:6443, weight 1) at the old ring's 160 points, Wide, and at
// the new ring's 16, Packed; and pingora-ketama's memory benchmark,
// 127.0.0.1 … 127.0.0.253:6443 with weight 10, likewise. Keys are
// "/obj/<k>" for k = 0 … 2^14−1, looked up in turn.
var benchContinuums = []struct {
	name                    string
	servers, weight, points int
	layout                  ring.Layout
}{
	{"10x160", 10, 1, 160, ring.Wide},
	{"10x16_packed", 10, 1, 16, ring.Packed},
	{"253x10x160", 253, 10, 160, ring.Wide},
	{"253x10x16_packed", 253, 10, 16, ring.Packed},
}

// benchKeys are the keys the lookup benchmark looks up.
var benchKeys = func() [][]byte {
	ks := make([][]byte, 1<<14)
	for i := range ks {
		ks[i] = []byte("/obj/" + strconv.Itoa(i))
	}
	return ks
}()

// benchServers returns 127.0.0.1 … 127.0.0.n on port 6443 with weight w.
func benchServers(n, w int) []Server {
	ss := localhosts(n, 6443)
	for i := range ss {
		ss[i].Weight = w
	}
	return ss
}

// sink keeps the benchmarks' results alive.
var sink int

// BenchmarkBuild measures building a continuum, the CRC-32 chain of every
// point and the ring library's sort included.
func BenchmarkBuild(b *testing.B) {
	for _, c := range benchContinuums {
		b.Run(c.name, func(b *testing.B) {
			servers := benchServers(c.servers, c.weight)
			for b.Loop() {
				if _, err := Build(servers, c.points, c.layout); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNode measures one key's lookup, its CRC-32 included: pingora's
// Continuum::node.
func BenchmarkNode(b *testing.B) {
	for _, c := range benchContinuums {
		b.Run(c.name, func(b *testing.B) {
			cont, err := Build(benchServers(c.servers, c.weight), c.points, c.layout)
			if err != nil {
				b.Fatal(err)
			}
			sum, i := 0, 0
			for b.Loop() {
				sum += cont.Node(benchKeys[i&(len(benchKeys)-1)])
				i++
			}
			sink = sum
		})
	}
}

// BenchmarkRun measures the model at its defaults: both rings, 100,000
// keys on each, and the migration's arcs.
func BenchmarkRun(b *testing.B) {
	p := DefaultParams()
	for b.Loop() {
		if _, err := Run(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}
