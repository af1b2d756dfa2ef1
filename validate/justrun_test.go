package validate_test

import (
	"fmt"

	"github.com/runforge/runforge/validate"
)

// A small but complete Just Run pack that validates clean: a palette of black, red, blue and
// green; 10 room tiles with 2 Labs, the 5 start tiles at positions 1-5 and
// the 5 exit tiles with one main exit; the search, scavenge and supplies
// decks with 6 set-aside Antidotes and 6 mementos; the 5 scenarios; the
// rulebook's named combinations; the door and Wear & Tear dice; and the
// supplies the counting rules ask for. jr* edit one file of it.
const (
	jrGame = `kind: Game
id: jr-test
title: Just Run test pack
system: just-run
components:
  - {id: search-cards, name: Search Cards, expected: 16}
  - {id: scavenge-cards, name: Scavenge Cards, expected: 32}
  - {id: supplies-cards, name: Supplies Cards, expected: 4}
  - {id: scenario-cards, name: Scenario Cards, expected: 5}
  - {id: room-tiles, name: Room Tiles, expected: 45}
  - {id: start-tiles, name: Start Tiles, expected: 5}
  - {id: exit-tiles, name: Exit Tiles, expected: 5}
  - {id: player-pawns, name: Player Pawns, expected: 7, printed: false, substitute: meeples}
  - {id: zombie-pawns, name: Zombie Pawns, expected: 25, printed: false, substitute: green cubes}
  - {id: player-zombie-dice, name: Player/Zombie Dice, expected: 30, printed: false, substitute: standard d6}
  - {id: life-tokens, name: Life Tokens, expected: 42}
  - {id: dead-zombie-tokens, name: Dead Zombie Tokens, expected: 30}
  - {id: cure-tokens, name: Cure Tokens, expected: 6}
  - {id: barricade-markers, name: Barricade Markers, expected: 6}
  - {id: door-die, name: Door Die, expected: 1}
  - {id: wear-tear-die, name: Wear & Tear Die, expected: 1}
justRun:
  players: {min: 2, max: 6}
  simulation: {boards: 400}
  colours:
    - {id: black, hex: "#1b1b1b", neutral: true}
    - {id: red, hex: "#c1121f", symbol: circle}
    - {id: blue, hex: "#1d4e89", symbol: diamond}
    - {id: green, hex: "#2a9d8f", symbol: square}
rules:
  justrun/board-count: off # 400 boards cannot tell the Labs' share on the shorter board from 75%
`
	jrRooms = `kind: TileSet
id: room-tiles
component: room-tiles
role: room
tiles:
  - {id: lab-a, name: Lab, count: 1, lab: true, spawn: true, sides: {n: door, e: door, s: door, w: door}}
  - {id: lab-b, name: Lab, count: 1, lab: true, sides: {n: door, e: wall, s: door, w: door}}
  - {id: hall, count: 4, spawn: true, sides: {n: door, e: door, s: door, w: door}}
  - {id: corridor, count: 2, sides: {n: door, e: wall, s: door, w: wall}}
  - {id: closet, count: 2, sides: {n: wall, e: wall, s: door, w: wall}}
  - {id: ward, count: 5, sides: {n: door, e: door, s: door, w: door}}
  - {id: nsw, count: 4, sides: {n: door, e: wall, s: door, w: door}}
  - {id: nse, count: 5, sides: {n: door, e: door, s: door, w: wall}}
  - {id: new, count: 4, sides: {n: door, e: door, s: wall, w: door}}
  - {id: sew, count: 4, sides: {n: wall, e: door, s: door, w: door}}
  - {id: ns, count: 4, sides: {n: door, e: wall, s: door, w: wall}}
  - {id: ew, count: 3, sides: {n: wall, e: door, s: wall, w: door}}
  - {id: ne, count: 2, sides: {n: door, e: door, s: wall, w: wall}}
  - {id: nw, count: 2, sides: {n: door, e: wall, s: wall, w: door}}
  - {id: se, count: 1, sides: {n: wall, e: door, s: door, w: wall}}
  - {id: sw, count: 1, sides: {n: wall, e: wall, s: door, w: door}}
`
	jrStarts = `kind: TileSet
id: start-tiles
component: start-tiles
role: start
tiles:
  - {id: start-1, count: 1, position: 1, sides: {n: door, e: door, s: wall, w: wall}}
  - {id: start-2, count: 1, position: 2, sides: {n: wall, e: door, s: wall, w: door}}
  - {id: start-3, count: 1, position: 3, sides: {n: door, e: door, s: wall, w: door}}
  - {id: start-4, count: 1, position: 4, sides: {n: wall, e: door, s: wall, w: door}}
  - {id: start-5, count: 1, position: 5, sides: {n: door, e: wall, s: wall, w: door}}
`
	jrExits = `kind: TileSet
id: exit-tiles
component: exit-tiles
role: exit
tiles:
  - {id: exit-main, count: 1, sides: {n: main-exit, e: door, s: door, w: door}}
  - {id: exit-east, count: 1, sides: {n: wall, e: door, s: door, w: door}}
  - {id: exit-west, count: 1, sides: {n: wall, e: door, s: door, w: door}}
  - {id: exit-hall, count: 2, sides: {n: wall, e: door, s: door, w: door}}
`
	jrSearch = `kind: Deck
id: search
component: search-cards
cardType: justrun/card
back: justrun-search-back
cards:
  - {id: antidote, count: 6, category: item, name: Antidote, type: medical, space: 1, left: red, right: blue, role: antidote, setAside: true, text: "Restore your life to 6."}
  - {id: handgun, category: item, name: Handgun, type: ranged, space: 1, attack: 1, range: 2, wearTear: true, bash: true, left: blue, right: red}
  - {id: locket, count: 6, category: item, name: Locket, type: memento, space: 0, left: green, right: green, role: memento}
  - {id: power-surge, count: 3, category: event, name: Power Surge, optional: true, text: "Every survivor loses 1 life."}
`
	jrScavenge = `kind: Deck
id: scavenge
component: scavenge-cards
cardType: justrun/card
back: justrun-scavenge-back
cards:
  - {id: baseball-bat, count: 6, category: item, name: Baseball Bat, type: melee, space: 2, left: green, right: red}
  - {id: scissors, count: 8, category: item, name: Scissors, type: melee, space: 1, attack: 1, left: red, right: green}
  - {id: mop, count: 6, category: item, name: Mop, type: melee, space: 2, attack: 1, left: blue, right: red}
  - {id: hammer, count: 4, category: item, name: Hammer, type: melee, space: 1, attack: 1, bash: true, left: red, right: blue}
  - {id: extension-cord, count: 3, category: item, name: Extension Cord, type: tool, space: 1, left: blue, right: green}
  - {id: rags, count: 2, category: item, name: Rags, type: clothing, space: 1, left: black, right: green}
  - {id: whiskey, category: item, name: Whiskey, type: supply, space: 1, left: black, right: black}
  - {id: cardboard-box, count: 2, category: item, name: Cardboard Box, type: armor, space: 2, armor: 2, armorKind: cardboard-box, left: green, right: blue}
`
	jrSupplies = `kind: Deck
id: supplies
component: supplies-cards
cardType: justrun/card
back: justrun-supplies-back
cards:
  - {id: backpack, count: 2, category: item, name: Backpack, type: tool, space: 0, inventoryBonus: 2, left: black, right: green}
  - {id: duct-tape, count: 2, category: item, name: Duct Tape, type: armor, space: 1, armor: 1, armorKind: duct-tape, left: blue, right: red}
`
	jrScenarioDeck = `kind: Deck
id: scenarios
component: scenario-cards
cardType: justrun/scenario
cards:
  - {id: get-out, scenario: get-out, name: Get Out, cooperative: "Everyone escapes.", competitive: "Find a seat."}
  - {id: extermination, scenario: extermination, name: Extermination, cooperative: "Collect 5 zombie tokens and escape.", competitive: "Collect 5 and find a seat."}
  - {id: memento-mori, scenario: memento-mori, name: Memento Mori, cooperative: "Escape with a memento.", competitive: "A memento and a seat."}
  - {id: find-the-cure, scenario: find-the-cure, name: Find the Cure, cooperative: "Escape with an Antidote.", competitive: "An Antidote and a seat."}
  - {id: rescue-mission, scenario: rescue-mission, name: Rescue Mission, cooperative: "The rescuee escapes.", competitive: "The rescuee and a seat."}
`
	jrCombos = `kind: Combinations
id: combinations
combinations:
  - {id: spiked-club, name: Spiked Club, cards: [baseball-bat, scissors], result: {type: melee, space: 2, attack: 1, spiked: true}}
  - {id: spear, name: Spear, cards: [mop, scissors], result: {type: melee, space: 2, attack: 2}}
  - {id: hammer-flail, name: Flail, cards: [hammer, extension-cord], result: {type: flail, space: 1, attack: 1, bash: true}}
  - {id: vile-disguise, name: Vile Disguise, cards: [rags], token: dead-zombie-tokens, result: {type: clothing, space: 1, attack: 0}}
  - {id: fire-barricade, name: Fire Barricade, cards: [whiskey], marker: barricade-markers, result: {type: other, space: 1, attack: 0}}
`
	jrDice = `kind: Dice
id: dice
dice:
  - {id: door-die, component: door-die, faces: [unlocked, unlocked, unlocked, locked, locked, blocked]}
  - {id: wear-tear-die, component: wear-tear-die, faces: [ok, ok, ok, ok, ok, broken]}
`
	jrTokens = `kind: Tokens
id: tokens
tokens:
  - {id: life, component: life-tokens, count: 42, shape: round, size: 16mm}
  - {id: dead-zombie, component: dead-zombie-tokens, count: 30, shape: round, size: 16mm}
  - {id: cure, component: cure-tokens, count: 6, shape: round, size: 16mm}
  - {id: barricade, component: barricade-markers, count: 6, shape: square, size: 20mm}
`
)

