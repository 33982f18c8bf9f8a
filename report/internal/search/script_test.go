package search

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

const scriptFile = "../../../templates/search.js"

// foldRegion returns the part of search.js between its search-fold markers:
// the table and the functions fold and words.
func foldRegion(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(scriptFile)
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	begin, end := strings.Index(s, "// search-fold:begin"), strings.Index(s, "// search-fold:end")
	if begin < 0 || end < begin {
		t.Fatalf("%s: no // search-fold:begin … // search-fold:end region", scriptFile)
	}
	return s[begin:end]
}

var foldLiteralRE = regexp.MustCompile(`(?m)^\s*var FOLD = (\{[^}]*\});$`)

// TestScriptFoldTable checks that the table in search.js is foldTable.
func TestScriptFoldTable(t *testing.T) {
	m := foldLiteralRE.FindStringSubmatch(foldRegion(t))
	if m == nil {
		t.Fatalf("%s: no line `var FOLD = {…};` (a JSON object) in the search-fold region", scriptFile)
	}
	var table map[string]string
	if err := json.Unmarshal([]byte(m[1]), &table); err != nil {
		t.Fatalf("%s: the FOLD table is not JSON: %v", scriptFile, err)
	}
	for k, v := range table {
		r, size := utf8.DecodeRuneInString(k)
		if size != len(k) {
			t.Errorf("search.js FOLD key %q is not one character", k)
			continue
		}
		if want, ok := foldTable[r]; !ok || want != v {
			t.Errorf("search.js folds %q to %q, foldTable to %q (present: %v)", k, v, want, ok)
		}
	}
	for r, v := range foldTable {
		if _, ok := table[string(r)]; !ok {
			t.Errorf("search.js FOLD lacks %q → %q", r, v)
		}
		if !unicode.IsLower(r) || Fold(string(r)) != v {
			t.Errorf("foldTable[%q]: not a lower-case letter Fold maps to %q", r, v)
		}
	}
}

// TestScriptFold runs the script's fold and words under node, when it is
// installed, and compares them with Fold and the indexable Tokens.
func TestScriptFold(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	inputs := []string{
		"İSTANBUL", "ılık", "Işık", "çığ", "Kâhin olmadan", "Yük dengeleyici (load balancer), gelen işi bölen aracıdır.",
		"N'den N+1'e", "katman-7 p99 2³²", "a", "40 özne", "İİ ıı Iİ", "i\u0307", "Straße Ørsted Łódź", "한국어 текст Ελλάδα",
		"ﬁne ½ Ⅻ", "\u00a0\u2009\t", "",
	}
	var latin strings.Builder
	for _, span := range [][2]rune{{0x20, 0x250}, {0x1e00, 0x1f00}, {0x2c60, 0x2c80}, {0xa720, 0xa800}} {
		for r := span[0]; r < span[1]; r++ {
			if !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf) {
				continue // unassigned in Go's Unicode tables; node's may be newer
			}
			inputs = append(inputs, "x"+string(r)+"y", string(r)+string(r))
			latin.WriteRune(r)
		}
	}
	inputs = append(inputs, latin.String())
	in, err := json.Marshal(inputs)
	if err != nil {
		t.Fatal(err)
	}
	prog := foldRegion(t) + `
const inputs = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(inputs.map(function (s) { return [fold(s), words(s)]; })));
`
	cmd := exec.Command(node, "-e", prog)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	var got [][2]json.RawMessage
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(inputs) {
		t.Fatalf("node output: %v (%d results for %d inputs)", err, len(got), len(inputs))
	}
	for i, s := range inputs {
		var jsFold string
		var jsWords []string
		if json.Unmarshal(got[i][0], &jsFold) != nil || json.Unmarshal(got[i][1], &jsWords) != nil {
			t.Fatalf("node output %d: %s", i, got[i])
		}
		if want := Fold(s); jsFold != want {
			t.Errorf("fold(%q): search.js %q (%U), Fold %q (%U)", s, jsFold, []rune(jsFold), want, []rune(want))
		}
		var want []string
		for _, tok := range Tokens(s) {
			if Indexable(tok) {
				want = append(want, tok)
			}
		}
		if strings.Join(jsWords, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("words(%q): search.js %q, Go %q", s, jsWords, want)
		}
	}
}
