// Package review compares two builds of the course number by number and
// shows each number that moved where a reader meets it: an inline value in
// its sentence, a table cell in its row and column, a figure's series as
// old and new drawn over each other, and every claim whose truth changed.
//
// A build is read as a Side: its lessons, parsed by this generator, and the
// numbers files and false claims its own generator produced. Snapshot
// turns a Side into Items, Compare pairs two snapshots' items, and the
// writers (Text, Markdown, HTML) show the Review. Nothing here runs a model
// or reads the file system, except HTML, which writes the page it is given.
package review

import (
	"slices"
	"strconv"
	"strings"

	"lbcourse/report/internal/directive"
	"lbcourse/report/internal/figure"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/numbers"
	"lbcourse/report/internal/numfmt"
	"lbcourse/report/internal/site"
)

// A Side is one build of the course.
type Side struct {
	Label   string // how the review names it: "HEAD (c54910a)", "working tree"
	Site    *site.Site
	Lessons []*lesson.Lesson
	// Numbers holds each lesson's numbers file, by lesson key; a lesson
	// without one (a generator older than the numbers files) is absent.
	Numbers map[string]map[string]numbers.Line
	// False maps each claim that does not hold, by its file and offset, to
	// the message its build gave.
	False map[ClaimAt]string
}

// ClaimAt is where a claim is written.
type ClaimAt struct {
	File string
	Off  int
}

// An ItemKind is what a reader sees a number as.
type ItemKind int

const (
	Value  ItemKind = iota + 1 // an inline value in a sentence
	Cell                       // a cell of a table directive
	Series                     // the data of one series of a figure
)

// An Item is one number (or one figure series) as one page shows it.
type Item struct {
	Kind ItemKind
	Key  string // the numbers-file key; for a series, fig.ID.EXPERIMENT:SERIES
	// Neutral is the value as the numbers file has it ("" when missing);
	// a joined cell's values are joined by its separator.
	Neutral string
	// Parts are the neutral values a joined cell is made of.
	Parts []string
	// Where names a cell's table, row and column, or a series' figure.
	Where string
	// Sentence is a value's sentence, or a cell's text alone; one piece is
	// the number.
	Sentence Sentence
	// Shape is a value's sentence with every value in it a placeholder:
	// what pairs the occurrences of a key across a change.
	Shape string
	// Points are a series' points, in the numbers file's order.
	Points []Point
	// LogX, LogY: the series' figure draws that axis logarithmic.
	LogX, LogY bool
	// Alone: the series' points are values alone (a histogram's), X
	// their index in sorted order.
	Alone bool
	// Step: the series is a step function of x (a step plot's), compared
	// at every x of either side. CDF: the series is a distribution's
	// cumulative shares, compared by the value at every share of either
	// side (a shift along x is what a reader sees move).
	Step, CDF bool
	// XLabel and YLabel are the figure's axis labels, in the page's
	// language.
	XLabel, YLabel string
}

// A Point is one point of a series: X is its position (the index for a
// series of values alone), Y its value.
type Point struct {
	X, Y string
}

// A Sentence is text in pieces; the piece with Number set is the number
// the item is about.
type Sentence []Piece

// A Piece is a run of a sentence's text.
type Piece struct {
	Text   string
	Number bool
}

// String is the sentence's plain text.
func (s Sentence) String() string {
	var b strings.Builder
	for _, p := range s {
		b.WriteString(p.Text)
	}
	return b.String()
}

// A LessonSnapshot is one lesson's items, per language, and its claims.
type LessonSnapshot struct {
	Key     string
	Titles  map[string]string // by language code
	Langs   []string          // language codes, in site order
	Items   map[string][]Item // by language code, in page order
	Claims  []ClaimState
	Numbers bool // the side has a numbers file for the lesson
}

// A ClaimState is one claim and whether it holds.
type ClaimState struct {
	Src   string
	Holds bool
	Msg   string // the build's message when it does not hold
}

// Snapshot reads every lesson of s.
func Snapshot(s *Side) []*LessonSnapshot {
	var out []*LessonSnapshot
	for _, l := range s.Lessons {
		nums, has := s.Numbers[l.Key]
		ls := &LessonSnapshot{Key: l.Key, Titles: map[string]string{}, Items: map[string][]Item{}, Numbers: has}
		for _, p := range l.Pages {
			code := p.Lang.Code
			ls.Langs = append(ls.Langs, code)
			ls.Titles[code] = p.Front.Title
			ls.Items[code] = pageItems(s.Site, p, nums)
		}
		ls.Claims = claims(l, s.False)
		out = append(out, ls)
	}
	return out
}

// claims lists the claims of l's first page (the others carry the same).
func claims(l *lesson.Lesson, falses map[ClaimAt]string) []ClaimState {
	var out []ClaimState
	p := l.Pages[0]
	for _, d := range p.Directives {
		c, ok := d.(*directive.Check)
		if !ok {
			continue
		}
		for _, cl := range c.Claims {
			msg, fails := falses[ClaimAt{p.File, cl.Off}]
			out = append(out, ClaimState{Src: cl.Src, Holds: !fails, Msg: msg})
		}
	}
	return out
}