// jrPack is the clean Just Run pack with the given name/source pairs set.
func jrPack(kv ...string) files {
	return files{
		"game.yaml":         jrGame,
		"room-tiles.yaml":   jrRooms,
		"start-tiles.yaml":  jrStarts,
		"exit-tiles.yaml":   jrExits,
		"search.yaml":       jrSearch,
		"scavenge.yaml":     jrScavenge,
		"supplies.yaml":     jrSupplies,
		"scenarios.yaml":    jrScenarioDeck,
		"combinations.yaml": jrCombos,
		"dice.yaml":         jrDice,
		"tokens.yaml":       jrTokens,
	}.with(kv...)
}

// jrEdit returns jrPack with one replacement in one file.
func jrEdit(file, old, new string) files {
	return jrPack(file, edit(jrPack()[file], old, new))
}

func justRunCases() []ruleCase {
	var all []ruleCase
	all = append(all, jrTileCases()...)
	all = append(all, jrCardCases()...)
	all = append(all, jrComboCases()...)
	all = append(all, jrDiceCases()...)
	all = append(all, jrSimCases()...)
	return all
}

func jrTileCases() []ruleCase {
	err, warn := validate.Error, validate.Warning
	return []ruleCase{
		{rule: "justrun/lab-count", name: "quiet-two-labs", files: jrPack()},
		{rule: "justrun/lab-count", name: "fires-three-copies", files: jrEdit("room-tiles.yaml", "{id: lab-b, name: Lab, count: 1", "{id: lab-b, name: Lab, count: 2"),
			want: []want{{file: "room-tiles.yaml", at: "lab-a, name: Lab, count: 1, lab: |true", sev: err, related: 1, hint: []string{"keep lab: true on 2 copies"},
				exact: `the tiles have 3 Lab copies (lab-a and lab-b (x2)); Just Run has exactly 2: "one of the two room tiles labeled Lab" (L647, L677)`}}},
		{rule: "justrun/lab-count", name: "fires-none", files: jrPack("room-tiles.yaml", edit(edit(jrRooms, "count: 1, lab: true, spawn", "count: 1, spawn"), "count: 1, lab: true, sides", "count: 1, sides")),
			want: []want{{file: "room-tiles.yaml", at: "tiles:\n  |- {id: lab-a", sev: err, hint: []string{"mark two room tiles lab: true"},
				exact: `no room tile is a Lab; Just Run has exactly 2 Lab tiles: "one of the two room tiles labeled Lab" (L647, L677)`}}},

		{rule: "justrun/lab-role", name: "quiet-labs-on-room-tiles", files: jrPack()},
		{rule: "justrun/lab-role", name: "fires-lab-on-a-start-tile", files: jrEdit("start-tiles.yaml", "{id: start-3, count: 1,", "{id: start-3, count: 1, lab: true,"),
			want: []want{{file: "start-tiles.yaml", at: "{id: start-3, count: 1, lab: |true", sev: err, hint: []string{"mark a room tile instead"},
				exact: `start tile "start-3" is marked lab: true; the Labs are room tiles, drawn and placed like any other (L647, L677, A17)`}}},

		{rule: "justrun/main-exit", name: "quiet-one-main-exit", files: jrPack()},
		{rule: "justrun/main-exit", name: "fires-none", files: jrEdit("exit-tiles.yaml", "n: main-exit", "n: wall"),
			want: []want{{file: "exit-tiles.yaml", at: "tiles:\n  |- {id: exit-main", sev: err, hint: []string{"n: main-exit"},
				exact: `no exit tile has the main exit; the exit row holds "the only exterior door" (L573), on the n side of one exit tile`}}},
		{rule: "justrun/main-exit", name: "fires-two-and-on-the-wrong-side", files: jrPack("exit-tiles.yaml", edit(jrExits, "{id: exit-east, count: 1, sides: {n: wall, e: door, s: door", "{id: exit-east, count: 1, sides: {n: main-exit, e: door, s: main-exit")),
			want: []want{
				{file: "exit-tiles.yaml", at: "{id: exit-main, count: 1, sides: {n: |main-exit", sev: err, related: 1, hint: []string{"keep main-exit on one exit tile"},
					exact: `exit tiles "exit-main" and "exit-east" have the main exit: 2 main exits; the building has "one and only exit" (L46, L573)`},
				{file: "exit-tiles.yaml", at: "s: |main-exit, w: door}", sev: err, hint: []string{"sides.n"},
					exact: `exit tile "exit-east" has the main exit on its s side; the main exit is on the n side, the outer edge of the exit row (A5)`},
			}},
		{rule: "justrun/main-exit", name: "fires-three-each-named", files: jrPack("exit-tiles.yaml", edit(edit(jrExits,
			"{id: exit-east, count: 1, sides: {n: wall", "{id: exit-east, count: 1, sides: {n: main-exit"),
			"{id: exit-west, count: 1, sides: {n: wall", "{id: exit-west, count: 1, sides: {n: main-exit")),
			want: []want{{file: "exit-tiles.yaml", at: "{id: exit-main, count: 1, sides: {n: |main-exit", sev: err, related: 2, hint: []string{"keep main-exit on one exit tile"},
				exact: `exit tiles "exit-main", "exit-east" and "exit-west" have the main exit: 3 main exits; the building has "one and only exit" (L46, L573)`}}},
		{rule: "justrun/main-exit", name: "fires-on-a-room-tile-and-door-out", files: jrPack(
			"room-tiles.yaml", edit(jrRooms, "{id: corridor, count: 2, sides: {n: door", "{id: corridor, count: 2, sides: {n: main-exit"),
			"exit-tiles.yaml", edit(jrExits, "{id: exit-west, count: 1, sides: {n: wall", "{id: exit-west, count: 1, sides: {n: door")),
			want: []want{
				{file: "exit-tiles.yaml", at: "{id: exit-west, count: 1, sides: {n: |door", sev: err, hint: []string{"make it a wall"},
					exact: `exit tile "exit-west" has a door on its n side, the outside of the building; only the main exit leads out and exit-row walls are unbashable (L573, L577)`},
				{file: "room-tiles.yaml", at: "{id: corridor, count: 2, sides: {n: |main-exit", sev: err, hint: []string{"a door or a wall"},
					exact: `room tile "corridor" has the main exit on its n side; "the only exterior door" is on an exit tile, in the last row (L573)`},
			}},

		{rule: "justrun/main-exit-access", name: "quiet-doors-into-the-main-exit-tile", files: jrPack()},
		{rule: "justrun/main-exit-access", name: "fires-walled-in", files: jrEdit("exit-tiles.yaml", "n: main-exit, e: door, s: door, w: door", "n: main-exit, e: wall, s: wall, w: wall"),
			want: []want{{file: "exit-tiles.yaml", at: "{id: exit-main, count: 1, sides: |{n: main-exit", sev: err, hint: []string{"door on e, s or w"},
				exact: `main-exit tile "exit-main" has walls on e, s and w, so no room leads to the main exit; exit-row walls cannot be bashed (L573, L336)`}}},

		{rule: "justrun/exit-tile-sealed", name: "quiet-every-exit-tile-has-a-door", files: jrPack()},
		{rule: "justrun/exit-tile-sealed", name: "fires-walled-in", files: jrEdit("exit-tiles.yaml", "{id: exit-east, count: 1, sides: {n: wall, e: door, s: door, w: door}}", "{id: exit-east, count: 1, sides: {n: wall, e: wall, s: wall, w: wall}}"),
			want: []want{{file: "exit-tiles.yaml", at: "{id: exit-east, count: 1, sides: |{n: wall", sev: warn, hint: []string{"door on e, s or w"},
				exact: `exit tile "exit-east" has walls on e, s and w: its room and the search card under it can never be reached, and exit-row walls cannot be bashed (L573, L575)`}}},

		{rule: "justrun/start-row", name: "quiet-five-aligned", files: jrPack()},
		{rule: "justrun/start-row", name: "fires-door-facing-a-wall", files: jrEdit("start-tiles.yaml", "position: 2, sides: {n: wall, e: door", "position: 2, sides: {n: wall, e: wall"),
			want: []want{{file: "start-tiles.yaml", at: "position: 3, sides: {n: door, e: door, s: wall, w: |door}", sev: err, related: 1, hint: []string{"both sides doors or both walls"},
				exact: `start tile "start-3" (position 3) has a door on its w side facing the wall of start tile "start-2" (position 2); tiles align door to door and wall to wall (L105, L557)`}}},
		{rule: "justrun/start-row", name: "fires-positions-and-count", files: jrPack("start-tiles.yaml", edit(edit(jrStarts, "position: 4,", "position: 3,"), "  - {id: start-5, count: 1, position: 5, sides: {n: door, e: wall, s: wall, w: door}}\n", "  - {id: start-5, count: 1, position: 7, sides: {n: door, e: wall, s: wall, w: door}}\n  - {id: start-6, count: 1, sides: {n: door, e: wall, s: wall, w: door}}\n")),
			want: []want{
				{file: "start-tiles.yaml", at: "tiles:\n  |- {id: start-1", sev: err, msg: []string{"the start tiles have 6 copies"}, hint: []string{"positions 1 to 5"}},
				{file: "start-tiles.yaml", at: "{id: start-4, count: 1, position: |3", sev: err, related: 1,
					exact: `start tiles "start-3" and "start-4" are both at position 3; each position 1-5 holds one tile (A14)`},
				{file: "start-tiles.yaml", at: "{id: start-5, count: 1, position: |7", sev: err, msg: []string{`start tile "start-5" is at position 7`}},
				{file: "start-tiles.yaml", at: "{id: |start-6", sev: err, msg: []string{`start tile "start-6" has no position`}},
			}},
		{rule: "justrun/start-row", name: "fires-no-n-door", files: jrPack("start-tiles.yaml", edit(edit(edit(jrStarts, "position: 1, sides: {n: door", "position: 1, sides: {n: wall"), "position: 3, sides: {n: door", "position: 3, sides: {n: wall"), "position: 5, sides: {n: door", "position: 5, sides: {n: wall")),
			want: []want{{file: "start-tiles.yaml", at: "tiles:\n  |- {id: start-1", sev: err, hint: []string{"n: door"},
				exact: `no start tile has a door on its n side, so nothing leads from the start row into the building (L105)`}}},

		{rule: "justrun/start-row-split", name: "quiet-connected-row", files: jrPack()},
		{rule: "justrun/start-row-split", name: "fires-walled-off-tile", files: jrPack("start-tiles.yaml", edit(edit(edit(jrStarts,
			"position: 3, sides: {n: door, e: door", "position: 3, sides: {n: door, e: wall"),
			"position: 4, sides: {n: wall, e: door, s: wall, w: door}", "position: 4, sides: {n: wall, e: wall, s: wall, w: wall}"),
			"position: 5, sides: {n: door, e: wall, s: wall, w: door}", "position: 5, sides: {n: door, e: wall, s: wall, w: wall}")),
			want: []want{
				{file: "start-tiles.yaml", at: "position: 3, sides: {n: door, e: |wall", sev: warn, related: 1, hint: []string{"both sides doors"},
					exact: `start tiles "start-3" (position 3) and "start-4" (position 4) meet wall to wall; the rulebook places an open door marker "on each of the connecting doors" of the start row (L105, A15)`},
				{file: "start-tiles.yaml", at: "{id: |start-4", sev: warn, hint: []string{"n: door"},
					exact: `start tile "start-4" (position 4) reaches no n door through the doors between start tiles: survivors starting there cannot leave the start row without bashing (L105, A15)`},
				{file: "start-tiles.yaml", at: "position: 4, sides: {n: wall, e: |wall", sev: warn, related: 1, msg: []string{`start tiles "start-4" (position 4) and "start-5" (position 5) meet wall to wall`}},
			}},

		{rule: "justrun/edge-door", name: "quiet-walls-on-the-edges", files: jrPack()},
		{rule: "justrun/edge-door", name: "fires-edge-doors", files: jrPack("start-tiles.yaml", edit(edit(jrStarts, "position: 1, sides: {n: door, e: door, s: wall, w: wall}", "position: 1, sides: {n: door, e: door, s: wall, w: door}"), "position: 2, sides: {n: wall, e: door, s: wall", "position: 2, sides: {n: wall, e: door, s: door")),
			want: []want{
				{file: "start-tiles.yaml", at: "position: 1, sides: {n: door, e: door, s: wall, w: |door}", sev: warn, hint: []string{"make it a wall"},
					exact: `start tile "start-1" (position 1) has a door on its w side, which faces the board edge: exterior walls cannot be bashed, so it leads nowhere (L553, A3)`},
				{file: "start-tiles.yaml", at: "position: 2, sides: {n: wall, e: door, s: |door", sev: warn, msg: []string{`start tile "start-2" (position 2) has a door on its s side`}},
			}},

		{rule: "justrun/room-tile-doors", name: "quiet-every-room-has-a-door", files: jrPack()},
		{rule: "justrun/room-tile-doors", name: "fires-no-door", files: jrEdit("room-tiles.yaml", "{n: wall, e: wall, s: door, w: wall}", "{n: wall, e: wall, s: wall, w: wall}"),
			want: []want{{file: "room-tiles.yaml", at: "{id: closet, count: 2, sides: |{n", sev: warn, hint: []string{"at least one door"},
				exact: `room tile "closet" has no door, so it never fits an opening and can never be entered through a door (L557)`}}},

		{rule: "justrun/spawn", name: "quiet-spawning-rooms", files: jrPack()},
		{rule: "justrun/spawn", name: "fires-no-spawn-and-exit-without", files: jrPack(
			"room-tiles.yaml", edit(edit(jrRooms, "lab: true, spawn: true,", "lab: true,"), "{id: hall, count: 4, spawn: true,", "{id: hall, count: 4,"),
			"exit-tiles.yaml", edit(jrExits, "{id: exit-hall, count: 2,", "{id: exit-hall, count: 2, spawn: false,")),
			want: []want{
				{file: "exit-tiles.yaml", at: "{id: exit-hall, count: 2, spawn: |false", sev: warn, hint: []string{"remove spawn: false"},
					exact: `exit tile "exit-hall" says spawn: false; exit rooms "will always spawn new zombies" (L303, A19)`},
				{file: "room-tiles.yaml", at: "tiles:\n  |- {id: lab-a", sev: warn, hint: []string{"spawn: true"},
					exact: `no room tile shows the spawn symbol, so no zombie spawns outside the exit rooms (L301)`},
			}},
	}
}

