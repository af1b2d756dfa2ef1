package validate_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
	rfodrules "github.com/runforge/runforge/validate/rfod"
)

// A small but complete Run, Fight, or Die! pack that validates clean: the
// 7 dice, 4
// Action boards, 6 characters, the six decks at their published counts
// with the named cards and a Town Line, the tokens, and the components that
// are not printed. rfod* edit one file of it.
const (
	rfodGame = `kind: Game
id: rfod-test
title: Run, Fight, or Die! test pack
system: run-fight-or-die
components:
  - {id: dice, name: Custom Dice, expected: 7}
  - {id: action-boards, name: Action Boards, expected: 4}
  - {id: followers, name: Follower Cards, expected: 25}
  - {id: locations, name: Location Cards, expected: 18}
  - {id: loot, name: Loot Cards, expected: 16}
  - {id: mutant-cards, name: Mutant Zombie Boss Cards, expected: 24}
  - {id: mutant-wounds, name: Mutant Boss Wound Tokens, expected: 20}
  - {id: wounds, name: Wound Tokens, expected: 25}
  - {id: walkers, name: Walker Zombies, expected: 60, printed: false, substitute: 60 small pieces}
  - {id: fleeing, name: Fleeing Cards, expected: 16}
  - {id: mutant-boss, name: Mutant Zombie Boss, expected: 1}
  - {id: rulebook, name: Rulebook, expected: 1, printed: false, substitute: not reproduced}
  - {id: events, name: Event Cards, expected: 16}
  - {id: characters, name: Player Character Boards, expected: 6}
  - {id: guide, name: Actions & Events Guide, expected: 1}
assumptions:
  - "A1: each action die carries each icon once"
rfod:
  dice: {rerolls: 2, oddsWarningBelow: 0.01}
  players: {min: 1, max: 4}
`
	rfodDice = `kind: Dice
id: dice
dice:
  - id: action
    component: dice
    role: action
    count: 5
    color: white
    faces: [bat, run, search, gun, book, zombie]
    labels: {bat: BAT, run: RUN, search: SEARCH, gun: GUN, book: BOOK}
  - id: bonus
    component: dice
    role: bonus
    color: black
    faces: [zombie, zombie, bat, gun, search, book]
    labels: {bat: BAT, search: SEARCH, gun: GUN, book: BOOK}
  - id: event
    component: dice
    role: event
    color: grey
    faces: [all-quiet, ambush, amulet, charge, nurse, zombies-rise]
`
	rfodBoards = `kind: PlayerBoards
id: action-boards
component: action-boards
boardType: rfod/action-board
boards:
  - id: action-board
    count: 4
    zones:
      - {zone: 1, icons: [bat, gun, run]}
      - {zone: 2, icons: [gun, run]}
      - {zone: 3, icons: [gun, run]}
    onYou: "They are on you!"
`
	rfodCharacters = `kind: PlayerBoards
id: characters
component: characters
boardType: rfod/character
boards:
  - id: hunter
    name: The Hunter
    life: 5
    combos:
      - {id: double-tap, dice: {zombie: 2, gun: 1}, ignores: [zombie], effect: "Kill two zombies."}
  - id: nurse
    name: The Nurse
    life: 5
    combos:
      - {id: triage, dice: {search: 2}, effect: "Heal a wound."}
  - id: brawler
    name: The Brawler
    life: 5
    rerolls: 3
    combos:
      - {id: swing, dice: {bat: 2, gun: 2}, effect: "Clear Zone 1."}
  - id: scholar
    name: The Scholar
    life: 4
    combos:
      - {id: ritual, dice: {book: 2}, effect: "Draw an Event."}
  - id: runner
    name: The Runner
    life: 5
    combos:
      - {id: sprint, dice: {run: 2}, effect: "Move two zombies back."}
  - id: leader
    name: The Leader
    life: 5
    combos:
      - {id: rally, dice: {search: 1, run: 1}, effect: "Draw a Follower."}
`
	rfodFollowers = `kind: Deck
id: followers
component: followers
cardType: rfod/follower
cards:
  - {id: unnoticed-girl, name: Unnoticed Girl, vp: 1, icons: [bonus], bonus: "Reroll one die."}
  - {id: mechanic, name: Mechanic, count: 8, vp: 1, icons: [bonus], bonus: "Repair a Loot card."}
  - {id: drunk, name: Drunk, count: 8, vp: 3, icons: [penalty], penalty: "Lose one reroll."}
  - {id: kid, name: Kid, count: 8, vp: 2, icons: [special], special: "Counts as two Followers."}
`
	rfodLocations = `kind: Deck
id: locations
component: locations
cardType: rfod/location
cards:
  - id: town-line
    name: Town Line
    text: "The way out of town."
    townLine:
      followersToEnd:
        - {players: 2, followers: 7}
        - {players: 3, followers: 9}
        - {players: 4, followers: 11}
      perPlayerOver4: 2
  - {id: playground, name: Playground, text: "The Mutant wakes.", spawnsMutant: true}
  - {id: dark-woods, name: Dark Woods, text: "Add two zombies.", icons: [event]}
  - {id: gas-station, name: Gas Station, text: "Search for Loot.", icons: [loot]}
  - {id: street, name: Street, count: 14, text: "Nothing here."}
`
	rfodLoot = `kind: Deck
id: loot
component: loot
cardType: rfod/loot
cards:
  - {id: book-of-the-dead, name: Book of the Dead, text: "Read a page.", uses: 3}
  - {id: shotgun, name: Shotgun, count: 15, text: "Kill a zombie.", uses: 2}
`
	rfodEvents = `kind: Deck
id: events
component: events
cardType: rfod/event
cards:
  - {id: flames-of-the-dead, name: Flames of the Dead, eventType: immediate, text: "Take a wound."}
  - {id: quiet-night, name: Quiet Night, eventType: ongoing, discardTrigger: "A new Event is drawn.", text: "No Hunt zombies."}
  - {id: lucky-find, name: Lucky Find, count: 7, eventType: hold, holdCondition: "Any time.", text: "Draw a Loot."}
  - {id: horde, name: Horde, count: 7, eventType: immediate, text: "Add three zombies."}
`
	rfodOther = `kind: Deck
id: fleeing
component: fleeing
cardType: rfod/fleeing
cards:
  - {id: drop-it, count: 8, text: "Discard all your Loot."}
  - {id: chased, count: 8, text: "Add zombies.", addZombies: 2}
`
	rfodMutant = `kind: Deck
id: mutant
component: mutant-cards
cardType: rfod/mutant
cards:
  - {id: roar, count: 24, text: "Every player adds a zombie."}
`
	rfodGuide = `kind: Guide
id: guide
component: guide
events:
  - {event: all-quiet, text: "Nothing happens."}
  - {event: ambush, text: "Add a zombie to Zone 1."}
  - {event: amulet, text: "Change one die."}
  - {event: charge, text: "Zombies advance."}
  - {event: nurse, text: "Heal a wound."}
  - {event: zombies-rise, text: "Add two zombies."}
actions:
  - {icon: bat, text: "Kill 2 zombies in Zone 1."}
  - {icon: run, text: "Move a zombie back."}
  - {icon: gun, text: "1 damage in any Zone."}
search:
  - {count: 1, options: [{text: "Draw a Location.", gives: [location]}]}
  - {count: 2, options: [{text: "Draw a Follower.", gives: [follower]}, {text: "Draw a Location.", gives: [location]}]}
  - {count: 3, options: [{text: "Draw 2 Followers, keep 1.", gives: [follower]}]}
  - {count: 4, options: [{text: "Draw 2 Followers, keep 1, then a Location.", gives: [follower, location]}]}
  - {count: 5, options: [{text: "Keep 2 Followers.", gives: [follower]}]}
book:
  - {count: 1, options: [{text: "Draw an Event.", gives: [event]}]}
  - {count: 2, options: [{text: "Draw a Location.", gives: [location]}, {text: "Draw a Loot.", gives: [loot]}]}
  - {count: 3, options: [{text: "Draw a Follower.", gives: [follower]}]}
  - {count: 4, options: [{text: "Heal all wounds.", gives: [heal]}]}
  - {count: 5, options: [{text: "Draw 2 Followers.", gives: [follower]}]}
`
	rfodTokens = `kind: Tokens
id: tokens
tokens:
  - {id: wound, component: wounds, count: 25, shape: round, size: 16mm}
  - {id: mutant-wound, component: mutant-wounds, count: 20, shape: round, size: 16mm, label: "1 VP"}
  - {id: mutant-boss, component: mutant-boss, count: 1, shape: round, size: 40mm}
`
)

