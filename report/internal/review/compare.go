package review

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
)

// A Review is what moved between two builds, lesson by lesson.
type Review struct {
	Old, New  string // the sides' labels
	Tolerance float64
	// Notes say what could not be compared, such as a side without
	// numbers files.
	Notes []string
	// Gate lists why a CI check fails (a stale site, false claims); it is
	// nil when no check was asked for, and empty when the check passes.
	Gate    []string
	Checked bool
	Lessons []*LessonReview
}

// A LessonReview is one lesson's changes, in page order, and its claims
// whose truth changed or that do not hold.
type LessonReview struct {
	Key     string
	Langs   []string          // language codes, in site order
	Titles  map[string]string // by language code, the new side's
	Changes []*Change
	Claims  []ClaimChange
	// Only is "new" for a lesson the old side does not have and "gone"
	// for one the new side does not have; Numbers is then how many
	// numbers its first page shows, and Changes is empty.
	Only    string
	Numbers int
}

// A Change is one number (or series) that moved, appeared or went away,
// with how each language's page shows it on either side.
type Change struct {
	Kind     ItemKind
	Key      string
	Old, New string // neutral values; "" on the side without it
	// Rel is the largest relative change, (new-old)/|old|; HasRel is false
	// when it is undefined (a text, a number on one side only).
	Rel    float64
	HasRel bool
	Views  map[string]View // by language code
	// A series' points: moved (same x, another y), added and removed (an x
	// on one side only), of Points on the new side. A step series (a CDF's)
	// is compared as a function: at every x of either side, Points of them,
	// none added or removed.
	Moved, Added, Removed, Points int
	OldPoints, NewPoints          []Point
	LogX, LogY, Alone, Step, CDF  bool
	XLabel, YLabel                string // the first language's
}

// IsMove reports whether the change is a number that moved (present on both
// sides), or a series some of whose points moved, as opposed to what a
// change only added or removed.
func (c *Change) IsMove() bool {
	if c.Kind == Series {
		return len(c.OldPoints) > 0 && len(c.NewPoints) > 0 && c.Moved > 0
	}
	return c.Old != "" && c.New != ""
}

// A View is one language's reading of a change: where it is, and the
// sentence (or cell) on each side.
type View struct {
	Where    string
	Old, New Sentence
}

// Truth is a claim's state on one side.
type Truth int

const (
	Absent Truth = iota // the side does not make the claim
	Holds
	Fails
)

func (t Truth) String() string { return [...]string{"absent", "holds", "fails"}[t] }

// A ClaimChange is a claim whose truth changed, or that fails now.
type ClaimChange struct {
	Src      string
	Was, Now Truth
	Msg      string // the new build's message when it fails
}

// Failing reports whether the claim does not hold on the new side.
func (c ClaimChange) Failing() bool { return c.Now == Fails }

// Count sums a review's changes: numbers and series that moved, numbers
// (and series) a change added or removed, claims that do not hold, of
// them those that held before, and claims that hold and did not before.
func (r *Review) Count() (moved, other, failing, broken, mended int) {
	for _, l := range r.Lessons {
		for _, c := range l.Changes {
			if c.IsMove() {
				moved++
			} else {
				other++
			}
		}
		for _, c := range l.Claims {
			switch {
			case c.Now == Fails && c.Was == Holds:
				failing++
				broken++
			case c.Now == Fails:
				failing++
			case c.Now == Holds && c.Was == Fails:
				mended++
			}
		}
	}
	return
}

// Compare pairs two snapshots, lesson by lesson and number by number,
// leaving out changes whose relative size is at most tol.
func Compare(oldLabel, newLabel string, old, fresh []*LessonSnapshot, tol float64) *Review {
	r := &Review{Old: oldLabel, New: newLabel, Tolerance: tol}
	olds := map[string]*LessonSnapshot{}
	for _, l := range old {
		olds[l.Key] = l
	}
	seen := map[string]bool{}
	for _, n := range fresh {
		seen[n.Key] = true
		if lr := compareLesson(olds[n.Key], n, tol); lr != nil {
			r.Lessons = append(r.Lessons, lr)
		}
	}
	for _, o := range old {
		if !seen[o.Key] {
			if lr := compareLesson(o, nil, tol); lr != nil {
				r.Lessons = append(r.Lessons, lr)
			}
		}
	}
	return r
}

