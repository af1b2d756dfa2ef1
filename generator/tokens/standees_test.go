package tokens

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// standeePackFS is a token set (one two-sided sheet's worth) and two
// standees, or as many as count says.
func standeePackFS(count string) fstest.MapFS {
	return fstest.MapFS{
		"game.yaml": {Data: []byte("kind: Game\nid: t\ntitle: T\nsystem: generic\ncomponents:\n" +
			"  - {id: chips, name: Chips, expected: 20}\n  - {id: heroes, name: Heroes, expected: " + count + "}\n")},
		"tokens.yaml": {Data: []byte("kind: Tokens\nid: tokens\nback: {label: X}\ntokens:\n" +
			"  - {id: chip, component: chips, count: 20, shape: round, size: 20mm, label: C}\n")},
		"heroes.yaml": {Data: []byte("kind: Figures\nid: heroes\nstandee: {width: 22mm, height: 30mm}\nfigures:\n" +
			"  - {id: hero, component: heroes, count: " + count + ", icon: survivor-m, label: HERO}\n")},
	}
}

// The standees share the token sheets when they fit the room the tokens
// leave on a sheet they use (one-sided, on the front of a two-sided
// sheet): the band goes under the tokens, the standees' component is on
// that page, the index says so, and back pages keep clear of the place
// behind them. When they would need a sheet of their own they stay on
// figures.pdf.
func TestStandeesShareTokenSheets(t *testing.T) {
	for _, paper := range []string{"letter", "a4"} {
		opts := generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Duplex: layout.LongEdge}
		p := loadTokenPack(t, standeePackFS("2"))
		sb, ok := standeeBand(p, opts)
		if !ok || !StandeesOnTokens(p, opts) {
			t.Fatalf("%s: two standees do not share a sheet with 20 tokens", paper)
		}
		all, placements, sheets, err := tokenPlan(p, opts)
		if err != nil || sheets != 1 || sb.at.Page != 0 {
			t.Fatalf("%s: %d sheets, band on sheet %d (%v)", paper, sheets, sb.at.Page, err)
		}
		band := sb.rect()
		area := layout.Printable(opts.Paper, opts.Margin)
		if band.Bottom() > area.Bottom() || band.X < area.X || band.Right() > area.Right()+1e-9 {
			t.Errorf("%s: band %+v outside the printable area %+v", paper, band, area)
		}
		for _, pl := range placements {
			if pl.Trim.Bottom()+tokenGap > band.Y {
				t.Errorf("%s: token at %+v reaches into the band at %.2f", paper, pl.Trim, band.Y)
			}
		}
		heroes := p.FigureSets()[0]
		if got, want := setPages(p, heroes, opts), map[string][]int{"heroes": {1}}; !maps.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s: standee pages %v, want %v", paper, got, want)
		}
		index := strings.Join(indexTokens(p, opts), "\n")
		if !strings.Contains(index, "standees hero x2 (hero): 22 x 30 mm faces, base tabs; page 1, one-sided on the sheet's front") {
			t.Errorf("%s: index lacks the standees:\n%s", paper, index)
		}
		sink := &tokenPageSink{}
		if n := testRenderer(t).imposeSheets(sink, all, placements, &sb, opts); n != 2 {
			t.Fatalf("%s: %d pages, want the sheet's front and back", paper, n)
		}
		if front := sink.pages[0].String(); strings.Count(front, "HERO") != 4 || !strings.Contains(front, "Standees: cut along") {
			t.Errorf("%s: the front lacks the two standees' four faces or their header", paper)
		}
		if back := sink.pages[1].String(); strings.Contains(back, "HERO") {
			t.Errorf("%s: a standee's face on the back page", paper)
		}
		// 24 standees need more than the room left: figures.pdf keeps them.
		if many := loadTokenPack(t, standeePackFS("24")); StandeesOnTokens(many, opts) {
			t.Errorf("%s: 24 standees share the token sheet", paper)
		}
		// A pack without tokens has no token sheet to share.
		noTokens := *p
		noTokens.Elements = slices.DeleteFunc(slices.Clone(p.Elements), func(e schema.Element) bool { return e.Kind() == "Tokens" })
		if StandeesOnTokens(&noTokens, opts) {
			t.Errorf("%s: standees share the sheets of a pack without tokens", paper)
		}
	}
}

// Of the bundled kits, RUN's two standees share its token sheet on Letter
// and A4 (saving figures.pdf's page); Run For Your Life's eight, in two
// rows, would need a sheet of their own and stay on figures.pdf.
func TestBundledStandeesOnTokens(t *testing.T) {
	for _, tc := range []struct {
		pack string
		want bool
	}{{"run", true}, {"run-for-your-life", false}} {
		p := rendertest.LoadBundled(t, tc.pack)
		for _, paper := range []string{"letter", "a4"} {
			opts := generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Duplex: layout.LongEdge}
			if got := StandeesOnTokens(p, opts); got != tc.want {
				t.Errorf("%s on %s: standees on the token sheets %v, want %v", tc.pack, paper, got, tc.want)
			}
		}
	}
}
