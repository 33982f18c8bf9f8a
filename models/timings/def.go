package timings

import (
	"context"

	"lbcourse/models/model"
)

// Model describes the timings model to the generator.
var Model = model.Def[Params]{
	Name:     "timings",
	Doc:      "Reads the benchmark timings make bench recorded, with the machine and the day they were measured on.",
	Source:   Source,
	Defaults: DefaultParams,
	Run:      Run,
	Outputs:  outputs(embedded),
}

// Params is empty: the model reads the one embedded results file.
type Params struct{}

// DefaultParams returns the (empty) parameters.
func DefaultParams() Params { return Params{} }

// Validate accepts the empty parameters.
func (Params) Validate() error { return nil }

// embedded is the parsed results file; a file that does not parse declares
// only the machine's outputs, and Run reports its error.
var embedded, embeddedErr = Parse(results, "models/timings/results.txt")

// Run returns the machine and every benchmark's figures of the embedded
// results file.
func Run(ctx context.Context, _ Params) (model.Result, error) {
	if embeddedErr != nil {
		return model.Result{}, embeddedErr
	}
	return Figures(embedded), ctx.Err()
}

// Figures returns the values and texts of rs, as outputs declares them.
func Figures(rs Results) model.Result {
	var r model.Result
	m := rs.Machine
	r.SetText("date", m.Date)
	r.SetText("machine.cpu", m.CPU)
	r.SetText("machine.goos", m.GOOS)
	r.SetText("machine.goarch", m.GOARCH)
	r.SetText("machine.go", m.Go)
	r.Set("machine.gomaxprocs", float64(m.GOMAXPROCS), "")
	r.Set("machine.cores", float64(m.Cores), "")
	r.Set("benchmarks", float64(len(rs.Benchmarks)), "")
	for _, b := range rs.Benchmarks {
		r.Set(b.Path+".ns_per_op", median(b.NsPerOp), "nanosecond")
		r.Set(b.Path+".min", minOf(b.NsPerOp), "nanosecond")
		r.Set(b.Path+".max", maxOf(b.NsPerOp), "nanosecond")
		r.Set(b.Path+".bytes_per_op", median(b.BytesPerOp), "byte")
		r.Set(b.Path+".allocs_per_op", median(b.AllocsPerOp), "")
		r.Set(b.Path+".runs", float64(len(b.NsPerOp)), "")
	}
	return r
}

// outputs declares the machine's outputs and, for each benchmark of rs, its
// figures: the declarations follow the committed file, so that a new
// benchmark recorded by make bench is declared with it.
func outputs(rs Results) []model.Output {
	outs := []model.Output{
		model.OutText("date", "the day the benchmarks ran, UTC, as 2006-01-02"),
		model.OutText("machine.cpu", "the CPU the benchmarks ran on, as go test names it"),
		model.OutText("machine.goos", "the operating system (GOOS)"),
		model.OutText("machine.goarch", "the architecture (GOARCH)"),
		model.OutText("machine.go", "the Go toolchain's version"),
		model.OutValue("machine.gomaxprocs", "", "GOMAXPROCS of the benchmark runs"),
		model.OutValue("machine.cores", "", "logical CPUs of the machine (runtime.NumCPU)"),
		model.OutValue("benchmarks", "", "the number of benchmarks in the file"),
	}
	for _, b := range rs.Benchmarks {
		of := b.Name + " of " + b.Pkg
		outs = append(outs,
			model.OutValue(b.Path+".ns_per_op", "nanosecond", of+": median time per operation over the runs"),
			model.OutValue(b.Path+".min", "nanosecond", of+": least time per operation of a run"),
			model.OutValue(b.Path+".max", "nanosecond", of+": greatest time per operation of a run"),
			model.OutValue(b.Path+".bytes_per_op", "byte", of+": median bytes allocated per operation"),
			model.OutValue(b.Path+".allocs_per_op", "", of+": median allocations per operation"),
			model.OutValue(b.Path+".runs", "", of+": runs recorded (go test -count)"),
		)
	}
	return outs
}

func minOf(xs []float64) float64 {
	m := xs[0]
	for _, x := range xs[1:] {
		m = min(m, x)
	}
	return m
}

func maxOf(xs []float64) float64 {
	m := xs[0]
	for _, x := range xs[1:] {
		m = max(m, x)
	}
	return m
}
