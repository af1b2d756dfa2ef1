package jrsim

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/runforge/runforge/validate/severity"
)

// Wilson score intervals against published values (Wilson 1927; Newcombe
// 1998, table I: 0/10, 5/10, 95/100 at 95 %).
func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		hits, n int
		lo, hi  float64
	}{
		{0, 10, 0, 0.277533},
		{5, 10, 0.236593, 0.763407},
		{95, 100, 0.888250, 0.978456},
		{10, 10, 0.722467, 1},
		{988, 1000, 0.979143, 0.993122},
		{0, 0, 0, 1},
	} {
		s := Wilson(tc.hits, tc.n)
		if math.Abs(s.Lo-tc.lo) > 1e-6 || math.Abs(s.Hi-tc.hi) > 1e-6 {
			t.Errorf("Wilson(%d, %d) = [%.6f, %.6f]; want [%.6f, %.6f]", tc.hits, tc.n, s.Lo, s.Hi, tc.lo, tc.hi)
		}
	}
}

func TestQuantiles(t *testing.T) {
	q := quantiles([]int64{0, 0, 0, 0, 0, 0, 0, 0, 5, 3, 1, 1}) // 8 x5, 9 x3, 10, 11
	if q.N != 10 || q.Median != 8 || q.P90 != 10 {
		t.Errorf("quantiles = %+v; want N 10, median 8, p90 10", q)
	}
}

// ValidateTiles rejects tile sets the simulation cannot model (L85, L105,
// L573, A5, A14, A17).
func TestValidateTiles(t *testing.T) {
	mix := illustrativeMix
	edit := func(f func([]Tile) []Tile) []Tile { return f(mix()) }
	find := func(ts []Tile, id string) *Tile {
		for i := range ts {
			if ts[i].ID == id {
				return &ts[i]
			}
		}
		panic(id)
	}
	for _, tc := range []struct {
		name  string
		tiles []Tile
		want  string
	}{
		{"no start tiles (L105)", edit(func(ts []Tile) []Tile {
			var out []Tile
			for _, x := range ts {
				if x.Role != Start {
					out = append(out, x)
				}
			}
			return out
		}), "no start tiles"},
		{"bad position (A14)", edit(func(ts []Tile) []Tile { find(ts, "start-1").Position = 7; return ts }), "start position 7"},
		{"position held twice (A14)", edit(func(ts []Tile) []Tile { find(ts, "start-1").Position = 2; return ts }), "start position 1 is held by 0"},
		{"four exit tiles (L85)", edit(func(ts []Tile) []Tile { return ts[:len(ts)-1] }), "4 exit tiles"},
		{"no main exit (L573)", edit(func(ts []Tile) []Tile { find(ts, "exit-3").Sides[N] = Wall; return ts }), "0 main exits"},
		{"two main exits (L573)", edit(func(ts []Tile) []Tile { find(ts, "exit-1").Sides[N] = MainExit; return ts }), "2 main exits"},
		{"main exit on a room tile", edit(func(ts []Tile) []Tile { find(ts, "ns").Sides[N] = MainExit; return ts }), "only on the n side of an exit tile"},
		{"main exit on the s side (A5)", edit(func(ts []Tile) []Tile { find(ts, "exit-1").Sides[S] = MainExit; return ts }), "only on the n side"},
		{"Lab on a start tile (A17)", edit(func(ts []Tile) []Tile { find(ts, "start-2").Lab = true; return ts }), "a Lab must be a room tile"},
		{"count 0", edit(func(ts []Tile) []Tile { find(ts, "ns").Count = 0; return ts }), "count 0"},
		{"unknown side", edit(func(ts []Tile) []Tile { find(ts, "ns").Sides[E] = 9; return ts }), "unknown value"},
		{"unknown role", edit(func(ts []Tile) []Tile { find(ts, "ns").Role = 7; return ts }), "unknown role"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateTiles(tc.tiles, 5)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v; want one containing %q", err, tc.want)
			}
			if _, err := Simulate(tc.tiles, DefaultSettings(), 10, Explore); err == nil {
				t.Error("Simulate accepted the tile set")
			}
			if _, err := Check(tc.tiles, DefaultSettings()); err == nil {
				t.Error("Check accepted the tile set")
			}
		})
	}
	if err := ValidateTiles(mix(), 5); err != nil {
		t.Errorf("the illustrative mix: %v", err)
	}
}

func TestSettingsValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Settings)
		want string
	}{
		{"A11 modelled is unsupported", func(s *Settings) { s.Placement.WallBash = WallBashModelled }, "not supported"},
		{"unknown rotation", func(s *Settings) { s.Placement.Rotation = "half" }, "placement.rotation"},
		{"single-value key", func(s *Settings) { s.Placement.GiveUp = "first-tile" }, "placement.giveUp"},
		{"no boards", func(s *Settings) { s.Boards = 0 }, "simulation.boards"},
		{"width", func(s *Settings) { s.Width = 0 }, "board.width"},
		{"short length", func(s *Settings) { s.ShorterLength = 2 }, "board.shorterLength"},
		{"threshold above 1", func(s *Settings) { s.Thresholds.ExitReachable = AtLeast(1.5) }, "exitReachable.min"},
		{"unknown policy", func(s *Settings) { s.Policies = []Policy{"wander"} }, "unknown policy"},
		{"startFrom", func(s *Settings) { s.StartFrom = "anywhere" }, "A13"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := DefaultSettings()
			tc.edit(&s)
			err := s.Validate()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v; want one containing %q", err, tc.want)
			}
			if _, err := Check(illustrativeMix(), s); err == nil {
				t.Error("Check accepted the settings")
			}
		})
	}
	s := DefaultSettings()
	s.Placement.WallBash = WallBashModelled
	if _, err := Simulate(illustrativeMix(), s, 10, Explore); !errors.Is(err, ErrUnsupported) {
		t.Errorf("wallBash modelled: %v; want ErrUnsupported", err)
	}
	s = DefaultSettings()
	s.Placement = Placement{} // every key empty: the defaults
	if err := s.Validate(); err != nil {
		t.Errorf("empty placement: %v", err)
	}
	if _, err := Simulate(illustrativeMix(), DefaultSettings(), 2, Explore); err == nil {
		t.Error("length 2 accepted")
	}
	if _, err := Simulate(illustrativeMix(), DefaultSettings(), 10, "wander"); err == nil {
		t.Error("unknown policy accepted")
	}
}

