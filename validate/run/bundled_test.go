package run_test

import (
	"testing"

	"github.com/runforge/runforge/validate/internal/validatetest"
	runrules "github.com/runforge/runforge/validate/run"
)

// TestBundledPacksClean: every bundled RUN pack validates clean under
// the core rules and the game's own, with the registry built from this
// game's descriptor alone.
func TestBundledPacksClean(t *testing.T) {
	validatetest.BundledPacksClean(t, runrules.Game())
}
