package dice

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// loadDicePack loads testdata/dice/pack and returns its dice set.
func loadDicePack(t testing.TB) (*schema.Pack, *schema.DiceSet) {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS(filepath.Join("testdata", "dice", "pack")), "dice")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	sets := p.DiceSets()
	if len(sets) != 1 {
		t.Fatalf("want 1 dice set, got %d", len(sets))
	}
	return p, sets[0]
}

// checkDiceGolden compares got with testdata/dice/name, or rewrites it
// with -update.
func checkDiceGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "dice", name), got)
}

// recDiceOut records the pages of a dice set in one log; art is recorded
// once, where it is made, and logged where it is placed.
type recDiceOut struct {
	rec         draw.Recorder
	pages, arts int
}

// AddPage implements boardOut.
func (o *recDiceOut) AddPage(w, h float64) draw.Canvas {
	o.pages++
	o.rec.Logf("page %d %.2fx%.2f", o.pages, w, h)
	return &o.rec
}

// Art implements boardOut.
func (o *recDiceOut) Art(w, h float64, paint func(draw.Canvas)) generator.PlaceArt {
	i := o.arts
	o.arts++
	o.rec.Logf("art %d %.2fx%.2f", i, w, h)
	paint(&o.rec)
	o.rec.Logf("end art %d", i)
	return func(page draw.Canvas, x, y float64) { page.(*draw.Recorder).Logf("use art %d at %.2f %.2f", i, x, y) }
}

// recordDice draws a dice set on a recording.
func recordDice(t *testing.T, r renderer, p *schema.Pack, ds *schema.DiceSet, opts generator.PrintOptions) *recDiceOut {
	t.Helper()
	out := &recDiceOut{}
	if _, err := r.imposeDice(out, p, ds, opts); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDiceRenderingGolden(t *testing.T) {
	r := testRenderer(t)
	p, ds := loadDicePack(t)
	letter := recordDice(t, r, p, ds, sheetOpts("letter", layout.LongEdge))
	if letter.pages != 2 || letter.arts != 6 {
		t.Errorf("%d pages and %d arts, want 2 (stickers, nets) and 6 (stickers and net of 3 dice)", letter.pages, letter.arts)
	}
	checkDiceGolden(t, "golden-letter.txt", strings.Join(letter.rec.Ops, "\n")+"\n")
	saver := recordDice(t, renderer{r.WithOptions(true, true)}, p, ds, sheetOpts("a4", layout.NoDuplex))
	checkDiceGolden(t, "golden-a4-inksaver-gray.txt", strings.Join(saver.rec.Ops, "\n")+"\n")
}

// TestDiceLeavesOutUnprinted: the die counted towards a component marked
// printed: false draws nothing.
func TestDiceLeavesOutUnprinted(t *testing.T) {
	p, ds := loadDicePack(t)
	var ids []string
	for _, dc := range diceCopies(printedDice(p, ds)) {
		ids = append(ids, dc.label())
	}
	if got := strings.Join(ids, ", "); got != "door-die (1 of 1), action (1 of 2), action (2 of 2), event (1 of 1)" {
		t.Errorf("printed copies: %s", got)
	}
	rec := recordDice(t, testRenderer(t), p, ds, sheetOpts("letter", layout.NoDuplex)).rec.Ops
	for _, op := range rec {
		if strings.Contains(op, "spare") {
			t.Fatalf("the unprinted die is drawn: %s", op)
		}
	}
}

func TestDicePageCounts(t *testing.T) {
	r := testRenderer(t)
	p, ds := loadDicePack(t)
	many := *ds
	big := *ds.Dice[0]
	big.Count = 19
	many.Dice = []*schema.Die{&big}
	for _, c := range []struct {
		name  string
		ds    *schema.DiceSet
		paper string
		want  int
	}{
		{"4 copies letter", ds, "letter", 2},
		{"4 copies a4", ds, "a4", 2},
		// 18 sticker blocks and 6 nets to a page; the page of the 19th
		// sticker block takes 6 nets under it, so the other 13 take 3
		// pages, not 4.
		{"19 copies letter: 2 sticker pages, 3 net pages", &many, "letter", 5},
		{"19 copies a4", &many, "a4", 5},
		// 7 nets: the first 3 under the stickers, 4 on a page of their own
		// (not 6 and a lone one).
		{"7 copies letter", sevenDice(ds), "letter", 2},
		{"7 copies a4", sevenDice(ds), "a4", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			n, err := r.WriteDice(&buf, p, c.ds, sheetOpts(c.paper, layout.LongEdge))
			if err != nil {
				t.Fatal(err)
			}
			if n != c.want {
				t.Errorf("WriteDice says %d pages, want %d", n, c.want)
			}
			pdftest.CheckPages(t, buf.Bytes(), c.want)
		})
	}
}

