package tokens

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// pawnFS is a pack of one token set and two sets of pawns, a square one
// with a player colour and a round one, counted towards components.
func pawnFS() fstest.MapFS {
	return fstest.MapFS{
		"game.yaml": {Data: []byte("kind: Game\nid: t\ntitle: T\nsystem: generic\ncomponents:\n" +
			"  - {id: zombies, name: Zombies, expected: 12}\n  - {id: players, name: Players, expected: 2}\n")},
		"tokens.yaml": {Data: []byte("kind: Tokens\nid: tokens\ntokens:\n  - {id: bullet, count: 5, shape: round, size: 16mm, icon: bullet}\n")},
		"zombies.yaml": {Data: []byte("kind: Figures\nid: zombies\npawn: {shape: square, size: 15mm}\nfigures:\n" +
			"  - {id: zombie, component: zombies, count: 12, icon: zombie, label: ZOMBIE}\n")},
		"players.yaml": {Data: []byte("kind: Figures\nid: players\npawn: {shape: round, size: 20mm}\nfigures:\n" +
			"  - {id: red, component: players, count: 1, icon: survivor-m, label: PLAYER, color: \"#c1121f\", mark: R}\n" +
			"  - {id: white, component: players, count: 1, icon: survivor-f, label: PLAYER, color: \"#f4f4f4\", mark: W}\n")},
	}
}

// TestPawnSheetGolden pins a token sheet that holds pawns with the tokens:
// the pawns take their place by size among the tokens, on one sheet.
func TestPawnSheetGolden(t *testing.T) {
	p := loadTokenPack(t, pawnFS())
	r := testRenderer(t)
	opts := generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Duplex: layout.LongEdge}
	all, placements, sheets, err := tokenPlan(p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 19 || sheets != 1 {
		t.Fatalf("%d copies on %d sheets, want 19 on 1", len(all), sheets)
	}
	sink := &rendertest.PageLog{}
	r.imposeTokens(sink, all, placements, opts)
	if sink.Pages != 1 {
		t.Errorf("%d pages, want 1", sink.Pages)
	}
	golden.CheckNamed(t, "tokens-pawns.txt", sink.Rec.String())
}

// The kit's index says on which page of tokens.pdf each pawn is, under its
// component (setPages) and under tokens.pdf; a pack without pawns says
// nothing of them.
func TestPawnsWhere(t *testing.T) {
	p := loadTokenPack(t, pawnFS())
	opts := generator.PrintOptions{Paper: layout.Papers["a4"], Margin: layout.DefaultMargin, Duplex: layout.LongEdge}
	for _, fs := range p.FigureSets() {
		if got, want := setPages(p, fs, opts), map[string][]int{fs.ID: {1}}; !maps.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s: pages %v, want %v", fs.ID, got, want)
		}
	}
	index := strings.Join(indexTokens(p, opts), "\n")
	if !strings.Contains(index, "pawns zombie x12 (zombie, 15 mm square): page 1; one-sided") {
		t.Errorf("index lacks the zombie pawns:\n%s", index)
	}
	plain := loadTokenPack(t, twoSidedFS(""))
	if strings.Contains(strings.Join(indexTokens(plain, opts), "\n"), "pawn") {
		t.Error("a pack without pawns mentions pawns")
	}
}

// Pawns spill onto a further sheet when the token sheets are full, and
// their set's pages say so.
func TestPawnsOnTwoSheets(t *testing.T) {
	fs := pawnFS()
	fs["zombies.yaml"].Data = []byte(strings.Replace(string(fs["zombies.yaml"].Data), "count: 12", "count: 150", 1))
	p := loadTokenPack(t, fs)
	opts := generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Duplex: layout.LongEdge}
	zombies := p.FigureSets()[slices.IndexFunc(p.FigureSets(), func(fs *schema.FigureSet) bool { return fs.ID == "zombies" })]
	if got := setPages(p, zombies, opts); !slices.Equal(got["zombies"], []int{1, 2}) || len(got) != 1 {
		t.Errorf("pages %v, want zombies on 1 and 2", got)
	}
}

// The bundled kits print their pawns in the room their token sheets leave:
// on Letter and on A4, with and without its figures, each pack's
// tokens.pdf has as many pages. The campaign prints the pawns of the
// Reloaded pack it extends.
func TestBundledPawnsCostNoPages(t *testing.T) {
	for _, pack := range []string{"run-for-your-life", "run", "just-run", "run-fight-or-die", "run-fight-or-die-reloaded"} {
		p := rendertest.LoadBundled(t, pack)
		bare := *p
		bare.Elements = slices.DeleteFunc(slices.Clone(p.Elements), func(e schema.Element) bool { return e.Kind() == "Figures" })
		for _, paper := range []string{"letter", "a4"} {
			opts := generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Duplex: layout.LongEdge}
			pages := func(p *schema.Pack) int {
				all, placements, _, err := tokenPlan(p, opts)
				if err != nil {
					t.Fatal(err)
				}
				return len(tokenPages(all, tokenSheets(placements), opts).Pages)
			}
			with, without := pages(p), pages(&bare)
			t.Logf("%s on %s: tokens.pdf %d pages with its pawns, %d without", pack, paper, with, without)
			if with != without {
				t.Errorf("%s on %s: the pawns take tokens.pdf from %d to %d pages", pack, paper, without, with)
			}
		}
	}
}
