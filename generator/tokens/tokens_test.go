package tokens

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// playerTokens are the bundled pack's eight player tokens.
func playerTokens(t *testing.T) []*schema.Token {
	t.Helper()
	var out []*schema.Token
	for _, tok := range rendertest.LoadBundled(t, "run-for-your-life").TokenSets()[0].Tokens {
		if tok.Component == "player-tokens" {
			out = append(out, tok)
		}
	}
	if len(out) != 8 {
		t.Fatalf("%d player tokens, want 8", len(out))
	}
	return out
}

// No colour-only information: in every variant, grayscale and ink-saver
// included, the eight player tokens draw differently once colour is gone
// (red and blue are the same grey), and each carries a label.
func TestPlayerTokensDifferWithoutColour(t *testing.T) {
	tokens := playerTokens(t)
	base, _ := newRenderer(false)
	hex := regexp.MustCompile(`#[0-9a-f]{6}`)
	for _, v := range []struct {
		name               string
		inkSaver, grayscal bool
	}{{"colour", false, false}, {"grayscale", false, true}, {"ink-saver", true, false}, {"ink-saver grayscale", true, true}} {
		r := renderer{base.WithOptions(v.inkSaver, v.grayscal)}
		seen := map[string]string{}
		for _, tok := range tokens {
			if tok.Label == "" {
				t.Errorf("%s: no label", tok.ID)
			}
			rec := &draw.Recorder{}
			r.DrawToken(rec, tok, 0, 0, 1)
			// Compare the drawing with every colour taken out.
			shape := hex.ReplaceAllString(rec.String(), "#")
			if other, ok := seen[shape]; ok {
				t.Errorf("%s: %s and %s differ only in colour", v.name, other, tok.ID)
			}
			seen[shape] = tok.ID
			if !strings.Contains(rec.String(), "text ") {
				t.Errorf("%s: %s draws no label", v.name, tok.ID)
			}
		}
	}
}

// The cut line shows on every token: light over a dark colour, dark on a
// light colour and on the ink-saver's white paper.
func TestTokenCutLineShows(t *testing.T) {
	tokens := rendertest.LoadBundled(t, "run-for-your-life").TokenSets()[0].Tokens
	for _, inkSaver := range []bool{false, true} {
		r, _ := newRenderer(inkSaver)
		for _, tok := range tokens {
			rec := &draw.Recorder{}
			r.DrawToken(rec, tok, 0, 0, 1)
			s := tok.Size.MM()
			var cut *draw.Color
			outline := regexp.MustCompile(`^(ellipse|rect) 0\.00 0\.00 ` + fmtMM(s) + ` ` + fmtMM(s) + ` .*stroke=(#[0-9a-f]{6})/`)
			for _, op := range rec.Ops {
				if m := outline.FindStringSubmatch(op); m != nil {
					c := draw.ColorOr(m[2], draw.Black)
					cut = &c
				}
			}
			if cut == nil {
				t.Errorf("%s: no cut line:\n%s", tok.ID, rec)
				continue
			}
			under := draw.ColorOr(tok.Fill, draw.White)
			if inkSaver {
				under = draw.White
			}
			if generator.IsLight(*cut) == generator.IsLight(under) {
				t.Errorf("%s (ink-saver %v): cut line %s on %s does not show", tok.ID, inkSaver, cut.Hex(), under.Hex())
			}
		}
	}
}

func TestPlayerTokenRenderingGolden(t *testing.T) {
	tokens := playerTokens(t)
	for _, inkSaver := range []bool{false, true} {
		r, _ := newRenderer(inkSaver)
		rec := &draw.Recorder{}
		for i, tok := range tokens {
			r.DrawToken(rec, tok, float64(i%4)*25, float64(i/4)*25, 1)
		}
		name := "tokens-players.txt"
		if inkSaver {
			name = "tokens-players-inksaver.txt"
		}
		golden.CheckNamed(t, name, rec.String())
	}
}

func fmtMM(v float64) string { return regexp.QuoteMeta(fmt.Sprintf("%.2f", v)) }