func TestDiceIsByteIdentical(t *testing.T) {
	r := testRenderer(t)
	p, ds := loadDicePack(t)
	var a, b bytes.Buffer
	for _, buf := range []*bytes.Buffer{&a, &b} {
		if _, err := r.WriteDice(buf, p, ds, sheetOpts("letter", layout.LongEdge)); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two writes of one dice set differ")
	}
}

// TestDiceStaysInsidePrintableArea: every block, the head and the scale bar
// lie inside the printer margin on both papers, and blocks do not overlap.
func TestDiceStaysInsidePrintableArea(t *testing.T) {
	r := testRenderer(t)
	for _, paper := range []string{"letter", "a4"} {
		opts := sheetOpts(paper, layout.LongEdge)
		area := layout.Printable(opts.Paper, opts.Margin)
		sw, sh := stickerBlock()
		nw, nh := netBlock()
		for _, g := range []struct {
			name        string
			w, h, bleed float64
		}{{"stickers", sw, sh, stickerBleed}, {"nets", nw, nh, 0}} {
			grid, err := r.diceGridFor(opts, g.w, g.h)
			if err != nil {
				t.Fatal(err)
			}
			for k := range grid.perPage() {
				x, y := grid.at(k)
				// Sticker bleed reaches past the block's edge.
				if x-g.bleed < area.X || y < area.Y || x+g.w+g.bleed > area.Right() || y+g.h+g.bleed > grid.bar.Y {
					t.Errorf("%s %s block %d at %.1f,%.1f (%gx%g) leaves the printable area %+v or meets the scale bar", paper, g.name, k, x, y, g.w, g.h, area)
				}
			}
			if grid.bar.Bottom() > area.Bottom()+1e-9 {
				t.Errorf("%s: scale bar below the printable area", paper)
			}
		}
	}
}

// TestDiceOppositeFaces: faces 1-6, 2-5 and 3-4 are opposite on a sticker
// block (point symmetry through its centre) and on the folded net.
func TestDiceOppositeFaces(t *testing.T) {
	cell := map[int][2]int{}
	for _, f := range netFaces {
		cell[f.face] = [2]int{f.col, f.row}
	}
	// On a cross net, faces two apart in the column are opposite, and so
	// are the two arms.
	opposite := func(a, b [2]int) bool {
		if a[0] == 1 && b[0] == 1 {
			return a[1]-b[1] == 2 || b[1]-a[1] == 2
		}
		return a[1] == 1 && b[1] == 1 && a[0]+b[0] == 2 && a[0] != 1
	}
	for i := range 3 {
		j := schema.DieFaces - 1 - i
		if !opposite(cell[i], cell[j]) {
			t.Errorf("net: faces %d and %d at %v and %v are not opposite", i+1, j+1, cell[i], cell[j])
		}
		rows := schema.DieFaces / stickerCols
		if i%stickerCols+j%stickerCols != stickerCols-1 || i/stickerCols+j/stickerCols != rows-1 {
			t.Errorf("stickers: faces %d and %d are not opposite through the block's centre", i+1, j+1)
		}
	}
	if len(cell) != schema.DieFaces {
		t.Errorf("the net shows %d distinct faces", len(cell))
	}
}

// TestDiceNetTabs: each of the seven pairs of edges that meet when the net
// is folded carries exactly one glue tab, and no tab lies on an edge two
// faces share.
func TestDiceNetTabs(t *testing.T) {
	// Top 0, right 1, bottom 2, left 3; faces by cell (col, row).
	seams := [7][2]netEdge{
		{{1, 0, 3}, {0, 1, 0}}, // face 1 left, face 3 top
		{{1, 0, 1}, {2, 1, 0}}, // face 1 right, face 4 top
		{{1, 0, 0}, {1, 3, 2}}, // face 1 top, face 5 bottom
		{{0, 1, 2}, {1, 2, 3}}, // face 3 bottom, face 6 left
		{{2, 1, 2}, {1, 2, 1}}, // face 4 bottom, face 6 right
		{{0, 1, 3}, {1, 3, 3}}, // face 3 left, face 5 left
		{{2, 1, 1}, {1, 3, 1}}, // face 4 right, face 5 right
	}
	for _, s := range seams {
		if hasNetTab(s[0]) == hasNetTab(s[1]) {
			t.Errorf("seam %v: want exactly one tab", s)
		}
	}
	if len(netTabs) != len(seams) {
		t.Errorf("%d tabs, want %d", len(netTabs), len(seams))
	}
}

