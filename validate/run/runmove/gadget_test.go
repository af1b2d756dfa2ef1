package runmove

import (
	"strings"
	"testing"
)

func gadgetOuts(t *testing.T, m *Map, from string, g Gadget) string {
	t.Helper()
	c, err := ParseCell(from)
	if err != nil {
		t.Fatal(err)
	}
	return outcomeText(GadgetOutcomes(m, c, g))
}

// bridged: water along row 4, with a bridge at C4 joining A4-B4 to D4-F4.
const bridged = `
levels
1 . . . . . .
2 . . . . . .
3 . . # . . .
4 ~ ~ = ~ ~ ~
5 . . . . . .
6 . . . . . .
`

// shore: the building C3 stands on the water of row 4.
const shore = `
levels
1 . . . . . .
2 . . . . . .
3 . . # . . .
4 ~ ~ ~ ~ ~ ~
5 . . . . . .
6 . . . . . .
`

func TestGadgetOutcomes(t *testing.T) {
	esc := roofs + "access fire-escape D2 C2 silent-W\n"
	for _, tc := range []struct {
		rule   string
		fix    string
		from   string
		gadget Gadget
		want   string
	}{
		{"L250", esc, "D2", SmokeBomb, "C1 C2 C3 D1 D3 E1 E2 E3"},
		{"L272", esc, "C3", SmokeBomb, "B4 C4 D2 D3 D4"},
		{"L278", roofs, "A2", Crowbar, "A3 B1 B4 C1 C3 D2"},
		{"L280", roofs, "B4", Crowbar, "A2 A3 A5 B1 B6 C1 C3 C5 D2"},
		{"L278", roofs, "D4", Crowbar, ""},
		{"A9", bridged, "C4", Crowbar, "B3 C2 D3"},
		{"L566", shore, "C4", Crowbar, "C3"},
		{"L566", shore, "C3", Crowbar, "C4"},
		{"L278", shore, "B3", Crowbar, "C2 D3"},
		{"L286", roofs, "A2", Hook, "B2 B3 C2"},
		{"L290", roofs, "B2", Hook, "A1 A2 A3 B1 B3 B4 C1 C2 C3 D2"},
		{"L568", river, "C4", Hook, ""},
		{"L296", open, "C3", Jetpack, "A3 B3 C1 C2 C4 C5 D3 E3"},
		{"L570", river, "C5", Jetpack, "A5 B5 C3 C4 C6 D5 E5"},
		{"L679", river, "C3", JetSki, "A3 A6 B3 B6 C6 D3 D6 E3 E6 F3 F6"},
		{"L679", river, "C2", JetSki, ""},
		{"L685", bridged, "A4", ScubaGear, "B4 D4 E4 F4"},
		{"L687", bridged, "C5", ScubaGear, ""},
	} {
		t.Run(tc.rule+"/"+tc.gadget.String()+"/"+tc.from, func(t *testing.T) {
			if got := gadgetOuts(t, mustFixture(t, tc.fix), tc.from, tc.gadget); got != tc.want {
				t.Errorf("%v from %s: got %q; want %q", tc.gadget, tc.from, got, tc.want)
			}
		})
	}
}

// L169, L667, L673: the pool is the 4 basic gadgets, plus the advanced ones
// on maps with water, minus the crossed-out ones.
func TestGadgetPool(t *testing.T) {
	for _, tc := range []struct {
		fix  string
		want string
	}{
		{open, "smoke-bomb crowbar hook jetpack"},
		{river, "smoke-bomb crowbar hook jetpack jet-ski scuba-gear"},
		{open + "crossed hook\n", "smoke-bomb crowbar jetpack"},
		{river + "crossed scuba-gear\n", "smoke-bomb crowbar hook jetpack jet-ski"},
	} {
		var got []string
		for _, g := range mustFixture(t, tc.fix).GadgetPool() {
			got = append(got, g.String())
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("pool %v; want %s", got, tc.want)
		}
	}
}