// itemID names an item among a page's: its kind, key and occurrence.
type itemID struct {
	kind ItemKind
	key  string
	n    int
}

// pair matches one page's old items with its new ones and names each
// pair by kind, key and occurrence: the n-th new occurrence of a key is
// paired with an old occurrence in the same sentence (every value in it a
// placeholder) if there is one, else with the first old occurrence left,
// in order; old occurrences left over come after the new ones. It returns
// each side's items by id and the ids in page order, new side first.
func pair(old, fresh []Item) (olds, news map[itemID]Item, order []itemID) {
	olds, news = map[itemID]Item{}, map[itemID]Item{}
	type base struct {
		kind ItemKind
		key  string
	}
	oldBy := map[base][]int{} // positions in old of each key's occurrences
	for i, it := range old {
		b := base{it.Kind, it.Key}
		oldBy[b] = append(oldBy[b], i)
	}
	used := make([]bool, len(old))
	count := map[base]int{}
	var later []int // new occurrences without a sentence to match
	ids := make([]itemID, len(fresh))
	for i, it := range fresh {
		b := base{it.Kind, it.Key}
		ids[i] = itemID{it.Kind, it.Key, count[b]}
		count[b]++
		news[ids[i]] = it
		order = append(order, ids[i])
		matched := false
		if it.Shape != "" {
			for _, j := range oldBy[b] {
				if !used[j] && old[j].Shape == it.Shape {
					used[j], matched = true, true
					olds[ids[i]] = old[j]
					break
				}
			}
		}
		if !matched {
			later = append(later, i)
		}
	}
	for _, i := range later {
		b := base{fresh[i].Kind, fresh[i].Key}
		for _, j := range oldBy[b] {
			if !used[j] {
				used[j] = true
				olds[ids[i]] = old[j]
				break
			}
		}
	}
	for j, it := range old {
		if used[j] {
			continue
		}
		b := base{it.Kind, it.Key}
		id := itemID{it.Kind, it.Key, count[b]}
		count[b]++
		olds[id] = it
		order = append(order, id)
	}
	return olds, news, order
}

func compareLesson(o, n *LessonSnapshot, tol float64) *LessonReview {
	switch {
	case o == nil:
		return &LessonReview{Key: n.Key, Langs: n.Langs, Titles: n.Titles, Only: "new", Numbers: len(n.Items[first(n.Langs)])}
	case n == nil:
		return &LessonReview{Key: o.Key, Langs: o.Langs, Titles: o.Titles, Only: "gone", Numbers: len(o.Items[first(o.Langs)])}
	}
	ref := n
	lr := &LessonReview{Key: ref.Key, Langs: ref.Langs, Titles: ref.Titles}
	type sides struct{ old, new map[itemID]Item }
	byLang := map[string]sides{}
	var order []itemID
	inOrder := map[itemID]bool{}
	for _, lang := range ref.Langs {
		om, nm, ids := pair(o.Items[lang], n.Items[lang])
		byLang[lang] = sides{om, nm}
		for _, id := range ids {
			if !inOrder[id] {
				inOrder[id] = true
				order = append(order, id)
			}
		}
	}
	for _, id := range order {
		// The item as the first language that shows it has it: a value
		// may stand in one language's prose only.
		var ov, nv Item
		var inOld, inNew bool
		for _, lang := range ref.Langs {
			s := byLang[lang]
			ov, inOld = s.old[id]
			nv, inNew = s.new[id]
			if inOld || inNew {
				break
			}
		}
		if !o.Numbers || !n.Numbers {
			continue // a side without numbers cannot say what moved
		}
		c := &Change{Kind: id.kind, Key: id.key, Views: map[string]View{}}
		if id.kind == Series {
			c.LogX, c.LogY, c.Alone, c.Step, c.CDF = nv.LogX || ov.LogX, nv.LogY || ov.LogY, nv.Alone || ov.Alone, nv.Step || ov.Step, nv.CDF || ov.CDF
			c.XLabel, c.YLabel = cmp.Or(nv.XLabel, ov.XLabel), cmp.Or(nv.YLabel, ov.YLabel)
			if !comparePoints(c, ov.Points, nv.Points, tol) {
				continue
			}
		} else {
			switch {
			case inOld && inNew && ov.Neutral == nv.Neutral:
				continue
			case inOld && inNew:
				c.Rel, c.HasRel = relChangeParts(ov, nv)
				if c.HasRel && math.Abs(c.Rel) <= tol {
					continue
				}
			}
			if inOld {
				c.Old = ov.Neutral
			}
			if inNew {
				c.New = nv.Neutral
			}
			if c.Old == "" && c.New == "" {
				continue
			}
		}
		for _, lang := range ref.Langs {
			s := byLang[lang]
			v := View{Where: s.new[id].Where, Old: s.old[id].Sentence, New: s.new[id].Sentence}
			if v.Where == "" {
				v.Where = s.old[id].Where
			}
			c.Views[lang] = v
		}
		lr.Changes = append(lr.Changes, c)
	}
	lr.Claims = compareClaims(o.Claims, n.Claims)
	if len(lr.Changes) == 0 && len(lr.Claims) == 0 {
		return nil
	}
	return lr
}

