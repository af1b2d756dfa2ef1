package validate_test

import (
	"testing"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
)

// customDeck is a deck of one card of the given custom size.
func customDeck(id, width, height string) string {
	return "kind: Deck\nid: " + id + "\ncardType: generic\nsize: custom\nwidth: " + width + "\nheight: " + height + "\ncards:\n  - {id: " + id + "-1}\n"
}

// fancyTemplate is a template extending generic with one more box line.
func fancyTemplate(box string) string {
	return templatesFile("  - id: generic\n    extends: generic\n    boxes:\n      - " + box + "\n")
}

// sheetYAML is a sheet of the given size lines with one paragraph.
func sheetYAML(size string) string {
	return "kind: Sheet\nid: aid\n" + size + "front:\n  - paragraph: Run.\n"
}

// lengthCases are the pack/limit cases of lengths out of range.
func lengthCases() []ruleCase {
	const rule = "pack/limit"
	return []ruleCase{
		{rule: rule, name: "quiet-lengths-at-their-limits",
			files: genericPack(
				"templates.yaml", templatesFile(`  - id: generic
    extends: generic
    boxes:
      - {id: text, size: 200pt, minSize: 0.5pt}
      - {id: band, type: rect, x: 0mm, y: 0mm, w: 73.5mm, h: 98.9mm, radius: 50mm, strokeWidth: 10mm, stroke: "#000000"}
`),
				"game.yaml", gameYAML("generic", genericComponents+"print: {bleed: 10mm}\nrules: {template/geometry: off, text/min-size: off}\n"),
				"tokens.yaml", tokenSet("tokens", token("small", "", 1, ""), "  - {id: big, count: 1, shape: round, size: 195mm}\n"),
				"aid.yaml", sheetYAML("size: poker\nfontSize: 200pt\n"))},
		{rule: rule, name: "fires-font-size-in-points",
			files: genericPack("templates.yaml", fancyTemplate("{id: name, size: 5000pt}")),
			want: []want{{file: "templates.yaml", at: "size: |5000pt",
				exact: `template "generic" box "name": font size 5000pt is more than 200pt`, hint: []string{"0.5pt to 200pt"}}}},
		{rule: rule, name: "fires-font-size-in-the-users-unit",
			files: genericPack("templates.yaml", fancyTemplate("{id: name, minSize: 0.1mm}")),
			want: []want{{file: "templates.yaml", at: "minSize: |0.1mm",
				exact: `template "generic" box "name" minSize: font size 0.1mm is less than 0.176mm`, hint: []string{"0.176mm to 70.556mm"}}}},
		{rule: rule, name: "fires-box-100m-wide",
			files: genericPack("templates.yaml", fancyTemplate("{id: huge, type: rect, x: 5mm, y: 5mm, w: 100000mm, h: 10mm, fill: \"#000000\"}")),
			want: []want{{file: "templates.yaml", at: "w: |100000mm",
				msg:  []string{`template "generic" box "huge": w 100000mm takes it to 100005mm`, "beyond the 63.5mm wide card", "10mm its bleed may reach"},
				hint: []string{"x+w may be at most 73.5mm"}}}},
		{rule: rule, name: "fires-box-placed-off-the-card-in-inches",
			files: genericPack("templates.yaml", fancyTemplate("{id: far, text: far, x: 1in, y: 40in, w: 1in, h: 1in}")),
			want: []want{{file: "templates.yaml", at: "y: |40in",
				msg: []string{"y 40in takes it to 41in", "3.5in tall card"}, hint: []string{"y+h may be at most 3.894in"}}}},
		{rule: rule, name: "fires-stroke-and-radius",
			files: genericPack("templates.yaml", fancyTemplate("{id: frame, strokeWidth: 2cm, radius: 6cm}")),
			want: []want{
				{file: "templates.yaml", at: "strokeWidth: |2cm", exact: `template "generic" box "frame": stroke width 2cm is more than 1cm`},
				{file: "templates.yaml", at: "radius: |6cm", exact: `template "generic" box "frame": corner radius 6cm is more than 5cm`},
			}},
		{rule: rule, name: "fires-token-of-zero-size",
			files: genericPack("tokens.yaml", "kind: Tokens\nid: tokens\ntokens:\n  - {id: dot, count: 1, shape: round, size: 0mm}\n"),
			want:  []want{{file: "tokens.yaml", at: "size: |0mm", exact: `token "dot": token size 0mm is less than 5mm`, hint: []string{"5mm to 300mm"}}}},
		{rule: rule, name: "fires-sheet-font-and-bleed",
			files: genericPack("aid.yaml", sheetYAML("size: poker\nfontSize: 300pt\n"),
				"game.yaml", gameYAML("generic", genericComponents+"print: {bleed: 1in}\n")),
			want: []want{
				{file: "aid.yaml", at: "fontSize: |300pt", exact: `sheet "aid": font size 300pt is more than 200pt`},
				{file: "game.yaml", at: "bleed: |1in", exact: `print: bleed 1in is more than 0.394in`},
			}},
		{rule: rule, name: "fires-card-side-out-of-range",
			files: genericPack("spare.yaml", customDeck("spare", "0mm", "70mm"),
				"templates.yaml", templatesFile("  - id: huge\n    extends: generic\n    size: custom\n    width: 300mm\n    height: 40cm\n")),
			want: []want{
				{file: "spare.yaml", at: "width: |0mm", exact: `deck "spare" width: card side 0mm is less than 10mm`},
				{file: "templates.yaml", at: "height: |40cm", exact: `template "huge" height: card side 40cm is more than 30cm`},
			}},
		{rule: rule, name: "fires-board-text",
			files: genericPack("board.yaml", cleanBoard+"    texts:\n      - {text: Hi, x: 10mm, y: 10mm, w: 3000mm, h: 10mm, size: 0.2pt}\n"),
			want: []want{
				{file: "board.yaml", at: "w: |3000mm", msg: []string{`board "test-board" side "front" text 1: x+w reaches 3010mm, beyond the 200x100mm side`}},
				{file: "board.yaml", at: "size: |0.2pt", exact: `board "test-board" side "front" text 1: font size 0.2pt is less than 0.5pt`},
			}},
		{rule: rule, name: "quiet-board-text-turned-inside",
			// 100mm wide but turned a quarter about its centre (x 188): it
			// runs down the side's right edge, 184-192mm across.
			files: genericPack("board.yaml", cleanBoard+"    texts:\n      - {text: Hi, x: 138mm, y: 20mm, w: 100mm, h: 8mm, rotate: 270}\n")},
		{rule: rule, name: "fires-board-text-turned-outside",
			files: genericPack("board.yaml", cleanBoard+"    texts:\n      - {text: Hi, x: 10mm, y: 60mm, w: 100mm, h: 8mm, rotate: 90}\n"),
			want: []want{
				{file: "board.yaml", at: "w: |100mm", msg: []string{`text 1: y+w reaches 114mm, beyond the 200x100mm side`}},
			}},
	}
}

