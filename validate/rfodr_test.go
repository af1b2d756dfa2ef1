package validate_test

import (
	"slices"
	"testing"

	"github.com/runforge/runforge/validate"
)

// A small but complete Run, Fight, or Die: Reloaded pack that validates
// clean: the 6
// dice, 4 Zombie boards, 5 characters with the three named ones, the five
// decks at their published counts with the named locations, a Town Line
// and one Solo Reference card, a promo follower that the counts leave out,
// and the valued tokens. rfodr* edit one file of it.
const (
	rfodrGame = `kind: Game
id: rfodr-test
title: Run, Fight, or Die Reloaded test pack
system: run-fight-or-die-reloaded
components:
  - {id: dice, name: Custom Action Dice, expected: 6}
  - {id: zombie-minis, name: Zombie Minis, expected: 70, printed: false, substitute: 70 small pieces}
  - {id: zombie-boards, name: Zombie Boards, expected: 4}
  - {id: characters, name: Character Boards, expected: 5}
  - {id: locations, name: Location Cards, expected: 18}
  - {id: followers, name: Follower Cards, expected: 30}
  - {id: references, name: Reference Cards, expected: 7}
  - {id: loot, name: Loot Cards, expected: 22}
  - {id: mutant-cards, name: Mutant Zombie Cards, expected: 23}
  - {id: mutant-tile, name: Mutant Zombie Tile, expected: 1}
  - {id: wounds, name: Wound Tokens, expected: 60}
  - {id: zombie-tokens, name: Zombie Tokens, expected: 30}
  - {id: leadership-tokens, name: Leadership Tokens, expected: 24}
assumptions:
  - "A13: each die shows bat, gun, run, search, explore, zombie"
rfod:
  dice: {rerolls: 2, setAsideIsPermanent: false, oddsWarningBelow: 0.01}
`
	rfodrDice = `kind: Dice
id: dice
dice:
  - id: action
    component: dice
    role: action
    count: 6
    faces: [bat, gun, run, search, explore, zombie]
    labels: {bat: BAT, gun: GUN, run: RUN, search: SEARCH, explore: EXPLORE}
`
	// rfodrTwoKinds is 6 action dice of two kinds: 3 of A13's and 3 with
	// bat twice and no zombie.
	rfodrTwoKinds = `kind: Dice
id: dice
dice:
  - id: action
    component: dice
    role: action
    count: 3
    faces: [bat, gun, run, search, explore, zombie]
    labels: {bat: BAT, gun: GUN, run: RUN, search: SEARCH, explore: EXPLORE}
  - id: action-b
    component: dice
    role: action
    count: 3
    faces: [bat, gun, run, search, explore, bat]
    labels: {bat: BAT, gun: GUN, run: RUN, search: SEARCH, explore: EXPLORE}
`
	rfodrBoards = `kind: PlayerBoards
id: zombie-boards
component: zombie-boards
boardType: rfodr/zombie-board
boards:
  - id: zombie-board
    count: 4
    zones:
      - {zone: 1, text: "Zone 1"}
      - {zone: 2, text: "Zone 2"}
      - {zone: 3, text: "Zone 3"}
`
	rfodrCharacters = `kind: PlayerBoards
id: characters
component: characters
boardType: rfodr/character
boards:
  - id: prom-queen
    name: The Prom Queen
    woundSpaces: 5
    combos:
      minor: {dice: {zombie: 1, search: 1}, effect: "Draw a Loot."}
      major: {dice: {zombie: 2, search: 1, explore: 1}, effect: "Draw two Followers and keep one."}
      super: {dice: {zombie: 3, gun: 1}, effect: "Kill all zombies in Zone 1."}
  - id: coach
    name: The Coach
    woundSpaces: 5
    combos:
      minor: {dice: {zombie: 1, run: 1}, effect: "Move a zombie back."}
      major: {dice: {zombie: 2, bat: 1}, effect: "Kill two zombies."}
      super: {dice: {zombie: 3, bat: 1}, effect: "Kill three zombies."}
  - id: ex-cop
    name: The Ex-Cop
    woundSpaces: 5
    combos:
      minor: {dice: {zombie: 1, gun: 1}, effect: "Kill a zombie."}
      major: {dice: {zombie: 2, gun: 1}, effect: "Kill two zombies."}
      super: {dice: {zombie: 3, gun: 2}, effect: "Kill four zombies."}
  - id: janitor
    name: The Janitor
    woundSpaces: 5
    combos:
      minor: {dice: {zombie: 1, explore: 1}, effect: "Peek at a Location."}
      major: {dice: {zombie: 2, explore: 1}, effect: "Swap a Location."}
      super: {dice: {zombie: 3, explore: 1}, effect: "Skip the Mutant phase."}
  - id: nerd
    name: The Nerd
    woundSpaces: 5
    combos:
      minor: {dice: {zombie: 1, search: 1}, effect: "Draw a Loot."}
      major: {dice: {zombie: 2, search: 2}, effect: "Draw two Loot."}
      super: {dice: {zombie: 3, search: 2}, effect: "Draw a Follower and a Loot."}
`
	rfodrLocations = `kind: Deck
id: locations
component: locations
cardType: rfodr/location
cards:
  - {id: town-line, name: Town Line, townLine: true, set: base}
  - {id: parking-lot, name: Parking Lot, bad: "Add a zombie.", good: "Draw a Loot.", set: base}
  - {id: church, name: Church, bad: "Take a wound.", good: "Heal a wound.", set: base}
  - {id: back-road, name: Back Road, bad: "Add two zombies.", good: "Move a zombie back.", set: base}
  - {id: movie-theater, name: Movie Theater, bad: "Awaken Mutant Zombie.", good: "Draw a Follower.", awakensMutant: true, set: base}
  - {id: playground, name: Playground, bad: "Awaken Mutant Zombie.", good: "Draw a Leadership token.", awakensMutant: true, set: base}
  - {id: street, name: Street, count: 12, bad: "Add a zombie.", good: "Draw a Loot.", set: base}
`
	rfodrFollowers = `kind: Deck
id: followers
component: followers
cardType: rfodr/follower
cards:
  - {id: cheerleader, name: Cheerleader, count: 15, leadership: 2, woundSpaces: 1, positive: "Reroll one die.", set: base}
  - {id: trucker, name: Trucker, count: 15, leadership: 3, woundSpaces: 2, negative: "Lose a Loot.", onDeath: "Add a zombie.", set: base}
  - {id: mascot, name: Mascot, leadership: 1, woundSpaces: 1, positive: "Draw a Loot.", set: promo}
`
	rfodrOther = `kind: Deck
id: references
component: references
cardType: rfodr/reference
cards:
  - {id: player-reference, count: 6, audience: player, text: "Action, Mutant, Advance Zombies."}
  - {id: solo-reference, audience: solo, text: "Solo turn order."}
`
	rfodrLoot = `kind: Deck
id: loot
component: loot
cardType: rfodr/loot
cards:
  - {id: crowbar, name: Crowbar, count: 22, text: "Kill a zombie.", set: base}
`
	rfodrMutant = `kind: Deck
id: mutant
component: mutant-cards
cardType: rfodr/mutant
cards:
  - {id: stomp, count: 23, text: "Add a zombie to every Zone 3.", set: base}
`
	rfodrTokens = `kind: Tokens
id: tokens
tokens:
  - {id: wound, component: wounds, count: 60, shape: round, size: 16mm}
  - {id: mutant-tile, component: mutant-tile, count: 1, shape: square, size: 40mm}
  - {id: zombie-token-1, component: zombie-tokens, count: 20, shape: round, size: 20mm, value: 1, back: {label: "1 LP"}}
  - {id: zombie-token-2, component: zombie-tokens, count: 10, shape: round, size: 20mm, value: 2, back: {label: "2 LP"}}
  - {id: leadership-1, component: leadership-tokens, count: 12, shape: round, size: 20mm, value: 1, back: {label: "1 LP"}}
  - {id: leadership-2, component: leadership-tokens, count: 12, shape: round, size: 20mm, value: 2, back: {label: "2 LP"}}
`
)

