// Package warmup prices the cache warm-up after a node change: the load that
// reaches the store while the moved keys miss the cache (the course's
// alg/karma.mjs, second table).
//
// A key that moves to another node finds no entry in that node's cache, so
// during the warm-up window every read of a moved key misses, and the other
// keys miss at the usual rate. The operations are done in the JavaScript
// program's order, and each product that feeds a sum is rounded on its own
// (an explicit float64 conversion), so results are bit-identical to it on
// every platform.
package warmup

import (
	"context"
	"math"
	"strconv"

	"lbcourse/models/model"
)

// Params are the model's inputs.
type Params struct {
	// Moved is the share of keys that move to another node, in [0, 1].
	Moved float64 `yaml:"moved"`
	// ReadRPS is the peak read rate, requests per second.
	ReadRPS float64 `yaml:"read_rps" unit:"rps"`
	// WriteRPS is the peak write rate; writes always reach the store.
	WriteRPS float64 `yaml:"write_rps" unit:"rps"`
	// HitRatio is the share of reads the cache serves when warm, in [0, 1].
	HitRatio float64 `yaml:"hit_ratio"`
	// BaseStoreRPS is the rate reaching the store with a warm cache.
	BaseStoreRPS float64 `yaml:"base_store_rps" unit:"rps"`
	// WindowS is the warm-up window, seconds.
	WindowS float64 `yaml:"window_s" unit:"second"`
}

// DefaultParams returns the source document's values; Moved is the ideal
// share for growing from 3 to 4 nodes.
func DefaultParams() Params {
	return Params{Moved: 0.25, ReadRPS: 416.67, WriteRPS: 97.22, HitRatio: 0.90, BaseStoreRPS: 138.89, WindowS: 60}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	share := func(param string, v float64) {
		if !(v >= 0 && v <= 1) {
			es = append(es, model.ParamError{Param: param, Msg: "must be between 0 and 1, got " + format(v)})
		}
	}
	rate := func(param string, v float64, positive bool) {
		switch {
		case positive && !(v > 0 && !math.IsInf(v, 1)):
			es = append(es, model.ParamError{Param: param, Msg: "must be a finite number greater than 0, got " + format(v)})
		case !positive && !(v >= 0 && !math.IsInf(v, 1)):
			es = append(es, model.ParamError{Param: param, Msg: "must be a finite number at least 0, got " + format(v)})
		}
	}
	share("moved", p.Moved)
	rate("read_rps", p.ReadRPS, false)
	rate("write_rps", p.WriteRPS, false)
	share("hit_ratio", p.HitRatio)
	rate("base_store_rps", p.BaseStoreRPS, true)
	rate("window_s", p.WindowS, true)
	return es.Err()
}

func format(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// Run computes the warm-up bill: the values Model.Outputs declares, the
// inputs echoed among them for tables and for pages that name them.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return model.Result{}, err
	}
	miss := p.Moved + float64((1-p.Moved)*(1-p.HitRatio))
	behind := p.ReadRPS * miss
	store := float64(behind) + p.WriteRPS
	var res model.Result
	res.Set("moved", p.Moved, "")
	res.Set("miss_ratio", miss, "")
	res.Set("behind_cache_rps", behind, "rps")
	res.Set("store_rps", store, "rps")
	res.Set("base_multiple", store/p.BaseStoreRPS, "")
	res.Set("extra_store_requests", (store-p.BaseStoreRPS)*p.WindowS, "request")
	res.Set("base_behind_cache_rps", p.ReadRPS*(1-p.HitRatio), "rps")
	res.Set("base_store_rps", p.BaseStoreRPS, "rps")
	res.Set("window_s", p.WindowS, "second")
	res.Set("read_rps", p.ReadRPS, "rps")
	res.Set("write_rps", p.WriteRPS, "rps")
	res.Set("hit_ratio", p.HitRatio, "")
	return res, nil
}
