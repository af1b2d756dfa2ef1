package justrun

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	deckrender "github.com/runforge/runforge/generator/deck"
	"github.com/runforge/runforge/generator/kit"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	justrunschema "github.com/runforge/runforge/schema/justrun"
	"github.com/runforge/runforge/schema/schematest"
)

// loadTiles loads the tile fixture: 10 room tiles (two Labs, spawns, one
// with art), the 5 start tiles and the 5 exit tiles with the main exit,
// placement rotation none, and a search deck of item cards with border
// colours of the manifest's palette.
func loadTiles(t testing.TB) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS("testdata/tileset"), "tileset")
	if p == nil || len(probs) > 0 {
		t.Fatalf("the tile fixture does not load: %v", probs)
	}
	return p
}

// tileSet returns the fixture's tile set of the given id.
func tileSet(t testing.TB, p *schema.Pack, id string) *justrunschema.TileSet {
	t.Helper()
	for _, ts := range justrunschema.TileSets(p) {
		if ts.ID == id {
			return ts
		}
	}
	t.Fatalf("no tile set %q", id)
	return nil
}

// tileOf returns a tile of the fixture by id.
func tileOf(t testing.TB, p *schema.Pack, id string) (*justrunschema.TileSet, *justrunschema.Tile) {
	t.Helper()
	for _, ts := range justrunschema.TileSets(p) {
		for _, tl := range ts.Tiles {
			if tl.ID == id {
				return ts, tl
			}
		}
	}
	t.Fatalf("no tile %q", id)
	return nil, nil
}

// recordTiles imposes a tile set on recordings, one per page.
func recordTiles(t *testing.T, r *generator.Renderer, p *schema.Pack, ts *justrunschema.TileSet, opts generator.PrintOptions) *mapSink {
	t.Helper()
	copies, of, set := tileCopies(ts)
	sink := &mapSink{}
	if err := imposeTiles(r, sink, nil, p, ts, copies, of, set, opts); err != nil {
		t.Fatal(err)
	}
	return sink
}

// countBacks counts the backs of a role drawn on a recorded page: its
// role word in large letters.
func countBacks(rec *draw.Recorder, role string) int {
	n := 0
	word := fmt.Sprintf("%q", strings.ToUpper(role))
	for _, op := range rec.Ops {
		if strings.HasPrefix(op, "text ") && strings.HasSuffix(op, word) && strings.Contains(op, " bold 22.00pt ") {
			n++
		}
	}
	return n
}

// The pages of a tile set: each sheet of fronts followed by its back page
// with duplex; fronts only without (the backs, the same on every tile, are
// left out). Front pages hold only faces, back pages one back per front.
func TestTileSetPages(t *testing.T) {
	p := loadTiles(t)
	r := newTestRenderer(t)
	for _, c := range []struct {
		paper  string
		d      layout.Duplex
		set    string
		copies int
	}{
		{"letter", layout.LongEdge, "room-tiles", 10},
		{"letter", layout.NoDuplex, "room-tiles", 10},
		{"a4", layout.ShortEdge, "room-tiles", 10},
		{"a4", layout.NoDuplex, "exit-tiles", 5},
		{"letter", layout.LongEdge, "exit-tiles", 5},
		{"letter", layout.LongEdge, "start-tiles", 5},
	} {
		t.Run(fmt.Sprintf("%s-%s-%s", c.set, c.paper, c.d), func(t *testing.T) {
			ts := tileSet(t, p, c.set)
			opts := sheetOpts(c.paper, c.d)
			grid, err := tileGrid(opts)
			if err != nil {
				t.Fatal(err)
			}
			per := grid.PerPage()
			sheets := (c.copies + per - 1) / per
			want := sheets
			if c.d != layout.NoDuplex {
				want *= 2
			}
			sink := recordTiles(t, r, p, ts, opts)
			if len(sink.pages) != want {
				t.Fatalf("%d pages, want %d (%d tiles, %d a sheet)", len(sink.pages), want, c.copies, per)
			}
			fronts := 0
			for i, rec := range sink.pages {
				back := c.d != layout.NoDuplex && i%2 == 1
				n := countBacks(rec, ts.Role)
				// The faces on this sheet.
				k := min(per, c.copies-(i/max(1, want/sheets))*per)
				switch {
				case back && n != k:
					t.Errorf("page %d: %d backs, want %d", i+1, n, k)
				case !back && n != 0:
					t.Errorf("page %d: a front page shows %d backs", i+1, n)
				case !back:
					fronts += len(slotClips(rec))
				}
			}
			if fronts != c.copies {
				t.Errorf("%d faces drawn, want %d (every copy)", fronts, c.copies)
			}
		})
	}
}

