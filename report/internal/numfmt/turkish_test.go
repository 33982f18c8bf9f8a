package numfmt

import (
	"strings"
	"testing"
)

func TestTurkishCase(t *testing.T) {
	tr, _ := NewLocale("tr")
	en, _ := NewLocale("en")
	// acc dat loc abl gen for each number, as Turkish reads it.
	tests := []struct {
		spec string
		v    float64
		want string
	}{
		{"0", 17, "17'yi 17'ye 17'de 17'den 17'nin"},
		{"0", 4, "4'ü 4'e 4'te 4'ten 4'ün"},
		{"0", 10, "10'u 10'a 10'da 10'dan 10'un"},
		{"0", 100, "100'ü 100'e 100'de 100'den 100'ün"},
		{"0", 1000, "1.000'i 1.000'e 1.000'de 1.000'den 1.000'in"},
		{"0", 40, "40'ı 40'a 40'ta 40'tan 40'ın"},
		{"0", 6, "6'yı 6'ya 6'da 6'dan 6'nın"},
		{"0", 0, "0'ı 0'a 0'da 0'dan 0'ın"},
		{"0", 3, "3'ü 3'e 3'te 3'ten 3'ün"},
		{"0", 60, "60'ı 60'a 60'ta 60'tan 60'ın"},
		{"0", 2e6, "2.000.000'u 2.000.000'a 2.000.000'da 2.000.000'dan 2.000.000'un"},
		{"0", 3e9, "3.000.000.000'ı 3.000.000.000'a 3.000.000.000'da 3.000.000.000'dan 3.000.000.000'ın"},
		{"0", 16841, "16.841'i 16.841'e 16.841'de 16.841'den 16.841'in"},
		{"0 plain", 1635, "1635'i 1635'e 1635'te 1635'ten 1635'in"},
		{"%2", 0.74849, "%74,85'i %74,85'e %74,85'te %74,85'ten %74,85'in"},
		{"2", 1.9, "1,90'ı 1,90'a 1,90'da 1,90'dan 1,90'ın"},
		{"4", 0.25, "0,2500'ü 0,2500'e 0,2500'de 0,2500'den 0,2500'ün"},
		{"4", 0.7736, "0,7736'yı 0,7736'ya 0,7736'da 0,7736'dan 0,7736'nın"},
		{"2", 2, "2,00'ı 2,00'a 2,00'da 2,00'dan 2,00'ın"},
		{"0", 90, "90'ı 90'a 90'da 90'dan 90'ın"},
		{"0", 80, "80'i 80'e 80'de 80'den 80'in"},
		{"0", 9, "9'u 9'a 9'da 9'dan 9'un"},
		{"0", 5, "5'i 5'e 5'te 5'ten 5'in"},
		{"0", 30, "30'u 30'a 30'da 30'dan 30'un"},
		{"0", 1, "1'i 1'e 1'de 1'den 1'in"},
		{"0", 2, "2'yi 2'ye 2'de 2'den 2'nin"},
		{"0", 8, "8'i 8'e 8'de 8'den 8'in"},
	}
	for _, tc := range tests {
		var got []string
		for _, c := range cases {
			f, err := Parse(tc.spec + " " + string(c))
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, tr.Format(f, tc.v))
			if e := en.Format(f, tc.v); strings.Contains(e, "'") {
				t.Errorf("English %v %s = %q: a Turkish ending on an English page", tc.v, c, e)
			}
			if f.Neutral(tc.v) != f.WithoutCase().Neutral(tc.v) {
				t.Errorf("the case ending changes the neutral form")
			}
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s %v:\n got %s\nwant %s", tc.spec, tc.v, g, tc.want)
		}
	}
	if _, err := Parse("2 unit dat"); err == nil || err.Error() != "a case ending cannot follow a unit: write the unit in the sentence" {
		t.Errorf("unit with case: %v", err)
	}
	if _, err := Parse("2 acc dat"); err == nil || err.Error() != "two case endings: acc and dat" {
		t.Errorf("two cases: %v", err)
	}
}
