package check

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/runforge/runforge/schema"
)

// Target is one pack to work on, and optionally the single file or
// sub-folder of it the user named.
type Target struct {
	// Name is the pack as shown in diagnostics: a path, or a bundled name.
	Name string
	// FS holds the pack's files; no read leaves it.
	FS fs.FS
	// File is the display path of the one file to report on, or "".
	File string
	// Dir is the display path of the one sub-folder to report on, or "".
	Dir string
	// OnDisk is set when Name is a folder on disk, not a bundled pack.
	OnDisk bool
}

// Resolve turns command-line paths into packs. A path on disk wins over a
// bundled pack of the same name. No path means data/ when it exists here,
// else every bundled pack. Its errors are the user's: a path that is no
// pack, a file that is not YAML.
func Resolve(args []string, o Options) ([]Target, error) {
	if len(args) == 0 {
		if info, err := os.Stat("data"); err == nil && info.IsDir() {
			args = []string{"data"}
		} else {
			return bundledTargets(o.BundledNames, o), nil
		}
	}
	var out []Target
	for _, a := range args {
		ts, err := resolveOne(a, o)
		if err != nil {
			return nil, err
		}
		out = append(out, ts...)
	}
	return out, nil
}

// bundledTargets are the bundled packs of the given names.
func bundledTargets(names []string, o Options) []Target {
	var out []Target
	for _, n := range names {
		sub, _ := o.Bundled(n)
		out = append(out, Target{Name: n, FS: sub})
	}
	return out
}

// resolveOne resolves one command-line path.
func resolveOne(arg string, o Options) ([]Target, error) {
	arg = windowsStyle(arg)
	info, err := os.Stat(arg)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		name := strings.TrimSuffix(strings.ReplaceAll(filepath.ToSlash(arg), `\`, "/"), "/")
		if _, ok := o.Bundled(name); ok {
			return bundledTargets([]string{name}, o), nil
		}
		return nil, fmt.Errorf("%s: no such file or folder, and no bundled pack of that name (bundled: %s)",
			arg, strings.Join(o.BundledNames, ", "))
	}
	clean := filepath.Clean(arg)
	if !info.IsDir() {
		if ext := strings.ToLower(filepath.Ext(clean)); ext != ".yaml" && ext != ".yml" {
			return nil, fmt.Errorf("%s is not a YAML file, so no pack loads it as content: give a .yaml file of a pack, or the pack folder", arg)
		}
		dir, err := packDirOf(clean)
		if err != nil {
			return nil, err
		}
		t, err := diskTarget(dir)
		if err != nil {
			return nil, err
		}
		t.File = filepath.ToSlash(clean)
		return []Target{t}, nil
	}
	if _, err := os.Stat(filepath.Join(clean, schema.ManifestFile)); err == nil {
		t, err := diskTarget(clean)
		return []Target{t}, err
	}
	entries, err := os.ReadDir(clean)
	if err != nil {
		return nil, err
	}
	var out []Target
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
			t.Dir = filepath.ToSlash(clean)
			return []Target{t}, nil
		}
	}
	if len(out) == 0 && holdsYAML(entries) {
		// YAML content without a manifest: a pack missing its game.yaml,
		// which the loader reports at the content.
		t, err := diskTarget(clean)
		return []Target{t}, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no %s here or in its sub-folders; a pack is a folder with a %s",
			arg, schema.ManifestFile, schema.ManifestFile)
	}
	return out, nil
}

// windowsStyle reads a path written with backslashes (data\run, as on
// Windows, where filepath reads it so itself) with slashes on a system
// whose paths use slashes, unless a file of that very name exists: a
// script or a habit from Windows works unchanged.
func windowsStyle(arg string) string {
	if filepath.Separator == '\\' || !strings.Contains(arg, `\`) {
		return arg
	}
	if _, err := os.Lstat(arg); err == nil {
		return arg
	}
	return strings.ReplaceAll(arg, `\`, "/")
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
func diskTarget(dir string) (Target, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return Target{}, err
	}
	return Target{Name: filepath.ToSlash(dir), FS: root.FS(), OnDisk: true}, nil
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
	return "", fmt.Errorf("%s: not inside a pack (no %s found above it)", file, schema.ManifestFile)
}

// DisplayName is the pack's root as positions show it.
func (t Target) DisplayName() string {
	if t.Name == "." {
		return ""
	}
	return t.Name
}
