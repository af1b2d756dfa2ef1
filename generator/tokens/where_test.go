package tokens

import (
	"maps"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/layout"
)

// wherePackFS is a token set of three components: one tile, 200 wounds
// (two Letter sheets) and two hidden-value tokens with backs.
func wherePackFS() fstest.MapFS {
	return fstest.MapFS{
		"game.yaml": {Data: []byte("kind: Game\nid: t\ntitle: T\nsystem: generic\ncomponents:\n" +
			"  - {id: tile, name: Tile, expected: 1}\n  - {id: wounds, name: Wounds, expected: 200}\n  - {id: hidden, name: Hidden, expected: 2}\n")},
		"tokens.yaml": {Data: []byte("kind: Tokens\nid: tokens\ntokens:\n" +
			"  - {id: tile, component: tile, count: 1, shape: square, size: 40mm, label: TILE}\n" +
			"  - {id: wound, component: wounds, count: 200, shape: round, size: 16mm, label: W}\n" +
			"  - {id: hidden-a, component: hidden, count: 1, shape: round, size: 20mm, label: H, back: {label: \"1\"}}\n" +
			"  - {id: hidden-b, component: hidden, count: 1, shape: round, size: 20mm, label: H, back: {label: \"2\"}}\n")},
	}
}

// A component's pages are those its own pieces land on, not those of its
// whole token set: a piece on one page reports that page, pieces on two
// sheets report both, and a two-sided token adds the page of its back.
func TestSetPagesByComponent(t *testing.T) {
	p := loadTokenPack(t, wherePackFS())
	set := p.TokenSets()[0]
	for _, tc := range []struct {
		name   string
		duplex layout.Duplex
		want   map[string][]int
	}{
		// Sheet 1: front 1, back 2; sheet 2 (one-sided tokens only): 3.
		{"duplex", layout.LongEdge, map[string][]int{"tile": {1}, "wounds": {1, 3}, "hidden": {1, 2}}},
		// Fronts 1 and 2, then the backs of sheet 1 on a page of their own.
		{"duplex none", layout.NoDuplex, map[string][]int{"tile": {1}, "wounds": {1, 2}, "hidden": {1, 3}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Duplex: tc.duplex}
			if got := setPages(p, set, opts); !maps.EqualFunc(got, tc.want, slices.Equal) {
				t.Errorf("pages %v, want %v", got, tc.want)
			}
		})
	}
}