// TestWriteTokensNamesTheTokenTooLarge: a token the paper cannot hold is an
// error at the token's size, not a bare layout error.
func TestWriteTokensNamesTheTokenTooLarge(t *testing.T) {
	p, probs := schematest.LoadPack(fstest.MapFS{
		"game.yaml":   {Data: []byte("kind: Game\nid: t\ntitle: T\nsystem: generic\ncomponents: []\n")},
		"tokens.yaml": {Data: []byte("kind: Tokens\nid: tokens\ntokens:\n  - {id: small, count: 2, shape: round, size: 16mm}\n  - {id: disc, count: 1, shape: round, size: 250mm}\n")},
	}, "pack")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	r, _ := newRenderer(false)
	_, err := r.WriteTokens(io.Discard, p, generator.PrintOptions{Paper: layout.Papers["a4"], Margin: layout.DefaultMargin})
	if err == nil || !strings.HasPrefix(err.Error(), `pack/tokens.yaml:5:46: token "disc": a 252.0x252.0mm piece does not fit on a4 paper`) {
		t.Errorf("error %v", err)
	}
}

// twoSidedFS is a pack of tokens with backs: a set back shared by most, two
// gadgets with backs of their own (hidden values) and one one-sided set.
func twoSidedFS(backs string) fstest.MapFS {
	return fstest.MapFS{
		"game.yaml": {Data: []byte("kind: Game\nid: t\ntitle: T\nsystem: generic\ncomponents: []\n")},
		"tokens.yaml": {Data: []byte("kind: Tokens\nid: tokens\n" + backs + "tokens:\n" +
			"  - {id: move, count: 3, shape: round, size: 25mm, fill: \"#cc3333\", label: MOVE, icon: bullet}\n" +
			"  - {id: gadget-a, count: 2, shape: square, size: 20mm, label: GADGET, back: {fill: \"#ffee88\", label: \"+2\"}}\n" +
			"  - {id: gadget-b, count: 2, shape: square, size: 20mm, label: GADGET, back: {fill: \"#ffee88\", label: \"-1\", icon: blood}}\n" +
			"  - {id: small, count: 4, shape: round, size: 12mm, label: S}\n")},
		"plain.yaml": {Data: []byte("kind: Tokens\nid: plain\ntokens:\n  - {id: dot, count: 2, shape: round, size: 16mm, label: DOT}\n")},
	}
}

func loadTokenPack(t *testing.T, fsys fstest.MapFS) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPack(fsys, "pack")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}

// tokenPageSink records each page on a recording of its own.
type tokenPageSink struct{ pages []*draw.Recorder }

func (s *tokenPageSink) AddPage(w, h float64) draw.Canvas {
	s.pages = append(s.pages, &draw.Recorder{})
	return s.pages[len(s.pages)-1]
}

// drawnToken is a token as a page draws it: the centre and size of its cut
// line, whether it is turned, and its label's text.
type drawnToken struct {
	cx, cy, s float64
	turn      string
	label     string
}

var cutLine = regexp.MustCompile(`^(?:ellipse|rect) (-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) .*stroke=`)

func drawnTokens(t *testing.T, rec *draw.Recorder) []drawnToken {
	t.Helper()
	var out []drawnToken
	turn := ""
	inToken := false // a text belongs to the last token, not to a page label or scale bar
	textRE := regexp.MustCompile(`^text .* "(.*)"$`)
	for _, op := range rec.Ops {
		switch {
		case strings.HasPrefix(op, "rotate "):
			turn = strings.Fields(op)[1]
		case op == "pop":
			turn = ""
		case strings.HasPrefix(op, "rect ") && !strings.Contains(op, "stroke="):
			inToken = false
		}
		if m := cutLine.FindStringSubmatch(op); m != nil {
			var x, y, s float64
			fmt.Sscan(m[1]+" "+m[2]+" "+m[3], &x, &y, &s)
			out = append(out, drawnToken{cx: x + s/2, cy: y + s/2, s: s, turn: turn})
			inToken = true
		} else if m := textRE.FindStringSubmatch(op); m != nil && inToken {
			out[len(out)-1].label += m[1]
		}
	}
	return out
}

