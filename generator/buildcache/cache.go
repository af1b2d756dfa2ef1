// Package buildcache is the content-addressed store that makes rebuilds
// incremental: entries named by a key that hashes everything their content
// depends on (Key), kept in a folder beside the kits (out/.cache) that is
// safe to delete. Each entry carries a checksum of its content, so an
// entry that is corrupt or truncated reads as missing (and is removed),
// never as a wrong value. It also says what the keys need: the identity of
// the running executable (ExecutableID), the files of a pack (HashFS) and
// the state of a kit's output folder by file stat (StatTree).
package buildcache

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// DirName is the cache folder's name inside the output folder.
const DirName = ".cache"

// magic starts every entry; a new format changes it, so old entries read
// as missing.
const magic = "runforge-cache 1\n"

// Cache is the cache folder of one output folder.
// Its methods may be called from several goroutines at once.
type Cache struct {
	dir string
	mu  sync.Mutex
	// pending are entries written with the next Put.
	pending []entry
	// ready are the groups whose folders exist.
	ready map[string]bool
}

// entry is an entry to write.
type entry struct {
	group, name string
	data        []byte
}

// Open is the cache of the output folder out: out/.cache. Nothing is
// created until an entry is written.
func Open(out string) *Cache {
	return &Cache{dir: filepath.Join(out, DirName)}
}

// Dir is the cache's folder.
func (c *Cache) Dir() string { return c.dir }

// path is the file of the entry named name in the group group.
func (c *Cache) path(group, name string) string {
	return filepath.Join(c.dir, group, name)
}

// Get returns the content of the entry group/name, or false when there is
// none. An entry whose checksum does not match its content (truncated,
// overwritten, from another format) reads as missing.
func (c *Cache) Get(group, name string) ([]byte, bool) {
	if !validName(group) || !validName(name) {
		return nil, false
	}
	p := c.path(group, name)
	raw, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	// An entry that does not check out is left for the Put that follows
	// the rebuild to replace.
	return unwrap(raw)
}

// Put stores data as the entry group/name, atomically: a reader sees the
// previous entry or the new one, never a part.
// The entries PutLater queued are written first.
func (c *Cache) Put(group, name string, data []byte) error {
	if err := c.Flush(); err != nil {
		return err
	}
	return c.put(group, name, data)
}

// PutLater queues data as the entry group/name, to be written by the next
// Put or Flush: a build finds what it may keep before it holds the output
// folder's lock, under which it writes.
func (c *Cache) PutLater(group, name string, data []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pending = append(c.pending, entry{group, name, data})
}

// Flush writes the entries PutLater queued (and the executable's hash that
// ExecutableID found).
func (c *Cache) Flush() error {
	c.mu.Lock()
	pending := c.pending
	c.pending = nil
	c.mu.Unlock()
	for _, e := range pending {
		if err := c.put(e.group, e.name, e.data); err != nil {
			return err
		}
	}
	return nil
}

// Keep removes the entries of group whose names keep rejects.
func (c *Cache) Keep(group string, keep func(name string) bool) error {
	if !validName(group) {
		return nil
	}
	entries, err := os.ReadDir(filepath.Join(c.dir, group))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("cleaning the cache: %w", err)
	}
	var errs []error
	for _, e := range entries {
		if n := e.Name(); validName(n) && !keep(n) {
			errs = append(errs, c.Remove(group, n))
		}
	}
	return errors.Join(errs...)
}

// Sweep removes the temporary files that writes of entries left behind
// when their process was killed before it could rename or remove them
// (".tmp-*" in every group). Call it only while no other process writes
// to the cache: builds into one output folder hold its lock.
func (c *Cache) Sweep() error {
	groups, err := os.ReadDir(c.dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("cleaning the cache: %w", err)
	}
	var errs []error
	for _, g := range groups {
		if !g.IsDir() || !validName(g.Name()) {
			continue
		}
		temps, err := filepath.Glob(filepath.Join(c.dir, g.Name(), ".tmp-*"))
		if err != nil {
			return fmt.Errorf("cleaning the cache: %w", err)
		}
		for _, t := range temps {
			if err := removeIfThere(t); err != nil {
				errs = append(errs, fmt.Errorf("cleaning the cache: %w", err))
			}
		}
	}
	return errors.Join(errs...)
}

// put is Put without the pending entries.
func (c *Cache) put(group, name string, data []byte) error {
	if !validName(group) || !validName(name) {
		return fmt.Errorf("cache entry %s/%s: not a valid name", group, name)
	}
	dir := filepath.Join(c.dir, group)
	if err := c.prepare(group); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("writing a cache entry: %w", err)
	}
	_, werr := tmp.Write(wrap(data))
	err = errors.Join(werr, tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), c.path(group, name))
	}
	if err != nil {
		return fmt.Errorf("writing a cache entry: %w", errors.Join(err, os.Remove(tmp.Name())))
	}
	return nil
}

// prepare creates the folder of group, and the cache folder's README,
// once.
func (c *Cache) prepare(group string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ready[group] {
		return nil
	}
	if err := os.MkdirAll(filepath.Join(c.dir, group), 0o755); err != nil {
		return fmt.Errorf("creating the cache folder: %w", err)
	}
	if err := writeReadme(c.dir); err != nil {
		return err
	}
	if c.ready == nil {
		c.ready = map[string]bool{}
	}
	c.ready[group] = true
	return nil
}

// Remove removes the entry group/name; there being none is no error.
func (c *Cache) Remove(group, name string) error {
	if !validName(group) || !validName(name) {
		return nil
	}
	if err := os.Remove(c.path(group, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cleaning the cache: %w", err)
	}
	return nil
}

// wrap is an entry's file: magic, the SHA-256 of data, data.
func wrap(data []byte) []byte {
	sum := sha256.Sum256(data)
	out := make([]byte, 0, len(magic)+len(sum)+len(data))
	out = append(out, magic...)
	out = append(out, sum[:]...)
	return append(out, data...)
}

// unwrap checks an entry's file and returns its data.
func unwrap(raw []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(raw, []byte(magic))
	if !ok || len(rest) < sha256.Size {
		return nil, false
	}
	sum, data := rest[:sha256.Size], rest[sha256.Size:]
	got := sha256.Sum256(data)
	return data, bytes.Equal(sum, got[:])
}

// validName reports whether name can be an entry's or a group's file
// name: not empty, no separators, no leading dot.
func validName(name string) bool {
	return name != "" && !strings.ContainsAny(name, `/\:`) && !strings.HasPrefix(name, ".") && len(name) <= 200
}

// readme says what the folder is, for whoever finds it.
const readme = "runforge's build cache: what earlier builds into this folder found and wrote,\n" +
	"so that a rebuild only does what its changes need. Safe to delete at any time.\n"

// writeReadme writes the cache folder's README once.
func writeReadme(dir string) error {
	p := filepath.Join(dir, "README.txt")
	if _, err := os.Stat(p); err == nil {
		return nil
	}
	if err := os.WriteFile(p, []byte(readme), 0o644); err != nil {
		return fmt.Errorf("writing the cache folder's README: %w", err)
	}
	return nil
}
