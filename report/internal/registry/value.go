package registry

import (
	"strconv"
	"strings"
)

// An Arg is one parameter given to Decode: its name and value, and where
// each was written (byte offsets of the caller's choosing, such as a lesson
// file's); a Problem carries one of them back.
type Arg struct {
	Name     string
	NameOff  int
	ValueOff int
	Value    Value
}

// A Value is a parameter value as plain data, parsed once by the caller
// (package directive reads a lesson's YAML into one): Null, Bool, Number,
// Text, List, Mapping or Ref. String is the value as written on one line:
// a scalar's text, [3, 1, 1] for a list, "!ref PATH" for a reference.
type Value interface {
	String() string
	value()
}

// Null is a null value (null, ~ or nothing, as Text says); no parameter
// takes one, nor a list item.
type Null struct{ Text string }

// A Bool is true or false; Text is how it was written (true, False…).
type Bool struct {
	V    bool
	Text string
}

// A Number is a number: Text as written (3, 2.5, 1e3, 0x1f, .inf) and its
// value F. An integer literal within the int64 range also has its exact
// value in I, with IsInt set, since F may round it.
type Number struct {
	Text  string
	F     float64
	I     int64
	IsInt bool
}

// Float returns v as a Number written at full precision, the way a value
// one experiment hands another (a lesson's !ref) is given.
func Float(v float64) Number {
	return Number{Text: strconv.FormatFloat(v, 'g', -1, 64), F: v}
}

// Text is text: a quoted scalar, or a plain one that is no other kind.
type Text struct{ S string }

// A List is a list of values; a lone scalar given where a list is wanted
// stands for a list of one.
type List []Value

// A Mapping is a mapping, or another structure no parameter takes (such as
// an alias to a list inside a list); Text is how it is shown.
type Mapping struct{ Text string }

// A Ref is a value taken from elsewhere by path (a lesson's !ref
// OTHER.value.path): Decode sets it from the caller's refs.
type Ref struct{ Path string }

func (v Null) String() string    { return v.Text }
func (v Bool) String() string    { return v.Text }
func (v Number) String() string  { return v.Text }
func (v Text) String() string    { return v.S }
func (v Mapping) String() string { return v.Text }
func (v Ref) String() string     { return "!ref " + v.Path }

func (v List) String() string {
	parts := make([]string, len(v))
	for i, it := range v {
		parts[i] = it.String()
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (Null) value()    {}
func (Bool) value()    {}
func (Number) value()  {}
func (Text) value()    {}
func (List) value()    {}
func (Mapping) value() {}
func (Ref) value()     {}