// TestTokenBacksLandBehindFronts mirrors each back page for the flip and
// checks that every back lands exactly behind its own front: long edge
// mirrors left to right, short edge top to bottom turned 180 degrees, the
// back offset shifts every back, one-sided tokens stay blank.
func TestTokenBacksLandBehindFronts(t *testing.T) {
	p := loadTokenPack(t, twoSidedFS("back: {fill: \"#333366\", ink: \"#ffffff\", label: ACTION}\n"))
	r, _ := newRenderer(false)
	off := layout.Point{X: 0.7, Y: -0.4}
	for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge} {
		opts := generator.PrintOptions{Paper: layout.Papers["a4"], Margin: layout.DefaultMargin, Duplex: d, BackOffset: off}
		all, placements, sheets, err := tokenPlan(p, opts)
		if err != nil {
			t.Fatal(err)
		}
		sink := &tokenPageSink{}
		if n := r.imposeTokens(sink, all, placements, opts); n != 2*sheets || len(sink.pages) != n {
			t.Fatalf("%s: %d pages for %d sheets", d, n, sheets)
		}
		fronts, backs := drawnTokens(t, sink.pages[0]), drawnTokens(t, sink.pages[1])
		var want []drawnToken
		for i, f := range fronts {
			b := all[i].BackFace()
			if b == nil {
				if all[i].ID != "dot" {
					t.Errorf("%s has no back", all[i].ID)
				}
				continue
			}
			w := drawnToken{cx: opts.Paper.W - f.cx + off.X, cy: f.cy + off.Y, s: f.s, label: strings.ReplaceAll(b.Label, " ", "")}
			if d == layout.ShortEdge {
				w.cx, w.cy, w.turn = f.cx+off.X, opts.Paper.H-f.cy+off.Y, "180"
			}
			want = append(want, w)
		}
		if len(backs) != len(want) || len(want) != 11 {
			t.Fatalf("%s: %d backs drawn, want %d (11)", d, len(backs), len(want))
		}
		for i, w := range want {
			g := backs[i]
			if math.Abs(g.cx-w.cx) > 0.011 || math.Abs(g.cy-w.cy) > 0.011 || g.s != w.s || g.turn != w.turn || g.label != w.label {
				t.Errorf("%s: back %d of %s drawn at %+v, want %+v", d, i, all[i].ID, g, w)
			}
		}
	}
}

// TestTwoSidedTokensGolden pins the drawing of a front page and its
// long-edge back page, back offset included.
func TestTwoSidedTokensGolden(t *testing.T) {
	p := loadTokenPack(t, twoSidedFS("back: {fill: \"#333366\", ink: \"#ffffff\", label: ACTION}\n"))
	r, _ := newRenderer(false)
	opts := generator.PrintOptions{Paper: layout.Papers["a4"], Margin: layout.DefaultMargin, Duplex: layout.LongEdge, BackOffset: layout.Point{X: 0.5, Y: -0.3}}
	all, placements, _, err := tokenPlan(p, opts)
	if err != nil {
		t.Fatal(err)
	}
	sink := &rendertest.PageLog{}
	r.imposeTokens(sink, all, placements, opts)
	golden.CheckNamed(t, "tokens-two-sided.txt", sink.Rec.String())
}

