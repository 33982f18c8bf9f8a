package ring

import (
	"crypto/md5"
	"crypto/sha1"
	"encoding/binary"
	"strconv"
)

// DotNetHash places points as the source's C# ConsistentHashRing does: point
// i of node n is at the first four bytes, little-endian
// (BitConverter.ToUInt32 on x86), of SHA-1 over the UTF-8 string
// name(n) + "#VN" + decimal(i).
func DotNetHash(name func(node int) string) PointHash {
	return func(node, i int) uint32 {
		sum := sha1.Sum([]byte(name(node) + "#VN" + strconv.Itoa(i)))
		return binary.LittleEndian.Uint32(sum[:4])
	}
}

// KetamaHash places points as libketama does, four points per MD5 digest:
// point i of node n is bytes 4·(i mod 4) … 4·(i mod 4)+3, little-endian,
// of MD5 over name(n) + "-" + decimal(i div 4). (libketama gives a node
// floor(40·N·w_n/W) digests, 160 points when the N weights are equal.)
func KetamaHash(name func(node int) string) PointHash {
	return func(node, i int) uint32 {
		sum := md5.Sum([]byte(name(node) + "-" + strconv.Itoa(i/4)))
		return binary.LittleEndian.Uint32(sum[4*(i%4):])
	}
}
