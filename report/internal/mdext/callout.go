package mdext

import (
	"bytes"
	"fmt"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/mdext/ast"
)

// calloutTransformer turns block quotes whose first line is a [!TYPE]
// marker into Callout nodes (see directive.Callout), and reports misplaced
// ones: a hint or an answer outside an exercise, an exercise without
// exactly one answer, an answer that shows no computed figure, a second
// objectives or summary box, objectives after the first section.
type calloutTransformer struct{}

func (calloutTransformer) Transform(doc *gast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	sink := problemSink(pc)
	var quotes []*gast.Blockquote
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if q, ok := n.(*gast.Blockquote); ok && entering {
			quotes = append(quotes, q)
		}
		return gast.WalkContinue, nil
	})
	for _, q := range quotes { // outer quotes first: a callout's own callouts are inside it
		para, ok := q.FirstChild().(*gast.Paragraph)
		if !ok || para.Lines().Len() == 0 {
			continue
		}
		first := para.Lines().At(0)
		line := bytes.TrimRight(first.Value(src), "\n")
		if !bytes.HasPrefix(line, []byte("[!")) {
			continue
		}
		end := bytes.IndexByte(line, ']')
		if end < 0 {
			*sink = append(*sink, directive.Problem{Off: first.Start, Msg: "callout marker [! is not closed by ] on its line"})
			continue
		}
		inner := string(line[2:end])
		typ, id, _ := bytes.Cut([]byte(inner), []byte(" "))
		d, probs := directive.ParseCallout(string(typ), first.Start, string(id), first.Start+2+len(typ)+1)
		*sink = append(*sink, probs...)
		if rest := bytes.TrimSpace(line[end+1:]); len(rest) > 0 {
			*sink = append(*sink, directive.Problem{Off: first.Start + end + 1 + bytes.Index(line[end+1:], rest), Msg: "a callout's marker stands alone on its line: start its text on the next line"})
		}
		dropMarkerLine(para, first)
		c := ast.NewCallout(d)
		for child := q.FirstChild(); child != nil; {
			next := child.NextSibling()
			c.AppendChild(c, child)
			child = next
		}
		if para.Lines().Len() == 0 && para.ChildCount() == 0 {
			c.RemoveChild(c, para)
		}
		q.Parent().ReplaceChild(q.Parent(), q, c)
	}
	checkCallouts(doc, sink)
}

// dropMarkerLine removes the marker line from para: its first line and the
// inline nodes on it.
func dropMarkerLine(para *gast.Paragraph, first text.Segment) {
	for n := para.FirstChild(); n != nil; {
		next := n.NextSibling()
		if t, ok := n.(*gast.Text); ok && t.Segment.Start >= first.Start && t.Segment.Stop <= first.Stop {
			para.RemoveChild(para, n)
		} else if n.Type() == gast.TypeInline && inlineStart(n) >= 0 && inlineStart(n) < first.Stop {
			para.RemoveChild(para, n)
		} else {
			break
		}
		n = next
	}
	lines := text.NewSegments()
	for i := 1; i < para.Lines().Len(); i++ {
		lines.Append(para.Lines().At(i))
	}
	para.SetLines(lines)
}

// inlineStart is the source offset of an inline node's first text, or -1.
func inlineStart(n gast.Node) int {
	for c := n; c != nil; c = c.FirstChild() {
		if t, ok := c.(*gast.Text); ok {
			return t.Segment.Start
		}
	}
	return -1
}

// checkCallouts reports callouts that stand where they cannot.
func checkCallouts(doc *gast.Document, sink *[]directive.Problem) {
	add := func(off int, format string, args ...any) {
		*sink = append(*sink, directive.Problem{Off: off, Msg: fmt.Sprintf(format, args...)})
	}
	seen := map[string]int{}
	sectionSeen := false
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		if h, ok := n.(*gast.Heading); ok && h.Level == 2 {
			sectionSeen = true
		}
		c, ok := n.(*ast.Callout)
		if !ok {
			return gast.WalkContinue, nil
		}
		t := c.D.Type
		parent, inExercise := c.Parent().(*ast.Callout)
		inExercise = inExercise && parent.D.Type == "exercise"
		switch t {
		case "hint", "answer":
			if !inExercise {
				add(c.D.Off, "a %s callout stands inside an exercise: > > [!%s] within > [!exercise ID]", t, t)
			}
		case "objectives", "summary":
			if seen[t] > 0 {
				add(c.D.Off, "a lesson page has one %s callout", t)
			}
			if t == "objectives" && sectionSeen {
				add(c.D.Off, "the objectives callout comes before the first section (## heading)")
			}
		case "exercise":
			if c.D.ID != "" { // else reported: it needs an id
				checkExercise(c, add)
			}
		}
		seen[t]++
		return gast.WalkContinue, nil
	})
}

// checkExercise reports an exercise without exactly one answer, and an
// answer that shows no value and checks nothing: its figures would be
// typed by hand.
func checkExercise(c *ast.Callout, add func(int, string, ...any)) {
	var answers []*ast.Callout
	for n := c.FirstChild(); n != nil; n = n.NextSibling() {
		if a, ok := n.(*ast.Callout); ok && a.D.Type == "answer" {
			answers = append(answers, a)
		}
	}
	switch {
	case len(answers) == 0:
		add(c.D.Off, "exercise %s has no answer: add > > [!answer] with its figures from an experiment", c.D.ID)
	case len(answers) > 1:
		add(answers[1].D.Off, "exercise %s has a second answer", c.D.ID)
	}
	for _, a := range answers {
		computed := false
		_ = gast.Walk(a, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
			switch n := n.(type) {
			case *ast.Value:
				computed = true
			case *ast.Directive:
				if _, ok := n.D.(*directive.Check); ok {
					computed = true
				}
			}
			return gast.WalkContinue, nil
		})
		if !computed {
			add(a.D.Off, "the answer of exercise %s shows no computed figure: give it a value {{ … }} or a check", c.D.ID)
		}
	}
}
