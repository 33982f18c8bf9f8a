package hashbalance

import (
	"strings"
	"testing"
)

// TestHashVectors pins each hash on published or independently computed
// values (Python's hashlib and zlib for SHA-1, MD5 and CRC-32, the FNV
// and xxHash reference vectors), so a change of byte order or of library
// shows.
func TestHashVectors(t *testing.T) {
	for _, c := range []struct {
		hash func([]byte) uint32
		in   string
		want uint32
	}{
		// sha1("abc") = a9993e36 …: bytes a9 99 3e 36 read little-endian.
		{SHA1, "abc", 0x363e99a9},
		{SHA1, "product:0", 0xbb5d196f},
		{SHA1, "redis-1#VN0", 0x453d72f9},
		// md5("abc") = 90015098 …
		{MD5, "abc", 0x98500190},
		{MD5, "product:0", 0x1c7adec4},
		{FNV1a, "", 0x811c9dc5},
		{FNV1a, "a", 0xe40c292c},
		{FNV1a, "abc", 0x1a47e90b},
		{FNV1a, "redis-1#VN0", 0x800db125},
		{CRC32, "123456789", 0xcbf43926},
		{CRC32, "abc", 0x352441c2},
		// XXH64("") = ef46db3751d8e999, XXH64("abc") = 44bc2cf5ad770999.
		{XXHash, "", 0x51d8e999},
		{XXHash, "abc", 0xad770999},
	} {
		if got := c.hash([]byte(c.in)); got != c.want {
			t.Errorf("hash(%q) = %#08x, want %#08x", c.in, got, c.want)
		}
	}
	names := ""
	for _, h := range Hashes {
		names += h.Name + " "
	}
	if names != "sha1 md5 fnv1a crc32 xxhash " {
		t.Errorf("Hashes = %s", names)
	}
}

// TestShapes checks the keys of each shape exactly.
func TestShapes(t *testing.T) {
	keys := func(s Shape, n int, salt int64) []string {
		k := s.keys(n, salt)
		out := make([]string, k.Len())
		for i := range out {
			out[i] = string(k.At(i))
		}
		return out
	}
	seq := keys(Shapes[0], 12, 0)
	if seq[0] != "product:0" || seq[11] != "product:11" || len(seq) != 12 {
		t.Errorf("sequential = %q", seq)
	}
	if seq := keys(Shapes[0], 12, 7); seq[0] != "product:84" || seq[11] != "product:95" || len(seq) != 12 {
		t.Errorf("sequential, salt 7 = %q", seq)
	}
	if pre := keys(Shapes[2], 3, 4); pre[0] != "eu-west-1/tenant-0042/session/000012" || pre[2] != "eu-west-1/tenant-0042/session/000014" {
		t.Errorf("prefix, salt 4 = %q", pre)
	}
	if pre := keys(Shapes[2], 2, 500_000); pre[0] != "eu-west-1/tenant-0042/session/1000000" {
		t.Errorf("prefix, salt 500000 = %q", pre)
	}
	pre := prefixKeys(1_000_001, 0)
	for _, c := range []struct {
		i    int
		want string
	}{
		{0, "eu-west-1/tenant-0042/session/000000"},
		{123, "eu-west-1/tenant-0042/session/000123"},
		{99_999, "eu-west-1/tenant-0042/session/099999"},
		{999_999, "eu-west-1/tenant-0042/session/999999"},
		{1_000_000, "eu-west-1/tenant-0042/session/1000000"},
	} {
		if got := string(pre.At(c.i)); got != c.want {
			t.Errorf("prefix key %d = %q, want %q", c.i, got, c.want)
		}
	}
	r0, r0again, r1 := keys(Shapes[1], 1000, 0), keys(Shapes[1], 1000, 0), keys(Shapes[1], 1000, 1)
	seen := map[string]bool{}
	for i, k := range r0 {
		if len(k) != 16 || strings.Trim(k, "0123456789abcdef") != "" {
			t.Fatalf("random key %d = %q, want 16 lower-case hexadecimal digits", i, k)
		}
		if r0again[i] != k {
			t.Fatalf("random keys differ between two calls at %d", i)
		}
		seen[k] = true
	}
	if len(seen) != 1000 {
		t.Errorf("%d distinct random keys of 1000", len(seen))
	}
	same := 0
	for i := range r0 {
		if r0[i] == r1[i] {
			same++
		}
	}
	if same != 0 {
		t.Errorf("salts 0 and 1 share %d random keys", same)
	}
	if names := keys(Shape{keys: func(n int, salt int64) Keys { return pointNames(2, 3, salt) }}, 0, 0); names[0] != "redis-1#VN0" || names[5] != "redis-2#VN2" {
		t.Errorf("point names = %q", names)
	}
	if got := string(pointNames(2, 3, 17).At(4)); got != "redis-2/17#VN1" {
		t.Errorf("salted point name = %q", got)
	}
}
