package numfmt

import "testing"

func TestLocaleFormat(t *testing.T) {
	tr, _ := NewLocale("tr")
	en, _ := NewLocale("en")
	tests := []struct {
		spec     string
		v        float64
		tr, en   string
		neutral  string
		parseErr string
	}{
		{"2", 4.04, "4,04", "4.04", "4.04", ""},
		{"0", 16840.979728200004, "16.841", "16,841", "16841", ""},
		{"%2", 0.74849, "%74,85", "74.85%", "74.85%", ""},
		{"3", 1.00827, "1,008", "1.008", "1.008", ""},
		{"4", 0.25, "0,2500", "0.2500", "0.2500", ""},
		{"2", 170.96666666666667, "170,97", "170.97", "170.97", ""},
		{"0 plain", 20240730, "20240730", "20240730", "20240730", ""},
		{"", 0.1557, "0,1557", "0.1557", "0.1557", ""},
		{"", 1234567, "1.234.567", "1,234,567", "1234567", ""},
		{"2", -0.001, "0,00", "0.00", "0.00", ""},  // no negative zero
		{"2", 1.005, "1,00", "1.00", "1.00", ""},   // binary 1.00499…
		{"2", 0.125, "0,12", "0.12", "0.12", ""},   // exact tie: to even
		{"%1", 0.0005, "%0,1", "0.1%", "0.1%", ""}, // binary 0.000500000000000000010…
		{"1", -3.25, "-3,2", "-3.2", "-3.2", ""},
		{"2 unit", 4.04, "4,04", "4.04", "4.04", ""},
		{"%0 dat", 0.5, "%50'ye", "50%", "50%", ""},
		{"x", 0, "", "", "", `unknown format word "x" (want decimals such as 2, a percent such as %1, unit, plain, or a case ending acc, dat, loc, abl, gen)`},
		{"13", 0, "", "", "", `bad number format "13": want 0 to 12 decimals, as in 2 or %1`},
		{"2 3", 0, "", "", "", `number format "3" given twice`},
	}
	for _, tc := range tests {
		f, err := Parse(tc.spec)
		if tc.parseErr != "" {
			if err == nil || err.Error() != tc.parseErr {
				t.Errorf("Parse(%q) error = %v, want %q", tc.spec, err, tc.parseErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.spec, err)
		}
		if got := tr.Format(f, tc.v); got != tc.tr {
			t.Errorf("tr %q %v = %q, want %q", tc.spec, tc.v, got, tc.tr)
		}
		if got := en.Format(f, tc.v); got != tc.en {
			t.Errorf("en %q %v = %q, want %q", tc.spec, tc.v, got, tc.en)
		}
		if got := f.Neutral(tc.v); got != tc.neutral {
			t.Errorf("neutral %q %v = %q, want %q", tc.spec, tc.v, got, tc.neutral)
		}
		for _, l := range []struct {
			loc  *Locale
			want string
		}{{tr, tc.tr}, {en, tc.en}} {
			if got := l.loc.FormatNeutral(f, tc.neutral); got != l.want {
				t.Errorf("%v FormatNeutral(%q, %q) = %q, want %q", l.loc.Tag, tc.spec, tc.neutral, got, l.want)
			}
		}
		if g, err := Parse(f.String()); err != nil || g != f {
			t.Errorf("Parse(%q.String() = %q) = %+v, %v; want %+v", tc.spec, f.String(), g, err, f)
		}
	}
}

func FuzzFormat(f *testing.F) {
	f.Add("2", 4.04)
	f.Add("%1 unit", 0.5)
	f.Add("", 1e300)
	tr, _ := NewLocale("tr")
	f.Fuzz(func(t *testing.T, spec string, v float64) {
		fm, err := Parse(spec)
		if err != nil {
			return
		}
		got := tr.Format(fm, v)
		if back := tr.FormatNeutral(fm, fm.Neutral(v)); back != got {
			t.Errorf("FormatNeutral(%q, %q) = %q, Format = %q", spec, fm.Neutral(v), back, got)
		}
	})
}
