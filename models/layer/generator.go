package layer

// The course's pseudo-random generator is the minimal standard Lehmer
// generator with multiplier 48271 modulo 2^31−1, seeded exactly as the
// reference program seeds it, so that every draw matches the source document.
const (
	lehmerModulus    = 2147483647 // 2^31 − 1
	lehmerMultiplier = 48271
)

// A Stream is a sequence of draws of the course generator. Its zero value is
// not usable; use NewStream.
type Stream struct{ state int64 }

// NewStream returns the stream for seed. The state starts at
// seed mod 2147483646 + 1, with the remainder taken non-negative as Python's
// % takes it, so seeds that are equal modulo 2147483646 give the same stream.
func NewStream(seed int64) *Stream {
	s := seed % (lehmerModulus - 1)
	if s < 0 {
		s += lehmerModulus - 1
	}
	return &Stream{state: s + 1}
}

// Intn advances the stream and returns the new state modulo n, a value in
// [0, n). It panics if n <= 0. The state stays below 2^31 and its product
// with the multiplier below 2^47, so int64 arithmetic is exact.
func (s *Stream) Intn(n int) int {
	if n <= 0 {
		panic("layer: Intn argument must be positive")
	}
	s.state = s.state * lehmerMultiplier % lehmerModulus
	return int(s.state % int64(n))
}

// A Class is one of the three service classes a subject belongs to and a
// connection's requests are addressed to.
type Class int

// The service classes, in the order the reference program lists them.
const (
	Interactive Class = iota
	Batch
	Backup
	NumClasses = 3
)

var classNames = [NumClasses]string{"interactive", "batch", "backup"}

// String returns the class name used in value paths and labels.
func (c Class) String() string {
	if c < 0 || c >= NumClasses {
		return "unknown"
	}
	return classNames[c]
}

// A Subject is one member of the course's fixed population.
type Subject struct {
	ID       int   // 1-based subject number
	Capacity int   // requests it can serve at once, 20..100
	Latency  int   // normal response time, 5..49 (no unit in the source)
	Class    Class // service class
	Special  bool  // one of the special devices (drawn with probability 1/9)
}

// A Connection is one client connection and the requests it carries.
type Connection struct {
	Requests int   // requests carried: 20..40 for a long-lived connection, 1..4 otherwise
	Class    Class // class its requests are addressed to
}

// Subjects returns the n subjects drawn from seed, numbered 1..n. Each
// subject takes five draws in order: capacity, latency, class, special
// (special with probability 1/9).
func Subjects(n int, seed int64) []Subject {
	return drawSubjects(make([]Subject, n), seed)
}

// drawSubjects fills subs with the first len(subs) subjects drawn from seed
// and returns it.
func drawSubjects(subs []Subject, seed int64) []Subject {
	r := NewStream(seed)
	for i := range subs {
		subs[i] = Subject{
			ID:       i + 1,
			Capacity: 20 + r.Intn(81),
			Latency:  5 + r.Intn(45),
			Class:    Class(r.Intn(NumClasses)),
			Special:  r.Intn(9) == 0,
		}
	}
	return subs
}

// The request counts a connection can carry: a long-lived connection carries
// LongMinRequests..LongMaxRequests, any other
// ShortMinRequests..ShortMaxRequests. The two ranges do not overlap, so a
// connection is long-lived iff it carries at least LongMinRequests
// (Connection.Long). A connection is long-lived with probability
// 1/LongOneIn.
const (
	LongMinRequests  = 20
	LongMaxRequests  = 40
	ShortMinRequests = 1
	ShortMaxRequests = 4
	LongOneIn        = 8
)

// Long reports whether c is a long-lived connection.
func (c Connection) Long() bool { return c.Requests >= LongMinRequests }

// Connections returns the n connections drawn from seed. One connection in
// LongOneIn (eight, in expectation) is long-lived and carries
// LongMinRequests..LongMaxRequests (20..40) requests; the rest carry
// ShortMinRequests..ShortMaxRequests (1..4). The reference program draws connections from Seed + 11; see
// ConnSeed.
func Connections(n int, seed int64) []Connection {
	return drawConnections(make([]Connection, n), seed)
}

// drawConnections fills conns with the first len(conns) connections drawn
// from seed and returns it.
func drawConnections(conns []Connection, seed int64) []Connection {
	r := NewStream(seed)
	for i := range conns {
		long := r.Intn(LongOneIn) == 0
		var req int
		if long {
			req = LongMinRequests + r.Intn(LongMaxRequests-LongMinRequests+1)
		} else {
			req = ShortMinRequests + r.Intn(ShortMaxRequests-ShortMinRequests+1)
		}
		conns[i] = Connection{Requests: req, Class: Class(r.Intn(NumClasses))}
	}
	return conns
}

// ConnSeedOffset is how far the default connection seed lies above the
// subject seed in the reference program.
const ConnSeedOffset = 11

// ConnSeed returns the connection seed a model uses: *connSeed when set,
// otherwise seed + ConnSeedOffset. Callers validate first that the sum does
// not overflow (seed <= math.MaxInt64 − ConnSeedOffset).
func ConnSeed(seed int64, connSeed *int64) int64 {
	if connSeed != nil {
		return *connSeed
	}
	return seed + ConnSeedOffset
}

// TotalRequests returns the number of requests the connections carry.
func TotalRequests(conns []Connection) int {
	total := 0
	for _, c := range conns {
		total += c.Requests
	}
	return total
}