// slotClips returns the clip of each side drawn on a recorded page: the
// art rectangle drawInSlot clips the side to (the first clip after a push
// at the page's top level).
func slotClips(rec *draw.Recorder) []layout.Rect {
	var out []layout.Rect
	depth := 0
	fresh := false
	for _, op := range rec.Ops {
		switch {
		case op == "push":
			depth++
			fresh = depth == 1
		case op == "pop":
			depth--
			fresh = false
		case strings.HasPrefix(op, "clip ") && fresh:
			var r layout.Rect
			fmt.Sscanf(op, "clip %f %f %f %f", &r.X, &r.Y, &r.W, &r.H)
			out = append(out, r)
			fresh = false
		default:
			fresh = false
		}
	}
	return out
}

// slotDrawings returns what each side drawn on a recorded page draws, in
// its own coordinates (everything after its translate up to its pop).
func slotDrawings(rec *draw.Recorder) []string {
	var out []string
	depth := 0
	var cur []string
	in := false
	for _, op := range rec.Ops {
		switch {
		case op == "push":
			depth++
		case op == "pop":
			depth--
			if in && depth == 0 {
				out = append(out, strings.Join(cur, "\n"))
				cur, in = nil, false
			}
		case strings.HasPrefix(op, "translate ") && depth == 1 && !in:
			in = true
			continue
		}
		if in {
			cur = append(cur, op)
		}
	}
	return out
}

// Every back lands behind its front: the back page's sides are where the
// grid registers them (mirrored for the flip, turned for the short edge,
// shifted by the back offset), in the fronts' order; every back of a set
// draws the same thing, so the exit tiles (and the room tiles) give
// nothing away face down.
func TestTileBacksRegistered(t *testing.T) {
	p := loadTiles(t)
	r := newTestRenderer(t)
	for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge} {
		for _, id := range []string{"room-tiles", "exit-tiles"} {
			t.Run(fmt.Sprintf("%s-%s", id, d), func(t *testing.T) {
				ts := tileSet(t, p, id)
				opts := mapOpts("letter", d)
				grid, _ := tileGrid(opts)
				sink := recordTiles(t, r, p, ts, opts)
				front, back := sink.pages[0], sink.pages[1]
				fc, bc := slotClips(front), slotClips(back)
				n := min(grid.PerPage(), ts.Total())
				if len(fc) != n || len(bc) != n {
					t.Fatalf("%d front and %d back sides, want %d", len(fc), len(bc), n)
				}
				fs, bs := grid.Slots(n), grid.BackSlots(n, d, opts.BackOffset)
				for i := range n {
					if !nearRect(fc[i], fs[i].Art()) {
						t.Errorf("front %d at %v, want %v", i, fc[i], fs[i].Art())
					}
					if !nearRect(bc[i], bs[i].Art()) {
						t.Errorf("back %d at %v, want %v (behind its front)", i, bc[i], bs[i].Art())
					}
				}
				if d == layout.ShortEdge && !strings.Contains(back.String(), "rotate 180") {
					t.Error("short-edge backs are not turned")
				}
				draws := slotDrawings(back)
				for i, dr := range draws {
					if dr != draws[0] {
						t.Errorf("back %d differs from back 1:\n%s\n---\n%s", i+1, dr, draws[0])
						break
					}
				}
			})
		}
	}
	// The roles' backs are told apart.
	var room, exit draw.Recorder
	DrawTileBack(r, &room, TileLook{Role: justrunschema.TileRoom, Title: "T"}, 3)
	DrawTileBack(r, &exit, TileLook{Role: justrunschema.TileExit, Title: "T"}, 3)
	if room.String() == exit.String() || !strings.Contains(exit.String(), `"EXIT"`) {
		t.Error("the exit back is not its own")
	}
}

