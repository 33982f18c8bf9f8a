package placement

import (
	"context"
	"math"
	"slices"
	"sort"
	"testing"

	"lbcourse/models/ring"
)

// place runs the scheme called name on p's keys.
func place(t *testing.T, name string, p Params) outcome {
	t.Helper()
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	e, err := newEnv(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(schemes, func(s scheme) bool { return s.name == name })
	if i < 0 {
		t.Fatalf("no scheme %s", name)
	}
	o, err := schemes[i].place(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// smallParams are the defaults with 20 000 keys, for tests that place
// every key many times.
func smallParams() Params {
	p := DefaultParams()
	p.Keys = 20_000
	return p
}

// minimalMoves checks the property of a scheme that moves only what it
// must: on the addition a key stays or goes to server N; on the failure
// only server N-1's keys move. It returns the keys the addition moved.
func minimalMoves(t *testing.T, o outcome, n int) int {
	t.Helper()
	moved := 0
	for i, s := range o.before {
		if o.add[i] != s {
			moved++
			if o.add[i] != int32(n) {
				t.Fatalf("key %d: server %d before, %d after the addition of %d", i, s, o.add[i], n)
			}
		}
		if s != int32(n-1) && o.fail[i] != s {
			t.Fatalf("key %d: server %d before, %d after server %d failed", i, s, o.fail[i], n-1)
		}
		if s == int32(n-1) && o.fail[i] == s {
			t.Fatalf("key %d: still on failed server %d", i, s)
		}
	}
	return moved
}

// TestMinimalMoves: jump, rendezvous, the ring and multi-probe move only
// the keys they must, for several salts and server counts; each addition
// moves some keys.
func TestMinimalMoves(t *testing.T) {
	for _, name := range []string{"ring", "jump", "rendezvous", "multiprobe"} {
		for _, c := range []struct {
			servers int
			salt    int64
		}{{10, 0}, {2, 3}, {37, 11}} {
			p := smallParams()
			p.Servers, p.Salt = c.servers, c.salt
			if moved := minimalMoves(t, place(t, name, p), c.servers); moved == 0 {
				t.Errorf("%s, %d servers: the addition moved no key", name, c.servers)
			}
		}
	}
}

// TestModuloMoves: modulo moves about N/(N+1) of the keys when a server
// is added and (N-1)/N when one fails, most of them between servers that
// stay.
func TestModuloMoves(t *testing.T) {
	for _, n := range []int{4, 10, 50} {
		p := DefaultParams()
		p.Servers = n
		m := measure(place(t, "modulo", p), n)
		if want := float64(n) / float64(n+1); math.Abs(m.movedAdd-want) > 0.005 {
			t.Errorf("%d servers: moved_add %.4f, want %.4f ± 0.005", n, m.movedAdd, want)
		}
		if want := float64(n-1) / float64(n); math.Abs(m.movedFail-want) > 0.005 {
			t.Errorf("%d servers: moved_fail %.4f, want %.4f ± 0.005", n, m.movedFail, want)
		}
		if m.movedOther < 0.5 {
			t.Errorf("%d servers: moved_fail_other %.4f, want most of the other keys", n, m.movedOther)
		}
	}
}

// TestMaglevPaperExample fills the table of Eisenbud et al.'s Table 1: M
// = 7, B0 (offset 3, skip 4), B1 (0, 2), B2 (3, 1), before and after B1
// is removed. Entry 6 moves from B0 to B2 though neither failed: Maglev's
// disruption is small, not minimal.
func TestMaglevPaperExample(t *testing.T) {
	ps := []maglevServer{{3, 4}, {0, 2}, {3, 1}}
	before, err := maglevTable(context.Background(), ps, 7)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int32{1, 0, 1, 0, 2, 2, 0}; !slices.Equal(before, want) {
		t.Errorf("table %v, want %v", before, want)
	}
	after, _ := maglevTable(context.Background(), []maglevServer{ps[0], ps[2]}, 7)
	// Servers are numbered by position: 1 is B2 here.
	if want := []int32{0, 0, 0, 0, 1, 1, 1}; !slices.Equal(after, want) {
		t.Errorf("table without B1 %v, want %v", after, want)
	}
}

// TestMaglevTable: every entry is set and each server holds floor(M/n) or
// ceil(M/n) entries (the paper's near-equal shares), for several sizes,
// the paper's 65537 included.
func TestMaglevTable(t *testing.T) {
	for _, c := range []struct{ servers, m int }{{10, 65537}, {11, 65537}, {9, 65537}, {3, 7}, {100, 101}, {7, 13}} {
		p := DefaultParams()
		p.Servers, p.MaglevM = c.servers, c.m
		e, _ := newEnv(context.Background(), p)
		table, err := maglevTable(context.Background(), maglevServers(e, c.servers, c.m), c.m)
		if err != nil {
			t.Fatal(err)
		}
		counts := make([]int, c.servers)
		for j, s := range table {
			if s < 0 || int(s) >= c.servers {
				t.Fatalf("n=%d M=%d: entry %d is %d", c.servers, c.m, j, s)
			}
			counts[s]++
		}
		if lo, hi := slices.Min(counts), slices.Max(counts); lo != c.m/c.servers || hi > lo+1 {
			t.Errorf("n=%d M=%d: entries per server %d … %d, want %d or %d", c.servers, c.m, lo, hi, c.m/c.servers, (c.m+c.servers-1)/c.servers)
		}
	}
}

// TestMaglevMoves: most keys that move on a change move to the added
// server or off the failed one; the few others are the entries the
// repopulation shifted.
func TestMaglevMoves(t *testing.T) {
	p := DefaultParams()
	m := measure(place(t, "maglev", p), p.Servers)
	if m.movedOther <= 0 || m.movedOther > 0.01 {
		t.Errorf("moved_fail_other %v, want in (0, 0.01]", m.movedOther)
	}
	if m.movedAdd > 1.1/float64(p.Servers+1) {
		t.Errorf("moved_add %v, want at most 1.1/(N+1)", m.movedAdd)
	}
}

// TestBoundedCapacity: under ring_bounded no server holds more than
// ceil(c × keys / servers) in any configuration, on rings whose plain
// placement does exceed it (4 points per server).
func TestBoundedCapacity(t *testing.T) {
	for _, c := range []float64{1, 1.1, 1.25, 2} {
		p := smallParams()
		p.Vnodes, p.BoundedC = 4, c
		plain := place(t, "ring", p)
		o := place(t, "ring_bounded", p)
		for k, cfg := range []struct {
			servers       int
			plain, placed []int32
		}{{p.Servers, plain.before, o.before}, {p.Servers + 1, plain.add, o.add}, {p.Servers - 1, plain.fail, o.fail}} {
			limit := int(math.Ceil(c * float64(p.Keys) / float64(cfg.servers)))
			if got := slices.Max(loads(cfg.placed, cfg.servers)); got > limit {
				t.Errorf("c=%v, configuration %d: a server holds %d keys, above %d", c, k, got, limit)
			}
			if c < 2 && slices.Max(loads(cfg.plain, cfg.servers)) <= limit {
				t.Errorf("c=%v, configuration %d: the plain ring is within the bound; the test shows nothing", c, k)
			}
		}
	}
}

// loads returns the keys on each of n servers.
func loads(placed []int32, n int) []int {
	l := make([]int, n)
	for _, s := range placed {
		l[s]++
	}
	return l
}

// TestSearchSteps: searchSteps counts sort.Search's calls of its function.
func TestSearchSteps(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 10, 1600, 1761} {
		for idx := 0; idx <= n; idx++ {
			calls := 0
			sort.Search(n, func(j int) bool { calls++; return j >= idx })
			if got := searchSteps(n, idx); got != calls {
				t.Fatalf("searchSteps(%d, %d) = %d, sort.Search calls %d", n, idx, got, calls)
			}
		}
	}
}

// TestKeys: the first keys of each shape.
func TestKeys(t *testing.T) {
	for _, c := range []struct {
		shape string
		want  []string
	}{
		{Sequential, []string{"key:0", "key:1", "key:2"}},
		{Random, []string{"b007c5f41e4f56ca", "6e6497e930b380c8", "8e0393a42f0da98c"}},
		{Prefix, []string{"eu-west-1/tenant-0042/user/00000000", "eu-west-1/tenant-0042/user/00000001", "eu-west-1/tenant-0042/user/00000002"}},
	} {
		k := makeKeys(c.shape, 3)
		for i, w := range c.want {
			if got := string(k.at(i)); got != w {
				t.Errorf("%s key %d = %q, want %q", c.shape, i, got, w)
			}
		}
	}
	if got := string(makeKeys(Prefix, MaxKeys).at(MaxKeys - 1)); got != "eu-west-1/tenant-0042/user/00999999" {
		t.Errorf("prefix key %d = %q", MaxKeys-1, got)
	}
}

// TestIndexedReads counts Ring.Lookup's reads on a ring of four points in
// four buckets (IndexBits 2: buckets start at 0, 2^30, 2^31, 3·2^30):
// three points in bucket 0, one in bucket 2.
func TestIndexedReads(t *testing.T) {
	pos := [2][2]uint32{{0x1000_0000, 0x3000_0000}, {0x2000_0000, 0x9000_0000}}
	r, err := ring.New([]float64{1, 1}, ring.Config{
		Points: 2, Hash: func(n, i int) uint32 { return pos[n][i] }, IndexBits: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x     uint32
		reads int
	}{
		{0x0000_0000, 2}, // index, point 0
		{0x1000_0000, 2}, // index, point 0 (equal stops)
		{0x2500_0000, 4}, // index, points 0, 1, 2
		{0x3000_0001, 5}, // index, points 0, 1, 2, then 3 in bucket 2
		{0x5000_0000, 2}, // bucket 1 is empty: index, point 3
		{0x9000_0001, 3}, // index, point 3, the sentinel
		{0xd000_0000, 2}, // empty bucket 3: index, the sentinel
		{0xffff_ffff, 2}, // index, the sentinel
	} {
		if got := indexedReads(r, c.x); got != c.reads {
			t.Errorf("indexedReads(%#x) = %d, want %d", c.x, got, c.reads)
		}
	}
}
