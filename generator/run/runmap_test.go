package run

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	runschema "github.com/runforge/runforge/schema/run"
	"github.com/runforge/runforge/schema/schematest"
)

// loadRunMaps loads the map fixtures: the base (card 1 side a) and
// water (card 2 side a) maps, docks (card 2 side b: every advanced
// feature) and summit (card 3 side a: terrain levels 2 and 3, a bridge,
// ice, a vine, a diagonal ladder and rules text).
func loadRunMaps(t testing.TB) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS("testdata/runmap"), "runmap")
	if p == nil || len(probs) > 0 {
		t.Fatalf("the map fixtures do not load: %v", probs)
	}
	return p
}

// mapOpts are the print options of a test build of maps.
func mapOpts(paper string, d layout.Duplex) generator.PrintOptions {
	return generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
		Duplex: d, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		BackOffset: layout.Point{X: 0.7, Y: -0.4}}
}

// mapSink records each page of maps.pdf on a recording of its own.
type mapSink struct{ pages []*draw.Recorder }

// AddPage implements pageSink.
func (s *mapSink) AddPage(w, h float64) draw.Canvas {
	r := &draw.Recorder{}
	r.Logf("page %.2fx%.2f", w, h)
	s.pages = append(s.pages, r)
	return r
}

// pageKey names a page of maps.pdf in tests: card, copy and side ("-" for a
// blank back), and "back" on a duplex back.
func pageKey(pg mapPage) string {
	side := "-"
	if pg.face != nil {
		side = pg.face.Side
	}
	s := fmt.Sprintf("%d.%d%s", pg.card.number, pg.copy, side)
	if pg.back {
		s += " back"
	}
	return s
}

// mapPages lists the pages of maps.pdf, as mapPlan orders them.
func mapPages(cards []mapCard, d layout.Duplex) []mapPage {
	var pages []mapPage
	for _, pg := range mapPlan(cards, layout.Paper{}, d).Pages {
		pages = append(pages, mapPageOf(cards, pg, d))
	}
	return pages
}

func TestMapPagesOrder(t *testing.T) {
	p := loadRunMaps(t)
	duplex := []string{"1.1a", "1.1- back", "1.2a", "1.2- back", "2.1a", "2.1b back", "2.2a", "2.2b back",
		"3.1a", "3.1- back", "3.2a", "3.2- back"}
	cases := []struct {
		name string
		d    layout.Duplex
		want []string
	}{
		{"long", layout.LongEdge, duplex},
		{"short", layout.ShortEdge, duplex},
		{"none", layout.NoDuplex, []string{"1.1a", "1.2a", "2.1a", "2.1b", "2.2a", "2.2b", "3.1a", "3.2a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			pages := mapPages(mapCards(p), c.d)
			for _, pg := range pages {
				got = append(got, pageKey(pg))
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("pages\n got %v\nwant %v", got, c.want)
			}
			r, _ := generator.NewRenderer(false, kinds.Shared(), Game())
			sink := &mapSink{}
			if n := imposeMaps(r, sink, mapCards(p), mapOpts("letter", c.d)); n != len(c.want) || len(sink.pages) != n {
				t.Errorf("%d pages drawn (%d added), want %d", n, len(sink.pages), len(c.want))
			}
			// Every page says which card, copy and side it holds.
			for i, rec := range sink.pages {
				pg := pages[i]
				want := fmt.Sprintf("map card %d", pg.card.number)
				if pg.face != nil {
					want += " side " + pg.face.Side
				}
				want += fmt.Sprintf(", copy %d of 2", pg.copy)
				if !strings.Contains(rec.String(), want) {
					t.Errorf("page %d (%s) is not labelled %q", i+1, pageKey(pg), want)
				}
			}
		})
	}
}