// paperCases are the pack/limit cases of pieces that do not fit the paper.
func paperCases() []ruleCase {
	const rule = "pack/limit"
	a4 := func(extra string) string {
		return gameYAML("generic", genericComponents+"print: {paper: a4"+extra+"}\n")
	}
	return []ruleCase{
		{rule: rule, name: "quiet-card-fits-only-turned",
			// 250 x 150 is wider than Letter's 203.2mm printable width, but
			// turned it fits.
			files: genericPack("spare.yaml", customDeck("spare", "250mm", "150mm"))},
		{rule: rule, name: "fires-card-wider-than-a4",
			files: genericPack("game.yaml", a4(""), "spare.yaml", customDeck("spare", "200mm", "260mm")),
			want: []want{{file: "spare.yaml", at: "width: |200mm",
				exact: `deck "spare": its 200x260mm cards do not fit on a4 paper inside a 6.35mm margin, upright or turned: a card may be at most 197.3mm on one side and 284.3mm on the other`,
				hint:  []string{"print: in game.yaml"}}}},
		{rule: rule, name: "fires-card-too-big-for-gutterfold",
			files: genericPack("game.yaml", a4(", layout: gutterfold"), "spare.yaml", customDeck("spare", "150mm", "150mm")),
			want: []want{{file: "spare.yaml", at: "width: |150mm",
				msg: []string{`deck "spare": its 150x150mm cards do not fit the gutterfold layout on a4 paper`}}}},
		{rule: rule, name: "quiet-press-prints-a-card-a-page",
			files: genericPack("game.yaml", a4(", layout: press"), "spare.yaml", customDeck("spare", "150mm", "290mm"))},
		{rule: rule, name: "fires-template-size-too-big-for-letter",
			files: genericPack("templates.yaml", templatesFile("  - id: generic\n    extends: generic\n    size: custom\n    width: 8.5in\n    height: 9in\n")),
			want: []want{{file: "templates.yaml", at: "width: |8.5in",
				msg: []string{`deck "cards": its 8.5x9in cards do not fit on letter paper inside a 0.25in margin`, "at most 8in on one side and 10.5in on the other"}}}},
		{rule: rule, name: "fires-card-sized-sheet",
			files: genericPack("aid.yaml", sheetYAML("size: custom\nwidth: 280mm\nheight: 280mm\n")),
			want:  []want{{file: "aid.yaml", at: "width: |280mm", msg: []string{`sheet "aid": its 280x280mm cards do not fit on letter paper`}}}},
		{rule: rule, name: "fires-token-larger-than-the-paper",
			files: genericPack("tokens.yaml", "kind: Tokens\nid: tokens\ntokens:\n  - {id: disc, count: 1, shape: round, size: 250mm}\n"),
			want: []want{{file: "tokens.yaml", at: "size: |250mm",
				exact: `token "disc" is 250mm across; with its 1mm bleed it does not fit on letter paper inside a 6.35mm margin: a token may be at most 201.2mm`}}},
		{rule: rule, name: "fires-deck-without-a-card-size",
			files: genericPack("templates.yaml", templatesFile("  - id: bare\n    boxes:\n      - {id: t, field: text, x: 5mm, y: 5mm, w: 40mm, h: 40mm}\n"),
				"cards.yaml", edit(genericCards, "cardType: generic\n", "cardType: generic\ntemplate: bare\n")),
			want: []want{{file: "cards.yaml", at: "template: |bare", msg: []string{`deck "cards" has no card size`, `template "bare"`}}}},
	}
}