// checkTileGolden compares got with testdata/tileset/golden/name, or
// rewrites it with -update.
func checkTileGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "tileset", "golden", name), got)
}

// The drawing calls of fixture tiles: walls and doors, a Lab with the
// spawn hand print, a start position with a spawn, the main exit and the
// exit row's striped walls, a back, and the ink-saver grey variant.
func TestTileFaceGolden(t *testing.T) {
	p := loadTiles(t)
	base := newTestRenderer(t)
	for _, c := range []struct {
		golden, id      string
		inkSaver, gray  bool
		back            bool
		rotationAllowed bool
	}{
		{golden: "lab-a.txt", id: "lab-a"},
		{golden: "corridor.txt", id: "corridor"},
		{golden: "closet-free-rotation.txt", id: "closet", rotationAllowed: true},
		{golden: "start-3.txt", id: "start-3"},
		{golden: "start-5.txt", id: "start-5"},
		{golden: "exit-main.txt", id: "exit-main"},
		{golden: "exit-west-inksaver-gray.txt", id: "exit-west", inkSaver: true, gray: true},
		{golden: "lab-b-inksaver.txt", id: "lab-b", inkSaver: true},
		{golden: "exit-back.txt", id: "exit-east", back: true},
		{golden: "room-back-inksaver.txt", id: "hall", back: true, inkSaver: true},
	} {
		t.Run(c.golden, func(t *testing.T) {
			r := base.WithOptions(c.inkSaver, c.gray)
			ts, tl := tileOf(t, p, c.id)
			look := TileLookOf(p, ts)
			if c.rotationAllowed {
				look.Orient = false
			}
			rec := &draw.Recorder{}
			if c.back {
				DrawTileBack(r, rec, look, 3)
			} else {
				DrawTileFace(r, rec, tl, look, 3)
			}
			got := rec.String()
			checkTileGolden(t, c.golden, got)
			if c.gray {
				for _, op := range rec.Ops {
					for _, hex := range strings.Fields(op) {
						if i := strings.Index(hex, "#"); i >= 0 && len(hex) >= i+7 {
							h := hex[i+1 : i+7]
							if h[0:2] != h[2:4] || h[2:4] != h[4:6] {
								t.Fatalf("a colour in the grey variant: %s", op)
							}
						}
					}
				}
			}
		})
	}
}

// What the faces show, told by their drawing calls: the orientation mark
// only when tiles are never turned, LAB on Labs, the position on start
// tiles, EXIT on the main exit only, the caption and stripes on exit
// tiles only, and a door gap on every door side.
func TestTileFaceContent(t *testing.T) {
	p := loadTiles(t)
	r := newTestRenderer(t)
	paint := func(id string, orient bool) string {
		ts, tl := tileOf(t, p, id)
		look := TileLookOf(p, ts)
		look.Orient = orient
		rec := &draw.Recorder{}
		DrawTileFace(r, rec, tl, look, 3)
		return rec.String()
	}
	has := func(log, s string) bool { return strings.Contains(log, s) }
	lab := paint("lab-a", true)
	if !has(lab, `"LAB"`) || !has(lab, `"EXIT"`) || !has(lab, tileBlood.Hex()) {
		t.Error("lab-a: want the LAB plate, the orientation mark and the hand print")
	}
	if free := paint("lab-a", false); has(free, `"EXIT"`) {
		t.Error("the orientation mark is drawn though tiles may be turned")
	}
	if c := paint("corridor", false); has(c, `"LAB"`) || has(c, tileBlood.Hex()) || has(c, tileHazard.Hex()) {
		t.Error("corridor: no Lab, no spawn, no stripes")
	}
	for i := 1; i <= 5; i++ {
		if s := paint(fmt.Sprintf("start-%d", i), false); !has(s, fmt.Sprintf("%q", fmt.Sprint(i))) || !has(s, `"START"`) {
			t.Errorf("start-%d does not show its position", i)
		}
	}
	exit := paint("exit-main", false)
	if !has(exit, `"EXIT"`) || !has(exit, tileHazard.Hex()) || !has(exit, `"WALLS CANNOT BE BASHED"`) || !has(exit, tileBlood.Hex()) {
		t.Error("exit-main: want the EXIT sign, striped walls, the caption and the hand print (exit tiles always spawn)")
	}
	if w := paint("exit-west", false); has(w, `"EXIT"`) {
		t.Error("exit-west has no main exit")
	}
	// Door leaves: two per door side.
	doors := func(log string) int { return strings.Count(log, "fill="+tileDoorInk.Hex()) / 2 }
	for id, want := range map[string]int{"lab-a": 4, "lab-b": 3, "corridor": 2, "closet": 1, "exit-main": 4, "exit-west": 2} {
		if got := doors(paint(id, false)); got != want {
			t.Errorf("%s: %d doors drawn, want %d", id, got, want)
		}
	}
}

