package ketama

import (
	"context"
	"math"
	"strconv"

	"lbcourse/models/model"
	"lbcourse/models/ring"
)

// A placement is what placing every key on the old and the new ring
// counts; servers are 0-based.
type placement struct {
	count, countNew []int
	moved           int // keys whose server differs between the rings
	// stageMoved[j] counts the keys whose server at stage j differs from
	// the old ring's, stepMoved[j] those whose server differs from stage
	// j−1's (from the old ring's for the first stage).
	stageMoved, stepMoved []int
}

// place hashes each key once and looks it up on both rings.
func place(ctx context.Context, p Params, old, next *ring.Ring) (placement, error) {
	pl := placement{count: make([]int, p.Servers), countNew: make([]int, p.Servers),
		stageMoved: make([]int, len(p.Stages)), stepMoved: make([]int, len(p.Stages))}
	buf := append(make([]byte, 0, len(p.KeyPrefix)+20), p.KeyPrefix...)
	for k := range p.Keys {
		if k%65536 == 0 {
			if err := ctx.Err(); err != nil {
				return placement{}, err
			}
		}
		h := KeyHash(strconv.AppendInt(buf[:len(p.KeyPrefix)], p.KeyOffset+int64(k), 10))
		a, b := old.Lookup(h), next.Lookup(h)
		pl.count[a]++
		pl.countNew[b]++
		if a != b {
			pl.moved++
			// The key changes server once: at the first stage whose share
			// sends it to the new ring, and it stays moved after.
			sel := Selector(h)
			for j, share := range p.Stages {
				if onNew(sel, share) {
					if j == 0 || !onNew(sel, p.Stages[j-1]) {
						pl.stepMoved[j]++
					}
					pl.stageMoved[j]++
				}
			}
		}
	}
	return pl, nil
}

// Run builds the old ring (points, ring.Wide) and the new one (points_new,
// ring.Packed), places every key on both, and returns the values Model
// declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	servers := p.servers()
	var rings [2]*Continuum
	for i, c := range []struct {
		points int
		layout ring.Layout
	}{{p.Points, ring.Wide}, {p.PointsNew, ring.Packed}} {
		if err := ctx.Err(); err != nil {
			return model.Result{}, err
		}
		var err error
		if rings[i], err = Build(servers, c.points, c.layout); err != nil {
			return model.Result{}, err // not reached: Validate bounds every size
		}
	}
	old, next := rings[0].Ring(), rings[1].Ring()
	pl, err := place(ctx, p, old, next)
	if err != nil {
		return model.Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return model.Result{}, err
	}
	var res model.Result
	total := float64(p.totalWeight())
	keys := float64(p.Keys)
	for s := range p.Servers {
		i := strconv.Itoa(s + 1)
		res.Set("count."+i, float64(pl.count[s]), "key")
		res.Set("share."+i, float64(pl.count[s])/keys, "")
		res.Set("new.count."+i, float64(pl.countNew[s]), "key")
		res.Set("new.share."+i, float64(pl.countNew[s])/keys, "")
		res.Set("ideal.share."+i, float64(p.weight(s))/total, "")
	}
	ringValues(&res, "", p, old, pl.count)
	ringValues(&res, "new.", p, next, pl.countNew)
	val := func(path string) float64 { v, _ := res.Value(path); return v.V }
	res.Set("gain.error", gain(val("owned.error"), val("new.owned.error")), "")
	res.Set("gain.rms", gain(val("owned.rms"), val("new.owned.rms")), "")
	res.Set("migration.moved", float64(pl.moved)/keys, "")
	res.Set("migration.circle", ring.Share(ring.Changes(old, next)), "")
	stage := model.Series{Name: "stage.moved", X: []float64{}, Y: []float64{}}
	for j, share := range p.Stages {
		k := "stage." + strconv.Itoa(j+1) + "."
		res.Set(k+"share", share, "")
		res.Set(k+"moved", float64(pl.stageMoved[j])/keys, "")
		res.Set(k+"step_moved", float64(pl.stepMoved[j])/keys, "")
		stage.X = append(stage.X, share)
		stage.Y = append(stage.Y, float64(pl.stageMoved[j])/keys)
	}
	// The stage series are declared outputs, so returned with no stages too
	// (stage.moved empty, stage.origin only the warm start).
	res.AddSeries(stage)
	m := float64(pl.moved) / keys
	res.AddSeries(model.Series{Name: "stage.line", X: []float64{0, 1}, Y: []float64{0, m}})
	origin := model.Series{Name: "stage.origin", X: []float64{0}, Y: []float64{1}}
	for j := range p.Stages {
		o := originMultiple(float64(pl.stepMoved[j])/keys, p.HitRatio)
		res.Set("stage."+strconv.Itoa(j+1)+".origin", o, "")
		origin.X = append(origin.X, float64(j+1))
		origin.Y = append(origin.Y, o)
	}
	res.AddSeries(origin)
	res.Set("origin_at_once", originMultiple(float64(pl.moved)/keys, p.HitRatio), "")
	if p.Points*p.totalWeight() <= MaxDraw {
		drawRings(&res, p, rings[1])
	} else {
		// Declared outputs are always returned: past MaxDraw, empty.
		for _, name := range drawNames(p) {
			res.AddSeries(model.Series{Name: name, X: []float64{}, Y: []float64{}})
		}
	}
	structSize, fields, arraySize, structAlign, arrayAlign := layoutSizes()
	res.Set("layout.struct", float64(structSize), "byte")
	res.Set("layout.fields", float64(fields), "byte")
	res.Set("layout.array", float64(arraySize), "byte")
	res.Set("layout.struct_align", float64(structAlign), "byte")
	res.Set("layout.array_align", float64(arrayAlign), "byte")
	mixed, reordered := mixedSizes()
	res.Set("layout.mixed", float64(mixed), "byte")
	res.Set("layout.reordered", float64(reordered), "byte")
	return res, nil
}

