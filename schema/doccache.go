package schema

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"slices"
	"strconv"
	"sync"

	"github.com/runforge/runforge/schema/internal/yamldoc"
)

// DocCache keeps the content files that parsed and passed their schema
// check, between runs: a rebuild reads an unchanged file from it instead
// of parsing and checking it again. Keys name everything the result
// depends on but the running program (its schemas and games are in the
// key; the cache adds the program's build); entries are what
// yamldoc.Document.MarshalBinary writes. A cache that cannot keep an
// entry drops it: the file is parsed again next time. The keys of the
// built-in templates start with BuiltinKeyPrefix: a process reads them
// once (the Registry keeps them), so a cache that drops the entries a
// load did not use keeps those unless the load read them.
type DocCache interface {
	Get(key string) ([]byte, bool)
	Put(key string, data []byte)
}

// BuiltinKeyPrefix starts the DocCache keys of the built-in templates.
const BuiltinKeyPrefix = "builtin-"

// docCacheVersion is the first field of every key; change it when what a
// clean file loads to changes.
const docCacheVersion = "runforge parsed file 1"

// docKey is the cache key of a file that loads to a document: its name as
// shown in positions, the kind it must declare ("" for any), the budget of
// keys and values it was parsed within and why, its bytes, and the
// registry's JSON Schemas as composed.
func (r *Registry) docKey(display, kind string, budget int, why string, src []byte) (string, bool) {
	fp, ok := r.schemasPrint()
	if !ok {
		return "", false
	}
	h := sha256.New()
	for _, f := range []string{docCacheVersion, fp, display, kind, strconv.Itoa(budget), why} {
		h.Write([]byte(strconv.Itoa(len(f)) + ":" + f))
	}
	h.Write(src)
	return hex.EncodeToString(h.Sum(nil)), true
}

// schemasPrint is the SHA-256 of the registry's JSON Schemas as the
// loader compiles them (SchemaFiles): what the schema check of a file
// depends on besides the file. False when they cannot be composed.
func (r *Registry) schemasPrint() (string, bool) {
	files, err := r.schemas.Load().files()
	if err != nil {
		return "", false
	}
	h := sha256.New()
	for _, k := range r.Kinds() {
		name, _ := r.SchemaFileOf(k)
		h.Write([]byte("kind\x00" + k + "\x00" + name + "\x00"))
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		h.Write([]byte(name + "\x00" + strconv.Itoa(len(files[name])) + "\x00"))
		h.Write(files[name])
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// cachedDoc is the document of key in cache, if it holds one for the file
// shown as display.
func cachedDoc(cache DocCache, key, display string) (*yamldoc.Document, bool) {
	if cache == nil || key == "" {
		return nil, false
	}
	data, ok := cache.Get(key)
	if !ok {
		return nil, false
	}
	var d yamldoc.Document
	if d.UnmarshalBinary(data) != nil || d.File != display {
		return nil, false
	}
	return &d, true
}

// keepDoc puts a document that loaded clean into cache under key.
func keepDoc(cache DocCache, key string, d *yamldoc.Document) {
	if cache == nil || key == "" {
		return
	}
	if data, err := d.MarshalBinary(); err == nil {
		cache.Put(key, data)
	}
}

// builtinSet is the registry's built-in templates, read once per process:
// every pack loaded with the registry starts from the same documents,
// which nothing modifies.
type builtinSet struct {
	once  sync.Once
	docs  []*yamldoc.Document
	probs []Problem
}

// builtinTemplates returns the registry's built-in templates, read (from
// cache, when it has them) on the first call.
func (r *Registry) builtinTemplates(cache DocCache) ([]*yamldoc.Document, []Problem) {
	b := r.builtin
	b.once.Do(func() { b.docs, b.probs = r.readBuiltinTemplates(cache) })
	return b.docs, slices.Clip(b.probs)
}
