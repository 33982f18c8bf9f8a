package layer

import "slices"

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

// LayerWeighted distributes requests by smooth weighted round robin with
// each subject's capacity as its weight (see layer7Weighted) and returns
// each subject's requests in a new slice.
func LayerWeighted(conns []Connection, subjects []Subject) (load []int, dropped int) {
	load = make([]int, len(subjects))
	var w weighted
	return load, w.deal(load, conns, subjects)
}

// A weighted is the scratch space of layer7Weighted, reused between runs.
type weighted struct {
	groups  []weightGroup
	members []int
}

// A weightGroup is the subjects of one weight, in subject order; taken
// counts how many requests the group has received in the partial cycle.
type weightGroup struct {
	weight  int
	members []int
	taken   int
}

// deal distributes requests as NGINX's smooth weighted round robin does,
// one request at a time over all subjects (classes ignored, as in layer7),
// with subject i's weight its capacity: at each step every subject's
// current weight grows by its weight, the subject with the largest current
// weight (ties to the lowest index) receives the request and its current
// weight falls by the total weight W. A real balancer is told these weights
// by its configuration; it does not measure them, so the lever assumes
// that each capacity is known.
//
// Every W steps the current weights return to 0 after each subject has
// received exactly its weight, so R requests give subject i ⌊R/W⌋·w_i
// plus what the first R mod W steps give it. Those steps are simulated by
// weight group: the subjects of one weight are served among themselves in
// subject order, so each step compares one candidate per distinct weight.
// Subjects with weight 0 or less receive nothing; when the total weight is
// 0 every request is dropped.
func (w *weighted) deal(load []int, conns []Connection, subjects []Subject) (dropped int) {
	clear(load)
	requests := TotalRequests(conns)
	total := 0
	for _, s := range subjects {
		total += max(s.Capacity, 0)
	}
	if total == 0 {
		return requests
	}
	cycles, rest := requests/total, requests%total
	w.groups = w.groups[:0]
	w.members = w.members[:0]
	byWeight := map[int]int{} // weight → index in groups
	for i, s := range subjects {
		if s.Capacity <= 0 {
			continue
		}
		load[i] = cycles * s.Capacity
		if _, ok := byWeight[s.Capacity]; !ok {
			byWeight[s.Capacity] = len(w.groups)
			w.groups = append(w.groups, weightGroup{weight: s.Capacity})
		}
	}
	// members of each group, contiguous in one slice, in subject order
	counts := make([]int, len(w.groups)+1)
	for _, s := range subjects {
		if s.Capacity > 0 {
			counts[byWeight[s.Capacity]+1]++
		}
	}
	for g := range w.groups {
		counts[g+1] += counts[g]
	}
	w.members = resize(w.members, counts[len(w.groups)])
	fill := slices.Clone(counts[:len(w.groups)])
	for i, s := range subjects {
		if s.Capacity > 0 {
			g := byWeight[s.Capacity]
			w.members[fill[g]] = i
			fill[g]++
		}
	}
	for g := range w.groups {
		w.groups[g].members = w.members[counts[g]:counts[g+1]]
	}
	for t := 1; t <= rest; t++ {
		best, bestKey, bestIdx := -1, 0, 0
		for g := range w.groups {
			gr := &w.groups[g]
			m := len(gr.members)
			key := t*gr.weight - total*(gr.taken/m)
			idx := gr.members[gr.taken%m]
			if best < 0 || key > bestKey || key == bestKey && idx < bestIdx {
				best, bestKey, bestIdx = g, key, idx
			}
		}
		w.groups[best].taken++
		load[bestIdx]++
	}
	return 0
}
