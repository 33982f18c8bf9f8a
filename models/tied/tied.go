// Package tied models tied requests (Dean and Barroso, "The Tail at
// Scale", 2013, Table 2) in a cluster of FIFO servers: a read is queued at
// two of its replicas at once, and whichever copy starts first tells the
// other to drop out.
//
// Servers each serve one read at a time, first come first served. Reads
// arrive as a Poisson stream; each read can be served by two distinct
// servers drawn at random (two of its replicas: the article keeps three,
// and the policies never use a third). A background job (the article's concurrent
// sort) adds its own Poisson stream of tasks, each to a random server.
// Service times are lognormal. A message takes Delta ms one way. The same
// arrivals, replicas and service times are replayed under four policies:
//
//   - single: the read goes to one random replica;
//   - tied: it goes to one random replica and, 2·Delta later, to a second
//     one (the article's client delay of twice the message time); a copy
//     that starts sends a cancellation, which reaches the other server
//     Delta later and drops the other copy if it has not started; copies
//     that both start run both (wasted work);
//   - probe: the client asks two random replicas for their queue lengths
//     (a round trip), then sends the read to the shorter queue;
//   - tied_instant: tied with cancellations that arrive at once, the bound
//     the message delay keeps tied requests from.
//
// A read's latency runs from its arrival at the client to its first
// answer back there. Every policy sees the same arrivals, replicas and
// service times (a read's copies each take the read's service time), from
// a PCG generator seeded with rand.NewPCG(seed, stream).
package tied

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"lbcourse/models/latency"
	"lbcourse/models/model"
	"lbcourse/models/radix"
)

// Limits on the size of a run.
const (
	MaxServers  = 1000
	MaxRequests = 200_000
	MaxLoad     = 0.95
)

// stream is the second word of the PCG seed, "tied_req".
const stream = 0x746965645f726571

// Published is what the article says of its Table 2: with tied requests
// sent 1 ms apart, the median read latency fell by 16% on a mostly idle
// cluster and the 99.9th percentile by nearly 40%; the extra disk work was
// under 1%.
var Published = struct{ MedianCut, P999Cut, ExtraWork, ClientDelay float64 }{0.16, 0.40, 0.01, 1}

// Policies are the policies the model replays, in output order.
var Policies = []string{"single", "tied", "probe", "tied_instant"}

// levels are the percentiles the model reports, with their path names.
var levels = []struct {
	name string
	q    float64
}{{"p50", 0.50}, {"p90", 0.90}, {"p99", 0.99}, {"p999", 0.999}}

// Params are the model's inputs.
type Params struct {
	// Servers is the number of servers.
	Servers int `yaml:"servers" unit:"server"`
	// Load is the share of the servers' time the reads take under the
	// single policy.
	Load float64 `yaml:"load"`
	// Background is the share of the servers' time the background job takes.
	Background float64 `yaml:"background"`
	// Median is the median service time, in ms.
	Median float64 `yaml:"median" unit:"ms"`
	// Sigma is the service time's log-scale spread.
	Sigma float64 `yaml:"sigma"`
	// Delta is a message's one-way time, in ms.
	Delta float64 `yaml:"delta" unit:"ms"`
	// Requests is the number of reads.
	Requests int `yaml:"requests" unit:"request"`
	// Seed starts the generator.
	Seed int64 `yaml:"seed"`
}

// DefaultParams returns a mostly idle cluster: 20 servers, reads taking 20% of the servers' time, no background job, a 4 ms median
// service time with spread 1, half a millisecond a message (so the second
// copy leaves 1 ms after the first, as in the article), 40 000 reads.
func DefaultParams() Params {
	return Params{Servers: 20, Load: 0.2, Background: 0, Median: 4, Sigma: 1, Delta: 0.5, Requests: 40_000, Seed: 1}
}