// rfodPack is the clean RFoD pack with the given name/source pairs set.
func rfodPack(kv ...string) files {
	return files{
		"game.yaml":       rfodGame,
		"dice.yaml":       rfodDice,
		"boards.yaml":     rfodBoards,
		"characters.yaml": rfodCharacters,
		"followers.yaml":  rfodFollowers,
		"locations.yaml":  rfodLocations,
		"loot.yaml":       rfodLoot,
		"events.yaml":     rfodEvents,
		"fleeing.yaml":    rfodOther,
		"mutant.yaml":     rfodMutant,
		"tokens.yaml":     rfodTokens,
		"guide.yaml":      rfodGuide,
	}.with(kv...)
}

// rfodEdit returns rfodPack with one replacement in one file.
func rfodEdit(file, old, new string) files {
	return rfodPack(file, edit(rfodPack()[file], old, new))
}

func rfodCases() []ruleCase {
	err, warn := validate.Error, validate.Warning
	return []ruleCase{
		{rule: "rfod/dice", name: "quiet-seven-dice", files: rfodPack()},
		{rule: "rfod/dice", name: "fires-count-and-faces", files: rfodPack("dice.yaml", edit(edit(rfodDice, "count: 5", "count: 4"), "faces: [zombie, zombie, bat, gun, search, book]", "faces: [zombie, zombie, bta, gun, search, book]")),
			want: []want{
				{file: "dice.yaml", at: "count: |4", sev: err, hint: []string{"role: action (count: 5)"}, exact: "the pack has 4 action dice; the game has 5 (\"5 Action Dice\", L60-61, L93)"},
				{file: "dice.yaml", at: "faces: [zombie, zombie, |bta", sev: err, hint: []string{`did you mean "bat"? fix the spelling`}, exact: "bonus die \"bonus\": face 3 is \"bta\"; its faces are bat, run, search, gun, book or zombie (L324-392)"},
			}},
		{rule: "rfod/dice", name: "fires-role-and-missing-icon", files: rfodPack("dice.yaml", edit(edit(rfodDice, "role: event", "role: spare"), "faces: [bat, run, search, gun, book, zombie]", "faces: [bat, run, search, gun, gun, zombie]")),
			want: []want{
				{file: "dice.yaml", at: "|- id: action", sev: err, hint: []string{"role: event (count: 1)"}, exact: "the pack has 0 event dice; the game has 1 (\"1 Event Die\", L60-61)"},
				{file: "dice.yaml", at: "faces: |[bat, run, search, gun, gun, zombie]", sev: err, hint: []string{"put book on a face"}, exact: "no action die shows book; every action icon must be on some action die (L324-392, A1)"},
				{file: "dice.yaml", at: "role: |spare", sev: err, exact: "die \"event\" has role \"spare\"; RFoD dice are action, bonus or event dice (L60-61)"},
			}},

		{rule: "rfod/bonus-die", name: "quiet-two-zombies", files: rfodPack()},
		{rule: "rfod/bonus-die", name: "fires-one-zombie", files: rfodEdit("dice.yaml", "faces: [zombie, zombie, bat", "faces: [zombie, run, bat"),
			want: []want{{file: "dice.yaml", at: "faces: |[zombie, run, bat", sev: err, exact: "bonus die \"bonus\" has 1 zombie face; \"The Bonus Die has 2 Zombie Icons on it\" (L109, A2)"}}},

		{rule: "rfod/event-die", name: "quiet-six-events", files: rfodPack()},
		{rule: "rfod/event-die", name: "fires-twice-and-missing", files: rfodEdit("dice.yaml", "charge, nurse, zombies-rise", "charge, amulet, zombies-raise"),
			want: []want{
				{file: "dice.yaml", at: "faces: |[all-quiet, ambush", sev: err, exact: "event die \"event\" has no nurse face; the event die shows the six events (L284-304, A4)"},
				{file: "dice.yaml", at: "charge, |amulet, zombies", sev: err, related: 1, exact: "event die \"event\" shows \"amulet\" twice; each of the six events is on one face (L284-304, A4)"},
				{file: "dice.yaml", at: "charge, amulet, |zombies-raise", sev: err, hint: []string{`did you mean "zombies-rise"? fix the spelling`}, exact: "event die \"event\": face 6 is \"zombies-raise\", which is no event; the events are all-quiet, ambush, amulet, charge, nurse or zombies-rise (L284-304)"},
			}},

		{rule: "rfod/town-line", name: "quiet-one", files: rfodPack()},
		{rule: "rfod/town-line", name: "fires-two-copies", files: rfodEdit("locations.yaml", "  - id: town-line\n", "  - id: town-line\n    count: 2\n"),
			want: []want{{file: "locations.yaml", at: "    count: |2", sev: err, hint: []string{"count: 1"}, exact: "location \"town-line\" is the Town Line with 2 copies; the deck has exactly one (L143, L175-177, L422)"}}},

		{rule: "rfod/town-line-table", name: "quiet-rulebook-table", files: rfodPack()},
		{rule: "rfod/town-line-table", name: "fires-wrong-values", files: rfodPack("locations.yaml", edit(edit(rfodLocations, "{players: 3, followers: 9}", "{players: 3, followers: 10}\n        - {players: 1, followers: 5}"), "perPlayerOver4: 2", "perPlayerOver4: 3")),
			want: []want{
				{file: "locations.yaml", at: "{players: 3, followers: |10}", sev: err, hint: []string{"followers: 9"}, exact: "Town Line \"town-line\" ends the game at 10 followers for 3 players; the rulebook says 9 (L466-471, A9)"},
				{file: "locations.yaml", at: "{players: |1, followers: 5}", sev: err, exact: "Town Line \"town-line\" has a row for 1 player; the table starts at 2 players (L466-471)"},
				{file: "locations.yaml", at: "perPlayerOver4: |3", sev: err, exact: "Town Line \"town-line\" has perPlayerOver4: 3; the table adds 2 followers per player over 4 (L466-471)"},
			}},

		{rule: "rfod/named-cards", name: "quiet-all-named", files: rfodPack()},
		{rule: "rfod/named-cards", name: "fires-no-quiet-night", files: rfodEdit("events.yaml", "name: Quiet Night", "name: Calm Night"),
			want: []want{{file: "events.yaml", at: "|cards:\n  - {id: flames", sev: err, hint: []string{"name: Quiet Night"}, exact: "no event card is named \"Quiet Night\"; \"Quiet Night Event Card\" (L449)"}}},

		{rule: "rfod/named-cards-inferred", name: "quiet-dark-woods", files: rfodPack()},
		{rule: "rfod/named-cards-inferred", name: "fires-no-dark-woods", files: rfodEdit("locations.yaml", "name: Dark Woods", "name: Deep Woods"),
			want: []want{{file: "locations.yaml", at: "|cards:\n  - id: town-line", sev: warn, exact: "no location card is named \"Dark Woods\"; \"Stay away from the Dark Woods!\" (L420, A26)"}}},

		{rule: "rfod/mutant-spawn", name: "quiet-playground-spawns", files: rfodPack()},
		{rule: "rfod/mutant-spawn", name: "fires-no-spawn", files: rfodEdit("locations.yaml", ", spawnsMutant: true}", "}"),
			want: []want{
				{file: "locations.yaml", at: "|cards:\n  - id: town-line", sev: warn, exact: "no card has spawnsMutant: true, so the Mutant Zombie Boss never enters play and his 24 cards and 20 wound tokens are dead content (L163, L487)"},
				{file: "locations.yaml", at: "{id: |playground", sev: warn, hint: []string{"spawnsMutant: true"}, exact: "location \"playground\" (Playground) does not have spawnsMutant: true; the solo rules remove it because it brings out the Mutant (L509)"},
			}},

		{rule: "rfod/solo-deck", name: "quiet-enough-locations", files: rfodPack()},
		{rule: "rfod/solo-deck", name: "fires-too-few", files: rfodEdit("locations.yaml", "count: 14", "count: 4"),
			want: []want{{file: "locations.yaml", at: "|cards:\n  - id: town-line", sev: err, exact: "the location deck has 6 locations besides the Town Line and Playground; the VERY HARD solo deck draws 2 + 5 = 7 of them (L511, L521, L529)"}}},

		{rule: "rfod/solo-deck-mutant", name: "quiet-calm-locations", files: rfodPack()},
		{rule: "rfod/solo-deck-mutant", name: "fires-streets-spawn", files: rfodEdit("locations.yaml", "count: 14, text: \"Nothing here.\"", "count: 14, text: \"Nothing here.\", spawnsMutant: true"),
			want: []want{{file: "locations.yaml", at: "|cards:\n  - id: town-line", sev: warn, exact: "without the 14 Mutant-spawning locations, 2 locations are left besides the Town Line and Playground: too few for HARD ENOUGH (2 + 4 = 6) and VERY HARD (2 + 5 = 7) when the Mutant is out of play (L511, L521, L529)"}}},

		{rule: "rfod/loot-uses", name: "quiet-one-to-three", files: rfodPack()},
		{rule: "rfod/loot-uses", name: "fires-four", files: rfodEdit("loot.yaml", "uses: 2", "uses: 4"),
			want: []want{{file: "loot.yaml", at: "uses: |4", sev: err, exact: "loot \"shotgun\" has uses: 4; \"Loot sometimes provides 1 – 3 uses\" (L430)"}}},

		{rule: "rfod/event-type", name: "quiet-conditions", files: rfodPack()},
		{rule: "rfod/event-type", name: "fires-missing", files: rfodPack("events.yaml", edit(edit(rfodEvents, " discardTrigger: \"A new Event is drawn.\",", ""), " holdCondition: \"Any time.\",", "")),
			want: []want{
				{file: "events.yaml", at: "Quiet Night, eventType: |ongoing", sev: err, exact: "ongoing event \"quiet-night\" has no discardTrigger:; Ongoing Events remain \"until their discard trigger as stated on the card occurs\" (L426, A12)"},
				{file: "events.yaml", at: "count: 7, eventType: |hold", sev: err, exact: "hold event \"lucky-find\" has no holdCondition:; a Hold card \"remains with the player until the player uses it\" (L113)"},
			}},

		{rule: "rfod/follower-icons", name: "quiet-icons-with-text", files: rfodPack()},
		{rule: "rfod/follower-icons", name: "fires-unknown-and-no-text", files: rfodPack("followers.yaml", edit(edit(rfodFollowers, "icons: [bonus], bonus: \"Reroll", "icons: [bonus, curse], bonus: \"Reroll"), "icons: [special]", "icons: [special, penalty]")),
			want: []want{
				{file: "followers.yaml", at: "icons: [bonus, |curse]", sev: err, hint: []string{"icons: bonus, penalty or special"}, exact: "follower \"unnoticed-girl\" has the icon \"curse\"; followers have 3 possible icons: bonus, penalty and special (L406)"},
				{file: "followers.yaml", at: "icons: [special, |penalty]", sev: err, hint: []string{"add penalty:"}, exact: "follower \"kid\" shows the penalty icon but has no penalty: text to say what it does (L406)"},
			}},

		{rule: "rfod/follower-icons", name: "fires-misspelt-icon", files: rfodPack("followers.yaml", edit(rfodFollowers, "icons: [bonus], bonus: \"Reroll", "icons: [bonsu], bonus: \"Reroll")),
			want: []want{{file: "followers.yaml", at: "icons: [|bonsu]", sev: err, hint: []string{`did you mean "bonus"? fix the spelling`},
				exact: "follower \"unnoticed-girl\" has the icon \"bonsu\"; followers have 3 possible icons: bonus, penalty and special (L406)"}}},

		{rule: "rfod/follower-vp", name: "quiet-bonus-worth-less", files: rfodPack()},
		{rule: "rfod/follower-vp", name: "fires-bonus-worth-more", files: rfodEdit("followers.yaml", "count: 8, vp: 1", "count: 8, vp: 4"),
			want: []want{{file: "followers.yaml", at: "count: 8, vp: |4", sev: warn, related: 1, exact: "follower \"mechanic\" has only a bonus and is worth 4 VP, more than follower \"drunk\" with only a penalty (3 VP); followers with useful skills are worth fewer VP, those with penalties more (L15)"}}},

		{rule: "rfod/board-zones", name: "quiet-three-zones", files: rfodPack()},
		{rule: "rfod/board-zones", name: "fires-bat-and-zones", files: rfodEdit("boards.yaml", "{zone: 2, icons: [gun, run]}\n      - {zone: 3, icons: [gun, run]}", "{zone: 2, icons: [bat, knife]}\n      - {zone: 2, icons: [gun, run]}"),
			want: []want{
				{file: "boards.yaml", at: "    zones:\n      |- {zone: 1", sev: err, exact: "action board \"action-board\" has no zone 3; \"The 3 Zones represent the distance the zombies are from the player\" (L79-83)"},
				{file: "boards.yaml", at: "{zone: 2, icons: [|bat, knife]}", sev: err, exact: "action board \"action-board\" shows bat in zone 2; the Bat hits zombies in Zone 1 only (L79-83, L324)"},
				{file: "boards.yaml", at: "{zone: 2, icons: [bat, |knife]}", sev: err, hint: []string{"icons are action die faces"}, exact: "action board \"action-board\" zone 2 shows \"knife\", which is no action die face (bat, run, search, gun, book, zombie)"},
				{file: "boards.yaml", at: "{zone: |2, icons: [gun, run]}", sev: err, exact: "action board \"action-board\" has zone 2 twice or out of range; it has the 3 Zones 1, 2 and 3 (L79-83)"},
			}},
		{rule: "rfod/board-zones", name: "fires-misspelt-icon", files: rfodEdit("boards.yaml", "{zone: 2, icons: [gun, run]}", "{zone: 2, icons: [gun, rnu]}"),
			want: []want{{file: "boards.yaml", at: "{zone: 2, icons: [gun, |rnu]}", sev: err, hint: []string{`did you mean "run"? fix the spelling`},
				exact: "action board \"action-board\" zone 2 shows \"rnu\", which is no action die face (bat, run, search, gun, book, zombie)"}}},

		{rule: "rfod/combo-face", name: "quiet-action-faces", files: rfodPack()},
		{rule: "rfod/combo-face", name: "fires-unknown-face", files: rfodEdit("characters.yaml", "dice: {zombie: 2, gun: 1}, ignores: [zombie]", "dice: {zombie: 2, gunn: 1}, ignores: [zombies]"),
			want: []want{
				{file: "characters.yaml", at: "dice: {zombie: 2, |gunn: 1}", sev: err, hint: []string{`did you mean "gun"? fix the spelling`}, exact: "character \"hunter\" combo \"double-tap\" needs \"gunn\", which is no action die face (L243-244, L320)"},
				{file: "characters.yaml", at: "ignores: [|zombies]", sev: err, hint: []string{`did you mean "zombie"? fix the spelling`}, exact: "character \"hunter\" combo \"double-tap\" ignores \"zombies\", which is no action die face (L243-244, L320)"},
			}},

		{rule: "rfod/combo-face", name: "fires-ignores-a-face-not-rolled-and-twice", files: rfodEdit("characters.yaml", "dice: {zombie: 2, gun: 1}, ignores: [zombie]", "dice: {zombie: 2, gun: 1}, ignores: [book, zombie, zombie]"),
			want: []want{
				{file: "characters.yaml", at: "ignores: [|book", sev: err, hint: []string{"gun, zombie"},
					exact: `character "hunter" combo "double-tap" ignores "book", which the combo does not roll: a combo lets you ignore its own icons (L320)`},
				{file: "characters.yaml", at: "book, zombie, |zombie]", sev: err, exact: `character "hunter" combo "double-tap" ignores "zombie" twice`},
			}},

		{rule: "rfod/combo-rollable", name: "quiet-rollable", files: rfodPack()},
		{rule: "rfod/combo-rollable", name: "fires-six-dice", files: rfodEdit("characters.yaml", "dice: {bat: 2, gun: 2}", "dice: {bat: 3, gun: 3}"),
			want: []want{{file: "characters.yaml", at: "dice: |{bat: 3, gun: 3}", sev: err, exact: "character \"brawler\": combo \"swing\" {bat 3, gun 3} is impossible: P = 0 (it needs 6 dice, and 5 are rolled) (L243, L306)"}}},

		{rule: "rfod/combo-odds", name: "quiet-likely", files: rfodPack()},
		{rule: "rfod/combo-odds", name: "fires-five-search", files: rfodEdit("characters.yaml", "dice: {search: 2}", "dice: {search: 5}"),
			want: []want{{file: "characters.yaml", at: "dice: |{search: 5}", sev: warn, exact: "character \"nurse\": combo \"triage\" {search 5}: P = 2476099/459165024 ≈ 0.0054 without Fleeing, 56724425/4897760256 ≈ 0.0116 with Fleeing, below the threshold 0.01 (L243, L306)"}}},
		{rule: "rfod/combo-odds", name: "quiet-threshold-lowered", files: rfodPack("game.yaml", edit(rfodGame, "oddsWarningBelow: 0.01", "oddsWarningBelow: 0.005"),
			"characters.yaml", edit(rfodCharacters, "dice: {search: 2}", "dice: {search: 5}"))},

		{rule: "rfod/guide", name: "quiet-complete-guide", files: rfodPack()},
		{rule: "rfod/guide", name: "fires-action-that-is-no-die-face", files: rfodEdit("guide.yaml", "{icon: run, text:", "{icon: runn, text:"),
			want: []want{{file: "guide.yaml", at: "{icon: |runn", sev: validate.Error, hint: []string{`did you mean "run"? fix the spelling`},
				msg: []string{`guide "guide" explains the action "runn", which is no action die face`}}}},
		{rule: "rfod/guide", name: "fires-locations-and-gaps", files: rfodPack("guide.yaml", edit(edit(edit(rfodGuide,
			"{count: 3, options: [{text: \"Draw 2 Followers, keep 1.\", gives: [follower]}]}", "{count: 3, options: [{text: \"Draw 2 Followers, keep 1.\", gives: [follower, location]}]}"),
			"  - {count: 5, options: [{text: \"Draw 2 Followers.\", gives: [follower]}]}\n", ""),
			"  - {event: nurse, text: \"Heal a wound.\"}\n", "  - {event: medic, text: \"Heal a wound.\"}\n")),
			want: []want{
				{file: "guide.yaml", at: "events:\n  |- {event: all-quiet", sev: err, exact: "guide \"guide\" does not explain the event nurse of the event die (L284-304)"},
				{file: "guide.yaml", at: "{event: |medic", sev: err, exact: "guide \"guide\" explains \"medic\", which is no event of the event die (all-quiet, ambush, amulet, charge, nurse, zombies-rise) (L284-304)"},
				{file: "guide.yaml", at: "{count: |3, options: [{text: \"Draw 2 Followers, keep 1.\"", sev: err, hint: []string{"remove location"}, exact: "guide \"guide\": Search 3 gives a Location; a Location comes from exactly Search 1, 2 or 4, or Book 2 (L536)"},
				{file: "guide.yaml", at: "book:\n  |- {count: 1", sev: err, exact: "guide \"guide\" has no Book row for 5 icons; the guide covers 1 to 5 (L349-386, L536)"},
			}},

		// A misspelt event is one finding, not also the event missing.
		{rule: "rfod/guide", name: "fires-misspelt-event", files: rfodEdit("guide.yaml", "{event: nurse,", "{event: nurs,"),
			want: []want{{file: "guide.yaml", at: "{event: |nurs", sev: err, hint: []string{`did you mean "nurse"? fix the spelling`},
				exact: "guide \"guide\" explains \"nurs\", which is no event of the event die (all-quiet, ambush, amulet, charge, nurse, zombies-rise) (L284-304)"}}},

		{rule: "rfod/guide-gives", name: "quiet-text-names-what-it-gives", files: rfodPack()},
		{rule: "rfod/guide-gives", name: "quiet-word-forms-and-own-gives", files: rfodPack("guide.yaml", edit(edit(rfodGuide,
			"{text: \"Heal all wounds.\", gives: [heal]}", "{text: \"All your wounds are healed; gain 1 extra reroll.\", gives: [heal, extra-reroll]}"),
			"{text: \"Draw an Event.\", gives: [event]}", "{text: \"Draw 2 Events and the other player's Loot.\", gives: [event, loot]}"))},
		{rule: "rfod/guide-gives", name: "fires-gives-unnamed-and-text-unlisted", files: rfodPack("guide.yaml", edit(edit(edit(rfodGuide,
			"{text: \"Draw a Loot.\", gives: [loot]}", "{text: \"Draw a Loot.\", gives: [loot, heal]}"),
			"{text: \"Heal all wounds.\", gives: [heal]}", "{text: \"Draw 1 Event.\", gives: [heal]}"),
			"{text: \"Draw 2 Followers, keep 1.\", gives: [follower]}", "{text: \"Draw 2 Followers, keep 1, and 1 Location.\", gives: [follower, extra-reroll]}")),
			want: []want{
				{file: "guide.yaml", at: "{count: 3, options: [|{text: \"Draw 2 Followers, keep 1, and", sev: err, hint: []string{"gives: [follower, location] to match the text, or reword the text to name Extra reroll"},
					exact: "guide \"guide\": Search 3 option 1 gives extra-reroll, but its text \"Draw 2 Followers, keep 1, and 1 Location.\" says Location instead: the printed guide and the data the rules read disagree (L332-341)"},
				{file: "guide.yaml", at: "|{text: \"Draw a Loot.\", gives: [loot, heal]}", sev: err, hint: []string{"name Heal in the option's text, or remove heal from its gives:"},
					exact: "guide \"guide\": Book 2 option 2 gives heal, but its text \"Draw a Loot.\" does not say Heal: the printed guide and the data the rules read disagree (L349-386)"},
				{file: "guide.yaml", at: "{count: 4, options: [|{text: \"Draw 1 Event.\"", sev: err, hint: []string{"gives: [event] to match the text, or reword the text to name Heal"},
					exact: "guide \"guide\": Book 4 option 1 gives heal, but its text \"Draw 1 Event.\" says Event instead: the printed guide and the data the rules read disagree (L349-386)"},
			}},
		{rule: "rfod/guide-gives", name: "fires-text-unlisted", files: rfodEdit("guide.yaml", "{text: \"Draw a Follower.\", gives: [follower]}]}\n  - {count: 4, options: [{text: \"Heal", "{text: \"Draw a Follower and heal.\", gives: [follower]}]}\n  - {count: 4, options: [{text: \"Heal"),
			want: []want{{file: "guide.yaml", at: "|{text: \"Draw a Follower and heal.\"", sev: err, hint: []string{"add heal to the option's gives:, or reword the text"},
				exact: "guide \"guide\": Book 3 option 1: its text \"Draw a Follower and heal.\" says Heal, but its gives: does not list heal: the printed guide and the data the rules read disagree (L349-386)"}}},

		{rule: "rfod/mutant-wound-tokens", name: "quiet-twenty-1-vp-tokens", files: rfodPack()},
		{rule: "rfod/mutant-wound-tokens", name: "quiet-value-1-printed-on-the-back", files: rfodEdit("tokens.yaml", `size: 16mm, label: "1 VP"}`, `size: 16mm, value: 1, back: {label: "1 vp"}}`)},
		{rule: "rfod/mutant-wound-tokens", name: "quiet-not-printed", files: rfodPack(
			"game.yaml", edit(rfodGame, "name: Mutant Boss Wound Tokens, expected: 20}", "name: Mutant Boss Wound Tokens, expected: 20, printed: false, substitute: 20 coins}"),
			"tokens.yaml", edit(rfodTokens, "  - {id: mutant-wound, component: mutant-wounds, count: 20, shape: round, size: 16mm, label: \"1 VP\"}\n", ""))},
		{rule: "rfod/mutant-wound-tokens", name: "fires-worth-and-printing-2-vp", files: rfodEdit("tokens.yaml", `size: 16mm, label: "1 VP"}`, `size: 16mm, label: "2 VP", value: 2}`),
			want: []want{
				{file: "tokens.yaml", at: `label: |"2 VP"`, sev: err, hint: []string{`label: "1 VP"`},
					exact: `Mutant wound token "mutant-wound" prints "2 VP"; the Mutant Boss wound tokens are the "1 VP" tokens the players score (L207, L273, L480)`},
				{file: "tokens.yaml", at: "value: |2", sev: err, hint: []string{"value: 1"},
					exact: `Mutant wound token "mutant-wound" has value: 2; each Mutant Boss wound token is worth 1 VP: "Gain 1 Point for each Mutant Boss (1 VP) token" (L480)`},
			}},
		{rule: "rfod/mutant-wound-tokens", name: "fires-10-vp", files: rfodEdit("tokens.yaml", `size: 16mm, label: "1 VP"}`, `size: 16mm, label: "10 VP"}`),
			want: []want{{file: "tokens.yaml", at: `label: |"10 VP"`, sev: err, msg: []string{`prints "10 VP"`}}}},
		{rule: "rfod/mutant-wound-tokens", name: "fires-no-label", files: rfodEdit("tokens.yaml", `size: 16mm, label: "1 VP"}`, `size: 16mm}`),
			want: []want{{file: "tokens.yaml", at: "{id: |mutant-wound,", sev: err, msg: []string{`"mutant-wound" prints no label`}}}},
		{rule: "rfod/mutant-wound-tokens", name: "fires-manifest-expects-15", files: rfodPack(
			"game.yaml", edit(rfodGame, "name: Mutant Boss Wound Tokens, expected: 20}", "name: Mutant Boss Wound Tokens, expected: 15}"),
			"tokens.yaml", edit(rfodTokens, "component: mutant-wounds, count: 20", "component: mutant-wounds, count: 15")),
			want: []want{{file: "game.yaml", at: "Mutant Boss Wound Tokens, expected: |15}", sev: err, hint: []string{"expected: 20"},
				exact: `component "mutant-wounds" expects 15 Mutant Boss wound tokens; the game has "20 Mutant Boss Wound Tokens" (L67); the game ends when all 20 are awarded (L273)`}}},
		{rule: "rfod/mutant-wound-tokens", name: "fires-no-component-and-15-tokens", files: rfodPack(
			"game.yaml", edit(rfodGame, "  - {id: mutant-wounds, name: Mutant Boss Wound Tokens, expected: 20}\n", ""),
			"tokens.yaml", edit(rfodTokens, "component: mutant-wounds, count: 20", "component: mutant-wounds, count: 15")),
			want: []want{{file: "tokens.yaml", at: "component: mutant-wounds, count: |15", sev: err, hint: []string{"list {id: mutant-wounds, expected: 20} under components:"},
				exact: `the pack has 15 Mutant Boss wound tokens (component mutant-wounds) and its manifest lists no such component; the game has "20 Mutant Boss Wound Tokens" (L67); the game ends when all 20 are awarded (L273)`}}},

		{rule: "rfod/mutant-wound-tokens", name: "fires-near-miss-component-id", files: rfodPack(
			"game.yaml", edit(rfodGame, "{id: mutant-wounds, name: Mutant Boss Wound Tokens", "{id: mutant-wound, name: Mutant Boss Wound Tokens"),
			"tokens.yaml", edit(rfodTokens, "component: mutant-wounds, count: 20", "component: mutant-wound, count: 20")),
			want: []want{{file: "game.yaml", at: "{id: |mutant-wound, name: Mutant Boss Wound Tokens", sev: err, hint: []string{`did you mean "mutant-wounds"? fix the spelling`},
				exact: `component "mutant-wound" is not mutant-wounds, the id the rules count the Mutant Boss wound tokens by ("20 Mutant Boss Wound Tokens", L67)`}}},

		{rule: "rfod/players", name: "quiet-four-players", files: rfodPack()},
		{rule: "rfod/players", name: "fires-six-players", files: rfodEdit("game.yaml", "max: 4", "max: 6"),
			want: []want{
				{file: "game.yaml", at: "max: |6", sev: warn, exact: "the pack declares up to 6 players but has 4 Action boards, one per player (L62, L15)"},
				{file: "game.yaml", at: "max: |6", sev: warn, exact: "the pack declares up to 6 players, but rfod.mutantStartWounds has no row for 5 or 6 players: the rulebook stops at \"4 Players = 5 Wounds\" (L490, A11)"},
			}},
		{rule: "rfod/players", name: "quiet-six-players-with-rows", files: rfodPack("game.yaml", edit(edit(rfodGame, "max: 4}", "max: 6}\n  mutantStartWounds: [{players: 1, wounds: 3}, {players: 2, wounds: 3}, {players: 3, wounds: 4}, {players: 4, wounds: 5}, {players: 5, wounds: 6}, {players: 6, wounds: 7}]"), "name: Action Boards, expected: 4", "name: Action Boards, expected: 6"),
			"boards.yaml", edit(rfodBoards, "count: 4", "count: 6"))},
	}
}

