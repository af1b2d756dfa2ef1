package rfodr

import (
	"strings"
	"testing"

	rfodschema "github.com/runforge/runforge/schema/rfod"
)

// TestForeignCardTypeSuggestsOwnKind: the hint names the pack's own card
// type of the same kind.
func TestForeignCardTypeSuggestsOwnKind(t *testing.T) {
	tests := []struct{ cardType, system, want string }{
		{"rfod/follower", System, "did you mean rfodr/follower? "},
		{"rfodr/location", rfodschema.System, "did you mean rfod/location? "},
	}
	for _, tc := range tests {
		_, hint, ok := testRegistry().ForeignCardType("d", tc.cardType, tc.system)
		if !ok || !strings.HasPrefix(hint, tc.want) {
			t.Errorf("%s in %s: hint %q (ok %v), want it to begin %q", tc.cardType, tc.system, hint, ok, tc.want)
		}
	}
	if _, _, ok := testRegistry().ForeignCardType("d", "generic", rfodschema.System); ok {
		t.Error("generic is every game's card type")
	}
}