// ringValues sets one ring's values under prefix ("" for the old ring,
// "new." for the new one); count holds its keys per server.
func ringValues(res *model.Result, prefix string, p Params, r *ring.Ring, count []int) {
	res.Set(prefix+"points_total", float64(r.Len()), "point")
	res.Set(prefix+"collisions", float64(r.Collisions()), "point")
	g := float64(r.Generated())
	res.Set(prefix+"birthday", g*(g-1)/(1<<33), "point")
	res.Set(prefix+"bytes.wide", float64(r.Len()*ring.Wide.PointBytes()), "byte")
	res.Set(prefix+"bytes.packed", float64(r.Len()*ring.Packed.PointBytes()), "byte")
	keys := make([]float64, p.Servers)
	owned := make([]float64, p.Servers)
	for s, w := range r.Owned() {
		keys[s] = float64(count[s]) / float64(p.Keys)
		owned[s] = float64(w) / (1 << 32)
	}
	hi, dev := balance(p, keys)
	res.Set(prefix+"max_over_mean", hi, "")
	res.Set(prefix+"error", dev, "")
	_, dev = balance(p, owned)
	res.Set(prefix+"owned.error", dev, "")
	points := p.Points
	if prefix == "new." {
		points = p.PointsNew
	}
	n := float64(p.Servers)
	law := math.Sqrt(2*math.Log(n)) / math.Sqrt(float64(points)*float64(p.totalWeight())/n)
	res.Set(prefix+"law.error", law, "")
	over := 0.0
	if law > 0 {
		over = dev / law
	}
	res.Set(prefix+"owned.over_law", over, "")
	rms, lawRMS, worst := spread(p, points, owned)
	res.Set(prefix+"owned.rms", rms, "")
	res.Set(prefix+"law.rms", lawRMS, "")
	res.Set(prefix+"owned.worst_weight", float64(worst), "")
}

// spread returns, for the servers' shares of the circle on a ring of
// points points per unit of weight, the root-mean-square relative
// deviation √(mean_i ((a_i − q_i) / q_i)²), the law's estimate of it,
// √(mean_i 1 / (points × w_i)), and the weight of the first server whose
// relative deviation is largest.
func spread(p Params, points int, shares []float64) (rms, law float64, worstWeight int) {
	total := float64(p.totalWeight())
	worst := -1.0
	for s, share := range shares {
		w := p.weight(s)
		q := float64(w) / total
		d := (share - q) / q
		rms += d * d
		law += 1 / (float64(points) * float64(w))
		if math.Abs(d) > worst {
			worst, worstWeight = math.Abs(d), w
		}
	}
	n := float64(len(shares))
	return math.Sqrt(rms / n), math.Sqrt(law / n), worstWeight
}

// gain returns 1 − old/next, 0 when next is 0 (a ring with one server).
func gain(old, next float64) float64 {
	if next == 0 {
		return 0
	}
	return 1 - old/next
}

// originMultiple returns the origin's load while the share moved of the
// keys warm up, over its load with a warm cache of hit ratio h: every
// request for a moved key misses, the others miss at 1 − h. It is the
// warmup model's base_multiple with no writes.
func originMultiple(moved, h float64) float64 {
	return (moved + float64((1-moved)*(1-h))) / (1 - h)
}

// drawRings returns the old ring for a ring plot: each server's points as
// positions on the circle in chain order (draw.server.<i>, X the point's
// number in the chain) and the positions of those the new ring keeps
// (draw.kept_pos, X the server's number).
func drawRings(res *model.Result, p Params, next *Continuum) {
	kept := map[uint32]bool{}
	for i := range next.Ring().Len() {
		kept[next.Ring().Point(i).Hash] = true
	}
	kp := model.Series{Name: "draw.kept_pos", X: []float64{}, Y: []float64{}}
	for s, srv := range p.servers() {
		sv := model.Series{Name: "draw.server." + strconv.Itoa(s+1)}
		for j, h := range srv.PointHashes(srv.Weight * p.Points) {
			pos := float64(h) / (1 << 32)
			if kept[h] {
				kp.X = append(kp.X, float64(s+1))
				kp.Y = append(kp.Y, pos)
			}
			sv.X = append(sv.X, float64(j))
			sv.Y = append(sv.Y, pos)
		}
		res.AddSeries(sv)
	}
	res.AddSeries(kp)
}

// drawNames returns the names of the draw series Run returns.
func drawNames(p Params) []string {
	var names []string
	for s := range p.Servers {
		names = append(names, "draw.server."+strconv.Itoa(s+1))
	}
	return append(names, "draw.kept_pos")
}

// balance returns, for shares by server, the largest share_i / q_i and the
// largest |share_i − q_i| / q_i, where q_i = w_i / W is server i's ideal
// share.
func balance(p Params, shares []float64) (maxOverMean, maxDeviation float64) {
	total := float64(p.totalWeight())
	for s, share := range shares {
		q := float64(p.weight(s)) / total
		maxOverMean = max(maxOverMean, share/q)
		maxDeviation = max(maxDeviation, math.Abs(share-q)/q)
	}
	return maxOverMean, maxDeviation
}
