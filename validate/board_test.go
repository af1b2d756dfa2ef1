package validate_test

import "github.com/runforge/runforge/validate"

// boardYAML is a board with one side of the given size, default space size
// and extra side lines (spaces:, grid:, ...).
func boardYAML(width, height, space, rest string) string {
	return `kind: Board
id: test-board
sides:
  - id: front
    width: ` + width + `
    height: ` + height + `
    space: {size: ` + space + `}
` + rest
}

// cleanBoard is a 200 x 100 mm side with three 30 mm spaces: one placed by
// hand, two on a grid.
var cleanBoard = boardYAML("200mm", "100mm", "30mm", `    grid: {columns: 2, x: 90mm, y: 50mm, dx: 60mm, dy: 40mm}
    spaces:
      - {label: START, x: 30mm, y: 50mm}
      - {number: 1}
      - {number: 2}
`)

func boardCases() []ruleCase {
	const geometry, overlap = "board/geometry", "board/overlap"
	outside := boardYAML("200mm", "100mm", "30mm", `    spaces:
      - {label: START, x: 10mm, y: 50mm}
      - {number: 1, x: 100mm, y: 50mm}
`)
	gridOutside := boardYAML("200mm", "100mm", "30mm", `    grid: {columns: 3, x: 30mm, y: 50mm, dx: 80mm, dy: 40mm}
    spaces:
      - {number: 1}
      - {number: 2}
      - {number: 3}
`)
	tooWide := boardYAML("2500mm", "100mm", "30mm", "    spaces: []\n")
	noHeight := boardYAML("200mm", "0mm", "30mm", "    spaces: []\n")
	tiny := boardYAML("200mm", "100mm", "30mm", `    spaces:
      - {number: 1, x: 50mm, y: 50mm, size: 4mm}
`)
	tinyDefault := boardYAML("200mm", "100mm", "3mm", `    spaces:
      - {number: 1, x: 50mm, y: 50mm}
`)
	touching := boardYAML("200mm", "100mm", "30mm", `    spaces:
      - {number: 1, x: 40mm, y: 50mm}
      - {number: 2, x: 70mm, y: 50mm}
`)
	overlapping := boardYAML("200mm", "100mm", "30mm", `    spaces:
      - {number: 1, x: 40mm, y: 50mm}
      - {number: 2, x: 60mm, y: 50mm}
      - {number: 3, x: 160mm, y: 50mm}
`)
	squares := edit(boardYAML("200mm", "100mm", "30mm", `    spaces:
      - {number: 1, x: 40mm, y: 50mm}
      - {number: 2, x: 65mm, y: 70mm}
`), "space: {size: 30mm}", "space: {size: 30mm, shape: square}")
	err, warn := validate.Error, validate.Warning
	return []ruleCase{
		{rule: geometry, name: "clean board", files: genericPack("board.yaml", cleanBoard)},
		{rule: geometry, name: "space beyond the left edge", files: genericPack("board.yaml", outside),
			want: []want{{file: "board.yaml", at: "x: |10mm", sev: err,
				exact: `board "test-board" side "front" space 1 ("START") (30mm across, centred at 10mm, 50mm) reaches 5mm beyond the left edge of the 200x100mm side`,
				hint:  []string{"move the space"}}}},
		{rule: geometry, name: "grid space beyond the right edge", files: genericPack("board.yaml", gridOutside),
			want: []want{{file: "board.yaml", at: "{number: 3}", sev: err,
				msg: []string{`space 3 (number 3)`, "centred at 190mm, 50mm", "reaches 5mm beyond the right edge"}}}},
		{rule: geometry, name: "two sides with one id", files: genericPack("board.yaml", cleanBoard+"  - {id: front, width: 200mm, height: 100mm, spaces: []}\n"),
			want: []want{{file: "board.yaml", at: "{id: |front", sev: err, hint: []string{"its own id"},
				exact: `board "test-board" has two sides with id "front"`}}},
		{rule: geometry, name: "side wider than 2000mm", files: genericPack("board.yaml", tooWide),
			want: []want{{file: "board.yaml", at: "2500mm", sev: err,
				exact: `board "test-board" side "front" is 2500mm wide; a side may be at most 2000mm`}}},
		{rule: geometry, name: "side without height", files: genericPack("board.yaml", noHeight),
			want: []want{{file: "board.yaml", at: "200mm", sev: err, msg: []string{"is 200x0mm: it has no area"}}}},
		{rule: geometry, name: "space under 5mm", files: genericPack("board.yaml", tiny),
			want: []want{{file: "board.yaml", at: "4mm", sev: err,
				exact: `board "test-board" side "front" space 1 (number 1) is 4mm across; spaces must be at least 5mm`}}},
		{rule: geometry, name: "default space size under 5mm", files: genericPack("board.yaml", tinyDefault),
			want: []want{{file: "board.yaml", at: "3mm", sev: err, msg: []string{"is 3mm across"}}}},
		{rule: overlap, name: "spaces that touch", files: genericPack("board.yaml", touching)},
		{rule: overlap, name: "round spaces overlap", files: genericPack("board.yaml", overlapping),
			want: []want{{file: "board.yaml", at: "x: |60mm", sev: warn, related: 1,
				exact: `board "test-board" side "front" space 2 (number 2) overlaps space 1 (number 1) by 10mm: one would print over the other`}}},
		{rule: overlap, name: "square spaces overlap", files: genericPack("board.yaml", squares),
			want: []want{{file: "board.yaml", at: "x: |65mm", sev: warn, related: 1, msg: []string{"overlaps space 1 (number 1) by 5mm"}}}},
	}
}
