package directive

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"lbcourse/models/model"
	"lbcourse/report/internal/registry"
)

// every has a parameter of each type a model's Params may use.
type every struct {
	I  int       `yaml:"i"`
	I8 int8      `yaml:"i8"`
	L  int64     `yaml:"l"`
	F  float64   `yaml:"f"`
	S  string    `yaml:"s"`
	B  bool      `yaml:"b"`
	P  *int64    `yaml:"p"`
	IS []int     `yaml:"is"`
	FS []float64 `yaml:"fs"`
}

var everyModel = registry.New("every", "models/every", nil, func() every { return every{} },
	func(every) error { return nil }, func(context.Context, every) (model.Result, error) { return model.Result{}, nil })

// viaYAML decodes the value node n into a new value of type t as the
// registry did when it decoded YAML nodes itself: within the bounds; no
// null, nor a null item; a lone scalar for a list of one; no fractional
// number for an integer; then yaml.v3's Decode. It returns the value as
// JSON.
func viaYAML(n *yaml.Node, t reflect.Type) (string, bool) {
	if n.Kind == yaml.SequenceNode && len(n.Content) > registry.MaxListItems ||
		n.Kind == yaml.ScalarNode && len(n.Value) > registry.MaxTextBytes {
		return "", false
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return "", false
	}
	for _, c := range n.Content {
		if c.Kind == yaml.ScalarNode && c.Tag == "!!null" {
			return "", false
		}
	}
	if t.Kind() == reflect.Slice && n.Kind == yaml.ScalarNode {
		n = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: []*yaml.Node{n}}
	}
	if !whole(n, t) {
		return "", false
	}
	target := reflect.New(t)
	if err := n.Decode(target.Interface()); err != nil {
		return "", false
	}
	b, err := json.Marshal(target.Elem().Interface())
	if err != nil { // as registry.Params.Canonical writes an infinity
		return strconv.Quote(fmt.Sprint(target.Elem().Interface())), true
	}
	return string(b), true
}

func whole(n *yaml.Node, t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice:
		for _, c := range n.Content {
			if !whole(c, t.Elem()) {
				return false
			}
		}
	case reflect.Int, reflect.Int8, reflect.Int64:
		if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!float" {
			var f float64
			if err := n.Decode(&f); err != nil || f != math.Trunc(f) || math.IsInf(f, 0) {
				return false
			}
		}
	}
	return true
}

// viaValue decodes the value node n into parameter name of every through
// ParamValueOf and the registry, returning the field as JSON.
func viaValue(n *yaml.Node, name string) (string, bool) {
	p, probs := everyModel.Decode([]registry.Arg{{Name: name, Value: ParamValueOf(n)}}, nil)
	if len(probs) > 0 {
		return "", false
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(p.Canonical()), &m); err != nil {
		panic(err)
	}
	return string(m[name]), true
}

// valueNode parses text as the value of a key in an experiment body.
func valueNode(text string) (*yaml.Node, bool) {
	var doc yaml.Node
	if strings.ContainsAny(text, "\n\r") || yaml.Unmarshal([]byte("k: "+text), &doc) != nil ||
		len(doc.Content) != 1 || len(doc.Content[0].Content) != 2 {
		return nil, false
	}
	return doc.Content[0].Content[1], true
}

// agree says how ParamValueOf and the registry decode text where YAML
// decoding differs, or "".
func agree(text string) string {
	n, ok := valueNode(text)
	if !ok {
		return ""
	}
	if got, want := ParamValueOf(n).String(), flowNode(n); got != want {
		return fmt.Sprintf("shown as %q, written %q", got, want)
	}
	t := reflect.TypeFor[every]()
	for i := range t.NumField() {
		f := t.Field(i)
		want, wok := viaYAML(n, f.Type)
		if wok && integer(f.Type) && outOfRange(ParamValueOf(n)) {
			continue // YAML took such a number as -2^63; the registry refuses it
		}
		got, gok := viaValue(n, f.Tag.Get("yaml"))
		if gok != wok || got != want {
			return fmt.Sprintf("%s: registry %s (%v), YAML %s (%v)", f.Type, got, gok, want, wok)
		}
	}
	return ""
}

// integer reports an integer type, or a pointer to or a list of one.
func integer(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	return t.Kind() >= reflect.Int && t.Kind() <= reflect.Int64
}

// outOfRange reports a number of v, or of its items, beyond the int64
// range that is not an integer literal.
func outOfRange(v registry.Value) bool {
	switch v := v.(type) {
	case registry.Number:
		return !v.IsInt && math.Abs(v.F) >= 1<<63
	case registry.List:
		for _, it := range v {
			if outOfRange(it) {
				return true
			}
		}
	}
	return false
}

var paramSeeds = []string{
	"3", "-3", "+3", "2.5", "2.0", "1e3", "1E3", "0x1f", "0o17", "017", "0b101", "1_000", ".inf", "-.Inf", ".nan",
	"9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616", "-9270000000000000000", "[9.3e18]",
	"1e400", "127", "128", "-129", "null", "~", "", "Null", "true", "False", "yes", "off", "y", "x", "'3'", `"2.5"`,
	"'null'", "2001-12-14", "[]", "[3, 1, 1]", "[1, 2.5]", "[1, null]", "[1, ~, 3]", "[[1]]", "[a, 1]", "{a: 1}",
	"[{a: 1}]", "!!str 3", "!!float 3", "!!int '3'", "[1.5e300, -0.0]", "- 1", "'a,b'", "[!ref a.b]",
}

// TestParamValueDecodes: a value read by ParamValueOf is shown as the
// lesson wrote it and decodes into every parameter type as YAML decoding
// did, the same values accepted and refused.
func TestParamValueDecodes(t *testing.T) {
	for _, s := range paramSeeds {
		if msg := agree(s); msg != "" {
			t.Errorf("%q: %s", s, msg)
		}
	}
}

// FuzzParamValue: as TestParamValueDecodes, for any value without an
// explicit tag, an anchor or an alias (where ParamValueOf departs from
// YAML on purpose: see its comment).
func FuzzParamValue(f *testing.F) {
	for _, s := range paramSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsAny(s, "!&*") {
			return
		}
		if msg := agree(s); msg != "" {
			t.Fatalf("%q: %s", s, msg)
		}
	})
}
