package justrun_test

import (
	"testing"

	"github.com/runforge/runforge/validate/internal/validatetest"
	justrunrules "github.com/runforge/runforge/validate/justrun"
)

// TestBundledPacksClean: every bundled Just Run pack validates clean under
// the core rules and the game's own, with the registry built from this
// game's descriptor alone.
func TestBundledPacksClean(t *testing.T) {
	validatetest.BundledPacksClean(t, justrunrules.Game())
}
