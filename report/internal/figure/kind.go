package figure

import (
	"fmt"

	"lbcourse/report/internal/numfmt"
)

// A Kind is a kind of plot. The zero Kind is none: a lesson that names no
// kind, or an unknown one, parses to it, and SVG refuses it.
type Kind int

// The kinds of plot, in the order Kinds lists them.
const (
	Line Kind = iota + 1
	Scatter
	Bar
	Histogram
	CDF
	Step
	Ring
)

// Values names which of a series' values lie along an axis.
type Values int

const (
	// NoValues: the axis carries none of the series' values (it names the
	// bars, or counts or accumulates the values along the other axis).
	NoValues Values = iota
	XValues         // the series' X
	YValues         // the series' Y
)

// A KindDef is everything that differs from one kind of plot to another.
// Every field but DrawBand, Roles, NoAxes, Square and Check is set:
// TestKindsComplete holds a new kind to that.
type KindDef struct {
	Kind Kind
	Name string // as a lesson writes it after kind:
	// OnX and OnY say which of a series' values lie along the x and the y
	// axis, so which values an axis's scale and bounds must admit. At least
	// one is not NoValues; a kind with OnX == XValues needs as many x as y.
	OnX, OnY Values
	// Binned says whether the kind takes a lesson's bins.
	Binned bool
	// Draw adds series i of s to d's plot, with its colour, dash and glyph
	// taken from i, and records its legend entry and the marks it leaves
	// (which the legend must not cover); text it draws (bar names) is in
	// loc. The drawing depends only on s, i and loc.
	Draw func(d *Drawing, s Spec, i int, loc *numfmt.Locale) error
	// DrawBand adds the band of series i of s to d's plot, in a tint of the
	// series' colour, and records its area; the bands are drawn before every
	// series, so behind them. It is nil for a kind that takes no band (then
	// a series with a band is an error). A kind with a DrawBand has OnY ==
	// YValues: the band's bounds lie along y, as the series' values do.
	DrawBand func(d *Drawing, s Spec, i int) error
	// Tabulate returns the data behind a figure of this kind, for readers
	// who cannot see it, as the table under the figure shows it: numbers in
	// loc, its headings' words from ui (ui("series") heads the column of
	// legends; the keys are those of templates/terms.yaml without "ui.").
	// The table depends only on s's series and axis labels, loc and ui.
	Tabulate func(s Spec, loc *numfmt.Locale, ui func(key string) string) Table
	// Numbers returns the numbers-file lines of series i of s, in the order
	// and with the values its table rows show them, in neutral form; its
	// band's, if it has one, after its own.
	Numbers func(s Spec, i int) []Number
	// Roles are the roles a series of this kind can take (Series.Role), the
	// first being a series' role when it names none; nil for a kind whose
	// series are all alike (then a series with a role is an error).
	Roles []string
	// NoAxes says the kind draws its own frame instead of axes: no axes,
	// no grid, no axis labels, bounds or scales and no reference lines (a
	// Spec with any of them is an error). Its values are checked by Check
	// instead of against axis bounds.
	NoAxes bool
	// Square says the kind is always drawn square (SquareSide), as
	// aspect: square draws any kind.
	Square bool
	// Check says how a series' values do not fit the kind, as a phrase that
	// follows "series NAME" ("has the value 1.5, outside …"), or "" when
	// they fit; nil for a kind whose values only the axes bound.
	Check func(ser Series) string
}

// Kinds is the table of plot kinds, in the order an unknown kind's error
// lists them.
var Kinds = []KindDef{
	{Kind: Line, Name: "line", OnX: XValues, OnY: YValues,
		Draw: drawLine, DrawBand: drawLineBand, Tabulate: pointTable, Numbers: pointNumbers},
	{Kind: Scatter, Name: "scatter", OnX: XValues, OnY: YValues,
		Draw: drawScatter, Tabulate: pointTable, Numbers: pointNumbers},
	// Bars are named by the series' labels, or else by its x values.
	{Kind: Bar, Name: "bar", OnX: NoValues, OnY: YValues,
		Draw: drawBar, Tabulate: pointTable, Numbers: pointNumbers},
	// The values lie along x; y counts them.
	{Kind: Histogram, Name: "histogram", OnX: YValues, OnY: NoValues, Binned: true,
		Draw: drawHistogram, Tabulate: valueTable, Numbers: valueNumbers},
	// The values lie along x; y is the share at or below each.
	{Kind: CDF, Name: "cdf", OnX: YValues, OnY: NoValues,
		Draw: drawCDF, Tabulate: cdfTable, Numbers: cdfNumbers},
	// Each value is held from its x to the next: for series over a whole
	// number parameter (a sweep over a threshold).
	{Kind: Step, Name: "step", OnX: XValues, OnY: YValues,
		Draw: drawStep, DrawBand: drawStepBand, Tabulate: pointTable, Numbers: pointNumbers},
	// A consistent-hashing ring (ring.go): each series' values are
	// positions on a circle, fractions of it in [0, 1), drawn clockwise
	// from the top; its x values are not used. A server series' points
	// own arcs of the circle, a key series' points none.
	{Kind: Ring, Name: "ring", OnX: NoValues, OnY: YValues,
		Draw: drawRing, Tabulate: ringTable, Numbers: ringNumbers,
		Roles: ringRoles, NoAxes: true, Square: true, Check: ringCheck},
}

// Def returns k's entry in Kinds; ok is false for the zero Kind or one
// that Kinds does not hold.
func (k Kind) Def() (d KindDef, ok bool) {
	for _, d := range Kinds {
		if d.Kind == k {
			return d, true
		}
	}
	return KindDef{}, false
}

// String returns k's name as a lesson writes it, "" for the zero Kind.
func (k Kind) String() string {
	if d, ok := k.Def(); ok {
		return d.Name
	}
	if k == 0 {
		return ""
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// ParseKind returns the kind a lesson calls name.
func ParseKind(name string) (Kind, bool) {
	for _, d := range Kinds {
		if d.Name == name {
			return d.Kind, true
		}
	}
	return 0, false
}

// KindNames returns the names of the kinds in Kinds that keep accepts (all
// of them when keep is nil), in Kinds' order.
func KindNames(keep func(KindDef) bool) []string {
	var out []string
	for _, d := range Kinds {
		if keep == nil || keep(d) {
			out = append(out, d.Name)
		}
	}
	return out
}

// Along returns the values of ser that lie along the x and the y axis of a
// plot of kind d: nil for an axis that carries none.
func (d KindDef) Along(ser Series) (x, y []float64) {
	pick := func(v Values) []float64 {
		switch v {
		case XValues:
			return ser.X
		case YValues:
			return ser.Y
		}
		return nil
	}
	return pick(d.OnX), pick(d.OnY)
}