// A card whose sides come in the wrong order, or twice, still prints every
// side: side a in front, and a second side a on a card of its own.
func TestMapCardsPairing(t *testing.T) {
	m := func(id string, card int, side string) string {
		return fmt.Sprintf("kind: Map\nid: %s\ncard: %d\nside: %s\nnumber: \"%d%s\"\nlevels: |\n  . . . . . .\n", id, card, side, card, side)
	}
	p, _ := schematest.LoadPack(fstest.MapFS{
		"game.yaml": {Data: []byte("kind: Game\nid: x\ntitle: X\nsystem: run\ncomponents: []\n")},
		"1.yaml":    {Data: []byte(m("two-b", 2, "b"))},
		"2.yaml":    {Data: []byte(m("one-a", 1, "a"))},
		"3.yaml":    {Data: []byte(m("two-a", 2, "a"))},
		"4.yaml":    {Data: []byte(m("two-a-again", 2, "a"))},
	}, "x")
	if p == nil {
		t.Fatal("the pack does not load")
	}
	var got []string
	for _, c := range mapCards(p) {
		back := "-"
		if c.back != nil {
			back = c.back.ID
		}
		got = append(got, fmt.Sprintf("%d:%s/%s", c.number, c.front.ID, back))
	}
	want := "1:one-a/- 2:two-a/two-b 2:two-a-again/-"
	if strings.Join(got, " ") != want {
		t.Errorf("cards %v, want %s", got, want)
	}
}

// Side b lands behind side a: the back's trim, flipped the way the sheet
// turns over and shifted back by the offset, is the front's trim; a
// short-edge back is drawn turned 180 degrees. The recording shows the
// face drawn at exactly that trim.
func TestMapBackRegistration(t *testing.T) {
	p := loadRunMaps(t)
	for _, paper := range []string{"letter", "a4"} {
		for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge} {
			opts := mapOpts(paper, d)
			pages := mapPages(mapCards(p), d)
			r, _ := generator.NewRenderer(false, kinds.Shared(), Game())
			sink := &mapSink{}
			imposeMaps(r, sink, mapCards(p), opts)
			front := mapTrim(opts.Paper)
			for i, pg := range pages {
				trim, turn := mapPlacement(pg, opts)
				if !pg.back {
					if trim != front || turn != 0 {
						t.Errorf("%s %s page %d: front at %+v turned %v", paper, d, i+1, trim, turn)
					}
					continue
				}
				// Turn the sheet over: long edge mirrors x, short edge y.
				flipped := layout.Rect{X: trim.X - opts.BackOffset.X, Y: trim.Y - opts.BackOffset.Y, W: trim.W, H: trim.H}
				wantTurn := 0.0
				if d == layout.LongEdge {
					flipped.X = opts.Paper.W - flipped.X - flipped.W
				} else {
					flipped.Y = opts.Paper.H - flipped.Y - flipped.H
					wantTurn = 180
				}
				if !nearRect(flipped, front) || turn != wantTurn {
					t.Errorf("%s %s page %d: back at %+v turned %v lands at %+v, not behind the front %+v", paper, d, i+1, trim, turn, flipped, front)
				}
				if pg.face == nil {
					continue
				}
				rec := sink.pages[i].String()
				if want := fmt.Sprintf("translate %.2f %.2f", trim.X, trim.Y); !strings.Contains(rec, want) {
					t.Errorf("%s %s page %d: face not drawn at the back trim (%s)", paper, d, i+1, want)
				}
				if gotRotate := strings.Contains(rec, "rotate 180 "); gotRotate != (wantTurn == 180) {
					t.Errorf("%s %s page %d: turned %v, want %v", paper, d, i+1, gotRotate, wantTurn)
				}
			}
		}
	}
}

func nearRect(a, b layout.Rect) bool {
	const eps = 0.011
	return math.Abs(a.X-b.X) < eps && math.Abs(a.Y-b.Y) < eps && math.Abs(a.W-b.W) < eps && math.Abs(a.H-b.H) < eps
}

