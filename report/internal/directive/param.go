package directive

import (
	"strings"

	"go.yaml.in/yaml/v3"

	"lbcourse/report/internal/registry"
)

// A Param is one parameter an experiment sets, parsed once from its body:
// its name, its value as plain data (a registry.Value: null, a bool, a
// number with its text, text, a list of those, a mapping, or a Ref for a
// !ref) and the lesson-file offsets of the name (NameOff) and of the value
// (ValueOff, at its tag for a !ref). The registry decodes a []Param as it
// is.
type Param = registry.Arg

// ParamValueOf reads a parameter's YAML value node as plain data, resolving
// scalars as YAML does: a plain 3 is a number, "3" and !!str 3 are text,
// null, ~ and nothing are null, !ref PATH is a Ref. An alias stands for the
// scalar it names (or, for the whole value, the list); an alias to a
// collection inside a list, which could otherwise expand without bound, is
// a Mapping showing its name. A scalar YAML cannot resolve under its
// explicit tag (!!int x) is text, and so is a !!binary one, as written.
func ParamValueOf(n *yaml.Node) registry.Value {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	switch {
	case n.Tag == "!ref":
		return registry.Ref{Path: n.Value} // "" for a collection: not a path
	case n.Kind == yaml.SequenceNode:
		l := make(registry.List, len(n.Content))
		for i, c := range n.Content {
			l[i] = itemValue(c)
		}
		return l
	}
	return itemValue(n)
}

// itemValue is ParamValueOf for an item of a list: only an alias to a scalar
// is followed.
func itemValue(n *yaml.Node) registry.Value {
	if n.Kind == yaml.AliasNode && n.Alias != nil && n.Alias.Kind == yaml.ScalarNode {
		n = n.Alias
	}
	switch n.Kind {
	case yaml.ScalarNode:
		return scalarValue(n)
	case yaml.SequenceNode:
		l := make(registry.List, len(n.Content))
		for i, c := range n.Content {
			l[i] = itemValue(c)
		}
		return l
	}
	return registry.Mapping{Text: flowNode(n)}
}

func scalarValue(n *yaml.Node) registry.Value {
	tag := n.ShortTag()
	switch {
	case n.Tag == "!ref":
		return registry.Ref{Path: n.Value}
	case tag == "!!null":
		return registry.Null{Text: n.Value}
	case tag == "!!bool":
		var b bool
		if n.Decode(&b) == nil {
			return registry.Bool{V: b, Text: n.Value}
		}
	case tag == "!!int" || tag == "!!float":
		num := registry.Number{Text: n.Value}
		if n.Decode(&num.F) != nil {
			break
		}
		if tag == "!!int" {
			num.IsInt = n.Decode(&num.I) == nil
		}
		return num
	}
	return registry.Text{S: n.Value}
}

// flowNode renders a YAML value the way an author would write it on one
// line: [3, 1, 1], {a: 1}, or the scalar (an alias by its name).
func flowNode(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		parts := make([]string, len(n.Content))
		for i, c := range n.Content {
			parts[i] = flowNode(c)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case yaml.MappingNode:
		var parts []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			parts = append(parts, flowNode(n.Content[i])+": "+flowNode(n.Content[i+1]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	if n.Tag == "!ref" {
		return "!ref " + n.Value
	}
	return n.Value
}
