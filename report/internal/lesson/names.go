package lesson

import (
	"strings"

	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/site"
)

// CheckNames reports two lessons of one language with the same slug, a
// slug that would overwrite the language's index, and two lessons with the
// same number.
func CheckNames(lessons []*Lesson, cfg *site.Site, errs *diag.List) {
	numbers := map[string]string{}
	for _, l := range lessons {
		n, _, _ := strings.Cut(l.Key, "-")
		if other, dup := numbers[n]; dup {
			errs.AddFile(l.Dir, "lesson number %s is also the number of %s", n, other)
		}
		numbers[n] = l.Dir
		for _, p := range l.Pages {
			if p.Front.Slug == "index" {
				errs.Add(p.File, p.FrontOff("slug"), "slug \"index\" is the language's index page; choose another")
			}
		}
	}
	for li := range cfg.Langs {
		seen := map[string]string{}
		for _, l := range lessons {
			p := l.Pages[li]
			if p.Front.Slug == "" {
				continue
			}
			if other, dup := seen[p.Front.Slug]; dup {
				errs.Add(p.File, p.FrontOff("slug"), "slug %q is also the slug of %s", p.Front.Slug, other)
			}
			seen[p.Front.Slug] = p.File
		}
	}
}
