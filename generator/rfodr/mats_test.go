package rfodr

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/board"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	rfodrschema "github.com/runforge/runforge/schema/rfodr"
)

func rfodrMats(t *testing.T) *rfodrschema.MatSet {
	t.Helper()
	sets := schema.ElementsOf[*rfodrschema.MatSet](loadRFPack(t, "rfodr"))
	if len(sets) != 1 {
		t.Fatalf("%d mat sets, want 1", len(sets))
	}
	return sets[0]
}

func recordMats(t *testing.T, r *generator.Renderer, s *rfodrschema.MatSet, opts generator.PrintOptions) *recBoardOut {
	t.Helper()
	out := &recBoardOut{}
	if err := imposeMats(r, out, s, opts); err != nil {
		t.Fatal(err)
	}
	return out
}

// smallPaper cannot hold half a mat: the mats fall back to tiling.
var smallPaper = layout.Paper{Name: "small", W: 150, H: 200}

func TestMatHalvesFitLetterAndA4(t *testing.T) {
	for _, paper := range []string{"letter", "a4"} {
		opts := boardOpts(paper)
		pl, ok := matHalfPlan(opts)
		if !ok {
			t.Fatalf("%s: half a mat does not fit one page", paper)
		}
		// With its full bleed inside the margin, on a landscape page.
		if slot := board.Slot(pl, opts); slot.Bleed != (layout.Sides{Top: 3, Right: 3, Bottom: 3, Left: 3}) || !pl.Landscape {
			t.Errorf("%s: bleed %+v, landscape %v; want the full 3 mm, landscape", paper, slot.Bleed, pl.Landscape)
		}
	}
	opts := boardOpts("a4")
	opts.Paper = smallPaper
	if _, ok := matHalfPlan(opts); ok {
		t.Error("half a mat fits a 150 x 200 mm page")
	}
}

func TestMatPages(t *testing.T) {
	r := boardRenderer(t)
	s := rfodrMats(t)
	for _, c := range []struct {
		paper  string
		duplex layout.Duplex
		pages  int
		preset string
	}{
		{"letter", layout.LongEdge, 8, "/DuplexFlipLongEdge"},
		{"a4", layout.LongEdge, 8, "/DuplexFlipLongEdge"},
		{"letter", layout.ShortEdge, 8, "/DuplexFlipShortEdge"},
		{"a4", layout.NoDuplex, 8, "/Simplex"},
		// Tiled: per side a page map and 2 x 2 tiles.
		{"small", layout.LongEdge, 4 * (1 + 4), "/Simplex"},
	} {
		t.Run(fmt.Sprintf("%s-%s", c.paper, c.duplex), func(t *testing.T) {
			opts := boardOptsDuplex(c.paper, c.duplex)
			if c.paper == "small" {
				opts.Paper = smallPaper
			}
			out := recordMats(t, r, s, opts)
			if len(out.pages) != c.pages {
				t.Errorf("%d pages, want %d", len(out.pages), c.pages)
			}
			if len(out.arts) != 4 {
				t.Errorf("%d sides drawn, want each of the 4 once", len(out.arts))
			}
			if c.paper != "small" {
				for i, p := range out.pages {
					if p.w != opts.Paper.W || p.h != opts.Paper.H {
						t.Errorf("page %d is %gx%g, want the paper upright", i+1, p.w, p.h)
					}
				}
			}
			var buf bytes.Buffer
			n, err := WriteMats(r, &buf, nil, s, opts)
			if err != nil {
				t.Fatal(err)
			}
			conf := model.NewDefaultConfiguration()
			conf.ValidationMode = model.ValidationStrict
			if pages, err := api.PageCount(bytes.NewReader(buf.Bytes()), conf); err != nil || pages != c.pages || n != c.pages {
				t.Errorf("the PDF has %d pages (%v), WriteMats says %d, want %d", pages, err, n, c.pages)
			}
			if !bytes.Contains(buf.Bytes(), []byte("/Duplex "+c.preset)) {
				t.Errorf("the PDF does not preset /Duplex %s", c.preset)
			}
		})
	}
	checkRFGolden(t, "mats.txt", recordMats(t, r, s, boardOpts("letter")).String())
}

// matArtUsed is the index of the art placed on a page, or -1.
func matArtUsed(t *testing.T, p *recBoardPage) int {
	t.Helper()
	for _, op := range p.Ops {
		if f := strings.Fields(op); f[0] == "use" {
			n, err := strconv.Atoi(f[2])
			if err != nil {
				t.Fatalf("cannot parse %q", op)
			}
			return n
		}
	}
	return -1
}

