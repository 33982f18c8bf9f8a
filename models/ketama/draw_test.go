package ketama

import (
	"context"
	"math"
	"slices"
	"testing"

	"lbcourse/models/warmup"
)

// TestDraw checks the ring drawings: each server's points in chain order,
// the new ring's a prefix of the old one's, and the dropped points the old
// ring's others; and that they are absent past MaxDraw points.
func TestDraw(t *testing.T) {
	p := DefaultParams()
	p.Servers, p.Points, p.PointsNew, p.Keys = 3, 4, 1, 1000
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	var kept int
	for i, srv := range p.servers() {
		old, ok1 := r.SeriesNamed("draw." + string(rune('1'+i)))
		nw, ok2 := r.SeriesNamed("new.draw." + string(rune('1'+i)))
		if !ok1 || !ok2 {
			t.Fatalf("server %d: no drawing", i+1)
		}
		for j, h := range srv.PointHashes(4) {
			if old.Y[j] != float64(h)/(1<<32) || old.X[j] != float64(j) {
				t.Errorf("draw.%d[%d] = %v, want %v", i+1, j, old.Y[j], float64(h)/(1<<32))
			}
		}
		if !slices.Equal(nw.Y, old.Y[:1]) {
			t.Errorf("new.draw.%d = %v, not the first point of %v", i+1, nw.Y, old.Y)
		}
		kept += len(nw.Y)
	}
	d, ok := r.SeriesNamed("draw.dropped")
	if !ok || len(d.Y) != 12-kept || !slices.IsSorted(d.Y) {
		t.Errorf("draw.dropped = %v, want the %d points the new ring drops, sorted", d.Y, 12-kept)
	}
	p.Points = 22 // 66 points: past MaxDraw
	if r, err = Run(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if _, ok := r.SeriesNamed("draw.1"); ok {
		t.Error("a drawing past MaxDraw points")
	}
}

// TestOrigin checks stage.<j>.origin and origin_at_once against the warmup
// model with no writes, and the series stage.origin and stage.line.
func TestOrigin(t *testing.T) {
	p := DefaultParams()
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	val := func(path string) float64 {
		t.Helper()
		v, ok := r.Value(path)
		if !ok {
			t.Fatalf("no value %s", path)
		}
		return v.V
	}
	bill := func(moved float64) float64 {
		w, err := warmup.Run(context.Background(), warmup.Params{Moved: moved, ReadRPS: 1000, HitRatio: p.HitRatio,
			BaseStoreRPS: 1000 * (1 - p.HitRatio), WindowS: 60})
		if err != nil {
			t.Fatal(err)
		}
		v, _ := w.Value("base_multiple")
		return v.V
	}
	o, _ := r.SeriesNamed("stage.origin")
	if len(o.Y) != len(p.Stages)+1 || o.Y[0] != 1 {
		t.Fatalf("stage.origin = %v", o.Y)
	}
	for j := range p.Stages {
		k := "stage." + string(rune('1'+j)) + "."
		got := val(k + "origin")
		if want := bill(val(k + "step_moved")); math.Abs(got-want) > 1e-12*want {
			t.Errorf("%sorigin = %v, warmup gives %v", k, got, want)
		}
		if o.Y[j+1] != got || o.X[j+1] != float64(j+1) {
			t.Errorf("stage.origin[%d] = (%v, %v)", j+1, o.X[j+1], o.Y[j+1])
		}
	}
	if got, want := val("origin_at_once"), bill(val("migration.moved")); math.Abs(got-want) > 1e-12*want {
		t.Errorf("origin_at_once = %v, warmup gives %v", got, want)
	}
	l, _ := r.SeriesNamed("stage.line")
	if !slices.Equal(l.X, []float64{0, 1}) || !slices.Equal(l.Y, []float64{0, val("migration.moved")}) {
		t.Errorf("stage.line = %v %v", l.X, l.Y)
	}
}