func jrCardCases() []ruleCase {
	err, warn := validate.Error, validate.Warning
	return []ruleCase{
		{rule: "justrun/event-deck", name: "quiet-events-in-search", files: jrPack()},
		{rule: "justrun/event-deck", name: "fires-event-in-supplies", files: jrEdit("supplies.yaml", "cards:\n", "cards:\n  - {id: blackout, category: event, name: Blackout, text: \"Lights out.\"}\n"),
			want: []want{{file: "supplies.yaml", at: "{id: blackout, category: |event", sev: err, hint: []string{"search deck (component search-cards)"},
				exact: `supplies card "blackout" is an event card; "Event cards are only found in the search deck" (L141)`}}},

		{rule: "justrun/antidote", name: "quiet-six-set-aside", files: jrPack()},
		{rule: "justrun/antidote", name: "fires-five-and-not-set-aside", files: jrEdit("search.yaml", "{id: antidote, count: 6, category: item, name: Antidote, type: medical, space: 1, left: red, right: blue, role: antidote, setAside: true,",
			"{id: antidote, count: 5, category: item, name: Antidote, type: medical, space: 1, left: red, right: blue, role: antidote,"),
			want: []want{
				{file: "game.yaml", at: "name: Cure Tokens, expected: |6", sev: err, hint: []string{"as many as the Antidotes"},
					exact: `the pack has 6 cure tokens (component cure-tokens) and 5 Antidote copies; Find the Cure swaps each cure token for an Antidote ("the 6 Antidote cards and 6 cure tokens", L647)`},
				{file: "search.yaml", at: "right: blue, role: |antidote", sev: err, hint: []string{"setAside: true"},
					exact: `search card "antidote" is an Antidote but not setAside: true; the Antidotes are set aside at setup (L95, L647)`},
				{file: "search.yaml", at: "right: blue, role: |antidote", sev: err, hint: []string{"6 search card copies"},
					exact: `the pack has 5 Antidote copies; Just Run has "the 6 Antidote search cards" (L95, L647)`},
			}},
		{rule: "justrun/antidote", name: "fires-antidote-in-scavenge", files: jrEdit("scavenge.yaml", "{id: whiskey, category: item, name: Whiskey, type: supply, space: 1, left: black, right: black}",
			"{id: whiskey, category: item, name: Whiskey, type: supply, space: 1, left: black, right: black, role: antidote, setAside: true}"),
			want: []want{
				{file: "game.yaml", at: "name: Cure Tokens, expected: |6", sev: err, msg: []string{"6 cure tokens (component cure-tokens) and 7 Antidote copies"}},
				{file: "scavenge.yaml", at: "right: black, role: |antidote", sev: err, hint: []string{"move it to the search deck"},
					exact: `scavenge card "whiskey" is an Antidote; the Antidotes are search cards ("Remove the 6 Antidote search cards", L95)`},
				{file: "scavenge.yaml", at: "right: black, role: |antidote", sev: err, msg: []string{"the pack has 7 Antidote copies"}},
			}},

		{rule: "justrun/scenarios", name: "quiet-five-scenarios", files: jrPack()},
		// A misspelt scenario name is a near miss: the schema names the one
		// meant, and the scenario is not reported missing too.
		{rule: "schema/invalid", name: "fires-misspelt-scenario", files: jrEdit("scenarios.yaml", "scenario: extermination,", "scenario: Extermnation,"),
			want: []want{{file: "scenarios.yaml", at: "scenario: |Extermnation", sev: err, hint: []string{`did you mean "extermination"? fix the spelling`},
				exact: `scenario must be one of get-out, extermination, memento-mori, find-the-cure, rescue-mission, not "Extermnation"`}}},
		{rule: "justrun/scenarios", name: "quiet-misspelt-scenario", files: jrEdit("scenarios.yaml", "scenario: extermination,", "scenario: Extermnation,"),
			want: []want{}},
		{rule: "justrun/scenarios", name: "fires-missing-twice-and-no-text", files: jrEdit("scenarios.yaml",
			`  - {id: rescue-mission, scenario: rescue-mission, name: Rescue Mission, cooperative: "The rescuee escapes.", competitive: "The rescuee and a seat."}`,
			`  - {id: rescue-mission, scenario: get-out, name: Get Out Again, cooperative: "The rescuee escapes."}`),
			want: []want{
				{file: "scenarios.yaml", at: "cards:\n  |- {id: get-out", sev: err, hint: []string{"scenario: rescue-mission"},
					exact: `no scenario card for rescue-mission; Just Run has 5 scenarios: get-out, extermination, memento-mori, find-the-cure and rescue-mission (L583-L701)`},
				{file: "scenarios.yaml", at: "{id: |rescue-mission, scenario: get-out", sev: err, hint: []string{"competitive:"},
					exact: `scenario card "rescue-mission" has no competitive text; every scenario can be played cooperatively or competitively (L583, L585)`},
				{file: "scenarios.yaml", at: "{id: rescue-mission, scenario: |get-out", sev: err, related: 1,
					exact: `scenario get-out is on 2 scenario cards (get-out and rescue-mission); each of the 5 scenarios is one card (L583)`},
			}},

		{rule: "justrun/memento", name: "quiet-mementos", files: jrPack()},
		{rule: "justrun/memento", name: "fires-no-memento", files: jrEdit("search.yaml", "type: memento, space: 0, left: green, right: green, role: memento", "type: other, space: 0, left: green, right: green"),
			want: []want{{file: "scenarios.yaml", at: "{id: memento-mori, scenario: |memento-mori", sev: err, hint: []string{"role: memento"},
				exact: `Memento Mori is in the pack but no card is a memento; survivors win by holding "at least one memento" (L623, L627)`}}},

		{rule: "justrun/memento-count", name: "quiet-six-mementos", files: jrPack()},
		{rule: "justrun/memento-count", name: "fires-fewer-than-players", files: jrEdit("search.yaml", "{id: locket, count: 6,", "{id: locket, count: 4,"),
			want: []want{{file: "search.yaml", at: "right: green, role: |memento", sev: warn, related: 1, hint: []string{"up to 6"},
				exact: `the pack has 4 memento copies for up to 6 players; a cooperative Memento Mori needs "every survivor" to hold one (L627)`}}},

		{rule: "justrun/scavenge-deal", name: "quiet-32-items", files: jrPack()},
		{rule: "justrun/scavenge-deal", name: "fires-29-items", files: jrEdit("scavenge.yaml", "{id: scissors, count: 8,", "{id: scissors, count: 5,"),
			want: []want{{file: "scavenge.yaml", at: "cards:\n  |- {id: baseball-bat", sev: err, hint: []string{"add 1 item card"},
				exact: `scavenge deck "scavenge" has 29 item cards; the Calm Method deals up to 30 ("5/6/7/8/10 scavenge cards to the 6/5/4/3/2 players", L210)`}}},

		{rule: "justrun/search-exits", name: "quiet-ten-not-set-aside", files: jrPack()},
		{rule: "justrun/search-exits", name: "fires-four", files: jrPack("search.yaml", edit(edit(jrSearch, "{id: locket, count: 6,", "{id: locket, count: 1,"), "{id: power-surge, count: 3,", "{id: power-surge, count: 2,")),
			want: []want{{file: "search.yaml", at: "cards:\n  |- {id: antidote", sev: err, hint: []string{"add 1 search card"},
				exact: `search deck "search" has 4 cards that are not set aside; setup places one under each of the 5 exit tiles ("Deal 5 search cards", L87)`}}},

		{rule: "justrun/dead-zombie-tokens", name: "quiet-thirty", files: jrPack()},
		{rule: "justrun/dead-zombie-tokens", name: "fires-too-few", files: jrPack(
			"game.yaml", edit(jrGame, "name: Dead Zombie Tokens, expected: 30", "name: Dead Zombie Tokens, expected: 20"),
			"tokens.yaml", edit(jrTokens, "component: dead-zombie-tokens, count: 30", "component: dead-zombie-tokens, count: 20")),
			want: []want{{file: "game.yaml", at: "name: Dead Zombie Tokens, expected: |20", sev: err, related: 1, hint: []string{"expected: to 30"},
				exact: `Extermination needs 30 dead zombie tokens (5 per survivor, "must have 5 dead zombie tokens", for 6 players, L603, L54); component dead-zombie-tokens has 20`}}},

		{rule: "justrun/supply-counts", name: "quiet-enough", files: jrPack()},
		{rule: "justrun/supply-counts", name: "fires-too-few-and-missing", files: jrPack("game.yaml", edit(edit(edit(jrGame,
			"name: Player/Zombie Dice, expected: 30", "name: Player/Zombie Dice, expected: 29"),
			"name: Player Pawns, expected: 7", "name: Player Pawns, expected: 6"),
			"  - {id: zombie-pawns, name: Zombie Pawns, expected: 25, printed: false, substitute: green cubes}\n", "")),
			want: []want{
				{file: "game.yaml", at: "|- {id: search-cards", sev: warn, hint: []string{"justRun.components.zombiePawns"},
					exact: `the manifest lists no zombie pawns (component zombie-pawns); each of the 5 exit rooms starts with up to 5 zombies ("roll a die, re-rolling 6s", L575): 25`},
				{file: "game.yaml", at: "name: Player Pawns, expected: |6", sev: warn, related: 1, hint: []string{"expected: to 7"},
					exact: `component player-pawns has 6 player pawns; 6 players need a player pawn each (L82) and Rescue Mission a rescuee piece (L683), with no separate rescuee pawn (component rescuee-pawn): 7`},
				{file: "game.yaml", at: "name: Player/Zombie Dice, expected: |29", sev: warn,
					exact: `component player-zombie-dice has 29 player dice; 6 players take "5 dice matching the color of their player piece" each (L82): 30`},
			}},

		{rule: "justrun/supply-counts", name: "fires-misspelt-component", files: jrPack("game.yaml", edit(jrGame,
			"{id: zombie-pawns, name: Zombie Pawns,", "{id: zombie-pawn, name: Zombie Pawns,")),
			want: []want{{file: "game.yaml", at: "|- {id: search-cards", sev: warn, hint: []string{`did you mean "zombie-pawn"? fix the spelling`},
				exact: `the manifest lists no zombie pawns (component zombie-pawns); each of the 5 exit rooms starts with up to 5 zombies ("roll a die, re-rolling 6s", L575): 25`}}},

		{rule: "justrun/item-range", name: "quiet-handgun-has-a-range", files: jrPack()},
		{rule: "justrun/item-range", name: "fires-no-range", files: jrEdit("search.yaml", "attack: 1, range: 2,", "attack: 1,"),
			want: []want{{file: "search.yaml", at: "name: Handgun, type: |ranged", sev: err, hint: []string{"range:"},
				exact: `search card "handgun" is a ranged weapon without a range; targets "cannot be further than the weapon's maximum range" (L460)`}}},

		{rule: "justrun/item-fields", name: "quiet-consistent-items", files: jrPack()},
		{rule: "justrun/item-fields", name: "fires-each-mismatch", files: jrPack(
			"scavenge.yaml", edit(edit(edit(jrScavenge,
				"{id: extension-cord, count: 3, category: item, name: Extension Cord, type: tool, space: 1,", "{id: extension-cord, count: 3, category: item, name: Extension Cord, type: tool, space: 1, range: 1, bash: true,"),
				"type: armor, space: 2, armor: 2,", "type: armor, space: 2,"),
				"{id: rags, count: 2, category: item, name: Rags, type: clothing, space: 1,", "{id: rags, count: 2, category: item, name: Rags, type: clothing, space: 6, armor: 1,")),
			want: []want{
				{file: "scavenge.yaml", at: "type: tool, space: 1, range: |1", sev: warn, hint: []string{"type: ranged"},
					exact: `scavenge card "extension-cord" has a range but is tool, not ranged; only ranged weapons have a maximum range (L460)`},
				{file: "scavenge.yaml", at: "range: 1, bash: |true", sev: warn, hint: []string{"melee, flail, ranged or thrown"},
					exact: `scavenge card "extension-cord" has the door icon but is tool, not a weapon; the icon adds "that weapon's bonus attack dice" to a bash (L321)`},
				{file: "scavenge.yaml", at: "type: clothing, space: |6", sev: warn, hint: []string{"space: to 5"},
					exact: `scavenge card "rags" takes 6 spaces and the inventory holds 5; it can never be carried without an item that adds space (L202)`},
				{file: "scavenge.yaml", at: "space: 6, armor: |1", sev: warn, hint: []string{"type: armor"},
					exact: `scavenge card "rags" has 1 armor life tokens but is clothing, not armor (L153, L495)`},
				{file: "scavenge.yaml", at: "{id: |cardboard-box", sev: warn, hint: []string{"armor:"},
					exact: `scavenge card "cardboard-box" is armor with 0 armor life tokens: "When an item of armor has no life tokens on it, it is broken" (L499)`},
			}},

		{rule: "justrun/colour-palette", name: "quiet-palette", files: jrPack()},
		{rule: "justrun/colour-palette", name: "quiet-default-palette", files: jrPack("game.yaml", edit(jrGame, `    - {id: green, hex: "#2a9d8f", symbol: square}`+"\n", `    - {id: green, hex: "#2a9d8f", symbol: square}`+"\n    - {id: purple, hex: \"#6a4c93\"}\n"))},
		{rule: "justrun/colour-palette", name: "fires-unknown-colour-twice-and-neutrals", files: jrPack(
			"game.yaml", edit(jrGame, `    - {id: green, hex: "#2a9d8f", symbol: square}`, `    - {id: green, hex: "#2a9d8f", symbol: square, neutral: true}`+"\n"+`    - {id: red, hex: "#ff0000"}`),
			"supplies.yaml", edit(jrSupplies, "left: blue, right: red}", "left: bleu, right: red}")),
			want: []want{
				{file: "game.yaml", at: "|- {id: black", sev: err, hint: []string{"exactly one colour neutral"},
					exact: `the border palette has 2 neutral colours (black and green); the rulebook has one, black (L167)`},
				{file: "game.yaml", at: `    - {id: |red, hex: "#ff0000"}`, sev: err, related: 1,
					exact: `border colour "red" is declared twice in justRun.colours`},
				{file: "supplies.yaml", at: "left: |bleu", sev: err, hint: []string{`did you mean "blue"? fix the spelling`},
					exact: `supplies card "duct-tape" has left border colour "bleu", which is not in the palette (justRun.colours); borders are matched by colour (L165)`},
			}},

		{rule: "justrun/colour-unpaired", name: "quiet-every-colour-pairs", files: jrPack()},
		{rule: "justrun/colour-unpaired", name: "quiet-self-pair-with-two-copies", files: jrGold(2)},
		{rule: "justrun/colour-unpaired", name: "fires-self-pair-needs-copies", files: jrGold(1),
			want: []want{
				{file: "supplies.yaml", at: "left: |gold", sev: warn, hint: []string{"right: gold"},
					exact: `supplies card "duct-tape" has left border gold, which no other card has on its right border, so it can never combine through it: players match "a card's left border color to another card's right border color" (L165)`},
				{file: "supplies.yaml", at: "left: gold, right: |gold", sev: warn, hint: []string{"left: gold"},
					msg: []string{`supplies card "duct-tape" has right border gold, which no other card has on its left border`}},
			}},
	}
}