// Every A-key of board assembly is stated, with the defaults.
func TestAssumptions(t *testing.T) {
	as := DefaultSettings().Assumptions()
	ids := map[string]bool{}
	for _, a := range as {
		ids[a.ID] = true
	}
	for i := 1; i <= 21; i++ {
		if id := "A" + itoa(i); !ids[id] {
			t.Errorf("%s missing", id)
		}
	}
	if as[0].Key != "placement.rotation" || as[0].Value != "none" || as[len(as)-1].ID != "A21" {
		t.Errorf("first %+v, last %+v", as[0], as[len(as)-1])
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// The PRNG is seeded per board, so results do not depend on the
// number of goroutines.
func TestDeterminism(t *testing.T) {
	set := DefaultSettings()
	set.Boards = 1500
	set.Scenarios = Scenarios{FindTheCure: true, RescueMission: true}
	set.Placement.Rotation, set.Placement.RotationChoice = RotationFree, RotationRandom
	old := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(old)
	for _, l := range []int{10, 7} {
		for _, p := range []Policy{Explore, Run} {
			runtime.GOMAXPROCS(1)
			a, err := Simulate(illustrativeMix(), set, l, p)
			if err != nil {
				t.Fatal(err)
			}
			runtime.GOMAXPROCS(4)
			b, err := Simulate(illustrativeMix(), set, l, p)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("length %d %s: metrics differ between GOMAXPROCS 1 and 4", l, p)
			}
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if string(ja) != string(jb) {
				t.Errorf("length %d %s: JSON differs", l, p)
			}
		}
	}
	set.Seed++
	c, _ := Simulate(illustrativeMix(), set, 10, Explore)
	set.Seed--
	d, _ := Simulate(illustrativeMix(), set, 10, Explore)
	if reflect.DeepEqual(c, d) {
		t.Error("another seed gives the same metrics")
	}
}

// Room tiles that climb one row every two columns to the east edge, and
// never north from a tile entered from below: the main exit is
// unreachable and justrun/board-exit fires for both lengths, with
// justrun/board-start for every start tile.
func TestUnreachableExit(t *testing.T) {
	tiles := withRooms(illustrativeMix(), room("se", "se", 30), room("nw", "nw", 15))
	set := DefaultSettings()
	set.Boards = 500
	fs, err := Check(tiles, set)
	if err != nil {
		t.Fatal(err)
	}
	var exits, starts int
	for _, f := range fs {
		switch f.Rule {
		case RuleBoardExit:
			exits++
			if f.Severity != severity.Error || f.Share.P != 0 || f.Share.N != 500 || f.Direction != Min || f.Threshold != 0.95 || f.Policy != Explore {
				t.Errorf("board-exit finding %+v", f)
			}
			if f.Stop == nil || len(f.Tiles) == 0 || f.Src == nil {
				t.Errorf("stop %+v, tiles %v; want where the boards stopped and the tiles there", f.Stop, f.Tiles)
			}
			if !strings.Contains(f.Message(), "the main exit was reachable from the start row on 0.0% of 500 explore boards") ||
				!strings.Contains(f.Message(), "the minimum is 95.0%") || !strings.Contains(f.Message(), "seed 20200209") {
				t.Errorf("message %q", f.Message())
			}
		case RuleBoardStart:
			starts++
			if f.Src == nil || f.Start < 1 || f.Severity != severity.Warning {
				t.Errorf("board-start finding without its start tile: %+v", f)
			}
		}
	}
	if exits != 2 || starts != 10 {
		t.Errorf("%d board-exit, %d board-start findings; want 2 (full, shorter) and 10", exits, starts)
	}
}

// Room tiles with only e and w doors can never be entered from row 1: the
// tile set is not simulated, and one board-exit error says why.
func TestBlockedTileSet(t *testing.T) {
	for _, tc := range []struct {
		name  string
		tiles []Tile
		set   func(*Settings)
		want  string // in the message; "" when the set is simulated
	}{
		{"ew rooms", withRooms(illustrativeMix(), room("corridor", "ew", 45)), nil, "no room tile has a door on its s side,"},
		{"ew rooms turned", withRooms(illustrativeMix(), room("corridor", "ew", 45)), func(s *Settings) { s.Placement.Rotation = RotationFree }, ""},
		{"s rooms", withRooms(illustrativeMix(), room("end", "s", 45)), nil, "no room tile has a door on its n side"},
		{"walled start row", append(illustrativeMix()[:14], append(startRow("e", "ew", "ew", "ew", "w"), exitRow(3, "sew")...)...), nil, "no start tile has a door on its n side"},
		{"walled exit row", append(illustrativeMix()[:14], append(startRow("ne", "new", "new", "new", "nw"), exitRow(3, "ew")...)...), nil, "no exit tile has a door on its s side"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set := DefaultSettings()
			set.Boards = 64
			if tc.set != nil {
				tc.set(&set)
			}
			e, err := Explain(tc.tiles, set)
			if err != nil {
				t.Fatal(err)
			}
			if tc.want == "" {
				if e.Blocked != "" || len(e.Lines) == 0 {
					t.Fatalf("blocked %q, %d lines; want simulated", e.Blocked, len(e.Lines))
				}
				return
			}
			fs := e.Findings()
			if len(e.Lines) != 0 || len(fs) != 1 || fs[0].Rule != RuleBoardExit || fs[0].Severity != severity.Error {
				t.Fatalf("%d lines, findings %v; want one board-exit error and no simulation", len(e.Lines), fs)
			}
			if msg := fs[0].Message(); !strings.Contains(msg, tc.want) || !strings.HasPrefix(msg, "no board can reach the main exit") {
				t.Errorf("message %q, want %q", msg, tc.want)
			}
			if !strings.Contains(e.String(), "not simulated: ") {
				t.Errorf("explanation without the reason:\n%s", e.String())
			}
		})
	}
}

