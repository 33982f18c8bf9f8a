package registry

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"reflect"
	"strconv"
	"strings"
)

// A Param describes one parameter of a model, for `report models`.
type Param struct {
	Name string // yaml key
	// Type is what a lesson writes: "whole number", "list of numbers",
	// "text"…, with ", optional" for a parameter that may stay unset.
	Type string
	// Default is the default value as JSON, "[]" for an empty list, or
	// "unset" for an optional parameter without one.
	Default string
	// Unit is the field's unit tag, "" when it has none.
	Unit string
	// Doc is the first sentence of the field's comment in the model's
	// source, "" when the source has none.
	Doc string
}

// Parameters describes m's parameters in declaration order.
func (m *Model) Parameters() []Param {
	docs := fieldDocs(m.Source, m.params.Name())
	def := reflect.ValueOf(m.newParams()).Elem()
	out := make([]Param, len(m.fields))
	for i, f := range m.fields {
		typ := strings.TrimPrefix(strings.TrimPrefix(describe(f.Type), "a "), "an ")
		if f.Type.Kind() == reflect.Pointer {
			typ += ", optional"
		}
		out[i] = Param{Name: f.Name, Type: typ, Default: defaultText(def.Field(f.Index)), Unit: f.Unit,
			Doc: docs[m.params.Field(f.Index).Name]}
	}
	return out
}

func defaultText(v reflect.Value) string {
	switch {
	case v.Kind() == reflect.Pointer && v.IsNil():
		return "unset"
	case v.Kind() == reflect.Slice && v.Len() == 0:
		return "[]"
	}
	b, err := json.Marshal(v.Interface())
	if err != nil {
		return strconv.Quote(v.String())
	}
	return string(b)
}

// fieldDocs returns the first sentence of the comment of each field of the
// struct type called typeName in the non-test Go files of fsys, by field
// name.
func fieldDocs(fsys fs.FS, typeName string) map[string]string {
	docs := map[string]string{}
	if fsys == nil {
		return docs
	}
	files, _ := fs.Glob(fsys, "*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := fs.ReadFile(fsys, f)
		if err != nil || !bytes.Contains(b, []byte(typeName+" struct")) {
			continue // only a file declaring the struct is worth parsing
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, b, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		ast.Inspect(af, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok || ts.Name.Name != typeName {
				return true
			}
			if st, ok := ts.Type.(*ast.StructType); ok {
				for _, fl := range st.Fields.List {
					for _, name := range fl.Names {
						docs[name.Name] = firstSentence(fl.Doc.Text())
					}
				}
			}
			return false
		})
	}
	return docs
}

// firstSentence returns text up to its first full stop followed by a
// space or the end, on one line.
func firstSentence(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if i := strings.Index(text+" ", ". "); i >= 0 {
		return text[:i+1]
	}
	return text
}