// rfodrPack is the clean Reloaded pack with the given name/source pairs
// set.
func rfodrPack(kv ...string) files {
	return files{
		"game.yaml":       rfodrGame,
		"dice.yaml":       rfodrDice,
		"boards.yaml":     rfodrBoards,
		"characters.yaml": rfodrCharacters,
		"locations.yaml":  rfodrLocations,
		"followers.yaml":  rfodrFollowers,
		"references.yaml": rfodrOther,
		"loot.yaml":       rfodrLoot,
		"mutant.yaml":     rfodrMutant,
		"tokens.yaml":     rfodrTokens,
	}.with(kv...)
}

// rfodrEdit returns rfodrPack with one replacement in one file.
func rfodrEdit(file, old, new string) files {
	return rfodrPack(file, edit(rfodrPack()[file], old, new))
}

func rfodrCases() []ruleCase {
	err, warn := validate.Error, validate.Warning
	return append(rfodrCampaignCases(), []ruleCase{
		{rule: "rfodr/dice", name: "quiet-six-dice", files: rfodrPack()},
		{rule: "rfodr/dice", name: "fires-count-face-role", files: rfodrPack("dice.yaml", edit(edit(rfodrDice, "count: 6", "count: 5"), "explore, zombie]", "shotgun, zombie]")+
			"  - {id: bonus, role: bonus, faces: [bat, gun, run, search, explore, zombie], labels: {bat: BAT, gun: GUN, run: RUN, search: SEARCH, explore: EXPLORE}}\n"),
			want: []want{
				{file: "dice.yaml", at: "count: |5", sev: err, hint: []string{"role: action (count: 6)"}, exact: "the pack has 5 action dice; the game has 6 (\"6 Custom Action Dice\", L28, L120)"},
				{file: "dice.yaml", at: "faces: |[bat, gun, run, search, shotgun", sev: err, hint: []string{"put explore on a face"}, exact: "no action die shows explore; every result must be on some action die (L131-196, A13)"},
				{file: "dice.yaml", at: "search, |shotgun", sev: err, exact: "action die \"action\": face 5 is \"shotgun\"; its faces are bat, gun, run, search, explore or zombie (L131-196)"},
				{file: "dice.yaml", at: "role: |bonus", sev: err, exact: "die \"bonus\" has role \"bonus\"; Reloaded has only its 6 action dice (L28)"},
			}},

		// Two kinds of dice: their odds are cheap when saved dice may be
		// picked up again, too costly to compute exactly when they are set
		// aside (A14).
		{rule: "rfodr/dice", name: "quiet-two-kinds-repick", files: rfodrPack("dice.yaml", rfodrTwoKinds)},
		{rule: "rfodr/dice", name: "fires-two-kinds-set-aside", files: rfodrPack("dice.yaml", rfodrTwoKinds, "game.yaml", edit(rfodrGame, "setAsideIsPermanent: false", "setAsideIsPermanent: true")),
			want: []want{
				{file: "dice.yaml", at: "faces: |[bat, gun, run, search, explore, zombie]", sev: err, hint: []string{"give the action dice the same faces"}, related: 1,
					exact: "the exact odds of the action dice are too costly to compute: 6 dice of 2 kinds with 2 rerolls make more than 1,500,000 moves to weigh (the engine's bound); the combos' odds are not checked and the odds card (1 to 3 rerolls) is left out"},
			}},

		{rule: "rfodr/location-deck", name: "quiet-town-line-and-17", files: rfodrPack()},
		{rule: "rfodr/location-deck", name: "fires-no-town-line-and-too-few", files: rfodrPack("locations.yaml", edit(edit(rfodrLocations, "townLine: true, set: base", "bad: \"Nothing.\", good: \"Nothing.\", set: promo"), "count: 12", "count: 11")),
			want: []want{
				{file: "locations.yaml", at: "|cards:\n  - {id: town-line", sev: err, exact: "no location is the Town Line (townLine: true); the set-up shuffles it into the bottom of the deck (L96-97)"},
				{file: "locations.yaml", at: "|cards:\n  - {id: town-line", sev: err, exact: "the location deck has 16 base locations besides the Town Line; a 4-player game uses 5 + 3 x 4 = 17 (L96-97)"},
			}},
		{rule: "rfodr/location-deck", name: "fires-two-town-lines", files: rfodrPack("locations.yaml", rfodrLocations+"  - {id: town-line-promo, name: Town Line, townLine: true, set: promo}\n"),
			want: []want{{file: "locations.yaml", at: "name: Town Line, townLine: |true, set: promo", sev: err, related: 1, exact: "location \"town-line-promo\" is a Town Line too: 2 Town Line copies; the deck has exactly one (L96-97)"}}},

		{rule: "rfodr/location-effects", name: "quiet-both-effects", files: rfodrPack()},
		{rule: "rfodr/location-effects", name: "fires-no-good", files: rfodrEdit("locations.yaml", ", good: \"Heal a wound.\"", ""),
			want: []want{{file: "locations.yaml", at: "{id: |church", sev: err, exact: "location \"church\" has no good: effect; Explore 1 runs the bad effect only, 3 or more the good effect only (L188-190)"}}},

		{rule: "rfodr/zombie-tokens", name: "fires-near-miss-component", files: rfodrPack(
			"game.yaml", edit(rfodrGame, "{id: zombie-tokens, name: Zombie Tokens", "{id: zombie-token, name: Zombie Tokens"),
			"tokens.yaml", edit(edit(rfodrTokens, "zombie-token-1, component: zombie-tokens,", "zombie-token-1, component: zombie-token,"), "zombie-token-2, component: zombie-tokens,", "zombie-token-2, component: zombie-token,")),
			want: []want{{file: "tokens.yaml", at: "{id: zombie-token-1, component: |zombie-token,", sev: err, hint: []string{`did you mean "zombie-tokens"? fix the spelling`},
				msg: []string{"the pack has 0 zombie tokens (component zombie-tokens)"}}}},
		{rule: "rfodr/zombie-tokens", name: "quiet-thirty-with-values", files: rfodrPack()},
		{rule: "rfodr/zombie-tokens", name: "fires-too-few-and-no-value", files: rfodrPack("tokens.yaml", edit(edit(rfodrTokens, "count: 20, shape: round, size: 20mm, value: 1", "count: 5, shape: round, size: 20mm, value: 1"), "count: 10, shape: round, size: 20mm, value: 2", "count: 10, shape: round, size: 20mm")),
			want: []want{
				{file: "tokens.yaml", at: "{id: zombie-token-1, component: zombie-tokens, count: |5", sev: err, exact: "the pack has 15 zombie tokens (component zombie-tokens); the set-up places \"five per player\", 20 for 4 players (L98)"},
				{file: "tokens.yaml", at: "{id: |zombie-token-2", sev: err, exact: "zombie token \"zombie-token-2\" has no value:; its back shows the points it scores (\"the Leadership value shown on the back of each Leadership token and Zombie token\", L305)"},
			}},

		{rule: "rfodr/zombie-tokens", name: "fires-value-with-no-back", files: rfodrEdit("tokens.yaml", `value: 2, back: {label: "2 LP"}}
  - {id: leadership-1`, `value: 2}
  - {id: leadership-1`),
			want: []want{{file: "tokens.yaml", at: "size: 20mm, value: |2}", sev: err, hint: []string{`{label: "2 LP"}`},
				exact: `zombie token "zombie-token-2" is worth 2 but has no back, so its value prints nowhere ("the Leadership value shown on the back of each Leadership token and Zombie token", L305)`}}},
		{rule: "rfodr/zombie-tokens", name: "fires-back-showing-another-value", files: rfodrEdit("tokens.yaml", `value: 2, back: {label: "2 LP"}}
  - {id: leadership-1`, `value: 2, back: {label: "3 LP"}}
  - {id: leadership-1`),
			want: []want{{file: "tokens.yaml", at: `value: 2, back: |{label: "3 LP"}`, sev: err,
				exact: `zombie token "zombie-token-2" is worth 2, but its back prints "3 LP" ("the Leadership value shown on the back of each Leadership token and Zombie token", L305)`}}},
		{rule: "rfodr/leadership-tokens", name: "quiet-values", files: rfodrPack()},
		{rule: "rfodr/leadership-tokens", name: "fires-no-value", files: rfodrEdit("tokens.yaml", "count: 12, shape: round, size: 20mm, value: 1", "count: 12, shape: round, size: 20mm"),
			want: []want{{file: "tokens.yaml", at: "{id: |leadership-1", sev: err, exact: "leadership token \"leadership-1\" has no value:; its back shows the points it scores (\"the Leadership value shown on the back of each Leadership token\", L305)"}}},

		{rule: "rfodr/characters", name: "quiet-three-combos", files: rfodrPack()},
		{rule: "rfodr/characters", name: "fires-no-super-and-wounds", files: rfodrPack("characters.yaml", edit(edit(rfodrCharacters, "      super: {dice: {zombie: 3, bat: 1}, effect: \"Kill three zombies.\"}\n", ""), "name: The Ex-Cop\n    woundSpaces: 5", "name: The Ex-Cop\n    woundSpaces: 4")),
			want: []want{
				{file: "characters.yaml", at: "name: The Coach\n    woundSpaces: 5\n    combos:\n      |minor", sev: err, hint: []string{"add super under combos:"}, exact: "character \"coach\" has no super combo; \"Each Character has three special powers … a minor combo, a major combo, and a super combo\" (L206)"},
				{file: "characters.yaml", at: "name: The Ex-Cop\n    woundSpaces: |4", sev: err, exact: "character \"ex-cop\" has 4 wound spaces; a character dies at \"the fifth and final wound\" (L531, A24)"},
			}},

		{rule: "rfodr/combo-rollable", name: "quiet-rollable", files: rfodrPack()},
		{rule: "rfodr/combo-rollable", name: "fires-five-zombies-and-face", files: rfodrPack("characters.yaml", edit(edit(rfodrCharacters, "super: {dice: {zombie: 3, gun: 2}", "super: {dice: {zombie: 5, gun: 1}"), "major: {dice: {zombie: 2, explore: 1}", "major: {dice: {zombie: 2, exlpore: 1}")),
			want: []want{
				{file: "characters.yaml", at: "super: {dice: |{zombie: 5, gun: 1}", sev: err, exact: "character \"ex-cop\": combo \"super\" {gun 1, zombie 5} is impossible: P = 0 (it needs 5 zombies, and 5 zombies end the turn) (L120, L202)"},
				{file: "characters.yaml", at: "major: {dice: {zombie: 2, |exlpore: 1}", sev: err, hint: []string{`did you mean "explore"? fix the spelling`}, exact: "character \"janitor\" combo \"major\" needs \"exlpore\", which is no action die face (L131-196)"},
			}},

		{rule: "rfodr/combo-odds", name: "quiet-likely", files: rfodrPack()},
		{rule: "rfodr/combo-odds", name: "fires-below-threshold", files: rfodrPack("game.yaml", edit(rfodrGame, "oddsWarningBelow: 0.01", "oddsWarningBelow: 0.05"),
			"characters.yaml", edit(rfodrCharacters, "super: {dice: {zombie: 3, gun: 2}", "super: {dice: {zombie: 4, gun: 1, bat: 1}")),
			want: []want{{file: "characters.yaml", at: "super: {dice: |{zombie: 4, gun: 1, bat: 1}", sev: warn, exact: "character \"ex-cop\": combo \"super\" {bat 1, gun 1, zombie 4}: P = 697621251055/16926659444736 ≈ 0.0412, below the threshold 0.05 (L120, L202)"}}},

		{rule: "rfodr/combo-shape", name: "quiet-zombies-rise", files: rfodrPack()},
		{rule: "rfodr/combo-shape", name: "fires-shapes", files: rfodrPack("characters.yaml", edit(edit(rfodrCharacters,
			"major: {dice: {zombie: 2, search: 1, explore: 1}", "major: {dice: {zombie: 2, search: 1, run: 1}"),
			"minor: {dice: {zombie: 1, run: 1}, effect: \"Move a zombie back.\"}\n      major: {dice: {zombie: 2, bat: 1}", "minor: {dice: {run: 1}, effect: \"Move a zombie back.\"}\n      major: {dice: {zombie: 4, bat: 1}")),
			want: []want{
				{file: "characters.yaml", at: "major: {dice: |{zombie: 2, search: 1, run: 1}", sev: warn, hint: []string{"dice: {zombie: 2, search: 1, explore: 1}"}, exact: "character \"prom-queen\" (The Prom Queen) has the major combo {run 1, search 1, zombie 2}; the rulebook's is \"two Zombies, one Search, and one Explore\" (L226)"},
				{file: "characters.yaml", at: "minor: {dice: |{run: 1}", sev: warn, exact: "character \"coach\" minor combo has no zombie; combos \"turn the normally detrimental Zombie results … into powerful positive effects\" (L206, A17)"},
				{file: "characters.yaml", at: "super: {dice: |{zombie: 3, bat: 1}", sev: warn, exact: "character \"coach\" super combo needs 3 zombies, fewer than its major combo (4); zombies should not fall from minor to major to super (L206, A17)"},
			}},

		{rule: "rfodr/combo-shape", name: "fires-one-zombie-fewer-and-none", files: rfodrPack("characters.yaml", edit(edit(rfodrCharacters,
			"super: {dice: {zombie: 3, gun: 2}", "super: {dice: {zombie: 1, gun: 2}"),
			"major: {dice: {zombie: 2, explore: 1}", "major: {dice: {explore: 1}")),
			want: []want{
				{file: "characters.yaml", at: "super: {dice: |{zombie: 1, gun: 2}", sev: warn, exact: "character \"ex-cop\" super combo needs 1 zombie, fewer than its major combo (2); zombies should not fall from minor to major to super (L206, A17)"},
				{file: "characters.yaml", at: "major: {dice: |{explore: 1}", sev: warn, exact: "character \"janitor\" major combo has no zombie; combos \"turn the normally detrimental Zombie results … into powerful positive effects\" (L206, A17)"},
			}},

		{rule: "rfodr/named", name: "quiet-all-named", files: rfodrPack()},
		{rule: "rfodr/named", name: "quiet-renamed-town-line", files: rfodrEdit("locations.yaml", "name: Town Line,", "name: City Limits,")},
		{rule: "rfodr/named", name: "fires-missing", files: rfodrPack(
			"locations.yaml", edit(rfodrLocations, "name: Church,", "name: Chapel,"),
			"characters.yaml", edit(rfodrCharacters, "name: The Coach", "name: The Trainer"),
			"references.yaml", edit(rfodrOther, "{id: solo-reference, audience: solo", "{id: solo-reference, count: 2, audience: solo")),
			want: []want{
				{file: "characters.yaml", at: "boards:\n  |- id: prom-queen", sev: err, exact: "no character is named \"The Coach\"; the rulebook names The Prom Queen, The Coach and The Ex-Cop (L226, L312-316)"},
				{file: "locations.yaml", at: "|cards:\n  - {id: town-line", sev: err, hint: []string{"name: Church"}, exact: "no location card is named \"Church\"; the Solo Campaign removes it from the Location deck (L429)"},
				{file: "references.yaml", at: "count: 2, audience: |solo", sev: err, exact: "the reference deck has 2 Solo Reference copies; there is exactly one (L346, A25)"},
			}},

		// A near miss is a misspelling, not a missing card: adding a card
		// would give the deck one too many.
		{rule: "rfodr/named", name: "fires-misspelt-british-and-typo", files: rfodrPack(
			"locations.yaml", edit(rfodrLocations, "name: Movie Theater,", "name: Movie Theatre,"),
			"characters.yaml", edit(rfodrCharacters, "name: The Coach", "name: The Coahc")),
			want: []want{
				{file: "characters.yaml", at: "name: |The Coahc", sev: err, hint: []string{`did you mean "The Coach"? fix the spelling`},
					exact: "no character is named \"The Coach\"; the rulebook names The Prom Queen, The Coach and The Ex-Cop (L226, L312-316); character \"coach\" is named \"The Coahc\""},
				{file: "locations.yaml", at: "name: |Movie Theatre,", sev: err, hint: []string{`did you mean "Movie Theater"? fix the spelling of its name`},
					exact: "no location card is named \"Movie Theater\"; the Solo Campaign removes it from the Location deck (L429); card \"movie-theater\" is named \"Movie Theatre\""},
			}},

		{rule: "rfodr/follower-wounds", name: "quiet-wound-spaces", files: rfodrPack()},
		{rule: "rfodr/follower-wounds", name: "fires-zero", files: rfodrEdit("followers.yaml", "leadership: 2, woundSpaces: 1", "leadership: 2, woundSpaces: 0"),
			want: []want{{file: "followers.yaml", at: "leadership: 2, woundSpaces: |0", sev: err, exact: "follower \"cheerleader\" has 0 wound spaces; wounds go on the spaces \"on the bottom of their card\" and it dies when they are full (L162, L284)"}}},

		{rule: "rfodr/set-mark", name: "quiet-base-and-promo", files: rfodrPack()},
		{rule: "rfodr/set-mark", name: "fires-unknown-set", files: rfodrEdit("followers.yaml", "set: promo", "set: promotional"),
			want: []want{{file: "followers.yaml", at: "set: |promotional", sev: err, hint: []string{"set: base, promo or expansion"}, exact: "card \"mascot\" has set: \"promotional\"; the set is base, promo or expansion (L429), and only base cards count towards the components"}}},
		{rule: "rfodr/set-mark", name: "fires-misspelt-set", files: rfodrEdit("followers.yaml", "set: promo", "set: Promo"),
			want: []want{{file: "followers.yaml", at: "set: |Promo", sev: err, hint: []string{`did you mean "promo"? fix the spelling`}, exact: "card \"mascot\" has set: \"Promo\"; the set is base, promo or expansion (L429), and only base cards count towards the components"}}},
		{rule: "deck/count", name: "fires-promo-does-not-count", files: rfodrEdit("followers.yaml", "{id: cheerleader, name: Cheerleader, count: 15", "{id: cheerleader, name: Cheerleader, count: 14"),
			want: []want{{file: "game.yaml", at: "{id: followers, name: Follower Cards, expected: |30}", sev: err, related: 1, exact: "component \"followers\" expects 30 copies but the pack has 29 (29 in pack/followers.yaml)"}}},
	}...)
}