// Validate returns nil or a model.ParamErrors with one entry per invalid field.
func (p Params) Validate() error {
	var es model.ParamErrors
	bad := func(param, msg string) { es = append(es, model.ParamError{Param: param, Msg: msg}) }
	itoa := strconv.Itoa
	ftoa := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	if p.Servers < 2 || p.Servers > MaxServers {
		bad("servers", "must be between 2 and "+itoa(MaxServers)+", got "+itoa(p.Servers))
	}
	if !(p.Load > 0 && p.Load <= MaxLoad) {
		bad("load", "must be above 0 and at most "+ftoa(MaxLoad)+", got "+ftoa(p.Load))
	}
	if !(p.Background >= 0 && p.Load+p.Background <= MaxLoad) {
		bad("background", "must be at least 0 with load + background at most "+ftoa(MaxLoad)+", got "+ftoa(p.Background))
	}
	if !(p.Median > 0 && p.Median <= 1e6) {
		bad("median", "must be above 0 and at most 1e6, got "+ftoa(p.Median))
	}
	if !(p.Sigma >= 0 && p.Sigma <= 3) {
		bad("sigma", "must be between 0 and 3, got "+ftoa(p.Sigma))
	}
	if !(p.Delta >= 0 && p.Delta <= 1e6) {
		bad("delta", "must be between 0 and 1e6, got "+ftoa(p.Delta))
	}
	if p.Requests < 1 || p.Requests > MaxRequests {
		bad("requests", "must be between 1 and "+itoa(MaxRequests)+", got "+itoa(p.Requests))
	}
	if p.Seed < 0 {
		bad("seed", "must be at least 0, got "+strconv.FormatInt(p.Seed, 10))
	}
	return es.Err()
}

// A read is one foreground request, drawn once and replayed per policy.
type read struct {
	at       float64 // arrival at the client
	service  float64
	replicas [2]int // two distinct random replicas of the read's data
}

// A task is one background job's task.
type task struct {
	at, service float64
	server      int
}

// workload is what every policy replays.
type workload struct {
	reads []read
	tasks []task
}

// draw returns the reads and the background tasks.
func draw(p Params, rng *rand.Rand) workload {
	mean := p.Median * math.Exp(p.Sigma*p.Sigma/2)
	service := func() float64 { return p.Median * math.Exp(p.Sigma*rng.NormFloat64()) }
	// Reads arrive at rate load × servers / mean.
	rate := p.Load * float64(p.Servers) / mean
	w := workload{reads: make([]read, 0, p.Requests)}
	t := 0.0
	for range p.Requests {
		t += rng.ExpFloat64() / rate
		a, b := rng.IntN(p.Servers), rng.IntN(p.Servers-1)
		if b >= a {
			b++
		}
		w.reads = append(w.reads, read{at: t, service: service(), replicas: [2]int{a, b}})
	}
	end := t
	if p.Background > 0 {
		brate := p.Background * float64(p.Servers) / mean
		// About brate × end tasks: room for them and a margin.
		w.tasks = make([]task, 0, int(brate*end*1.05)+16)
		for bt := rng.ExpFloat64() / brate; bt < end; bt += rng.ExpFloat64() / brate {
			w.tasks = append(w.tasks, task{at: bt, service: service(), server: rng.IntN(p.Servers)})
		}
	}
	return w
}

// event kinds.
const (
	evArrive = iota // a job reaches its server
	evDone          // a server finishes its job
	evCancel        // a cancellation reaches a server
	evProbe         // probe answers are read and the read is sent
)

type event struct {
	t    float64
	kind int
	job  int // index into jobs
	seq  int // tie-break: events at the same time in creation order
}

// events is a binary min-heap of events by time, then creation order.
type events []event

// before orders events by time, then creation order.
func before(a, b event) bool { return a.t < b.t || a.t == b.t && a.seq < b.seq }

func (h events) less(i, j int) bool { return before(h[i], h[j]) }

func (h *events) push(e event) {
	*h = append(*h, e)
	q := *h
	for i := len(q) - 1; i > 0; {
		up := (i - 1) / 2
		if !q.less(i, up) {
			break
		}
		q[i], q[up] = q[up], q[i]
		i = up
	}
}

func (h *events) pop() event {
	q := *h
	e := q[0]
	last := len(q) - 1
	q[0] = q[last]
	q = q[:last]
	for i := 0; ; {
		c := 2*i + 1
		if c >= len(q) {
			break
		}
		if c+1 < len(q) && q.less(c+1, c) {
			c++
		}
		if !q.less(c, i) {
			break
		}
		q[i], q[c] = q[c], q[i]
		i = c
	}
	*h = q
	return e
}

// job states.
const (
	pending = iota // not yet at its server
	queued
	running
	done
	dropped
)

// A job is one copy of a read, or a background task, at one server.
type job struct {
	server  int
	service float64
	read    int // the read it is a copy of, or -1
	sibling int // the other copy's job, or -1
	alt     int // probe: the other server asked, or -1
	state   int
	started float64
}