// Under --duplex none, backs that differ from token to token print on a
// labelled page of their own after the fronts, in the fronts' places (not
// mirrored); a back every token shares is left out; the index says which.
func TestTokenBacksWithoutDuplex(t *testing.T) {
	r, _ := newRenderer(false)
	opts := generator.PrintOptions{Paper: layout.Papers["a4"], Margin: layout.DefaultMargin, Duplex: layout.NoDuplex, BackOffset: layout.Point{X: 1, Y: 1}}

	p := loadTokenPack(t, twoSidedFS("back: {label: ACTION}\n"))
	all, placements, _, err := tokenPlan(p, opts)
	if err != nil {
		t.Fatal(err)
	}
	sink := &tokenPageSink{}
	if n := r.imposeTokens(sink, all, placements, opts); n != 2 {
		t.Fatalf("%d pages, want fronts and their backs' own page", n)
	}
	fronts, backs := drawnTokens(t, sink.pages[0]), drawnTokens(t, sink.pages[1])
	k := 0
	for i, f := range fronts {
		if all[i].BackFace() == nil {
			continue
		}
		if g := backs[k]; g.cx != f.cx || g.cy != f.cy || g.turn != "" {
			t.Errorf("back of %s at %+v, want behind nothing: in its front's place %+v", all[i].ID, g, f)
		}
		k++
	}
	if k != len(backs) {
		t.Errorf("%d backs drawn, want %d", len(backs), k)
	}
	if !strings.Contains(sink.pages[1].String(), `"token backs of sheet 1 (page 1), in the order of its fronts"`) {
		t.Errorf("own back page not labelled:\n%s", sink.pages[1])
	}
	if idx := strings.Join(indexTokens(p, opts), "\n"); !strings.Contains(idx, `two-sided tokens: "move", "gadget-a", "gadget-b", "small"`) ||
		!strings.Contains(idx, "pages of their own after the fronts (page 2)") {
		t.Errorf("index:\n%s", idx)
	}

	// One back on every token: decorative, left out.
	shared := fstest.MapFS{
		"game.yaml":   {Data: []byte("kind: Game\nid: t\ntitle: T\nsystem: generic\ncomponents: []\n")},
		"tokens.yaml": {Data: []byte("kind: Tokens\nid: tokens\nback: {label: RUN}\ntokens:\n  - {id: a, count: 2, shape: round, size: 16mm}\n  - {id: b, count: 1, shape: square, size: 20mm, back: {label: RUN}}\n")},
	}
	p = loadTokenPack(t, shared)
	all, placements, _, _ = tokenPlan(p, opts)
	sink = &tokenPageSink{}
	if n := r.imposeTokens(sink, all, placements, opts); n != 1 {
		t.Errorf("%d pages, want the fronts only", n)
	}
	if idx := strings.Join(indexTokens(p, opts), "\n"); !strings.Contains(idx, "the same on every token and are left out (--duplex none)") {
		t.Errorf("index:\n%s", idx)
	}
	opts.Duplex = layout.ShortEdge
	if idx := strings.Join(indexTokens(p, opts), "\n"); !strings.Contains(idx, "flip on the short edge") {
		t.Errorf("index:\n%s", idx)
	}
}

// One-sided tokens print as before: no back pages, nothing more in the
// index than where the pawns printed with them are.
func TestOneSidedTokensHaveNoBacks(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	opts := generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Duplex: layout.LongEdge}
	all, placements, sheets, err := tokenPlan(p, opts)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := newRenderer(false)
	if n := r.imposeTokens(&tokenPageSink{}, all, placements, opts); n != sheets {
		t.Errorf("%d pages for %d sheets", n, sheets)
	}
	for _, l := range indexTokens(p, opts) {
		if !strings.HasPrefix(l, "pawns ") {
			t.Errorf("index %q", l)
		}
	}
}

// loadBundled loads a bundled pack of data/ (extensions included).
func loadBundled(t *testing.T, dir string) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPackWith(os.DirFS(filepath.Join("..", "..", "data", dir)), dir,
		schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
	if p == nil {
		t.Fatalf("%s does not load: %v", dir, probs)
	}
	return p
}

// scaleBarCaption is the scale bar's caption, how tests find the bar.
const scaleBarCaption = "this bar must measure 100 mm"

