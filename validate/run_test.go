package validate_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
)

// runFixture is an illustrative map, from the schema's test
// pack (schema/run/testdata/run).
func runFixture(name string) string {
	b, err := os.ReadFile(filepath.Join("..", "schema", "run", "testdata", "run", name+".yaml"))
	if err != nil {
		panic(err) // the fixture ships with the repository
	}
	return string(b)
}

// docksMap is a clean map with every advanced feature: custom terrain,
// water with currents, ice, ladders and piers, a tunnel with an extra icon,
// a zip line, a suspension bridge, linked spaces, 8 puddles, a donut shop,
// two crossed-out gadgets and an encoded map rule.
const docksMap = `kind: Map
id: docks
card: 3
side: b
number: "3b"
name: Docks
legend:
  '2': {level: 1}
levels: |
  #  A B C D E F
  1  . . . . 2 2
  2  . # # . 2 2
  3  . # . . . .
  4  ~ ~ > ~ ~ v
  5  . * . # . ~
  6  . . . . . ~
stashes: [C2, F1, A6, E5]
safeHouses: [{letter: A, at: B6}, {letter: B, at: E2}]
spawns: [{number: 1, at: D1}, {number: 2, at: E3}, {number: 3, at: C3}, {number: 4, at: F3},
         {number: 5, at: C5}, {number: 6, at: A5}, {number: 7, at: E6}, {number: 8, at: D3}]
helipads: [D5]
donutShops: [D1]
witnesses: [B6]
puddles: [A2, D2, E3, F3, C6, D6, A4, C1]
access:
  - {kind: fire-escape, from: D2, to: C2, actions: [silent-W]}
  - {kind: ladder, from: D1, to: E1, actions: [silent-E]}
  - {kind: pier, from: B4, to: B3, actions: [silent-N]}
  - {kind: pier, from: E4, to: E5, actions: [silent-S]}
  - {kind: fire-escape, from: C5, to: D5, actions: [silent-E]}
tunnels:
  - {ends: [A1, A3], actions: [{from: A1, action: sprint-S}, {from: A3, action: silent-N}]}
zipLines:
  - {start: B2, end: E6, action: silent-SE, endAction: silent-NW}
  - {start: C2, end: C6, action: silent-S, oneWay: true, style: bridge}
links:
  - {from: A5, to: D6, action: silent-E, backAction: silent-W}
crossedOutGadgets: [crowbar, hook]
rulesText:
  - {text: "You may not step from C3 to C4.", encoded: true}
overrides:
  forbiddenMoves:
    - {from: C3, to: C4}
`

// runPack is a RUN pack of the illustrative maps and docksMap, which
// validates clean.
func runPack(kv ...string) files {
	return files{
		"game.yaml":  gameYAML("run", "components: []\n"),
		"base.yaml":  runFixture("base"),
		"water.yaml": runFixture("water"),
		"docks.yaml": docksMap,
	}.with(kv...)
}

// base, water and docks edit one map of runPack.
func base(old, new string) files  { return runPack("base.yaml", edit(runFixture("base"), old, new)) }
func water(old, new string) files { return runPack("water.yaml", edit(runFixture("water"), old, new)) }
func docks(old, new string) files { return runPack("docks.yaml", edit(docksMap, old, new)) }

func runCases() []ruleCase {
	var all []ruleCase
	all = append(all, runGridCases()...)
	all = append(all, runSetupCases()...)
	all = append(all, runAccessCases()...)
	all = append(all, runFeatureCases()...)
	all = append(all, runMapCountCases()...)
	all = append(all, runReachCases()...)
	all = append(all, runBackupCases()...)
	all = append(all, runTokenCases()...)
	all = append(all, runDirectionCases()...)
	return all
}

