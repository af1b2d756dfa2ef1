package validate_test

import (
	"io/fs"
	"testing"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
	"golang.org/x/image/font/gofont/goregular"
)

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
				hint: []string{`did you mean "text"? fix the spelling`}}}},
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
		{rule: "template/card-size", name: "quiet-deck-of-its-templates-size",
			files: genericPack("cards.yaml", genericCardsWith("size: poker\n"))},
		{rule: "template/card-size", name: "quiet-larger-card-clips-nothing",
			files: genericPack("spare.yaml", customDeck("spare", "70mm", "95mm"))},
		{rule: "template/card-size", name: "quiet-mini-deck-with-a-mini-template",
			files: genericPack("cards.yaml", genericCardsWith("size: mini\ntemplate: small\nback: small\n"),
				"templates.yaml", templatesFile("  - id: small\n    size: mini\n    boxes:\n      - {id: text, field: text, x: 3mm, y: 3mm, w: 38mm, h: 61mm, size: 8pt}\n"))},
		{rule: "template/card-size", name: "fires-mini-deck-with-poker-templates",
			files: genericPack("cards.yaml", genericCardsWith("size: mini\n")),
			want: []want{
				// One finding for the one cause, naming both templates.
				{file: "cards.yaml", at: "size: |mini", sev: validate.Error,
					exact: `deck "cards" prints 44x67mm cards (size: mini), but its face template "generic" and back template "generic-back" are drawn for 63.5x88.9mm cards: ` +
						`box "frame" (and 4 other boxes) reaches 59.8x85.2mm, outside the 44x67mm card, so the build would clip it`,
					hint: []string{"use a template drawn for 44x67mm cards, or give the deck the card size its template has (size: poker)"}},
			}},
		{rule: "template/card-size", name: "fires-custom-deck-with-a-pack-template",
			files: genericPack("cards.yaml", genericCardsWith("size: custom\nwidth: 50mm\nheight: 80mm\ntemplate: wide\nback: wide\n"),
				"templates.yaml", templatesFile("  - id: wide\n    size: custom\n    width: 60mm\n    height: 80mm\n    boxes:\n      - {id: text, field: text, x: 5mm, y: 5mm, w: 50mm, h: 70mm}\n")),
			want: []want{{file: "cards.yaml", at: "width: |50mm", sev: validate.Error, related: 1,
				msg:  []string{`deck "cards" prints 50x80mm cards (width: 50mm, height: 80mm)`, `face template "wide" is drawn for 60x80mm cards`, `box "text" reaches 55x75mm`},
				hint: []string{"(width: 60mm, height: 80mm)"}}}},
		{rule: "template/field", name: "fires-misspelt-field-on-a-generic-card",
			files: genericPack("cards.yaml", edit(genericCards, "  - id: card-b\n", "  - id: card-b\n    nmae: Beta\n")),
			want: []want{{file: "cards.yaml", at: "|nmae: Beta", sev: validate.Warning, hint: []string{`did you mean "name"? fix the spelling`},
				exact: `card "card-b" has field "nmae", which no box of its deck's templates shows, so it prints nowhere`}}},
		{rule: "template/field", name: "fires-template-on-a-generic-card",
			files: genericPack("cards.yaml", edit(genericCards, "  - id: card-b\n", "  - id: card-b\n    template: fancy\n")),
			want: []want{{file: "cards.yaml", at: "|template: fancy", sev: validate.Warning, hint: []string{"move template: to the deck"},
				exact: `card "card-b" has template: fancy, which a card does not take: every card of deck "cards" prints with the deck's template`}}},
		{rule: "template/override", name: "quiet-override-known-box",
			files: withFancy("      - {id: text, size: 9pt}\n      - {id: seal, type: icon, icon: flag, x: 50mm, y: 70mm, w: 6mm, h: 6mm}\n")},
		{rule: "template/override", name: "fires-misspelt-box",
			files: withFancy("      - {id: txet, size: 9pt}\n"),
			want: []want{{file: "templates.yaml", at: "id: |txet", sev: 1,
				msg:  []string{`template "fancy": box "txet" is not in the template it extends ("generic")`},
				hint: []string{`did you mean "text"?`}}}},
		{rule: "template/override", name: "fires-misspelt-box-with-full-geometry",
			files: withFancy("      - {id: txet, field: text, x: 5mm, y: 40mm, w: 50mm, h: 30mm, size: 9pt}\n"),
			want: []want{{file: "templates.yaml", at: "id: |txet", sev: 1,
				exact: `template "fancy": box "txet" is not in the template it extends ("generic"), so it is drawn as a new box and box "text" stays as it was`,
				hint:  []string{`did you mean "text"? fix the spelling`}}}},
		{rule: "template/override", name: "quiet-pack-font-on-a-known-box",
			files: fontPack(string(goregular.TTF))},
		{rule: "template/override", name: "fires-pack-font-only-on-a-missing-box",
			files: fontPack(string(goregular.TTF)).with("templates.yaml", fancyTemplate("{id: nmae, font: fancy}")),
			want: []want{{file: "templates.yaml", at: "id: |nmae", sev: 1,
				msg:  []string{`box "nmae" is not in the template it extends ("generic")`, "no area (w and h)", `no other box uses its font "fancy", so the font is not printed either`},
				hint: []string{`did you mean "name"? fix the spelling`}}}},
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

// TestTemplateWhenOfAnExtendedPack: a box of the extended pack's template
// that shows only on cards with a field (when:) stays quiet when the
// extending pack removes those cards: the box goes with them. The same box
// written by the pack itself still gets template/field.
func TestTemplateWhenOfAnExtendedPack(t *testing.T) {
	const tmpl = "kind: Templates\ntemplates:\n  - id: generic\n    extends: generic\n    boxes:\n      - {id: flag, type: text, text: FLAGGED, when: cost, x: 5mm, y: 70mm, w: 50mm, h: 8mm}\n"
	base := genericPack("cards.yaml", edit(genericCards, "    text: \"Nothing happens.\"", "    text: \"Nothing happens.\"\n    cost: 2"),
		"templates.yaml", tmpl).fs()
	removeB := "kind: Deck\nid: cards\ncardType: generic\ncards:\n  - {id: card-b, remove: true}\n  - {id: card-c, text: \"Run.\"}\n"
	manifest := gameYAML("generic", "extends: base\n")
	for _, tc := range []struct {
		name  string
		own   files
		fires bool
	}{
		{"quiet-base-box", files{"game.yaml": manifest, "cards.yaml": removeB}, false},
		{"fires-own-box", files{"game.yaml": manifest, "cards.yaml": removeB, "templates.yaml": edit(tmpl, "id: flag", "id: mine")}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, probs := schematest.LoadPackWith(tc.own.fs(), packRoot, schema.LoadOptions{
				Base: func(name string) (fs.FS, bool) { return base, name == "base" },
			})
			if p == nil {
				t.Fatalf("the pack does not load: %v", probs)
			}
			got := ofRule(validate.Pack(p, probs, withGames(validate.Options{})), "template/field")
			if (len(got) > 0) != tc.fires {
				t.Fatalf("template/field findings:\n%s", dump(got))
			}
		})
	}
}
