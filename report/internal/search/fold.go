// Package search builds the course's search index: the text of every lesson
// section, folded so that a query matches with or without Turkish letters
// and diacritics, and written as one small JSON file per language that
// templates/search.js reads.
//
// Folding (Fold) lower-cases with Turkish rules in mind (İ, I, ı and i all
// become i), removes every combining mark after canonical decomposition
// (ş → s, ğ → g, ü → u, ö → o, ç → c, â → a, é → e, …) and maps the few Latin
// letters whose diacritic is not a combining mark (ø, ł, đ, …) through
// foldTable. templates/search.js holds a copy of that table between the
// markers fold-table:begin and fold-table:end and folds a query the same
// way; a test keeps the two in step.
package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// foldTable maps the lower-case letters that survive decomposition and the
// removal of combining marks to plain Latin letters. ı is the one Turkish
// letter among them: the dotless i has no decomposition.
var foldTable = map[rune]string{
	'ı': "i",
	'ø': "o",
	'đ': "d",
	'ð': "d",
	'ł': "l",
	'ħ': "h",
	'ß': "ss",
	'æ': "ae",
	'œ': "oe",
	'þ': "th",
}

// Fold returns s lower-cased and without diacritics: "İSTANBUL" → "istanbul",
// "Işık" → "isik", "çığ" → "cig", "Kâhin" → "kahin". The steps, the same in
// search.js: lower-case every rune; decompose (NFD); remove the combining
// marks (Mn); recompose (NFC, which only rejoins what has no mark, such as
// Hangul); map foldTable's letters. Fold(Fold(s)) == Fold(s).
func Fold(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	// İ lower-cases to i here (unicode.ToLower); in JavaScript to i and a
	// combining dot above, which the next step removes.
	s = strings.ToLower(s)
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	s, _, err := transform.String(t, s)
	if err != nil { // not reached: these transformers take any input
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if m, ok := foldTable[r]; ok {
			b.WriteString(m)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Tokens returns the words of Fold(s): its maximal runs of letters and
// decimal digits, in order, repeats kept.
func Tokens(s string) []string {
	return strings.FieldsFunc(Fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// Indexable reports whether a token goes into the index and counts in a
// query: at least two runes, one of them a letter. Lone letters and bare
// numbers (computed values, which change with the models) would match
// nearly everything or nothing useful. search.js applies the same rule.
func Indexable(tok string) bool {
	if utf8.RuneCountInString(tok) < 2 {
		return false
	}
	return strings.IndexFunc(tok, unicode.IsLetter) >= 0
}