func runGridCases() []ruleCase {
	const rule = "run/grid"
	err := validate.Error
	return []ruleCase{
		{rule: rule, name: "quiet-spec-maps-and-a-custom-legend", files: runPack()},
		{rule: rule, name: "fires-five-rows", files: base("  6  . . . . . .\n", ""),
			want: []want{{file: "base.yaml", at: "levels: ||", sev: err,
				exact: `map "base": the levels picture has 5 rows; a map has 6 (L105), row 1 at the top`, hint: []string{"one line per row"}}}},
		{rule: rule, name: "fires-seven-rows", files: base("  6  . . . . . .\n", "  6  . . . . . .\n  7  . . . . . .\n"),
			want: []want{{file: "base.yaml", at: "|7  .", sev: err, msg: []string{"has 7 rows"}}}},
		{rule: rule, name: "fires-row-of-seven", files: base("  3  . # . . . #\n", "  3  . # . . . # .\n"),
			want: []want{{file: "base.yaml", at: "  3  . # . . . # |.", sev: err,
				exact: `map "base": row 3 of the levels picture has 7 spaces; a row has 6 (columns A-F)`}}},
		{rule: rule, name: "fires-row-of-five", files: base("  3  . # . . . #\n", "  3  . # . . #\n"),
			want: []want{{file: "base.yaml", at: "|3  . # . . #", sev: err, msg: []string{"row 3 of the levels picture has 5 spaces"}}}},
		{rule: rule, name: "fires-unknown-symbol", files: base("  4  . . . . . #\n", "  4  . . x . . #\n"),
			want: []want{{file: "base.yaml", at: "|x", sev: err,
				exact: `map "base": symbol "x" (row 4, space 3 of the picture) is not in the legend`,
				hint:  []string{"symbols: # * . < = > ^ v ~", "legend:"}}}},
		{rule: rule, name: "fires-misnumbered-row", files: base("  5  . # . . . .\n", "  7  . # . . . .\n"),
			want: []want{{file: "base.yaml", at: "|7  . #", sev: err, exact: `map "base": row 5 of the levels picture is numbered 7`}}},
	}
}

