package numfmt

import (
	"strings"
	"unicode/utf8"
)

// A Case is a Turkish case ending to attach to a number: Turkish writes it
// after an apostrophe, and its sound follows the last word of the number
// read aloud (17'ye "on yedi-ye", %74,85'i "... seksen beş-i").
type Case string

// The case endings a format may ask for; "" is none.
const (
	Accusative Case = "acc" // belirtme: -(y)ı
	Dative     Case = "dat" // yönelme: -(y)a
	Locative   Case = "loc" // bulunma: -da
	Ablative   Case = "abl" // ayrılma: -dan
	Genitive   Case = "gen" // tamlayan: -(n)ın
)

var cases = []Case{Accusative, Dative, Locative, Ablative, Genitive}

// lastWord returns the last word of a number as Turkish reads it, given its
// digits: "1,90" is read "bir virgül doksan", "0,2500" "sıfır virgül iki bin
// beş yüz", "2.000.000" "iki milyon". digits holds only 0-9, ',' and '.'.
func lastWord(digits string) string {
	intPart, frac, hasFrac := strings.Cut(digits, ",")
	if hasFrac {
		if w := integerLastWord(frac); w != "" {
			return w
		}
		return "sıfır"
	}
	if w := integerLastWord(strings.ReplaceAll(intPart, ".", "")); w != "" {
		return w
	}
	return "sıfır"
}

var (
	units = [...]string{"", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"}
	tens  = [...]string{"", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan"}
	large = [...]string{"bin", "milyon", "milyar", "trilyon", "katrilyon", "kentilyon"}
)

// integerLastWord is the last word of the integer written by the decimal
// digits s, or "" for zero.
func integerLastWord(s string) string {
	s = strings.TrimLeft(s, "0")
	if s == "" {
		return ""
	}
	d := func(i int) int { // the i-th digit from the right
		if i >= len(s) {
			return 0
		}
		return int(s[len(s)-1-i] - '0')
	}
	for group := 0; 3*group < len(s); group++ {
		u, t, h := d(3*group), d(3*group+1), d(3*group+2)
		if u == 0 && t == 0 && h == 0 {
			continue
		}
		if group > 0 {
			return large[min(group-1, len(large)-1)]
		}
		switch {
		case u != 0:
			return units[u]
		case t != 0:
			return tens[t]
		default:
			return "yüz"
		}
	}
	return ""
}

// suffix returns the ending of case c after the word w, with the apostrophe.
func suffix(w string, c Case) string {
	lastVowel, _ := utf8.DecodeRuneInString("e")
	for _, r := range w {
		if strings.ContainsRune("aeıioöuü", r) {
			lastVowel = r
		}
	}
	final, _ := utf8.DecodeLastRuneInString(w)
	endsInVowel := strings.ContainsRune("aeıioöuü", final)
	voiceless := strings.ContainsRune("fstkçşhp", final)
	front := strings.ContainsRune("eiöü", lastVowel)
	two := "a" // a/e harmony
	if front {
		two = "e"
	}
	four := map[rune]string{'a': "ı", 'ı': "ı", 'e': "i", 'i': "i", 'o': "u", 'u': "u", 'ö': "ü", 'ü': "ü"}[lastVowel]
	buffer := func(b string) string {
		if endsInVowel {
			return b
		}
		return ""
	}
	d := "d"
	if voiceless {
		d = "t"
	}
	switch c {
	case Accusative:
		return "'" + buffer("y") + four
	case Dative:
		return "'" + buffer("y") + two
	case Locative:
		return "'" + d + two
	case Ablative:
		return "'" + d + two + "n"
	case Genitive:
		return "'" + buffer("n") + four + "n"
	}
	return ""
}

// turkishCase appends case c to a number formatted in Turkish, such as
// "%74,85" or "1.635".
func turkishCase(formatted string, c Case) string {
	var digits strings.Builder
	for _, r := range formatted {
		if r >= '0' && r <= '9' || r == ',' || r == '.' {
			digits.WriteRune(r)
		}
	}
	return formatted + suffix(lastWord(digits.String()), c)
}