// TestRFoDExplainOdds checks the odds section of --explain against the
// golden values of the dice engine's tests.
func TestRFoDExplainOdds(t *testing.T) {
	for _, tc := range []struct {
		name            string
		files           files
		character, cmb  string
		p, pFlee, label string
		// A cell of the icon-count table: row, column, exact value.
		row, column, cell string
	}{
		{"rfod", rfodPack(), "hunter", "double-tap", "6953534555/13060694016", "41740301591/78364164096", "with no Fleeing card",
			">=3 search", "2 rerolls, no Fleeing card", "1138594/4782969"},
		{"rfodr", rfodrPack(), "prom-queen", "major", "81006681733/156728328192", "", "5 zombies end the turn",
			"turn ends by zombies", "2 rerolls", "5248110340291/101559956668416"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, probs := schematest.LoadPack(tc.files.fs(), packRoot)
			if len(probs) > 0 {
				t.Fatalf("problems: %v", probs)
			}
			e := validate.Explain(p, allGames())
			var odds *rfodrules.OddsExplanation
			if e != nil {
				v, _ := e.Part("odds")
				odds, _ = v.(*rfodrules.OddsExplanation)
			}
			if odds == nil || odds.Skipped != "" {
				t.Fatalf("no odds: %+v", e)
			}
			var got *rfodrules.ComboOdds
			for i, c := range odds.Combos {
				if c.Character == tc.character && c.Combo == tc.cmb {
					got = &odds.Combos[i]
				}
			}
			if got == nil || got.P != tc.p || got.PFlee != tc.pFlee {
				t.Fatalf("combo %s/%s: %+v, want P %s, with Fleeing %q", tc.character, tc.cmb, got, tc.p, tc.pFlee)
			}
			if tb := odds.Table; tb == nil {
				t.Errorf("no icon-count table")
			} else {
				col := slices.Index(tb.Variants, tc.column)
				found := false
				for _, r := range tb.Rows {
					if r.Target == tc.row && col >= 0 && r.Cells[col].P == tc.cell {
						found = true
					}
				}
				if !found {
					t.Errorf("table lacks %s = %s under %q (columns %q)", tc.row, tc.cell, tc.column, tb.Variants)
				}
			}
			text := e.String()
			if !strings.Contains(text, "combo odds") || !strings.Contains(text, tc.p) || !strings.Contains(text, tc.label) {
				t.Errorf("text lacks the combo:\n%s", text)
			}
			b, err := json.Marshal(e)
			if err != nil || !strings.Contains(string(b), `"odds":`) || !strings.Contains(string(b), tc.p) {
				t.Errorf("json %s, %v", b, err)
			}
		})
	}
	if x := rfodrules.Odds().Explain(nil); x != nil {
		t.Errorf("nil pack: %+v", x)
	}
}

