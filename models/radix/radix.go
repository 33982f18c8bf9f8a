// Package radix sorts 64-bit keys by their bits, stably, in passes of 11
// bits: the models' large sorts, without comparisons.
package radix

const digit = 11

// SortFrom sorts keys by their bits from..63, as unsigned numbers, and
// returns the sorted keys. Keys equal in those bits keep their order (the
// bits below from are not looked at). buf must be as long as keys; the
// result is keys or buf, and the other holds garbage. A pass whose digit
// is the same in every key is skipped.
func SortFrom(keys, buf []uint64, from uint) []uint64 {
	if len(buf) != len(keys) {
		panic("radix: buf and keys differ in length")
	}
	if len(keys) < 2 {
		return keys
	}
	src, dst := keys, buf
	var count [1 << digit]int
	for shift := from; shift < 64; shift += digit {
		clear(count[:])
		for _, k := range src {
			count[k>>shift&(1<<digit-1)]++
		}
		if count[src[0]>>shift&(1<<digit-1)] == len(src) {
			continue
		}
		sum := 0
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, k := range src {
			d := k >> shift & (1<<digit - 1)
			dst[count[d]] = k
			count[d]++
		}
		src, dst = dst, src
	}
	return src
}
