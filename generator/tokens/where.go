package tokens

import (
	"slices"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/schema"
)

// setPages are the pages of tokens.pdf that hold the tokens of the token
// set e, or the pawns of the figure set e (or its standees, when they share
// the token sheets), by the component each counts
// towards: the kit's index says where each component is. A piece is on
// the page of its sheet's fronts, and a two-sided token also on the back
// page that holds its back (with duplex, or on pages of their own under
// --duplex none). An element with no piece on the sheets has none.
func setPages(p *schema.Pack, e schema.Element, opts generator.PrintOptions) map[string][]int {
	var holds func(t *schema.Token) bool
	switch set := e.(type) {
	case *schema.TokenSet:
		holds = func(t *schema.Token) bool { return slices.Contains(set.Tokens, t) }
	case *schema.FigureSet:
		if set.Standee != nil {
			return standeePages(p, set, opts)
		}
		// Its pawns, printed with the tokens.
		holds = func(t *schema.Token) bool { return t.Pawn != nil && t.Pawn.Set == set }
	default:
		return nil
	}
	all, placements, _, err := tokenPlan(p, opts)
	if err != nil || len(all) == 0 {
		return nil
	}
	front, back := sheetPages(tokenPages(all, tokenSheets(placements), opts))
	var out map[string][]int
	add := func(component string, page int) {
		if page == 0 {
			return
		}
		if out == nil {
			out = map[string][]int{}
		}
		if i, found := slices.BinarySearch(out[component], page); !found {
			out[component] = slices.Insert(out[component], i, page)
		}
	}
	for _, pl := range placements {
		t := all[pl.Item]
		if !holds(t) {
			continue
		}
		add(t.Component, front[pl.Page])
		if t.BackFace() != nil {
			add(t.Component, back[pl.Page])
		}
	}
	return out
}

// sheetPages are, by sheet, the page numbers (from 1) of its fronts and
// of its back page (0 for none, or a blank one).
func sheetPages(plan impose.Plan) (front, back map[int]int) {
	front, back = map[int]int{}, map[int]int{}
	for i, pg := range plan.Pages {
		switch {
		case pg.Side == impose.Front:
			front[pg.Sheet] = i + 1
		case !pg.Blank:
			back[pg.Sheet] = i + 1
		}
	}
	return front, back
}

// standeePages are the page of tokens.pdf that holds the standees of set,
// by component, when the pack's standees share its token sheets.
func standeePages(p *schema.Pack, set *schema.FigureSet, opts generator.PrintOptions) map[string][]int {
	sb, ok := standeeBand(p, opts)
	if !ok || !p.Prints(set) {
		return nil
	}
	all, placements, _, err := tokenPlan(p, opts)
	if err != nil {
		return nil
	}
	front, _ := sheetPages(tokenPages(all, tokenSheets(placements), opts))
	out := map[string][]int{}
	for _, f := range p.PrintedFigures(true) {
		if f.Set == set {
			out[f.Component] = []int{front[sb.at.Page]}
		}
	}
	return out
}