// The Solo Campaign's content, added to the clean Reloaded
// pack: 15 Trauma, 15 Action (3 starting, every number shared), 4
// Upgrade, the Experience and Supply Cache cards, the two mats and the
// Player token.
const (
	rfodrCampaignComponents = `  - {id: trauma, name: Trauma Cards, expected: 15}
  - {id: actions, name: Action Cards, expected: 15}
  - {id: upgrades, name: Upgrade Cards, expected: 4}
  - {id: experience, name: Experience Card, expected: 1}
  - {id: supply-cache, name: Supply Cache Card, expected: 1}
  - {id: location-mats, name: Double-sided Location Mats, expected: 2}
  - {id: player-token, name: Player Token, expected: 1}
`
	rfodrCampaign = `kind: Deck
id: trauma
component: trauma
cardType: rfodr/trauma
cards:
  - {id: fear, name: Fear, count: 5, effect: "Reroll one fewer die.", requires: [{visit: street}]}
  - {id: grief, name: Grief, count: 5, effect: "Draw one fewer Loot.", requires: [{meet: cheerleader}]}
  - {id: guilt, name: Guilt, count: 5, effect: "Take a wound.", requires: [{visit: street}, {meet: trucker}]}
`
	rfodrActions = `kind: Deck
id: actions
component: actions
cardType: rfodr/action
cards:
  - {id: a1, number: 1, starting: true, timing: anytime, action: "Search twice.", outcome: "Draw a Loot.", outcomeKind: reward, unresolved: "Take a wound."}
  - {id: a1b, number: 1, timing: before-roll, action: "Run.", outcome: "Heal.", outcomeKind: reward, unresolved: "Add a zombie."}
  - {id: a2, number: 2, starting: true, timing: anytime, action: "Shoot.", outcome: "Draw a Loot.", outcomeKind: reward, unresolved: "Take a wound."}
  - {id: a2b, number: 2, timing: anytime, action: "Explore.", outcome: "Lose a Loot.", outcomeKind: penalty, unresolved: "Add a zombie."}
  - {id: a3, number: 3, starting: true, timing: before-roll, action: "Hide.", outcome: "Heal.", outcomeKind: reward, unresolved: "Take a wound."}
  - {id: a3b, number: 3, timing: anytime, action: "Bat.", outcome: "Draw a Follower.", outcomeKind: reward, unresolved: "Add a zombie."}
  - {id: a4, number: 4, count: 2, timing: anytime, action: "Search.", outcome: "Draw a Loot.", outcomeKind: reward, unresolved: "Take a wound."}
  - {id: a5, number: 5, count: 2, timing: before-roll, action: "Run.", outcome: "Heal.", outcomeKind: reward, unresolved: "Add a zombie."}
  - {id: a6, number: 6, count: 3, timing: anytime, action: "Gun.", outcome: "Lose a Follower.", outcomeKind: penalty, unresolved: "Take a wound."}
  - {id: a7, number: 7, count: 2, timing: anytime, action: "Explore.", outcome: "Draw a Loot.", outcomeKind: reward, unresolved: "Add a zombie."}
`
	rfodrCampaignCards = `kind: Deck
id: upgrades
component: upgrades
cardType: rfodr/upgrade
cards:
  - {id: tough, name: Tough, count: 4, ability: "One more wound space."}
`
	rfodrCampaignSingles = `kind: Deck
id: campaign-cards
cardType: rfodr/experience
cards:
  - {id: experience, text: "Used Loot and dead Followers go here."}
`
	rfodrCampaignCache = `kind: Deck
id: supply-cache
component: supply-cache
cardType: rfodr/supply-cache
cards:
  - {id: supply-cache, text: "Loot and Followers between missions."}
`
	rfodrMats = `kind: Mats
id: mats
mats:
  - id: mat-home
    component: location-mats
    sides:
      - {id: home, name: Home}
      - {id: department-store, name: "Bruce's Department Store", holds: {loot: 2}}
  - id: mat-courthouse
    component: location-mats
    sides:
      - {id: courthouse, name: Courthouse, holds: {follower: 2}}
      - {id: dark-courthouse, name: Dark Courthouse}
`
	rfodrPlayerToken = `kind: Tokens
id: campaign-tokens
tokens:
  - {id: player, component: player-token, count: 1, shape: round, size: 20mm}
`
)