func first(langs []string) string {
	if len(langs) == 0 {
		return ""
	}
	return langs[0]
}

// comparePoints matches a series' points by x and counts what moved; it
// reports whether anything did.
func comparePoints(c *Change, old, fresh []Point, tol float64) bool {
	c.OldPoints, c.NewPoints, c.Points = old, fresh, len(fresh)
	if (c.Step || c.CDF) && len(old) > 0 && len(fresh) > 0 {
		if of, ok := stepOf(old); ok {
			if nf, ok := stepOf(fresh); ok {
				if c.CDF {
					return compareQuantiles(c, of, nf, tol)
				}
				return compareSteps(c, of, nf, tol)
			}
		}
	}
	oy := map[string]string{}
	for _, p := range old {
		oy[p.X] = p.Y
	}
	ny := map[string]bool{}
	for _, p := range fresh {
		ny[p.X] = true
		y, ok := oy[p.X]
		switch {
		case !ok:
			c.Added++
		case y != p.Y:
			rel, def := relChange(y, p.Y)
			c.move(rel, def, tol)
		}
	}
	for _, p := range old {
		if !ny[p.X] {
			c.Removed++
		}
	}
	return c.Moved+c.Added+c.Removed > 0
}

// step is a step function given by its points, x increasing: its value
// at x is the y of the last point at or before x, 0 before the first.
type step struct{ x, y []float64 }

func (f step) at(x float64) float64 {
	i, found := slices.BinarySearch(f.x, x)
	if !found {
		i--
	}
	if i < 0 {
		return 0
	}
	return f.y[i]
}

// stepOf reads points as a step function; false when one is not a number
// or the x do not increase.
func stepOf(pts []Point) (step, bool) {
	var f step
	for _, p := range pts {
		x, err1 := strconv.ParseFloat(p.X, 64)
		y, err2 := strconv.ParseFloat(p.Y, 64)
		if err1 != nil || err2 != nil || len(f.x) > 0 && x <= f.x[len(f.x)-1] {
			return step{}, false
		}
		f.x, f.y = append(f.x, x), append(f.y, y)
	}
	return f, true
}

// compareSteps compares two step functions at every x of either: a
// shifted CDF is one change whose size is the largest change of its
// value at some x.
func compareSteps(c *Change, old, fresh step, tol float64) bool {
	xs := append(slices.Clone(old.x), fresh.x...)
	slices.Sort(xs)
	xs = slices.Compact(xs)
	c.Points = len(xs)
	for _, x := range xs {
		if a, b := old.at(x), fresh.at(x); a != b {
			c.move(relChangeOf(a, b), true, tol)
		}
	}
	return c.Moved > 0
}