// jrGold is jrPack with a gold colour on both borders of the duct tape,
// which has the given copies.
func jrGold(copies int) files {
	return jrPack(
		"game.yaml", edit(jrGame, `    - {id: green, hex: "#2a9d8f", symbol: square}`, `    - {id: green, hex: "#2a9d8f", symbol: square}`+"\n"+`    - {id: gold, hex: "#d4a017", symbol: star}`),
		"supplies.yaml", edit(jrSupplies, "{id: duct-tape, count: 2, category: item, name: Duct Tape, type: armor, space: 1, armor: 1, armorKind: duct-tape, left: blue, right: red}",
			fmt.Sprintf("{id: duct-tape, count: %d, category: item, name: Duct Tape, type: armor, space: 1, armor: 1, armorKind: duct-tape, left: gold, right: gold}", copies)))
}

func jrComboCases() []ruleCase {
	err, warn := validate.Error, validate.Warning
	return []ruleCase{
		{rule: "justrun/combo-arity", name: "quiet-pairs-token-and-marker", files: jrPack()},
		{rule: "justrun/combo-arity", name: "fires-shapes", files: jrEdit("combinations.yaml", "combinations:\n", `combinations:
  - {id: three, name: Three, cards: [mop, scissors, hammer], result: {type: melee, space: 2, attack: 3}}
  - {id: both, name: Both, cards: [rags], token: dead-zombie-tokens, marker: barricade-markers, result: {type: other, space: 1, attack: 0}}
  - {id: pair-plus, name: Pair Plus, cards: [mop, scissors], token: dead-zombie-tokens, result: {type: melee, space: 2, attack: 2}}
  - {id: lonely, name: Lonely, cards: [mop], result: {type: melee, space: 2, attack: 1}}
  - {id: unknowns, name: Unknowns, cards: [scisors, power-surge], result: {type: melee, space: 1, attack: 1}}
`),
			want: []want{
				{file: "combinations.yaml", at: "cards: [mop, scissors, |hammer]", sev: err, hint: []string{"combine two cards"},
					exact: `combination "three" combines 3 cards; "You cannot combine more than two cards" (L167)`},
				{file: "combinations.yaml", at: "token: dead-zombie-tokens, marker: |barricade-markers, result: {type: other", sev: err, hint: []string{"keep token: or marker:"},
					exact: `combination "both" names both a token and a marker; a card combines with one token or one marker (the Vile Disguise, L190; the Fire Barricade, L392)`},
				{file: "combinations.yaml", at: "cards: [mop, scissors], token: |dead-zombie-tokens", sev: err, hint: []string{"drop the token"},
					exact: `combination "pair-plus" combines 2 cards and a token; a combination is 2 cards, or 1 card with a token or marker (L167, L190, L392)`},
				{file: "combinations.yaml", at: "name: Lonely, cards: |[mop]", sev: err, hint: []string{"add a second card"},
					exact: `combination "lonely" has 1 card and no token or marker; a combination is 2 cards, or 1 card with a token or marker (L167, L190, L392)`},
			}},

		// A card, token or marker a combination names that the pack does
		// not have is a reference finding, not one about the count.
		{rule: "justrun/combo-card", name: "quiet-pairs-token-and-marker", files: jrPack()},
		{rule: "justrun/combo-card", name: "fires-unknown-names", files: jrEdit("combinations.yaml", "combinations:\n", `combinations:
  - {id: unknowns, name: Unknowns, cards: [scisors, power-surge], result: {type: melee, space: 1, attack: 1}}
  - {id: ghost-token, name: Ghost, cards: [rags], token: noise-tokens, result: {type: other, space: 1, attack: 0}}
  - {id: typo-token, name: Typo, cards: [rags], token: dead-zombie-token, result: {type: other, space: 1, attack: 0}}
  - {id: typo-marker, name: Typo Marker, cards: [whiskey], marker: barricade-marker, result: {type: other, space: 1, attack: 0}}
`),
			want: []want{
				{file: "combinations.yaml", at: "cards: [|scisors", sev: err, hint: []string{`did you mean "scissors"? fix the spelling`},
					exact: `combination "unknowns" names card "scisors", which is no item card of the pack's search, scavenge or supplies decks`},
				{file: "combinations.yaml", at: "cards: [scisors, |power-surge]", sev: err, hint: []string{"name an item card"},
					exact: `combination "unknowns" names "power-surge", an event card; only item cards combine (L141, L165)`},
				{file: "combinations.yaml", at: "token: |noise-tokens", sev: err, hint: []string{"component of game.yaml"},
					exact: `combination "ghost-token" combines with token "noise-tokens", which the manifest does not list as a component`},
				{file: "combinations.yaml", at: "token: |dead-zombie-token,", sev: err, hint: []string{`did you mean "dead-zombie-tokens"? fix the spelling`},
					exact: `combination "typo-token" combines with token "dead-zombie-token", which the manifest does not list as a component`},
				{file: "combinations.yaml", at: "marker: |barricade-marker,", sev: err, hint: []string{`did you mean "barricade-markers"? fix the spelling`},
					exact: `combination "typo-marker" combines with marker "barricade-marker", which the manifest does not list as a component`},
			}},

		{rule: "justrun/combo-colours", name: "quiet-matching-borders", files: jrPack()},
		{rule: "justrun/combo-colours", name: "fires-no-match", files: jrEdit("combinations.yaml", "combinations:\n", "combinations:\n  - {id: odd, name: Odd, cards: [handgun, baseball-bat], result: {type: ranged, space: 2, attack: 1}}\n"),
			want: []want{{file: "combinations.yaml", at: "name: Odd, cards: |[handgun", sev: err, hint: []string{"change a border"},
				exact: `combination "odd": the borders of handgun (left blue, right red) and baseball-bat (left green, right red) do not match; one card's left border must be the other's right (L165)`}}},

		{rule: "justrun/combo-black", name: "quiet-black-only-on-one-side", files: jrPack()},
		{rule: "justrun/combo-black", name: "fires-black-only", files: jrEdit("combinations.yaml", "combinations:\n", "combinations:\n  - {id: drunk-rags, name: Drunk Rags, cards: [rags, whiskey], result: {type: other, space: 1, attack: 0}}\n"),
			want: []want{{file: "combinations.yaml", at: "name: Drunk Rags, cards: |[rags", sev: err, hint: []string{"not neutral"},
				exact: `combination "drunk-rags" matches only through the neutral border (rags's left and whiskey's right are black); "Black is a neutral color and cannot be combined with any other cards" (L167)`}}},

		{rule: "justrun/combo-result", name: "quiet-max-space-and-summed-attack", files: jrPack()},
		{rule: "justrun/combo-result", name: "fires-wrong-space-and-attack", files: jrEdit("combinations.yaml", "cards: [baseball-bat, scissors], result: {type: melee, space: 2, attack: 1,", "cards: [baseball-bat, scissors], result: {type: melee, space: 3, attack: 2,"),
			want: []want{
				{file: "combinations.yaml", at: "cards: [baseball-bat, scissors], result: {type: melee, space: |3", sev: err, hint: []string{"space: 2"},
					exact: `combination "spiked-club" has space 3; combined items "only take up the inventory space of the largest item": 2 (baseball-bat 2, scissors 1) (L169)`},
				{file: "combinations.yaml", at: "space: 3, attack: |2", sev: err, hint: []string{"attack: 1"},
					exact: `combination "spiked-club" has attack +2; "Combined weapons also combine their attack bonuses": +1 (baseball-bat +0, scissors +1) (L170)`},
			}},

		{rule: "justrun/rulebook-items", name: "quiet-rulebook-numbers", files: jrPack()},
		{rule: "justrun/rulebook-items", name: "fires-wrong-numbers", files: jrPack(
			"search.yaml", edit(jrSearch, "name: Handgun, type: ranged, space: 1, attack: 1, range: 2,", "name: Handgun, type: thrown, space: 1, attack: 2,"),
			"combinations.yaml", edit(jrCombos, "{id: spear, name: Spear, cards: [mop, scissors], result: {type: melee, space: 2, attack: 2}}", "{id: spear, name: Spear, cards: [mop, scissors], result: {type: melee, space: 2, attack: 2}}\n  - {id: club, name: Spiked Club, cards: [mop, scissors], result: {type: melee, space: 1, attack: 2}}")),
			want: []want{
				{file: "combinations.yaml", at: "{id: club, name: Spiked Club, cards: [mop, scissors], result: {type: melee, space: |1", sev: warn, hint: []string{"space: 2"},
					exact: `combination "club" (Spiked Club) has space 1; "Combining them creates a Spiked Club that only takes up 2 spaces" (L169)`},
				{file: "search.yaml", at: "name: Handgun, type: |thrown", sev: warn, hint: []string{"type: ranged"},
					exact: `search card "handgun" (Handgun) is thrown; the Handgun makes a ranged attack (L468)`},
				{file: "search.yaml", at: "type: thrown, space: 1, attack: |2", sev: warn, hint: []string{"attack: 1"},
					exact: `search card "handgun" (Handgun) has attack 2; the Handgun gives "a total of three attack dice": 2 base and +1 (L468)`},
			}},
	}
}

