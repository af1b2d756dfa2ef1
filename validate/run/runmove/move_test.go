package runmove

import (
	"slices"
	"strings"
	"testing"
)

// open is a 6 x 6 ground map; each case adds what its rule needs.
const open = `
levels
1 . . . . . .
2 . . . . . .
3 . . . . . .
4 . . . . . .
5 . . . . . .
6 . . . . . .
`

// outs renders the outcomes of a turn, sorted: "C2" when the turn ends
// where the movement did, "C4>D4" after a forced displacement.
func outs(t *testing.T, m *Map, from string, a Action) string {
	t.Helper()
	c, err := ParseCell(from)
	if err != nil {
		t.Fatal(err)
	}
	return outcomeText(Outcomes(m, c, a))
}

// outcomeText renders outcomes sorted: "C2" when the turn ends where the
// movement did, "C4>D4" after a forced displacement.
func outcomeText(os []Outcome) string {
	var ss []string
	for _, o := range os {
		s := o.Moved.String()
		if o.Forced != NoDisplacement {
			s += ">" + o.End.String()
		}
		ss = append(ss, s)
	}
	slices.Sort(ss)
	return strings.Join(ss, " ")
}

type moveCase struct {
	rule   string // the rulebook line or assumption the case encodes
	name   string
	fix    string
	from   string
	action Action
	want   string
}

func runMoveCases(t *testing.T, cases []moveCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.rule+"/"+tc.name, func(t *testing.T) {
			m := mustFixture(t, tc.fix)
			if got := outs(t, m, tc.from, tc.action); got != tc.want {
				t.Errorf("%s %v: got %q; want %q", tc.from, tc.action, got, tc.want)
			}
		})
	}
}

const roofs = `
levels
1 . . . . . .
2 . # # . . .
3 . # . . . #
4 . . . . . #
5 . # . . . .
6 . . . . . .
`

func TestMovesBasic(t *testing.T) {
	runMoveCases(t, []moveCase{
		{"L216", "silent orthogonal steps in its direction", open, "C3", SilentN, "C2"},
		{"L222", "silent diagonal steps in its direction", open, "C3", SilentNE, "D2"},
		{"L228", "orthogonal wild, any orthogonal direction", open, "C3", WildOrthogonal, "B3 C2 C4 D3"},
		{"L234", "diagonal wild, any diagonal direction", open, "C3", WildDiagonal, "B2 B4 D2 D4"},
		{"L240", "sprint stops anywhere on its straight line", open, "C3", SprintE, "D3 E3 F3"},
		{"L246", "no move off the map", open, "A1", SilentN, ""},
		{"L246", "no sprint off the map", open, "A3", SprintW, ""},
		{"L246", "wild only onto the map", open, "A1", WildDiagonal, "B2"},
		{"L247", "same level: roof to roof", roofs, "B2", SilentE, "C2"},
		{"L248", "down with a silent move", roofs, "C2", SilentS, "C3"},
		{"L248", "down with a sprint, then on at ground level", roofs, "C2", SprintE, "D2 E2 F2"},
		{"L249", "no climbing without a fire escape", roofs, "D2", SilentW, ""},
		{"L111", "a sprint on the ground stops before a building", roofs, "F6", SprintN, "F5"},
		{"L247", "a sprint on roofs walks roof to roof, then down", roofs, "B2", SprintE, "C2 D2 E2 F2"},
	})
}

func TestMovesClimbing(t *testing.T) {
	esc := roofs + "access fire-escape D2 C2 silent-W\naccess fire-escape C3 B2 silent-NW\n"
	runMoveCases(t, []moveCase{
		{"L249", "climb with the icon's action", esc, "D2", SilentW, "C2"},
		{"L249", "a fire escape serves only its own lower space", esc, "C3", SilentN, ""},
		{"L250", "an orthogonal wild performs an orthogonal icon", esc, "D2", WildOrthogonal, "C2 D1 D3 E2"},
		{"L250", "a diagonal wild performs a diagonal icon", esc, "C3", WildDiagonal, "B2 B4 D2 D4"},
		{"L250", "a diagonal wild cannot perform an orthogonal icon", esc, "D2", WildDiagonal, "C1 C3 E1 E3"},
		{"L251", "no fire escape with a sprint", esc, "E2", SprintW, "D2"},
		{"L251", "not even with a sprint icon on the feature (M8)", roofs + "access fire-escape D2 C2 sprint-W\n", "D2", SprintW, ""},
		{"L249", "another silent move does not use the icon", esc, "D2", SilentNW, "C1"},
	})
}

