// Package cache stores model results on disk under a key that names
// everything the result depends on.
package cache

import (
	"bytes"
	"encoding/gob"
	"os"
	"path/filepath"

	"lbcourse/models/model"
)

// A Cache is a directory of results. The zero Cache (Dir == "") stores
// nothing. Safe for concurrent use: writes go through a temporary file and
// a rename.
type Cache struct {
	Dir string
}

func (c Cache) path(key string) string { return filepath.Join(c.Dir, key[:2], key+".gob") }

// Get returns the result stored under key.
func (c Cache) Get(key string) (model.Result, bool) {
	if c.Dir == "" || len(key) < 3 {
		return model.Result{}, false
	}
	b, err := os.ReadFile(c.path(key))
	if err != nil {
		return model.Result{}, false
	}
	var r model.Result
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&r); err != nil {
		return model.Result{}, false
	}
	return r, true
}

// Put stores r under key. A failure to write only costs a later re-run, so
// it is returned for logging, never fatal.
func (c Cache) Put(key string, r model.Result) error {
	if c.Dir == "" || len(key) < 3 {
		return nil
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(r); err != nil {
		return err
	}
	p := c.path(key)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(buf.Bytes())
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(f.Name())
		if werr != nil {
			return werr
		}
		return cerr
	}
	return os.Rename(f.Name(), p)
}
