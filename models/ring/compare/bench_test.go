package compare

import (
	"testing"

	"github.com/dgryski/go-jump"
	"github.com/dgryski/go-rendezvous"
	"github.com/golang/groupcache/consistenthash"
	"github.com/serialx/hashring"

	"lbcourse/models/ring"
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
//   - rendezvous: dgryski/go-rendezvous with FNV-1a 64, one mix per server;
//   - ketama_packed: lbcourse/models/ring with the ketama model's points
//     (nginx's and pingora-ketama's CRC-32 chains, servers 127.0.0.1 … on
//     port 6443) in the Packed layout, 6 bytes a point, CRC-32 of the key
//     read in place (no copy, no allocation), Lookup by the bucket index:
//     the ketama model's Continuum.Node;
//   - ketama_wide: the same ring and key hash in the Wide layout;
//   - stathat: stathat.com/c/consistent with groupcache's points (CRC-32
//     of the key copied into a 64-byte array; a read lock, sort.Search
//     over []uint32, then a map).
//
// All but ketama_packed, ketama_wide, jump and rendezvous allocate: ring,
// ring_search and groupcache the []byte of the key, which escapes into
// crc32.ChecksumIEEE or the hash function; stathat its 64-byte array, which
// escapes likewise; hashring the key's bytes, its MD5 digest and its key.
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
		for _, l := range []struct {
			name   string
			layout ring.Layout
		}{{"ketama_packed", ring.Packed}, {"ketama_wide", ring.Wide}} {
			b.Run(l.name+"/"+c.name, func(b *testing.B) {
				r, err := ketamaRing(c.servers, c.points, l.layout)
				if err != nil {
					b.Fatal(err)
				}
				sum, i := 0, 0
				for b.Loop() {
					sum += r.Lookup(crc32String(keys[i&(len(keys)-1)]))
					i++
				}
				sink = sum
			})
		}
		b.Run("stathat/"+c.name, func(b *testing.B) {
			s := newStathat(c.servers, c.points)
			sum, i := 0, 0
			for b.Loop() {
				n, _ := s.c.Get(keys[i&(len(keys)-1)])
				sum += len(n)
				i++
			}
			sink = sum
		})
	}
}

// BenchmarkLookup measures one key's server from its hash, computed
// beforehand (BenchmarkLookup/<impl>/<servers>x<points>): what
// BenchmarkGet measures less the key hash, the same keys in the same
// order. ketama_packed, ketama_wide and ring call Ring.Lookup with the
// key's CRC-32; groupcache and stathat run their Get's search and map on
// their own tables from the key's CRC-32, stathat without its read lock;
// hashring its search and map from the key's MD5 key (GenKey); jump
// jump.Hash of the key's FNV-1a 64; rendezvous its loop over the servers
// from the key's FNV-1a 64 (see peers_test.go). None allocates.
func BenchmarkLookup(b *testing.B) {
	mask := len(keys) - 1
	for _, c := range configs {
		for _, l := range []struct {
			name   string
			layout ring.Layout
		}{{"ketama_packed", ring.Packed}, {"ketama_wide", ring.Wide}} {
			b.Run(l.name+"/"+c.name, func(b *testing.B) {
				r, err := ketamaRing(c.servers, c.points, l.layout)
				if err != nil {
					b.Fatal(err)
				}
				sum, i := 0, 0
				for b.Loop() {
					sum += r.Lookup(crcs[i&mask])
					i++
				}
				sink = sum
			})
		}
		b.Run("ring/"+c.name, func(b *testing.B) {
			r, err := groupcacheRing(c.servers, c.points)
			if err != nil {
				b.Fatal(err)
			}
			sum, i := 0, 0
			for b.Loop() {
				sum += r.Lookup(crcs[i&mask])
				i++
			}
			sink = sum
		})
		b.Run("groupcache/"+c.name, func(b *testing.B) {
			g := newGroupcache(c.servers, c.points)
			sum, i := 0, 0
			for b.Loop() {
				sum += len(g.lookup(crcs[i&mask]))
				i++
			}
			sink = sum
		})
		b.Run("stathat/"+c.name, func(b *testing.B) {
			s := newStathat(c.servers, c.points)
			sum, i := 0, 0
			for b.Loop() {
				sum += len(s.lookup(crcs[i&mask]))
				i++
			}
			sink = sum
		})
		b.Run("hashring/"+c.name, func(b *testing.B) {
			s := newSerialx(c.servers, c.points)
			mk := make([]hashring.HashKey, len(keys))
			for j, k := range keys {
				mk[j] = s.md5Key(k)
			}
			sum, i := 0, 0
			for b.Loop() {
				sum += len(s.lookup(mk[i&mask]))
				i++
			}
			sink = sum
		})
		b.Run("jump/"+c.name, func(b *testing.B) {
			sum, i := 0, 0
			for b.Loop() {
				sum += int(jump.Hash(fnvs[i&mask], c.servers))
				i++
			}
			sink = sum
		})
		b.Run("rendezvous/"+c.name, func(b *testing.B) {
			d := newRendezvous(c.servers)
			sum, i := 0, 0
			for b.Loop() {
				sum += len(d.lookup(fnvs[i&mask]))
				i++
			}
			sink = sum
		})
	}
}

// BenchmarkHash measures the key hashes alone, to subtract from
// BenchmarkGet: crc32 (the ring's and groupcache's, the key copied to a
// []byte, which allocates), fnv64a (jump's and rendezvous's), crc32_string
// (the ketama rings': the key's bytes read in place) and md5 (hashring's
// digest, in place, without its allocations).
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
	b.Run("crc32_string", func(b *testing.B) {
		sum, i := uint32(0), 0
		for b.Loop() {
			sum += crc32String(keys[i&(len(keys)-1)])
			i++
		}
		sink = int(sum)
	})
	b.Run("md5", func(b *testing.B) {
		sum, i := 0, 0
		for b.Loop() {
			d := md5Sum(keys[i&(len(keys)-1)])
			sum += int(d[0])
			i++
		}
		sink = sum
	})
}