// The card with its bleed and crop marks fits inside the printer margin of
// both papers.
func TestMapCardFitsPaper(t *testing.T) {
	for _, paper := range []string{"letter", "a4"} {
		opts := mapOpts(paper, layout.LongEdge)
		art := mapTrim(opts.Paper).Inset(-mapBleed(opts) - layout.MarkGap - layout.MarkLength)
		area := layout.Printable(opts.Paper, opts.Margin)
		if art.X < area.X || art.Y < area.Y || art.Right() > area.Right() || art.Bottom() > area.Bottom() {
			t.Errorf("%s: card with bleed and marks %+v is outside the printable area %+v", paper, art, area)
		}
	}
}

// checkMapGolden compares got with testdata/runmap/golden/name, or rewrites
// it with -update.
func checkMapGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "runmap", "golden", name), got)
}

func TestMapFaceGolden(t *testing.T) {
	p := loadRunMaps(t)
	byID := map[string]*runschema.Map{}
	for _, m := range runschema.Maps(p) {
		byID[m.ID] = m
	}
	cases := []struct {
		golden, id         string
		inkSaver, grayscal bool
	}{
		{"docks.txt", "docks", false, false},
		{"summit.txt", "summit", false, false},
		{"base-inksaver-gray.txt", "base", true, true},
	}
	base, _ := generator.NewRenderer(false, kinds.Shared(), Game())
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			rec := &draw.Recorder{}
			DrawMapFace(base.WithOptions(c.inkSaver, c.grayscal), rec, byID[c.id], 3)
			checkMapGolden(t, c.golden, rec.String())
		})
	}
}