func TestBuildDiceJobAndIndex(t *testing.T) {
	r := testRenderer(t)
	p, ds := loadDicePack(t)
	opts := sheetOpts("letter", layout.LongEdge)
	jobs := buildDice(r.Renderer, p, ds, generator.BuildOptions{Print: opts, Previews: true})
	if len(jobs) != 2 {
		t.Fatalf("%d jobs, want 2", len(jobs))
	}
	dir := t.TempDir()
	var paths []string
	for _, j := range jobs {
		arts, err := j.Run(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range arts {
			paths = append(paths, a.Path)
		}
	}
	if got := strings.Join(paths, " "); got != "dice.pdf preview/dice.png" {
		t.Errorf("artifacts %s", got)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "preview", "dice.png")); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Errorf("preview: %v", err)
	}
	lines := indexDice(r.Renderer, p, ds, opts)
	want := []string{
		"page 1: stickers for 4 dice",
		"page 2: a cube net with 20 mm faces for each copy",
		"door-die x1: unlocked, unlocked, unlocked, locked, locked, blocked",
		"action x2: zombie, zombies, blood, bullet, flag, book",
		"event x1: all-quiet",
		`spare: not printed (component "spare-dice" is marked printed: false)`,
	}
	if len(lines) != len(want) {
		t.Fatalf("index lines %q", lines)
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) {
			t.Errorf("index line %d %q lacks %q", i, lines[i], w)
		}
	}
}

func TestDiceOverflows(t *testing.T) {
	r := testRenderer(t)
	p, ds := loadDicePack(t)
	if got := diceOverflows(r.Renderer, p, ds); len(got) != 0 {
		t.Errorf("overflows of the test dice: %+v", got)
	}
	for _, c := range []struct {
		labels map[string]string
		what   string
		detail string
	}{
		{map[string]string{"unlocked": "OPEN", "blocked": strings.Repeat("blocked ", 20)}, `die "door-die" label of face "blocked"`, "does not fit a 14 mm sticker"},
		// A word that would fit only under 6 pt does not fit.
		{map[string]string{}, `die "door-die" face "unlocked"`, "even at 6pt"},
	} {
		long := *ds.Dice[0]
		long.Labels = c.labels
		one := *ds
		one.Dice = []*schema.Die{&long}
		got := diceOverflows(r.Renderer, p, &one)
		if len(got) != 1 || !strings.Contains(got[0].What, c.what) || !strings.Contains(got[0].Detail, c.detail) {
			t.Errorf("overflows %+v, want %s: %s", got, c.what, c.detail)
		}
	}
}

// sheetOpts prints on paper with duplex d, the default margin, 3 mm bleed
// and crop marks.
func sheetOpts(paper string, d layout.Duplex) generator.PrintOptions {
	return generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
		Duplex: d, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

// testRenderer is a renderer of no game, with the embedded fonts.
func testRenderer(t testing.TB) renderer {
	t.Helper()
	r, err := generator.NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	return renderer{r}
}

// ptRe finds the size of a recorded text.
var ptRe = regexp.MustCompile(` (\d+\.\d+)pt `)

// The word under an icon prints at 6 pt or more on stickers and nets, on
// two lines when it needs them (the icon shrinks to make room); a word
// that needs more lines is reported as not fitting.
func TestDiceIconWordsAt6pt(t *testing.T) {
	r := testRenderer(t)
	p, ds := loadDicePack(t)
	icon := *ds.Dice[0]
	icon.Faces = []string{"bat", "zombie", "zombies-rise", "all-quiet", "gun", "zombie"}
	icon.Labels = map[string]string{"bat": "BAT", "zombies-rise": "ZOMBIES RISE", "all-quiet": "ALL QUIET"}
	one := *ds
	one.Dice = []*schema.Die{&icon}
	if got := diceOverflows(r.Renderer, p, &one); len(got) != 0 {
		t.Errorf("overflows of two-line icon words: %+v", got)
	}
	out := recordDice(t, r, p, &one, sheetOpts("letter", layout.LongEdge))
	words := 0
	for _, line := range strings.Split(out.rec.String(), "\n") {
		for _, w := range []string{`"BAT"`, `"ZOMBIE"`, `"ZOMBIES"`, `"RISE"`, `"ALL"`, `"QUIET"`} {
			if !strings.HasPrefix(line, "text ") || !strings.HasSuffix(line, w) {
				continue
			}
			words++
			m := ptRe.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("no size in %q", line)
			}
			if pt, _ := strconv.ParseFloat(m[1], 64); pt < diceIconWord {
				t.Errorf("%s at %s pt, under %g pt", w, m[1], diceIconWord)
			}
		}
	}
	if words < 2*len(icon.Faces) { // a sticker and a net face each
		t.Errorf("%d icon words drawn, want at least %d", words, 2*len(icon.Faces))
	}
	// Small words keep the full icon; two lines shrink it.
	if f, g := r.iconFace("BAT", stickerSize), r.iconFace("ZOMBIES RISE", stickerSize); f.icon != generator.Round2(stickerSize*0.56) || g.icon >= f.icon || len(g.word.Lines) != 2 {
		t.Errorf("icon %.2f for one line, %.2f for %d lines", f.icon, g.icon, len(g.word.Lines))
	}
	icon.Labels = map[string]string{"bat": "BATS AND CLUBS AND MORE BATS"}
	if got := diceOverflows(r.Renderer, p, &one); len(got) != 1 || !strings.Contains(got[0].Detail, "even at 6pt") {
		t.Errorf("overflows %+v, want the three-line icon word", got)
	}
}