const terrain = `
legend 2 level=2
legend 3 level=3
legend R level=1 building
levels
1 . . . . . .
2 . 2 R . . .
3 . 3 2 . . .
4 ~ ~ ~ . . .
5 . . . . . .
6 . . . . . .
`

// diag has two diagonally adjacent buildings (B2, C3) and two diagonally
// adjacent water spaces (A4, B5).
const diag = `
levels
1 . . . . . .
2 . # . . . .
3 . . # . . .
4 ~ . . . . .
5 . ~ . . . .
6 . . . . . .
`

func TestMovesLevels(t *testing.T) {
	runMoveCases(t, []moveCase{
		{"A5", "down onto a roof without a fire escape (terrain above a roof, L586)", terrain, "B2", SilentE, "C2"},
		{"L586", "terrain up needs a ladder or vine", terrain, "A2", SilentE, ""},
		{"A4", "levels compared, not roof = 1: terrain 3 steps down to 2, 0 and water", terrain, "B3", WildOrthogonal, "A3 B2 B4 C3"},
		{"L586", "a ladder climbs terrain", terrain + "access ladder A2 B2 silent-E\n", "A2", SilentE, "B2"},
		{"L558", "always down into water", terrain, "A3", SilentS, "A4"},
		{"L558", "out of water only by ladder or pier", terrain, "A4", SilentN, ""},
		{"L558", "a pier leads out of water", terrain + "access pier A4 A3 silent-N\n", "A4", SilentN, "A3"},
		{"L252", "roof-to-roof diagonal jump", diag, "B2", SilentSE, "C3"},
		{"L252", "roof-to-roof diagonal jump back", diag, "C3", SilentNW, "B2"},
		{"L252", "ground through the gap between the buildings", diag, "C2", SilentSW, "B3"},
		{"A7", "diagonal between two water corners on the ground", diag, "A5", SilentNE, "B4"},
		{"A7", "diagonal in water past two ground corners", diag, "A4", SilentSE, "B5"},
	})
}

const river = `
levels
1 . . . . . .
2 . . . . . .
3 . . . . . .
4 ~ ~ ~ ~ ~ ~
5 ~ ~ ~ ~ ~ ~
6 . . . . . .
`

func TestMovesSprintWater(t *testing.T) {
	runMoveCases(t, []moveCase{
		{"L560", "a sprint into water ends on the first water space", river, "C1", SprintS, "C2 C3 C4"},
		{"L560", "a sprint within water moves exactly one space", river, "C4", SprintS, "C5"},
		{"L560", "one space along the water too", river, "C4", SprintE, "D4"},
		{"L558", "no sprint out of water", river, "C5", SprintS, ""},
		{"L251", "not even with a pier (no access feature by sprint)", river + "access pier C5 C6 silent-S\n", "C5", SprintS, ""},
		{"L558", "the pier's own icon leads out", river + "access pier C5 C6 silent-S\n", "C5", SilentS, "C6"},
	})
}

// tunnels: B3-E3 under the buildings C3 and D3; B4-E4, water to water,
// under the buildings C4 and D4.
const tunnels = `
levels
1 . . . . . .
2 . . . . . .
3 . . # # . .
4 ~ ~ # # ~ ~
5 . . . . . .
6 . . . . . .
tunnel B3 E3
tunnel B4 E4
`

// hillTunnel: the tunnel B3-E3 with its east end on terrain level 2.
const hillTunnel = `
legend 2 level=2
levels
1 . . . . . .
2 . . . . . .
3 . . # # 2 .
4 . . . . . .
5 . . . . . .
6 . . . . . .
tunnel B3 E3
`