// The face shows every feature of the docks map: one white arrow per
// current, a building outline, the crossed-out gadgets' names, the rules
// text, the number and the name.
func TestMapFaceShowsFeatures(t *testing.T) {
	p := loadRunMaps(t)
	var docks *runschema.Map
	for _, m := range runschema.Maps(p) {
		if m.ID == "docks" {
			docks = m
		}
	}
	r, _ := generator.NewRenderer(false, kinds.Shared(), Game())
	rec := &draw.Recorder{}
	DrawMapFace(r, rec, docks, 0)
	out := rec.String()
	for _, want := range []string{`"2b"`, `"Docks"`, `"Crowbar"`, `"Hook"`, `"You may not step from C3 to C4."`, `"A"`, `"F"`, `"6"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the face lacks text %s", want)
		}
	}
	if n := strings.Count(out, "fill=#ffffff\n"); n == 0 {
		t.Error("no white shapes (current arrows, icons)")
	}
}

// Spaces differ in lightness, not only in hue: ground, ice, terrain by
// level, water and roofs are told apart in grey.
func TestMapShadingReadsInGrey(t *testing.T) {
	spaces := map[string]runschema.MapSymbol{
		"ground": {Level: 0}, "roof": {Level: 1, Building: true}, "high roof": {Level: 2, Building: true},
		"water": {Level: -1, Water: true}, "terrain 1": {Level: 1}, "terrain 2": {Level: 2}, "terrain 3": {Level: 3},
	}
	seen := map[uint8]string{}
	for name, sym := range spaces {
		g := mapSpaceColour(&runschema.MapSpace{MapSymbol: sym}).Gray().R
		for v, other := range seen {
			if d := int(v) - int(g); d > -8 && d < 8 {
				t.Errorf("%s (%d) and %s (%d) are the same grey", name, g, other, v)
			}
		}
		seen[g] = name
	}
	ground := mapSpaceColour(&runschema.MapSpace{}).Gray().R
	for _, dark := range []string{"roof", "water", "terrain 2"} {
		sp := spaces[dark]
		if g := mapSpaceColour(&runschema.MapSpace{MapSymbol: sp}).Gray().R; g >= ground {
			t.Errorf("%s is not darker than ground", dark)
		}
	}
}

// The same pack writes byte-identical PDFs.
func TestWriteMapsDeterministic(t *testing.T) {
	p := loadRunMaps(t)
	r, _ := generator.NewRenderer(false, kinds.Shared(), Game())
	for _, d := range []layout.Duplex{layout.LongEdge, layout.NoDuplex} {
		var a, b bytes.Buffer
		na, err := WriteMaps(r, &a, p, mapOpts("a4", d))
		if err != nil {
			t.Fatal(err)
		}
		nb, _ := WriteMaps(r, &b, p, mapOpts("a4", d))
		if na != nb || !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two writes differ (%d and %d pages)", d, na, nb)
		}
		want := 12
		if d == layout.NoDuplex {
			want = 8
		}
		if na != want {
			t.Errorf("%s: %d pages, want %d", d, na, want)
		}
	}
}

// Bad input draws what it can and never panics: a picture that is no
// grid, cells off the map, unknown actions and kinds, one-ended tunnels,
// odd levels and currents, an empty gadget id.
func TestMapFaceBadInput(t *testing.T) {
	odd := &runschema.MapGrid{}
	for row := range runschema.MapSize {
		for col := range runschema.MapSize {
			sym := runschema.MapSymbol{Level: (row*7+col*3)%13 - 6, Building: col%2 == 0, Water: row == 2, Ice: col == 5, Bridge: row == 2 && col == 3, Current: []string{"", "N", "Q", "SE"}[col%4]}
			odd[row][col] = runschema.MapSpace{MapSymbol: sym, Cell: runschema.Cell{Col: col, Row: row}}
		}
	}
	maps := []*runschema.Map{
		{ID: "no-grid", Card: 1, Side: "a"},
		{ID: "bad", Card: 1, Side: "b", Number: strings.Repeat("9", 40), Grid: odd,
			Stashes: []string{"Z9", "A1", "", "A1", "A1", "A1", "A1"},
			Spawns:  []*runschema.MapSpawn{{Number: -3, At: "A1"}},
			Access: []*runschema.MapAccess{{Kind: "rope", From: "A1", To: "A1", Actions: []string{"jump"}},
				{Kind: "ladder", From: "A1", To: "C3", Actions: []string{"silent-Q", "", "wild-", "sprint-NE", "wild-diagonal"}}},
			Tunnels:           []*runschema.MapTunnel{{Ends: []string{"A1"}}, {Ends: []string{"A1", "A1"}}, {Ends: []string{"B2", "B5"}, Actions: []*runschema.MapTunnelIcon{{From: "C9", Action: "x"}, {From: "B5"}}}},
			ZipLines:          []*runschema.MapZipLine{{Start: "A1", End: "H9"}, {Start: "A1", End: "F6", Style: "bridge"}},
			Links:             []*runschema.MapLink{{From: "A1", To: "B1"}, {From: "B1", To: "B1"}},
			CrossedOutGadgets: []string{"x", "", "hook", "smoke-bomb", "crowbar", "jetpack", "jet-ski", "scuba-gear", "more", "more"},
			RulesText:         []*runschema.MapRulesText{{Text: "{nope} {"}, {Text: strings.Repeat("word ", 300)}},
		},
	}
	r, _ := generator.NewRenderer(false, kinds.Shared(), Game())
	for _, m := range maps {
		DrawMapFace(r, &draw.Recorder{}, m, 3)
		if is := mapOverflows(r, nil, m); len(is) > 1 {
			t.Errorf("%s: %v", m.ID, is)
		}
	}
	cards := []mapCard{{number: 1, front: maps[0], back: maps[1]}}
	imposeMaps(r, &mapSink{}, cards, mapOpts("letter", layout.ShortEdge))
}

// A build prints the maps: maps.pdf with a page per face and copy, a
// preview per map, and the index describes them instead of listing them
// as not printed yet.
func TestBuildPrintsMaps(t *testing.T) {
	p := loadRunMaps(t)
	r, _ := generator.NewRenderer(false, kinds.Shared(), Game())
	out := t.TempDir()
	arts, err := kit.Build(r, p, generator.BuildOptions{Print: mapOpts("letter", layout.LongEdge), OutDir: out, Previews: true})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, a := range arts {
		got[a.Path] = a.Pages
	}
	if got["maps.pdf"] != 12 {
		t.Errorf("maps.pdf has %d pages, want 12 (artifacts %v)", got["maps.pdf"], arts)
	}
	for _, id := range []string{"base", "water", "docks", "summit"} {
		if _, ok := got["preview/"+id+".png"]; !ok {
			t.Errorf("no preview of map %s", id)
		}
	}
	b, err := os.ReadFile(filepath.Join(out, p.Game.ID, "components.txt"))
	if err != nil {
		t.Fatal(err)
	}
	index := string(b)
	if strings.Contains(index, "Not printed yet") {
		t.Errorf("components.txt still lists maps as not printed:\n%s", index)
	}
	for _, want := range []string{"- maps.pdf: the RUN map cards", "card 2: 2a Water / 2b Docks, 2 copies (pages 5-8)", "flip on the long edge"} {
		if !strings.Contains(index, want) {
			t.Errorf("components.txt lacks %q:\n%s", want, index)
		}
	}
}

// A name too long for the top strip and rules text too long for the rules
// strip are reported where they are written.
func TestMapOverflows(t *testing.T) {
	long := strings.Repeat("A very long rule that goes on and on. ", 52)
	src := "kind: Map\nid: wordy\ncard: 1\nside: a\nnumber: \"1a\"\nname: " + strings.Repeat("W", 58) +
		"\nlevels: |\n  . . . . . .\nrulesText:\n  - {text: \"" + long + "\"}\n"
	p, probs := schematest.LoadPack(fstest.MapFS{
		"game.yaml":  {Data: []byte("kind: Game\nid: x\ntitle: X\nsystem: run\ncomponents: []\n")},
		"wordy.yaml": {Data: []byte(src)},
	}, "x")
	if p == nil || len(runschema.Maps(p)) != 1 {
		t.Fatalf("the pack does not load: %v", probs)
	}
	r, _ := generator.NewRenderer(false, kinds.Shared(), Game())
	var got []string
	for _, is := range mapOverflows(r, p, runschema.Maps(p)[0]) {
		got = append(got, fmt.Sprintf("%d: %s %s", is.Ref.Pos().Line, is.What, is.Detail))
	}
	if len(got) != 2 || !strings.HasPrefix(got[0], `6: map "wordy" name does not fit the top`) || !strings.HasPrefix(got[1], `10: map "wordy" rules text does not fit`) {
		t.Errorf("overflows:\n%s", strings.Join(got, "\n"))
	}
	for _, m := range runschema.Maps(loadRunMaps(t)) {
		if is := mapOverflows(r, p, m); len(is) > 0 {
			t.Errorf("map %s: %+v", m.ID, is)
		}
	}
}

// A map counted only towards a component marked printed: false prints
// nothing, and a pack without printed maps writes no maps.pdf.
func TestMapsOfUnprintedComponent(t *testing.T) {
	game := "kind: Game\nid: x\ntitle: X\nsystem: run\ncomponents:\n  - {id: map-cards, name: Map cards, expected: 1, printed: false, substitute: the published cards}\n"
	p, probs := schematest.LoadPack(fstest.MapFS{
		"game.yaml": {Data: []byte(game)},
		"m.yaml":    {Data: []byte("kind: Map\nid: m\ncomponent: map-cards\ncard: 1\nside: a\nlevels: |\n  . . . . . .\n")},
	}, "x")
	if p == nil || len(runschema.Maps(p)) != 1 {
		t.Fatalf("the pack does not load: %v", probs)
	}
	if cards := mapCards(p); len(cards) != 0 {
		t.Errorf("cards %+v, want none", cards)
	}
	r, _ := generator.NewRenderer(false, kinds.Shared(), Game())
	var buf bytes.Buffer
	if n, err := WriteMaps(r, &buf, p, mapOpts("a4", layout.LongEdge)); n != 0 || err != nil || buf.Len() != 0 {
		t.Errorf("wrote %d pages (%d bytes), err %v", n, buf.Len(), err)
	}
}
