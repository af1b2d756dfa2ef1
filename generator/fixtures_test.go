package generator

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// loadRFPack loads a Run, Fight, or Die! fixture pack of the game's
// package (rfod/testdata/<dir>) for the tests of its decks and index.
func loadRFPack(t testing.TB, dir string) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS(filepath.Join("rfod", "testdata", dir)), dir)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}