func runSetupCases() []ruleCase {
	err, warn := validate.Error, validate.Warning
	return []ruleCase{
		{rule: "run/map-cards", name: "quiet-three-maps-on-three-sides", files: runPack()},
		{rule: "run/map-cards", name: "fires-no-name", files: base("name: Base\n", ""),
			want: []want{{file: "base.yaml", at: "id: |base", sev: err, msg: []string{`map "base" has no name`}, hint: []string{"add name:"}}}},
		{rule: "run/map-cards", name: "fires-no-number", files: base(`number: "1a"`+"\n", ""),
			want: []want{{file: "base.yaml", at: "id: |base", sev: err, msg: []string{`map "base" has no number`}, hint: []string{`add number: "1a"`}}}},
		{rule: "run/map-cards", name: "fires-number-not-card-and-side", files: base(`number: "1a"`, `number: "1b"`),
			want: []want{{file: "base.yaml", at: `number: |"1b"`, sev: err,
				exact: `map "base": number "1b" is not its card 1 and side a ("1a")`}}},
		{rule: "run/map-cards", name: "fires-two-maps-on-one-side", files: runPack("water.yaml", edit(edit(runFixture("water"), "card: 2\n", "card: 1\n"), `"2a"`, `"1a"`)),
			want: []want{{file: "water.yaml", at: "side: |a", sev: err, related: 1,
				exact: `map "water" is card 1 side a, as map "base" is: two maps cannot be one side of a card`}}},
		{rule: "run/stashes", name: "quiet-four-stashes", files: runPack()},
		{rule: "run/stashes", name: "fires-three-stashes", files: base("[C2, F4, A6, F1]", "[C2, F4, A6]"),
			want: []want{{file: "base.yaml", at: "stashes: |[C2", sev: err,
				exact: `map "base" has 3 stashes; a map has exactly 4, one for each gadget token (L169, L500)`}}},
		{rule: "run/stashes", name: "fires-five-stashes", files: base("[C2, F4, A6, F1]", "[C2, F4, A6, F1, E5]"),
			want: []want{{file: "base.yaml", at: "|E5]", sev: err, msg: []string{"has 5 stashes"}}}},
		{rule: "run/stashes", name: "fires-stash-twice-once", files: base("[C2, F4, A6, F1]", "[C2, F4, A6, C2]"),
			want: []want{{file: "base.yaml", at: "[|C2, F4, A6, C2]", sev: err, related: 1, hint: []string{"list it once"}, exact: `map "base": stash C2 is listed twice`}}},
		{rule: "run/stashes", name: "fires-stash-twice-and-one-more-than-4", files: base("[C2, F4, A6, F1]", "[C2, F4, A6, F1, F4]"),
			want: []want{{file: "base.yaml", at: "[C2, |F4, A6, F1, F4]", sev: err, related: 1, exact: `map "base": stash F4 is listed twice`}}},
		{rule: "run/stashes", name: "fires-stash-three-times-each-named", files: base("[C2, F4, A6, F1]", "[C2, F4, A6, F4, F4]"),
			want: []want{{file: "base.yaml", at: "[C2, |F4, A6, F4, F4]", sev: err, related: 2, exact: `map "base": stash F4 is listed 3 times`}}},
		{rule: "run/stashes", name: "fires-stash-twice-and-one-missing", files: base("[C2, F4, A6, F1]", "[C2, F4, C2]"),
			want: []want{
				{file: "base.yaml", at: "stashes: |[C2", sev: err, exact: `map "base" has 2 stashes; a map has exactly 4, one for each gadget token (L169, L500)`},
				{file: "base.yaml", at: "[|C2, F4, C2]", sev: err, related: 1, exact: `map "base": stash C2 is listed twice`},
			}},
		{rule: "run/safe-houses", name: "quiet-a-and-b", files: runPack()},
		{rule: "run/safe-houses", name: "fires-letter-twice", files: base("{letter: B, at: A1}", "{letter: A, at: A1}"),
			want: []want{
				{file: "base.yaml", at: "safeHouses: |[", sev: err, exact: `map "base" has no safe house B; a map has safe houses A and B, once each (L117, L492)`},
				{file: "base.yaml", at: "{letter: |A, at: A1}", sev: err, related: 1, hint: []string{"letter it B"},
					exact: `map "base": safe house A appears again (at A1, first at F6); a map has safe houses A and B, once each (L117)`},
			}},
		{rule: "run/safe-houses", name: "fires-none", files: base("safeHouses: [{letter: A, at: F6}, {letter: B, at: A1}]\n", ""),
			want: []want{{file: "base.yaml", at: "id: |base", sev: err, msg: []string{"has no safe house A or B"}}}},
		{rule: "run/spawn-points", name: "quiet-one-to-eight", files: runPack()},
		{rule: "run/spawn-points", name: "fires-nine-and-eight-missing", files: base("{number: 8, at: D6}", "{number: 9, at: D6}"),
			want: []want{
				{file: "base.yaml", at: "spawns: |[", sev: err, hint: []string{"renumber spawn point 9"}, exact: `map "base" lacks spawn point 8; spawn points 1-8 each appear once (L119, L151-153)`},
				{file: "base.yaml", at: "{number: |9, at: D6}", sev: err, hint: []string{"number it 8"}, exact: `map "base": spawn point 9 at D6; spawn points are numbered 1-8 (L119)`},
			}},
		{rule: "run/spawn-points", name: "fires-repeat-and-missing", files: base("{number: 5, at: C4}", "{number: 3, at: C4}"),
			want: []want{
				{file: "base.yaml", at: "spawns: |[", sev: err, exact: `map "base" lacks spawn point 5; spawn points 1-8 each appear once (L119, L151-153)`},
				{file: "base.yaml", at: "{number: |3, at: C4}", sev: err, related: 1,
					exact: `map "base": spawn point 3 appears 2 times, at C3 and C4; each number 1-8 is on the map once (L119)`},
			}},
		{rule: "run/spawn-points", name: "fires-three-times-and-two-missing", files: base("{number: 5, at: C4}, {number: 6, at: B6}", "{number: 3, at: C4}, {number: 3, at: B6}"),
			want: []want{
				{file: "base.yaml", at: "spawns: |[", sev: err, msg: []string{"lacks spawn point 5 and 6"}},
				{file: "base.yaml", at: "{number: |3, at: C4}", sev: err, related: 2, msg: []string{"spawn point 3 appears 3 times, at C3, C4 and B6"}},
			}},
		{rule: "run/helipad", name: "quiet-one-on-a-building", files: runPack()},
		{rule: "run/helipad", name: "fires-none", files: base("helipads: [B5]\n", ""),
			want: []want{{file: "base.yaml", at: "id: |base", sev: err, msg: []string{`map "base" has no helicopter pad`}}}},
		{rule: "run/helipad", name: "fires-two", files: base("helipads: [B5]", "helipads: [B5, B2]"),
			want: []want{{file: "base.yaml", at: "[B5, |B2]", sev: err, exact: `map "base" has 2 helicopter pads; a map has exactly one (L121)`}}},
		{rule: "run/helipad", name: "fires-on-the-ground", files: base("helipads: [B5]", "helipads: [A5]"),
			want: []want{{file: "base.yaml", at: "helipads: [|A5]", sev: err, hint: []string{"building"},
				exact: `map "base": the helicopter pad at A5 is not on a building (".", ground, level 0); the helicopter starts "on the building with the helipad" (L144)`}}},
		{rule: "run/donut-shop", name: "quiet-one", files: runPack()},
		{rule: "run/donut-shop", name: "fires-two", files: docks("donutShops: [D1]", "donutShops: [D1, E1]"),
			want: []want{{file: "docks.yaml", at: "[D1, |E1]", sev: err, msg: []string{`map "docks" has 2 donut shops`, "at most one"}}}},
		{rule: "run/puddles", name: "quiet-eight", files: runPack()},
		{rule: "run/puddles", name: "fires-nine", files: docks("A4, C1]", "A4, C1, B1]"),
			want: []want{{file: "docks.yaml", at: "|B1]", sev: warn, msg: []string{`map "docks" has 9 puddles`, "8 footprint tokens"}}}},
		{rule: "run/shared-space", name: "quiet-own-spaces", files: runPack()},
		{rule: "run/shared-space", name: "fires-spawn-on-a-safe-house", files: base("{number: 1, at: D1}", "{number: 1, at: A1}"),
			want: []want{{file: "base.yaml", at: "{number: 1, at: |A1}", sev: warn, related: 1,
				exact: `map "base": safe house B and spawn point 1 are both on A1; stashes, safe houses, spawn points and the helicopter pad each have a space of their own (A17)`}}},
		{rule: "run/shared-space", name: "fires-two-spawns-on-one-space", files: base("{number: 8, at: D6}", "{number: 8, at: E6}"),
			want: []want{{file: "base.yaml", at: "{number: 8, at: |E6}", sev: warn, msg: []string{"spawn point 7 and spawn point 8 are both on E6"}}}},
	}
}

