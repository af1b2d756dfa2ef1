package schema

import (
	"strings"
	"testing"
)

// TestForeignCardTypeSuggestsOwnKind: the hint names the pack's own card
// type of the same kind.
func TestForeignCardTypeSuggestsOwnKind(t *testing.T) {
	tests := []struct{ cardType, system, want string }{
		{"rfod/follower", RFoDReloadedSystem, "did you mean rfodr/follower? "},
		{"rfodr/location", RFoDSystem, "did you mean rfod/location? "},
	}
	for _, tc := range tests {
		_, hint, ok := Bundled().ForeignCardType("d", tc.cardType, tc.system)
		if !ok || !strings.HasPrefix(hint, tc.want) {
			t.Errorf("%s in %s: hint %q (ok %v), want it to begin %q", tc.cardType, tc.system, hint, ok, tc.want)
		}
	}
	if _, _, ok := Bundled().ForeignCardType("d", "generic", RFoDSystem); ok {
		t.Error("generic is every game's card type")
	}
}
