package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"lbcourse/report/internal/registry"
)

func runCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := dispatch(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestRunJSON(t *testing.T) {
	code, out, stderr := runCmd("run", "queue", "-set", "slowdown=3,1,1", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Model  string             `json:"model"`
		Params map[string]any     `json:"params"`
		Values map[string]float64 `json:"values"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	want := map[string]float64{
		"round_robin.max_queue":       63,
		"round_robin.finish":          1635,
		"least_connections.mean_wait": 56.99,
		"least_connections.work.3":    701,
		"total_work":                  1679,
	}
	for k, v := range want {
		if got.Values[k] != v {
			t.Errorf("values[%q] = %v, want %v", k, got.Values[k], v)
		}
	}
	if rr := got.Values["round_robin.mean_wait"]; rr != 170.96666666666667 {
		t.Errorf("round_robin.mean_wait = %v, want full precision 170.96666666666667", rr)
	}
	if got.Model != "queue" || len(got.Params["slowdown"].([]any)) != 3 {
		t.Errorf("model/params = %v %v", got.Model, got.Params)
	}
}

func TestRunErrors(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"run", "queu"}, 2, `report run: unknown model "queu" (did you mean "queue"?); models: queue, hashing, dotnet_ring, placement, hash_balance, hot_keys, ketama, warmup, layer, healthcheck, choices, fanout, tail, hedge, tied, partitions, probation, canary, timings` + "\n"},
		{[]string{"run", "queue", "-set", "replica=2"}, 1, `report run: model queue has no parameter "replica" (did you mean "replicas"?)` + "\n"},
		{[]string{"run", "queue", "-set", "replicas=2.5"}, 1, `report run: parameter replicas: want a whole number, not "2.5"` + "\n"},
		{[]string{"run", "queue", "-set", "slowdown=1,1"}, 1, "report run: parameter slowdown: must have one multiplier per replica (3), got 2\n"},
		{[]string{"run", "queue", "-set", "replicas"}, 2, "report run: -set \"replicas\": want name=value\n"},
		{[]string{"frobnicate"}, 2, ""},
		{[]string{"run", "queue", "-set", "replicas=2", "-set", "replicas=3"}, 2, "report run: -set replicas given twice\n"},
		{[]string{"run", "queue", "-set", "slowdown=[1, x, 1]"}, 1, "report run: parameter slowdown: want a list of numbers, not [1, x, 1]\n"},
		{[]string{"run", "queue", "-set", "seed="}, 2, "report run: -set seed: no value after =\n"},
		{[]string{"run", "queue", "-set", "seed=null"}, 1, "report run: parameter seed: want a whole number, not \"null\"\n"},
		{[]string{"run", "queue", "-set", "seed=~"}, 1, "report run: parameter seed: want a whole number, not \"~\"\n"},
		{[]string{"run", "queue", "-set", "slowdown=[1,2,3]]"}, 2, "report run: -set slowdown: \"[1,2,3]]\" is not a list such as [3, 1, 1]\n"},
		{[]string{"run", "queue", "-set", "slowdown=[1,2"}, 2, "report run: -set slowdown: \"[1,2\" is not a list such as [3, 1, 1]\n"},
		{[]string{"run", "queue", "-set", "slowdown=3,,1"}, 2, "report run: -set slowdown: \"3,,1\": item \"\" is not a single value\n"},
		{[]string{"run", "queue", "-set", "slowdown=3,null,1"}, 1, "report run: parameter slowdown: want a list of numbers, not [3, null, 1]\n"},
		{[]string{"run", "queue", "-set", "requests=100001"}, 1, "report run: parameter requests: must be at most 100000 with series (series: false for more), got 100001\n"},
		{[]string{"run", "queue", "-set", "requests=10000001", "-set", "series=false"}, 1, "report run: parameter requests: must be between 1 and 10000000, got 10000001\n"},
		{[]string{"run", "queue", "-set", "arrival=.inf"}, 1, "report run: parameter arrival: must be a finite number greater than 0, got +Inf\n"},
		{[]string{"run", "queue", "-set", "slowdown=3,1]"}, 1, "report run: parameter slowdown: want a list of numbers, not [3, 1]]\n"},
		{[]string{"run", "queue", "-set", "replicas=3.0", "-set", "arrival=1e1", "-set", "seed=0x10"}, 0, ""},
		{[]string{"run", "warmup", "-set", "moved=!ref hashing.modulo.moved"}, 2, "report run: -set moved: \"!ref hashing.modulo.moved\": a !ref names an experiment of a lesson; give the value itself\n"},
	}
	for _, tc := range tests {
		code, _, stderr := runCmd(tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, tc.code, stderr)
		}
		if tc.stderr != "" && stderr != tc.stderr {
			t.Errorf("%v: stderr\n%q\nwant\n%q", tc.args, stderr, tc.stderr)
		}
	}
}

// TestModels: report models lists every model of the course in registry
// order, each with its doc line, parameters and declared outputs; warmup's
// entry exactly.
func TestModels(t *testing.T) {
	code, out, stderr := runCmd("models")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	const warmup = `warmup (models/warmup)
  Simulates the load that reaches the store while the keys a node change moved miss the cache, during the warm-up window.

  parameter       type    default  unit    description
  moved           number  0.25     -       Moved is the share of keys that move to another node, in [0, 1].
  read_rps        number  416.67   rps     ReadRPS is the peak read rate, requests per second.
  write_rps       number  97.22    rps     WriteRPS is the peak write rate; writes always reach the store.
  hit_ratio       number  0.9      -       HitRatio is the share of reads the cache serves when warm, in [0, 1].
  base_store_rps  number  138.89   rps     BaseStoreRPS is the rate reaching the store with a warm cache.
  window_s        number  60       second  WindowS is the warm-up window, seconds.

  value                  unit     description
  moved                  -        share of keys that move to another node (the parameter)
  miss_ratio             -        share of reads that miss during the warm-up: moved + (1 − moved)(1 − hit_ratio)
  behind_cache_rps       rps      read rate that reaches the store during the warm-up: read_rps × miss_ratio
  store_rps              rps      rate that reaches the store during the warm-up: behind_cache_rps + write_rps
  base_multiple          -        store_rps / base_store_rps
  extra_store_requests   request  requests beyond the warm-cache rate over the window: (store_rps − base_store_rps) × window_s
  base_behind_cache_rps  rps      read rate that reaches the store with a warm cache: read_rps × (1 − hit_ratio)
  base_store_rps         rps      rate that reaches the store with a warm cache (the parameter)
  window_s               second   the warm-up window (the parameter)
  read_rps               rps      peak read rate (the parameter)
  write_rps              rps      peak write rate (the parameter)
  hit_ratio              -        share of reads a warm cache serves (the parameter)

`
	if !strings.Contains(out, warmup) {
		t.Errorf("models: no warmup entry\n%s\nin\n%s", warmup, out)
	}
	last := -1
	for _, m := range []string{"queue", "hashing", "warmup", "layer", "healthcheck"} {
		i := strings.Index(out, "\n"+m+" (models/"+m+")\n  Simulates ")
		if m == "queue" {
			i = strings.Index(out, m+" (models/"+m+")\n  Simulates ")
		}
		if i <= last {
			t.Errorf("models: %s missing or out of order", m)
		}
		last = i
	}
	lines := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		lines[strings.Join(strings.Fields(l), " ")] = true
	}
	for _, want := range []string{
		"round_robin.work.<r> turn round_robin: turns of service placed on replica r",
		"total.tail subject subjects in either tail, each counted once",
		"conn_seed whole number, optional unset - ConnSeed draws the connections.",
		"vnodes list of whole numbers [1,10,100,1000] - Vnodes lists the virtual-node counts per node for which a ring is built.",
	} {
		if !lines[want] {
			t.Errorf("models: no line %q", want)
		}
	}
	if code, _, _ := runCmd("models", "extra"); code != 2 {
		t.Errorf("models extra: exit %d, want 2", code)
	}
}

// FuzzSetValue feeds arbitrary -set values: none may panic, and an
// accepted value, written back as -set text (text quoted), reads back as
// the same value.
func FuzzSetValue(f *testing.F) {
	for _, s := range []string{"3,1,1", "[3, 1, 1]", "null", "", "[1,2,3]]", "a: b", "{x: 1}", "&a 1", "*a", "!ref x.y", "1e400", "'q'", "3,,1", "# c", "[[0]]", "0,0]", "[&a 1, *a]", "[x, 'y,z', ~]", "0x1f,1_000,.inf", "True"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		val, err := setValue(v)
		if err != nil {
			return
		}
		text, ok := setText(val, true)
		if !ok {
			return
		}
		again, err := setValue(text)
		if err != nil {
			t.Fatalf("%q: read as %#v, written %q, which is refused: %v", v, val, text, err)
		}
		if back, _ := setText(again, true); back != text {
			t.Fatalf("%q: read as %#v, written %q, read back as %#v", v, val, text, again)
		}
	})
}

// setText writes v as -set text: scalars as written, text quoted, a list
// in brackets. ok is false for a value -set cannot give: a mapping, text
// that is not UTF-8, or text with a comma outside a list (top).
func setText(v registry.Value, top bool) (string, bool) {
	switch v := v.(type) {
	case registry.Text:
		ok := utf8.ValidString(v.S) && !(top && strings.Contains(v.S, ","))
		return strconv.Quote(v.S), ok
	case registry.Null:
		if v.Text == "" {
			return "null", true
		}
	case registry.List:
		parts := make([]string, len(v))
		for i, it := range v {
			p, ok := setText(it, false)
			if !ok {
				return "", false
			}
			parts[i] = p
		}
		return "[" + strings.Join(parts, ", ") + "]", true
	case registry.Mapping:
		return "", false
	}
	return v.String(), true
}

// TestRunVaried: -replicate prints the statistics over the runs and
// -sweep the series over the parameter, as a lesson's varied experiment
// has them; the series member has the same shape with or without.
func TestRunVaried(t *testing.T) {
	code, out, errOut := runCmd("run", "queue", "-replicate", "seed=1..5", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Values map[string]float64
		Series map[string]struct{ X, Y []float64 }
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"round_robin.mean_wait.mean", "round_robin.mean_wait.sd", "round_robin.mean_wait.min", "round_robin.mean_wait.max",
		"round_robin.mean_wait.p50", "round_robin.mean_wait.ci95_lo", "round_robin.mean_wait.ci95_hi", "run.3.round_robin.mean_wait"} {
		if _, ok := got.Values[k]; !ok {
			t.Errorf("no value %s", k)
		}
	}
	if s := got.Series["round_robin.mean_wait"]; len(s.X) != 5 || s.X[4] != 5 || len(s.Y) != 5 {
		t.Errorf("series over the runs: %+v", s)
	}
	code, out, errOut = runCmd("run", "queue", "-sweep", "replicas=2..4", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got.Values, got.Series = nil, nil
	json.Unmarshal([]byte(out), &got)
	if s := got.Series["least_connections.mean_wait"]; len(s.X) != 3 || s.X[0] != 2 {
		t.Errorf("series over the sweep: %+v", s)
	}
	if v, ok := got.Values["least_connections.mean_wait.argmin"]; !ok || v < 2 || v > 4 {
		t.Errorf("argmin = %v, %v", v, ok)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"run", "queue", "-replicate", "seed"}, 2, "report run: -replicate \"seed\": want NAME=A..B\n"},
		{[]string{"run", "queue", "-replicate", "seed=5..1"}, 2, "report run: -replicate seed: the range 5..1 is empty or reversed (write A..B:STEP with A <= B and STEP > 0)\n"},
		{[]string{"run", "queue", "-sweep", "replica=1..3"}, 1, "report run: model queue has no parameter \"replica\" (did you mean \"replicas\"?)\n"},
		{[]string{"run", "queue", "-replicate", "seed=1..200", "-sweep", "replicas=1..100"}, 2, "report run: 20000 runs, more than 10000\n"},
	} {
		code, _, errOut := runCmd(tc.args...)
		if code != tc.code || errOut != tc.want {
			t.Errorf("%v: exit %d %q, want %d %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}