// outcome is one policy's replay.
type outcome struct {
	latency   []float64 // per read, sorted
	wasted    float64   // service time of copies that ran after their sibling had started
	readWork  float64   // service time of the reads, once each
	bothStart int       // reads whose two copies both ran
}

// scratch holds simulate's large buffers between the policies of one run:
// each replay overwrites what it uses, so the policies share one set.
type scratch struct {
	jobs        []job
	early, late []event
	merged      []event
	answer      []float64
}

// simulate replays w under policy, in sc's buffers.
func simulate(ctx context.Context, p Params, w workload, policy string, sc *scratch) (outcome, error) {
	var (
		jobs   = slices.Grow(sc.jobs[:0], 2*len(w.reads)+len(w.tasks))
		h      = make(events, 0, 1024)
		seq    int
		queues = make([][]int, p.Servers)
		heads  = make([]int, p.Servers) // queues[s][heads[s]:] is server s's queue
		early  []event                  // the workload's own arrivals, in time order
		late   = sc.late[:0]            // tied reads' second copies, in time order
		busy   = make([]bool, p.Servers)
		live   = make([]int, p.Servers) // queued or running jobs, for probes
		answer = slices.Grow(sc.answer[:0], len(w.reads))[:len(w.reads)]
		out    outcome
	)
	defer func() { sc.jobs, sc.late, sc.answer = jobs, late, answer }()
	push := func(t float64, kind, j int) {
		h.push(event{t: t, kind: kind, job: j, seq: seq})
		seq++
	}
	newJob := func(server int, service float64, read, sibling int) int {
		jobs = append(jobs, job{server: server, service: service, read: read, sibling: sibling, alt: -1})
		return len(jobs) - 1
	}
	for i := range answer {
		answer[i] = math.Inf(1)
	}
	delay := p.Delta
	if policy == "tied_instant" {
		delay = 0
	}
	// The workload's first events go to a sorted list, not the heap, so
	// that the heap holds only the events in flight.
	early = slices.Grow(sc.early[:0], len(w.reads)+len(w.tasks))
	first := func(t float64, kind, j int) {
		early = append(early, event{t: t, kind: kind, job: j, seq: seq})
		seq++
	}
	for i, r := range w.reads {
		out.readWork += r.service
		switch policy {
		case "single":
			first(r.at+p.Delta, evArrive, newJob(r.replicas[0], r.service, i, -1))
		case "tied", "tied_instant":
			a := newJob(r.replicas[0], r.service, i, -1)
			b := newJob(r.replicas[1], r.service, i, a)
			jobs[a].sibling = b
			first(r.at+p.Delta, evArrive, a)
			late = append(late, event{t: r.at + 3*p.Delta, kind: evArrive, job: b, seq: seq})
			seq++
		case "probe":
			// The probes reach both servers at at + Delta; the job waits
			// for the answers at at + 2·Delta, and is sent then.
			a := newJob(r.replicas[0], r.service, i, -1)
			jobs[a].alt = r.replicas[1]
			first(r.at+p.Delta, evProbe, a)
		}
	}
	tasks := len(early)
	for _, tk := range w.tasks {
		first(tk.at, evArrive, newJob(tk.server, tk.service, -1, -1))
	}
	// Reads and tasks are each in time order: merge them.
	reads, bg := early[:tasks], early[tasks:]
	sc.early = early
	early = slices.Grow(sc.merged[:0], len(reads)+len(bg))
	defer func() { sc.merged = early }()
	for len(reads) > 0 || len(bg) > 0 {
		if len(bg) == 0 || len(reads) > 0 && before(reads[0], bg[0]) {
			early, reads = append(early, reads[0]), reads[1:]
		} else {
			early, bg = append(early, bg[0]), bg[1:]
		}
	}
	start := func(t float64, s int) {
		for heads[s] < len(queues[s]) {
			j := queues[s][heads[s]]
			heads[s]++
			if heads[s] == len(queues[s]) {
				queues[s], heads[s] = queues[s][:0], 0
			}
			if jobs[j].state != queued {
				continue
			}
			jobs[j].state, jobs[j].started = running, t
			busy[s] = true
			if sib := jobs[j].sibling; sib >= 0 {
				if jobs[sib].state == running || jobs[sib].state == done {
					out.wasted += jobs[j].service
					out.bothStart++
				} else {
					push(t+delay, evCancel, sib)
				}
			}
			push(t+jobs[j].service, evDone, j)
			return
		}
		busy[s] = false
	}
	// The next event is the earliest (by time, then creation) of the three
	// sources: the workload's arrivals, the second copies, and the heap of
	// events made while replaying. The two lists are already in order, so
	// the heap holds only the events in flight.
	n := 0
	for next, nl := 0, 0; len(h) > 0 || next < len(early) || nl < len(late); {
		if n++; n%65536 == 0 {
			if err := ctx.Err(); err != nil {
				return outcome{}, err
			}
		}
		var e event
		switch {
		case next < len(early) && (nl == len(late) || before(early[next], late[nl])) && (len(h) == 0 || before(early[next], h[0])):
			e = early[next]
			next++
		case nl < len(late) && (len(h) == 0 || before(late[nl], h[0])):
			e = late[nl]
			nl++
		default:
			e = h.pop()
		}
		j := &jobs[e.job]
		switch e.kind {
		case evProbe:
			// Probes were answered at at + Delta: choose the shorter
			// queue then, send the read, which arrives Delta after the
			// answers are back (at + 3·Delta in all).
			if live[j.alt] < live[j.server] {
				j.server = j.alt
			}
			push(e.t+2*p.Delta, evArrive, e.job)
		case evArrive:
			if j.state == dropped {
				continue
			}
			j.state = queued
			live[j.server]++
			queues[j.server] = append(queues[j.server], e.job)
			if !busy[j.server] {
				start(e.t, j.server)
			}
		case evCancel:
			switch j.state {
			case pending:
				j.state = dropped
			case queued:
				j.state = dropped
				live[j.server]--
			}
		case evDone:
			j.state = done
			live[j.server]--
			if j.read >= 0 {
				answer[j.read] = min(answer[j.read], e.t+p.Delta)
			}
			start(e.t, j.server)
		}
	}
	out.latency = make([]float64, len(w.reads))
	for i, r := range w.reads {
		out.latency[i] = answer[i] - r.at
	}
	sortLatencies(out.latency)
	return out, nil
}

