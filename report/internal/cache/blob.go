package cache

import (
	"crypto/sha256"
	"path/filepath"
)

// blobMagic starts a blob entry: KEY.blob under the same fan-out
// directories as results, framed as they are (magic, key, SHA-256 of the
// bytes, the bytes).
const blobMagic = "lbblob1\n"

func (c Cache) blobPath(key string) string { return filepath.Join(c.Dir, key[:2], key+".blob") }

// GetBlob returns the bytes stored under key when the entry is whole and
// verified; anything else is a miss (the caller makes the bytes again and
// PutBlob overwrites the entry).
func (c Cache) GetBlob(key string) ([]byte, bool) {
	if c.Dir == "" || len(key) < 3 {
		return nil, false
	}
	b, err := readBounded(c.blobPath(key))
	if err != nil {
		return nil, false
	}
	payload, err := unframe(b, blobMagic, key)
	return payload, err == nil
}

// PutBlob stores b under key, atomically, as Put stores a result; a
// failure only costs making the bytes again.
func (c Cache) PutBlob(key string, b []byte) error {
	if c.Dir == "" || len(key) < 3 {
		return nil
	}
	head := blobMagic + key + "\n"
	sum := sha256.Sum256(b)
	entry := make([]byte, 0, len(head)+len(sum)+len(b))
	entry = append(append(append(entry, head...), sum[:]...), b...)
	return c.write(c.blobPath(key), entry)
}
