package compare

import (
	"testing"

	"github.com/dgryski/go-jump"
	"github.com/dgryski/go-rendezvous"
	"github.com/golang/groupcache/consistenthash"
	"github.com/serialx/hashring"
)

// sink keeps the benchmarks' results alive.
var sink int

// BenchmarkGet measures one key's server, from the key string, in each
// implementation and configuration (BenchmarkGet/<impl>/<servers>x<points>):
//
//   - ring: lbcourse/models/ring with groupcache's points, CRC-32 of the
//     key, Lookup by the bucket index;
//   - ring_search: the same ring and key hash, Search (binary search);
//   - groupcache: consistenthash.Map (CRC-32, sort.Search over []int, then
//     a map from position to server);
//   - hashring: serialx/hashring with weight = points per server (its
//     points are MD5 of "<server>-<j>", 128-bit; a lookup hashes the key
//     with MD5, sort.Search over interface keys, then a map);
//   - jump: Lamping and Veach's jump hash of FNV-1a 64 of the key;
//   - rendezvous: dgryski/go-rendezvous with FNV-1a 64, one mix per server.
func BenchmarkGet(b *testing.B) {
	for _, c := range configs {
		names := serverNames(c.servers)
		b.Run("ring/"+c.name, func(b *testing.B) {
			r, err := groupcacheRing(c.servers, c.points)
			if err != nil {
				b.Fatal(err)
			}
			sum, i := 0, 0
			for b.Loop() {
				sum += r.Lookup(keyHash(keys[i&(len(keys)-1)]))
				i++
			}
			sink = sum
		})
		b.Run("ring_search/"+c.name, func(b *testing.B) {
			r, err := groupcacheRing(c.servers, c.points)
			if err != nil {
				b.Fatal(err)
			}
			sum, i := 0, 0
			for b.Loop() {
				sum += r.Search(keyHash(keys[i&(len(keys)-1)]))
				i++
			}
			sink = sum
		})
		b.Run("groupcache/"+c.name, func(b *testing.B) {
			m := consistenthash.New(c.points, nil)
			m.Add(names...)
			sum, i := 0, 0
			for b.Loop() {
				sum += len(m.Get(keys[i&(len(keys)-1)]))
				i++
			}
			sink = sum
		})
		b.Run("hashring/"+c.name, func(b *testing.B) {
			weights := make(map[string]int, c.servers)
			for _, n := range names {
				weights[n] = c.points
			}
			h := hashring.NewWithWeights(weights)
			sum, i := 0, 0
			for b.Loop() {
				n, _ := h.GetNode(keys[i&(len(keys)-1)])
				sum += len(n)
				i++
			}
			sink = sum
		})
		b.Run("jump/"+c.name, func(b *testing.B) {
			sum, i := 0, 0
			for b.Loop() {
				sum += int(jump.Hash(fnv64a(keys[i&(len(keys)-1)]), c.servers))
				i++
			}
			sink = sum
		})
		b.Run("rendezvous/"+c.name, func(b *testing.B) {
			r := rendezvous.New(names, fnv64a)
			sum, i := 0, 0
			for b.Loop() {
				sum += len(r.Lookup(keys[i&(len(keys)-1)]))
				i++
			}
			sink = sum
		})
	}
}

// BenchmarkHash measures the key hashes alone, to subtract from
// BenchmarkGet: crc32 (the ring's and groupcache's) and fnv64a (jump's and
// rendezvous's).
func BenchmarkHash(b *testing.B) {
	b.Run("crc32", func(b *testing.B) {
		sum, i := uint32(0), 0
		for b.Loop() {
			sum += keyHash(keys[i&(len(keys)-1)])
			i++
		}
		sink = int(sum)
	})
	b.Run("fnv64a", func(b *testing.B) {
		sum, i := uint64(0), 0
		for b.Loop() {
			sum += fnv64a(keys[i&(len(keys)-1)])
			i++
		}
		sink = int(sum)
	})
}
