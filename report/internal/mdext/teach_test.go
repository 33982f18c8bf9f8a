package mdext_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"lbcourse/report/internal/diag"
)

// TestTeachingConstructs renders callouts, references, citations, terms
// and formulas through the echo hooks.
func TestTeachingConstructs(t *testing.T) {
	src := "> [!key]\n> Round robin balances the unit.\n\n" +
		"See [@fig:slow-queue|loc], [@dean2013; @karger1997] and [[hash|karmaya]]; $N/(N+1)$ costs $5 and $6.\n\n" +
		"> [!exercise slow]\n> Why?\n>\n> > [!hint]\n> > Look.\n>\n> > [!answer]\n> > It is {{ e.x | 1 }}.\n"
	doc, probs, md := parse(src)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	var out bytes.Buffer
	if err := md.Renderer().Render(&out, []byte(src), doc); err != nil {
		t.Fatal(err)
	}
	want := `<key>
<p>Round robin balances the unit.</p>
</key>
<p>See [ref fig:slow-queue]
, [cite dean2013; karger1997]
 and [term hash]
; [math N/(N+1)]
 costs $5 and $6.</p>
<exercise slow>
<p>Why?</p>
<hint>
<p>Look.</p>
</hint>
<answer>
<p>It is <e.x | 1>.</p>
</answer>
</exercise>
`
	if got := out.String(); got != want {
		t.Errorf("rendered:\n%s\nwant:\n%s", got, want)
	}
}

// TestTeachingErrors: each misuse is one positioned problem, with its
// exact message.
func TestTeachingErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"> [!kye]\n> x\n", `1:5: unknown callout type "kye" (did you mean "key"?) (the types: objectives, summary, key, note, pitfall, try, exercise, hint, answer)`},
		{"> [!exercise]\n> x\n", "1:3: an exercise needs an id: > [!exercise ID]"},
		{"> [!exercise Bad_ID]\n> x\n>\n> > [!answer]\n> > {{ e.x }}\n", `1:14: exercise: bad id "Bad_ID": ids are lower-case letters, digits and -`},
		{"> [!exercise a]\n> x\n", "1:3: exercise a has no answer: add > > [!answer] with its figures from an experiment"},
		{"> [!exercise a]\n> x\n>\n> > [!answer]\n> > typed by hand: 42\n", "4:5: the answer of exercise a shows no computed figure: give it a value {{ … }} or a check"},
		{"> [!hint]\n> x\n", "1:3: a hint callout stands inside an exercise: > > [!hint] within > [!exercise ID]"},
		{"> [!note text]\n", "1:10: a note callout takes nothing after its type on the marker line: start its text on the next line"},
		{"> [!note] text\n", "1:11: a callout's marker stands alone on its line: start its text on the next line"},
		{"## A\n\n> [!objectives]\n> x\n", "3:3: the objectives callout comes before the first section (## heading)"},
		{"See [@fig:Bad].\n", `1:11: reference: bad id "Bad": ids are lower-case letters, digits and -`},
		{"See [@figure:a].\n", `1:7: reference: unknown target "figure": write fig:, tab:, eq: or ex: before the id`},
		{"See [@fig:a|loc dat].\n", `1:13: reference: after | only a case ending (acc, dat, loc, abl, gen), not "loc dat"`},
		{"See [@fig:a\n", "1:5: [@ is not closed by ] on the same line"},
		{"See [@Dean2013].\n", `1:7: citation: bad key "Dean2013": a key is lower-case letters, digits, _ and -, starting with a letter`},
		{"See [@a; b].\n", "1:10: citation: write each further key with @, as in [@dean2013; @karger1997]"},
		{"See [[hash|]].\n", "1:11: glossary term: nothing after |: write the text to show, or leave out the bar"},
		{"See [[Hash]].\n", `1:7: glossary term: bad key "Hash": a key is lower-case letters, digits, _ and -, as in [[hash]] or [[hash|karmaya]]`},
		{"See [[hash\n", "1:5: glossary term [[ is not closed by ]] on the same line"},
		{"```math Bad\nx\n```\n", `1:9: math: bad id "Bad": ids are lower-case letters, digits and -`},
		{"```math\n```\n", "1:4: math has no formula"},
	} {
		_, probs, _ := parse(c.src)
		var got []string
		for _, p := range probs {
			pos := diag.PositionOf([]byte(c.src), p.Off)
			got = append(got, fmt.Sprintf("%d:%d: %s", pos.Line, pos.Col, p.Msg))
		}
		if strings.Join(got, "\n") != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, strings.Join(got, "\n"), c.want)
		}
	}
}
