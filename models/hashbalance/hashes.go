package hashbalance

import (
	"crypto/md5"
	"crypto/sha1"
	"encoding/binary"
	"hash/crc32"
	"hash/fnv"

	"github.com/cespare/xxhash/v2"
)

// A Hash maps a key's bytes to a 32-bit ring position.
type Hash struct {
	// Name is the hash's segment in the result's paths.
	Name string
	// Sum returns the position of b.
	Sum func(b []byte) uint32
}

// Hashes are the hash functions the model compares, in the order of its
// results.
var Hashes = []Hash{
	{"sha1", SHA1},
	{"md5", MD5},
	{"fnv1a", FNV1a},
	{"crc32", CRC32},
	{"xxhash", XXHash},
}

// SHA1 returns the first four bytes of the SHA-1 digest of b read as a
// little-endian integer: the C# source's BitConverter.ToUInt32(digest, 0)
// on a little-endian machine (x86 and ARM as .NET runs them).
func SHA1(b []byte) uint32 {
	d := sha1.Sum(b)
	return binary.LittleEndian.Uint32(d[:4])
}

// MD5 returns the first four bytes of the MD5 digest of b read as a
// little-endian integer, as SHA1 reads its digest. (Ketama also reads
// them little-endian but takes four points from each digest, bytes
// 4i … 4i+3; here one position per key is all a key needs.)
func MD5(b []byte) uint32 {
	d := md5.Sum(b)
	return binary.LittleEndian.Uint32(d[:4])
}

// FNV1a returns the 32-bit FNV-1a hash of b (hash/fnv), with no final
// mixing step.
func FNV1a(b []byte) uint32 {
	h := fnv.New32a()
	h.Write(b)
	return h.Sum32()
}

// CRC32 returns the IEEE CRC-32 of b (hash/crc32), as zlib and Ethernet
// compute it.
func CRC32(b []byte) uint32 { return crc32.ChecksumIEEE(b) }

// XXHash returns the low 32 bits of the 64-bit xxHash (XXH64, seed 0) of b.
func XXHash(b []byte) uint32 { return uint32(xxhash.Sum64(b)) }
