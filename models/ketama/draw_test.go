package ketama

import (
	"context"
	"math"
	"slices"
	"testing"

	"lbcourse/models/warmup"
)

// TestDraw checks the drawing: every point of the old ring once, in chain
// order, the kept ones the first points_new of each server's chain, and
// empty series past MaxDraw points.
func TestDraw(t *testing.T) {
	p := DefaultParams()
	p.Servers, p.Points, p.PointsNew, p.Keys = 3, 4, 1, 1000
	r, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	// The ring plot's series: each server's chain as positions, and the
	// kept points' positions.
	kp, _ := r.SeriesNamed("draw.kept_pos")
	if len(kp.X) != 3 {
		t.Errorf("%d kept points, want 3", len(kp.X))
	}
	for i, srv := range p.servers() {
		sv, ok := r.SeriesNamed("draw.server." + string(rune('1'+i)))
		want := []float64{}
		for _, h := range srv.PointHashes(4) {
			want = append(want, float64(h)/(1<<32))
		}
		if !ok || !slices.Equal(sv.Y, want) || !slices.Equal(sv.X, []float64{0, 1, 2, 3}) {
			t.Errorf("draw.server.%d = %v, want positions %v", i+1, sv, want)
		}
		if kp.Y[i] != want[0] || kp.X[i] != float64(i+1) {
			t.Errorf("draw.kept_pos point %d = (%v, %v), want (%d, %v)", i, kp.X[i], kp.Y[i], i+1, want[0])
		}
	}
	p.Points = 22 // 66 points: past MaxDraw
	if r, err = Run(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"draw.server.1", "draw.server.3", "draw.kept_pos"} {
		if s, ok := r.SeriesNamed(name); !ok || len(s.X) != 0 {
			t.Errorf("%s past MaxDraw points: %v, want an empty series", name, s)
		}
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
