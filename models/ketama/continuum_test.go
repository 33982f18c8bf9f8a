package ketama

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"lbcourse/models/ring"
)

// TestHashes pins KeyHash against CRC-32's check value ("123456789" is
// 0xCBF43926) and PointHashes against values printed by Python's
// zlib.crc32 (testdata/reference.py's points_of).
func TestHashes(t *testing.T) {
	for _, c := range []struct {
		key  string
		want uint32
	}{{"123456789", 0xCBF43926}, {"", 0}, {"/obj/0", 3169881955}} {
		if got := KeyHash([]byte(c.key)); got != c.want {
			t.Errorf("KeyHash(%q) = %d, want %d", c.key, got, c.want)
		}
	}
	for _, c := range []struct {
		s    Server
		want []uint32
	}{
		{Server{Host: "127.0.0.1", Port: 6443}, []uint32{3161266637, 960060836, 1266757582}},
		{Server{Host: "::1", Port: 7777}, []uint32{546140335, 3560429410}},
		{Server{Host: "127.0.0.300", Port: 0}, []uint32{1156472162, 15303906}},
	} {
		if got := c.s.PointHashes(len(c.want)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: PointHashes = %v, want %v", c.s, got, c.want)
		}
	}
	if got := (Server{Host: "::1", Port: 7777}).String(); got != "[::1]:7777" {
		t.Errorf("String = %q, want [::1]:7777", got)
	}
}

// TestTieRule checks this model's rule on a server listed twice: every
// point of the second copy has a position the first has, so the first
// keeps all 160 and the second owns nothing, whatever the layout.
func TestTieRule(t *testing.T) {
	s := Server{Host: "127.0.0.1", Port: 6443, Weight: 1}
	for _, layout := range layouts {
		c := mustBuild(t, []Server{s, s}, layout)
		r := c.Ring()
		if r.Len() != 160 || r.Collisions() != 160 || r.Generated() != 320 {
			t.Errorf("%v: %d points, %d collisions, %d generated; want 160, 160, 320", layout, r.Len(), r.Collisions(), r.Generated())
		}
		if got := r.Nodes(); !reflect.DeepEqual(got, []int{0, 1}) {
			t.Errorf("%v: Nodes = %v", layout, got)
		}
		if owned := r.Owned(); owned[0] != 1<<32 || owned[1] != 0 {
			t.Errorf("%v: Owned = %v, want [2^32 0]", layout, owned)
		}
	}
}

// TestNewRingIsPrefix checks what the migration values rest on: a server's
// points are a chain, so the ring with 16 points per weight unit has the
// first 16 of each server's 160, a subset of the old ring's points.
func TestNewRingIsPrefix(t *testing.T) {
	servers := DefaultParams().servers()
	old := mustBuild(t, servers, ring.Wide)
	next, err := Build(servers, 16, ring.Packed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range next.Ring().Len() {
		p := next.Ring().Point(i)
		if q := old.Ring().Point(old.Ring().Index(p.Hash)); q != p {
			t.Fatalf("new point %+v: old ring has %+v there", p, q)
		}
	}
	if got := servers[3].PointHashes(160)[:16]; !slices.Equal(got, servers[3].PointHashes(16)) {
		t.Errorf("PointHashes(16) is not the start of PointHashes(160)")
	}
}

// TestWalkBounds checks Walk for n ≤ 0 and past the ring's length.
func TestWalkBounds(t *testing.T) {
	c := mustBuild(t, localhosts(2, 80), ring.Wide)
	if c.Walk([]byte("k"), 0) != nil || c.Walk([]byte("k"), -1) != nil {
		t.Error("Walk with n ≤ 0 is not nil")
	}
	w := c.Walk([]byte("k"), 2*c.Ring().Len()+1)
	if w[0] != c.Node([]byte("k")) || !slices.Equal(w[:c.Ring().Len()], w[c.Ring().Len():2*c.Ring().Len()]) || w[2*c.Ring().Len()] != w[0] {
		t.Error("Walk does not repeat the ring after Len() points")
	}
}

// TestBuildErrors checks every error of Build, word for word.
func TestBuildErrors(t *testing.T) {
	one := []Server{{Host: "127.0.0.1", Port: 80, Weight: 1}}
	for _, c := range []struct {
		servers []Server
		points  int
		layout  ring.Layout
		want    string
	}{
		{one, 0, ring.Wide, "ketama: points is 0; it is at least 1"},
		{[]Server{one[0], {Host: "::1", Port: 80}}, 160, ring.Wide, "ketama: server 2 ([::1]:80) has weight 0; a weight is at least 1"},
		{[]Server{{Host: "a", Port: 1, Weight: -3}}, 160, ring.Wide, "ketama: server 1 (a:1) has weight -3; a weight is at least 1"},
		{make([]Server, ring.MaxNodes+1), 160, ring.Wide, "ketama: 65537 servers, more than ring.MaxNodes (65536)"},
		{[]Server{{Host: "a", Weight: ring.MaxPoints/160 + 1}}, 160, ring.Wide, "ketama: more than ring.MaxPoints (4194304) points"},
		{[]Server{{Host: "a", Weight: ring.MaxPoints / 2}, {Host: "b", Weight: ring.MaxPoints/2 + 1}}, 1, ring.Wide, "ketama: more than ring.MaxPoints (4194304) points"},
		{[]Server{{Host: "a", Weight: math.MaxInt / 2}}, 4, ring.Wide, "ketama: more than ring.MaxPoints (4194304) points"},
		{one, 160, ring.Layout(7), "ring: unknown Layout 7"},
	} {
		if _, err := Build(c.servers, c.points, c.layout); err == nil || err.Error() != c.want {
			t.Errorf("Build(%d servers, %d) = %v, want %q", len(c.servers), c.points, err, c.want)
		}
	}
	// The largest ring Build takes: one server of MaxPoints points.
	c, err := Build([]Server{{Host: "a", Weight: ring.MaxPoints / 64}}, 64, ring.Packed)
	if err != nil || c.Ring().Generated() != ring.MaxPoints {
		t.Errorf("MaxPoints points: %v", err)
	}
}