// matHalfCorners are the corners of half h of a mat, in mat coordinates.
func matHalfCorners(h matHalf) [4]layout.Point {
	y0, y1 := h.top(), h.top()+matSeam
	return [4]layout.Point{{X: 0, Y: y0}, {X: matW, Y: y0}, {X: 0, Y: y1}, {X: matW, Y: y1}}
}

// checkShowsHalf checks that the page shows half h of the side and nothing
// else: the half's corners land on the corners of the trim, the art clip
// less the bleed.
func checkShowsHalf(t *testing.T, pp rendertest.ArtPlacement, h matHalf, bleed float64, what string) {
	t.Helper()
	trim := pp.Clip.Inset(bleed)
	for _, c := range matHalfCorners(h) {
		p := pp.At(c.X, c.Y, bleed)
		onCorner := false
		for _, x := range []float64{trim.X, trim.Right()} {
			for _, y := range []float64{trim.Y, trim.Bottom()} {
				onCorner = onCorner || math.Hypot(p.X-x, p.Y-y) < 0.02
			}
		}
		if !onCorner {
			t.Errorf("%s: corner %+v of the %s half lands at %+v, not on a corner of the trim %+v", what, c, h, p, trim)
		}
	}
}

// TestMatHalvesRegister follows the corners of each half through the front
// page, the flip and the back page: the front shows side A's half, the back
// side B's matching half (B's top behind A's top), and every point of B
// lies behind the point of A it backs once the mat is turned over about its
// long (vertical) axis: B's (x, y) behind A's (matW-x, y).
func TestMatHalvesRegister(t *testing.T) {
	r := boardRenderer(t)
	s := rfodrMats(t)
	for _, paper := range []string{"letter", "a4"} {
		for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge} {
			t.Run(fmt.Sprintf("%s-%s", paper, d), func(t *testing.T) {
				opts := boardOptsDuplex(paper, d)
				out := recordMats(t, r, s, opts)
				offset := layout.Point{X: 0.5, Y: -0.3}
				opts.BackOffset = offset
				shifted := recordMats(t, r, s, opts)
				if len(out.pages) != 8 {
					t.Fatalf("%d pages, want 8", len(out.pages))
				}
				for k := 0; k < len(out.pages); k += 2 {
					mat, h := k/4, matHalf(k/2%2)
					what := fmt.Sprintf("pages %d-%d", k+1, k+2)
					fp, bp := rendertest.ReadArtPlacement(t, out.pages[k].Ops), rendertest.ReadArtPlacement(t, out.pages[k+1].Ops)
					if fa, ba := matArtUsed(t, out.pages[k]), matArtUsed(t, out.pages[k+1]); fa != 2*mat || ba != 2*mat+1 {
						t.Fatalf("%s show sides %d and %d, want %d (A) and %d (B)", what, fa, ba, 2*mat, 2*mat+1)
					}
					checkShowsHalf(t, fp, h, opts.Bleed, what+" front")
					checkShowsHalf(t, bp, h, opts.Bleed, what+" back")
					if got := flipRect(bp.Clip, opts.Paper, d); !rendertest.RectNear(got, fp.Clip, 0.02) {
						t.Errorf("%s: the back's art %+v flips to %+v, want the front's %+v", what, bp.Clip, got, fp.Clip)
					}
					sp := rendertest.ReadArtPlacement(t, shifted.pages[k+1].Ops)
					corners := matHalfCorners(h)
					for _, c := range append(corners[:], layout.Point{X: matW / 3, Y: h.top() + matSeam/4}) {
						onFront := fp.At(matW-c.X, c.Y, opts.Bleed)
						behind := rendertest.FlipPoint(bp.At(c.X, c.Y, opts.Bleed), opts.Paper, d)
						if math.Hypot(onFront.X-behind.X, onFront.Y-behind.Y) > 0.02 {
							t.Errorf("%s: side B's %+v lands behind %+v, want behind side A's (%g, %g) at %+v",
								what, c, behind, matW-c.X, c.Y, onFront)
						}
						want, got := bp.At(c.X, c.Y, opts.Bleed), sp.At(c.X, c.Y, opts.Bleed)
						if math.Hypot(got.X-want.X-offset.X, got.Y-want.Y-offset.Y) > 0.02 {
							t.Errorf("%s: with a back offset side B's %+v is at %+v, want %+v shifted by %+v", what, c, got, want, offset)
						}
					}
				}
			})
		}
	}
}

