package buildcache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
)

// Key hashes what an entry depends on into its name. Every field is
// written with its label and length, so no two different lists of fields
// hash alike.
type Key struct {
	h hash.Hash
}

// NewKey starts a key for entries of the given purpose.
func NewKey(purpose string) *Key {
	k := &Key{h: sha256.New()}
	k.String("purpose", purpose)
	return k
}

// Bytes adds a field.
func (k *Key) Bytes(label string, v []byte) {
	k.field(label)
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(v)))
	k.h.Write(n[:])
	k.h.Write(v)
}

// String adds a field.
func (k *Key) String(label, v string) { k.Bytes(label, []byte(v)) }

// Strings adds a field that is a list.
func (k *Key) Strings(label string, vs []string) {
	k.Int(label, int64(len(vs)))
	for _, v := range vs {
		k.String(label, v)
	}
}

// Int adds a field.
func (k *Key) Int(label string, v int64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(v))
	k.Bytes(label, b[:])
}

// Bool adds a field.
func (k *Key) Bool(label string, v bool) {
	b := []byte{0}
	if v {
		b[0] = 1
	}
	k.Bytes(label, b)
}

// field writes a field's label.
func (k *Key) field(label string) {
	var n [4]byte
	binary.LittleEndian.PutUint32(n[:], uint32(len(label)))
	k.h.Write(n[:])
	k.h.Write([]byte(label))
}

// Sum is the key: the hash of the fields, in hex.
func (k *Key) Sum() string {
	return hex.EncodeToString(k.h.Sum(nil))
}
