package buildcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// File entries hold an output file exactly as a kit has it, so that a
// rebuild can hard-link the file into the new kit instead of reading and
// writing it again (a kit's hundreds of card previews). Beside the file
// lies a checked entry, "<name>-stat", with the file's size, modification
// time and SHA-256 as written: a file whose size or time has changed since
// (edited in place through the kit that shares it, truncated) reads as
// missing. A file that cannot be linked (another volume, a file system
// without hard links) is copied, after checking its SHA-256.

// statSuffix names the checked entry beside a file entry.
const statSuffix = "-stat"

// fileStat is what a file entry's stat entry records.
type fileStat struct {
	size    int64
	modTime int64 // nanoseconds since the epoch
	sum     [sha256.Size]byte
}

func (s fileStat) encode() []byte {
	b := binary.LittleEndian.AppendUint64(nil, uint64(s.size))
	b = binary.LittleEndian.AppendUint64(b, uint64(s.modTime))
	return append(b, s.sum[:]...)
}

func decodeFileStat(b []byte) (fileStat, bool) {
	if len(b) != 16+sha256.Size {
		return fileStat{}, false
	}
	s := fileStat{size: int64(binary.LittleEndian.Uint64(b)), modTime: int64(binary.LittleEndian.Uint64(b[8:]))}
	copy(s.sum[:], b[16:])
	return s, true
}

// PutFile stores data as the file entry group/name: the file itself, and
// its stat entry. A reader sees the previous entry or the new one, never a
// part: the stat entry is written after the file, and a file that does
// not match it reads as missing.
func (c *Cache) PutFile(group, name string, data []byte) error {
	if !validName(group) || !validName(name) || !validName(name+statSuffix) {
		return fmt.Errorf("cache entry %s/%s: not a valid name", group, name)
	}
	if err := c.prepare(group); err != nil {
		return err
	}
	dir := filepath.Join(c.dir, group)
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("writing a cache entry: %w", err)
	}
	// The file becomes a kit's file through a link: it gets a kit file's
	// permissions, not a temporary file's.
	_, werr := tmp.Write(data)
	err = errors.Join(werr, tmp.Chmod(0o644), tmp.Close())
	var info fs.FileInfo
	if err == nil {
		info, err = os.Stat(tmp.Name())
	}
	if err == nil {
		err = os.Rename(tmp.Name(), c.path(group, name))
	}
	if err != nil {
		return fmt.Errorf("writing a cache entry: %w", errors.Join(err, removeIfThere(tmp.Name())))
	}
	st := fileStat{size: info.Size(), modTime: info.ModTime().UnixNano(), sum: sha256.Sum256(data)}
	return c.put(group, name+statSuffix, st.encode())
}

// LinkFile makes dst the file of the file entry group/name: a hard link
// to it, or a copy where a link cannot be made. It reports false, having
// created nothing, when there is no such entry or the file no longer
// matches its stat entry. dst must not exist.
func (c *Cache) LinkFile(group, name, dst string) (bool, error) {
	if !validName(group) || !validName(name) || !validName(name+statSuffix) {
		return false, nil
	}
	raw, ok := c.Get(group, name+statSuffix)
	if !ok {
		return false, nil
	}
	st, ok := decodeFileStat(raw)
	if !ok {
		return false, nil
	}
	src := c.path(group, name)
	info, err := os.Stat(src)
	if err != nil || !info.Mode().IsRegular() || info.Size() != st.size || info.ModTime().UnixNano() != st.modTime {
		return false, nil
	}
	if err := os.Link(src, dst); err == nil {
		return true, nil
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return false, nil
	}
	if sum := sha256.Sum256(data); !bytes.Equal(sum[:], st.sum[:]) {
		return false, nil
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		return false, fmt.Errorf("copying %s from the build cache: %w", filepath.Base(dst), err)
	}
	return true, nil
}

// FileEntries are the names of a file entry's files in its group: the
// file and its stat entry (for Keep).
func FileEntries(name string) [2]string { return [2]string{name, name + statSuffix} }

// removeIfThere removes path; its being gone is no error.
func removeIfThere(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
