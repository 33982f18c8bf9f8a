// Package numfmt formats result values for a page: a small format spec
// (decimals, percent, unit, grouping) rendered in a locale-neutral form for
// the numbers files and in each page's locale through golang.org/x/text.
//
// Rounding is correct rounding of the float64's exact binary value, exact
// ties to even, in both forms, so the neutral and the localised strings
// always show the same digits.
package numfmt

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// A Format says how one value is shown. The zero Format shows the shortest
// decimal that round-trips, grouped.
type Format struct {
	Digits  int  // decimals after the point; meaningful when Fixed
	Fixed   bool // Digits was given
	Percent bool // show v*100 followed by the locale's percent sign
	Unit    bool // append the value's unit term
	Plain   bool // no digit grouping (identifiers such as seeds)
	// Case is a Turkish case ending for the number; pages in other
	// languages show none. It is not part of the value's identity.
	Case Case
}

// Parse reads a format spec: space-separated words, each one of
//
//	N      N decimals (0 to 12)
//	%N     percent with N decimals
//	unit   append the unit
//	plain  no thousands grouping
//	acc dat loc abl gen   a Turkish case ending (see Case)
//
// The empty spec is the zero Format.
func Parse(spec string) (Format, error) {
	var f Format
	for _, w := range strings.Fields(spec) {
		switch {
		case w == "unit":
			f.Unit = true
		case w == "plain":
			f.Plain = true
		case isCase(w):
			if f.Case != "" {
				return Format{}, fmt.Errorf("two case endings: %s and %s", f.Case, w)
			}
			f.Case = Case(w)
		case strings.HasPrefix(w, "%") || isDigits(w):
			d := strings.TrimPrefix(w, "%")
			n, err := strconv.Atoi(d)
			if err != nil || !isDigits(d) || n > 12 {
				return Format{}, fmt.Errorf("bad number format %q: want 0 to 12 decimals, as in 2 or %%1", w)
			}
			if f.Fixed {
				return Format{}, fmt.Errorf("number format %q given twice", w)
			}
			f.Digits, f.Fixed, f.Percent = n, true, strings.HasPrefix(w, "%")
		default:
			return Format{}, fmt.Errorf("unknown format word %q (want decimals such as 2, a percent such as %%1, unit, plain, or a case ending acc, dat, loc, abl, gen)", w)
		}
	}
	if f.Unit && f.Case != "" {
		return Format{}, fmt.Errorf("a case ending cannot follow a unit: write the unit in the sentence")
	}
	return f, nil
}

func isCase(w string) bool {
	for _, c := range cases {
		if string(c) == w {
			return true
		}
	}
	return false
}

// WithoutCase returns f without its case ending: what the value is, as
// opposed to how one language's grammar attaches to it.
func (f Format) WithoutCase() Format {
	f.Case = ""
	return f
}

// KeySuffix is what a value's key in the numbers files adds to its path
// for f: "|" and the format without its unit and case ending, or "" for a
// format with nothing else.
func (f Format) KeySuffix() string {
	f.Unit = false
	if s := f.WithoutCase().String(); s != "" {
		return "|" + s
	}
	return ""
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// String returns the canonical spec of f; Parse(f.String()) == f.
func (f Format) String() string {
	var w []string
	if f.Fixed {
		p := ""
		if f.Percent {
			p = "%"
		}
		w = append(w, p+strconv.Itoa(f.Digits))
	}
	if f.Unit {
		w = append(w, "unit")
	}
	if f.Plain {
		w = append(w, "plain")
	}
	if f.Case != "" {
		w = append(w, string(f.Case))
	}
	return strings.Join(w, " ")
}

// rounded returns v rounded as f says, as a decimal string with '.' and no
// grouping, and the number of decimals it carries. For a percent, the string
// is already multiplied by 100.
func (f Format) rounded(v float64) (string, int) {
	var s string
	digits := -1
	switch {
	case f.Fixed && f.Percent:
		s = shiftPoint(strconv.FormatFloat(v, 'f', f.Digits+2, 64), 2)
		digits = f.Digits
	case f.Fixed:
		s = strconv.FormatFloat(v, 'f', f.Digits, 64)
		digits = f.Digits
	case f.Percent:
		s = shiftPoint(strconv.FormatFloat(v, 'f', -1, 64), 2)
	default:
		s = strconv.FormatFloat(v, 'f', -1, 64)
	}
	if digits < 0 {
		if i := strings.IndexByte(s, '.'); i >= 0 {
			digits = len(s) - i - 1
		} else {
			digits = 0
		}
	}
	if strings.Trim(s, "-0.") == "" {
		s = strings.TrimPrefix(s, "-")
	}
	return s, digits
}

// shiftPoint multiplies the decimal string s by 10^n exactly.
func shiftPoint(s string, n int) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, _ := strings.Cut(s, ".")
	for len(frac) < n {
		frac += "0"
	}
	intPart += frac[:n]
	frac = frac[n:]
	intPart = strings.TrimLeft(intPart, "0")
	if intPart == "" {
		intPart = "0"
	}
	if neg {
		intPart = "-" + intPart
	}
	if frac == "" {
		return intPart
	}
	return intPart + "." + frac
}

// Neutral returns v as the numbers files show it: '.' as decimal point, no
// grouping, a trailing '%' for a percent.
func (f Format) Neutral(v float64) string {
	s, _ := f.rounded(v)
	if f.Percent {
		s += "%"
	}
	return s
}

// A Locale formats numbers the way one language writes them.
type Locale struct {
	Tag language.Tag
	p   *message.Printer
}

// NewLocale returns the Locale for a BCP 47 tag such as "tr" or "en".
func NewLocale(tag string) (*Locale, error) {
	t, err := language.Parse(tag)
	if err != nil {
		return nil, err
	}
	return &Locale{Tag: t, p: message.NewPrinter(t)}, nil
}

// Format returns v formatted by f in the locale, without the unit, with the
// case ending if f has one and the locale is Turkish.
func (l *Locale) Format(f Format, v float64) string {
	s := l.number(f, v)
	if base, _ := l.Tag.Base(); f.Case != "" && base.String() == "tr" {
		s = turkishCase(s, f.Case)
	}
	return s
}

// FormatNeutral formats a value written in its neutral form, as Neutral
// wrote it for f, in the locale: FormatNeutral(f, f.Neutral(v)) is
// Format(f, v). It reads the digits as they are, without rounding again.
func (l *Locale) FormatNeutral(f Format, neutral string) string {
	s := neutral
	if f.Percent {
		s = strings.TrimSuffix(s, "%")
	}
	digits := 0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		digits = len(s) - i - 1
	}
	out := l.decimal(f, s, digits)
	if base, _ := l.Tag.Base(); f.Case != "" && base.String() == "tr" {
		out = turkishCase(out, f.Case)
	}
	return out
}

func (l *Locale) number(f Format, v float64) string {
	s, digits := f.rounded(v)
	return l.decimal(f, s, digits)
}

// decimal formats s, a decimal string with digits decimals (already
// multiplied by 100 for a percent), in the locale.
func (l *Locale) decimal(f Format, s string, digits int) string {
	r, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return s // NaN and infinities: no locale form
	}
	opts := []number.Option{number.Scale(digits)}
	if f.Plain {
		opts = append(opts, number.NoSeparator())
	}
	if f.Percent {
		return l.p.Sprint(number.Percent(r/100, opts...))
	}
	return l.p.Sprint(number.Decimal(r, opts...))
}
