package dotnetring

import (
	"context"
	"math"
	"testing"

	"lbcourse/models/internal/modeltest"
)

// TestExample: the source's positions give A all but 800 of the 2^32
// positions, B and C 400 each, and D takes 250 of B's; the three arcs
// make the circle.
func TestExample(t *testing.T) {
	b, c, aShare, d := exampleFigures()
	if b != 400 || c != 400 || d != 250 {
		t.Errorf("owned %d, %d, D takes %d", b, c, d)
	}
	if aShare*ringSize+float64(b+c) != ringSize || aShare != float64(ringSize-800)/ringSize {
		t.Errorf("A's share %v", aShare)
	}
}

// TestDoubled: doubling every server's points on a 5-server ring moves
// about (1 − 1/5)/2 of the keys; on a small key set within 0.03.
func TestDoubled(t *testing.T) {
	p := DefaultParams()
	p.Keys = 20_000
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if got := modeltest.Value(t, r, "doubled.moved"); math.Abs(got-0.4) > 0.03 {
		t.Errorf("doubled.moved = %v, want about 0.4", got)
	}
}