// A token sheet has a back page only when it holds a two-sided token, or,
// under duplex, to keep the next sheet's fronts on a front (never a blank
// last page); every back page says which page it goes behind, inside the
// printer margin and clear of every token (of the fronts behind it too,
// under duplex).
func TestTokenBackPages(t *testing.T) {
	r := testRenderer(t)
	for _, dir := range []string{"run-fight-or-die-reloaded-campaign", "run-fight-or-die-reloaded", "run", "run-fight-or-die"} {
		p := loadBundled(t, dir)
		for _, paper := range []string{"letter", "a4"} {
			for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge, layout.NoDuplex} {
				opts := generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Duplex: d}
				name := fmt.Sprintf("%s %s %s", dir, paper, d)
				all, placements, nSheets, err := tokenPlan(p, opts)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				sheets := tokenSheets(placements)
				sink := &tokenPageSink{}
				n := r.imposeTokens(sink, all, placements, opts)
				mode := tokenBacksOf(all, d)
				want := wantTokenPages(all, sheets, mode)
				if n != len(want) || len(sink.pages) != n || len(sheets) != nSheets {
					t.Fatalf("%s: %d pages, want %d %v", name, n, len(want), want)
				}
				area := layout.Printable(opts.Paper, opts.Margin)
				for i, w := range want {
					page := sink.pages[i]
					if w.sheet < 0 {
						sheet := sheets[-w.sheet-1]
						if got := drawnTokens(t, page); len(got) != len(sheet) {
							t.Errorf("%s: page %d draws %d tokens, want the %d fronts of sheet %d", name, i+1, len(got), len(sheet), -w.sheet)
						}
						if bar, ok := rendertest.PageLabelBox(page, scaleBarCaption); ok {
							for _, pl := range sheet {
								if rendertest.OverlapsRounded(bar, pl.Trim) {
									t.Errorf("%s: page %d: scale bar %+v over token %s at %+v", name, i+1, bar, all[pl.Item].ID, pl.Trim)
								}
							}
						}
						continue
					}
					box, ok := rendertest.PageLabelBox(page, w.label)
					if !ok {
						t.Errorf("%s: page %d not labelled %q:\n%s", name, i+1, w.label, page)
						continue
					}
					if !rendertest.Inside(box, area) {
						t.Errorf("%s: page %d: label %+v outside the printable area %+v", name, i+1, box, area)
					}
					for _, pl := range sheets[w.sheet] {
						trim, _ := layout.BackOf(opts.Paper, pl.Trim, 0, d, opts.BackOffset)
						if (d != layout.NoDuplex || all[pl.Item].BackFace() != nil) && rendertest.OverlapsRounded(box, trim) {
							t.Errorf("%s: page %d: label %+v over token %s at %+v", name, i+1, box, all[pl.Item].ID, trim)
						}
					}
				}
			}
		}
	}
}

// wantTokenPage is a page tokens.pdf should have: the fronts of sheet
// -sheet-1 (sheet < 0), or the back page of sheet, labelled label.
type wantTokenPage struct {
	sheet int
	label string
}

// wantTokenPages lists the pages tokens.pdf should have, worked out from
// which sheets hold two-sided tokens.
func wantTokenPages(all []*schema.Token, sheets [][]layout.Placement, mode generator.Backs) []wantTokenPage {
	var want []wantTokenPage
	for k, sheet := range sheets {
		want = append(want, wantTokenPage{sheet: -k - 1})
		twoSided := false
		for _, pl := range sheet {
			twoSided = twoSided || all[pl.Item].BackFace() != nil
		}
		if mode == generator.BacksDuplex && (twoSided || k < len(sheets)-1) {
			want = append(want, wantTokenPage{sheet: k, label: fmt.Sprintf("back of page %d (flip on the ", len(want))})
		}
	}
	if mode == generator.BacksOwnPages {
		for k, sheet := range sheets {
			for _, pl := range sheet {
				if all[pl.Item].BackFace() != nil {
					want = append(want, wantTokenPage{sheet: k, label: fmt.Sprintf("token backs of sheet %d (page %d)", k+1, k+1)})
					break
				}
			}
		}
	}
	return want
}

// The campaign's wounds are one-sided: the sheet they fill has no back
// page, blank or labelled, in duplex or not (the stranger's trial).
func TestCampaignTokenPages(t *testing.T) {
	r := testRenderer(t)
	p := loadBundled(t, "run-fight-or-die-reloaded-campaign")
	for _, paper := range []string{"letter", "a4"} {
		for _, d := range []layout.Duplex{layout.LongEdge, layout.NoDuplex} {
			opts := generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Duplex: d}
			all, placements, sheets, err := tokenPlan(p, opts)
			if err != nil {
				t.Fatal(err)
			}
			if sheets != 2 {
				t.Fatalf("%s %s: %d sheets, want 2", paper, d, sheets)
			}
			sink := &tokenPageSink{}
			if n := r.imposeTokens(sink, all, placements, opts); n != 3 {
				t.Errorf("%s %s: %d pages, want 3: two sheets of fronts and the back of the first", paper, d, n)
			}
			for _, tok := range drawnTokens(t, sink.pages[len(sink.pages)-1]) {
				if !strings.Contains(tok.label, "WOUND") && tok.label != "ZOMBIE" && d == layout.LongEdge {
					t.Errorf("%s %s: last page draws %q, want the wounds' sheet (with the zombie minis' pawns)", paper, d, tok.label)
				}
			}
		}
	}
}