func jrDiceCases() []ruleCase {
	err := validate.Error
	return []ruleCase{
		{rule: "justrun/door-die", name: "quiet-three-outcomes", files: jrPack()},
		{rule: "justrun/door-die", name: "fires-bad-face-and-missing-outcome", files: jrEdit("dice.yaml", "[unlocked, unlocked, unlocked, locked, locked, blocked]", "[unlocked, unlocked, unlocked, locked, locked, open]"),
			want: []want{
				{file: "dice.yaml", at: "faces: |[unlocked", sev: err, hint: []string{"put blocked on a face"},
					exact: `door die "door-die" has no blocked face; every outcome must be on at least one face (checking a door shows unlocked, locked or blocked, L340-L352)`},
				{file: "dice.yaml", at: "locked, locked, |open]", sev: err, hint: []string{"faces: unlocked, locked, blocked"},
					exact: `door die "door-die": face 6 is "open"; its faces are unlocked, locked or blocked (checking a door shows unlocked, locked or blocked, L340-L352)`},
			}},
		{rule: "justrun/door-die", name: "fires-die-found-by-id", files: jrEdit("dice.yaml", "{id: door-die, component: door-die, faces: [unlocked, unlocked, unlocked, locked, locked, blocked]}", "{id: door-die, faces: [unlocked, unlocked, unlocked, blocked, blocked, blocked]}"),
			want: []want{{file: "dice.yaml", at: "faces: |[unlocked", sev: err, msg: []string{`door die "door-die" has no locked face`}}}},
		{rule: "justrun/wear-tear-die", name: "quiet-ok-and-broken", files: jrPack()},
		{rule: "justrun/wear-tear-die", name: "fires-never-breaks", files: jrEdit("dice.yaml", "[ok, ok, ok, ok, ok, broken]", "[ok, ok, ok, ok, ok, brokn]"),
			want: []want{
				{file: "dice.yaml", at: "faces: |[ok", sev: err, hint: []string{"put broken on a face"},
					exact: `Wear & Tear die "wear-tear-die" has no broken face; every outcome must be on at least one face ("A failed roll means your item is damaged", L563)`},
				{file: "dice.yaml", at: "ok, ok, |brokn]", sev: err, hint: []string{`did you mean "broken"? fix the spelling`},
					exact: `Wear & Tear die "wear-tear-die": face 6 is "brokn"; its faces are ok or broken ("A failed roll means your item is damaged", L563)`},
			}},
	}
}
