package dotnetring

import (
	"math"
	"reflect"
	"testing"
)

// TestHash pins Hash against SHA-1's published vectors ("" starts
// da39a3ee, "abc" starts a9993e36, read little-endian) and values printed by
// Python's hashlib, including non-ASCII text and the collision the reference
// table's collision scenarios use.
func TestHash(t *testing.T) {
	for _, c := range []struct {
		s    string
		want uint32
	}{
		{"", 0xeea339da}, {"abc", 0x363e99a9},
		{"redis-1#VN0", 1161655033}, {"product:0", 3143440751},
		{"ürün:7", 387812331}, {"önbellek-1#VN9", 3277587529},
		{"redis-3#VN13111", 2603312236}, {"redis-2#VN221", 2603312236},
	} {
		if got := Hash(c.s); got != c.want {
			t.Errorf("Hash(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

// TestBuildOverwrites checks SortedDictionary's indexer: a later write to a
// hash on the ring replaces its server, each extra write counts once, and
// the entries come out sorted by hash.
func TestBuildOverwrites(t *testing.T) {
	writes := []entry{{30, 0}, {10, 0}, {20, 1}, {10, 1}, {40, 1}, {10, 2}, {30, 2}}
	r, overwrites := build(writes)
	want := ring{{10, 2}, {20, 1}, {30, 2}, {40, 1}}
	if !reflect.DeepEqual(r, want) || overwrites != 3 {
		t.Errorf("build = %v, %d overwrites; want %v, 3", r, overwrites, want)
	}
	if writes[0] != (entry{30, 0}) || writes[1] != (entry{10, 0}) {
		t.Errorf("build modified its writes: %v", writes)
	}
}

// TestRemoveDeletesWhoeverOwns checks RemoveNode's _ring.Remove(hash): the
// entry at each of the removed server's hashes goes even when another
// server overwrote it, the server it had overwritten does not get it back,
// and a hash not on the ring or listed twice changes nothing.
func TestRemoveDeletesWhoeverOwns(t *testing.T) {
	// Server 0 writes 10 and 30, server 1 writes 20 and 10 (overwriting
	// server 0's 10), server 2 writes 30 (overwriting server 0's 30) and 50.
	r, _ := build([]entry{{10, 0}, {30, 0}, {20, 1}, {10, 1}, {30, 2}, {50, 2}})
	for _, c := range []struct {
		name            string
		hashes          []uint32
		after, deleted  ring
		lookup60, look5 int32 // servers of keys hashed 60 (wraps) and 5
	}{
		{"server 0 deletes entries servers 1 and 2 own", []uint32{10, 30},
			ring{{20, 1}, {50, 2}}, ring{{10, 1}, {30, 2}}, 1, 1},
		{"server 1 deletes its 10; server 0 does not get it back", []uint32{20, 10},
			ring{{30, 2}, {50, 2}}, ring{{10, 1}, {20, 1}}, 2, 2},
		{"absent and repeated hashes", []uint32{50, 99, 50},
			ring{{10, 1}, {20, 1}, {30, 2}}, ring{{50, 2}}, 1, 1},
	} {
		after, deleted := r.remove(c.hashes)
		if !reflect.DeepEqual(after, c.after) || !reflect.DeepEqual(ring(deleted), c.deleted) {
			t.Errorf("%s: remove = %v, deleted %v; want %v, deleted %v", c.name, after, deleted, c.after, c.deleted)
		}
		if s, _ := after.lookup(60); s != c.lookup60 {
			t.Errorf("%s: key 60 on server %d, want %d", c.name, s, c.lookup60)
		}
		if s, _ := after.lookup(5); s != c.look5 {
			t.Errorf("%s: key 5 on server %d, want %d", c.name, s, c.look5)
		}
	}
	if len(r) != 4 {
		t.Errorf("remove modified its ring: %v", r)
	}
}

// TestLookup checks GetNode: the first entry at or after the key's hash,
// wrapping to the first entry past the last, and the entries its foreach
// visits.
func TestLookup(t *testing.T) {
	r := ring{{100, 0}, {200, 1}, {300, 2}}
	for _, c := range []struct {
		h       uint32
		server  int32
		visited int
	}{
		{0, 0, 1}, {100, 0, 1}, {101, 1, 2}, {200, 1, 2}, {299, 2, 3}, {300, 2, 3},
		{301, 0, 3}, {math.MaxUint32, 0, 3},
	} {
		if s, v := r.lookup(c.h); s != c.server || v != c.visited {
			t.Errorf("lookup(%d) = server %d after %d entries, want %d after %d", c.h, s, v, c.server, c.visited)
		}
	}
	one := ring{{math.MaxUint32, 4}}
	for _, h := range []uint32{0, math.MaxUint32} {
		if s, v := one.lookup(h); s != 4 || v != 1 {
			t.Errorf("one entry: lookup(%d) = %d after %d, want 4 after 1", h, s, v)
		}
	}
}
