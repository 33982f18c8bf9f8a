package hashbalance

import (
	"context"
	"math"
	"slices"
	"strconv"
	"testing"

	"lbcourse/models/dotnetring"
	"lbcourse/models/internal/modeltest"
)

// TestDefaults pins the default run: the fullest server's key count by
// modulo and on the ring for every hash and shape (max_over_mean is that
// count × servers / keys), and the chi-square statistics and arcs.
func TestDefaults(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	fullest := map[string][2]int{ // modulo, ring
		"sha1.sequential": {20119, 22883}, "md5.sequential": {20162, 21138}, "fnv1a.sequential": {20058, 25851},
		"crc32.sequential": {20125, 24764}, "xxhash.sequential": {20061, 21378},
		"sha1.random": {20203, 22621}, "md5.random": {20099, 21486}, "fnv1a.random": {20222, 26075},
		"crc32.random": {20186, 24784}, "xxhash.random": {20114, 21580},
		"sha1.prefix": {20127, 22931}, "md5.prefix": {20115, 21426}, "fnv1a.prefix": {20082, 26016},
		"crc32.prefix": {20117, 24771}, "xxhash.prefix": {20092, 21622},
		"random_baseline": {20154, 21374},
	}
	for prefix, want := range fullest {
		for i, m := range []string{".modulo_max_over_mean", ".ring_max_over_mean"} {
			if got := modeltest.Value(t, r, prefix+m); got != float64(want[i])*5/100_000 {
				t.Errorf("%s%s = %v: fullest server %v keys, want %d", prefix, m, got, got*100_000/5, want[i])
			}
		}
	}
	for _, c := range []struct {
		path string
		want float64
	}{
		{"chi2_df", 1023},
		{"sha1.arc_max_over_mean", 1.137406474},
		{"md5.arc_max_over_mean", 1.060318811},
		{"fnv1a.arc_max_over_mean", 1.303885023},
		{"crc32.arc_max_over_mean", 1.232134574},
		{"xxhash.arc_max_over_mean", 1.071923818},
		{"random_baseline.arc_max_over_mean", 1.057084923},
		{"sha1.sequential.chi2", 1009.12128},
		{"fnv1a.sequential.chi2", 2162.2272},
		{"fnv1a.sequential.chi2_p", 1.171770464e-83},
		{"fnv1a.sequential.chi2_low", 1252.66944},
		{"crc32.sequential.chi2", 548.89472},
		{"crc32.sequential.chi2_low", 126.80192},
		{"crc32.prefix.chi2_low", 102.63552},
		{"fnv1a.prefix.chi2", 1942.23104},
		{"xxhash.random.chi2", 1046.21056},
		{"random_baseline.chi2", 1047.00928},
		{"random_baseline.chi2_p", 0.2941130224},
	} {
		if got := modeltest.Value(t, r, c.path); math.Abs(got-c.want) > 1e-9*c.want {
			t.Errorf("%s = %.10g, want %.10g", c.path, got, c.want)
		}
	}
}

// TestSHA1RingIsDotNetRing checks the sha1 ring against the dotnet_ring
// model, an independent implementation of the source's C# ring: with
// product:i keys every server receives the same count, including on a
// ring large enough for points to collide (last one wins in both).
func TestSHA1RingIsDotNetRing(t *testing.T) {
	for _, c := range []struct{ servers, vnodes, keys int }{
		{5, 150, 100_000},
		{3, 1, 1000},
		{700, 1000, 200_000},
	} {
		ref, err := dotnetring.Run(context.Background(), dotnetring.Params{
			Servers: c.servers, ServerPrefix: "redis-", Vnodes: c.vnodes, Keys: c.keys, KeyPrefix: "product:"})
		if err != nil {
			t.Fatal(err)
		}
		if c.servers == 700 && modeltest.Value(t, ref, "collisions") == 0 {
			t.Errorf("%+v: no collision; the case is meant to have some", c)
		}
		names := pointNames(c.servers, c.vnodes, 0)
		points := make([]uint32, names.Len())
		keys := sequentialKeys(c.keys, 0)
		hs := make([]uint32, c.keys)
		if err := hashAll(context.Background(), SHA1, names, points); err != nil {
			t.Fatal(err)
		}
		if err := hashAll(context.Background(), SHA1, keys, hs); err != nil {
			t.Fatal(err)
		}
		rg, err := newRing(c.servers, c.vnodes, points)
		if err != nil {
			t.Fatal(err)
		}
		for n, got := range ringCounts(rg, c.servers, hs) {
			if want := modeltest.Value(t, ref, "count."+strconv.Itoa(n+1)); float64(got) != want {
				t.Errorf("%+v: server %d has %d keys, dotnet_ring %v", c, n+1, got, want)
			}
		}
	}
}

