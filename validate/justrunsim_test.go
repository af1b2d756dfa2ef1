package validate_test

import (
	"strings"
	"testing"

	"github.com/runforge/runforge/validate"
	justrunrules "github.com/runforge/runforge/validate/justrun"
	"github.com/runforge/runforge/validate/justrun/jrsim"
)

// jrThreshold is the Just Run test pack with a simulation threshold set.
func jrThreshold(thresholds string) files {
	return jrEdit("game.yaml", "  simulation: {boards: 400}\n", "  simulation: {boards: 400, thresholds: {"+thresholds+"}}\n")
}

// jrSimCases trigger each simulation rule on the Just Run test pack (400
// boards a line): by a tile set that cannot reach the exit, by a tile that
// never fits, or by a threshold the pack's mix cannot meet. The test pack
// itself is quiet on every rule.
func jrSimCases() []ruleCase {
	err, warn := validate.Error, validate.Warning
	var corridors strings.Builder
	corridors.WriteString("kind: TileSet\nid: room-tiles\ncomponent: room-tiles\nrole: room\ntiles:\n")
	corridors.WriteString("  - {id: lab-a, name: Lab, count: 1, lab: true, spawn: true, sides: {n: wall, e: door, s: wall, w: door}}\n")
	corridors.WriteString("  - {id: lab-b, name: Lab, count: 1, lab: true, sides: {n: wall, e: door, s: wall, w: door}}\n")
	corridors.WriteString("  - {id: gallery, count: 43, spawn: true, sides: {n: wall, e: door, s: wall, w: door}}\n")
	return []ruleCase{
		{rule: "justrun/board-exit", name: "quiet-test-pack", files: jrPack()},
		{rule: "justrun/board-exit", name: "fires-only-east-west-doors", files: jrPack("room-tiles.yaml", corridors.String()),
			want: []want{
				{file: "room-tiles.yaml", at: "id: |room-tiles", sev: err, hint: []string{"doors on n and s"},
					msg: []string{"no board can reach the main exit, so none was simulated: no room tile has a door on its s side"}},
			}},
		{rule: jrsim.RuleBoardCount, name: "quiet-enough-boards", files: jrPack("game.yaml", edit(edit(jrPack()["game.yaml"], "justrun/board-count: off", "justrun/board-count: warning"), "{boards: 400}", "{boards: 1500}"))},
		{rule: jrsim.RuleBoardCount, name: "fires-too-few-boards-for-the-labs", files: jrEdit("game.yaml", "justrun/board-count: off", "justrun/board-count: warning"),
			want: []want{{file: "game.yaml", at: "boards: |400", sev: warn, hint: []string{"raise simulation.boards to 953 or more"},
				msg: []string{"400 explore boards of the shorter-variation length 7 are too few to tell a share from the threshold", "a Lab was face up and reachable on 77.8% of them", "about 953 boards would decide it"}}}},
		{rule: justrunrules.RuleBoardSimulation, name: "quiet-test-pack", files: jrPack()},
		{rule: justrunrules.RuleBoardSimulation, name: "fires-board-narrower-than-the-start-row", files: jrEdit("game.yaml", "  simulation: {boards: 400}\n", "  simulation: {boards: 400}\n  board: {width: 4}\n"),
			want: []want{{file: "game.yaml", at: "board: {width: |4}", sev: err, hint: []string{"as wide as the start row"},
				msg: []string{"the board simulation cannot run, so the board-* checks are not made", "start position 5"}}}},
		{rule: justrunrules.RuleBoardSimulation, name: "fires-policies-without-explore", files: jrEdit("game.yaml", "  simulation: {boards: 400}\n", "  simulation: {boards: 400, policies: [run]}\n"),
			want: []want{{file: "game.yaml", at: "policies: |[run]", sev: err, hint: []string{"[explore, run]"},
				exact: "simulation.policies leaves out explore, so board-exit, board-start, board-lab, board-rescuee and tile-rarely-placed are not checked"}}},
		{rule: justrunrules.RuleBoardSimulation, name: "fires-shorter-board-not-shorter", files: jrEdit("game.yaml", "  simulation: {boards: 400}\n", "  simulation: {boards: 400}\n  board: {shorterLength: 12}\n"),
			want: []want{{file: "game.yaml", at: "shorterLength: |12", sev: err,
				exact: "the Shorter Variation's board is 12 tiles long, not shorter than the full board's 10 (L113)"}}},
		{rule: justrunrules.RuleTilePosition, name: "quiet-test-pack", files: jrPack()},
		{rule: justrunrules.RuleTilePosition, name: "fires-room-tile-with-a-position", files: jrEdit("room-tiles.yaml", "{id: ward, count: 5,", "{id: ward, count: 5, position: 3,"),
			want: []want{{file: "room-tiles.yaml", at: "position: |3", sev: err, hint: []string{"remove position:"},
				exact: `room tile "ward" has position: 3, but only start tiles have a place in the start row (L105, A14)`}}},
		{rule: justrunrules.RuleIdleSetting, name: "quiet-default-written", files: jrEdit("game.yaml", "  simulation: {boards: 400}\n", "  simulation: {boards: 400}\n  placement: {rotation: none, rotationChoice: most-doors}\n")},
		{rule: justrunrules.RuleIdleSetting, name: "fires-random-without-rotation", files: jrEdit("game.yaml", "  simulation: {boards: 400}\n", "  simulation: {boards: 400}\n  placement: {rotationChoice: random}\n"),
			want: []want{{file: "game.yaml", at: "rotationChoice: |random", sev: warn, hint: []string{"rotation: free"},
				exact: "placement.rotationChoice is random, but rotation is none: tiles do not turn, so there is no rotation to choose (A1)"}}},
		{rule: "justrun/board-start", name: "quiet-test-pack", files: jrPack()},
		{rule: "justrun/board-start", name: "fires-threshold-above-the-mix", files: jrThreshold("exitReachableEachStart: {min: 0.9999}"),
			want: []want{
				{file: "start-tiles.yaml", at: "{id: |start-1", sev: warn, msg: []string{`from start tile "start-1" (position 1)`, "the minimum is 100.0%"}},
				{file: "start-tiles.yaml", at: "{id: |start-1", sev: warn, msg: []string{"shorter-variation"}},
				{file: "start-tiles.yaml", at: "{id: |start-2", sev: warn}, {file: "start-tiles.yaml", at: "{id: |start-2", sev: warn},
				{file: "start-tiles.yaml", at: "{id: |start-3", sev: warn}, {file: "start-tiles.yaml", at: "{id: |start-3", sev: warn},
				{file: "start-tiles.yaml", at: "{id: |start-4", sev: warn}, {file: "start-tiles.yaml", at: "{id: |start-4", sev: warn},
				{file: "start-tiles.yaml", at: "{id: |start-5", sev: warn}, {file: "start-tiles.yaml", at: "{id: |start-5", sev: warn},
			}},
		{rule: "justrun/board-lab", name: "quiet-test-pack", files: jrPack()},
		{rule: "justrun/board-lab", name: "fires-threshold-above-the-mix", files: jrThreshold("labReachable: {min: 0.9999}"),
			want: []want{
				{file: "game.yaml", at: "labReachable: |{min", sev: warn, msg: []string{"a Lab", "of the full length 10"}, hint: []string{"Labs"}},
			}},
		{rule: "justrun/board-rescuee", name: "quiet-test-pack", files: jrPack()},
		{rule: "justrun/board-rescuee", name: "fires-threshold-above-the-mix", files: jrThreshold("rescueeReachable: {min: 0.9999}"),
			want: []want{
				{file: "game.yaml", at: "rescueeReachable: |{min", sev: warn, msg: []string{"rescuee", "full length 10"}},
				{file: "game.yaml", at: "rescueeReachable: |{min", sev: warn, msg: []string{"shorter-variation"}},
			}},
		{rule: "justrun/board-tempo", name: "quiet-test-pack", files: jrPack()},
		{rule: "justrun/board-tempo", name: "fires-no-face-down-tile-allowed", files: jrThreshold("faceDownBeforeExit: {max: 0}"),
			want: []want{
				{file: "game.yaml", at: "faceDownBeforeExit: |{max", sev: warn, msg: []string{"went face down before the main exit was connected", "run boards of the shorter-variation length 7"}},
				{file: "game.yaml", at: "faceDownBeforeExit: |{max", sev: warn, msg: []string{"run boards of the full length 10"}},
			}},
		{rule: "justrun/tile-rarely-placed", name: "quiet-test-pack", files: jrPack()},
		// The mix holds 45 room tiles for 40 cells: single copies are left
		// out of some boards.
		{rule: "justrun/tile-rarely-placed", name: "fires-single-copies-under-90-percent", files: jrThreshold("tilePlacedShare: {min: 0.9}"),
			want: []want{
				{file: "room-tiles.yaml", at: "{id: |lab-a", sev: warn, hint: []string{"rare tile"},
					exact: `room tile "lab-a" was placed face up on 81.2% of 400 explore boards of the full length 10 (95% interval 77.1%-84.8%, seed 20200209); the minimum is 90.0%`},
				{file: "room-tiles.yaml", at: "{id: |lab-b", sev: warn}, {file: "room-tiles.yaml", at: "{id: |se,", sev: warn},
				{file: "room-tiles.yaml", at: "{id: |sw,", sev: warn},
			}},
	}
}