// A content file that fails to load does not make the rules about the pack
// as a whole (named cards, dice counts) report what may be in that file:
// its loader error is the finding.
func TestWholePackRulesWaitForTheLoader(t *testing.T) {
	for _, c := range []struct {
		name  string
		files files
	}{
		{"typo in the events", rfodEdit("events.yaml", "name: Quiet Night,", "name: Quiet Night, colour: red,")},
		{"a die with five faces", rfodEdit("dice.yaml", "faces: [bat, run, search, gun, book, zombie]", "faces: [bat, run, search, gun, book]")},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := check(t, c.files, validate.Options{})
			if len(got) == 0 {
				t.Fatal("no diagnostic")
			}
			for _, d := range got {
				if d.Rule != "schema/invalid" {
					t.Errorf("besides the loader error: %s %s", d.Rule, d.Message)
				}
			}
		})
	}
}

// TestRFoDMutantWoundCountOnce: when the Mutant wound tokens disagree with
// the manifest, deck/count reports it and rfod/mutant-wound-tokens, which
// checks the manifest against the rulebook, does not report it again.
func TestRFoDMutantWoundCountOnce(t *testing.T) {
	for _, tc := range []struct{ name, expected, count string }{
		{"too-few-tokens", "20", "15"},
		{"manifest-expects-15", "15", "20"},
		{"both-off", "15", "18"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := rfodPack(
				"game.yaml", edit(rfodGame, "name: Mutant Boss Wound Tokens, expected: 20}", "name: Mutant Boss Wound Tokens, expected: "+tc.expected+"}"),
				"tokens.yaml", edit(rfodTokens, "component: mutant-wounds, count: 20", "component: mutant-wounds, count: "+tc.count))
			got := check(t, f, validate.Options{})
			if len(ofRule(got, "deck/count")) != 1 || len(got) != 1 {
				t.Fatalf("want the one deck/count finding, got:\n%s", dump(got))
			}
		})
	}
}