// TestRingCounts checks ring placement on hand-placed points: a key goes
// to the first point at or after it, past the last point to the first,
// and of two points at one position the later server's stays.
func TestRingCounts(t *testing.T) {
	// Server 0 at 100 and 300, server 1 at 200 and 300 (overwriting).
	rg, err := newRing(2, 2, []uint32{100, 300, 200, 300})
	if err != nil {
		t.Fatal(err)
	}
	keys := []uint32{0, 100, 101, 200, 201, 300, 301, math.MaxUint32}
	// 0, 100 → 0; 101, 200 → 1; 201, 300 → 1 (its 300 won); 301, max → 0.
	if got := ringCounts(rg, 2, keys); !slices.Equal(got, []int{4, 4}) {
		t.Errorf("counts = %v, want [4 4]", got)
	}
	if got := ringCounts(rg, 2, []uint32{250}); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("key at 250 counts = %v, want [0 1]", got)
	}
	// Arcs: server 0 owns (300, 2^32) ∪ [0, 100], 2^32 − 200; server 1
	// owns (100, 300], 200.
	if got, want := arcMaxOverMean(rg, 2), float64(1<<32-200)*2/(1<<32); got != want {
		t.Errorf("arcMaxOverMean = %v, want %v", got, want)
	}
}

// TestSalt: the salt draws new random keys, renames the servers, so every
// ring moves, and shifts the sequential and prefix keys, so their modulo
// and chi-square figures move too; salt 0 keeps the source's keys.
func TestSalt(t *testing.T) {
	p := DefaultParams()
	p.Keys = 20_000
	a, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	p.Salt = 1
	b, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range Hashes {
		paths := []string{h.Name + ".random.chi2", h.Name + ".arc_max_over_mean"}
		for _, s := range []string{"sequential", "prefix"} {
			paths = append(paths, h.Name+"."+s+".chi2_low", h.Name+"."+s+".ring_max_over_mean")
			if h.Name != "crc32" { // CRC-32 is affine: a shifted run of keys gives the same top-bit counts
				paths = append(paths, h.Name+"."+s+".chi2")
			}
		}
		for _, path := range paths {
			if modeltest.Value(t, a, path) == modeltest.Value(t, b, path) {
				t.Errorf("%s did not move with the salt", path)
			}
		}
	}
	moved := 0
	for _, h := range Hashes {
		if modeltest.Value(t, a, h.Name+".sequential.modulo_max_over_mean") != modeltest.Value(t, b, h.Name+".sequential.modulo_max_over_mean") {
			moved++
		}
	}
	if moved < 4 {
		t.Errorf("sequential.modulo_max_over_mean moved with the salt for %d hashes of 5", moved)
	}
	if modeltest.Value(t, a, "random_baseline.chi2") == modeltest.Value(t, b, "random_baseline.chi2") {
		t.Error("random_baseline.chi2 did not move with the salt")
	}
}

