package validate_test

import (
	"github.com/runforge/runforge/validate"
)

// figuresPack is the generic pack with a figure set of the given form and
// figures, counted towards a component "zombies" of the expected count.
func figuresPack(expected, form string, figures ...string) files {
	src := "kind: Figures\nid: zombies\n" + form + "\nfigures:\n"
	for _, f := range figures {
		src += "  - " + f + "\n"
	}
	return genericPack(
		"game.yaml", gameYAML("generic", genericComponents+"  - {id: zombies, name: Zombies, expected: "+expected+"}\n"),
		"figures.yaml", src)
}

const (
	pawnForm    = "pawn: {shape: square, size: 15mm}"
	standeeForm = "standee: {width: 22mm, height: 34mm}"
	zombieFig   = "{id: zombie, component: zombies, count: 30, icon: zombie, label: ZOMBIE}"
)

func figureCases() []ruleCase {
	const count, limit = "deck/count", "pack/limit"
	err := validate.Error
	return []ruleCase{
		{rule: count, name: "quiet: the pawns make up their component", files: figuresPack("30", pawnForm, zombieFig)},
		{rule: count, name: "quiet: the standees make up their component", files: figuresPack("30", standeeForm,
			"{id: big, component: zombies, count: 10, icon: zombie, label: BIG}", "{id: small, component: zombies, count: 20, icon: zombie, label: SMALL}")},
		{rule: count, name: "fires: one figure short of the component", files: figuresPack("31", pawnForm, zombieFig),
			want: []want{{file: "game.yaml", at: "expected: |31", sev: err,
				msg: []string{`component "zombies" expects 31 copies but the pack has 30`, "(30 in pack/figures.yaml)"}}}},
		{rule: limit, name: "quiet: sizes in range, standees fit letter paper", files: figuresPack("30", "standee: {width: 100mm, height: 100mm, base: slot}", zombieFig)},
		{rule: limit, name: "fires: pawn too small", files: figuresPack("30", "pawn: {shape: round, size: 8mm}", zombieFig),
			want: []want{{file: "figures.yaml", at: "size: |8mm", sev: err, msg: []string{`figure set "zombies": pawn size 8mm`, "12mm"}}}},
		{rule: limit, name: "fires: standee face too tall", files: figuresPack("30", "standee: {width: 20mm, height: 13cm}", zombieFig),
			want: []want{{file: "figures.yaml", at: "height: |13cm", sev: err, msg: []string{`figure set "zombies": standee height 13cm`}}}},
		{rule: limit, name: "fires: standee strip too tall for the paper", files: figuresPack("30", "standee: {width: 20mm, height: 120mm}", zombieFig),
			want: []want{{file: "figures.yaml", at: "height: |120mm", sev: err,
				exact: `the standees of figure set "zombies" print as a strip 20mm x 264mm (both faces and two 12mm tabs); with their crop marks it does not fit on letter paper inside a 6.35mm margin under the instructions and over the scale bar: a face may be at most 107.85mm tall and 194.2mm wide`}}},
	}
}
