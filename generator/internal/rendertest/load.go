package rendertest

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// LoadPack loads the pack in the folder dir with every bundled game, named
// after the folder in positions, and fails t on any problem.
func LoadPack(t testing.TB, dir string) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS(dir), filepath.Base(dir))
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}

// LoadBundled loads the bundled pack data/<name> of the repository, found
// from this file's place in it, so that it works from any package's tests.
func LoadBundled(t testing.TB, name string) *schema.Pack {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot find the repository's data folder")
	}
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "data", name)
	p, probs := schematest.LoadPackWith(os.DirFS(dir), name, schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}

// LoadPackRoot loads the pack in the folder dir as the command does,
// through an os.Root (no file outside it), named name in positions, and
// fails t on any problem.
func LoadPackRoot(t testing.TB, dir, name string) *schema.Pack {
	t.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := root.Close(); err != nil {
			t.Error(err)
		}
	})
	p, probs := schematest.LoadPack(root.FS(), name)
	if len(probs) > 0 {
		t.Fatalf("loading: %v", probs)
	}
	return p
}

// ListDir lists the names in dir, in order.
func ListDir(t testing.TB, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