// sortLatencies sorts non-negative, finite latencies in increasing order,
// as slices.Sort does: for such numbers the order of their IEEE 754 bits is
// their order, so a radix sort of the bits replaces comparisons.
func sortLatencies(xs []float64) {
	if len(xs) < 1<<10 {
		slices.Sort(xs)
		return
	}
	bits := make([]uint64, len(xs))
	for i, x := range xs {
		bits[i] = math.Float64bits(x)
	}
	for i, k := range radix.SortFrom(bits, make([]uint64, len(xs)), 0) {
		xs[i] = math.Float64frombits(k)
	}
}

// Run replays the reads under every policy and returns the values Model
// declares.
func Run(ctx context.Context, p Params) (model.Result, error) {
	if err := p.Validate(); err != nil {
		return model.Result{}, err
	}
	w := draw(p, rand.New(rand.NewPCG(uint64(p.Seed), stream)))
	var res model.Result
	res.Set("servers", float64(p.Servers), "server")
	res.Set("load", p.Load, "")
	res.Set("background", p.Background, "")
	res.Set("median", p.Median, "ms")
	res.Set("sigma", p.Sigma, "")
	res.Set("delta", p.Delta, "ms")
	res.Set("requests", float64(p.Requests), "request")
	res.Set("client_delay", 2*p.Delta, "ms")
	res.Set("published.median_cut", Published.MedianCut, "")
	res.Set("published.p999_cut", Published.P999Cut, "")
	res.Set("published.extra_work", Published.ExtraWork, "")
	res.Set("published.client_delay", Published.ClientDelay, "ms")
	outs := map[string]outcome{}
	var sc scratch
	for _, pol := range Policies {
		o, err := simulate(ctx, p, w, pol, &sc)
		if err != nil {
			return model.Result{}, err
		}
		outs[pol] = o
		for _, l := range levels {
			res.Set(pol+"."+l.name, latency.Percentile(o.latency, l.q), "ms")
		}
		res.Set(pol+".wasted_work", o.wasted/o.readWork, "")
		res.Set(pol+".both_started", float64(o.bothStart)/float64(len(w.reads)), "")
	}
	single := outs["single"].latency
	for _, pol := range Policies[1:] {
		for _, l := range levels {
			res.Set(pol+".cut."+l.name, 1-latency.Percentile(outs[pol].latency, l.q)/latency.Percentile(single, l.q), "")
		}
	}
	return res, nil
}