// A start tile walled off from the rest of the start row and from row 2
// (A13, A15) gets justrun/board-start; the exit stays reachable from the row.
func TestStartTileCutOff(t *testing.T) {
	tiles := illustrativeMix()
	for i := range tiles {
		if tiles[i].Role == Start && tiles[i].Position == 1 {
			tiles[i].Sides = sides("")
		}
		if tiles[i].Role == Start && tiles[i].Position == 2 {
			tiles[i].Sides = sides("ne")
		}
	}
	set := DefaultSettings()
	set.Boards = 500
	fs, err := Check(tiles, set)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fs {
		got = append(got, f.Rule+"@"+itoa(f.Start))
		if f.Rule == RuleBoardStart && (f.Tile != "start-1" || f.Src != "start:start-1") {
			t.Errorf("board-start names %q %v; want start-1", f.Tile, f.Src)
		}
	}
	if len(got) != 2 || got[0] != RuleBoardStart+"@1" || got[1] != RuleBoardStart+"@1" {
		t.Errorf("findings %v; want board-start for position 1, full and shorter", got)
	}
}

// A room tile with no doors is never placed face up: tile-rarely-placed
// names it (L557).
func TestRarelyPlaced(t *testing.T) {
	tiles := append(illustrativeMix(), room("blank", "", 1))
	set := DefaultSettings()
	set.Boards = 500
	fs, err := Check(tiles, set)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range fs {
		if f.Rule == RuleRarelyPlaced {
			n++
			if f.Tile != "blank" || f.Src != "room:blank" || f.Shorter || f.Share.Hits != 0 {
				t.Errorf("finding %+v", f)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d tile-rarely-placed findings; want 1: %v", n, fs)
	}
}

// board-tempo compares the run policy's exhaustion and face-down shares
// with their max; the lab and rescuee metrics exist only with their
// scenario.
func TestTempoAndScenarioGates(t *testing.T) {
	set := DefaultSettings()
	set.Boards = 1000
	set.Thresholds.ExhaustedBeforeExit = AtMost(0)
	set.Thresholds.FaceDownBeforeExit = AtMost(0)
	fs, err := Check(illustrativeMix(), set)
	if err != nil {
		t.Fatal(err)
	}
	tempo := 0
	for _, f := range fs {
		if f.Rule == RuleBoardTempo {
			tempo++
			if f.Policy != Run || f.Direction != Max || f.Stop == nil || len(f.Tiles) == 0 {
				t.Errorf("tempo finding %+v", f)
			}
		}
		if f.Rule == RuleBoardLab || f.Rule == RuleBoardRescuee {
			t.Errorf("%s without its scenario", f.Rule)
		}
	}
	if tempo != 4 {
		t.Errorf("%d board-tempo findings; want 4 (2 metrics x 2 lengths)", tempo)
	}
	m, _ := Simulate(illustrativeMix(), set, 10, Explore)
	if m.LabReachable != nil || m.RescueeReachable != nil {
		t.Error("lab or rescuee metric without its scenario")
	}

	// Find the Cure with no Lab: board-lab on both lengths.
	noLab := illustrativeMix()
	noLab[0].Lab = false
	set = DefaultSettings()
	set.Boards = 300
	set.Scenarios.FindTheCure = true
	fs, err = Check(noLab, set)
	if err != nil {
		t.Fatal(err)
	}
	labs := 0
	for _, f := range fs {
		if f.Rule == RuleBoardLab {
			labs++
			want := 0.90
			if f.Shorter {
				want = 0.75
			}
			if f.Threshold != want {
				t.Errorf("lab threshold %v on length %d; want %v (minShorter)", f.Threshold, f.Length, want)
			}
		}
	}
	if labs != 2 {
		t.Errorf("%d board-lab findings; want 2", labs)
	}
}

// A sane set (the illustrative mix) passes and lands near its
// calibration numbers (2,000 boards per line, seed 1).
func TestCalibration(t *testing.T) {
	set := DefaultSettings()
	set.Boards, set.Seed = 2000, 1
	set.Scenarios = Scenarios{FindTheCure: true, RescueMission: true}
	fs, err := Check(illustrativeMix(), set)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		t.Errorf("unexpected finding: %v", f)
	}
	set.Scenarios = Scenarios{FindTheCure: true}
	type band struct{ lo, hi float64 }
	in := func(name string, v float64, b band) {
		t.Helper()
		if v < b.lo || v > b.hi {
			t.Errorf("%s = %.3f; want %.3f..%.3f", name, v, b.lo, b.hi)
		}
	}
	free := set
	free.Placement.Rotation, free.Placement.RotationChoice = RotationFree, RotationRandom
	misfit := set
	misfit.Placement.EdgeDoors = EdgeDoorsMisfit
	always := set
	always.Placement.ExitAlignment = ExitAlways
	for _, tc := range []struct {
		name                        string
		set                         Settings
		l                           int
		p                           Policy
		exit, lab, misfits, fd, exh band
		median                      [2]int
	}{
		// calibration: 0.988, 0.984, 2.15, 0.755 (any time), 0.996, 34
		{"10 none explore", set, 10, Explore, band{0.95, 1}, band{0.95, 1}, band{1.9, 2.5}, band{0.70, 0.82}, band{0.97, 1}, [2]int{30, 38}},
		// calibration: 0.989, 0.548, 0.61, 0.009, 0.019, 10
		{"10 none run", set, 10, Run, band{0.95, 1}, band{0.48, 0.62}, band{0.5, 0.75}, band{0, 0.03}, band{0, 0.05}, [2]int{9, 11}},
		// calibration: 0.867, 0.783, 0.90, 0.679, 0.641
		{"10 free random explore", free, 10, Explore, band{0.82, 0.91}, band{0.73, 0.83}, band{0.8, 1.05}, band{0.62, 0.74}, band{0.58, 0.70}, [2]int{20, 40}},
		// calibration: 0.998, 0.827, 2.33, 0.235
		{"7 none explore", set, 7, Explore, band{0.98, 1}, band{0.77, 0.88}, band{2.1, 2.6}, band{0.19, 0.29}, band{0.5, 1}, [2]int{15, 25}},
		// calibration: 0.993, 0.372, 0.57, 0.004, 0.008, 6
		{"7 none run", set, 7, Run, band{0.97, 1}, band{0.31, 0.43}, band{0.45, 0.7}, band{0, 0.02}, band{0, 0.03}, [2]int{5, 7}},
		// calibration: exitAlignment always, explore: exit 0.990
		{"10 always explore", always, 10, Explore, band{0.97, 1}, band{0.9, 1}, band{1.8, 2.6}, band{0.6, 0.9}, band{0.9, 1}, [2]int{28, 38}},
		// calibration: edgeDoors misfit: exit 0.958, 4.42 misfits per placement (explore)
		{"10 misfit explore", misfit, 10, Explore, band{0.92, 0.99}, band{0.8, 1}, band{3.9, 4.9}, band{0, 1}, band{0.9, 1}, [2]int{25, 40}},
	} {
		m, err := Simulate(illustrativeMix(), tc.set, tc.l, tc.p)
		if err != nil {
			t.Fatal(err)
		}
		in(tc.name+" exit", m.ExitReachable.P, tc.exit)
		in(tc.name+" lab", m.LabReachable.P, tc.lab)
		in(tc.name+" misfits/placement", m.MisfitsPerPlacement, tc.misfits)
		in(tc.name+" face-down (any time)", m.FaceDownAny.P, tc.fd)
		in(tc.name+" exhausted before exit", m.ExhaustedBeforeExit.P, tc.exh)
		if md := m.PlacementsToExit.Median; md < tc.median[0] || md > tc.median[1] {
			t.Errorf("%s median placements to exit %d; want %d..%d", tc.name, md, tc.median[0], tc.median[1])
		}
		if m.PlacementsToExit.N > 0 && m.PlacementsToExit.Median < tc.l-2 {
			t.Errorf("%s: median %d below the geometric minimum %d", tc.name, m.PlacementsToExit.Median, tc.l-2)
		}
		if m.DeadEnd.Hits != m.Boards-m.ExitReachable.Hits {
			t.Errorf("%s: dead-end share is not 1 - exit", tc.name)
		}
	}
}

// L683, A18: the rescuee is placed once a 5th-row room is reached, and is
// usually reachable on the illustrative mix; both row numberings run.
func TestRescuee(t *testing.T) {
	for _, rows := range []string{RescueFromStart, RescueRoomRows} {
		set := DefaultSettings()
		set.Boards = 1000
		set.Scenarios.RescueMission = true
		set.Placement.RescueRows = rows
		for _, l := range []int{10, 7} {
			m, err := Simulate(illustrativeMix(), set, l, Explore)
			if err != nil {
				t.Fatal(err)
			}
			if m.RescueeReachable == nil || m.RescueeReachable.P < 0.85 || m.RescueeReachable.P > m.ExitReachable.P {
				t.Errorf("%s, length %d: rescuee %v, exit %v", rows, l, m.RescueeReachable, m.ExitReachable)
			}
		}
	}
}

// Explain prints every metric, both lengths and policies, N, the seed,
// intervals and every A-key, stably; its JSON form marshals.
func TestExplain(t *testing.T) {
	set := DefaultSettings()
	set.Boards = 400
	set.Scenarios = Scenarios{FindTheCure: true, RescueMission: true}
	old := runtime.GOMAXPROCS(1)
	e1, err := Explain(illustrativeMix(), set)
	runtime.GOMAXPROCS(old)
	if err != nil {
		t.Fatal(err)
	}
	e2, err := Explain(illustrativeMix(), set)
	if err != nil {
		t.Fatal(err)
	}
	s := e1.String()
	if s != e2.String() {
		t.Error("Explain text is not stable")
	}
	if len(e1.Lines) != 4 {
		t.Fatalf("%d lines; want 4", len(e1.Lines))
	}
	for _, want := range []string{
		"400 boards per line", "seed 20200209", "length 10 (full), policy explore", "length 7 (shorter), policy run",
		"main exit reachable from the start row", "main exit reachable from start position 5", "a Lab face up and reachable",
		"rescuee room reachable", "draw pile exhausted before the exit", "face-down tile before the exit",
		"dead-end share", "misfits per placement", "placements until the exit connects", "single door",
		"reshuffles per board", "main exit in column 3", "N=400", "(threshold >= 0.95)", "(threshold <= 0.1)",
		"(threshold >= 0.75)", "A1   placement.rotation: none", "A21  placement.facingDoors: connect",
		"A12  simulation.policies: [explore, run]", "boards without the exit stopped",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("explain text lacks %q", want)
		}
	}
	j, err := json.Marshal(e1)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"assumptions":[{"id":"A1","key":"placement.rotation","value":"none"}`, `"exitReachable":{"hits"`, `"policy":"run"`} {
		if !strings.Contains(string(j), want) {
			t.Errorf("JSON lacks %s", want)
		}
	}
}
