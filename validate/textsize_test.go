package validate_test

import "github.com/runforge/runforge/validate"

func textSizeCases() []ruleCase {
	const rule = "text/min-size"
	withFancy := func(boxes string) files {
		return genericPack("cards.yaml", genericCardsWith("template: fancy\n"),
			"templates.yaml", templatesFile("  - id: fancy\n    extends: generic\n    boxes:\n"+boxes))
	}
	boardWith := func(size string) files {
		return genericPack("board.yaml", boardYAML("200mm", "100mm", "30mm", `    spaces:
      - {number: 1, x: 100mm, y: 50mm}
    texts:
      - {text: "Go this way", x: 5mm, y: 5mm, w: 60mm, h: 10mm, size: `+size+`}
`))
	}
	return []ruleCase{
		{rule: rule, name: "quiet-6pt-and-more",
			files: withFancy("      - {id: text, size: 8pt, minSize: 6pt}\n")},
		{rule: rule, name: "quiet-board-text-at-6pt", files: boardWith("6pt")},
		{rule: rule, name: "fires-box-size-and-min-size",
			files: withFancy("      - {id: text, size: 8pt, minSize: 5pt}\n      - {id: note, text: hi, x: 5mm, y: 70mm, w: 40mm, h: 6mm, size: 4pt}\n"),
			want: []want{
				{file: "templates.yaml", at: "minSize: |5pt", sev: validate.Error, msg: []string{`template "fancy" box "text" minSize: 5pt is under 6pt`}},
				{file: "templates.yaml", at: "size: |4pt", sev: validate.Error, msg: []string{`template "fancy" box "note" size: 4pt is under 6pt`}},
			}},
		{rule: rule, name: "fires-board-text", files: boardWith("5.5pt"),
			want: []want{{file: "board.yaml", at: "size: |5.5pt", sev: validate.Error, msg: []string{`board "test-board" side "front" text 1 size: 5.5pt is under 6pt`}}}},
	}
}
