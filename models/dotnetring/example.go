package dotnetring

// The source's worked numbers: on a ring of positions 0 … 2^32 − 1 it
// places A at 100, B at 500 and C at 900, then adds D at 350, and a key
// goes to the first server at or after its position, wrapping to the
// first. Typed positions crowd three servers into 901 of 2^32 values.
const (
	exampleA, exampleB, exampleC, exampleD = 100, 500, 900, 350
	ringSize                               = 1 << 32
)

// exampleFigures returns the positions each of B and C owns, the share of
// the circle A owns, and the positions D takes (all from B, the first
// server after it).
func exampleFigures() (b, c uint64, aShare float64, d uint64) {
	a := uint64(ringSize - exampleC + exampleA) // (900, 2^32) and [0, 100]
	b = exampleB - exampleA                     // (100, 500]
	c = exampleC - exampleB                     // (500, 900]
	d = exampleD - exampleA                     // (100, 350], B's until D joins
	return b, c, float64(a) / ringSize, d
}
