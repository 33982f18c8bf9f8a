package registry

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"lbcourse/models/model"
	"lbcourse/report/internal/diag"
)

// A Problem is an invalid parameter. Off is the NameOff of the Arg to blame
// for an unknown name, its ValueOff for a bad value, and -1 for a problem
// of the parameters as a whole (a Validate error that names no parameter,
// or one about a parameter left at its default).
type Problem = diag.Problem

// Bounds on any parameter value, whatever the model: each model's Validate
// bounds what its own values cost; these bound what decoding them costs.
const (
	MaxListItems = 1000
	MaxTextBytes = 256
)

// Decode builds the model's Params from the defaults and args, strictly:
// an unknown name, a value over the bounds, a value of the wrong type (a
// null, a fractional number for an integer, text for a number) and a value
// Validate rejects are each one problem, all reported at once. A Ref
// argument takes the number refs holds for its path; a Ref refs lacks is a
// problem. Names must be distinct. Decode(nil, nil) gives the defaults.
func (m *Model) Decode(args []Arg, refs map[string]float64) (Params, []Problem) {
	pv := m.newParams()
	rv := reflect.ValueOf(pv).Elem()
	var probs []Problem
	given := map[string]Arg{}
	failed := map[string]bool{}
	for _, a := range args {
		f, ok := m.field(a.Name)
		if !ok {
			probs = append(probs, Problem{Off: a.NameOff, Msg: fmt.Sprintf("model %s has no parameter %q%s", m.Name, a.Name, diag.DidYouMean(a.Name, m.ParamNames()))})
			continue
		}
		given[f.Name] = a
		if msg := m.setField(rv.Field(f.Index), f, a.Value, refs); msg != "" {
			probs = append(probs, Problem{Off: a.ValueOff, Msg: fmt.Sprintf("parameter %s: %s", f.Name, msg)})
			failed[f.Name] = true
		}
	}
	probs, ok := m.validateParams(pv, given, failed, probs)
	if !ok || len(probs) > 0 {
		return Params{}, probs
	}
	return Params{m, pv}, nil
}

// setField sets dst, the field f, from v (a Ref looked up in refs), or
// says why it cannot.
func (m *Model) setField(dst reflect.Value, f paramField, v Value, refs map[string]float64) string {
	if r, ok := v.(Ref); ok {
		n, ok := refs[r.Path]
		if !ok {
			return fmt.Sprintf("!ref %s has no value", r.Path)
		}
		v = Float(n)
	}
	if v == nil {
		v = Null{}
	}
	if msg := tooLarge(v); msg != "" {
		return msg
	}
	given := v
	switch v.(type) {
	case List, Mapping:
	default:
		if f.Type.Kind() == reflect.Slice {
			v = List{v} // a lone scalar for a list of one
		}
	}
	target := reflect.New(f.Type).Elem()
	if !set(target, v) {
		return fmt.Sprintf("want %s, not %s", describe(f.Type), shown(given))
	}
	dst.Set(target)
	return ""
}

// validateParams adds to probs what Validate rejects in pv, each at the
// value of the parameter it names (given holds those the caller set), but
// none about a parameter in failed: that complaint would be about its
// default. ok is false when Validate failed in a way that names no
// parameter; the problem is then the last of probs.
func (m *Model) validateParams(pv any, given map[string]Arg, failed map[string]bool, probs []Problem) ([]Problem, bool) {
	err := m.validate(pv)
	if err == nil {
		return probs, true
	}
	var pes model.ParamErrors
	switch e := err.(type) {
	case model.ParamErrors:
		pes = e
	case model.ParamError:
		pes = model.ParamErrors{e}
	default:
		return append(probs, Problem{Off: -1, Msg: fmt.Sprintf("model %s: %v", m.Name, err)}), false
	}
	for _, pe := range pes {
		if failed[pe.Param] {
			continue
		}
		off := -1
		if a, ok := given[pe.Param]; ok {
			off = a.ValueOff
		}
		probs = append(probs, Problem{Off: off, Msg: pe.Error()})
	}
	return probs, true
}

// field returns the parameter called name.
func (m *Model) field(name string) (paramField, bool) {
	for _, f := range m.fields {
		if f.Name == name {
			return f, true
		}
	}
	return paramField{}, false
}

