package lesson

import (
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/directive"
)

// MinExercises is how many exercises a lesson page ends with at least.
const MinExercises = 4

// CheckTeaching reports a page that lacks what every lesson of the course
// has: its objectives at the top, a summary, and at least MinExercises
// exercises. It is the course's rule, not the format's: the course's tests
// apply it to every lesson, a build does not.
func CheckTeaching(p *Page, errs *diag.List) {
	count := map[string]int{}
	for _, d := range p.Directives {
		if c, ok := d.(*directive.Callout); ok {
			count[c.Type]++
		}
	}
	if count["objectives"] == 0 {
		errs.Add(p.File, p.bodyStart, "a lesson opens with its objectives: add > [!objectives] before the first section")
	}
	if count["summary"] == 0 {
		errs.Add(p.File, p.bodyStart, "a lesson ends with a summary: add a > [!summary] callout")
	}
	if n := count["exercise"]; n < MinExercises {
		errs.Add(p.File, p.bodyStart, "a lesson ends with at least %d exercises (> [!exercise ID]); this page has %d", MinExercises, n)
	}
}
