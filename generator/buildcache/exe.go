package buildcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// ExecutableID identifies the running program's build, so that entries
// written by one build of runforge are never read by another: a local
// build reports its version as "(devel)", which cannot tell two builds
// apart. It is the Go build ID the linker writes near the start of every
// executable (what `go tool buildid` prints), which changes with any change
// to the program; when there is none (linked with -buildid=), the SHA-256
// of the executable, remembered in the cache by the file's size, time and
// path so that it is read once.
func (c *Cache) ExecutableID() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("finding the running executable: %w", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("reading the running executable: %w", err)
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF {
		return "", fmt.Errorf("reading the running executable: %w", err)
	}
	if id := goBuildID(head[:n]); id != "" {
		return "go:" + id, nil
	}
	return c.executableHash(exe, f)
}

// goBuildID finds the Go build ID in the first bytes of an executable: in
// an ELF note (name "Go", type 4) or, in other formats, the raw string the
// linker writes at the start of the text: "\xff Go build ID: \"...\"\n \xff".
func goBuildID(head []byte) string {
	// An ELF note: name size 4, description size, type 4, "Go\0\0", the
	// description.
	name := []byte("Go\x00\x00")
	for off := 0; ; {
		i := bytes.Index(head[off:], name)
		if i < 0 {
			break
		}
		i += off
		off = i + 1
		if i < 12 || binary.LittleEndian.Uint32(head[i-12:]) != 4 || binary.LittleEndian.Uint32(head[i-4:]) != 4 {
			continue
		}
		size := int(binary.LittleEndian.Uint32(head[i-8:]))
		start := i + len(name)
		if size > 0 && size < 1024 && start+size <= len(head) {
			return string(bytes.TrimRight(head[start:start+size], "\x00"))
		}
	}
	const prefix = "\xff Go build ID: \""
	if i := bytes.Index(head, []byte(prefix)); i >= 0 {
		rest := head[i+len(prefix):]
		if j := bytes.IndexByte(rest, '"'); j > 0 && j < 1024 {
			return string(rest[:j])
		}
	}
	return ""
}

// exeMemo is what the cache remembers of a hashed executable.
type exeMemo struct {
	Path    string
	Size    int64
	ModTime int64
	Hash    string
}

// executableHash is the SHA-256 of the executable f at path exe,
// remembered by its stat.
func (c *Cache) executableHash(exe string, f *os.File) (string, error) {
	info, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("reading the running executable: %w", err)
	}
	key := NewKey("executable")
	key.String("path", exe)
	name := key.Sum()
	want := exeMemo{Path: exe, Size: info.Size(), ModTime: info.ModTime().UnixNano()}
	if data, ok := c.Get("exe", name); ok {
		var m exeMemo
		if json.Unmarshal(data, &m) == nil && m.Hash != "" && m.Path == want.Path && m.Size == want.Size && m.ModTime == want.ModTime {
			return "sha256:" + m.Hash, nil
		}
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", fmt.Errorf("reading the running executable: %w", err)
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("reading the running executable: %w", err)
	}
	want.Hash = hex.EncodeToString(h.Sum(nil))
	data, err := json.Marshal(want)
	if err != nil {
		return "", fmt.Errorf("remembering the executable's hash: %w", err)
	}
	// Written with the next entry: a build that writes nothing leaves no
	// cache folder behind.
	c.mu.Lock()
	c.pending = append(c.pending, entry{"exe", name, data})
	c.mu.Unlock()
	return "sha256:" + want.Hash, nil
}
