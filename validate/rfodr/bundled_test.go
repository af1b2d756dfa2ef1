package rfodr_test

import (
	"testing"

	"github.com/runforge/runforge/validate/internal/validatetest"
	rfodrrules "github.com/runforge/runforge/validate/rfodr"
)

// TestBundledPacksClean: every bundled Run, Fight, or Die: Reloaded pack validates clean under
// the core rules and the game's own, with the registry built from this
// game's descriptor alone.
func TestBundledPacksClean(t *testing.T) {
	validatetest.BundledPacksClean(t, rfodrrules.Game())
}
