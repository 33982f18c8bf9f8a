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
	Notes   []string
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
	LogX, LogY, Alone, Step       bool
}

// IsMove reports whether the change is a number that moved (present on both
// sides), as opposed to one a prose edit added or removed.
func (c *Change) IsMove() bool {
	if c.Kind == Series {
		return len(c.OldPoints) > 0 && len(c.NewPoints) > 0
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

// Count sums a review's changes: numbers and series that moved, numbers a
// prose edit added or removed, claims that now fail, and claims whose
// truth changed.
func (r *Review) Count() (moved, other, failing, flipped int) {
	for _, l := range r.Lessons {
		for _, c := range l.Changes {
			if c.IsMove() {
				moved++
			} else {
				other++
			}
		}
		for _, c := range l.Claims {
			if c.Now == Fails {
				failing++
			}
			if c.Was != Absent && c.Now != Absent && c.Was != c.Now {
				flipped++
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

// index numbers each page's items by kind, key and occurrence, and lists
// the ids in page order.
func index(items []Item) (map[itemID]Item, []itemID) {
	m := map[itemID]Item{}
	var order []itemID
	count := map[itemID]int{}
	for _, it := range items {
		base := itemID{it.Kind, it.Key, 0}
		id := itemID{it.Kind, it.Key, count[base]}
		count[base]++
		m[id] = it
		order = append(order, id)
	}
	return m, order
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
		om, oOrder := index(o.Items[lang])
		nm, nOrder := index(n.Items[lang])
		byLang[lang] = sides{om, nm}
		for _, id := range append(nOrder, oOrder...) {
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
		if (!o.Numbers && inOld) || (!n.Numbers && inNew) {
			continue // a side without numbers cannot say what moved
		}
		c := &Change{Kind: id.kind, Key: id.key, Views: map[string]View{}}
		if id.kind == Series {
			c.LogX, c.LogY, c.Alone, c.Step = nv.LogX || ov.LogX, nv.LogY || ov.LogY, nv.Alone || ov.Alone, nv.Step || ov.Step
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
	if c.Step && len(old) > 0 && len(fresh) > 0 {
		if of, ok := stepOf(old); ok {
			if nf, ok := stepOf(fresh); ok {
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
			if def && math.Abs(rel) <= tol {
				continue
			}
			c.Moved++
			if def && (!c.HasRel || math.Abs(rel) > math.Abs(c.Rel)) {
				c.Rel, c.HasRel = rel, true
			}
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
		a, b := old.at(x), fresh.at(x)
		if a == b {
			continue
		}
		rel := relChangeOf(a, b)
		if math.Abs(rel) <= tol {
			continue
		}
		c.Moved++
		if !c.HasRel || math.Abs(rel) > math.Abs(c.Rel) {
			c.Rel, c.HasRel = rel, true
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
