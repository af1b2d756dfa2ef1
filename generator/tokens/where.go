package tokens

import (
	"slices"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// setPages are the pages of tokens.pdf that hold the tokens of the token
// set e, or the pawns of the figure set e, their back pages included: the kit's index says where each
// component is. ok is false for an element that is no token set of the
// pack, or one with nothing printed.
func setPages(p *schema.Pack, e schema.Element, opts generator.PrintOptions) (first, last int, ok bool) {
	var holds func(t *schema.Token) bool
	switch set := e.(type) {
	case *schema.TokenSet:
		holds = func(t *schema.Token) bool { return slices.Contains(set.Tokens, t) }
	case *schema.FigureSet:
		// Its pawns, printed with the tokens.
		holds = func(t *schema.Token) bool { return t.Pawn != nil && t.Pawn.Set == set }
	default:
		return 0, 0, false
	}
	all, placements, _, err := tokenPlan(p, opts)
	if err != nil || len(all) == 0 {
		return 0, 0, false
	}
	sheets := tokenSheets(placements)
	on := make([]bool, len(sheets))
	for k, sheet := range sheets {
		on[k] = slices.ContainsFunc(sheet, func(pl layout.Placement) bool { return holds(all[pl.Item]) })
	}
	for n, pg := range tokenPages(all, sheets, opts).Pages {
		if pg.Sheet < len(on) && on[pg.Sheet] && !pg.Blank {
			if first == 0 {
				first = n + 1
			}
			last = n + 1
		}
	}
	return first, last, first > 0
}