// TestCheckPrintUsesTheBuildsPaper checks the pieces a build on other
// paper than the pack's cannot lay out: a card that fits on Letter does not
// on A4, and the finding is positioned like validate's.
func TestCheckPrintUsesTheBuildsPaper(t *testing.T) {
	f := genericPack("spare.yaml", customDeck("spare", "200mm", "260mm"))
	if got := check(t, f, validate.Options{}); len(got) != 0 {
		t.Fatalf("on the pack's letter paper the pack is clean, got:\n%s", dump(got))
	}
	target := validate.PrintTarget{Paper: layout.Papers["a4"], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed, Layout: "sheet", Flags: true}
	got := check(t, f, validate.Options{Print: &target})
	wants := []want{{file: "spare.yaml", at: "width: |200mm", msg: []string{"do not fit on a4 paper"}, hint: []string{"--paper"}}}
	assertDiags(t, f, "pack/limit", got, wants)
	// A build checks its flags' paper with CheckPrint: the same finding.
	p, _ := schematest.LoadPack(f.fs(), packRoot)
	assertDiags(t, f, "pack/limit", validate.CheckPrint(p, target), wants)
	if got := validate.CheckPrint(p, validate.PackPrintTarget(p)); len(got) != 0 {
		t.Errorf("on the pack's own paper CheckPrint finds:\n%s", dump(got))
	}
}

// TestOutOfRangeFontIsOneFinding: a font size refused as a hard limit is
// not fitted as well, which would report the same mistake on every card.
func TestOutOfRangeFontIsOneFinding(t *testing.T) {
	f := genericPack("templates.yaml", fancyTemplate("{id: text, size: 5000pt, minSize: 4000pt}"))
	got := check(t, f, validate.Options{Fitter: realFitter(f)})
	assertDiags(t, f, "pack/limit", got, []want{
		{file: "templates.yaml", at: "size: |5000pt", msg: []string{"font size 5000pt is more than 200pt"}},
		{file: "templates.yaml", at: "minSize: |4000pt", msg: []string{"font size 4000pt is more than 200pt"}},
	})
}
