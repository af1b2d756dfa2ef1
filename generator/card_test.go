package generator

import (
	"testing"

	"github.com/runforge/runforge/schema"
)

// when: shows a box for a set field: a true flag is set, a false one is not
// (as an absent field); equals: true matches a true flag, equals: false a
// false or absent one; a field holding a mapping is set when it has keys.
func TestBoxVisibleOnFlags(t *testing.T) {
	card := &schema.Card{ID: "c", Count: 1, Fields: map[string]any{"townLine": true, "starting": false, "name": "Town Line",
		"table": map[string]any{"2": int64(7)}, "empty": map[string]any{}}}
	d := NewCardData(nil, &schema.Deck{ID: "d", CardType: "generic"}, card)
	for _, c := range []struct {
		when   string
		equals any
		want   bool
	}{
		{"townLine", nil, true},
		{"!townLine", nil, false},
		{"starting", nil, false},
		{"!starting", nil, true},
		{"missing", nil, false},
		{"townLine", true, true},
		{"townLine", false, false},
		{"starting", false, true},
		{"missing", false, true},
		{"starting", true, false},
		{"!starting", false, false},
		{"name", "Town Line", true},
		{"name", "Church", false},
		{"table", nil, true}, // a mapping (RFoD's townLine: table) is set
		{"!table", nil, false},
		{"empty", nil, false},
	} {
		b := &schema.Box{When: c.when, Equals: c.equals}
		if got := d.visible(b); got != c.want {
			t.Errorf("when %q equals %v: visible %v, want %v", c.when, c.equals, got, c.want)
		}
	}
}
