package mdext

import (
	"strconv"
	"strings"
	"unicode"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// ids generates heading ids that keep the letters of any Latin-script
// language readable: diacritics are dropped (ş→s, ü→u, ı→i), everything
// else but letters and digits becomes one hyphen. Ids are unique per
// document: a repeat gets -1, -2, ….
type ids struct {
	used map[string]bool
}

// NewIDs returns a parser.IDs for one document.
func NewIDs() parser.IDs { return &ids{used: map[string]bool{}} }

// letters spells letters that have no decomposition as ASCII. A Replacer is
// safe for concurrent use.
var letters = strings.NewReplacer("ı", "i", "İ", "i", "ß", "ss", "ø", "o", "Ø", "o", "æ", "ae", "đ", "d")

// slug is safe for concurrent use: a transform.Transformer keeps state, so
// each call makes its own.
func slug(s string) string {
	s = letters.Replace(s)
	stripMarks := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	s, _, _ = transform.String(stripMarks, s)
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(s) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
		} else {
			hyphen = true
		}
	}
	return b.String()
}

func (s *ids) Generate(value []byte, kind gast.NodeKind) []byte {
	base := slug(string(value))
	if base == "" {
		base = "section"
	}
	id := base
	for i := 1; s.used[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
	s.used[id] = true
	return []byte(id)
}

func (s *ids) Put(value []byte) { s.used[string(value)] = true }