func runAccessCases() []ruleCase {
	const rule = "run/access"
	err, warn := validate.Error, validate.Warning
	fe := "{kind: fire-escape, from: D2, to: C2, actions: [silent-W]}"
	return []ruleCase{
		{rule: rule, name: "quiet-fire-escapes-ladders-and-piers", files: runPack()},
		{rule: rule, name: "fires-not-adjacent", files: base(fe, "{kind: fire-escape, from: D2, to: B2, actions: [silent-W]}"),
			want: []want{{file: "base.yaml", at: "to: |B2", sev: err,
				exact: `map "base" access 1 (fire-escape D2 to B2): D2 and B2 are not adjacent; an access feature joins two neighbouring spaces`}}},
		{rule: rule, name: "fires-sprint-icon", files: base(fe, "{kind: fire-escape, from: D2, to: C2, actions: [sprint-W]}"),
			want: []want{{file: "base.yaml", at: "|sprint-W", sev: err, hint: []string{"write silent-W"},
				exact: `map "base" access 1 (fire-escape D2 to C2): sprint-W is a sprint, which can never use an access feature (L240, L251)`}}},
		{rule: rule, name: "fires-wild-icon", files: base(fe, "{kind: fire-escape, from: D2, to: C2, actions: [silent-W, wild-orthogonal]}"),
			want: []want{{file: "base.yaml", at: "|wild-orthogonal", sev: err, hint: []string{"write silent-W"}, msg: []string{"wild-orthogonal is a wild, not an icon"}}}},
		{rule: rule, name: "fires-icon-the-wrong-way", files: base(fe, "{kind: fire-escape, from: D2, to: C2, actions: [silent-NW]}"),
			want: []want{{file: "base.yaml", at: "|silent-NW", sev: err,
				exact: `map "base" access 1 (fire-escape D2 to C2): silent-NW does not move from the lower space to the higher one, which lies W of it (L216, L222)`}}},
		{rule: rule, name: "fires-leading-down", files: base(fe, "{kind: fire-escape, from: C2, to: D2, actions: [silent-E]}"),
			want: []want{{file: "base.yaml", at: "to: |D2", sev: err, hint: []string{"swap from: and to:"},
				exact: `map "base" access 1 (fire-escape C2 to D2) does not lead up: C2 is "#", a building, level 1, D2 is ".", ground, level 0`}}},
		{rule: rule, name: "fires-on-one-level", files: base(fe, "{kind: fire-escape, from: D2, to: D3, actions: [silent-S]}"),
			want: []want{{file: "base.yaml", at: "to: |D3", sev: err, hint: []string{"remove it"}, msg: []string{"does not lead up"}}}},
		{rule: rule, name: "fires-fire-escape-out-of-water", files: water("{kind: pier, from: B4, to: B3", "{kind: fire-escape, from: B4, to: B3"),
			want: []want{{file: "water.yaml", at: "{kind: |fire-escape, from: B4", sev: err, hint: []string{"kind: pier"},
				exact: `map "water" access 2 (fire-escape B4 to B3) leaves water; only a ladder or a pier leads out of water (L558)`}}},
		{rule: "run/access-terrain", name: "quiet-ladder-up-terrain", files: runPack()},
		{rule: "run/access-terrain", name: "fires-fire-escape-up-terrain", files: docks("{kind: ladder, from: D1", "{kind: fire-escape, from: D1"),
			want: []want{{file: "docks.yaml", at: "{kind: |fire-escape, from: D1", sev: warn, hint: []string{"kind: ladder"},
				exact: `map "docks" access 2 (fire-escape D1 to E1) climbs terrain (".", ground, level 0 to "2", terrain, level 1); terrain is climbed with ladders or vines (L586)`}}},
	}
}

