package search

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

var sampleDocs = []Doc{
	{Lang: "tr", URL: "yuk.html", Title: "Yük Dengeleyiciler", Text: "Tek bir kaldıraç, bir özne topluluğu."},
	{Lang: "tr", URL: "yuk.html#olcum", Title: "Yük Dengeleyiciler", Section: "Ölçüm", Text: "Dengeleyicinin kendi göstergesi 40 özneyi sayar."},
	{Lang: "tr", URL: "alg.html#karma", Title: "Dengeleme Algoritmaları", Section: "Tutarlı karma", Text: "Karmayı halkaya yerleştirir; İSTANBUL ılık Işık çığ."},
}

func TestIndexGolden(t *testing.T) {
	got := string(Index(sampleDocs))
	want := `{"docs":[["yuk.html","Yük Dengeleyiciler","","Tek bir kaldıraç, bir özne topluluğu."],` +
		`["yuk.html#olcum","Yük Dengeleyiciler","Ölçüm","Dengeleyicinin kendi göstergesi 40 özneyi sayar."],` +
		`["alg.html#karma","Dengeleme Algoritmaları","Tutarlı karma","Karmayı halkaya yerleştirir; İSTANBUL ılık Işık çığ."]],` +
		`"terms":{"bir":[0],"cig":[2],"dengeleyiciler":[0],"dengeleyicinin":[1],"gostergesi":[1],"halkaya":[2],"ilik":[2],"isik":[2],` +
		`"istanbul":[2],"kaldirac":[0],"karma":[2],"karmayi":[2],"kendi":[1],"olcum":[1],"ozne":[0],"ozneyi":[1],"sayar":[1],` +
		`"tek":[0],"toplulugu":[0],"tutarli":[2],"yerlestirir":[2],"yuk":[0]}}` + "\n"
	if got != want {
		t.Errorf("Index =\n%s\nwant\n%s", got, want)
	}
}

// The bytes depend on the docs alone: not on map iteration, which Go
// randomises on every range, nor on the order words first appear.
func TestIndexDeterministic(t *testing.T) {
	var docs []Doc
	words := strings.Fields("kaldıraç özne kuyruk gösterge dengeleyici karma halka istek bağlantı sağlık denetim eşik kâhin ölçüm")
	for i := range 40 {
		w := slices.Clone(words)
		// A different order of the same words in each doc.
		for j := range w {
			k := (j*7 + i*3) % len(w)
			w[j], w[k] = w[k], w[j]
		}
		docs = append(docs, Doc{Lang: "tr", URL: "p.html#s" + string(rune('a'+i%26)), Title: "P", Section: w[0], Text: strings.Join(w, " ")})
	}
	first := Index(docs)
	for range 50 {
		if again := Index(slices.Clone(docs)); !bytes.Equal(again, first) {
			t.Fatalf("Index differs between two runs on the same docs:\n%s\n%s", first, again)
		}
	}
	var f indexFile
	if err := json.Unmarshal(first, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Docs) != len(docs) {
		t.Errorf("%d docs, want %d", len(f.Docs), len(docs))
	}
	for tok, p := range f.Terms {
		if !slices.IsSorted(p) || len(slices.Compact(slices.Clone(p))) != len(p) {
			t.Errorf("postings of %q not strictly ascending: %v", tok, p)
		}
	}
	// Keys come out sorted, as the script's binary search over them wants
	// (it sorts them again; this keeps the file stable and diffable).
	var keys []string
	dec := json.NewDecoder(bytes.NewReader(first[bytes.Index(first, []byte(`"terms":`))+len(`"terms":`):]))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if s, ok := tok.(string); ok && dec.More() {
			keys = append(keys, s)
			var skip []int
			if err := dec.Decode(&skip); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(keys) != len(f.Terms) || !slices.IsSorted(keys) {
		t.Errorf("terms keys not sorted or incomplete: %q", keys)
	}
}

func TestIndexEmpty(t *testing.T) {
	if got, want := string(Index(nil)), `{"docs":[],"terms":{}}`+"\n"; got != want {
		t.Errorf("Index(nil) = %q, want %q", got, want)
	}
}

func TestExcerpt(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"kısa  metin\n", 20, "kısa metin"},
		{"bir iki üç dört", 9, "bir iki…"},
		{"bir iki üç dört", 10, "bir iki üç…"},
		{"bir iki üç dört", 11, "bir iki üç…"},
		{"bir iki, üç", 9, "bir iki…"},
		{"çokuzunbirsözcük", 5, "çokuz…"},
		{"", 5, ""},
	}
	for _, tc := range tests {
		if got := Excerpt(tc.in, tc.max); got != tc.want {
			t.Errorf("Excerpt(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.want)
		}
	}
}
