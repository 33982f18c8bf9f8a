package cache

import (
	"crypto/sha256"
	"math"
	"os"
	"reflect"
	"testing"

	"lbcourse/models/model"
)

func codecCases() []model.Result {
	var full model.Result
	full.Set("a.b", 1.5, "request")
	full.Set("a.c", math.Copysign(0, -1), "request")
	full.Set("tiny", math.SmallestNonzeroFloat64, "")
	full.Set("big", math.MaxFloat64, "ms")
	full.SetText("cpu", "Oxide Virtual Turin-like Processor")
	full.SetText("same", "request") // a text equal to a unit is stored once
	full.AddSeries(model.Series{Name: "s", X: []float64{1, 2, 3}, Y: []float64{4, 5, 6}})
	full.AddSeries(model.Series{Name: "bars", X: []float64{0, 1}, Y: []float64{7, 8}, Labels: []string{"ä", "request"}})
	full.AddSeries(model.Series{Name: "empty"})
	full.AddSeries(model.Series{Name: "t", X: []float64{9}, Y: []float64{10}})
	var texts model.Result
	texts.SetText("only", "a text")
	return []model.Result{{}, sample(), full, texts}
}

// TestCodecRoundTrip checks every field, bit for bit, and that the series'
// shared backing array cannot leak: appending to one series leaves the
// next one alone.
func TestCodecRoundTrip(t *testing.T) {
	for i, r := range codecCases() {
		got, err := decodeResult(encodeResult(nil, r))
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if !reflect.DeepEqual(got, r) {
			t.Fatalf("case %d:\n got %#v\nwant %#v", i, got, r)
		}
		if v, ok := got.Value("a.c"); ok && !math.Signbit(v.V) {
			t.Errorf("case %d: -0 lost its sign", i)
		}
		if len(got.Series) > 1 && len(got.Series[0].X) > 0 {
			_ = append(got.Series[0].X, 99)
			_ = append(got.Series[0].Y, 99)
			if !reflect.DeepEqual(got.Series, r.Series) {
				t.Errorf("case %d: appending to a decoded series changed another", i)
			}
		}
	}
}

// TestCodecDeterministic: the same result always encodes to the same bytes,
// so an entry's content never depends on map order.
func TestCodecDeterministic(t *testing.T) {
	r := codecCases()[2]
	first := encodeResult(nil, r)
	for range 20 {
		if b := encodeResult(nil, r); string(b) != string(first) {
			t.Fatal("two encodings of one result differ")
		}
	}
}

// TestMalformedPayloads: payloads whose checksum is right but whose content
// is not a result are Corrupt with a message, never a panic.
func TestMalformedPayloads(t *testing.T) {
	good := encodeResult(nil, codecCases()[2])
	tests := []struct {
		name    string
		payload []byte
		want    string
	}{
		{"empty", nil, "undecodable: truncated payload"},
		{"huge string count", []byte{0xff, 0xff, 0xff, 0xff, 0x0f}, "undecodable: truncated payload"},
		{"string index", []byte{0, 1, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, "undecodable: string index out of range"},
		{"labels", append([]byte{1, 1, 'x', 0, 0, 1, 0, 1, 3}, make([]byte, 16)...), "undecodable: labels do not match the points"},
		{"trailing", append(append([]byte(nil), good...), 0), "undecodable: trailing bytes"},
		{"cut", good[:len(good)-1], "undecodable: truncated payload"},
	}
	c := Cache{Dir: t.TempDir()}
	p := c.path(key)
	if err := os.MkdirAll(p[:len(p)-len(key)-5], 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		sum := sha256.Sum256(tc.payload)
		b := append([]byte(magic+key+"\n"), sum[:]...)
		if err := os.WriteFile(p, append(b, tc.payload...), 0o644); err != nil {
			t.Fatal(err)
		}
		_, st, err := c.Get(key)
		if st != Corrupt || err == nil || err.Error() != "cache entry "+p+": "+tc.want {
			t.Errorf("%s: Get = %v, %v; want Corrupt, %q", tc.name, st, err, tc.want)
		}
	}
}

// FuzzDecode: any payload either decodes to a result that encodes back to
// the same bytes or is an error; never a panic.
func FuzzDecode(f *testing.F) {
	for _, r := range codecCases() {
		f.Add(encodeResult(nil, r))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := decodeResult(b)
		if err != nil {
			return
		}
		again, err := decodeResult(encodeResult(nil, r))
		if err != nil || !reflect.DeepEqual(again, r) {
			t.Fatalf("a decoded result does not survive a second round trip: %v", err)
		}
	})
}

func BenchmarkDecode(b *testing.B) {
	var r model.Result
	for i := range 100000 {
		r.Set("run."+itoa(i%500)+".count."+itoa(i/500)+".mean", float64(i)/7, "key")
	}
	for i := range 2000 {
		r.AddSeries(model.Series{Name: "s." + itoa(i), X: make([]float64, 8), Y: make([]float64, 8)})
	}
	enc := encodeResult(nil, r)
	b.SetBytes(int64(len(enc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decodeResult(enc); err != nil {
			b.Fatal(err)
		}
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
