package hotkeys

import (
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"testing"
)

// TestZipfPMF checks the distribution exactly: ranks 0, 1, 2 with s = 1
// have probabilities 6/11, 3/11, 2/11; s = 0 is uniform; with s = 0.99
// the ratio of ranks r and 0 is (r+1)^−0.99; the probabilities sum to 1.
func TestZipfPMF(t *testing.T) {
	z := NewZipf(3, 1)
	for r, want := range []float64{6.0 / 11, 3.0 / 11, 2.0 / 11} {
		if got := z.PMF(r); math.Abs(got-want) > 1e-15 {
			t.Errorf("s = 1: PMF(%d) = %v, want %v", r, got, want)
		}
	}
	u := NewZipf(4, 0)
	for r := range 4 {
		if got := u.PMF(r); math.Abs(got-0.25) > 1e-15 {
			t.Errorf("s = 0: PMF(%d) = %v, want 0.25", r, got)
		}
	}
	z = NewZipf(10_000, 0.99)
	sum := 0.0
	for r := range 10_000 {
		sum += z.PMF(r)
		if r > 0 && r%1000 == 7 {
			if got, want := z.PMF(r)/z.PMF(0), math.Pow(float64(r+1), -0.99); math.Abs(got/want-1) > 1e-9 {
				t.Errorf("PMF(%d)/PMF(0) = %v, want %v", r, got, want)
			}
		}
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("probabilities sum to %v", sum)
	}
	if one := NewZipf(1, 2); one.PMF(0) != 1 || one.Draw(rand.New(rand.NewPCG(1, 2))) != 0 {
		t.Error("one key: PMF(0) != 1 or a draw other than 0")
	}
}

// TestZipfDraw checks a million draws at a fixed seed against the pmf:
// the frequency of every rank expected at least 100 times, and of all the
// other ranks together, within 4 standard deviations of its probability,
// for s = 0.99 over 100 keys and s = 2 over 1000 (where rank 0 takes 61%).
func TestZipfDraw(t *testing.T) {
	const n = 1_000_000
	for _, c := range []struct {
		keys int
		s    float64
	}{{100, 0.99}, {1000, 2}} {
		z := NewZipf(c.keys, c.s)
		rng := rand.New(rand.NewPCG(1, requestStream))
		counts := make([]int, c.keys)
		for range n {
			counts[z.Draw(rng)]++
		}
		check := func(what string, got int, p float64) {
			if sd := math.Sqrt(p * (1 - p) / n); math.Abs(float64(got)/n-p) > 4*sd {
				t.Errorf("keys %d, s %v: %s drawn %d times (%.6f), probability %.6f ± %.6f",
					c.keys, c.s, what, got, float64(got)/n, p, sd)
			}
		}
		restCount, restP, checked := 0, 0.0, 0
		for r, got := range counts {
			if p := z.PMF(r); p*n >= 100 {
				check("rank "+strconv.Itoa(r), got, p)
				checked++
			} else {
				restCount += got
				restP += p
			}
		}
		check("the rarer ranks", restCount, restP)
		if checked < 20 {
			t.Errorf("keys %d, s %v: only %d ranks checked one by one", c.keys, c.s, checked)
		}
	}
}

// TestZipfDrawBoundaries checks the inverse transform on the cumulative
// probabilities a ≈ 6/11, b ≈ 9/11, 1 of s = 1 over three ranks: a uniform
// u goes to the first rank whose cumulative probability exceeds it.
func TestZipfDrawBoundaries(t *testing.T) {
	z := NewZipf(3, 1)
	a, b := z.cdf[0], z.cdf[1]
	if math.Abs(a-6.0/11) > 1e-15 || math.Abs(b-9.0/11) > 1e-15 || z.cdf[2] != 1 {
		t.Fatalf("cdf = %v, want [6/11 9/11 1]", z.cdf)
	}
	for _, c := range []struct {
		u    float64
		want int
	}{
		{0, 0}, {math.Nextafter(a, 0), 0}, {a, 1}, {math.Nextafter(b, 0), 1}, {b, 2},
		{math.Nextafter(1, 0), 2},
	} {
		if got := z.rank(c.u); got != c.want {
			t.Errorf("rank(%v) = %d, want %d", c.u, got, c.want)
		}
	}
}

// TestZipfRankGuide: the guided rank equals the first rank whose cumulative
// probability exceeds u, found by binary search, for random u, the slices'
// edges and the values just below them, over several sizes and exponents.
func TestZipfRankGuide(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{1, 2, 3, 10, 1000, 100_000} {
		for _, s := range []float64{0, 0.5, 0.99, 1, 2} {
			z := NewZipf(n, s)
			want := func(u float64) int { return sort.Search(n, func(r int) bool { return z.cdf[r] > u }) }
			us := []float64{0, math.Nextafter(1, 0)}
			for k := range min(n, 2000) {
				e := float64(k) / float64(n)
				us = append(us, e, math.Nextafter(e, 0), math.Nextafter(e, 1))
			}
			for range 5000 {
				us = append(us, rng.Float64())
			}
			for _, u := range us {
				if u < 0 || u >= 1 {
					continue
				}
				if got, w := z.rank(u), want(u); got != w {
					t.Fatalf("n %d, s %v, u %v: rank %d, want %d", n, s, u, got, w)
				}
			}
		}
	}
}
