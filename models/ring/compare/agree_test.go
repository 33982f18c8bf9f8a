package compare

import (
	"testing"

	"github.com/golang/groupcache/consistenthash"
)

// TestGroupcacheAgrees checks that the ring with groupcache's points sends
// every key where groupcache's consistenthash.Map does, so that the two
// benchmarks do the same work.
func TestGroupcacheAgrees(t *testing.T) {
	for _, c := range configs {
		r, err := groupcacheRing(c.servers, c.points)
		if err != nil {
			t.Fatal(err)
		}
		names := serverNames(c.servers)
		m := consistenthash.New(c.points, nil)
		m.Add(names...)
		for _, k := range keys {
			if got, want := names[r.Lookup(keyHash(k))], m.Get(k); got != want {
				t.Fatalf("%s: key %q on %s, groupcache %s", c.name, k, got, want)
			}
		}
	}
}
