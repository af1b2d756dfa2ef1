// Package follow follows the files of folders on disk: it notices when a
// file is written, added or removed, by polling the size and modification
// time of every file under the folders. Polling needs nothing of the
// operating system, so it behaves the same on Linux, macOS and Windows,
// and it survives editors that save by writing a new file and renaming it
// over the old one (which drops a watch on the old file).
package follow

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// DefaultInterval is how often a Follower looks at the files: a saved file
// is noticed within this time.
const DefaultInterval = 100 * time.Millisecond

// MaxFiles is the most files a Follower looks at under its folders; a
// folder holding more (a home folder named by mistake) is refused.
const MaxFiles = 20000

// Follower notices changes to the files under its roots.
type Follower struct {
	roots    []string
	interval time.Duration
	last     map[string]stamp
	// max is the most files followed (MaxFiles).
	max int
}

// stamp is what tells two versions of a file apart: its size and time,
// and for a file written in the last few seconds a checksum of its bytes
// too (a file system that keeps times to the second, or two, would not
// tell two saves within that time apart).
type stamp struct {
	size    int64
	modTime time.Time
	sum     uint32 // 0: not computed
}

// recent is how old a file's time may be for its bytes to be compared.
const recent = 3 * time.Second

// same reports whether two stamps are of the same version of a file.
func (s stamp) same(o stamp) bool {
	if s.size != o.size || !s.modTime.Equal(o.modTime) {
		return false
	}
	return s.sum == 0 || o.sum == 0 || s.sum == o.sum
}

// stampOf stamps the file at path.
func stampOf(path string, info fs.FileInfo) stamp {
	s := stamp{size: info.Size(), modTime: info.ModTime()}
	if time.Since(s.modTime) < recent && s.size <= maxSummed {
		if b, err := os.ReadFile(path); err == nil {
			s.sum = crc32.ChecksumIEEE(b) | 1
		}
	}
	return s
}

// maxSummed is the largest file whose bytes are compared.
const maxSummed = 8 << 20

// New returns a follower of the files under roots (folders or single
// files), looking every interval (DefaultInterval when zero). It takes the
// files' present state as the starting point.
func New(roots []string, interval time.Duration) (*Follower, error) {
	if interval <= 0 {
		interval = DefaultInterval
	}
	f := &Follower{roots: roots, interval: interval, max: MaxFiles}
	snap, err := f.scan()
	if err != nil {
		return nil, err
	}
	f.last = snap
	return f, nil
}

// Roots are the folders and files followed.
func (f *Follower) Roots() []string { return f.roots }

// Run calls changed with the paths (sorted) of the files written, added
// or removed since the last call, each time it sees some, until ctx is
// done; it returns nil then. changed runs on Run's goroutine: while it
// runs, changes accumulate for the next call.
func (f *Follower) Run(ctx context.Context, changed func(paths []string)) error {
	t := time.NewTicker(f.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		paths, err := f.Poll()
		if err != nil {
			return err
		}
		if len(paths) > 0 {
			changed(paths)
		}
	}
}

// Poll looks at the files once and returns those that changed since the
// last look, sorted.
func (f *Follower) Poll() ([]string, error) {
	snap, err := f.scan()
	if err != nil {
		return nil, err
	}
	var out []string
	for p, s := range snap {
		if old, ok := f.last[p]; !ok || !old.same(s) {
			out = append(out, p)
		}
	}
	for p := range f.last {
		if _, ok := snap[p]; !ok {
			out = append(out, p)
		}
	}
	f.last = snap
	sort.Strings(out)
	return out, nil
}

// errTooMany stops a walk that passed MaxFiles.
var errTooMany = errors.New("too many files")

// scan stamps every file under the roots. Hidden files and folders (an
// editor's swap file, .git) and backup files ending in ~ are left out. A
// root that does not exist (yet) holds no files.
func (f *Follower) scan() (map[string]stamp, error) {
	snap := map[string]stamp{}
	for _, root := range f.roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil
				}
				return err
			}
			if path != root && ignored(d.Name()) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil // removed while we walked
				}
				return err
			}
			snap[path] = stampOf(path, info)
			if len(snap) > f.max {
				return errTooMany
			}
			return nil
		})
		if errors.Is(err, errTooMany) {
			return nil, fmt.Errorf("following %s: more than %d files: name a pack folder", root, f.max)
		}
		if err != nil {
			return nil, &os.PathError{Op: "following", Path: root, Err: err}
		}
	}
	return snap, nil
}

// ignored reports whether a file or folder of that name is no content: a
// hidden one or an editor's backup.
func ignored(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~")
}
