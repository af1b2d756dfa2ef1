package sheet

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// checkGolden compares got with testdata/golden/name, or rewrites it under
// -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "golden", name), got)
}

// loadRFYL loads the bundled Run For Your Life pack.
func loadRFYL(t testing.TB) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS("../../data/run-for-your-life"), "run-for-your-life")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}