// TestSeries: each bar series holds the hashes' values in order, then the
// baseline's, labelled.
func TestSeries(t *testing.T) {
	p := DefaultParams()
	p.Keys = 10_000
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	labels := []string{"sha1", "md5", "fnv1a", "crc32", "xxhash", "random"}
	check := func(series string, paths []string) {
		s, ok := r.SeriesNamed(series)
		if !ok {
			t.Fatalf("no series %s", series)
		}
		if !slices.Equal(s.Labels, labels) || !slices.Equal(s.X, []float64{0, 1, 2, 3, 4, 5}) {
			t.Errorf("%s: labels %q, X %v", series, s.Labels, s.X)
		}
		for i, path := range paths {
			if s.Y[i] != modeltest.Value(t, r, path) {
				t.Errorf("%s[%d] = %v, %s = %v", series, i, s.Y[i], path, modeltest.Value(t, r, path))
			}
		}
	}
	var arcs []string
	for _, l := range labels[:5] {
		arcs = append(arcs, l+".arc_max_over_mean")
	}
	check("arc_max_over_mean", append(arcs, "random_baseline.arc_max_over_mean"))
	for _, s := range Shapes {
		for _, c := range seriesMeasures {
			var paths []string
			for _, l := range labels[:5] {
				paths = append(paths, l+"."+s.Name+"."+c.name)
			}
			check(s.Name+"."+c.name, append(paths, "random_baseline."+c.name))
		}
	}
}

func TestValidate(t *testing.T) {
	ok := DefaultParams()
	with := func(f func(*Params)) Params { p := ok; f(&p); return p }
	for _, c := range []struct {
		p    Params
		want string
	}{
		{ok, ""},
		{with(func(p *Params) { p.Servers, p.Vnodes, p.Keys, p.BucketBits = 1, 1, 10, 1 }), ""},
		{with(func(p *Params) { p.Servers, p.Vnodes = 1000, 1000 }), ""},
		{with(func(p *Params) { p.Keys, p.BucketBits, p.Salt = 1_000_000, 17, 1_000_000 }), ""},
		{Params{}, "parameter servers: must be between 1 and 1000, got 0; parameter vnodes: must be between 1 and 10000, got 0; " +
			"parameter keys: must be between 1 and 1000000, got 0; parameter bucket_bits: must be between 1 and 20, got 0"},
		{with(func(p *Params) { p.Servers = 1001 }), "parameter servers: must be between 1 and 1000, got 1001"},
		{with(func(p *Params) { p.Vnodes = 10_001 }), "parameter vnodes: must be between 1 and 10000, got 10001"},
		{with(func(p *Params) { p.Servers, p.Vnodes = 1000, 1001 }), "parameter vnodes: servers × vnodes must be at most 1000000, got 1001000"},
		{with(func(p *Params) { p.Keys = 1_000_001 }), "parameter keys: must be between 1 and 1000000, got 1000001"},
		{with(func(p *Params) { p.Salt = -1 }), "parameter salt: must be between 0 and 1000000, got -1"},
		{with(func(p *Params) { p.Salt = 1_000_001 }), "parameter salt: must be between 0 and 1000000, got 1000001"},
		{with(func(p *Params) { p.BucketBits = 21 }), "parameter bucket_bits: must be between 1 and 20, got 21"},
		{with(func(p *Params) { p.Keys = 5119 }), "parameter bucket_bits: leaves fewer than 5 keys per bucket: 2^10 buckets need at least 5120 keys, got 5119"},
	} {
		modeltest.CheckValidate(t, c.p, c.want, Run)
	}
}

func TestDeterministic(t *testing.T) {
	p := DefaultParams()
	p.Keys, p.Salt = 20_000, 3
	modeltest.CheckDeterministic(t, p, Run)
	modeltest.CheckCancelled(t, DefaultParams(), Run)
}

// BenchmarkHash times each hash over the sequential keys product:0 …
// product:1023, the source's key shape (9 to 12 bytes); names are stable
// (BenchmarkHash/sha1 …) for the collected results file.
func BenchmarkHash(b *testing.B) {
	keys := sequentialKeys(1024, 0)
	for _, h := range Hashes {
		b.Run(h.Name, func(b *testing.B) {
			b.SetBytes(int64(len(keys.buf) / keys.Len()))
			var sink uint32
			for i := 0; b.Loop(); i++ {
				sink ^= h.Sum(keys.At(i & 1023))
			}
			_ = sink
		})
	}
}
