package placement

import (
	"math/rand/v2"
	"strconv"
)

// Key shapes, the values of the parameter key_shape.
const (
	// Sequential keys are key:0, key:1, …
	Sequential = "sequential"
	// Random keys are 16 lower-case hexadecimal digits, the 64-bit words
	// of PCG(randomKeySeed, randomKeyStream): one fixed set, whatever the
	// salt.
	Random = "random"
	// Prefix keys share one long prefix and end in the key's number in
	// eight digits or more: eu-west-1/tenant-0042/user/00000000, …
	Prefix = "prefix"
)

// KeyShapes lists the key shapes.
var KeyShapes = []string{Sequential, Random, Prefix}

// The PCG of random keys.
const (
	randomKeySeed   = 42
	randomKeyStream = 0x6b6579735f726e64 // "keys_rnd"
)

// prefixOfKeys starts every key of the prefix shape.
const prefixOfKeys = "eu-west-1/tenant-0042/user/"

// keys holds n keys in one buffer: key i is buf[end[i-1]:end[i]], with
// end[-1] taken as 0.
type keys struct {
	buf []byte
	end []int
}

// len returns the number of keys.
func (k keys) len() int { return len(k.end) }

// at returns key i; the slice aliases k's buffer.
func (k keys) at(i int) []byte {
	start := 0
	if i > 0 {
		start = k.end[i-1]
	}
	return k.buf[start:k.end[i]:k.end[i]]
}

func (k *keys) add(key []byte) {
	k.buf = append(k.buf, key...)
	k.end = append(k.end, len(k.buf))
}

// makeKeys returns n keys of the given shape (one of KeyShapes).
func makeKeys(shape string, n int) keys {
	k := keys{end: make([]int, 0, n)}
	switch shape {
	case Sequential:
		k.buf = make([]byte, 0, n*10)
		b := []byte("key:")
		for i := range n {
			k.add(strconv.AppendInt(b[:4], int64(i), 10))
		}
	case Random:
		k.buf = make([]byte, 0, n*16)
		rng := rand.New(rand.NewPCG(randomKeySeed, randomKeyStream))
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
	case Prefix:
		k.buf = make([]byte, 0, n*(len(prefixOfKeys)+8))
		b := []byte(prefixOfKeys)
		p := len(b)
		var d []byte
		for i := range n {
			d = strconv.AppendInt(d[:0], int64(i), 10)
			b = b[:p]
			for range 8 - len(d) {
				b = append(b, '0')
			}
			k.add(append(b, d...))
		}
	default:
		panic("placement: unknown key shape " + shape)
	}
	return k
}
