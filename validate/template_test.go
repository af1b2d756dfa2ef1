package validate_test

import "golang.org/x/image/font/gofont/goregular"

// Cases of the template rules and the output collision rule.

func templateCases() []ruleCase {
	fancy := func(boxes string) string {
		return templatesFile("  - id: fancy\n    extends: generic\n    boxes:\n" + boxes)
	}
	withFancy := func(boxes string) files {
		return genericPack("cards.yaml", genericCardsWith("template: fancy\n"), "templates.yaml", fancy(boxes))
	}
	return []ruleCase{
		{rule: "template/field", name: "quiet-bound-fields-exist",
			files: withFancy("      - {id: text, field: text}\n      - {id: extra, text: \"${text}!\", when: text, x: 5mm, y: 70mm, w: 40mm, h: 6mm}\n")},
		{rule: "template/field", name: "fires-field-no-card-has",
			files: withFancy("      - {id: text, field: txt}\n"),
			want: []want{{file: "templates.yaml", at: "field: |txt", sev: 1,
				msg:  []string{`template "fancy" box "text"`, `field "txt"`, `deck "cards"`},
				hint: []string{`did you mean "text"?`}}}},
		{rule: "template/field", name: "fires-interpolation-and-when",
			files: withFancy("      - {id: extra, text: \"${flavour}\", when: \"!cost\", x: 5mm, y: 70mm, w: 40mm, h: 6mm}\n"),
			want: []want{
				{file: "templates.yaml", at: "text: |\"${flavour}\"", sev: 1, msg: []string{`field "flavour"`}},
				{file: "templates.yaml", at: "when: |\"!cost\"", sev: 1, msg: []string{`field "cost"`}},
			}},
		{rule: "template/geometry", name: "quiet-boxes-inside",
			files: withFancy("      - {id: band, type: rect, x: 0mm, y: 0mm, w: 66.5mm, h: 10mm, fill: \"#000000\"}\n      - {id: text, size: 10pt, minSize: 6pt}\n")},
		{rule: "template/geometry", name: "quiet-art-into-the-bleed",
			files: withFancy("      - {id: art, type: image, file: art.png, x: 0mm, y: 0mm, w: 66.5mm, h: 91.9mm}\n").with("art.png", picture("ok.png"))},
		{rule: "template/geometry", name: "fires-box-outside-and-min-size",
			files: withFancy("      - {id: note, text: hi, x: 50mm, y: 80mm, w: 20mm, h: 10mm}\n      - {id: text, size: 8pt, minSize: 9pt}\n"),
			want: []want{
				{file: "templates.yaml", at: "id: |note", sev: 1, msg: []string{`box "note"`, "reaches 70x90mm", "outside the 63.5x88.9mm card"}},
				{file: "templates.yaml", at: "minSize: |9pt", sev: 1, msg: []string{`box "text"`, "minSize 9pt is larger than its size 8pt"}},
			}},
		{rule: "template/override", name: "quiet-override-known-box",
			files: withFancy("      - {id: text, size: 9pt}\n      - {id: seal, type: icon, icon: flag, x: 50mm, y: 70mm, w: 6mm, h: 6mm}\n")},
		{rule: "template/override", name: "fires-misspelt-box",
			files: withFancy("      - {id: txet, size: 9pt}\n"),
			want: []want{{file: "templates.yaml", at: "id: |txet", sev: 1,
				msg:  []string{`template "fancy": box "txet" is not in the template it extends ("generic")`},
				hint: []string{`did you mean "text"?`}}}},
		{rule: "template/override", name: "quiet-pack-font-on-a-known-box",
			files: fontPack(string(goregular.TTF))},
		{rule: "template/override", name: "fires-pack-font-only-on-a-missing-box",
			files: fontPack(string(goregular.TTF)).with("templates.yaml", fancyTemplate("{id: nmae, font: fancy}")),
			want: []want{{file: "templates.yaml", at: "id: |nmae", sev: 1,
				msg:  []string{`box "nmae" is not in the template it extends ("generic")`, "no area (w and h)", `no other box uses its font "fancy", so the font is not printed either`},
				hint: []string{`did you mean "name"?`}}}},
		{rule: "template/override", name: "fires-new-line-and-text-boxes-that-draw-nothing",
			files: withFancy("      - {id: rule2, type: line, x: 5mm, y: 40mm, stroke: \"#000000\"}\n      - {id: caption, x: 5mm, y: 70mm, w: 40mm, h: 6mm, size: 8pt}\n"),
			want: []want{
				{file: "templates.yaml", at: "id: |rule2", sev: 1, msg: []string{`box "rule2"`, "as a new box it has no length (w or h), so it draws nothing"}},
				{file: "templates.yaml", at: "id: |caption", sev: 1, msg: []string{`box "caption"`, "has no text (text: or field:)"}},
			}},
		{rule: "template/override", name: "fires-box-of-a-template-of-its-own",
			files: genericPack("templates.yaml", templatesFile("  - id: plain\n    size: poker\n    boxes:\n      - {id: band, type: rect, x: 0mm, y: 0mm, w: 63.5mm, fill: \"#000000\"}\n")),
			want: []want{{file: "templates.yaml", at: "id: |band", sev: 1,
				exact: `template "plain": box "band" has no area (w and h), so it draws nothing`}}},
		{rule: "pack/output-collision", name: "quiet-distinct-outputs",
			files: genericPack("tokens.yaml", tokenSet("tokens", token("bullet", "", 1, "bullet")))},
		{rule: "pack/output-collision", name: "fires-deck-named-like-kit-file",
			files: genericPack("cards.yaml", edit(genericCards, "id: cards\n", "id: calibration\n")),
			want:  []want{{file: "cards.yaml", at: "id: |calibration", msg: []string{`deck "calibration" would write calibration.pdf`, "a file runforge writes for the kit itself"}}}},
		{rule: "pack/output-collision", name: "fires-deck-named-tokens",
			files: genericPack("cards.yaml", edit(genericCards, "id: cards\n", "id: tokens\n")),
			want: []want{
				{file: "cards.yaml", at: "id: |tokens", msg: []string{`deck "tokens" would write preview/tokens.png`}},
				{file: "cards.yaml", at: "id: |tokens", msg: []string{`deck "tokens" would write tokens.pdf`, "a file runforge writes for the kit itself"}},
			}},
	}
}
