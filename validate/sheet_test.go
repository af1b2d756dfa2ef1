package validate_test

import (
	"fmt"

	"github.com/runforge/runforge/validate"
)

// tile is a card-size sheet of the given size that may print with another.
func tile(id, size, printWith string) string {
	s := fmt.Sprintf("kind: Sheet\nid: %s\nsize: custom\nwidth: 50mm\nheight: 35mm\nfront:\n  - heading: %s\n", id, id)
	if size != "" {
		s = fmt.Sprintf("kind: Sheet\nid: %s\nsize: %s\nfront:\n  - heading: %s\n", id, size, id)
	}
	if printWith != "" {
		s += "printWith: " + printWith + "\n"
	}
	return s
}

func sheetCases() []ruleCase {
	const rule = validate.RuleSheetPrintWith
	err := validate.Error
	return []ruleCase{
		{rule: rule, name: "quiet-same-size", files: genericPack("a.yaml", tile("tile-a", "", ""), "b.yaml", tile("tile-b", "", "tile-a"), "c.yaml", tile("tile-c", "", "tile-a"))},
		{rule: rule, name: "quiet-no-print-with", files: genericPack("a.yaml", tile("tile-a", "poker", ""))},
		{rule: rule, name: "fires-unknown", files: genericPack("a.yaml", tile("tile-a", "", ""), "b.yaml", tile("tile-b", "", "tile-aa")),
			want: []want{{file: "b.yaml", at: "printWith: |tile-aa", sev: err, hint: []string{`did you mean "tile-a"? fix the spelling`},
				exact: `sheet "tile-b" prints with "tile-aa", which is not a sheet of this pack`}}},
		{rule: rule, name: "fires-itself", files: genericPack("a.yaml", tile("tile-a", "", "tile-a")),
			want: []want{{file: "a.yaml", at: "printWith: |tile-a", sev: err, exact: `sheet "tile-a" prints with itself`}}},
		{rule: rule, name: "fires-chain", files: genericPack("a.yaml", tile("tile-a", "", ""), "b.yaml", tile("tile-b", "", "tile-a"), "c.yaml", tile("tile-c", "", "tile-b")),
			want: []want{{file: "c.yaml", at: "printWith: |tile-b", sev: err, related: 1, hint: []string{`print with "tile-a" directly`},
				exact: `sheet "tile-c" prints with "tile-b", which itself prints with "tile-a"`}}},
		{rule: rule, name: "fires-other-size", files: genericPack("a.yaml", tile("tile-a", "poker", ""), "b.yaml", tile("tile-b", "", "tile-a")),
			want: []want{{file: "b.yaml", at: "printWith: |tile-a", sev: err, related: 1,
				exact: `sheet "tile-b" cannot print with "tile-a": it is 50x35mm and "tile-a" is 63.5x88.9mm`}}},
		{rule: rule, name: "fires-page-size", files: genericPack("a.yaml", tile("tile-a", "page", ""), "b.yaml", tile("tile-b", "page", "tile-a")),
			want: []want{{file: "b.yaml", at: "printWith: |tile-a", sev: err, related: 1, msg: []string{`sheet "tile-b" is page-size; only card sizes share pages`}}}},
	}
}
