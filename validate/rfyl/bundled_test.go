package rfyl_test

import (
	"testing"

	"github.com/runforge/runforge/validate/internal/validatetest"
	rfylrules "github.com/runforge/runforge/validate/rfyl"
)

// TestBundledPacksClean: every bundled Run For Your Life pack validates clean under
// the core rules and the game's own, with the registry built from this
// game's descriptor alone.
func TestBundledPacksClean(t *testing.T) {
	validatetest.BundledPacksClean(t, rfylrules.Game())
}