// TestMatHalvesSingleSided checks --duplex none: side B's half on a page of
// its own after side A's, placed like it (never mirrored), labelled to
// glue behind it.
func TestMatHalvesSingleSided(t *testing.T) {
	r := boardRenderer(t)
	opts := boardOptsDuplex("letter", layout.NoDuplex)
	out := recordMats(t, r, rfodrMats(t), opts)
	for k := 0; k < len(out.pages); k += 2 {
		fp, bp := rendertest.ReadArtPlacement(t, out.pages[k].Ops), rendertest.ReadArtPlacement(t, out.pages[k+1].Ops)
		if fp != bp {
			t.Errorf("page %d: side B's half is placed %+v, want side A's %+v", k+2, bp, fp)
		}
		checkShowsHalf(t, bp, matHalf(k/2%2), opts.Bleed, fmt.Sprintf("page %d", k+2))
		for i, want := range []string{fmt.Sprintf("page %d is its back", k+2), fmt.Sprintf("back of page %d: glue it behind it, top edges together", k+1)} {
			if text := strings.Join(out.pages[k+i].Ops, "\n"); !strings.Contains(text, want) {
				t.Errorf("page %d has no label %q", k+i+1, want)
			}
		}
	}
}

func TestMatHalfLabels(t *testing.T) {
	r := boardRenderer(t)
	s := rfodrMats(t)
	for _, c := range []struct {
		duplex layout.Duplex
		page   int
		want   []string
	}{
		{layout.LongEdge, 1, []string{"Side A: Home, top half · page 1 of 8", "print double-sided (flip on the long edge): page 2 is its back",
			"butt the seam edge against the bottom half (page 3) so the join ticks meet, tape on both sides"}},
		{layout.LongEdge, 2, []string{"Side B: Bruce's Department Store, top half · page 2 of 8", "the back of page 1 (flip on the long edge)"}},
		{layout.ShortEdge, 7, []string{"Side A: Courthouse, bottom half · page 7 of 8", "flip on the short edge", "against the top half (page 5)"}},
		{layout.NoDuplex, 3, []string{"Side A: Home, bottom half", "glue page 4 behind it, then butt the seam edge against the top half (page 1)"}},
	} {
		out := recordMats(t, r, s, boardOptsDuplex("letter", c.duplex))
		text := strings.Join(out.pages[c.page-1].Ops, "\n")
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s page %d has no label %q", c.duplex, c.page, w)
			}
		}
	}
}

// TestMatSeamIsClear checks the art of every side at the seam between its
// halves: only the frame and the join ticks cross it; the ticks reach both
// halves alike; each half has its join note, clear of the other's bleed;
// titles, slots, captions and the three-card edges keep off the seam.
func TestMatSeamIsClear(t *testing.T) {
	r := boardRenderer(t)
	opts := boardOpts("letter")
	out := recordMats(t, r, rfodrMats(t), opts)
	for i, art := range out.arts {
		var ticks []float64
		notes := map[string]bool{}
		for _, op := range art.Ops {
			f := strings.Fields(op)
			var box layout.Rect
			switch f[0] {
			case "text":
				box = boardTextExtent(t, r, op)
			case "line", "rect", "ellipse":
				var a, b, c, d float64
				fmt.Sscanf(strings.Join(f[1:5], " "), "%f %f %f %f", &a, &b, &c, &d)
				if f[0] == "line" {
					c, d = c-a, d-b
				}
				box = layout.Rect{X: min(a, a+c), Y: min(b, b+d), W: math.Abs(c), H: math.Abs(d)}
			default:
				continue
			}
			switch {
			case f[0] == "rect" && box.H >= matH-10:
				continue // the background and the frame
			case f[0] == "line" && box.W == 0 && box.Y < matSeam && box.Bottom() > matSeam:
				if math.Abs(box.Y+box.H/2-matSeam) > 0.01 || box.X < 5 || box.X > matW-5 {
					t.Errorf("side %d: join tick %q is not centred on the seam inside the frame", i, op)
				}
				ticks = append(ticks, box.X)
				continue
			case strings.Contains(op, "butt against the"):
				half := strings.Fields(op[strings.Index(op, "butt against the"):])[3]
				notes[half] = true
				above := box.Bottom() <= matSeam-opts.Bleed
				below := box.Y >= matSeam+opts.Bleed
				if half == "bottom" && !above || half == "top" && !below || box.X < 5 || box.Right() > matW-5 {
					t.Errorf("side %d: note %q at %+v is not on its half, clear of the other's bleed", i, op, box)
				}
				continue
			}
			if box.Y < matSeam+matJoinClear && box.Bottom() > matSeam-matJoinClear {
				t.Errorf("side %d: %q (%+v) is within %g mm of the seam", i, op, box, matJoinClear)
			}
		}
		if len(ticks) != len(matJoinTicks) {
			t.Errorf("side %d: %d join ticks, want %d", i, len(ticks), len(matJoinTicks))
		}
		if !notes["top"] || !notes["bottom"] {
			t.Errorf("side %d: join notes %v, want one on each half", i, notes)
		}
	}
}