// A misspelt die face is one finding, the game's face rule with its
// did-you-mean: not also a missing icon, a label that no longer matches, a
// face printed as a word or combos that cannot be rolled.
func TestMisspeltDieFaceIsOneFinding(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files files
		rule  string
		at    string
	}{
		{"rfod action face (labelled, used by combos)", rfodEdit("dice.yaml", "faces: [bat, run, search, gun, book, zombie]", "faces: [bat, run, serch, gun, book, zombie]"),
			"rfod/dice", "faces: [bat, run, |serch"},
		{"rfod bonus face", rfodEdit("dice.yaml", "faces: [zombie, zombie, bat, gun, search, book]", "faces: [zombie, zombie, bat, gun, search, bok]"),
			"rfod/dice", "search, |bok"},
		{"rfod bonus zombie face", rfodEdit("dice.yaml", "faces: [zombie, zombie, bat, gun, search, book]", "faces: [zombi, zombie, bat, gun, search, book]"),
			"rfod/dice", "faces: [|zombi,"},
		{"rfod event face", rfodEdit("dice.yaml", "faces: [all-quiet, ambush, amulet,", "faces: [all-quiet, ambush, amulett,"),
			"rfod/event-die", "ambush, |amulett"},
		{"reloaded action face", rfodrEdit("dice.yaml", "faces: [bat, gun, run, search, explore, zombie]", "faces: [bat, gun, run, search, explor, zombie]"),
			"rfodr/dice", "search, |explor"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := check(t, tc.files, validate.Options{})
			if len(got) != 1 || got[0].Rule != tc.rule {
				t.Fatalf("want one %s finding, got:\n%s", tc.rule, dump(got))
			}
			if want := posOf(t, tc.files, "dice.yaml", tc.at); got[0].Pos.Line != want.Line || got[0].Pos.Col != want.Col {
				t.Errorf("finding at %d:%d, want %d:%d", got[0].Pos.Line, got[0].Pos.Col, want.Line, want.Col)
			}
		})
	}
}