// move counts one point that moved by rel (defined: rel is a number),
// unless the tolerance leaves it out, and keeps the largest move.
func (c *Change) move(rel float64, defined bool, tol float64) {
	if defined && math.Abs(rel) <= tol {
		return
	}
	c.Moved++
	if defined && (!c.HasRel || math.Abs(rel) > math.Abs(c.Rel)) {
		c.Rel, c.HasRel = rel, true
	}
}

// quantile is the smallest x at which f reaches share y, and whether it
// does.
func (f step) quantile(y float64) (float64, bool) {
	for i, v := range f.y {
		if v >= y {
			return f.x[i], true
		}
	}
	return 0, false
}

// compareQuantiles compares two distributions given by their cumulative
// shares at the value of every share either reaches: a CDF shifted along
// x moves by the relative change of its values, which the tolerance
// bounds.
func compareQuantiles(c *Change, old, fresh step, tol float64) bool {
	ys := append(slices.Clone(old.y), fresh.y...)
	slices.Sort(ys)
	ys = slices.Compact(ys)
	c.Points = len(ys)
	for _, y := range ys {
		a, okA := old.quantile(y)
		b, okB := fresh.quantile(y)
		switch {
		case okA != okB:
			c.move(0, false, tol) // one side never reaches the share
		case a != b:
			c.move(relChangeOf(a, b), true, tol)
		}
	}
	return c.Moved > 0
}

// compareClaims pairs claims by their text, in order, and keeps those
// whose truth changed and those that fail now.
func compareClaims(old, fresh []ClaimState) []ClaimChange {
	truth := func(c ClaimState) Truth {
		if c.Holds {
			return Holds
		}
		return Fails
	}
	olds := map[string][]ClaimState{}
	for _, c := range old {
		olds[c.Src] = append(olds[c.Src], c)
	}
	var out []ClaimChange
	for _, c := range fresh {
		cc := ClaimChange{Src: c.Src, Now: truth(c), Msg: c.Msg}
		if prev := olds[c.Src]; len(prev) > 0 {
			cc.Was = truth(prev[0])
			olds[c.Src] = prev[1:]
		}
		if cc.Now == Fails || cc.Was != cc.Now && cc.Was != Absent {
			out = append(out, cc)
		}
	}
	return out
}

// relChangeParts is the relative change of a value, or the largest of a
// joined cell's parts.
func relChangeParts(o, n Item) (float64, bool) {
	if len(o.Parts) == 0 || len(o.Parts) != len(n.Parts) {
		return relChange(o.Neutral, n.Neutral)
	}
	var best float64
	found := false
	for i := range o.Parts {
		r, ok := relChange(o.Parts[i], n.Parts[i])
		if !ok {
			return 0, false
		}
		if !found || math.Abs(r) > math.Abs(best) {
			best, found = r, true
		}
	}
	return best, found
}

// relChange is (new-old)/|old| of two neutral values.
func relChange(o, n string) (float64, bool) {
	a, err1 := strconv.ParseFloat(strings.TrimSuffix(o, "%"), 64)
	c, err2 := strconv.ParseFloat(strings.TrimSuffix(n, "%"), 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return relChangeOf(a, c), true
}

// relChangeOf is (c-a)/|a|; from 0 it is infinite, signed as c is.
func relChangeOf(a, c float64) float64 {
	if a == 0 {
		switch {
		case c > 0:
			return math.Inf(1)
		case c < 0:
			return math.Inf(-1)
		}
		return 0
	}
	return (c - a) / math.Abs(a)
}

// Largest lists every change of r that moved, the largest relative change
// first (an undefined one last), ties in lesson and page order.
func (r *Review) Largest() []LessonChange {
	var out []LessonChange
	for _, l := range r.Lessons {
		for _, c := range l.Changes {
			if c.IsMove() {
				out = append(out, LessonChange{l, c})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b LessonChange) int {
		if a.Change.HasRel != b.Change.HasRel {
			if a.Change.HasRel {
				return -1
			}
			return 1
		}
		return cmp.Compare(math.Abs(b.Change.Rel), math.Abs(a.Change.Rel))
	})
	return out
}

// A LessonChange is a change and its lesson.
type LessonChange struct {
	Lesson *LessonReview
	Change *Change
}
