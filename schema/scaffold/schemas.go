package scaffold

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/standalone"
)

// WriteSchemas writes the standalone JSON Schemas of every content kind of
// the games in reg into dir, printing each path on out, and returns the
// file names written.
func WriteSchemas(out Console, reg *schema.Registry, dir string) (map[string]bool, error) {
	embedded, err := reg.SchemaFiles()
	if err != nil {
		return nil, err
	}
	files, err := standalone.Bundle(embedded)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	written := map[string]bool{}
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := writeFileAtomic(p, files[n]); err != nil {
			return nil, err
		}
		written[n] = true
		fmt.Fprintln(out, p)
	}
	return written, nil
}

// writeFileAtomic writes a file readable by all (0644) through a temporary
// file and a rename.
func writeFileAtomic(path string, b []byte) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return err
	}
	defer func() {
		// Once renamed, the temporary file is gone: only a failure leaves it.
		if err != nil {
			err = errors.Join(err, os.Remove(tmp.Name()))
		}
	}()
	if _, err := tmp.Write(b); err != nil {
		return errors.Join(err, tmp.Close())
	}
	if err := tmp.Chmod(0o644); err != nil {
		return errors.Join(err, tmp.Close())
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
