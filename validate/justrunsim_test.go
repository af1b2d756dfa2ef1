package validate_test

import (
	"strings"

	"github.com/runforge/runforge/validate"
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
					msg: []string{"the main exit was reachable from the start row on 0.0% of 400 explore boards of the full length 10", "seed 20200209", "the minimum is 95.0%"}},
				{file: "room-tiles.yaml", at: "id: |room-tiles", sev: err, msg: []string{"of the shorter-variation length 7"}},
			}},
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
