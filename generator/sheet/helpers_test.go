package sheet

import (
	"path/filepath"
	"testing"

	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/schema"
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
	return rendertest.LoadPack(t, "../../data/run-for-your-life")
}