func TestMovesTunnels(t *testing.T) {
	icon := tunnels + "tunnel B3 E3 B3:silent-E\n"
	runMoveCases(t, []moveCase{
		{"L594", "a sprint may start spaces away from the entrance", tunnels, "A3", SprintE, "B3 E3 F3"},
		{"L594", "from the entrance to the exit and beyond", tunnels, "B3", SprintE, "E3 F3"},
		{"A14", "sprint passage works both ways", tunnels, "F3", SprintW, "A3 B3 E3"},
		{"A14", "only a sprint along the tunnel's line", tunnels, "B2", SprintS, "B3 B4"},
		{"A14", "a sprint over the tunnel on the roofs still works", tunnels, "C3", SprintE, "D3 E3 F3"},
		{"L598", "a water-water tunnel from its entrance to its exit", tunnels, "B4", SprintE, "E4"},
		{"L598", "a water-water tunnel both ways", tunnels, "E4", SprintW, "B4"},
		{"L598", "not from a space before the entrance", tunnels, "A4", SprintE, "B4"},
		{"L598", "not after entering the water at the entrance", tunnels, "B2", SprintS, "B3 B4"},
		{"L600", "an extra icon passes from its end", icon, "B3", SilentE, "E3"},
		{"A14", "an extra icon only from the end where it is drawn", icon, "E3", SilentW, ""},
		{"A15", "a wild does not use an extra icon", icon, "B3", WildOrthogonal, "A3 B2 B4"},
		{"A15", "option: a wild performing the icon uses it", icon + "option wilds-force-specials\n", "B3", WildOrthogonal, "A3 B2 B4 E3"},
		{"A14", "an icon pointing away from the tunnel does nothing", tunnels + "tunnel B3 E3 B3:silent-W\n", "B3", SilentW, "A3"},
		{"L248", "a tunnel never leads up: no passage to a higher end", hillTunnel, "A3", SprintE, "B3"},
		{"L248", "down through the tunnel from the higher end", hillTunnel, "E3", SprintW, "A3 B3 C3 D3"},
	})
}

// zips: D1 is a roof.
const zips = `
levels
1 . . . # . .
2 . . . . . .
3 . . . . . .
4 . . . . . .
5 . . . . . .
6 . . . . . .
`

func TestMovesZipLinesAndLinks(t *testing.T) {
	oneWay := zips + "zip A1 D1 silent-E oneway\n"
	twoWay := zips + "zip A1 D1 silent-E end=silent-S\n"
	runMoveCases(t, []moveCase{
		{"L608", "the exact action must use the zip line", oneWay, "A1", SilentE, "D1"},
		{"A5", "a zip line lands on a roof regardless of levels", oneWay, "A1", SilentE, "D1"},
		{"A15", "a wild does not trigger a zip line", oneWay, "A1", WildOrthogonal, "A2 B1"},
		{"A15", "option: a wild performing the icon is forced onto it", oneWay + "option wilds-force-specials\n", "A1", WildOrthogonal, "A2 D1"},
		{"L612", "a one-way line only from its icon end", oneWay, "D1", SilentS, "D2"},
		{"L606", "a two-way line from its end with the end icon", twoWay, "D1", SilentS, "A1"},
		{"L606", "the end's other actions move regularly", twoWay, "D1", SilentW, "C1"},
		{"A8", "a sprint passing a zip-line start does nothing", zips + "zip B1 E1 sprint-E oneway\n", "A1", SprintE, "B1 C1"},
		{"L606", "a sprint icon triggers from its start", zips + "zip B1 E1 sprint-E oneway\n", "B1", SprintE, "E1"},
		{"L616", "a suspension bridge works like a zip line", zips + "zip A3 F3 silent-E oneway bridge\n", "A3", SilentE, "F3"},
		{"L622", "a link moves to the other end with its action", zips + "link B2 E5 silent-E back=silent-W\n", "B2", SilentE, "E5"},
		{"A16", "two-way when the other end shows an arrow", zips + "link B2 E5 silent-E back=silent-W\n", "E5", SilentW, "B2"},
		{"A16", "one-way without a back arrow", zips + "link B2 E5 silent-E\n", "E5", SilentW, "D5"},
		{"L663", "a forbidden zip line is not triggered: the token moves regularly", oneWay + "forbid A1 D1\n", "A1", SilentE, "B1"},
	})
}