// rfodrCampaignPack is the clean Reloaded pack with the campaign's content
// and the given name/source pairs set.
func rfodrCampaignPack(kv ...string) files {
	game := edit(rfodrGame, "assumptions:", rfodrCampaignComponents+"assumptions:")
	return rfodrPack(
		"game.yaml", game,
		"trauma.yaml", rfodrCampaign,
		"actions.yaml", rfodrActions,
		"upgrades.yaml", rfodrCampaignCards,
		"experience.yaml", edit(rfodrCampaignSingles, "cardType:", "component: experience\ncardType:"),
		"cache.yaml", rfodrCampaignCache,
		"mats.yaml", rfodrMats,
		"campaign-tokens.yaml", rfodrPlayerToken,
	).with(kv...)
}

// rfodrCampaignEdit returns rfodrCampaignPack with one replacement in one
// file.
func rfodrCampaignEdit(file, old, new string) files {
	return rfodrCampaignPack(file, edit(rfodrCampaignPack()[file], old, new))
}

func rfodrCampaignCases() []ruleCase {
	err, warn := validate.Error, validate.Warning
	return []ruleCase{
		{rule: "rfodr/campaign-removed-card", name: "quiet-campaign", files: rfodrCampaignPack()},
		{rule: "rfodr/campaign-removed-card", name: "quiet-renamed-town-line", files: rfodrCampaignEdit("locations.yaml", "name: Town Line,", "name: City Limits,")},
		{rule: "rfodr/campaign-removed-card", name: "fires-promo", files: rfodrCampaignPack("locations.yaml", edit(edit(rfodrLocations,
			"{id: town-line, name: Town Line, townLine: true, set: base}", "{id: town-line, name: City Limits, townLine: true, set: promo}"),
			"bad: \"Add a zombie.\", good: \"Draw a Loot.\", set: base}\n  - {id: church", "bad: \"Add a zombie.\", good: \"Draw a Loot.\", set: promo}\n  - {id: church")),
			want: []want{
				{file: "locations.yaml", at: "townLine: true, set: |promo}", sev: err, exact: "location \"town-line\" (Town Line) is not a base card; the campaign removes the base Town Line (L429)"},
				{file: "locations.yaml", at: "good: \"Draw a Loot.\", set: |promo}", sev: err, exact: "location \"parking-lot\" (Parking Lot) is not a base card; the campaign removes the base Parking Lot (L429)"},
			}},

		{rule: "rfodr/campaign-removed-card", name: "fires-no-location-deck", files: rfodrCampaignPack("locations.yaml", ""),
			want: []want{{file: "game.yaml", at: "system: |run-fight-or-die-reloaded", sev: err, hint: []string{"add the Location deck"},
				exact: "the pack has no rfodr/location deck; the campaign removes the Town Line, Parking Lot, Church, Back Road, Movie Theater and Playground from the Location deck and lays out the other 12 as the Map (L429, L574)"}}},

		{rule: "rfodr/campaign-map-size", name: "quiet-twelve", files: rfodrCampaignPack()},
		{rule: "rfodr/campaign-map-size", name: "quiet-renamed-town-line", files: rfodrCampaignEdit("locations.yaml", "name: Town Line,", "name: City Limits,")},
		{rule: "rfodr/campaign-map-size", name: "fires-thirteen", files: rfodrCampaignEdit("locations.yaml", "count: 12", "count: 13"),
			want: []want{{file: "locations.yaml", at: "|cards:\n  - {id: town-line", sev: err, exact: "the campaign Map has 13 locations: 19 base locations less the 6 the set-up removes (L429); it is \"a grid of twelve Location cards (four cards wide)\" (L428-433, L574)"}}},

		{rule: "rfodr/campaign-mats", name: "quiet-two-mats", files: rfodrCampaignPack()},
		{rule: "rfodr/campaign-mats", name: "fires-wrong-side", files: rfodrCampaignEdit("mats.yaml", "{id: dark-courthouse, name: Dark Courthouse}", "{id: dark-church, name: Dark Church}"),
			want: []want{
				{file: "mats.yaml", at: "mats:\n  |- id: mat-home", sev: err, exact: "no mat has the sides courthouse and dark-courthouse; \"Flip over the Courthouse Location mat so it shows the Dark Courthouse\" (L676)"},
				{file: "mats.yaml", at: "component: location-mats\n    sides:\n      |- {id: courthouse", sev: err, exact: "mat \"mat-courthouse\" has the sides courthouse and dark-church; the campaign's mats are home / department-store and courthouse / dark-courthouse, once each (L602, L676)"},
			}},

		// A misspelt side is a near miss: one finding at the side, and the
		// mat counts as the pair it was meant to be.
		{rule: "rfodr/campaign-mats", name: "fires-misspelt-side", files: rfodrCampaignEdit("mats.yaml", "{id: dark-courthouse, name: Dark Courthouse}", "{id: dark-courthous, name: Dark Courthouse}"),
			want: []want{{file: "mats.yaml", at: "{id: |dark-courthous", sev: err, hint: []string{`did you mean "dark-courthouse"? fix the spelling`},
				exact: "mat \"mat-courthouse\" has a side \"dark-courthous\", which is no side of the campaign's mats: home / department-store and courthouse / dark-courthouse (L602, L676)"}}},

		{rule: "rfodr/campaign-starting-actions", name: "quiet-three", files: rfodrCampaignPack()},
		{rule: "rfodr/campaign-starting-actions", name: "fires-two", files: rfodrCampaignEdit("actions.yaml", "{id: a3, number: 3, starting: true,", "{id: a3, number: 3,"),
			want: []want{{file: "actions.yaml", at: "|cards:\n  - {id: a1,", sev: err, exact: "the Action cards have 2 starting copies; Mission 2 lays out \"the three Starting Action cards\" (L606)"}}},

		{rule: "rfodr/campaign-action-fields", name: "quiet-complete", files: rfodrCampaignPack()},
		{rule: "rfodr/campaign-action-fields", name: "fires-no-unresolved", files: rfodrCampaignEdit("actions.yaml", "outcomeKind: penalty, unresolved: \"Add a zombie.\"}", "outcomeKind: penalty}"),
			want: []want{{file: "actions.yaml", at: "{id: |a2b", sev: err, exact: "Action card \"a2b\" has no unresolved; an Action card has a number, a timing, an action, a reward or penalty and an Unresolved effect (L626, L638)"}}},

		{rule: "rfodr/campaign-action-deck", name: "quiet-shared-numbers", files: rfodrCampaignPack()},
		{rule: "rfodr/campaign-action-deck", name: "fires-short-and-unshared", files: rfodrCampaignEdit("actions.yaml", "number: 6, count: 3", "number: 6, count: 1"),
			want: []want{
				{file: "actions.yaml", at: "|cards:\n  - {id: a1,", sev: warn, exact: "the Action deck has 10 cards besides the starting ones; Mission 2 can reveal 11, one per Spread before the 12th token ends it (L566, L642-645)"},
				{file: "actions.yaml", at: "{id: a6, number: |6", sev: warn, exact: "Action card \"a6\" has the number 6, which no other card shares, so its Unresolved effect can never fire (L638, A20)"},
			}},

		{rule: "rfodr/campaign-trauma-count", name: "quiet-fifteen", files: rfodrCampaignPack()},
		{rule: "rfodr/campaign-trauma-count", name: "fires-two", files: rfodrCampaignPack("trauma.yaml", edit(edit(edit(rfodrCampaign, "Fear, count: 5", "Fear, count: 1"), "Grief, count: 5", "Grief, count: 1"), "Guilt, count: 5", "Guilt, count: 0")),
			want: []want{{file: "trauma.yaml", at: "|cards:\n  - {id: fear", sev: err, exact: "the campaign has 2 Trauma cards; Harder and Impossible \"Begin the Game with three Trauma cards\" (L813, L821)"}}},

		{rule: "rfodr/campaign-trauma-requirement", name: "quiet-map-cards", files: rfodrCampaignPack()},
		{rule: "rfodr/campaign-trauma-requirement", name: "fires-misspelt-ids", files: rfodrCampaignPack("trauma.yaml", edit(edit(rfodrCampaign, "requires: [{visit: street}]}", "requires: [{visit: stret}]}"), "requires: [{meet: cheerleader}]", "requires: [{meet: cheerleder}]")),
			want: []want{
				{file: "trauma.yaml", at: "requires: [{visit: |stret}", sev: err, hint: []string{`did you mean "street"? fix the spelling`}, exact: "Trauma \"fear\" requires a visit to location \"stret\", which is not on the Map: no location has that id; requirements are met on the Map (L517)"},
				{file: "trauma.yaml", at: "requires: [{meet: |cheerleder}]", sev: err, hint: []string{`did you mean "cheerleader"? fix the spelling`}, exact: "Trauma \"grief\" requires meeting follower \"cheerleder\", who is not in the campaign: no follower has that id; requirements are met in play (L517)"},
			}},
		{rule: "rfodr/campaign-trauma-requirement", name: "fires-removed-promo-missing", files: rfodrCampaignPack("trauma.yaml", edit(edit(rfodrCampaign, "requires: [{visit: street}]}", "requires: [{visit: church}, {visit: mall}]}"), "requires: [{meet: cheerleader}]", "requires: [{meet: mascot}]")),
			want: []want{
				{file: "trauma.yaml", at: "requires: [{visit: |church}", sev: err, exact: "Trauma \"fear\" requires a visit to location \"church\", which is not on the Map: the set-up removes Church (L429); requirements are met on the Map (L517)"},
				{file: "trauma.yaml", at: "{visit: |mall}", sev: err, exact: "Trauma \"fear\" requires a visit to location \"mall\", which is not on the Map: no location has that id; requirements are met on the Map (L517)"},
				{file: "trauma.yaml", at: "requires: [{meet: |mascot}]", sev: err, exact: "Trauma \"grief\" requires meeting follower \"mascot\", who is not in the campaign: the set-up removes promo cards (L429); requirements are met in play (L517)"},
			}},

		{rule: "rfodr/campaign-tokens", name: "quiet-thirty", files: rfodrCampaignPack()},
		{rule: "rfodr/campaign-tokens", name: "fires-fifteen", files: rfodrCampaignEdit("tokens.yaml", "{id: zombie-token-1, component: zombie-tokens, count: 20", "{id: zombie-token-1, component: zombie-tokens, count: 5"),
			want: []want{{file: "tokens.yaml", at: "{id: zombie-token-1, component: zombie-tokens, count: |5", sev: err, exact: "the campaign has 15 zombie tokens (component zombie-tokens); Mission 4 places \"twenty Zombie tokens\" on the Mutant Zombie tile (L747)"}}},
	}
}

