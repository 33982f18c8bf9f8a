// Package directive defines the lesson format's directives and parses
// their bodies into plain data. This comment is the format's specification.
//
// # Lesson files
//
// A lesson is a folder lessons/NN-slug/ holding one Markdown file per site
// language (tr.md, en.md; the languages are listed in templates/site.yaml).
// Each file starts with front matter:
//
//	---
//	title: Dengeleme Algoritmaları
//	slug: dengeleme-algoritmalari      # the page's file name in this language
//	summary: One line for the index.
//	---
//
// The rest is CommonMark with GFM tables, strikethrough and footnotes
// (text[^key] and a line [^key]: note; they are listed at the end of the
// page). Raw HTML is an error. Headings of level 2 and 3 make the table of contents.
//
// # Directive blocks
//
// A directive is a fenced code block whose info string starts with a
// directive kind. Bodies are YAML unless said otherwise. Every key is
// checked: an unknown key is an error at its line, with a "did you mean".
//
// experiment NAME runs a model once per lesson; every language file carries
// the same experiment blocks (compared when the site is built), and the
// first language's run serves all of them. Keys other than model are the
// model's parameters, decoded strictly into its typed Params (defaults fill
// what is absent); !ref takes another experiment's value at full precision,
// which orders the runs (a cycle is an error):
//
//	```experiment warm_modulo
//	model: warmup
//	moved: !ref hashing.modulo.moved
//	```
//
// table [EXPERIMENT] shows values as rows and columns. A cell is the value
// EXPERIMENT.ROW.COLUMN; without an experiment after the kind word each row
// starts with its own experiment. Row labels and column headings are terms
// (templates/terms.yaml). A column is PATH | FORMAT, PATH the rest of the
// cell's path after the row (it may start with a digit: 5x150.ns_per_op);
// join "SEP" shows the group PATH.1 … PATH.N in one cell:
//
//	```table equal
//	caption: Equal replicas
//	rows: [round_robin, least_connections]
//	columns: [mean_wait | 2, max_queue | 0, work | 0 join "/"]
//	```
//
// plot ID draws series as an SVG per language (file fig/LESSON-ID.svg) with
// localised tick labels, and puts the data behind it in a table under the
// figure. Kinds: line, scatter, bar, histogram, cdf, step, ring. Series of another
// experiment are written EXPERIMENT:SERIES; lines draws reference lines at
// a value or a number:
//
//	```plot moved
//	experiment: hashing
//	kind: line                 # line, scatter, bar, histogram, cdf, step, ring
//	title: Keys that move
//	caption: Shown under the figure.
//	alt: Describes the figure for readers who cannot see it.
//	legend: top-left           # top-right (default), top-left, bottom-right, bottom-left
//	aspect: square             # wide (default) or square, for axes on one scale
//	x: {label: virtual nodes, log: true}
//	y: {label: share moved, min: 0, max: 1}
//	series:
//	  - {data: ring.moved, legend: consistent hashing}
//	lines:
//	  - {y: ideal.moved, legend: needed}
//	bins: 20                   # histogram only
//	```
//
// step draws a line as steps, each value held until the next x: for a
// series over a whole-number parameter (a sweep over a threshold). A
// series of a line or step plot may name a band: lo and hi are the series
// of its lower and upper bounds, of the series' experiment unless written
// EXPERIMENT:SERIES, with exactly the series' x values; the band is shaded
// behind every line in a light tint of the series' colour, checked against
// the y axis bounds like the series, listed in two more columns of the
// table under the figure and in the numbers file as
// fig.ID.EXPERIMENT:SERIES.lo[i] and .hi[i]:
//
//	series:
//	  - {data: tail.mean, lo: tail.ci95_lo, hi: tail.ci95_hi, legend: mean and 95% interval}
//
// ring draws a consistent-hashing ring: a circle with 0 at the top and
// positions growing clockwise (an arrow beside the 0 shows the way), ticks
// at the quarters labelled in percent of the circle in the page's locale
// (%25 / 25%), no axes or grid. So it takes no x, y or lines, and it is
// always square (aspect: wide is an error). Each series' values are
// positions on the ring as fractions of the circle, 0 included, 1 not: a
// value outside [0, 1) is an error at the series; a series' x values are
// not used. role says what a series' points are: server (the default)
// draws a marker on the circle in the series' colour and glyph, and the
// arc each point owns, from the previous server point of any series,
// exclusive, to the point, inclusive (the first point owns the arc past 0:
// a key goes to the first server point at or clockwise after it), as a
// thick band in that colour along the circle; key draws small markers just
// inside the circle, owning no arc. A server marker too close to the one
// before it to tell apart moves out, on a leader from its position. The
// table under the figure lists each series' points, the servers' first,
// in ring order, in percent of the circle to four significant digits, with
// the arc each server point owns and, when a server has more than one
// point, its whole share; the numbers file has fig.ID.EXPERIMENT:SERIES[i]
// as "position arc" for a server's point and "position" for a key's. A
// role on another kind is an error:
//
//	```plot abc
//	experiment: abc
//	kind: ring
//	caption: Each server owns the arc that ends at its marker.
//	alt: A circle split into four coloured arcs, with keys inside it.
//	series:
//	  - {data: ring_keys_pos, legend: keys, role: key}
//	  - {data: ring_pos.1, legend: A}
//	  - {data: ring_pos.2, legend: B}
//	```
//
// check states claims the prose makes, one per line (a line starting with
// # is a comment; text after # on a claim's line is the claim's label, in
// the page's language). A claim is a comparison over values (see package
// expr for the grammar: + - * /, < <= > >= == !=, && || !, abs, min, max).
// A claim that does not hold fails the build at its line, naming the values
// it compared:
//
//	```check
//	equal.least_connections.mean_wait < equal.round_robin.mean_wait  # least connections waits less
//	```
//
// Experiments and checks are not shown where they are written: the page
// lists them at its end, in the appendix "How these numbers were made",
// section by section, each experiment with its parameters and the report
// run command that reproduces it, each claim with its label, the values it
// compared in the page's locale and, over runs, in how many it held.
//
// math [ID] is a display formula in a TeX-like syntax (package mathml has
// the subset), rendered to MathML at build time and numbered:
//
//	```math miss
//	m + (1 - m)(1 - h)
//	```
//
// source MODEL FUNCTION shows a function (or TYPE.METHOD) of the model's
// own Go source, highlighted, with its file and line: the code on the page
// is the code that ran. The body may hold a caption:
//
//	```source queue simulate
//	caption: "The simulation loop."
//	```
//
// Any other fenced block is an ordinary code listing.
//
// # Replicated and swept experiments
//
// An experiment can run its model once per value of one parameter, to
// report its spread over random draws (replicate) or how it moves with the
// parameter (sweep). The values are a range A..B (both ends included),
// A..B:STEP (STEP 1 unless given; whole numbers when A, B and STEP are), or
// a list; an experiment asks for at most 10000 runs in all. The runs go in
// parallel, each cached on its own.
//
//	```experiment draws
//	model: layer
//	replicate: {conn_seed: 1..40}
//	```
//
// A replicated experiment has, for every value path P of the model:
// P.mean, P.sd (sample, n - 1), P.min, P.max, the quantiles P.p5, P.p25,
// P.p50, P.p75, P.p95 (linear interpolation between order statistics at
// (n - 1)q, the default of NumPy and R), P.ci95_lo and P.ci95_hi (the
// Student-t 95% interval of the mean); with one run, sd and the interval
// are absent. run.V.P is one run's value, V its parameter value (or its
// 1-based position when that is not a whole number from 0), and the series
// P lists P over the runs (x: the parameter), for a histogram over runs.
// Naming P alone is an error: a replicated value has no single value.
//
//	```experiment timeouts
//	model: healthcheck
//	sweep: {degraded: 1..8}
//	```
//
// A swept experiment has, for every value path P, the series P over the
// swept values, P.min, P.max, P.argmin and P.argmax (where they lie; a tie
// goes to the smallest parameter value), and run.V.P. Sweeping and
// replicating together gives, per statistic S, the series P.S over the
// swept values, P.S.min, .max, .argmin, .argmax and run.V.P.S: a mean with
// its interval over a sweep; plot it as a band, {data: P.mean, lo:
// P.ci95_lo, hi: P.ci95_hi}, or P.p5 and P.p95 for the spread of the runs.
// A varied experiment keeps its runs' values, not their series.
//
// # Claims over runs
//
// A claim about a random process says in how many draws it holds.
// count(COMPARISON) is the number of runs of a replicated (or swept)
// experiment in which the comparison holds, share(COMPARISON) that number
// over the runs; inside them a path names each run's value (d.l7.overloaded
// is, run after run, d.run.N.l7.overloaded). A check line can also be
// quantified: "every:" holds in every run, "at least K of N:" in K of the N
// runs at least (N must be the experiment's number of runs). A claim that
// fails names the first run that broke it and the values it compared:
//
//	```check
//	every: d.l7.overload_units < d.l4.overload_units
//	at least 30 of 40: d.l7.overloaded > d.l4.overloaded
//	count(d.l7.overloaded < d.l4.overloaded) <= 5
//	```
//
// and in prose: "in {{ count(d.l7.overloaded > d.l4.overloaded) | 0 }} of
// the forty draws". A claim over runs names one experiment; a swept and
// replicated experiment's runs are its swept values, whose values are
// statistics over the replicates (d.P.mean).
//
// # Inline values
//
// {{ EXPERIMENT.PATH | FORMAT }} in prose shows one value in the page's
// locale. The part before | may be arithmetic over paths, for a figure the
// prose derives: {{ a.extra - b.extra | 0 unit }}. Inside a GFM table cell
// the bar is written \| ({{ a.x \| 2 }}), since a plain | ends the cell.
// Values may not stand in headings (anchors would move with the numbers),
// in image descriptions, or in directive text such as captions and alt
// text.
//
// A model may also return texts (model.OutText), such as the machine and
// the day of the timings model's measurements. {{ EXPERIMENT.PATH }} with
// no format shows a text as written, escaped, and the numbers file lists
// it as PATH|text: "measured on {{ t.date }} on {{ t.machine.cpu }}
// ({{ t.machine.goos }}/{{ t.machine.goarch }}, {{ t.machine.go }},
// {{ t.machine.cores | 0 }} cores)". A text is never a number: with a
// format, in arithmetic, in a claim or in a table cell it is an error at
// its position. A replicated or swept experiment has no texts.
//
// # Teaching constructs
//
// A block quote whose first line is a marker [!TYPE] is a callout; its
// body is ordinary Markdown, values and references included. The types:
// objectives (once, before the first ## section), summary (once), key (a
// key idea), note, pitfall, try (something to run), and exercise:
//
//	> [!key]
//	> Round robin balances the unit it hands out, not the work.
//
//	> [!exercise slow-server]
//	> What happens to the mean wait when one server is twice as slow?
//	>
//	> ```sh
//	> go run ./report run queue -set slowdown=2,1,1
//	> ```
//	>
//	> > [!hint]
//	> > Compare the two rules.
//	>
//	> > [!answer]
//	> > The round-robin wait grows to {{ slow.round_robin.mean_wait | 1 }} turns.
//
// An exercise has an id and exactly one answer; hints and answers stand
// only inside an exercise and show closed. An answer takes its figures
// from the experiments: it must hold a value or a check.
//
// Plots, tables, display formulas and exercises are numbered in page
// order, "Şekil 3" / "Figure 3", the same in both languages. A table takes
// an optional id: field. Prose refers to them by target and id:
// [@fig:ID], [@tab:ID], [@eq:ID], [@ex:ID]; a Turkish case ending may
// follow a bar, [@fig:queue|loc] → "Şekil 3'te". A reference to an unknown
// id is an error with a did-you-mean.
//
// [@KEY] cites an entry of templates/bibliography.yaml, [@a; @b] several;
// the page ends with a reference list of the works it cites. [[KEY]] marks
// a glossary term of templates/glossary.yaml, [[KEY|text]] with the text to
// show (a Turkish word with its suffix); its first use on a page adds the
// other language's term, "karma (hash)", and every use links to the
// glossary page. $TEX$ is an inline formula. Footnotes are GFM's: [^1] in
// the text and [^1]: the note, at the end.
//
// # Formats
//
// A FORMAT is space-separated words: N (N decimals, 0 to 12), %N (a percent
// with N decimals), unit (append the value's unit term unit.NAME), plain (no
// digit grouping), and one Turkish case ending: acc, dat, loc, abl or gen.
// A Turkish page writes the ending after an apostrophe, chosen by how the
// number is read aloud ({{ x | %2 acc }} gives %74,85'i, {{ n | 0 dat }}
// with 17 gives 17'ye); other languages show none, and the ending is not
// part of the value, so the other language's file may leave it out. No
// decimals given shows the shortest exact form. Numbers
// are rounded from the exact binary value, exact ties to even, and shown in
// the locale: Turkish 4,04 16.841 %74,85; English 4.04 16,841 74.85%.
//
// # Both languages
//
// The files of a lesson must carry the same experiments (same parameters),
// tables, plots, checks, display formulas, callouts and values (each value
// as often in one file as in the other), and number their figures, tables,
// formulas and exercises in the same order; any difference is an error
// naming both files. Cross-references, citations, glossary terms and
// inline formulas belong to each language's prose and are not paired.
//
// # Numbers files and review
//
// The build writes out/numbers/LESSON.tsv, one "KEY<TAB>VALUE<TAB>UNIT"
// line per number the lesson's pages show, sorted by key, the value
// locale-neutral and rounded as displayed: an inline value or a table cell
// is keyed PATH|FORMAT (the path, or the canonical arithmetic, and the
// format without unit and case ending; a joined cell's values PATH.i|FORMAT),
// a text PATH|text, a figure's data fig.ID.EXPERIMENT:SERIES[i] as its
// table shows it ("x y", or a value alone for a histogram's) and its
// reference lines fig.ID.line[i]. A moved number is a changed line in git
// diff. report diff [REV] builds REV with its own generator and reads REV's
// lesson files with this one: it pairs numbers by key (the n-th occurrence
// of a key with the n-th), shows an inline value in its sentence (split at
// '.', '!' or '?' followed by a space and a capital, a digit or a value; a
// value in a GFM table in its row), a table cell under its table's label,
// row and column, and each figure series once, its points matched by x;
// claims are paired by their text.
package directive
