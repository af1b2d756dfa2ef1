package rendertest

import (
	"os"
	"path/filepath"
	"testing"

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