// describe names what a value of type t is written as: "a whole number",
// "a list of numbers"…
func describe(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return describe(t.Elem())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		return "a list of " + strings.TrimPrefix(strings.TrimPrefix(describe(t.Elem()), "a "), "an ") + "s"
	}
	return t.String()
}

// tooLarge says why v exceeds the bounds, or "".
func tooLarge(v Value) string {
	switch v := v.(type) {
	case List:
		if len(v) > MaxListItems {
			return fmt.Sprintf("at most %d items, got %d", MaxListItems, len(v))
		}
	case Mapping:
	default:
		if n := len(v.String()); n > MaxTextBytes {
			return fmt.Sprintf("at most %d bytes of text, got %d", MaxTextBytes, n)
		}
	}
	return ""
}

// shown is v as a problem quotes it: "2.5", [3, null, 1], a nested list,
// a mapping.
func shown(v Value) string {
	switch v := v.(type) {
	case List:
		for _, it := range v {
			switch it.(type) {
			case List, Mapping:
				return "a nested list"
			}
		}
		return v.String()
	case Mapping:
		return "a mapping"
	}
	return strconv.Quote(v.String())
}

// set stores v into dst, a settable value of a parameter field's type (or
// of an element of one), and reports whether v is of that type. It decodes
// as YAML does: a whole number of any spelling for an integer (2.0, 1e3;
// never 2.5), a number for a float, any scalar's text for text, and yes, no,
// on, off, y, n as booleans. A null is of no type.
func set(dst reflect.Value, v Value) bool {
	if _, null := v.(Null); null {
		return false
	}
	switch dst.Kind() {
	case reflect.Pointer:
		p := reflect.New(dst.Type().Elem())
		if !set(p.Elem(), v) {
			return false
		}
		dst.Set(p)
		return true
	case reflect.Slice:
		l, ok := v.(List)
		if !ok {
			return false
		}
		s := reflect.MakeSlice(dst.Type(), len(l), len(l))
		for i, it := range l {
			if !set(s.Index(i), it) {
				return false
			}
		}
		dst.Set(s)
		return true
	}
	return setScalar(dst, v)
}

func setScalar(dst reflect.Value, v Value) bool {
	n, isNum := v.(Number)
	switch dst.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		i, ok := n.int64()
		if !isNum || !ok || dst.OverflowInt(i) {
			return false
		}
		dst.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		u, ok := n.uint64()
		if !isNum || !ok || dst.OverflowUint(u) {
			return false
		}
		dst.SetUint(u)
	case reflect.Float32, reflect.Float64:
		if !isNum {
			return false
		}
		dst.SetFloat(n.F)
	case reflect.String:
		switch v.(type) {
		case Number, Bool, Text:
			dst.SetString(v.String())
		default:
			return false
		}
	case reflect.Bool:
		b, ok := boolOf(v)
		if !ok {
			return false
		}
		dst.SetBool(b)
	default:
		return false
	}
	return true
}

// int64 returns n as an integer: exactly for an integer literal, and for
// any other whole number within the int64 range.
func (n Number) int64() (int64, bool) {
	if n.IsInt {
		return n.I, true
	}
	if n.F != math.Trunc(n.F) || n.F < -(1<<63) || n.F >= 1<<63 {
		return 0, false // fractional, NaN, infinite or out of range
	}
	return int64(n.F), true
}

// uint64 returns n as a non-negative integer, as int64 does.
func (n Number) uint64() (uint64, bool) {
	if n.IsInt {
		return uint64(n.I), n.I >= 0
	}
	if n.F != math.Trunc(n.F) || n.F < 0 || n.F >= 1<<64 {
		return 0, false
	}
	return uint64(n.F), true
}

// boolOf reads a Bool, or text YAML 1.1 took for a boolean.
func boolOf(v Value) (bool, bool) {
	switch v := v.(type) {
	case Bool:
		return v.V, true
	case Text:
		switch v.S {
		case "y", "Y", "yes", "Yes", "YES", "on", "On", "ON":
			return true, true
		case "n", "N", "no", "No", "NO", "off", "Off", "OFF":
			return false, true
		}
	}
	return false, false
}