func TestPassageKinds(t *testing.T) {
	m := mustFixture(t, zips+"zip A3 F3 silent-E oneway bridge\nzip A4 F4 silent-E oneway\nlink A5 F5 silent-E\n")
	for from, want := range map[string]Passage{"A3": BySuspensionBridge, "A4": ByZipLine, "A5": ByLink} {
		c, _ := ParseCell(from)
		os := Outcomes(m, c, SilentE)
		if len(os) != 1 || os[0].Passage != want || os[0].Dir != NoDir {
			t.Errorf("%s silent-E: %+v; want one %v outcome without a direction", from, os, want)
		}
	}
}

// currents: B4 and C4 push E, E4 pushes S, F4 pushes E off the map.
const currents = `
levels
1 . . . . . .
2 . . . . . .
3 . . . . . .
4 ~ > > ~ v >
5 ~ ~ ~ ~ ~ ~
6 . . . . . .
`

func TestMovesCurrents(t *testing.T) {
	runMoveCases(t, []moveCase{
		{"L578", "a current pushes one space and the turn ends there", currents, "B3", SilentS, "B4>C4"},
		{"L578", "no chain, even onto another current", currents, "A4", SilentE, "B4>C4"},
		{"L580", "a net-zero move: the current returns the Runner", currents, "E5", SilentN, "E4>E5"},
		{"A10", "a push off the map is blocked", currents, "F3", SilentS, "F4"},
		{"L578", "a sprint ending on a current is pushed", currents, "C1", SprintS, "C2 C3 C4>D4"},
	})
}

// ice: C2, C3, E3, E4 and A6 are ice; F3 is a roof; C4 water with a
// current pushing E.
const ice = `
levels
1 . . . . . .
2 . . * . . .
3 . . * . * #
4 . . > . * .
5 . . . . . .
6 * . . . . .
`

func TestMovesIce(t *testing.T) {
	runMoveCases(t, []moveCase{
		{"L652", "ice slides one space in the direction of the movement", ice, "B2", SilentE, "C2>D2"},
		{"L652", "diagonal movement slides diagonally", ice, "B1", SilentSE, "C2>D3"},
		{"A11", "one slide only, even onto ice", ice, "C1", SilentS, "C2>C3"},
		{"A12", "a slide onto a higher space is blocked", ice, "D3", SilentE, "E3"},
		{"A12", "a slide off the map is blocked", ice, "B6", SilentW, "A6"},
		{"A13", "one forced displacement: no current push after a slide", ice, "C2", SilentS, "C3>C4"},
		{"L654", "a sprint does not stop on ice, but ending there slides", ice, "C1", SprintS, "C2>C3 C3>C4 C4>D4"},
		{"L652", "a slide continues the sprint's direction", ice, "E6", SprintN, "E1 E2 E3>E2 E4>E3 E5"},
	})
}

func TestMovesForbidden(t *testing.T) {
	silentOnly := open + "forbid C3 C2 silent-N\n"
	runMoveCases(t, []moveCase{
		{"L663", "a forbidden move is not available", silentOnly, "C3", SilentN, ""},
		{"L663", "nor to a wild performing it", silentOnly, "C3", WildOrthogonal, "B3 C4 D3"},
		{"L663", "other actions still move there", silentOnly, "C3", SprintN, "C1 C2"},
		{"L663", "without actions, every move", open + "forbid C3 C2\n", "C4", SprintN, "C3"},
		{"L663", "the other direction stays open", open + "forbid C3 C2\n", "C2", SilentS, "C3"},
		{"L663", "a forbidden wild only", open + "forbid C3 C2 wild-orthogonal\n", "C3", SilentN, "C2"},
	})
}
