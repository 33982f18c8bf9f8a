// Package yamldoc decodes YAML documents strictly and maps YAML node
// positions to byte offsets of the text they were parsed from.
package yamldoc

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// DecodeStrict decodes src into v, refusing keys v has no field for.
func DecodeStrict(src []byte, v any) error {
	d := yaml.NewDecoder(strings.NewReader(string(src)))
	d.KnownFields(true)
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return nil
}

// LineOffsets returns the byte offset of the start of each line of src.
func LineOffsets(src []byte) []int {
	offs := []int{0}
	for i, c := range src {
		if c == '\n' {
			offs = append(offs, i+1)
		}
	}
	return offs
}

// NodeOffset turns a YAML node's line and column (which counts runes) into
// a byte offset of src, the text it was parsed from; lines are src's line
// offsets.
func NodeOffset(src []byte, lines []int, n *yaml.Node) int {
	if n.Line < 1 || n.Line > len(lines) {
		return 0
	}
	off := lines[n.Line-1]
	for i := 1; i < n.Column && off < len(src) && src[off] != '\n'; i++ {
		_, size := utf8.DecodeRune(src[off:])
		off += size
	}
	return off
}
