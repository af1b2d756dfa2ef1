package validate_test

// Cases of the contrast rule: text in colours the pack sets against what
// it is printed on.

func contrastCases() []ruleCase {
	const rule = "style/contrast"
	band := func(fill, color string) string {
		return templatesFile("  - id: generic\n    extends: generic\n    boxes:\n" +
			"      - {id: band, type: rect, x: 4mm, y: 4mm, w: 55mm, h: 10mm, fill: \"" + fill + "\"}\n" +
			"      - {id: banner, text: OFFER, x: 5mm, y: 5mm, w: 50mm, h: 8mm, color: \"" + color + "\"}\n")
	}
	sheet := func(colours string) string {
		return "kind: Sheet\nid: tile\nsize: custom\nwidth: 50mm\nheight: 35mm\n" + colours + "front:\n  - heading: TILE\n"
	}
	return []ruleCase{
		{rule: rule, name: "quiet-white-on-a-dark-band",
			files: genericPack("templates.yaml", band("#1d3557", "#ffffff"))},
		{rule: rule, name: "quiet-plate-shown-with-its-text",
			files: genericPack("templates.yaml", templatesFile("  - id: generic\n    extends: generic\n    background: \"#f2f2f2\"\n    boxes:\n"+
				"      - {id: plate, type: rect, when: text, x: 40mm, y: 70mm, w: 18mm, h: 7mm, fill: \"#2a2a2a\"}\n"+
				"      - {id: price, text: \"8\", when: text, x: 40mm, y: 70mm, w: 18mm, h: 7mm, color: \"#ffffff\"}\n"))},
		{rule: rule, name: "fires-plate-shown-on-fewer-cards",
			files: genericPack("templates.yaml", templatesFile("  - id: generic\n    extends: generic\n    background: \"#f2f2f2\"\n    boxes:\n"+
				"      - {id: plate, type: rect, when: text, x: 40mm, y: 70mm, w: 18mm, h: 7mm, fill: \"#2a2a2a\"}\n"+
				"      - {id: price, text: \"8\", when: \"!text\", x: 40mm, y: 70mm, w: 18mm, h: 7mm, color: \"#ffffff\"}\n")),
			want: []want{{file: "templates.yaml", at: `color: |"#ffffff"`, sev: 1,
				msg: []string{`box "price" in #ffffff on the card's background (#f2f2f2) reads at 1.12:1`}}}},
		{rule: rule, name: "fires-white-on-an-orange-band",
			files: genericPack("templates.yaml", band("#d98e04", "#ffffff")),
			want: []want{{file: "templates.yaml", at: `color: |"#ffffff"`, sev: 1,
				msg:  []string{`template "generic" box "banner" in #ffffff on box "band" (#d98e04) reads at 2.68:1, under 4.5:1`},
				hint: []string{"darken"}}}},
		{rule: rule, name: "fires-at-the-background-a-pack-sets",
			files: genericPack("templates.yaml", templatesFile("  - id: generic\n    extends: generic\n    background: \"#555555\"\n")),
			want: []want{
				// The built-in boxes' dark ink on the dark card the pack
				// sets: found at the background.
				{file: "templates.yaml", at: `background: |"#555555"`, sev: 1, msg: []string{`box "cost" in #1a1a1a on the card's background (#555555)`}},
				{file: "templates.yaml", at: `background: |"#555555"`, sev: 1, msg: []string{`box "name"`}},
				{file: "templates.yaml", at: `background: |"#555555"`, sev: 1, msg: []string{`box "text"`}},
				{file: "templates.yaml", at: `background: |"#555555"`, sev: 1, msg: []string{`box "type" in #444444`}},
			}},
		// A misspelt override box (template/override warns) is not the box
		// the author styled: its colour is no second finding.
		{rule: rule, name: "quiet-misspelt-override-box",
			files: genericPack("templates.yaml", templatesFile("  - id: generic\n    extends: generic\n    boxes:\n"+
				"      - {id: band, type: rect, x: 0mm, y: 0mm, w: 63mm, h: 12mm, fill: \"#1d3557\"}\n"+
				"      - {id: nmae, field: name, x: 5mm, y: 30mm, w: 50mm, h: 8mm, color: \"#ffffff\"}\n")),
			want: []want{}},
		{rule: rule, name: "quiet-sheet-dark-accent-on-orange",
			files: genericPack("tile.yaml", sheet("background: \"#d98e04\"\naccent: \"#1a1a1a\"\n"))},
		{rule: rule, name: "fires-sheet-white-accent-on-orange",
			files: genericPack("tile.yaml", sheet("background: \"#d98e04\"\naccent: \"#ffffff\"\nbackBackground: \"#5f6368\"\n")),
			want: []want{{file: "tile.yaml", at: `accent: |"#ffffff"`, sev: 1,
				msg: []string{`sheet "tile": its headings (accent) in #ffffff on its background (#d98e04) reads at 2.68:1`}}}},
		{rule: rule, name: "quiet-token-label-reads",
			files: genericPack("tokens.yaml", tokenSet("tokens", "  - {id: g, count: 1, shape: round, size: 16mm, fill: \"#237a3b\", ink: \"#ffffff\", label: G}\n"))},
		{rule: rule, name: "fires-token-label-on-green",
			files: genericPack("tokens.yaml", tokenSet("tokens", "  - {id: g, count: 1, shape: round, size: 16mm, fill: \"#2b9348\", ink: \"#ffffff\", label: G}\n")),
			want: []want{{file: "tokens.yaml", at: `ink: |"#ffffff"`, sev: 1,
				msg: []string{`token "g": its label in #ffffff on its fill (#2b9348) reads at 3.91:1`}}}},
	}
}