func TestMatsTiledFallback(t *testing.T) {
	r := boardRenderer(t)
	s := rfodrMats(t)
	opts := boardOpts("a4")
	opts.Paper = smallPaper
	out := recordMats(t, r, s, opts)
	for i, p := range out.pages {
		text := strings.Join(p.Ops, "\n")
		if i%5 == 0 && (!strings.Contains(text, "(tiled)") || !strings.Contains(text, "half a mat is larger than the printable")) {
			t.Errorf("page map %d does not say the mat is tiled, and why", i+1)
		}
		if i%5 != 0 && !strings.Contains(text, "(tiled)") {
			t.Errorf("tile page %d does not say the mat is tiled", i+1)
		}
	}
	for _, a := range out.arts {
		if strings.Contains(a.String(), "butt against") {
			t.Error("a tiled side has join marks")
		}
	}
	lines := strings.Join(indexMats(r, nil, s, opts), "\n")
	if !strings.Contains(lines, fmt.Sprintf("%d pages, %s; assemble each side", len(out.pages), matTiledNote)) || !strings.Contains(lines, "a page map and 4 pages") {
		t.Errorf("index lines\n%s\ndo not describe the tiling", lines)
	}
}

func TestIndexMats(t *testing.T) {
	r := boardRenderer(t)
	s := rfodrMats(t)
	for _, c := range []struct {
		paper  string
		duplex layout.Duplex
		want   []string
	}{
		{"letter", layout.LongEdge, []string{
			"mat-home: 208.5 x 280 mm at true size in two halves (top and bottom) of 208.5 x 140 mm (turned a quarter to fit), each on one sheet printed double-sided (flip on the long edge): Side A: Home on the front, Side B: Bruce's Department Store on the back, registered behind it; pages 1–4",
			"mat-courthouse:", "pages 5–8",
			"8 pages; assemble each mat: trim each half along the crop marks, butt its top half against its bottom half so the join ticks meet, and tape the seam on both sides"}},
		{"a4", layout.ShortEdge, []string{"(flip on the short edge)"}},
		{"a4", layout.NoDuplex, []string{"each half on a page of its own: Side A: Courthouse, then the matching half of Side B: Dark Courthouse to glue behind it, top edges together; pages 5–8",
			"8 pages; assemble each mat: trim each half along the crop marks, glue the half of side B behind the matching half of side A, butt"}},
	} {
		opts := boardOptsDuplex(c.paper, c.duplex)
		lines := strings.Join(indexMats(r, nil, s, opts), "\n")
		for _, w := range c.want {
			if !strings.Contains(lines, w) {
				t.Errorf("%s %s: index lines\n%s\nlack %q", c.paper, c.duplex, lines, w)
			}
		}
		if got := len(recordMats(t, r, s, opts).pages); !strings.Contains(lines, fmt.Sprintf("%d pages;", got)) {
			t.Errorf("%s %s: the index does not give the %d pages printed", c.paper, c.duplex, got)
		}
	}
}

func TestMatContent(t *testing.T) {
	r := boardRenderer(t)
	out := recordMats(t, r, rfodrMats(t), boardOpts("letter"))
	sides := make([]string, len(out.arts))
	for i, a := range out.arts {
		sides[i] = a.String()
	}
	// Side B of the Home mat holds 2 Loot, side A of the Courthouse 2
	// Followers; the other two sides hold nothing.
	for i, want := range []string{"", "LOOT", "FOLLOWER", ""} {
		slots := strings.Count(sides[i], "\"face down\"")
		if want == "" && slots != 0 || want != "" && (slots != 2 || !strings.Contains(sides[i], want)) {
			t.Errorf("side %d: %d slots, want %q", i, slots, want)
		}
		if strings.Count(sides[i], "3-CARD EDGE") != 2 {
			t.Errorf("side %d does not have its two 3-card edges", i)
		}
	}
	if !strings.Contains(sides[0], "Other side: Bruce's Department Store") {
		t.Error("side A does not name side B")
	}
}

