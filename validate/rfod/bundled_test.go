package rfod_test

import (
	"testing"

	"github.com/runforge/runforge/validate/internal/validatetest"
	rfodrules "github.com/runforge/runforge/validate/rfod"
)

// TestBundledPacksClean: every bundled Run, Fight, or Die! pack validates clean under
// the core rules and the game's own, with the registry built from this
// game's descriptor alone.
func TestBundledPacksClean(t *testing.T) {
	validatetest.BundledPacksClean(t, rfodrules.Game())
}
