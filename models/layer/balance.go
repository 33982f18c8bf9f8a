package layer

// The three levers share one rule, round robin; they differ only in the unit
// they distribute. Every function returns loads indexed like its subjects
// argument and the number of requests no subject received.

// Layer4 distributes connections round robin: connection i goes to
// subjects[i mod len(subjects)] and takes all its requests with it, because a
// transport-layer balancer cannot see inside a connection. gauge counts the
// connections each subject received, the balancer's own counter. With no
// subjects every request is dropped.
func Layer4(conns []Connection, subjects []Subject) (load, gauge []int, dropped int) {
	load = make([]int, len(subjects))
	gauge = make([]int, len(subjects))
	if len(subjects) == 0 {
		return load, gauge, TotalRequests(conns)
	}
	for i, c := range conns {
		j := i % len(subjects)
		gauge[j]++
		load[j] += c.Requests
	}
	return load, gauge, 0
}

// Layer7 distributes requests round robin over all subjects with one counter
// running across connections: the k-th request overall (from 0) goes to
// subjects[k mod len(subjects)]. With no subjects every request is dropped.
func Layer7(conns []Connection, subjects []Subject) (load []int, dropped int) {
	load = make([]int, len(subjects))
	if len(subjects) == 0 {
		return load, TotalRequests(conns)
	}
	k := 0
	for _, c := range conns {
		for range c.Requests {
			load[k]++
			if k++; k == len(subjects) {
				k = 0
			}
		}
	}
	return load, 0
}

// Layer7Pools distributes requests round robin within class pools: a request
// of class c goes to the subjects of class c, in their order, with one
// counter per class. Requests of a class that has no subject are dropped
// (the reference program would fail on a division by zero there).
func Layer7Pools(conns []Connection, subjects []Subject) (load []int, dropped int) {
	load = make([]int, len(subjects))
	var pools [NumClasses][]int // indices into subjects
	for i, s := range subjects {
		pools[s.Class] = append(pools[s.Class], i)
	}
	var next [NumClasses]int
	for _, c := range conns {
		pool := pools[c.Class]
		if len(pool) == 0 {
			dropped += c.Requests
			continue
		}
		for range c.Requests {
			load[pool[next[c.Class]]]++
			if next[c.Class]++; next[c.Class] == len(pool) {
				next[c.Class] = 0
			}
		}
	}
	return load, dropped
}
