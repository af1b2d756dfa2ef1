package rfod

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	"github.com/runforge/runforge/schema/schematest"
)

// loadRFPack loads a Run, Fight, or Die! fixture pack of testdata
// (rfod, rfodr).
func loadRFPack(t testing.TB, dir string) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS(filepath.Join("testdata", dir)), dir)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}

// rfOpts are the print options of the RFoD tests.
func rfOpts(paper string, d layout.Duplex) generator.PrintOptions {
	return generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
		Duplex: d, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

// pageRecorder records each page on a Recorder of its own.
type pageRecorder struct {
	pages []*draw.Recorder
	sizes [][2]float64
}

// AddPage implements pageSink.
func (s *pageRecorder) AddPage(w, h float64) draw.Canvas {
	rec := &draw.Recorder{}
	rec.Logf("page %.2f %.2f", w, h)
	s.pages = append(s.pages, rec)
	s.sizes = append(s.sizes, [2]float64{w, h})
	return rec
}

// checkRFGolden compares got with testdata/rfod-golden/name, or rewrites
// it with -update.
func checkRFGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "rfod-golden", name), got)
}

// playerBoardSet returns the pack's player board set of a board type.
func playerBoardSet(t *testing.T, p *schema.Pack, boardType string) *rfodschema.PlayerBoardSet {
	t.Helper()
	for _, s := range schema.ElementsOf[*rfodschema.PlayerBoardSet](p) {
		if s.BoardType == boardType {
			return s
		}
	}
	t.Fatalf("no %s boards", boardType)
	return nil
}

func TestPlayerBoardPages(t *testing.T) {
	r := boardRenderer(t)
	for _, c := range []struct {
		pack, boardType string
		pages           int
		golden          string
	}{
		// 4 Action and Zombie boards, a page each; 6 and 5 Character
		// boards, two to a page.
		{"rfod", rfodschema.ActionBoard, 4, "action-board.txt"},
		{"rfod", rfodschema.CharacterBoard, 3, "rfod-character.txt"},
		{"rfodr", rfodschema.ReloadedZombieBoard, 4, "zombie-board.txt"},
		{"rfodr", rfodschema.ReloadedCharacterBoard, 3, "rfodr-character.txt"},
	} {
		t.Run(c.boardType, func(t *testing.T) {
			p := loadRFPack(t, c.pack)
			s := playerBoardSet(t, p, c.boardType)
			for _, paper := range []string{"letter", "a4"} {
				sink := &pageRecorder{}
				if err := imposePlayerBoards(r, sink, p, s, rfOpts(paper, layout.LongEdge)); err != nil {
					t.Fatal(err)
				}
				if len(sink.pages) != c.pages {
					t.Fatalf("%s: %d pages, want %d", paper, len(sink.pages), c.pages)
				}
				if paper == "letter" {
					checkRFGolden(t, c.golden, sink.pages[0].String())
				}
				w, h := playerBoardSize(c.boardType)
				if _, ok := boardGrid(rfOpts(paper, layout.LongEdge), w, h); ok {
					continue // TestCharacterBoardsTwoUp checks these pages
				}
				for _, sz := range sink.sizes {
					if sz[0] < sz[1] {
						t.Errorf("%s: page %.1f x %.1f is not landscape", paper, sz[0], sz[1])
					}
				}
				// The board is printed at true size: it fits the paper.
				if _, sc := rfBoardFrame(rfOpts(paper, layout.LongEdge), sink.sizes[0][0], sink.sizes[0][1], w, h); sc != 1 {
					t.Errorf("%s: scaled by %.3f", paper, sc)
				}
			}
			if c.pages > len(s.Boards) && !strings.Contains(sinkText(t, r, p, s), "(copy 2 of ") {
				t.Error("copies are not numbered in the page headers")
			}
		})
	}
}

