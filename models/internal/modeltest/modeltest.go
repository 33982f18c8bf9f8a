// Package modeltest holds what the models' tests share: JavaScript's
// number formatting, to compare a result with a reference program's printed
// figure, and value lookup that fails the test.
package modeltest

import (
	"context"
	"errors"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"lbcourse/models/model"
)

// ToFixed formats v with n fraction digits the way JavaScript's
// Number.prototype.toFixed does: from the exact binary value, an exact tie
// rounding away from zero (strconv rounds ties to even).
func ToFixed(v float64, n int) string {
	neg := v < 0
	if neg {
		v = -v
	}
	exact := new(big.Float).SetFloat64(v).Text('f', 1100)
	intPart, frac, _ := strings.Cut(exact, ".")
	digits := []byte(intPart + frac[:n])
	if frac[n] >= '5' {
		i := len(digits) - 1
		for ; i >= 0 && digits[i] == '9'; i-- {
			digits[i] = '0'
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		} else {
			digits[i]++
		}
	}
	s := string(digits)
	if n > 0 {
		s = s[:len(s)-n] + "." + s[len(s)-n:]
	}
	if neg && strings.Trim(s, "0.") != "" {
		s = "-" + s
	}
	return s
}

// Fixed formats v with ToFixed and logs an exact tie, where JavaScript and
// strconv (and so the course pages) would differ.
func Fixed(t testing.TB, v float64, n int) string {
	t.Helper()
	s := ToFixed(v, n)
	if g := strconv.FormatFloat(v, 'f', n, 64); g != s {
		t.Logf("exact tie: %v toFixed(%d) = %s, strconv gives %s", v, n, s, g)
	}
	return s
}

// Value returns the value at path, failing the test when there is none.
func Value(t testing.TB, r model.Result, path string) float64 {
	t.Helper()
	v, ok := r.Value(path)
	if !ok {
		t.Fatalf("no value %q", path)
	}
	return v.V
}

// CheckValidate asserts that p.Validate() returns exactly want as
// model.ParamErrors, or nil when want is "", and that run refuses an
// invalid p with the same error.
func CheckValidate[P interface{ Validate() error }](t testing.TB, p P, want string, run func(context.Context, P) (model.Result, error)) {
	t.Helper()
	err := p.Validate()
	if want == "" {
		if err != nil {
			t.Fatalf("Validate() = %v, want nil", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("Validate() = nil, want %q", want)
	}
	if got := err.Error(); got != want {
		t.Errorf("Validate() = %q\nwant         %q", got, want)
	}
	var pe model.ParamErrors
	if !errors.As(err, &pe) {
		t.Errorf("Validate() returned %T, want model.ParamErrors", err)
	}
	if _, err := run(context.Background(), p); err == nil || err.Error() != want {
		t.Errorf("Run: error %v, want %q", err, want)
	}
}

// CheckDeterministic asserts that two runs on p give equal results.
func CheckDeterministic[P any](t testing.TB, p P, run func(context.Context, P) (model.Result, error)) {
	t.Helper()
	a, err := run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs with the same params differ")
	}
}

// CheckCancelled asserts that run on a cancelled context returns
// context.Canceled.
func CheckCancelled[P any](t testing.TB, p P, run func(context.Context, P) (model.Result, error)) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := run(ctx, p); !errors.Is(err, context.Canceled) {
		t.Errorf("Run on a cancelled context = %v, want context.Canceled", err)
	}
}