// TestOneCausePerFinding guards that one mistake in an RFoD or Reloaded
// pack gives one finding, not one from each rule that sees it: the whole
// list of findings is compared, not one rule's.
func TestOneCausePerFinding(t *testing.T) {
	tests := []struct {
		name  string
		files files
		want  []string // rules of all the findings, sorted
	}{
		{"reloaded-town-line-renamed", rfodrEdit("locations.yaml", "name: Town Line,", "name: City Limits,"), nil},
		{"campaign-town-line-renamed", rfodrCampaignEdit("locations.yaml", "name: Town Line,", "name: City Limits,"), nil},
		{"campaign-church-renamed", rfodrCampaignEdit("locations.yaml", "name: Church,", "name: Chapel,"), []string{"rfodr/named"}},
		{"campaign-town-line-removed", rfodrCampaignEdit("locations.yaml", "  - {id: town-line, name: Town Line, townLine: true, set: base}\n", ""),
			[]string{"deck/count", "rfodr/location-deck"}},
		{"combo-without-zombie", rfodrEdit("characters.yaml", "major: {dice: {zombie: 2, explore: 1}", "major: {dice: {explore: 1}"), []string{"rfodr/combo-shape"}},
		{"other-games-card-type", rfodrEdit("followers.yaml", "cardType: rfodr/follower", "cardType: rfod/follower"), []string{"deck/card-type"}},
		{"guide-option-text-and-gives", rfodEdit("guide.yaml", "{text: \"Heal all wounds.\", gives: [heal]}", "{text: \"Draw 1 Event.\", gives: [heal]}"), []string{"rfod/guide-gives"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := check(t, tc.files, validate.Options{})
			var rules []string
			for _, d := range got {
				rules = append(rules, d.Rule)
			}
			slices.Sort(rules)
			if !slices.Equal(rules, tc.want) {
				t.Errorf("findings of rules %v, want %v:\n%s", rules, tc.want, dump(got))
			}
		})
	}
}

// TestForeignCardTypeHint checks the one finding of a deck whose card type
// is the other game's: at cardType:, with the pack's own card type of that
// kind as the did-you-mean.
func TestForeignCardTypeHint(t *testing.T) {
	f := rfodrEdit("followers.yaml", "cardType: rfodr/follower", "cardType: rfod/follower")
	got := ofRule(check(t, f, validate.Options{}), "deck/card-type")
	assertDiags(t, f, "deck/card-type", got, []want{{file: "followers.yaml", at: "cardType: |rfod/follower", sev: validate.Error,
		msg:  []string{`deck "followers" has card type "rfod/follower" of the system "run-fight-or-die"`, `this pack's system is "run-fight-or-die-reloaded"`},
		hint: []string{"did you mean rfodr/follower?", "not checked or loaded"}}})
}
