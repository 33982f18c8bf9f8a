package layer

// The three levers share one rule, round robin; they differ only in the unit
// they distribute. Every function gives loads indexed like the subjects and
// returns the number of requests no subject received. The unexported forms,
// which Run uses, write into slices the caller owns, one element a subject,
// so that replicated runs reuse them.

// Layer4 distributes connections round robin over subjects (see layer4) and
// returns each subject's requests and connections in new slices.
func Layer4(conns []Connection, subjects []Subject) (load, gauge []int, dropped int) {
	load, gauge = make([]int, len(subjects)), make([]int, len(subjects))
	return load, gauge, layer4(load, gauge, conns, len(subjects))
}

// layer4 distributes connections round robin over n subjects: connection i
// goes to subject i mod n and takes all its requests with it, because a
// transport-layer balancer cannot see inside a connection. gauge counts the
// connections each subject received, the balancer's own counter. With no
// subjects every request is dropped.
func layer4(load, gauge []int, conns []Connection, n int) (dropped int) {
	clear(load)
	clear(gauge)
	if n == 0 {
		return TotalRequests(conns)
	}
	for i, c := range conns {
		j := i % n
		gauge[j]++
		load[j] += c.Requests
	}
	return 0
}

// Layer7 distributes requests round robin over subjects (see layer7) and
// returns each subject's requests in a new slice.
func Layer7(conns []Connection, subjects []Subject) (load []int, dropped int) {
	load = make([]int, len(subjects))
	return load, layer7(load, conns)
}

// layer7 distributes requests round robin over len(load) subjects with one
// counter running across connections: the k-th request overall (from 0)
// goes to subject k mod len(load). With no subjects every request is
// dropped.
func layer7(load []int, conns []Connection) (dropped int) {
	clear(load)
	if len(load) == 0 {
		return TotalRequests(conns)
	}
	k := 0
	for _, c := range conns {
		for range c.Requests {
			load[k]++
			if k++; k == len(load) {
				k = 0
			}
		}
	}
	return 0
}

// Layer7Pools distributes requests round robin within class pools (see
// layer7Pools) and returns each subject's requests in a new slice.
func Layer7Pools(conns []Connection, subjects []Subject) (load []int, dropped int) {
	load = make([]int, len(subjects))
	var pools [NumClasses][]int
	return load, layer7Pools(load, &pools, conns, subjects)
}

// layer7Pools distributes requests round robin within class pools: a
// request of class c goes to the subjects of class c, in their order, with
// one counter per class. Requests of a class that has no subject are
// dropped (the reference program would fail on a division by zero there).
// pools, whose arrays it reuses, receives each class's subject indices.
func layer7Pools(load []int, pools *[NumClasses][]int, conns []Connection, subjects []Subject) (dropped int) {
	clear(load)
	for c := range pools {
		pools[c] = pools[c][:0]
	}
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
	return dropped
}