func runFeatureCases() []ruleCase {
	err, warn := validate.Error, validate.Warning
	return []ruleCase{
		{rule: "run/current", name: "quiet-currents-into-water", files: runPack()},
		{rule: "run/current", name: "fires-onto-ground", files: docks("  4  ~ ~ > ~ ~ v", "  4  ~ ~ > ~ ~ ^"),
			want: []want{{file: "docks.yaml", at: "~ ~ > ~ ~ |^", sev: err, hint: []string{"toward a water space"},
				exact: `map "docks": the current at F4 (symbol "^") points N to F3, which is not water (".", ground, level 0); a current would lift the Runner out of water without a ladder or pier (A10)`}}},
		{rule: "run/current", name: "fires-off-the-map", files: docks("  4  ~ ~ > ~ ~ v", "  4  ~ ~ > ~ ~ >"),
			want: []want{{file: "docks.yaml", at: "~ ~ > ~ ~ |>", sev: err, msg: []string{"the current at F4", "points E, off the map"}}}},
		{rule: "run/current", name: "fires-not-on-water", files: runPack("docks.yaml", edit(edit(docksMap, "  '2': {level: 1}\n", "  '2': {level: 1}\n  'c': {level: 0, current: S}\n"), "  3  . # . . . .", "  3  c # . . . .")),
			want: []want{{file: "docks.yaml", at: "|c # . . . .", sev: err, msg: []string{`the current at A3 (symbol "c") is not on water`}}}},
		{rule: "run/ice", name: "quiet-ice-on-the-ground", files: runPack()},
		{rule: "run/ice", name: "fires-raised-ice", files: docks("  '2': {level: 1}\n", "  '2': {level: 1}\n  '*': {level: 1, ice: true}\n"),
			want: []want{{file: "docks.yaml", at: "  5  . |* . #", sev: err,
				exact: `map "docks": the ice at B5 is "*", ice, level 1; ice is at ground level, no building and not water (L654)`}}},
		{rule: "run/ice", name: "fires-zip-line-onto-ice", files: docks("{start: B2, end: E6", "{start: B2, end: B5"),
			want: []want{{file: "docks.yaml", at: "end: |B5", sev: err,
				exact: `map "docks": the zip line 1 end is on ice at B5; no ice on the ends of zip lines, bridges or linked spaces (A12)`}}},
		{rule: "run/ice", name: "fires-link-from-ice", files: docks("{from: A5, to: D6", "{from: B5, to: D6"),
			want: []want{{file: "docks.yaml", at: "{from: |B5, to: D6", sev: err, msg: []string{"the link 1 from is on ice at B5"}}}},
		{rule: "run/tunnel", name: "quiet-straight-tunnel-with-icons", files: runPack()},
		{rule: "run/tunnel", name: "fires-one-space", files: docks("{ends: [A1, A3]", "{ends: [A1, A1]"),
			want: []want{{file: "docks.yaml", at: "[A1, |A1]", sev: err, msg: []string{"tunnel 1: both ends are A1"}}}},
		{rule: "run/tunnel", name: "fires-not-straight", files: docks("{ends: [A1, A3]", "{ends: [A1, B3]"),
			want: []want{{file: "docks.yaml", at: "[A1, |B3]", sev: err,
				exact: `map "docks" tunnel 1: its ends A1 and B3 are not in one row or column; sprints, which pass tunnels, are straight (L240, L594)`}}},
		{rule: "run/tunnel", name: "fires-icon-off-the-ends", files: docks("{from: A3, action: silent-N}", "{from: A2, action: silent-N}"),
			want: []want{{file: "docks.yaml", at: "{from: |A2", sev: err, msg: []string{"tunnel 1 icon 2 is at A2, which is not an end of the tunnel (A1, A3)"}}}},
		{rule: "run/tunnel", name: "fires-icon-pointing-away", files: docks("action: sprint-S}", "action: sprint-N}"),
			want: []want{{file: "docks.yaml", at: "|sprint-N", sev: err, hint: []string{"silent-S or sprint-S"},
				exact: `map "docks" tunnel 1 icon 1: sprint-N does not point along the tunnel, which runs S from A1 (L600, A14)`}}},
		{rule: "run/tunnel", name: "fires-wild-icon", files: docks("action: sprint-S}", "action: wild-orthogonal}"),
			want: []want{{file: "docks.yaml", at: "|wild-orthogonal", sev: err, msg: []string{"wild-orthogonal does not point along the tunnel"}}}},
		{rule: "run/tunnel-level", name: "quiet-ends-on-one-level", files: runPack()},
		{rule: "run/tunnel-level", name: "fires-ground-to-water", files: docks("{ends: [A1, A3], actions: [{from: A1, action: sprint-S}, {from: A3, action: silent-N}]}", "{ends: [A1, A4]}"),
			want: []want{{file: "docks.yaml", at: "[A1, |A4]", sev: warn, msg: []string{"tunnel 1: its ends are at different levels, A1 at 0 and A4 at -1"}}}},
		{rule: "run/zip-line", name: "quiet-two-way-and-one-way", files: runPack()},
		{rule: "run/zip-line", name: "fires-one-space", files: docks("{start: B2, end: E6", "{start: B2, end: B2"),
			want: []want{{file: "docks.yaml", at: "end: |B2", sev: err, msg: []string{"zip line 1 starts and ends at B2"}}}},
		{rule: "run/zip-line", name: "fires-two-way-without-end-icon", files: docks(", endAction: silent-NW}", "}"),
			want: []want{{file: "docks.yaml", at: "{start: |B2", sev: err, hint: []string{"endAction:", "oneWay: true"},
				exact: `map "docks" zip line 1 from B2 to E6 is two-way (no oneWay: true) but has no endAction, the icon at its end (L612)`}}},
		{rule: "run/zip-line", name: "fires-one-way-with-end-icon", files: docks("oneWay: true, style: bridge}", "oneWay: true, endAction: silent-N, style: bridge}"),
			want: []want{{file: "docks.yaml", at: "endAction: |silent-N,", sev: err, msg: []string{"suspension bridge 2 is one-way but has an endAction"}}}},
		{rule: "run/link", name: "quiet-two-spaces", files: runPack()},
		{rule: "run/link", name: "fires-to-itself", files: docks("{from: A5, to: D6", "{from: A5, to: A5"),
			want: []want{{file: "docks.yaml", at: "to: |A5", sev: err, exact: `map "docks" link 1 links A5 to itself; linked spaces are two spaces (L620)`}}},
		{rule: "run/gadget-pool", name: "quiet-water-keeps-four", files: runPack()},
		{rule: "run/gadget-pool", name: "fires-no-water", files: base("helipads: [B5]\n", "helipads: [B5]\ncrossedOutGadgets: [crowbar]\n"),
			want: []want{{file: "base.yaml", at: "crossedOutGadgets: |[crowbar]", sev: err, hint: []string{"fewer"},
				exact: `map "base" crosses out crowbar, leaving 3 gadgets (smoke-bomb, hook, jetpack) for 4 stashes (L169, L667); jet-ski and scuba-gear count only on maps with water (L673), and this map has none`}}},
		{rule: "run/gadget-pool", name: "fires-with-water", files: docks("[crowbar, hook]", "[crowbar, hook, smoke-bomb]"),
			want: []want{{file: "docks.yaml", at: "crossedOutGadgets: |[", sev: err,
				msg: []string{"crosses out crowbar, hook and smoke-bomb, leaving 3 gadgets (jetpack, jet-ski, scuba-gear)", "which this map's water allows"}}}},
		{rule: "run/map-rules", name: "quiet-encoded", files: runPack()},
		{rule: "run/map-rules", name: "fires-not-encoded", files: docks("encoded: true}", "encoded: false}"),
			want: []want{{file: "docks.yaml", at: `{text: |"You may not`, sev: warn, hint: []string{"encoded: true"},
				msg: []string{`map "docks": its map-specific rule "You may not step from C3 to C4." is printed, but runforge does not apply it`}}}},
	}
}

