package render

import (
	"lbcourse/report/internal/diag"
	"lbcourse/report/internal/lesson"
	"lbcourse/report/internal/numbers"
	"lbcourse/report/internal/output"
	"lbcourse/report/internal/par"
	"lbcourse/report/internal/run"
)

// Pages renders every lesson page, at most GOMAXPROCS at a time. Each
// page renders into its own files, errors and numbers, merged afterwards in
// page order, so the output does not depend on which finishes first.
func (b *Renderer) Pages(files *output.Files, lessons []*lesson.Lesson, plans map[*lesson.Lesson]map[string]*run.Experiment, errs *diag.List) {
	type job struct {
		lesson int
		page   *lesson.Page
		files  *output.Files
		errs   diag.List
		nums   numbers.Set
	}
	var jobs []*job
	for i, l := range lessons {
		for _, p := range l.Pages {
			jobs = append(jobs, &job{lesson: i, page: p, files: output.New()})
		}
	}
	par.Each(len(jobs), func(i int) {
		j := jobs[i]
		defer diag.RecoverAt(&j.errs, j.page.File, -1, "rendering the page")
		b.renderPage(j.files, lessons, j.lesson, j.page, plans[lessons[j.lesson]], &j.errs, &j.nums)
	})
	perLesson := map[int]*numbers.Set{}
	for _, j := range jobs {
		errs.Append(&j.errs)
		for _, n := range j.files.Names() {
			files.Add(n, j.files.Get(n))
		}
		if perLesson[j.lesson] == nil {
			perLesson[j.lesson] = &numbers.Set{}
		}
		perLesson[j.lesson].Merge(&j.nums)
	}
	for i, l := range lessons {
		if n := perLesson[i]; n != nil {
			files.Add("numbers/"+l.Key+".tsv", n.Bytes(l.Key))
		}
	}
}
