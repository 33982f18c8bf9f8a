package ketama

import (
	"encoding/binary"
	"hash/crc32"
	"net"
	"strconv"
)

// A Server is one upstream of a continuum, as nginx's `server host:port
// weight=w` and pingora-ketama's Bucket give it: a host, a port and a
// weight, the server's number of point multiples.
//
// Host is hashed as its bytes, whatever they are. pingora hashes the text
// of a SocketAddr's IP ("127.0.0.1", "::1" without brackets); this package
// also takes a name that is no address, such as 127.0.0.300, so that a
// ring of any size has names of the same shape.
type Server struct {
	Host   string
	Port   uint16
	Weight int
}

// String returns host:port, with brackets around a host that holds a colon
// ([::1]:7777), for messages.
func (s Server) String() string {
	return net.JoinHostPort(s.Host, strconv.Itoa(int(s.Port)))
}

// PointHashes returns the positions of the server's first n points, in the
// order nginx's ngx_http_upstream_update_chash and pingora-ketama's
// Continuum::new generate them: point j is at the CRC-32 (IEEE, as zlib and
// crc32fast compute it) of Host's bytes, a zero byte, Port in decimal, then
// point j−1's position as four little-endian bytes (0 for point 0). Each
// point depends on the one before it, so the n positions are computed in
// one pass, from the checksum of the fixed prefix.
func (s Server) PointHashes(n int) []uint32 {
	prefix := append(append([]byte(s.Host), 0), strconv.Itoa(int(s.Port))...)
	base := crc32.ChecksumIEEE(prefix)
	hs := make([]uint32, n)
	var prev [4]byte
	for j := range hs {
		h := crc32.Update(base, crc32.IEEETable, prev[:])
		hs[j] = h
		binary.LittleEndian.PutUint32(prev[:], h)
	}
	return hs
}
