package search

import (
	"slices"
	"testing"
	"unicode/utf8"
)

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"İSTANBUL", "istanbul"},
		{"ılık", "ilik"},
		{"Işık", "isik"},
		{"ISIK", "isik"},
		{"çığ", "cig"},
		{"ÇIĞ", "cig"},
		{"şeker", "seker"},
		{"ŞEKER", "seker"},
		{"Ğğ", "gg"},
		{"Üzüm", "uzum"},
		{"ÖLÇÜM", "olcum"},
		{"Kâhin", "kahin"},
		{"kâr, hâlâ", "kar, hala"},
		{"millî", "milli"},
		{"Hûd", "hud"},
		{"Yük Dengeleyiciler", "yuk dengeleyiciler"},
		{"karmayı", "karmayi"},
		{"café naïve résumé", "cafe naive resume"},
		{"Ångström", "angstrom"},
		{"Ørsted Łódź Đurđevac", "orsted lodz durdevac"},
		{"Straße", "strasse"},
		{"Æsir œuvre", "aesir oeuvre"},
		{"i\u0307", "i"}, // i and a combining dot above, as JavaScript lower-cases İ
		{"Katman 7: gösterge", "katman 7: gosterge"},
		{"ASCII only", "ascii only"},
		{"", ""},
		{"한국어", "한국어"}, // Hangul decomposes and recomposes unchanged
	}
	for _, tc := range tests {
		if got := Fold(tc.in); got != tc.want {
			t.Errorf("Fold(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestTokens(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Yük dengeleyici (load balancer), gelen işi bölen aracıdır.", []string{"yuk", "dengeleyici", "load", "balancer", "gelen", "isi", "bolen", "aracidir"}},
		{"N'den N+1'e", []string{"n", "den", "n", "1", "e"}},
		{"katman-7 p99 2³²", []string{"katman", "7", "p99", "2"}},
		{"  ", nil},
	}
	for _, tc := range tests {
		if got := Tokens(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("Tokens(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestIndexable(t *testing.T) {
	for tok, want := range map[string]bool{"ve": true, "a": false, "ı": false, "40": false, "p99": true, "l4": true, "2193": false, "çı": true} {
		if got := Indexable(tok); got != want {
			t.Errorf("Indexable(%q) = %v, want %v", tok, got, want)
		}
	}
}

func FuzzFold(f *testing.F) {
	for _, s := range []string{"İSTANBUL", "ılık", "Işık", "çığ", "Kâhin", "Ångström", "i\u0307", "ǅ", "ẞ", "\u212a", "\u2126", "ﬁ", "한", "\xff", "a\u0301\u0327"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		once := Fold(s)
		if twice := Fold(once); twice != once {
			t.Fatalf("Fold not idempotent: Fold(%q) = %q, Fold of that = %q", s, once, twice)
		}
		if utf8.ValidString(s) && !utf8.ValidString(once) {
			t.Fatalf("Fold(%q) = %q, not valid UTF-8", s, once)
		}
		if got, want := Tokens(once), Tokens(s); !slices.Equal(got, want) {
			t.Fatalf("Tokens(Fold(%q)) = %q, Tokens = %q", s, got, want)
		}
	})
}
