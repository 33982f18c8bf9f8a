package compare

import (
	"crypto/md5"
	"fmt"
	"hash/crc32"
	"reflect"
	"sort"
	"strconv"
	"unsafe"

	"github.com/dgryski/go-rendezvous"
	"github.com/golang/groupcache/consistenthash"
	"github.com/serialx/hashring"
	"github.com/stathat/consistent"

	"lbcourse/models/ketama"
	"lbcourse/models/ring"
)

// This file builds each implementation at one configuration and gives,
// beside its own Get (the whole lookup from the key string), its lookup
// from the key's hash computed beforehand. For the libraries, which export
// no such call, that lookup is their Get's own steps after the hash (a
// binary search with their predicate, their wrap, their map or slice from
// point to server, and for rendezvous its loop over the servers), run on
// their own tables, read once from their unexported fields. Their locks
// are left out (stathat's Get takes a sync.RWMutex read lock; the others
// take none), so these lookups are each library's fastest. A test checks
// that each gives the server its library's Get gives for every key.

// crc32String is the CRC-32 (IEEE) of s's bytes, read in place: the key
// hash of the ketama rings, groupcache and stathat. (crc32.ChecksumIEEE's
// argument escapes, so crc32.ChecksumIEEE([]byte(s)) allocates a copy of
// the key, as groupcache's Get does; stathat's Get copies a key of under
// 64 bytes into a 64-byte array, which escapes too and is allocated.)
func crc32String(s string) uint32 {
	return crc32.ChecksumIEEE(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// ketamaServers returns the ketama model's servers 127.0.0.1 …
// 127.0.0.<n>, port 6443, weight 1.
func ketamaServers(n int) []ketama.Server {
	ss := make([]ketama.Server, n)
	for i := range ss {
		ss[i] = ketama.Server{Host: "127.0.0." + strconv.Itoa(i+1), Port: 6443, Weight: 1}
	}
	return ss
}

// ketamaRing returns the ring of the ketama model's continuum of n servers
// with points points each (nginx's and pingora's CRC-32 point chains, the
// first-listed server keeping a shared position) in layout.
func ketamaRing(n, points int, layout ring.Layout) (*ring.Ring, error) {
	c, err := ketama.Build(ketamaServers(n), points, layout)
	if err != nil {
		return nil, err
	}
	return c.Ring(), nil
}

// unexported returns the field name of the struct *p, which must be
// convertible to T: a library's table, read for the lookups below.
func unexported[T any](p any, name string) T {
	v := reflect.ValueOf(p).Elem().FieldByName(name)
	if !v.IsValid() || !v.Type().ConvertibleTo(reflect.TypeFor[T]()) || v.Type().Size() != reflect.TypeFor[T]().Size() {
		panic(fmt.Sprintf("%T has no field %s of type %v", p, name, reflect.TypeFor[T]()))
	}
	return *(*T)(unsafe.Pointer(v.UnsafeAddr()))
}

// groupcache is groupcache's consistenthash.Map with its tables: the
// points' positions as ints, sorted, and a map from position to server.
type groupcache struct {
	m       *consistenthash.Map
	keys    []int
	hashMap map[int]string
}

func newGroupcache(servers, points int) *groupcache {
	m := consistenthash.New(points, nil)
	m.Add(serverNames(servers)...)
	return &groupcache{m, unexported[[]int](m, "keys"), unexported[map[int]string](m, "hashMap")}
}

// lookup returns what Get returns for a key whose CRC-32 is h: the first
// point with position >= h, wrapping to the first, then the map.
func (g *groupcache) lookup(h uint32) string {
	hash := int(h)
	i := sort.Search(len(g.keys), func(i int) bool { return g.keys[i] >= hash })
	if i == len(g.keys) {
		i = 0
	}
	return g.hashMap[g.keys[i]]
}

// stathat is stathat.com/c/consistent (github.com/stathat/consistent):
// points at the CRC-32 of decimal(i) + name, as groupcache's, sorted
// []uint32 and a map from position to server.
type stathat struct {
	c      *consistent.Consistent
	sorted []uint32
	circle map[uint32]string
}

func newStathat(servers, points int) *stathat {
	c := consistent.New()
	c.NumberOfReplicas = points
	c.Set(serverNames(servers))
	return &stathat{c, unexported[[]uint32](c, "sortedHashes"), unexported[map[uint32]string](c, "circle")}
}

// lookup returns what Get returns for a key whose CRC-32 is h, without
// Get's read lock: the first point with position > h (stathat's
// predicate, strictly after), wrapping to the first, then the map.
func (s *stathat) lookup(h uint32) string {
	i := sort.Search(len(s.sorted), func(i int) bool { return s.sorted[i] > h })
	if i >= len(s.sorted) {
		i = 0
	}
	return s.circle[s.sorted[i]]
}

// serialx is serialx/hashring with weight = points per server: point j of
// a server at the MD5 of "<server>-<j>" as a 128-bit key (two int64s
// behind an interface), sorted, and a map from key to server.
type serialx struct {
	h      *hashring.HashRing
	sorted []hashring.HashKey
	ring   map[hashring.HashKey]string
}

func newSerialx(servers, points int) *serialx {
	weights := make(map[string]int, servers)
	for _, n := range serverNames(servers) {
		weights[n] = points
	}
	h := hashring.NewWithWeights(weights)
	return &serialx{h, unexported[[]hashring.HashKey](h, "sortedKeys"), unexported[map[hashring.HashKey]string](h, "ring")}
}

// md5Key is hashring's key hash of s, GenKey: MD5 as a 128-bit key.
func (s *serialx) md5Key(k string) hashring.HashKey { return s.h.GenKey(k) }

// lookup returns what GetNode returns for a key whose hash is key: the
// first point after key (key.Less(point)), wrapping to the first, then the
// map.
func (s *serialx) lookup(key hashring.HashKey) string {
	i := sort.Search(len(s.sorted), func(i int) bool { return key.Less(s.sorted[i]) })
	if i == len(s.sorted) {
		i = 0
	}
	return s.ring[s.sorted[i]]
}

// rdv is dgryski/go-rendezvous with FNV-1a 64: the servers' hashes and
// names.
type rdv struct {
	r     *rendezvous.Rendezvous
	nstr  []string
	nhash []uint64
}

func newRendezvous(servers int) *rdv {
	r := rendezvous.New(serverNames(servers), fnv64a)
	return &rdv{r, unexported[[]string](r, "nstr"), unexported[[]uint64](r, "nhash")}
}

// lookup returns what Lookup returns for a key whose FNV-1a 64 is h: the
// server with the largest xorshift-multiply mix of h ^ its hash, the
// first on a tie.
func (d *rdv) lookup(h uint64) string {
	best, top := 0, mix64(h^d.nhash[0])
	for i, nh := range d.nhash[1:] {
		if x := mix64(h ^ nh); x > top {
			best, top = i+1, x
		}
	}
	return d.nstr[best]
}

// mix64 is go-rendezvous's mix of a key and a server hash (xorshift, then
// a multiply).
func mix64(x uint64) uint64 {
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	return x * 2685821657736338717
}

// md5Sum is MD5 over s's bytes: the cost of hashring's key hash without its
// allocations, for BenchmarkHash.
func md5Sum(s string) [md5.Size]byte { return md5.Sum(unsafe.Slice(unsafe.StringData(s), len(s))) }