// sevenDice is the set ds with its first die alone, in 7 copies (as many
// as Run, Fight, or Die! prints).
func sevenDice(ds *schema.DiceSet) *schema.DiceSet {
	out := *ds
	d := *ds.Dice[0]
	d.Count = 7
	out.Dice = []*schema.Die{&d}
	return &out
}

// TestDiceSharedNets: nets share the last sticker page only when that
// saves a page; there they lie under the stickers and their head, above
// the scale bar; and the nets of their own pages are spread so that no page
// holds a lone net.
func TestDiceSharedNets(t *testing.T) {
	r := testRenderer(t)
	p, ds := loadDicePack(t)
	_, sh := stickerBlock()
	_, nh := netBlock()
	for _, paper := range []string{"letter", "a4"} {
		opts := sheetOpts(paper, layout.LongEdge)
		for _, c := range []struct {
			name                  string
			ds                    *schema.DiceSet
			shared, pages, netsOn int // nets under the stickers, pages in all, most nets on a net page
		}{
			{"4 copies", ds, 0, 2, 4},
			{"7 copies", sevenDice(ds), 3, 2, 4},
		} {
			pl, err := r.planDice(p, c.ds, opts)
			if err != nil {
				t.Fatal(err)
			}
			if pl.shared != c.shared || pl.stickerPages+pl.netPages != c.pages || pl.netsPer != c.netsOn {
				t.Errorf("%s %s: %d nets under the stickers, %d pages, %d nets a page; want %d, %d, %d",
					paper, c.name, pl.shared, pl.stickerPages+pl.netPages, pl.netsPer, c.shared, c.pages, c.netsOn)
			}
			last := len(pl.copies) - (pl.stickerPages-1)*pl.sticker.perPage()
			_, lastY := pl.sticker.at(last - 1)
			g := pl.sharedNets(r)
			for k := range pl.shared {
				x, y := g.at(k)
				if y < lastY+sh+diceBlockGapY+r.diceHeadHeight() || y+nh > g.bar.Y || x < layout.Printable(opts.Paper, opts.Margin).X {
					t.Errorf("%s %s: shared net %d at %.1f,%.1f meets the stickers, their head or the scale bar", paper, c.name, k, x, y)
				}
			}
			if rest := len(pl.copies) - pl.shared; pl.netPages > 1 && rest-(pl.netPages-1)*pl.netsPer < 2 {
				t.Errorf("%s %s: the last net page holds %d net(s)", paper, c.name, rest-(pl.netPages-1)*pl.netsPer)
			}
			want := "page 2: a cube net"
			if c.shared > 0 {
				want = fmt.Sprintf("pages 1-2 (the first %d under the stickers of page 1): a cube net", c.shared)
			}
			if index := strings.Join(indexDice(r.Renderer, p, c.ds, opts), "\n"); !strings.Contains(index, want) {
				t.Errorf("%s %s: the index lacks %q:\n%s", paper, c.name, want, index)
			}
		}
	}
}

// TestDicePressLeavesOutUnprinted: the press layout prints the dice the
// kit prints, not the one counted towards a component marked printed:
// false, which the Tabletop Simulator export (Pieces) still has.
func TestDicePressLeavesOutUnprinted(t *testing.T) {
	p, ds := loadDicePack(t)
	ids := func(f func(*generator.Renderer, *schema.Pack, *schema.DiceSet) ([]generator.Piece, error)) string {
		t.Helper()
		pcs, err := f(testRenderer(t).Renderer, p, ds)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, pc := range pcs {
			out = append(out, fmt.Sprintf("%s x%d", pc.ID, pc.Copies))
		}
		return strings.Join(out, ", ")
	}
	if got, want := ids(PressPieces), "door-die x1, action x2, event x1"; got != want {
		t.Errorf("press pieces: %s, want %s", got, want)
	}
	if got := ids(Pieces); !strings.Contains(got, "spare") {
		t.Errorf("the Tabletop Simulator pieces leave out the unprinted die: %s", got)
	}
}