func TestMatsDeterministic(t *testing.T) {
	r := boardRenderer(t)
	s := rfodrMats(t)
	for _, d := range []layout.Duplex{layout.LongEdge, layout.NoDuplex} {
		var a, b bytes.Buffer
		for _, buf := range []*bytes.Buffer{&a, &b} {
			if _, err := WriteMats(r, buf, nil, s, boardOptsDuplex("a4", d)); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two builds of the mats differ", d)
		}
	}
}

// TestMatsOddInput prints a one-sided mat beside a two-sided one (duplex
// keeps a blank back after each of its halves, so that fronts stay fronts)
// and refuses a set with nothing to print.
func TestMatsOddInput(t *testing.T) {
	r := boardRenderer(t)
	one := &rfodrschema.Mat{ID: "m", Sides: []*rfodrschema.MatSide{nil, {ID: "x", Holds: map[string]int{"loot": 99, "x": -1}}}}
	set := &rfodrschema.MatSet{ID: "odd", Mats: []*rfodrschema.Mat{rfodrMats(t).Mats[0], one}}
	for _, c := range []struct {
		duplex layout.Duplex
		pages  int
	}{{layout.LongEdge, 8}, {layout.NoDuplex, 6}} {
		out := recordMats(t, r, set, boardOptsDuplex("letter", c.duplex))
		if len(out.pages) != c.pages {
			t.Errorf("%s: %d pages, want %d", c.duplex, len(out.pages), c.pages)
		}
		if c.duplex != layout.LongEdge {
			continue
		}
		for _, k := range []int{5, 7} {
			if !strings.Contains(strings.Join(out.pages[k].Ops, "\n"), fmt.Sprintf("left blank: the back of page %d", k)) {
				t.Errorf("page %d is not the blank back of page %d", k+1, k)
			}
			if matArtUsed(t, out.pages[k]) >= 0 {
				t.Errorf("page %d is not blank", k+1)
			}
		}
	}
	lines := strings.Join(indexMats(r, nil, set, boardOptsDuplex("letter", layout.LongEdge)), "\n")
	if !strings.Contains(lines, "m: 208.5 x 280 mm") || !strings.Contains(lines, "each half on a page of its own, with a blank back: Side A: x; pages 5–8") || !strings.Contains(lines, "8 pages;") {
		t.Errorf("index lines\n%s\ndo not describe the one-sided mat and its blank backs", lines)
	}
	if err := imposeMats(r, &recBoardOut{}, &rfodrschema.MatSet{ID: "e"}, boardOpts("letter")); err == nil {
		t.Error("an empty mat set printed")
	}
}

// TestCalibrationForMatBacks: a kit whose only back pages are a mat's side
// B, printed duplex behind side A, gets a calibration sheet; mats printed
// single-sided or with one side do not.
func TestCalibrationForMatBacks(t *testing.T) {
	rf := loadRFPack(t, "rfodr")
	mats := schema.ElementsOf[*rfodrschema.MatSet](rf)[0]
	oneSided := &rfodrschema.MatSet{ID: "one", Mats: []*rfodrschema.Mat{{ID: "m", Sides: []*rfodrschema.MatSide{{ID: "a"}}}}}
	r := boardRenderer(t)
	tests := []struct {
		name    string
		element schema.Element
		duplex  layout.Duplex
		want    bool
	}{
		{"two-sided mats in halves", mats, layout.LongEdge, true},
		{"two-sided mats, single-sided print", mats, layout.NoDuplex, false},
		{"one-sided mats", oneSided, layout.LongEdge, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &schema.Pack{Game: rf.Game, Elements: []schema.Element{tt.element}}
			if got := kit.NeedsCalibration(r, p, boardOptsDuplex("letter", tt.duplex)); got != tt.want {
				t.Errorf("NeedsCalibration = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRFoDRKitBuild builds the Reloaded fixture's kit: the boards, the
// mats and the odds card are in them, with their page counts, and the
// index describes them.
func TestRFoDRKitBuild(t *testing.T) {
	r := boardRenderer(t)
	for _, c := range []struct {
		pack, paper string
		duplex      layout.Duplex
		pages       map[string]int
	}{
		{"rfodr", "letter", layout.LongEdge, map[string]int{"zombie-boards.pdf": 4, "characters.pdf": 3, "mats.pdf": 8, "odds.pdf": 1}},
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
			for _, want := range []string{"- odds.pdf: the odds card", "one board per landscape page"} {
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