// A tile set the loader could not read whole is not simulated: its schema
// error is the finding, not boards that cannot be escaped for want of it.
func TestJRSimSkipsABrokenTileSet(t *testing.T) {
	for _, file := range []string{"room-tiles.yaml", "game.yaml"} {
		f := jrEdit("room-tiles.yaml", "{id: ward, count: 5,", "{id: ward, count: 5, spawns: true,")
		if file == "game.yaml" {
			f = jrEdit("game.yaml", "  simulation: {boards: 400}\n", "  simulation: {boards: 400, bords: 3}\n")
		}
		got := check(t, f, validate.Options{})
		if len(ofRule(got, "schema/invalid")) != 1 {
			t.Fatalf("%s: want one schema error, got:\n%s", file, dump(got))
		}
		for _, d := range got {
			if strings.HasPrefix(d.Rule, "justrun/board-") || d.Rule == "justrun/tile-rarely-placed" {
				t.Errorf("%s: simulated a half-loaded pack: %s", file, d.Message)
			}
		}
	}
}

// TestJRBoardStartFoldsIntoBoardExit: when every start tile's share is the
// start row's, the board-start warnings would only repeat the board-exit
// error's figures: they are its related positions instead, one per start
// tile.
func TestJRBoardStartFoldsIntoBoardExit(t *testing.T) {
	// One lab with doors all round leaves a way north, so the boards are
	// simulated (a set with none is refused before simulating) and almost
	// none reaches the exit.
	rooms := "kind: TileSet\nid: room-tiles\ncomponent: room-tiles\nrole: room\ntiles:\n" +
		"  - {id: lab-a, name: Lab, count: 1, lab: true, spawn: true, sides: {n: wall, e: door, s: wall, w: door}}\n" +
		"  - {id: lab-b, name: Lab, count: 1, lab: true, sides: {n: door, e: door, s: door, w: door}}\n" +
		"  - {id: gallery, count: 43, spawn: true, sides: {n: wall, e: door, s: wall, w: door}}\n"
	got := check(t, jrPack("room-tiles.yaml", rooms), validate.Options{})
	if starts := ofRule(got, "justrun/board-start"); len(starts) != 0 {
		t.Errorf("board-start repeats board-exit:\n%s", dump(starts))
	}
	exits := ofRule(got, "justrun/board-exit")
	if len(exits) != 2 {
		t.Fatalf("want a board-exit error per board length, got:\n%s", dump(exits))
	}
	for _, d := range exits {
		var starts []string
		for _, r := range d.Related {
			if strings.HasPrefix(r.Message, "start tile ") {
				starts = append(starts, r.Message)
			}
		}
		if len(starts) != 5 || starts[0] != `start tile "start-1" (position 1): the same 0.0% from it alone` {
			t.Errorf("%s: want the 5 start tiles as related positions, got %q", d.Message, starts)
		}
	}
}
