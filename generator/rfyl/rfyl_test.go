package rfyl

import (
	"testing"

	"github.com/runforge/runforge/schema"
)

func TestDerivedDeterminationFields(t *testing.T) {
	cases := map[int][2]string{
		1: {"no bullets + {blood}", "nothing"}, 3: {"no bullets", "nothing"}, 5: {"1 {bullet}", "nothing"},
		6: {"1 {bullet}", "gun found"}, 8: {"2 {bullet}", "gun found"}, 10: {"3 {bullet}", "gun found"},
	}
	for v, want := range cases {
		f := DeterminationFields(nil, &schema.Card{Fields: map[string]any{"value": int64(v)}})
		if f["ammo"] != want[0] || f["gun"] != want[1] {
			t.Errorf("value %d: got %v, want %v", v, f, want)
		}
	}
}
