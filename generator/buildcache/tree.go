package buildcache

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
)

// Limits of HashFS: a folder larger than this is not worth caching.
const (
	maxFiles = 20000
	maxBytes = 1 << 30
)

// ErrTooLarge is HashFS's error for a folder beyond its limits.
var ErrTooLarge = errors.New("too many files to cache")

// HashFS adds to k the name, type and content of every file and folder in
// fsys, in lexical order, but the files and folders skip names (by their
// paths in fsys, such as an output folder inside a pack). Symbolic links
// count by what they lead to, an entry that cannot be read by its error.
func HashFS(k *Key, fsys fs.FS, skip func(path string) bool) error {
	files, total := 0, int64(0)
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			k.String("error", p+": "+err.Error())
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != "." && skip != nil && skip(p) {
				return fs.SkipDir
			}
			k.String("dir", p)
			return nil
		}
		if skip != nil && skip(p) {
			return nil
		}
		if files++; files > maxFiles {
			return ErrTooLarge
		}
		k.String("file", p)
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			k.String("error", err.Error())
			return nil
		}
		if total += int64(len(data)); total > maxBytes {
			return ErrTooLarge
		}
		k.Bytes("content", data)
		return nil
	})
}

// FileStat is what StatTree records of a file: enough to tell, without
// reading it, that it is no longer the file a build wrote.
type FileStat struct {
	Path    string // slash-separated, relative to the folder
	Size    int64
	ModTime int64 // nanoseconds since 1970
	Mode    uint32
}

// StatTree lists the files of dir and its sub-folders with their stat, in
// lexical order.
func StatTree(dir string) ([]FileStat, error) {
	var out []FileStat
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		out = append(out, FileStat{Path: filepath.ToSlash(rel), Size: info.Size(), ModTime: info.ModTime().UnixNano(), Mode: uint32(info.Mode())})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	return out, nil
}

// SameTree reports whether dir holds exactly the files want, each with the
// same stat: nothing added, removed, resized or touched since want was
// taken.
func SameTree(dir string, want []FileStat) bool {
	got, err := StatTree(dir)
	return err == nil && len(want) > 0 && slices.Equal(got, want)
}
