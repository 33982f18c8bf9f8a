// Package model defines what every model package shares: the plain Result a
// run returns, the ParamError a parameter check reports, and the Def a model
// package describes itself with.
//
// Models are plain Go packages under models/. Each one exports
//
//	type Params struct{ ... }                  // yaml tags name the parameters
//	func DefaultParams() Params                // the source document's values
//	func (p Params) Validate() error           // nil or ParamErrors
//	func Run(ctx context.Context, p Params) (model.Result, error)
//	var Source embed.FS                        // the package's own Go files
//	var Model = model.Def[Params]{...}         // all of the above, named, with its Outputs
//
// The generator registers Model and nothing else: its name, its doc line, its
// directory (derived from Params), its source, and the declared pattern, unit
// and description of every value and series Run returns (see Output for the
// pattern syntax).
//
// Run is deterministic for a given Params: the same Params give the same
// Result, bit for bit, on every machine. Models never import the generator or
// any plotting code.
package model

import (
	"fmt"
	"strings"
)

// A Value is one named scalar of a result. Path is dotted, lower case, for
// example "round_robin.mean_wait" or "ring.1000.moved". Unit names a term
// ("turn", "rps", "request", ""), translated by the generator.
type Value struct {
	Path string
	V    float64
	Unit string
}

// A Text is one named piece of text of a result, such as the name of the
// CPU a measurement ran on: shown as written, never computed with. Its path
// is a value path and no value shares it.
type Text struct {
	Path string
	S    string
}

// A Series is an ordered sequence of points for a plot. X and Y have the same
// length. Labels, when not nil, names each point (categories for a bar plot).
type Series struct {
	Name   string
	X, Y   []float64
	Labels []string
}

// A Result is what one run of a model returns: values, texts and series,
// each in the order the model added them. Paths (of values and texts
// together) and series names are unique. Once returned a Result is read,
// never written: series may share their slices.
type Result struct {
	Values []Value
	Series []Series
	Texts  []Text
}

// Set appends the value at path with the given unit.
func (r *Result) Set(path string, v float64, unit string) {
	r.Values = append(r.Values, Value{Path: path, V: v, Unit: unit})
}

// SetText appends the text s at path.
func (r *Result) SetText(path, s string) { r.Texts = append(r.Texts, Text{Path: path, S: s}) }

// AddSeries appends s.
func (r *Result) AddSeries(s Series) { r.Series = append(r.Series, s) }

// Value returns the value at path and whether it exists.
func (r *Result) Value(path string) (Value, bool) {
	for _, v := range r.Values {
		if v.Path == path {
			return v, true
		}
	}
	return Value{}, false
}

// Text returns the text at path and whether it exists.
func (r *Result) Text(path string) (Text, bool) {
	for _, t := range r.Texts {
		if t.Path == path {
			return t, true
		}
	}
	return Text{}, false
}

// SeriesNamed returns the series called name and whether it exists.
func (r *Result) SeriesNamed(name string) (Series, bool) {
	for _, s := range r.Series {
		if s.Name == name {
			return s, true
		}
	}
	return Series{}, false
}

// A ParamError says that one parameter, named by its yaml key, is invalid.
type ParamError struct {
	Param string
	Msg   string
}

func (e ParamError) Error() string { return fmt.Sprintf("parameter %s: %s", e.Param, e.Msg) }

// ParamErrors is the list of every invalid parameter of one Params value, in
// field order. Validate returns nil, never an empty ParamErrors.
type ParamErrors []ParamError

func (es ParamErrors) Error() string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = e.Error()
	}
	return strings.Join(s, "; ")
}

// Err returns es as an error, or nil when es is empty.
func (es ParamErrors) Err() error {
	if len(es) == 0 {
		return nil
	}
	return es
}
