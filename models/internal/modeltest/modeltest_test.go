package modeltest

import (
	"os"
	"reflect"
	"testing"
)

func TestToFixed(t *testing.T) {
	for _, c := range []struct {
		v    float64
		n    int
		want string
	}{
		{0.5, 0, "1"}, {2.5, 0, "3"}, {1.125, 2, "1.13"}, {1.005, 2, "1.00"},
		{9.995, 2, "9.99"}, {99.5, 0, "100"}, {-2.5, 0, "-3"}, {0.25, 4, "0.2500"},
	} {
		if got := ToFixed(c.v, c.n); got != c.want {
			t.Errorf("ToFixed(%v, %d) = %s, want %s", c.v, c.n, got, c.want)
		}
	}
}

// TestReadRefBlocks checks the blocks and lines of a small table.
func TestReadRefBlocks(t *testing.T) {
	path := t.TempDir() + "/ref.txt"
	text := "# made by hand\n\nscenario a\nparam keys 10\ncount.1 4\nend\nscenario b\nend\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got := ReadRefBlocks(t, path)
	want := []RefBlock{
		{Name: "a", Lines: []RefLine{{N: 4, Word: "param", Rest: "keys 10"}, {N: 5, Word: "count.1", Rest: "4"}}},
		{Name: "b"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("blocks %+v, want %+v", got, want)
	}
}
