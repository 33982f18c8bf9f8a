package placement

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"lbcourse/models/internal/modeltest"
)

// TestExpectedMaxNormal checks the integral against tabulated expected
// maxima of n standard normals (Harter 1961): 0 for 1, 1/√π for 2,
// 1.16296 for 5, 1.53875 for 10.
func TestExpectedMaxNormal(t *testing.T) {
	for _, c := range []struct {
		n    int
		want float64
	}{{1, 0}, {2, 1 / math.Sqrt(math.Pi)}, {5, 1.16296}, {10, 1.53875}} {
		if got := ExpectedMaxNormal(c.n); math.Abs(got-c.want) > 1e-5 {
			t.Errorf("ExpectedMaxNormal(%d) = %v, want %v", c.n, got, c.want)
		}
	}
}

// TestSamplingFloor: the floor agrees, within its Monte-Carlo error, with
// the mean largest count of 2000 uniform multinomial draws of 100 000
// keys on 10 servers.
func TestSamplingFloor(t *testing.T) {
	const n, keys, draws = 10, 100_000, 2000
	rng := rand.New(rand.NewPCG(1, 2))
	sum := 0.0
	loads := make([]int, n)
	for range draws {
		clear(loads)
		for range keys {
			loads[rng.IntN(n)]++
		}
		m := 0
		for _, l := range loads {
			m = max(m, l)
		}
		sum += float64(m) * n / keys
	}
	if got, want := sum/draws, SamplingFloor(n, keys); math.Abs(got-want) > 0.0005 {
		t.Errorf("simulated floor %v, SamplingFloor %v", got, want)
	}
}

// TestJumpSwapFail: when server f fails, every key of f moves to server
// N−1, every key of another server but N−1 stays, and server N−1 keeps
// exactly the keys Jump(h, N−1) puts in bucket f.
func TestJumpSwapFail(t *testing.T) {
	const n, f = 10, 5
	for h := uint64(0); h < 20000; h++ {
		k := h * 0x9e3779b97f4a7c15
		before, _ := Jump(k, n)
		after := JumpSwapFail(k, n, f)
		b1, _ := Jump(k, n-1)
		switch {
		case before == f && after != n-1:
			t.Fatalf("key %#x on the failed server goes to %d, want %d", k, after, n-1)
		case before != f && before != n-1 && after != before:
			t.Fatalf("key %#x moves from %d to %d", k, before, after)
		case before == n-1 && (after == n-1) != (b1 == f):
			t.Fatalf("key %#x of the last server: after %d, Jump(h, n-1) = %d", k, after, b1)
		}
	}
}

// TestNewFigures pins the default run's expected shares, jump's middle
// failure and the sampling floor: jump's middle failure moves about
// 1/N + (1/N)(N−2)/(N−1), the ring's arcs explain most of its imbalance,
// Maglev's entries are even to one entry in 6553.
func TestNewFigures(t *testing.T) {
	r, err := Run(context.Background(), DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	n := 10.0
	if got, want := modeltest.Value(t, r, "jump.middle.moved_fail"), 1/n+(n-2)/(n-1)/n; math.Abs(got-want) > 0.005 {
		t.Errorf("jump.middle.moved_fail = %v, want about %v", got, want)
	}
	if got, want := modeltest.Value(t, r, "jump.middle.moved_fail_other"), (n-2)/(n-1)/(n-1); math.Abs(got-want) > 0.005 {
		t.Errorf("jump.middle.moved_fail_other = %v, want about %v", got, want)
	}
	if got := modeltest.Value(t, r, "maglev.expected_max_over_mean"); got != 6554*n/65537 {
		t.Errorf("maglev.expected_max_over_mean = %v, want %v", got, 6554*n/65537)
	}
	ring, exp := modeltest.Value(t, r, "ring.max_over_mean"), modeltest.Value(t, r, "ring.expected_max_over_mean")
	if exp < 1.1 || math.Abs(ring-exp) > 0.03 {
		t.Errorf("ring.expected_max_over_mean = %v, measured %v", exp, ring)
	}
	if got := modeltest.Value(t, r, "sampling_floor"); math.Abs(got-1.0154) > 0.0001 {
		t.Errorf("sampling_floor = %v, want 1.0154", got)
	}
}
