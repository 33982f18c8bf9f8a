// Package cache stores model results on disk under a key that names
// everything the result depends on, and verifies each entry when it is read.
//
// An entry is one file, KEY.res under a two-character fan-out directory:
//
//	magic "lbcache2\n"
//	the key, as written (64 hex digits and a newline)
//	SHA-256 of the payload (32 bytes)
//	the payload: a model.Result in the encoding of codec.go
//
// Get returns a result only when the magic, the key and the checksum all
// match and the payload decodes completely; anything else is a Corrupt
// entry, which the caller recomputes and overwrites. Writes go through a
// temporary file in the same directory and a rename, so a reader sees either
// the old entry or the new one, never a part.
package cache

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"lbcourse/models/model"
)

const magic = "lbcache2\n"

// MaxEntry bounds the size of one entry read back; a larger file is corrupt.
const MaxEntry = 256 << 20

// A Cache is a directory of results. The zero Cache (Dir == "") stores
// nothing. Safe for concurrent use.
type Cache struct {
	Dir string
}

// Status says what Get found.
type Status int

const (
	Miss    Status = iota // no entry: compute and Put
	Hit                   // a verified entry
	Corrupt               // an entry that failed verification: recompute and Put
)

func (c Cache) path(key string) string { return filepath.Join(c.Dir, key[:2], key+".res") }

// Get returns the result stored under key. With Corrupt, err says what
// failed (a checksum, the key, the encoding) and names the file.
func (c Cache) Get(key string) (model.Result, Status, error) {
	if c.Dir == "" || len(key) < 3 {
		return model.Result{}, Miss, nil
	}
	p := c.path(key)
	b, err := readBounded(p)
	if errors.Is(err, fs.ErrNotExist) {
		return model.Result{}, Miss, nil
	}
	if err != nil {
		return model.Result{}, Corrupt, fmt.Errorf("cache entry %s: %v", p, err)
	}
	r, err := decode(b, key)
	if err != nil {
		return model.Result{}, Corrupt, fmt.Errorf("cache entry %s: %v", p, err)
	}
	return r, Hit, nil
}

// readBounded reads the file at p into a buffer of its size, refusing a
// file larger than MaxEntry, or one that changes size while read.
func readBounded(p string) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() > MaxEntry {
		return nil, fmt.Errorf("larger than %d bytes", MaxEntry)
	}
	b := make([]byte, fi.Size()+1)
	n, err := io.ReadFull(f, b)
	switch {
	case (err == io.ErrUnexpectedEOF || err == io.EOF) && int64(n) == fi.Size():
		return b[:n], nil
	case err == nil:
		return nil, errors.New("grew while read")
	case err == io.ErrUnexpectedEOF || err == io.EOF:
		return nil, errors.New("shrank while read")
	}
	return nil, err
}

// decode verifies an entry's framing against key and decodes its payload.
func decode(b []byte, key string) (model.Result, error) {
	payload, err := unframe(b, magic, key)
	if err != nil {
		return model.Result{}, err
	}
	r, err := decodeResult(payload)
	if err != nil {
		return model.Result{}, fmt.Errorf("undecodable: %v", err)
	}
	return r, nil
}

// unframe checks an entry's framing (the magic, the key, the SHA-256 of
// the payload) and returns its payload.
func unframe(b []byte, magic, key string) ([]byte, error) {
	head := magic + key + "\n"
	if !bytes.HasPrefix(b, []byte(magic)) {
		return nil, errors.New("not a cache entry")
	}
	if !bytes.HasPrefix(b, []byte(head)) {
		return nil, errors.New("written for another key")
	}
	rest := b[len(head):]
	if len(rest) < sha256.Size {
		return nil, errors.New("truncated")
	}
	sum, payload := rest[:sha256.Size], rest[sha256.Size:]
	if got := sha256.Sum256(payload); !bytes.Equal(got[:], sum) {
		return nil, errors.New("checksum mismatch")
	}
	return payload, nil
}

// encode frames r for key.
func encode(key string, r model.Result) []byte {
	head := len(magic) + len(key) + 1
	b := make([]byte, head+sha256.Size, head+sha256.Size+64*len(r.Values))
	copy(b, magic)
	copy(b[len(magic):], key)
	b[head-1] = '\n'
	b = encodeResult(b, r)
	sum := sha256.Sum256(b[head+sha256.Size:])
	copy(b[head:], sum[:])
	return b
}

// Put stores r under key, atomically. A failure to write only costs a later
// re-run, so it is returned for logging, never fatal.
func (c Cache) Put(key string, r model.Result) error {
	if c.Dir == "" || len(key) < 3 {
		return nil
	}
	return c.write(c.path(key), encode(key, r))
}

// write puts b at p through a temporary file in the same directory and a
// rename, so a reader sees the old entry or the new one, never a part.
func (c Cache) write(p string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return err
	}
	// No fsync: a torn write after a power loss fails the checksum and is
	// recomputed.
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), p); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
