package cache

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"lbcourse/models/model"
)

const key = "3f0c9a52e1b84d7c6a1f0e2d3c4b5a69788796a5b4c3d2e1f00112233445566"

func sample() model.Result {
	var r model.Result
	r.Set("store.load", 419.57, "request")
	r.AddSeries(model.Series{Name: "load", X: []float64{1, 2}, Y: []float64{3, 4}})
	return r
}

func TestRoundTrip(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	if _, st, err := c.Get(key); st != Miss || err != nil {
		t.Fatalf("empty cache: %v %v", st, err)
	}
	if err := c.Put(key, sample()); err != nil {
		t.Fatal(err)
	}
	r, st, err := c.Get(key)
	if st != Hit || err != nil || !reflect.DeepEqual(r, sample()) {
		t.Fatalf("Get = %v, %v, %v", r, st, err)
	}
	if left, _ := filepath.Glob(filepath.Join(c.Dir, "*", ".tmp-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestEveryByteVerified flips each byte of an entry in turn: no flip may
// return a result, so none can publish a wrong number.
func TestEveryByteVerified(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	if err := c.Put(key, sample()); err != nil {
		t.Fatal(err)
	}
	p := c.path(key)
	good, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	for i := range good {
		bad := append([]byte(nil), good...)
		bad[i] ^= 0x20
		if err := os.WriteFile(p, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if r, st, err := c.Get(key); st != Corrupt || err == nil {
			t.Fatalf("byte %d flipped: Get = %v, %v, %v", i, r, st, err)
		}
	}
}

func TestCorruptEntries(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	if err := c.Put(key, sample()); err != nil {
		t.Fatal(err)
	}
	p := c.path(key)
	good, _ := os.ReadFile(p)
	head := len(magic) + len(key) + 1
	other := strings.Repeat("0", len(key))
	tests := []struct {
		name string
		b    []byte
		want string
	}{
		{"foreign", []byte("gob bytes of an older cache"), "not a cache entry"},
		{"moved", append([]byte(magic+other+"\n"), good[head:]...), "written for another key"},
		{"truncated", good[:head+10], "truncated"},
		{"short payload", good[:len(good)-3], "checksum mismatch"},
		{"empty", nil, "not a cache entry"},
	}
	for _, tc := range tests {
		os.WriteFile(p, tc.b, 0o644)
		_, st, err := c.Get(key)
		if st != Corrupt || err == nil || err.Error() != "cache entry "+p+": "+tc.want {
			t.Errorf("%s: Get = %v, %v; want Corrupt, %q", tc.name, st, err, tc.want)
		}
	}
	// A corrupt entry is overwritten by the next Put.
	if err := c.Put(key, sample()); err != nil {
		t.Fatal(err)
	}
	if _, st, _ := c.Get(key); st != Hit {
		t.Errorf("after Put: %v", st)
	}
}

func TestZeroCache(t *testing.T) {
	var c Cache
	if err := c.Put(key, sample()); err != nil {
		t.Fatal(err)
	}
	if _, st, _ := c.Get(key); st != Miss {
		t.Errorf("zero cache returned %v", st)
	}
}

// TestBlob: a blob comes back as stored; a flipped byte, a missing or a
// foreign entry is a miss, never wrong bytes.
func TestBlob(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	if _, ok := c.GetBlob(key); ok {
		t.Fatal("empty cache has a blob")
	}
	want := []byte("<svg>drawing</svg>")
	if err := c.PutBlob(key, want); err != nil {
		t.Fatal(err)
	}
	if got, ok := c.GetBlob(key); !ok || string(got) != string(want) {
		t.Fatalf("GetBlob = %q, %v", got, ok)
	}
	good, _ := os.ReadFile(c.blobPath(key))
	for i := range good {
		bad := append([]byte(nil), good...)
		bad[i] ^= 0x20
		os.WriteFile(c.blobPath(key), bad, 0o644)
		if got, ok := c.GetBlob(key); ok {
			t.Fatalf("byte %d flipped: GetBlob = %q", i, got)
		}
	}
	if err := c.Put(key, sample()); err != nil { // a result under the same key is another file
		t.Fatal(err)
	}
	if _, ok := c.GetBlob(key); ok {
		t.Error("a damaged blob came back after a result was stored under its key")
	}
}