// TestCharacterBoardsTwoUp checks the Character boards of both games on
// Letter and A4, with and without bleed: two to a page at true size,
// turned sideways on portrait paper, each board's trim inside the printer
// margin and clear of the other's, and a label naming both.
func TestCharacterBoardsTwoUp(t *testing.T) {
	r := boardRenderer(t)
	for _, c := range []struct{ pack, boardType string }{
		{"rfod", rfodschema.CharacterBoard}, {"rfodr", rfodschema.ReloadedCharacterBoard},
	} {
		p := loadRFPack(t, c.pack)
		s := playerBoardSet(t, p, c.boardType)
		bw, bh := playerBoardSize(c.boardType)
		for _, paper := range []string{"letter", "a4"} {
			for _, bleed := range []float64{layout.DefaultBleed, 0} {
				name := fmt.Sprintf("%s %s bleed %g", c.boardType, paper, bleed)
				opts := rfOpts(paper, layout.NoDuplex)
				opts.Bleed = bleed
				g, ok := boardGrid(opts, bw, bh)
				if !ok || g.PerPage() != 2 || !g.Turned {
					t.Fatalf("%s: grid %+v (ok %v), want 2 boards turned", name, g, ok)
				}
				sink := &pageRecorder{}
				if err := imposePlayerBoards(r, sink, p, s, opts); err != nil {
					t.Fatal(err)
				}
				if want := (len(s.Boards) + 1) / 2; len(sink.pages) != want {
					t.Errorf("%s: %d pages, want %d", name, len(sink.pages), want)
				}
				for i, sz := range sink.sizes {
					if sz != [2]float64{opts.Paper.W, opts.Paper.H} {
						t.Errorf("%s page %d: %.1f x %.1f, want the portrait paper", name, i+1, sz[0], sz[1])
					}
				}
				slots := g.Slots(2)
				area := layout.Printable(opts.Paper, opts.Margin)
				for _, sl := range slots {
					if math.Abs(sl.Trim.W-bh) > 1e-9 || math.Abs(sl.Trim.H-bw) > 1e-9 {
						t.Errorf("%s: trim %.2f x %.2f, want %.0f x %.0f turned", name, sl.Trim.W, sl.Trim.H, bw, bh)
					}
					if !rendertest.Inside(sl.Trim, area) {
						t.Errorf("%s: trim %+v outside the printable %+v", name, sl.Trim, area)
					}
				}
				if slots[0].Art().Right() > slots[1].Trim.X+1e-9 {
					t.Errorf("%s: the first board's art %+v runs over the second's trim %+v", name, slots[0].Art(), slots[1].Trim)
				}
				text := sinkText(t, r, p, s)
				first, second := NameOr(s.Boards[0].Name, s.Boards[0].ID), NameOr(s.Boards[1].Name, s.Boards[1].ID)
				if !strings.Contains(text, first+", "+second) {
					t.Errorf("%s: no label names %q and %q", name, first, second)
				}
			}
		}
	}
}

// sinkText is every text drawn on a set's pages.
func sinkText(t *testing.T, r *generator.Renderer, p *schema.Pack, s *rfodschema.PlayerBoardSet) string {
	t.Helper()
	sink := &pageRecorder{}
	if err := imposePlayerBoards(r, sink, p, s, rfOpts("letter", layout.LongEdge)); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, pg := range sink.pages {
		for _, op := range pg.Ops {
			if strings.HasPrefix(op, "text") {
				b.WriteString(op + "\n")
			}
		}
	}
	return b.String()
}

func TestPlayerBoardContent(t *testing.T) {
	r := boardRenderer(t)
	p := loadRFPack(t, "rfod")
	text := sinkText(t, r, p, playerBoardSet(t, p, rfodschema.CharacterBoard))
	for _, want := range []string{"The Hunter", "Kill two zombies.", "LIFE", "REROLLS", "3 per turn", "ignores zombie"} {
		if !strings.Contains(text, want) {
			t.Errorf("character boards lack %q", want)
		}
	}
	text = sinkText(t, r, p, playerBoardSet(t, p, rfodschema.ActionBoard))
	for _, want := range []string{"ZONE 1", "ZONE 2", "ZONE 3", "THEY ARE ON YOU!"} {
		if !strings.Contains(text, want) {
			t.Errorf("action boards lack %q", want)
		}
	}
	q := loadRFPack(t, "rfodr")
	text = sinkText(t, r, q, playerBoardSet(t, q, rfodschema.ReloadedCharacterBoard))
	for _, want := range []string{"The Prom Queen", "MINOR", "MAJOR", "SUPER", "WOUNDS", "Draw two Followers and keep one."} {
		if !strings.Contains(text, want) {
			t.Errorf("Reloaded character boards lack %q", want)
		}
	}
}

func TestPlayerBoardsDeterministic(t *testing.T) {
	r := boardRenderer(t)
	p := loadRFPack(t, "rfod")
	s := playerBoardSet(t, p, rfodschema.CharacterBoard)
	var a, b bytes.Buffer
	if _, err := WritePlayerBoards(r, &a, p, s, rfOpts("letter", layout.LongEdge)); err != nil {
		t.Fatal(err)
	}
	if _, err := WritePlayerBoards(r, &b, p, s, rfOpts("letter", layout.LongEdge)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two builds of the same boards differ")
	}
}