// pageItems lists the numbers page p shows, in page order: inline values
// in their sentences, table cells, figure series.
func pageItems(cfg *site.Site, p *lesson.Page, nums map[string]numbers.Line) []Item {
	t := &texter{cfg: cfg, page: p, numbering: lesson.Numbering(p), nums: nums}
	items := t.values()
	for _, d := range p.Directives {
		switch d := d.(type) {
		case *directive.Table:
			items = append(items, t.cells(d)...)
		case *directive.Plot:
			items = append(items, t.series(d)...)
		}
	}
	return items
}

// label is how the page names a numbered element, "Tablo 2".
func (t *texter) label(d directive.Directive) string {
	e, ok := t.numbering.Of(d)
	if !ok {
		return ""
	}
	return t.ui("label_"+e.Target) + " " + strconv.Itoa(e.N)
}

func (t *texter) ui(key string) string {
	if s, ok := t.cfg.Terms.Lookup("ui."+key, t.page.Lang.Code); ok {
		return s
	}
	return key
}

// term is the page-language text of a term key, or the key.
func (t *texter) term(key string) string {
	if s, ok := t.cfg.Terms.Lookup(key, t.page.Lang.Code); ok {
		return s
	}
	return key
}

// show formats a neutral value as the page shows it with format f.
func (t *texter) show(f numfmt.Format, line numbers.Line) string {
	s := t.page.Lang.Locale.FormatNeutral(f, line.Value)
	if f.Unit && line.Unit != "" {
		s += "\u00a0" + t.term("unit."+line.Unit)
	}
	return s
}

// cells lists a table directive's cells.
func (t *texter) cells(d *directive.Table) []Item {
	var out []Item
	name := t.label(d)
	if d.Caption != "" {
		name += " (" + d.Caption + ")"
	}
	for _, row := range d.Rows {
		prefix := d.RowPath(row)
		for _, col := range d.Columns {
			full := prefix + "." + col.Path
			it := Item{Kind: Cell, Key: full + col.Format.KeySuffix(), Where: name + " · " + t.term(row.Path) + " · " + t.term(col.Path)}
			if !col.Joined {
				line, ok := t.nums[it.Key]
				if !ok {
					continue // the row has no such column
				}
				it.Neutral = line.Value
				it.Sentence = Sentence{{Text: t.show(col.Format, line), Number: true}}
				out = append(out, it)
				continue
			}
			var shown []string
			for i := 1; ; i++ {
				line, ok := t.nums[full+"."+strconv.Itoa(i)+col.Format.KeySuffix()]
				if !ok {
					break
				}
				it.Parts = append(it.Parts, line.Value)
				shown = append(shown, t.show(col.Format, line))
			}
			if len(it.Parts) == 0 {
				continue
			}
			it.Key = full + "[]" + col.Format.KeySuffix()
			it.Neutral = strings.Join(it.Parts, col.Join)
			it.Sentence = Sentence{{Text: strings.Join(shown, col.Join), Number: true}}
			out = append(out, it)
		}
	}
	return out
}

// series lists a figure's series, each with its points, from the numbers
// file's fig.ID.… lines.
func (t *texter) series(d *directive.Plot) []Item {
	name := t.label(d)
	if d.Caption != "" {
		name += " (" + d.Caption + ")"
	}
	prefix := "fig." + d.ID + "."
	bySeries := map[string][]string{}
	var order []string
	for k := range t.nums {
		if !strings.HasPrefix(k, prefix) || !strings.HasSuffix(k, "]") {
			continue
		}
		i := strings.LastIndexByte(k, '[')
		s := k[:i]
		if bySeries[s] == nil {
			order = append(order, s)
		}
		bySeries[s] = append(bySeries[s], k)
	}
	slices.Sort(order)
	var out []Item
	for _, s := range order {
		keys := bySeries[s]
		slices.Sort(keys) // indexes are padded: this is their order
		it := Item{Kind: Series, Key: s, Where: name + " · " + strings.TrimPrefix(s, prefix), LogX: d.X.Log, LogY: d.Y.Log,
			Step: d.Type == figure.Step, CDF: d.Type == figure.CDF, XLabel: d.X.Label, YLabel: d.Y.Label}
		for _, k := range keys {
			p, alone := point(k, t.nums[k].Value)
			it.Points, it.Alone = append(it.Points, p), alone
		}
		out = append(out, it)
	}
	return out
}

// point reads one series line: "X Y", or a value alone (alone is true),
// whose position is its index in the key.
func point(key, value string) (p Point, alone bool) {
	if x, y, ok := strings.Cut(value, " "); ok {
		return Point{X: x, Y: y}, false
	}
	i := strings.LastIndexByte(key, '[')
	idx := strings.TrimLeft(key[i+1:len(key)-1], "0")
	if idx == "" {
		idx = "0"
	}
	return Point{X: idx, Y: value}, true
}