// The same tile set gives the same PDF, byte for byte; grayscale gives a
// PDF of its own, valid and with the pages expected.
func TestTileSetDeterministic(t *testing.T) {
	p := loadTiles(t)
	base, err := newTestRenderer(t).ForPack(p)
	if err != nil {
		t.Fatal(err)
	}
	ts := tileSet(t, p, "room-tiles")
	for _, gray := range []bool{false, true} {
		r := base.WithOptions(false, gray)
		var a, b bytes.Buffer
		na, err := WriteTileSet(r, &a, p, ts, sheetOpts("letter", layout.LongEdge))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := WriteTileSet(r, &b, p, ts, sheetOpts("letter", layout.LongEdge)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("gray %v: two writes differ", gray)
		}
		if na != 2 {
			t.Errorf("gray %v: %d pages written, want 2", gray, na)
		}
		path := filepath.Join(t.TempDir(), "room-tiles.pdf")
		if err := os.WriteFile(path, a.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		pdftest.CheckFile(t, path, 2)
	}
}

// A tile whose art cannot be read stops the build with its position.
func TestTileSetBadArt(t *testing.T) {
	p := loadTiles(t)
	r, err := newTestRenderer(t).ForPack(p)
	if err != nil {
		t.Fatal(err)
	}
	ts := tileSet(t, p, "room-tiles")
	bad := *ts
	bad.Tiles = append([]*justrunschema.Tile(nil), ts.Tiles...)
	tl := *bad.Tiles[0]
	tl.Art = "art/missing.png"
	bad.Tiles[0] = &tl
	var b bytes.Buffer
	if _, err := WriteTileSet(r, &b, p, &bad, sheetOpts("letter", layout.LongEdge)); err == nil || !strings.Contains(err.Error(), "art") {
		t.Errorf("got %v, want an error about the art", err)
	}
}

// The build writes one PDF and a preview per tile set, and the kit's index
// describes them; tile sets are no longer "not printed yet".
func TestBuildTileSets(t *testing.T) {
	p := loadTiles(t)
	r, err := newTestRenderer(t).ForPack(p)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	arts, err := kit.Build(r, p, generator.BuildOptions{Print: sheetOpts("a4", layout.NoDuplex), OutDir: out, Previews: true})
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]int{}
	for _, a := range arts {
		pages[a.Path] = a.Pages
	}
	// The 5 start tiles share the exit tiles' sheet (10 of 12 slots): the
	// kit gangs them into exit-tiles.pdf, the first of the two.
	for _, want := range []string{"room-tiles.pdf", "exit-tiles.pdf", "preview/room-tiles.png", "preview/start-tiles.png", "preview/exit-tiles/exit-main.png"} {
		if _, ok := pages[want]; !ok {
			t.Errorf("no %s in %v", want, arts)
		}
	}
	if _, ok := pages["start-tiles.pdf"]; ok {
		t.Errorf("start-tiles.pdf written, its tiles belong on exit-tiles.pdf's sheet: %v", arts)
	}
	if pages["room-tiles.pdf"] != 1 || pages["exit-tiles.pdf"] != 1 {
		t.Errorf("pages %v: one sheet of fronts each on A4 without duplex", pages)
	}
	idx, err := os.ReadFile(filepath.Join(out, p.Game.ID, "components.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"- exit-tiles.pdf: Exit Tiles", "5 exit tiles (exit-tiles), then 5 start tiles (start-tiles) share these sheets",
		"10 tiles, 63.5x63.5mm", "left out (--duplex none)", "striped walls cannot be bashed"} {
		if !strings.Contains(string(idx), want) {
			t.Errorf("components.txt lacks %q:\n%s", want, idx)
		}
	}
	if strings.Contains(string(idx), "Not printed yet") {
		t.Errorf("components.txt still lists tiles as not printed:\n%s", idx)
	}
}

// Item cards print their border colours from the palette: the colour's
// hex, name, symbol and the ink that reads on it; black is marked neutral;
// a colour the palette lacks is grey with its id as the name.
func TestJustRunBorderFields(t *testing.T) {
	pal := jrPalette(nil)
	got := jrBorderFields("left", "red", pal)
	if got["leftHex"] != "#c1121f" || got["leftSymbol"] != "circle" || got["leftInk"] != jrInkOnDark || got["leftLabel"] != "RED" || got["leftNeutral"] != "" || got["leftOther"] != "" {
		t.Errorf("red: %v", got)
	}
	got = jrBorderFields("right", "yellow", pal)
	if got["rightHex"] != "#e9c46a" || got["rightSymbol"] != "star" || got["rightInk"] != jrInkOnLight {
		t.Errorf("yellow (a light fill, dark ink): %v", got)
	}
	for _, id := range []string{"orange", "green"} {
		// White reads under 4.5:1 on these mid-tones: dark ink.
		if got := jrBorderFields("left", id, pal); got["leftInk"] != jrInkOnLight {
			t.Errorf("%s (white under 4.5:1 on it, dark ink): %v", id, got)
		}
	}
	got = jrBorderFields("left", "black", pal)
	if got["leftSymbol"] != "bar" || got["leftNeutral"] != "1" || got["leftInk"] != jrInkOnDark {
		t.Errorf("black: %v", got)
	}
	got = jrBorderFields("left", "sky-blue", pal)
	if got["leftHex"] != jrOtherHex || got["leftOther"] != "1" || got["leftLabel"] != "SKY BLUE" || got["leftSymbol"] != "" || got["leftInk"] != jrInkOnLight {
		t.Errorf("a colour the palette lacks: %v", got)
	}
	if jrBorderFields("left", "", pal) != nil {
		t.Error("no border, no fields")
	}
	// On the card: the borders are filled with the manifest's hex, and the
	// marks are drawn with the manifest's names (blue is "Navy" there); in
	// grey and ink-saver the marks stay.
	p := loadTiles(t)
	var deck *schema.Deck
	for _, e := range p.Elements {
		if d, ok := e.(*schema.Deck); ok && d.ID == "search" {
			deck = d
		}
	}
	if deck == nil {
		t.Fatal("no search deck")
	}
	face, _, _, err := deckrender.Sides(p, deck, "justrun-card", "")
	if err != nil {
		t.Fatal(err)
	}
	base := newTestRenderer(t)
	for _, v := range []struct{ ink, gray bool }{{false, false}, {true, true}} {
		rec := &draw.Recorder{}
		base.WithOptions(v.ink, v.gray).DrawCard(rec, face, generator.NewCardData(p, deck, deck.Cards[0]), layout.Sides{})
		log := rec.String()
		for _, want := range []string{`"NAVY"`, `"RED"`} {
			if strings.Count(log, want) != 3 {
				t.Errorf("ink-saver %v: %q printed %d times, want 3", v.ink, want, strings.Count(log, want))
			}
		}
		if !v.ink && (!strings.Contains(log, "fill=#c1121f") || !strings.Contains(log, "fill=#1d4e89")) {
			t.Errorf("the borders are not filled with their colours:\n%s", log)
		}
	}
}

// The fixture builds through the command line, as a user would.
func TestTileSetCommandBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the runforge command")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out := t.TempDir()
	cmd := exec.Command(goBin, "run", "../../cmd/runforge", "build", "testdata/tileset", "-o", out, "--duplex", "none", "--paper", "a4", "--grayscale")
	msg, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("runforge build: %v\n%s", err, msg)
	}
	for _, f := range []string{"room-tiles.pdf", "exit-tiles.pdf", "search.pdf"} {
		b, err := os.ReadFile(filepath.Join(out, "tileset-fixture", f))
		if err != nil {
			t.Fatal(err)
		}
		pdftest.Read(t, b)
	}
}

