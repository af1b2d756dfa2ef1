package validate_test

import "github.com/runforge/runforge/validate"

// diceYAML is a dice file with the given die lines.
func diceYAML(dice ...string) string {
	s := "kind: Dice\nid: dice\ndice:\n"
	for _, d := range dice {
		s += "  - " + d + "\n"
	}
	return s
}

// Dice of the cases: a die of words, a die of icons, and a die that mixes
// them with labels for its words.
const (
	doorDie  = "{id: door-die, faces: [unlocked, unlocked, unlocked, locked, locked, blocked]}"
	iconDie  = "{id: icon-die, count: 2, color: black, faces: [zombie, zombie, blood, bullet, flag, death]}"
	labelDie = `{id: action, component: dice, count: 5, color: "#fff", faces: [bat, run, search, gun, book, zombie], labels: {bat: Bat, run: Run, search: Search, gun: Gun, book: "Book of the Dead"}}`
)

// dicePack is the generic pack with a dice file and a component "dice" of
// the given expected count.
func dicePack(expected string, dice ...string) files {
	return genericPack(
		"game.yaml", gameYAML("generic", genericComponents+"  - {id: dice, name: Dice, expected: "+expected+"}\n"),
		"dice.yaml", diceYAML(dice...))
}

func diceCases() []ruleCase {
	const faceWord, label, invalid, count = "dice/face-word", "dice/label", "schema/invalid", "deck/count"
	err, warn := validate.Error, validate.Warning
	clean := dicePack("5", doorDie, iconDie, labelDie)
	mixed := dicePack("5", doorDie, "{id: action, component: dice, count: 5, faces: [axe, hide, scout, pistol, tome, zombie], labels: {tome: Tome}}")
	mixedOne := dicePack("5", `{id: action, component: dice, count: 5, faces: [zombie, zombie, blood, pistol, zombie, zombie]}`)
	typo := dicePack("5", labelDie, "{id: typo, faces: [unlocked, locked, zombei, blocked, blocked, blocked]}")
	typoLabelled := dicePack("5", labelDie, `{id: typo, faces: [unlocked, locked, zombei, blocked, blocked, blocked], labels: {zombei: "Zombei!"}}`)
	badLabel := dicePack("5", `{id: action, component: dice, count: 5, faces: [bat, run, search, gun, book, zombie], labels: {bat: Bat, run: Run, search: Search, gun: Gun, book: Book, boook: "Book!"}}`)
	return []ruleCase{
		{rule: faceWord, name: "quiet: words, icons, and words with labels", files: clean},
		{rule: label, name: "quiet: every label names a face", files: clean},
		{rule: count, name: "quiet: every copy of a die counts", files: clean},
		{rule: faceWord, name: "fires: die mixes icons and unlabelled words", files: mixed,
			want: []want{{file: "dice.yaml", at: "faces: [|axe, hide", sev: warn,
				exact: `die "action" mixes icons and words: faces "axe", "hide", "scout", "pistol" are no icons and print as AXE, HIDE, SCOUT, PISTOL, while "zombie" prints as an icon`,
				hint:  []string{`add labels: {axe: "AXE", hide: "HIDE", scout: "SCOUT", pistol: "PISTOL"}`}}}},
		{rule: faceWord, name: "fires: one word among icons", files: mixedOne,
			want: []want{{file: "dice.yaml", at: "|pistol, zombie, zombie", sev: warn,
				exact: `die "action" mixes icons and words: face "pistol" is no icon and prints as PISTOL, while "zombie" prints as an icon`}}},
		{rule: faceWord, name: "fires: misspelt icon on a die of words", files: typo,
			want: []want{{file: "dice.yaml", at: "|zombei", sev: warn,
				exact: `die "typo" face "zombei" is no icon and prints as the word "ZOMBEI"; the icon "zombie" is spelt differently`,
				hint:  []string{"write zombie for the icon"}}}},
		{rule: faceWord, name: "quiet: misspelt icon with a label", files: typoLabelled},
		{rule: label, name: "fires: the face is the typo", files: dicePack("5", `{id: action, component: dice, count: 5, faces: [bat, run, serch, gun, book, zombie], labels: {search: Search}}`),
			want: []want{{file: "dice.yaml", at: "labels: {|search", sev: err,
				exact: `die "action" labels face "search", which is not one of its faces: the label never prints`,
				hint:  []string{`is the face "serch" a misspelt search?`}}}},
		{rule: label, name: "fires: label of no face", files: badLabel,
			want: []want{{file: "dice.yaml", at: "|boook", sev: err,
				exact: `die "action" labels face "boook", which is not one of its faces: the label never prints`,
				hint:  []string{`did you mean "book"? fix the spelling`}}}},
		{rule: count, name: "fires: dice copies differ from the component", files: dicePack("6", labelDie),
			want: []want{{file: "game.yaml", at: "expected: |6", sev: err, msg: []string{`component "dice" expects 6 copies but the pack has 5`}}}},
		{rule: invalid, name: "fires: a die with five faces", files: dicePack("5", labelDie, "{id: five, faces: [a, b, c, d, e]}"),
			want: []want{{file: "dice.yaml", at: "faces: |[a, b", sev: err, exact: "faces has 5 items; at least 6 items needed"}}},
		{rule: invalid, name: "fires: a die with seven faces", files: dicePack("5", labelDie, "{id: seven, faces: [a, b, c, d, e, f, g]}"),
			want: []want{{file: "dice.yaml", at: "faces: |[a, b", sev: err, exact: "faces has 7 items; at most 6 items allowed"}}},
		{rule: invalid, name: "fires: a face that is no id", files: dicePack("5", labelDie, "{id: caps, faces: [a, b, c, d, e, Zombie]}"),
			want: []want{{file: "dice.yaml", at: "|Zombie", sev: err, msg: []string{`item 6 of faces "Zombie" must be lower-case letters`}}}},
		{rule: invalid, name: "fires: a colour that is neither hex nor a name", files: dicePack("5", labelDie, "{id: mauve, color: mauve, faces: [a, b, c, d, e, f]}"),
			want: []want{{file: "dice.yaml", at: "|mauve, faces", sev: err, msg: []string{`color "mauve" must be a colour written #rgb or #rrggbb`}}}},
		{rule: "dice/limit", name: "quiet: 500 copies", files: dicePack("5", labelDie, "{id: many, count: 100, faces: [a, b, c, d, e, f]}",
			"{id: more, count: 100, faces: [a, b, c, d, e, f]}", "{id: most, count: 100, faces: [a, b, c, d, e, f]}",
			"{id: yet, count: 100, faces: [a, b, c, d, e, f]}", "{id: last, count: 95, faces: [a, b, c, d, e, f]}")},
		{rule: "dice/limit", name: "fires: 501 copies", files: dicePack("5", labelDie, "{id: many, count: 100, faces: [a, b, c, d, e, f]}",
			"{id: more, count: 100, faces: [a, b, c, d, e, f]}", "{id: most, count: 100, faces: [a, b, c, d, e, f]}",
			"{id: yet, count: 100, faces: [a, b, c, d, e, f]}", "{id: last, count: 96, faces: [a, b, c, d, e, f]}"),
			want: []want{{file: "dice.yaml", at: "count: |96", sev: err,
				exact: `die "last" takes the pack to 501 dice copies; the limit is 500`}}},
		{rule: "dice/limit", name: "quiet: 596 copies, 100 of them not printed", files: genericPack(
			"game.yaml", gameYAML("generic", genericComponents+"  - {id: dice, name: Dice, expected: 5}\n  - {id: spare, name: Spare dice, expected: 100, printed: false, substitute: any d6}\n"),
			"dice.yaml", diceYAML(labelDie, "{id: many, count: 100, faces: [a, b, c, d, e, f]}",
				"{id: more, count: 100, faces: [a, b, c, d, e, f]}", "{id: most, count: 100, faces: [a, b, c, d, e, f]}",
				"{id: yet, count: 100, faces: [a, b, c, d, e, f]}", "{id: last, count: 96, component: spare, faces: [a, b, c, d, e, f]}",
				"{id: lost, count: 4, component: spare, faces: [a, b, c, d, e, f]}"))},
		{rule: invalid, name: "fires: no copies", files: dicePack("5", labelDie, "{id: none, count: 0, faces: [a, b, c, d, e, f]}"),
			want: []want{{file: "dice.yaml", at: "count: |0", sev: err, exact: "count is 0; the smallest allowed is 1"}}},
	}
}
