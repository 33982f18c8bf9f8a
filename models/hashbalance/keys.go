package hashbalance

import (
	"math/rand/v2"
	"strconv"
)

// A Shape is a way real keys look: it writes key i of a run.
type Shape struct {
	// Name is the shape's segment in the result's paths.
	Name string
	// keys returns the run's keys of this shape.
	keys func(n int, salt int64) Keys
}

// Shapes are the key shapes the model compares, in the order of its
// results:
//
//   - sequential: product:0, product:1, … (the C# source's keys) for
//     salt 0; salt s shifts the numbers by s × n, so every salt draws a
//     fresh run of n consecutive keys: product:sn, product:sn+1, ….
//   - random: 16 lower-case hexadecimal digits from a PCG seeded with the
//     salt, a fresh set for every salt.
//   - prefix: eu-west-1/tenant-0042/session/000000, …/000001, …: one long
//     shared prefix, the session number in six digits (more past 999999),
//     shifted by s × n for salt s as the sequential keys are.
var Shapes = []Shape{
	{"sequential", sequentialKeys},
	{"random", randomKeys},
	{"prefix", prefixKeys},
}

// Keys holds n keys in one buffer: key i is buf[end[i-1]:end[i]], with
// end[-1] taken as 0.
type Keys struct {
	buf []byte
	end []int
}

// Len returns the number of keys.
func (k Keys) Len() int { return len(k.end) }

// At returns key i; the slice aliases k's buffer.
func (k Keys) At(i int) []byte {
	start := 0
	if i > 0 {
		start = k.end[i-1]
	}
	return k.buf[start:k.end[i]:k.end[i]]
}

func (k *Keys) add(key []byte) {
	k.buf = append(k.buf, key...)
	k.end = append(k.end, len(k.buf))
}

// randomKeyStream is the second word of the PCG seed of random keys.
const randomKeyStream = 0x6b6579735f726e64 // "keys_rnd"

// prefixOfKeys starts every key of the prefix shape.
const prefixOfKeys = "eu-west-1/tenant-0042/session/"

// firstKey is the number of the first sequential or prefix key of a run
// of n keys under salt: 0 for salt 0, the source's keys.
func firstKey(n int, salt int64) int64 { return salt * int64(n) }

func sequentialKeys(n int, salt int64) Keys {
	k := Keys{buf: make([]byte, 0, n*20), end: make([]int, 0, n)}
	b := []byte("product:")
	first := firstKey(n, salt)
	for i := range int64(n) {
		k.add(strconv.AppendInt(b[:8], first+i, 10))
	}
	return k
}

func randomKeys(n int, salt int64) Keys {
	rng := rand.New(rand.NewPCG(uint64(salt), randomKeyStream))
	k := Keys{buf: make([]byte, 0, n*16), end: make([]int, 0, n)}
	var b [16]byte
	const hex = "0123456789abcdef"
	for range n {
		x := rng.Uint64()
		for j := 15; j >= 0; j-- {
			b[j] = hex[x&15]
			x >>= 4
		}
		k.add(b[:])
	}
	return k
}

func prefixKeys(n int, salt int64) Keys {
	k := Keys{buf: make([]byte, 0, n*(len(prefixOfKeys)+6)), end: make([]int, 0, n)}
	b := []byte(prefixOfKeys)
	first := firstKey(n, salt)
	for i := first; i < first+int64(n); i++ {
		b = b[:len(prefixOfKeys)]
		for d := int64(100_000); d > 1 && i < d; d /= 10 {
			b = append(b, '0')
		}
		k.add(strconv.AppendInt(b, i, 10))
	}
	return k
}