// loadJRPalette loads the fixture pack with a palette of its own.
func loadJRPalette(t testing.TB) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS("testdata/jrpalette"), "jrpalette")
	if p == nil || len(probs) > 0 {
		t.Fatalf("the palette fixture does not load: %v", probs)
	}
	return p
}

// Item cards print the pack's own palette: a colour id the default palette
// lacks, a changed hex and name, and every symbol as a shape, in colour,
// grey and ink-saver (golden drawing calls of every card's face).
func TestJustRunPaletteGolden(t *testing.T) {
	p := loadJRPalette(t)
	deck := p.Decks()[0]
	face, _, _, err := deckrender.Sides(p, deck, "justrun-card", "")
	if err != nil {
		t.Fatal(err)
	}
	base := newTestRenderer(t)
	for _, v := range []struct {
		golden    string
		ink, gray bool
	}{
		{"jr-palette.txt", false, false},
		{"jr-palette-gray.txt", false, true},
		{"jr-palette-inksaver.txt", true, false},
	} {
		t.Run(v.golden, func(t *testing.T) {
			var out strings.Builder
			for _, card := range deck.Cards {
				rec := &draw.Recorder{}
				base.WithOptions(v.ink, v.gray).DrawCard(rec, face, generator.NewCardData(p, deck, card), layout.Sides{})
				out.WriteString("# card " + card.ID + "\n" + rec.String())
			}
			golden.Check(t, filepath.Join("testdata", "golden", v.golden), out.String())
		})
	}
	// What the golden must show: the manifest's hex (and its grey), the
	// names, each symbol as a shape and never as a character.
	rec := &draw.Recorder{}
	for _, card := range deck.Cards {
		base.DrawCard(rec, face, generator.NewCardData(p, deck, card), layout.Sides{})
	}
	log := rec.String()
	for _, want := range []string{"fill=#8a0f2e", "fill=#0f6b6b", "fill=#f4a6c0", "fill=#c0c0c0", "fill=" + jrOtherHex,
		`"CRIMSON"`, `"DEEP TEAL"`, `"ROSE"`, `"SILVER"`, `"GOLD"`, `"NEUTRAL"`} {
		if !strings.Contains(log, want) {
			t.Errorf("the cards lack %s", want)
		}
	}
	if strings.Contains(log, "fill=#c1121f") {
		t.Error("red prints the default hex, not the manifest's")
	}
	for _, glyph := range []string{"\u25cf", "\u25a0", "\u25b2", "\u2666", "*", "+", "\u2665", "\u25ac"} {
		if strings.Contains(log, glyph+" ") {
			t.Errorf("a symbol prints as the character %q", glyph)
		}
	}
	for _, sym := range []string{"circle", "square", "triangle", "diamond", "star", "cross", "hexagon", "heart", "moon", "bar"} {
		r := &draw.Recorder{}
		drawJRSymbol(r, sym, 0, 0, 10, draw.Black)
		if len(r.Ops) != 1 || strings.Contains(r.Ops[0], "bbox=-") || strings.Contains(r.Ops[0], "path empty") {
			t.Errorf("symbol %s: %v", sym, r.Ops)
		}
	}
}

// mapSink records each page of a document on a recording of its own.
type mapSink struct{ pages []*draw.Recorder }

// AddPage implements pageSink.
func (s *mapSink) AddPage(w, h float64) draw.Canvas {
	r := &draw.Recorder{}
	r.Logf("page %.2fx%.2f", w, h)
	s.pages = append(s.pages, r)
	return r
}

// mapOpts are the print options of a test build of tiles.
func mapOpts(paper string, d layout.Duplex) generator.PrintOptions {
	o := sheetOpts(paper, d)
	o.BackOffset = layout.Point{X: 0.7, Y: -0.4}
	return o
}

func nearRect(a, b layout.Rect) bool {
	const eps = 0.011
	return math.Abs(a.X-b.X) < eps && math.Abs(a.Y-b.Y) < eps && math.Abs(a.W-b.W) < eps && math.Abs(a.H-b.H) < eps
}

func newTestRenderer(t testing.TB) *generator.Renderer {
	t.Helper()
	r, err := generator.NewRenderer(false, kinds.Shared(), Game())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sheetOpts are the print options of a test build on paper.
func sheetOpts(paper string, d layout.Duplex) generator.PrintOptions {
	return generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
		Duplex: d, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}
