package serve

import (
	"strconv"
	"sync"
	"time"
)

// state is what the HTTP side knows about the builds. All fields are guarded by mu.
type state struct {
	mu       sync.Mutex
	nonce    string        // differs between server runs, so a restart reloads the pages
	rev      uint64        // bumped on every change a page could show
	changed  chan struct{} // closed and replaced on every rev bump
	gen      uint64        // finished builds
	building bool
	errs     []string // lines of the last build's error; nil when it succeeded
	codeFile string   // the Go file whose change needs a restart; "" when none
	codeErr  string   // why OnCodeChange failed, if it did
}

// snapshot is a consistent copy of the state.
type snapshot struct {
	Token       string   `json:"token"`
	Generation  uint64   `json:"generation"`
	OK          bool     `json:"ok"`
	Building    bool     `json:"building"`
	Errors      []string `json:"errors"`
	CodeChanged bool     `json:"codeChanged"`
	CodeFile    string   `json:"codeFile,omitempty"`
	CodeError   string   `json:"codeError,omitempty"`

	changed <-chan struct{}
}

func newState() *state {
	return &state{
		nonce:   strconv.FormatInt(time.Now().UnixNano(), 36),
		changed: make(chan struct{}),
	}
}

func (s *state) snapshot() snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	errs := make([]string, len(s.errs))
	copy(errs, s.errs)
	return snapshot{
		Token:       s.nonce + "." + strconv.FormatUint(s.rev, 10),
		Generation:  s.gen,
		OK:          s.gen > 0 && s.errs == nil,
		Building:    s.building,
		Errors:      errs,
		CodeChanged: s.codeFile != "",
		CodeFile:    s.codeFile,
		CodeError:   s.codeErr,
		changed:     s.changed,
	}
}

// bump must be called with mu held.
func (s *state) bump() {
	s.rev++
	close(s.changed)
	s.changed = make(chan struct{})
}

func (s *state) setBuilding(b bool) {
	s.mu.Lock()
	s.building = b
	s.mu.Unlock()
}

// finishBuild records a finished build (errs nil on success), wakes the event
// streams, and returns the build's generation number.
func (s *state) finishBuild(errs []string) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.building = false
	s.gen++
	s.errs = errs
	s.bump()
	return s.gen
}

func (s *state) setCodeChanged(file string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.codeFile = file
	s.codeErr = ""
	if err != nil {
		s.codeErr = err.Error()
	}
	s.bump()
}
