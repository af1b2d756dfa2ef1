package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema"
)

// target is one pack to work on, and optionally the single file of it the
// user named.
type target struct {
	name string // as shown in diagnostics: a path, or a bundled name
	fsys fs.FS
	file string // display path of the one file to report on, or ""
	dir  string // display path of the one sub-folder to report on, or ""
}

// resolveTargets turns command-line paths into packs. A path on disk wins
// over a bundled pack of the same name. No path means data/ when it exists
// here, else every bundled pack.
func resolveTargets(args []string) ([]target, error) {
	if len(args) == 0 {
		if info, err := os.Stat("data"); err == nil && info.IsDir() {
			args = []string{"data"}
		} else {
			return bundledTargets(data.Packs())
		}
	}
	var out []target
	for _, a := range args {
		ts, err := resolveOne(a)
		if err != nil {
			return nil, err
		}
		out = append(out, ts...)
	}
	return out, nil
}

func bundledTargets(names []string) ([]target, error) {
	var out []target
	for _, n := range names {
		sub, _ := data.Pack(n)
		out = append(out, target{name: n, fsys: sub})
	}
	return out, nil
}

func resolveOne(arg string) ([]target, error) {
	info, err := os.Stat(arg)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, usageError("%v", err)
		}
		name := strings.TrimSuffix(filepath.ToSlash(arg), "/")
		if _, ok := data.Pack(name); ok {
			return bundledTargets([]string{name})
		}
		return nil, usageError("%s: no such file or folder, and no bundled pack of that name (bundled: %s)",
			arg, strings.Join(data.Packs(), ", "))
	}
	clean := filepath.Clean(arg)
	if !info.IsDir() {
		if ext := strings.ToLower(filepath.Ext(clean)); ext != ".yaml" && ext != ".yml" {
			return nil, usageError("%s is not a YAML file, so no pack loads it as content: give a .yaml file of a pack, or the pack folder", arg)
		}
		dir, err := packDirOf(clean)
		if err != nil {
			return nil, err
		}
		t, err := diskTarget(dir)
		if err != nil {
			return nil, err
		}
		t.file = filepath.ToSlash(clean)
		return []target{t}, nil
	}
	if _, err := os.Stat(filepath.Join(clean, schema.ManifestFile)); err == nil {
		t, err := diskTarget(clean)
		return []target{t}, err
	}
	entries, err := os.ReadDir(clean)
	if err != nil {
		return nil, usageError("%v", err)
	}
	var out []target
	for _, e := range entries {
		sub := filepath.Join(clean, e.Name())
		if _, err := os.Stat(filepath.Join(sub, schema.ManifestFile)); e.IsDir() && err == nil {
			t, err := diskTarget(sub)
			if err != nil {
				return nil, err
			}
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		// A folder inside a pack: the pack, reported for that folder only.
		if dir, err := packDirOf(filepath.Join(clean, schema.ManifestFile)); err == nil && filepath.Clean(dir) != clean {
			t, err := diskTarget(dir)
			if err != nil {
				return nil, err
			}
			t.dir = filepath.ToSlash(clean)
			return []target{t}, nil
		}
	}
	if len(out) == 0 && holdsYAML(entries) {
		// YAML content without a manifest: a pack missing its game.yaml,
		// which the loader reports at the content.
		t, err := diskTarget(clean)
		return []target{t}, err
	}
	if len(out) == 0 {
		return nil, usageError("%s: no %s here or in its sub-folders; a pack is a folder with a %s",
			arg, schema.ManifestFile, schema.ManifestFile)
	}
	return out, nil
}

// holdsYAML reports whether a folder's entries include a YAML file.
func holdsYAML(entries []os.DirEntry) bool {
	for _, e := range entries {
		if ext := strings.ToLower(filepath.Ext(e.Name())); !e.IsDir() && (ext == ".yaml" || ext == ".yml") {
			return true
		}
	}
	return false
}

// diskTarget opens a pack folder so that no read can leave it, through ..
// or symbolic links.
func diskTarget(dir string) (target, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return target{}, usageError("%v", err)
	}
	return target{name: filepath.ToSlash(dir), fsys: root.FS()}, nil
}

// packDirOf finds the pack folder that holds file: the nearest folder with a
// game.yaml, at most a few levels up.
func packDirOf(file string) (string, error) {
	dir := filepath.Dir(file)
	for i := 0; i < 4; i++ {
		if _, err := os.Stat(filepath.Join(dir, schema.ManifestFile)); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return "", usageError("%s: not inside a pack (no %s found above it)", file, schema.ManifestFile)
}

// displayName is the pack's root as positions show it.
func (t target) displayName() string {
	if t.name == "." {
		return ""
	}
	return t.name
}