// runMapCountCases: each map side counts one card of its component (two
// copies of a card, one per player, each with two sides), so a card
// missing a side is a count finding.
func runMapCountCases() []ruleCase {
	const rule = "deck/count"
	manifest := gameYAML("run", "components:\n  - {id: map-cards, name: Map cards, expected: 2}\n")
	side := func(src string) string { return edit(src, "card: ", "component: map-cards\ncard: ") }
	sideB := edit(edit(edit(side(runFixture("water")), "card: 2", "card: 1"), "side: a", "side: b"), `"2a"`, `"1b"`)
	return []ruleCase{
		{rule: rule, name: "quiet-a-card-with-both-sides", files: runPack("game.yaml", manifest, "base.yaml", side(runFixture("base")), "water.yaml", sideB)},
		{rule: rule, name: "fires-a-card-missing-a-side", files: runPack("game.yaml", manifest, "base.yaml", side(runFixture("base"))),
			want: []want{{file: "game.yaml", at: "expected: |2", sev: validate.Error, related: 1,
				msg: []string{`component "map-cards" expects 2 copies but the pack has 1`}}}},
	}
}

// TestIllustrativeMapsValidateClean: the two illustrative maps alone, in a
// pack of their own, raise no diagnostic.
func TestIllustrativeMapsValidateClean(t *testing.T) {
	f := files{"game.yaml": runFixture("game"), "base.yaml": runFixture("base"), "water.yaml": runFixture("water")}
	if got := check(t, f, validate.Options{}); len(got) != 0 {
		t.Fatalf("want a clean pack, got:\n%s", dump(got))
	}
	for _, r := range defaultRegistry().Rules() {
		if strings.HasPrefix(r.ID, "run/") && (len(r.Games) != 1 || r.Games[0] != "run") {
			t.Errorf("rule %s applies to %v, want only run", r.ID, r.Games)
		}
	}
}

