// Package scaffold writes what a pack of one's own starts from: a copy of
// a bundled pack under a new id, the standalone JSON Schemas beside it, and
// modelines (the first line of each YAML file) that point editors at them.
package scaffold

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"github.com/runforge/runforge/schema"
)

// Options say which pack to copy, and where.
type Options struct {
	// Src holds the files of the pack to copy.
	Src fs.FS
	// From is the id in the copied manifest, which becomes ID.
	From string
	// Dir is the absolute path of the new pack folder: one that does not
	// exist, or an empty one.
	Dir string
	// ID is the new pack's id.
	ID string
	// Schemas is the folder the JSON Schemas are written into; the
	// modelines of the copy point at it.
	Schemas string
	// Registry holds the games whose JSON Schemas are written.
	Registry *schema.Registry
}

// CopyPack copies a pack into o.Dir under the id o.ID, writes the JSON
// Schemas into o.Schemas and points the modelines of the copy at them,
// saying on warn which files are left without a working modeline. The copy
// is made in a temporary folder beside o.Dir and moved into place at the
// end, so nothing is written into o.Dir when a step fails.
func CopyPack(o Options, warn Console) (err error) {
	tmp, err := copyPackTo(o.Src, o.Dir)
	if err != nil {
		return err
	}
	defer func() {
		// After the move into place tmp is gone and this is a no-op.
		if rmErr := os.RemoveAll(tmp); rmErr != nil {
			err = errors.Join(err, fmt.Errorf("init: removing the staging copy: %w", rmErr))
		}
	}()
	if err := renameManifestID(filepath.Join(tmp, schema.ManifestFile), o.From, o.ID); err != nil {
		return err
	}
	if err := retitleManifest(filepath.Join(tmp, schema.ManifestFile), Title(o.ID)); err != nil {
		return err
	}
	return finishPack(tmp, o.Dir, o.Registry, o.Schemas, warn)
}

// finishPack writes the JSON Schemas of reg into schemas, points the
// modelines of the pack in the staging folder tmp at them and moves it to
// dir. The modelines are computed for the final folder: tmp is its
// sibling, so the relative paths agree.
func finishPack(tmp, dir string, reg *schema.Registry, schemas string, warn Console) error {
	names, err := WriteSchemas(io.Discard, reg, schemas)
	if err != nil {
		return err
	}
	if err := FixModelines(io.Discard, warn, reg, tmp, schemas, names); err != nil {
		return err
	}
	return moveIntoPlace(tmp, dir)
}

// copyPackTo copies src into a new temporary folder beside the folder abs
// and returns it.
func copyPackTo(src fs.FS, abs string) (string, error) {
	tmp, err := stagingDir(abs)
	if err != nil {
		return "", err
	}
	err = fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == "." {
			return err
		}
		dst := filepath.Join(tmp, filepath.FromSlash(p))
		if d.IsDir() {
			return os.Mkdir(dst, 0o755)
		}
		b, err := fs.ReadFile(src, p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		return "", errors.Join(fmt.Errorf("init: copying the pack: %w", err), os.RemoveAll(tmp))
	}
	return tmp, nil
}

// stagingDir makes a new temporary folder beside the folder abs, readable
// by all as the pack folder it becomes.
func stagingDir(abs string) (string, error) {
	parent := filepath.Dir(abs)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", fmt.Errorf("init: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(abs)+".tmp-")
	if err != nil {
		return "", fmt.Errorf("init: %w", err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return "", errors.Join(fmt.Errorf("init: %w", err), os.RemoveAll(tmp))
	}
	return tmp, nil
}

// renameManifestID rewrites the manifest's top-level id line from old to
// id.
func renameManifestID(manifest, old, id string) error {
	b, err := os.ReadFile(manifest)
	if err != nil {
		return fmt.Errorf("init: %w", err)
	}
	line := regexp.MustCompile(`(?m)^id:[ \t]*` + regexp.QuoteMeta(old) + `[ \t]*(#.*)?(\r?)$`)
	loc := line.FindIndex(b)
	if loc == nil {
		return fmt.Errorf("init: %s has no line id: %s to rename", manifest, old)
	}
	m := line.FindSubmatch(b)
	repl := "id: " + id
	if len(m[1]) > 0 {
		repl += " " + string(m[1])
	}
	repl += string(m[2])
	out := append(append(append([]byte{}, b[:loc[0]]...), repl...), b[loc[1]:]...)
	if err := os.WriteFile(manifest, out, 0o644); err != nil {
		return fmt.Errorf("init: %w", err)
	}
	return nil
}

// retitleManifest gives the manifest's top-level title line the title
// title, so the copy's kit is not headed with the bundled game's title.
// A manifest without one is left alone (the loader reports it).
func retitleManifest(manifest, title string) error {
	b, err := os.ReadFile(manifest)
	if err != nil {
		return fmt.Errorf("init: %w", err)
	}
	line := regexp.MustCompile(`(?m)^title:[^\r\n]*(\r?)$`)
	m := line.FindSubmatchIndex(b)
	if m == nil {
		return nil
	}
	repl := "title: " + yamlString(title) + string(b[m[2]:m[3]])
	out := append(append(append([]byte{}, b[:m[0]]...), repl...), b[m[1]:]...)
	if err := os.WriteFile(manifest, out, 0o644); err != nil {
		return fmt.Errorf("init: %w", err)
	}
	return nil
}

// moveIntoPlace makes the finished copy tmp the folder abs: a rename when
// abs does not exist, else (an empty folder, perhaps the working one) a
// rename of each file into it.
func moveIntoPlace(tmp, abs string) error {
	if _, err := os.Stat(abs); os.IsNotExist(err) {
		if err := os.Rename(tmp, abs); err != nil {
			return fmt.Errorf("init: %w", err)
		}
		return nil
	}
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return fmt.Errorf("init: %w", err)
	}
	for _, e := range entries {
		if err := os.Rename(filepath.Join(tmp, e.Name()), filepath.Join(abs, e.Name())); err != nil {
			return fmt.Errorf("init: %w", err)
		}
	}
	return nil
}