func TestPlayerBoardsBadInput(t *testing.T) {
	r := boardRenderer(t)
	s := &rfodschema.PlayerBoardSet{ID: "x", BoardType: rfodschema.CharacterBoard, Boards: []*rfodschema.PlayerBoard{
		{ID: "a", Count: 1, Life: -3, Combos: rfodschema.ComboList{nil, {ID: "c", Dice: map[string]int{"nope": 40, "gun": -2}}}},
		{ID: "b", Count: 1, Life: 1000, Zones: []*rfodschema.BoardZone{nil}},
	}}
	sink := &pageRecorder{}
	if err := imposePlayerBoards(r, sink, nil, s, rfOpts("letter", layout.LongEdge)); err != nil {
		t.Fatal(err)
	}
	if len(sink.pages) != 1 { // two Character boards share a page
		t.Errorf("%d pages, want 1", len(sink.pages))
	}
	if err := imposePlayerBoards(r, &pageRecorder{}, nil, &rfodschema.PlayerBoardSet{ID: "e"}, rfOpts("letter", layout.LongEdge)); err == nil {
		t.Error("an empty set printed")
	}
	for _, bt := range []string{rfodschema.ActionBoard, rfodschema.ReloadedZombieBoard, rfodschema.ReloadedCharacterBoard} {
		s.BoardType = bt
		if err := imposePlayerBoards(r, &pageRecorder{}, nil, s, rfOpts("a4", layout.NoDuplex)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPlayerBoardOverflows(t *testing.T) {
	r := boardRenderer(t)
	p := loadRFPack(t, "rfod")
	s := playerBoardSet(t, p, rfodschema.CharacterBoard)
	if got := playerBoardOverflows(r, p, s); len(got) != 0 {
		t.Fatalf("the fixture overflows: %v", got)
	}
	long := strings.Repeat("Kill every zombie in every Zone and then some more. ", 30)
	s.Boards[0].Combos[0].Effect = long
	got := playerBoardOverflows(r, p, s)
	if len(got) != 1 || got[0].What != `board "hunter" combo "double-tap" effect` || got[0].Ref.Pointer != "/boards/0/combos/0/effect" {
		t.Fatalf("overflows %+v", got)
	}
	g := rfodGuide(t)
	// Rows share the page by need, so it takes more than a page of text.
	g.Book[3].Options[0].Text = strings.Repeat(long, 4)
	if got := guideOverflows(r, nil, g); len(got) != 1 || !strings.Contains(got[0].What, "book row 4 options") {
		t.Fatalf("guide overflows %+v", got)
	}
}

// TestRFoDKitBuild builds the fixture packs' kits: the boards, the guide,
// and the odds card are in them (Reloaded's: rfodr.TestRFoDRKitBuild), with their page counts, and the
// index describes them.
func TestRFoDKitBuild(t *testing.T) {
	r := boardRenderer(t)
	for _, c := range []struct {
		pack, paper string
		duplex      layout.Duplex
		pages       map[string]int
	}{
		{"rfod", "letter", layout.LongEdge, map[string]int{"action-boards.pdf": 4, "characters.pdf": 3, "guide.pdf": 2, "odds.pdf": 1}},
		{"rfod", "a4", layout.NoDuplex, map[string]int{"action-boards.pdf": 4, "characters.pdf": 3, "guide.pdf": 2, "odds.pdf": 1}},
	} {
		t.Run(c.pack+"-"+c.paper, func(t *testing.T) {
			p := loadRFPack(t, c.pack)
			out := t.TempDir()
			arts, err := kit.Build(r, p, generator.BuildOptions{Print: rfOpts(c.paper, c.duplex), OutDir: out})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]int{}
			for _, a := range arts {
				got[a.Path] = a.Pages
			}
			for path, n := range c.pages {
				if got[path] != n {
					t.Errorf("%s: %d pages, want %d", path, got[path], n)
				}
			}
			index, err := os.ReadFile(filepath.Join(out, p.Game.ID, "components.txt"))
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"- odds.pdf: the odds card", "one board per landscape page", "6 boards on 3 pages, 2 to a page at true size"} {
				if !strings.Contains(string(index), want) {
					t.Errorf("components.txt lacks %q", want)
				}
			}
			if strings.Contains(string(index), "Not printed yet") {
				t.Errorf("components.txt still lists kinds as not printed:\n%s", index)
			}
		})
	}
}

// Every page of a player board printed one to a page (Action and Zombie
// boards) and both guide sides have a 100 mm scale bar,
// inside the printer margin, below the header and clear of the board, its
// bleed and its crop marks, on Letter and A4.
func TestPlacedBoardsHaveScaleBar(t *testing.T) {
	r := boardRenderer(t)
	type placed struct {
		name   string
		bw, bh float64
		pages  func(opts generator.PrintOptions) ([]*draw.Recorder, error)
		trims  func(opts generator.PrintOptions, trim layout.Rect) []layout.Rect // each page's board
	}
	var cases []placed
	for _, c := range []struct{ pack, boardType string }{
		{"rfod", rfodschema.ActionBoard}, {"rfod", rfodschema.CharacterBoard},
		{"rfodr", rfodschema.ReloadedZombieBoard}, {"rfodr", rfodschema.ReloadedCharacterBoard},
	} {
		p := loadRFPack(t, c.pack)
		s := playerBoardSet(t, p, c.boardType)
		bw, bh := playerBoardSize(c.boardType)
		if _, ok := boardGrid(rfOpts("letter", layout.LongEdge), bw, bh); ok {
			continue // n-up like a deck's sheets: a bar only where there is room
		}
		cases = append(cases, placed{name: c.boardType, bw: bw, bh: bh,
			pages: func(opts generator.PrintOptions) ([]*draw.Recorder, error) {
				sink := &pageRecorder{}
				err := imposePlayerBoards(r, sink, p, s, opts)
				return sink.pages, err
			},
			trims: func(opts generator.PrintOptions, trim layout.Rect) []layout.Rect { return []layout.Rect{trim} },
		})
	}
	g := rfodGuide(t)
	cases = append(cases, placed{name: "guide", bw: guideW, bh: guideH,
		pages: func(opts generator.PrintOptions) ([]*draw.Recorder, error) {
			sink := &pageRecorder{}
			err := imposeGuide(r, sink, g, opts)
			return sink.pages, err
		},
		trims: func(opts generator.PrintOptions, trim layout.Rect) []layout.Rect {
			back := trim
			if opts.Duplex != layout.NoDuplex {
				back, _ = layout.BackOf(opts.Paper, trim, 0, opts.Duplex, opts.BackOffset)
			}
			return []layout.Rect{trim, back}
		},
	})
	for _, c := range cases {
		for _, paper := range []string{"letter", "a4"} {
			for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge, layout.NoDuplex} {
				opts := rfOpts(paper, d)
				opts.BackOffset = layout.Point{X: 0.6, Y: -0.4}
				pages, err := c.pages(opts)
				if err != nil {
					t.Fatal(err)
				}
				pw, ph := opts.Paper.W, opts.Paper.H
				if c.name != "guide" {
					pw, ph = max(pw, ph), min(pw, ph)
				}
				trim, s := rfBoardFrame(opts, pw, ph, c.bw, c.bh)
				trims := c.trims(opts, trim)
				area := layout.Rect{X: opts.Margin, Y: opts.Margin, W: pw - 2*opts.Margin, H: ph - 2*opts.Margin}
				for i, page := range pages {
					name := fmt.Sprintf("%s %s %s page %d", c.name, paper, d, i+1)
					bar, ok := rendertest.PageLabelBox(page, scaleBarCaption)
					if !ok {
						t.Errorf("%s: no scale bar", name)
						continue
					}
					board := trims[min(i, len(trims)-1)]
					avoid := []layout.Rect{board.Inset(-opts.Bleed * s), {X: area.X, Y: area.Y, W: area.W, H: placedHeaderH}}
					for _, l := range cornerMarks(board, opts.Bleed*s, opts.Margin, pw, ph) {
						avoid = append(avoid, layout.Rect{X: min(l.X1, l.X2), Y: min(l.Y1, l.Y2), W: math.Abs(l.X2 - l.X1), H: math.Abs(l.Y2 - l.Y1)})
					}
					if !rendertest.Inside(bar, area) || max(bar.W, bar.H) < scaleBarLen {
						t.Errorf("%s: scale bar %+v not inside %+v", name, bar, area)
					}
					for _, a := range avoid {
						if rendertest.OverlapsRounded(bar, a) {
							t.Errorf("%s: scale bar %+v over %+v", name, bar, a)
						}
					}
				}
			}
		}
	}
}