// FuzzRunMap runs every rule on a RUN pack whose one map is the input: no
// rule may panic, and every diagnostic has a rule, a message and a line of
// the file.
func FuzzRunMap(f *testing.F) {
	for _, name := range []string{"base", "water"} {
		if b, err := os.ReadFile(filepath.Join("..", "schema", "run", "testdata", "run", name+".yaml")); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(docksMap))
	manifest := []byte("kind: Game\nid: fuzz\ntitle: Fuzz\nsystem: run\ncomponents: []\n")
	f.Fuzz(func(t *testing.T, src []byte) {
		fsys := fstest.MapFS{"game.yaml": {Data: manifest}, "map.yaml": {Data: src}}
		p, probs := schematest.LoadPack(fsys, "fuzz")
		lines := bytes.Count(src, []byte("\n")) + 1
		for _, d := range validate.Pack(p, probs, withGames(validate.Options{})) {
			if d.Rule == "" || d.Message == "" || d.Pos.File == "" {
				t.Fatalf("incomplete diagnostic %+v", d)
			}
			if d.Pos.File == "fuzz/map.yaml" && (d.Pos.Line < 1 || d.Pos.Line > lines || d.Pos.Col < 1) {
				t.Fatalf("diagnostic outside the %d-line file: %s", lines, d)
			}
		}
	})
}