// Every tokens.pdf has a 100 mm scale bar inside the printer margin
// (TestTokenBackPages checks that it keeps off the tokens).
func TestTokenScaleBar(t *testing.T) {
	r := testRenderer(t)
	for _, dir := range []string{"run-fight-or-die-reloaded-campaign", "run-fight-or-die", "run", "run-for-your-life"} {
		p := loadBundled(t, dir)
		for _, paper := range []string{"letter", "a4"} {
			opts := generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Duplex: layout.LongEdge}
			all, placements, _, err := tokenPlan(p, opts)
			if err != nil {
				t.Fatal(err)
			}
			sink := &tokenPageSink{}
			r.imposeTokens(sink, all, placements, opts)
			bars := 0
			for i, page := range sink.pages {
				box, ok := rendertest.PageLabelBox(page, scaleBarCaption)
				if !ok {
					continue
				}
				bars++
				if !rendertest.Inside(box, layout.Printable(opts.Paper, opts.Margin)) || box.W < generator.ScaleBarLen {
					t.Errorf("%s %s page %d: scale bar %+v", dir, paper, i+1, box)
				}
			}
			if bars == 0 {
				t.Errorf("%s %s: no scale bar on any of %d pages", dir, paper, len(sink.pages))
			}
		}
	}
}

// The token preview shows each two-sided token's back under its front, on
// a captioned row of backs, so that tokens whose values are on the back
// tell apart; one-sided tokens get a single row.
func TestTokenPreviewShowsBacks(t *testing.T) {
	r := testRenderer(t)
	for _, c := range []struct {
		name   string
		tokens []*schema.Token
		rows   int
		want   []string // labels in drawing order
	}{
		{"two-sided", loadTokenPack(t, twoSidedFS("")).TokenSets()[1].Tokens, 2,
			[]string{"MOVE", "GADGET", "GADGET", "S", "+2", "-1"}},
		{"one-sided", playerTokens(t), 1, nil},
	} {
		tp := r.tokenPreview(c.tokens)
		rec := &draw.Recorder{}
		tp.draw(r, rec, c.tokens)
		if tp.rows != c.rows {
			t.Errorf("%s: %d rows, want %d", c.name, tp.rows, c.rows)
		}
		drawn := drawnTokens(t, rec)
		fronts := drawn[:min(len(c.tokens), len(drawn))]
		for _, b := range drawn[len(fronts):] {
			if b.cy < tp.rowH+tokenPreviewGap {
				t.Errorf("%s: back %q drawn on the fronts' row at y %.2f", c.name, b.label, b.cy)
			}
		}
		if c.want == nil {
			if len(drawn) != len(c.tokens) || strings.Contains(rec.String(), `"backs"`) {
				t.Errorf("%s: %d tokens drawn for %d, or a backs row:\n%s", c.name, len(drawn), len(c.tokens), rec)
			}
			continue
		}
		var got []string
		for _, d := range drawn {
			got = append(got, d.label)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") || !strings.Contains(rec.String(), `"backs"`) {
			t.Errorf("%s: drew %q, want %q with a backs caption", c.name, got, c.want)
		}
	}
}

func TestTokenRenderingGolden(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, _ := newRenderer(false)
	rec := &draw.Recorder{}
	for i, tok := range p.TokenSets()[0].Tokens[:3] {
		r.DrawToken(rec, tok, float64(i)*35, 0, 1)
	}
	golden.CheckNamed(t, "tokens.txt", rec.String())
}

// testRenderer is a renderer of no game, with the embedded fonts.
func testRenderer(t testing.TB) renderer {
	t.Helper()
	r, err := newRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// newRenderer is a renderer of no game with the embedded fonts.
func newRenderer(inkSaver bool) (renderer, error) {
	r, err := generator.NewRenderer(inkSaver)
	return renderer{r}, err
}
