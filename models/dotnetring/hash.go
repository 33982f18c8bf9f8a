package dotnetring

import (
	"crypto/sha1"
	"encoding/binary"
)

// Hash returns the source's DefaultHash of s:
// BitConverter.ToUInt32(SHA1(Encoding.UTF8.GetBytes(s)), 0), the first four
// bytes of the SHA-1 digest of s's UTF-8 bytes read little-endian (the byte
// order of BitConverter on the little-endian machines .NET runs on). s must
// be valid UTF-8: Go's bytes of s are then exactly C#'s UTF-8 encoding.
func Hash(s string) uint32 {
	return hashBytes([]byte(s))
}

// hashBytes is Hash over the UTF-8 bytes b.
func hashBytes(b []byte) uint32 {
	d := sha1.Sum(b)
	return binary.LittleEndian.Uint32(d[:4])
}
