package board

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/golden"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// loadBoardPack loads a test pack and returns its only board.
func loadBoardPack(t testing.TB, fsys fstest.MapFS, dir string) (*schema.Pack, *schema.Board) {
	t.Helper()
	var p *schema.Pack
	var probs []schema.Problem
	if fsys != nil {
		p, probs = schematest.LoadPack(fsys, dir)
	} else {
		p, probs = schematest.LoadPack(os.DirFS(filepath.Join("testdata", dir)), dir)
	}
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if len(p.Boards()) != 1 {
		t.Fatalf("%s: %d boards, want 1", dir, len(p.Boards()))
	}
	return p, p.Boards()[0]
}

func bigBoard(t testing.TB) (*schema.Pack, *schema.Board) { return loadBoardPack(t, nil, "bigboard") }

// smallBoardFS is a 300 x 120 mm board: two tiles on Letter.
var smallBoardFS = fstest.MapFS{
	"game.yaml": {Data: []byte("kind: Game\nid: small\ntitle: Small\nsystem: generic\ncomponents: []\n")},
	"board.yaml": {Data: []byte(`kind: Board
id: small
name: Small board
sides:
  - id: front
    name: Front
    width: 300mm
    height: 120mm
    space: {size: 30mm}
    path: true
    joins: "Continues on the back."
    texts:
      - {text: "Small {zombie} board", x: 10mm, y: 8mm, w: 120mm, h: 10mm, size: 14pt, font: bold}
      - {text: "turned", x: 255mm, y: 20mm, w: 40mm, h: 6mm, size: 8pt, rotate: 90, align: center}
    spaces:
      - {label: START, x: 30mm, y: 70mm, icons: [zombie], fill: "#f6d5d8"}
      - {number: 1, x: 90mm, y: 70mm, note: "Spawn"}
      - {number: 2, x: 150mm, y: 70mm, icons: [bullet, blood]}
      - {number: 3, x: 210mm, y: 70mm, label: Alley}
      - {label: END, x: 270mm, y: 70mm, icons: [flag]}
`)},
}

func boardRenderer(t testing.TB) renderer {
	t.Helper()
	r, err := generator.NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	return renderer{r}
}

func boardOpts(paper string) generator.PrintOptions {
	return generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: 3, CropMarks: true,
		Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
}

// recBoardOut records a board's pages; art is recorded once and logged
// where it is placed.
type recBoardOut struct {
	pages []*recBoardPage
	arts  []*draw.Recorder
}

// recBoardPage is a recorded page that also keeps the exact centres of the
// alignment marks drawn on it.
type recBoardPage struct {
	draw.Recorder
	w, h  float64
	marks []layout.Point
}

func (o *recBoardOut) AddPage(w, h float64) draw.Canvas {
	p := &recBoardPage{w: w, h: h}
	p.Logf("page %.2f %.2f", w, h)
	o.pages = append(o.pages, p)
	return p
}

func (o *recBoardOut) Art(w, h float64, paint func(draw.Canvas)) generator.PlaceArt {
	rec := &draw.Recorder{}
	rec.Logf("art %d %.2f %.2f", len(o.arts), w, h)
	paint(rec)
	o.arts = append(o.arts, rec)
	i := len(o.arts) - 1
	return func(page draw.Canvas, x, y float64) { page.(*recBoardPage).Logf("use art %d at %.2f %.2f", i, x, y) }
}

// Ellipse implements Canvas, noting alignment marks.
func (p *recBoardPage) Ellipse(x, y, w, h float64, s draw.Style) {
	if s.Fill == nil && s.Stroke != nil && *s.Stroke == boardMark && s.Width == boardMarkWidth {
		p.marks = append(p.marks, layout.Point{X: x + w/2, Y: y + h/2})
	}
	p.Recorder.Ellipse(x, y, w, h, s)
}

func (o *recBoardOut) String() string {
	var b strings.Builder
	for _, a := range o.arts {
		b.WriteString(a.String())
	}
	for _, p := range o.pages {
		b.WriteString(p.String())
	}
	return b.String()
}

func recordBoard(t *testing.T, r renderer, b *schema.Board, opts generator.PrintOptions) *recBoardOut {
	t.Helper()
	out := &recBoardOut{}
	if err := r.imposeBoard(out, b, opts); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestBoardPageCounts(t *testing.T) {
	r := boardRenderer(t)
	p, b := bigBoard(t)
	twice := *b
	twice.Count = 2
	_, small := loadBoardPack(t, smallBoardFS, "small")
	cases := []struct {
		name  string
		b     *schema.Board
		paper string
		want  int
	}{
		{"500x400 letter: map + 2x3 tiles", b, "letter", 7},
		{"500x400 a4: map + 2x3 tiles", b, "a4", 7},
		{"two copies", &twice, "a4", 14},
		{"300x120 letter: map + 2 tiles", small, "letter", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			n, err := r.WriteBoard(&buf, p, c.b, boardOpts(c.paper))
			if err != nil {
				t.Fatal(err)
			}
			if n != c.want {
				t.Errorf("WriteBoard says %d pages, want %d", n, c.want)
			}
			pdftest.CheckPages(t, buf.Bytes(), c.want)
		})
	}
}

func TestBoardPlanOfBigBoard(t *testing.T) {
	_, b := bigBoard(t)
	for _, paper := range []string{"letter", "a4"} {
		pl, err := Plan(b.Sides[0], boardOpts(paper))
		if err != nil {
			t.Fatal(err)
		}
		if pl.Rows != 2 || pl.Cols != 3 || pl.Landscape {
			t.Errorf("%s: %dx%d landscape=%v, want 2x3 portrait", paper, pl.Rows, pl.Cols, pl.Landscape)
		}
	}
}

func TestBoardRenderingGolden(t *testing.T) {
	r := boardRenderer(t)
	_, b := loadBoardPack(t, smallBoardFS, "small")
	out := recordBoard(t, r, b, boardOpts("letter"))
	if len(out.pages) != 3 || len(out.arts) != 1 {
		t.Fatalf("%d pages and %d arts, want 3 and 1", len(out.pages), len(out.arts))
	}
	golden.Check(t, filepath.Join("testdata", "golden", "board-small.txt"), out.String())
}

func TestBoardInkSaverAndGrayscale(t *testing.T) {
	r := boardRenderer(t)
	_, b := loadBoardPack(t, smallBoardFS, "small")
	saver := recordBoard(t, renderer{r.WithOptions(true, false)}, b, boardOpts("letter")).String()
	for _, fill := range []string{"fill=#f6f3ea", "fill=#f6d5d8", "fill=" + boardGlue.Hex(), "fill=" + boardShadow.Hex()} {
		if strings.Contains(saver, fill) {
			t.Errorf("ink-saver output fills with %s", fill)
		}
	}
	gray := recordBoard(t, renderer{r.WithOptions(false, true)}, b, boardOpts("letter")).String()
	for _, line := range strings.Split(gray, "\n") {
		for _, f := range strings.Fields(line) {
			if i := strings.Index(f, "#"); i >= 0 && len(f) >= i+7 {
				h := f[i+1 : i+7]
				if h[0:2] != h[2:4] || h[2:4] != h[4:6] {
					t.Fatalf("grayscale output has colour %s: %s", h, line)
				}
			}
		}
	}
}

// TestBoardMarksMeet reads the alignment marks off the recorded tile pages:
// for every seam, the marks on the page beneath and on the page laid on top
// land on the same board coordinates.
func TestBoardMarksMeet(t *testing.T) {
	r := boardRenderer(t)
	_, b := bigBoard(t)
	for _, paper := range []string{"letter", "a4"} {
		t.Run(paper, func(t *testing.T) {
			opts := boardOpts(paper)
			pl, err := Plan(b.Sides[0], opts)
			if err != nil {
				t.Fatal(err)
			}
			out := recordBoard(t, r, b, opts)
			onBoard := func(k int, s layout.Seam) []layout.Point {
				tile := pl.Tiles[k]
				var pts []layout.Point
				for _, m := range out.pages[1+k].marks {
					bp := layout.Point{X: m.X - tile.Place.X + tile.Region.X, Y: m.Y - tile.Place.Y + tile.Region.Y}
					if boardPointIn(bp, s.Strip) {
						pts = append(pts, bp)
					}
				}
				sort.Slice(pts, func(i, j int) bool { return pts[i].X+pts[i].Y < pts[j].X+pts[j].Y })
				return pts
			}
			for _, s := range pl.Seams {
				under, over := onBoard(s.Under, s), onBoard(s.Over, s)
				name := pl.Tiles[s.Under].Label + "/" + pl.Tiles[s.Over].Label
				if len(under) < 2 || len(under) != len(over) {
					t.Fatalf("%s: %d marks beneath, %d on top", name, len(under), len(over))
				}
				for i := range under {
					if d := math.Hypot(under[i].X-over[i].X, under[i].Y-over[i].Y); d > 0.01 {
						t.Errorf("%s: mark %d at %+v beneath but %+v on top (%.3fmm apart)", name, i, under[i], over[i], d)
					}
				}
			}
		})
	}
}

func boardPointIn(p layout.Point, r layout.Rect) bool {
	return p.X >= r.X-1e-6 && p.X <= r.Right()+1e-6 && p.Y >= r.Y-1e-6 && p.Y <= r.Bottom()+1e-6
}

// TestBoardDrawsInsidePrintableArea checks every operation of every page,
// but the placed board art (which is clipped), against the printer margin.
func TestBoardDrawsInsidePrintableArea(t *testing.T) {
	r := boardRenderer(t)
	_, big := bigBoard(t)
	_, small := loadBoardPack(t, smallBoardFS, "small")
	for _, c := range []struct {
		b     *schema.Board
		paper string
	}{{big, "letter"}, {big, "a4"}, {small, "letter"}} {
		t.Run(c.b.ID+"-"+c.paper, func(t *testing.T) {
			out := recordBoard(t, r, c.b, boardOpts(c.paper))
			for i, p := range out.pages {
				area := layout.Rect{X: layout.DefaultMargin, Y: layout.DefaultMargin,
					W: p.w - 2*layout.DefaultMargin, H: p.h - 2*layout.DefaultMargin}
				checkBoardInside(t, r, fmt.Sprintf("page %d", i+1), p.Ops, area)
			}
		})
	}
}

// checkInside replays a page log, tracking rotations and clips, and fails
// for any drawing outside area.
func checkBoardInside(t *testing.T, r renderer, page string, ops []string, area layout.Rect) {
	t.Helper()
	type state struct {
		rot      float64
		cx, cy   float64
		clip     *layout.Rect
		rotating bool
	}
	stack := []state{{}}
	for _, op := range ops {
		st := &stack[len(stack)-1]
		f := strings.Fields(op)
		num := func(i int) float64 {
			v, err := strconv.ParseFloat(strings.TrimSuffix(f[i], "pt"), 64)
			if err != nil {
				t.Fatalf("%s: cannot parse %q", page, op)
			}
			return v
		}
		var box layout.Rect
		pad := 0.0
		switch f[0] {
		case "push":
			stack = append(stack, *st)
			continue
		case "pop":
			stack = stack[:len(stack)-1]
			continue
		case "rotate":
			st.rot, st.cx, st.cy, st.rotating = num(1), num(2), num(3), true
			continue
		case "page", "use":
			continue
		case "clip":
			box = layout.Rect{X: num(1), Y: num(2), W: num(3), H: num(4)}
		case "rect", "ellipse":
			box = layout.Rect{X: num(1), Y: num(2), W: num(3), H: num(4)}
			pad = boardStrokePad(op)
		case "line":
			box = layout.Rect{X: min(num(1), num(3)), Y: min(num(2), num(4)), W: math.Abs(num(3) - num(1)), H: math.Abs(num(4) - num(2))}
			w, _ := strconv.ParseFloat(f[5][strings.Index(f[5], "/")+1:], 64)
			pad = w / 2
		case "path":
			var x0, y0, x1, y1 float64
			fmt.Sscanf(f[2], "bbox=%f,%f,%f,%f", &x0, &y0, &x1, &y1)
			box = layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
		case "text":
			box = boardTextExtent(t, r, op)
		default:
			t.Fatalf("%s: unknown op %q", page, op)
		}
		box = layout.Rect{X: box.X - pad, Y: box.Y - pad, W: box.W + 2*pad, H: box.H + 2*pad}
		if st.rotating {
			box = boardRotateBox(box, st.rot, st.cx, st.cy)
		}
		if f[0] == "clip" {
			c := box
			if st.clip != nil {
				c = boardIntersect(c, *st.clip)
			}
			st.clip = &c
		} else if st.clip != nil {
			box = boardIntersect(box, *st.clip)
		}
		if box.W < 0 || box.H < 0 {
			continue // clipped away
		}
		const eps = 0.011
		if box.X < area.X-eps || box.Y < area.Y-eps || box.Right() > area.Right()+eps || box.Bottom() > area.Bottom()+eps {
			t.Errorf("%s: %q reaches %+v, outside the printable area %+v", page, op, box, area)
		}
	}
}

func boardStrokePad(op string) float64 {
	i := strings.Index(op, "stroke=")
	if i < 0 {
		return 0
	}
	w, _ := strconv.ParseFloat(strings.Fields(op[i+len("stroke=#000000/"):])[0], 64)
	return w / 2
}

// textBox is the extent of a logged text run.
func boardTextExtent(t *testing.T, r renderer, op string) layout.Rect {
	f := strings.Fields(op)
	q := strings.IndexByte(op, '"')
	s, err := strconv.Unquote(op[q:])
	if len(f) < 7 || err != nil {
		t.Fatalf("cannot parse %q", op)
	}
	x, _ := strconv.ParseFloat(f[1], 64)
	y, _ := strconv.ParseFloat(f[2], 64)
	font := f[3]
	size, _ := strconv.ParseFloat(strings.TrimSuffix(f[4], "pt"), 64)
	st := draw.Regular
	for s := draw.Regular; s <= draw.Mono; s++ {
		if s.String() == font {
			st = s
		}
	}
	asc, desc := r.Fonts.Ascent(st, size), r.Fonts.Descent(st, size)
	return layout.Rect{X: x, Y: y - asc, W: r.Fonts.Width(s, st, size), H: asc + desc}
}

// rotateBox turns a box clockwise by a multiple of 90 degrees about (cx, cy).
func boardRotateBox(b layout.Rect, deg, cx, cy float64) layout.Rect {
	rad := deg * math.Pi / 180
	sin, cos := math.Sin(rad), math.Cos(rad)
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range [][2]float64{{b.X, b.Y}, {b.Right(), b.Y}, {b.X, b.Bottom()}, {b.Right(), b.Bottom()}} {
		dx, dy := p[0]-cx, p[1]-cy
		x, y := cx+dx*cos-dy*sin, cy+dx*sin+dy*cos
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

func boardIntersect(a, b layout.Rect) layout.Rect {
	x0, y0 := max(a.X, b.X), max(a.Y, b.Y)
	return layout.Rect{X: x0, Y: y0, W: min(a.Right(), b.Right()) - x0, H: min(a.Bottom(), b.Bottom()) - y0}
}

func TestBoardIsByteIdentical(t *testing.T) {
	r := boardRenderer(t)
	p, b := bigBoard(t)
	var a, c bytes.Buffer
	for _, buf := range []*bytes.Buffer{&a, &c} {
		if _, err := r.WriteBoard(buf, p, b, boardOpts("letter")); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(a.Bytes(), c.Bytes()) {
		t.Error("two writes of one board differ")
	}
}

func TestBuildBoardJob(t *testing.T) {
	r := boardRenderer(t)
	p, b := bigBoard(t)
	jobs := buildBoard(r.Renderer, p, b, generator.BuildOptions{Print: boardOpts("a4")})
	if len(jobs) != 1 {
		t.Fatalf("%d jobs, want 1", len(jobs))
	}
	arts, err := jobs[0].Run(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if len(arts) != 1 || arts[0].Path != "bigboard.pdf" || arts[0].Pages != 7 {
		t.Errorf("artifacts %+v, want bigboard.pdf with 7 pages", arts)
	}
	if lines := indexBoard(r.Renderer, p, b, boardOpts("a4")); len(lines) != 2 || !strings.Contains(lines[0], "6 pages (2 rows of 3, A4 portrait)") || !strings.Contains(lines[1], "Continues on the back") {
		t.Errorf("index lines %q", lines)
	}
}

func TestBoardRefusesWhatCannotPrint(t *testing.T) {
	r := boardRenderer(t)
	p, b := bigBoard(t)
	none := *b
	none.Count = 0
	huge := *b
	side := *b.Sides[0]
	side.Width = 2500
	huge.Sides = []*schema.BoardSide{&side}
	for _, c := range []struct {
		b    *schema.Board
		want string
	}{{&none, "nothing to print"}, {&huge, "at most 2000mm"}} {
		_, err := r.WriteBoard(&bytes.Buffer{}, p, c.b, boardOpts("letter"))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one containing %q", err, c.want)
		}
	}
}

func TestBoardOverflows(t *testing.T) {
	r := boardRenderer(t)
	p, b := bigBoard(t)
	if got := boardOverflows(r.Renderer, p, b); len(got) != 0 {
		t.Errorf("the test board overflows: %+v", got)
	}
	fsys := fstest.MapFS{
		"game.yaml": smallBoardFS["game.yaml"],
		"board.yaml": {Data: []byte(`kind: Board
id: tight
sides:
  - id: front
    width: 200mm
    height: 100mm
    texts:
      - {text: "This text is much too long for its small box", x: 10mm, y: 10mm, w: 30mm, h: 5mm, size: 10pt}
      - {text: "fits", x: 10mm, y: 20mm, w: 30mm, h: 8mm}
    spaces:
      - {label: "AN ENORMOUSLY LONG LABEL", x: 30mm, y: 60mm, size: 12mm}
      - {number: 1, label: "Long second label", note: "a note far too long to fit in this space", x: 80mm, y: 60mm, size: 20mm}
      - {number: 2, label: "Ok", x: 130mm, y: 60mm}
  - id: back
    width: 40mm
    height: 30mm
    joins: "a joins text far too long for the corner of this very small side: it is forty millimetres wide and thirty tall, and has no room for so many words, even at six points"
    spaces: []
`)},
	}
	p2, tight := loadBoardPack(t, fsys, "tight")
	got := boardOverflows(r.Renderer, p2, tight)
	want := []struct{ line, col int }{{11, 17}, {12, 28}, {12, 55}, {8, 16}, {17, 12}}
	var lines []string
	for _, g := range got {
		lines = append(lines, fmt.Sprintf("%s: %s %s", g.Ref.Pos(), g.What, g.Detail))
	}
	if len(got) != len(want) {
		t.Fatalf("got %d issues, want %d:\n%s", len(got), len(want), strings.Join(lines, "\n"))
	}
	for i, w := range want {
		if pos := got[i].Ref.Pos(); pos.Line != w.line || pos.Col != w.col {
			t.Errorf("issue %d at %d:%d, want %d:%d: %s", i, pos.Line, pos.Col, w.line, w.col, lines[i])
		}
	}
}

func twoSidedBoard(t testing.TB) (*schema.Pack, *schema.Board) {
	return loadBoardPack(t, nil, "twosided")
}

// turnedBoardFS is a two-sided 250 x 180 mm board: too wide for Letter or
// A4 upright, it fits turned a quarter.
var turnedBoardFS = fstest.MapFS{
	"game.yaml": smallBoardFS["game.yaml"],
	"board.yaml": {Data: []byte(`kind: Board
id: turned
name: Turned board
sides:
  - id: front
    width: 250mm
    height: 180mm
    texts:
      - {text: "front", x: 10mm, y: 10mm, w: 60mm, h: 10mm}
    spaces: []
  - id: back
    width: 250mm
    height: 180mm
    texts:
      - {text: "back", x: 10mm, y: 10mm, w: 60mm, h: 10mm}
    spaces: []
`)},
}

// mixedBoardFS has a side that fits one page and a side that is tiled.
var mixedBoardFS = fstest.MapFS{
	"game.yaml": smallBoardFS["game.yaml"],
	"board.yaml": {Data: []byte(`kind: Board
id: mixed
sides:
  - {id: small, width: 100mm, height: 100mm, spaces: []}
  - {id: long, width: 300mm, height: 120mm, spaces: []}
`)},
}

func boardOptsDuplex(paper string, d layout.Duplex) generator.PrintOptions {
	o := boardOpts(paper)
	o.Duplex = d
	return o
}

func TestBoardOnePagePageCounts(t *testing.T) {
	r := boardRenderer(t)
	p, two := twoSidedBoard(t)
	one := *two
	one.Sides = two.Sides[:1]
	twice := *two
	twice.Count = 2
	_, turned := loadBoardPack(t, turnedBoardFS, "turned")
	turnedOne := *turned
	turnedOne.Sides = turned.Sides[:1]
	_, mixed := loadBoardPack(t, mixedBoardFS, "mixed")
	cases := []struct {
		name   string
		b      *schema.Board
		paper  string
		duplex layout.Duplex
		want   int
		preset string
	}{
		{"one side letter", &one, "letter", layout.LongEdge, 1, "/Simplex"},
		{"one side a4", &one, "a4", layout.NoDuplex, 1, "/Simplex"},
		{"one side turned", &turnedOne, "letter", layout.LongEdge, 1, "/Simplex"},
		{"two sides long", two, "letter", layout.LongEdge, 2, "/DuplexFlipLongEdge"},
		{"two sides short", two, "a4", layout.ShortEdge, 2, "/DuplexFlipShortEdge"},
		{"two sides none", two, "letter", layout.NoDuplex, 2, "/Simplex"},
		{"two sides turned long", turned, "a4", layout.LongEdge, 2, "/DuplexFlipLongEdge"},
		{"two copies long", &twice, "letter", layout.LongEdge, 4, "/DuplexFlipLongEdge"},
		{"one side fits, one tiled", mixed, "letter", layout.LongEdge, 4, "/Simplex"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			n, err := r.WriteBoard(&buf, p, c.b, boardOptsDuplex(c.paper, c.duplex))
			if err != nil {
				t.Fatal(err)
			}
			if n != c.want {
				t.Errorf("WriteBoard says %d pages, want %d", n, c.want)
			}
			conf := model.NewDefaultConfiguration()
			conf.ValidationMode = model.ValidationStrict
			if err := api.Validate(bytes.NewReader(buf.Bytes()), conf); err != nil {
				t.Fatalf("invalid PDF: %v", err)
			}
			if pages, err := api.PageCount(bytes.NewReader(buf.Bytes()), conf); err != nil || pages != c.want {
				t.Errorf("the PDF has %d pages (%v), want %d", pages, err, c.want)
			}
			if !bytes.Contains(buf.Bytes(), []byte("/Duplex "+c.preset)) {
				t.Errorf("the PDF does not preset /Duplex %s", c.preset)
			}
		})
	}
}

func flipRect(r layout.Rect, paper layout.Paper, d layout.Duplex) layout.Rect {
	if d == layout.ShortEdge {
		r.Y = paper.H - r.Y - r.H
	} else {
		r.X = paper.W - r.X - r.W
	}
	return r
}

// TestBoardBackRegistration checks that side 2 lands behind side 1 once a
// duplex sheet is turned over: the back's trim, flipped, is the front's,
// and every point of the back lies behind the point of the front it
// backs when the board is turned over about its vertical axis (so both
// sides read upright).
func TestBoardBackRegistration(t *testing.T) {
	r := boardRenderer(t)
	_, two := twoSidedBoard(t)
	_, turned := loadBoardPack(t, turnedBoardFS, "turned")
	for _, b := range []*schema.Board{two, turned} {
		for _, paper := range []string{"letter", "a4"} {
			for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge} {
				t.Run(fmt.Sprintf("%s-%s-%s", b.ID, paper, d), func(t *testing.T) {
					opts := boardOptsDuplex(paper, d)
					pl, err := Plan(b.Sides[0], opts)
					if err != nil {
						t.Fatal(err)
					}
					if pl.Landscape != (b == turned) {
						t.Fatalf("landscape=%v", pl.Landscape)
					}
					front := Slot(pl, opts)
					back := BackSlot(front, d, opts)
					if got := flipRect(back.Trim, opts.Paper, d); !rendertest.RectNear(got, front.Trim, 1e-9) {
						t.Errorf("back trim %+v flips to %+v, want the front's %+v", back.Trim, got, front.Trim)
					}
					opts.BackOffset = layout.Point{X: 0.5, Y: -0.3}
					shifted := BackSlot(front, d, opts)
					want := back.Trim
					want.X, want.Y = want.X+0.5, want.Y-0.3
					if !rendertest.RectNear(shifted.Trim, want, 1e-9) {
						t.Errorf("with a back offset the back trim is %+v, want %+v", shifted.Trim, want)
					}
					opts.BackOffset = layout.Point{}

					out := recordBoard(t, r, b, opts)
					if len(out.pages) != 2 {
						t.Fatalf("%d pages, want 2", len(out.pages))
					}
					fp, bp := rendertest.ReadArtPlacement(t, out.pages[0].Ops), rendertest.ReadArtPlacement(t, out.pages[1].Ops)
					if fp.Arts != 1 || bp.Arts != 1 || fp.TileText+bp.TileText != 0 {
						t.Fatalf("arts %d and %d, tile labels %d, want one art a page and no tile label", fp.Arts, bp.Arts, fp.TileText+bp.TileText)
					}
					w, h := pl.BoardW, pl.BoardH
					for _, pt := range [][2]float64{{0, 0}, {w, 0}, {0, h}, {w, h}, {w / 3, h / 4}} {
						onFront := fp.At(w-pt[0], pt[1], opts.Bleed)
						behind := rendertest.FlipPoint(bp.At(pt[0], pt[1], opts.Bleed), opts.Paper, d)
						if math.Hypot(onFront.X-behind.X, onFront.Y-behind.Y) > 0.02 {
							t.Errorf("back point %v lands at %+v, behind %+v, want the front's point (%g, %g) at %+v",
								pt, bp.At(pt[0], pt[1], opts.Bleed), behind, w-pt[0], pt[1], onFront)
						}
					}
					if !rendertest.RectNear(fp.Clip, front.Art(), 0.01) || !rendertest.RectNear(bp.Clip, back.Art(), 0.01) {
						t.Errorf("art clipped to %+v and %+v, want %+v and %+v", fp.Clip, bp.Clip, front.Art(), back.Art())
					}
				})
			}
		}
	}
}

// TestBoardOnePageLeavesTheBoardAlone checks a one-page side's page: one
// placement of the art, nothing else drawn over its trim, crop marks in
// the waste, and a label saying where its back is.
func TestBoardOnePageLeavesTheBoardAlone(t *testing.T) {
	r := boardRenderer(t)
	_, two := twoSidedBoard(t)
	_, turned := loadBoardPack(t, turnedBoardFS, "turned")
	for _, c := range []struct {
		b      *schema.Board
		paper  string
		duplex layout.Duplex
		labels [2]string
	}{
		{two, "letter", layout.LongEdge, [2]string{"page 2 is its back", "the back of page 1 (flip on the long edge)"}},
		{two, "a4", layout.ShortEdge, [2]string{"flip on the short edge", "the back of page 1 (flip on the short edge)"}},
		{two, "letter", layout.NoDuplex, [2]string{"page 2 is its back", "back of page 1: glue it behind it"}},
		{turned, "a4", layout.NoDuplex, [2]string{"page 2 is its back", "back of page 1: glue it behind it"}},
	} {
		t.Run(fmt.Sprintf("%s-%s-%s", c.b.ID, c.paper, c.duplex), func(t *testing.T) {
			opts := boardOptsDuplex(c.paper, c.duplex)
			out := recordBoard(t, r, c.b, opts)
			pl, err := Plan(c.b.Sides[0], opts)
			if err != nil {
				t.Fatal(err)
			}
			front := Slot(pl, opts)
			slots := []layout.Slot{front, BackSlot(front, boardDuplex(c.b, []layout.TilePlan{pl, pl}, opts), opts)}
			for i, p := range out.pages {
				if p.w != opts.Paper.W || p.h != opts.Paper.H {
					t.Errorf("page %d is %gx%g, want the paper upright", i+1, p.w, p.h)
				}
				text := strings.Join(p.Ops, "\n")
				if !strings.Contains(text, c.labels[i]) {
					t.Errorf("page %d has no label %q", i+1, c.labels[i])
				}
				trim := slots[i].Trim.Inset(0.05)
				marks := 0
				inArt := 0
				for _, op := range p.Ops {
					f := strings.Fields(op)
					switch f[0] {
					case "push":
						inArt++
						continue
					case "pop":
						inArt--
						continue
					}
					if inArt > 0 || (f[0] != "line" && f[0] != "rect" && f[0] != "text") {
						continue
					}
					var box layout.Rect
					if f[0] == "text" {
						box = boardTextExtent(t, r, op)
					} else {
						var x1, y1, x2, y2 float64
						fmt.Sscanf(strings.Join(f[1:5], " "), "%f %f %f %f", &x1, &y1, &x2, &y2)
						if f[0] == "rect" {
							x2, y2 = x1+x2, y1+y2
						}
						box = layout.Rect{X: min(x1, x2), Y: min(y1, y2), W: math.Abs(x2 - x1), H: math.Abs(y2 - y1)}
						if f[0] == "line" && strings.HasPrefix(f[5], generator.MarkColor.Hex()) {
							marks++
						}
					}
					if ov := boardIntersect(box, trim); ov.W > 0 && ov.H > 0 {
						t.Errorf("page %d: %q is drawn over the board's trim %+v", i+1, op, slots[i].Trim)
					}
				}
				if marks < 8 {
					t.Errorf("page %d: %d crop marks, want at least 8", i+1, marks)
				}
				// Marks end at the margin with butt ends: only their width
				// pads them, across the line.
				area := layout.Printable(opts.Paper, opts.Margin).Inset(-0.011)
				for _, op := range p.Ops {
					f := strings.Fields(op)
					if f[0] != "line" {
						continue
					}
					var x1, y1, x2, y2, w float64
					fmt.Sscanf(strings.Join(f[1:5], " "), "%f %f %f %f", &x1, &y1, &x2, &y2)
					fmt.Sscanf(f[5][strings.Index(f[5], "/")+1:], "%f", &w)
					box := layout.Rect{X: min(x1, x2) - w/2, Y: min(y1, y2), W: math.Abs(x2-x1) + w, H: math.Abs(y2 - y1)}
					if y1 == y2 {
						box = layout.Rect{X: min(x1, x2), Y: y1 - w/2, W: math.Abs(x2 - x1), H: w}
					}
					if box.X < area.X || box.Y < area.Y || box.Right() > area.Right() || box.Bottom() > area.Bottom() {
						t.Errorf("page %d: %q leaves the printable area", i+1, op)
					}
				}
			}
		})
	}
}

func TestIndexBoardOnePage(t *testing.T) {
	r := boardRenderer(t)
	p, two := twoSidedBoard(t)
	_, turned := loadBoardPack(t, turnedBoardFS, "turned")
	for _, c := range []struct {
		b      *schema.Board
		duplex layout.Duplex
		want   []string
	}{
		{two, layout.LongEdge, []string{"Front: 196 x 140 mm at true size on one page, no page map; trim along the crop marks",
			"Back: 196 x 140 mm at true size on one page, no page map",
			"one sheet printed double-sided (flip on the long edge): side 2 is on the back of side 1"}},
		{two, layout.NoDuplex, []string{"Front: 196 x 140 mm", "each on a page of its own: trim both and glue side 2 behind side 1"}},
		{turned, layout.ShortEdge, []string{"250 x 180 mm at true size on one page (turned a quarter to fit)", "flip on the short edge"}},
	} {
		lines := strings.Join(indexBoard(r.Renderer, p, c.b, boardOptsDuplex("letter", c.duplex)), "\n")
		for _, w := range c.want {
			if !strings.Contains(lines, w) {
				t.Errorf("%s %s: index lines\n%s\nlack %q", c.b.ID, c.duplex, lines, w)
			}
		}
	}
}

// TestCalibrationForBoardBacks: a kit whose only back pages are a board's
// second side, printed duplex behind the first, gets a
// calibration sheet; sides that are glued (tiled, or printed single-sided)
// do not.
func TestCalibrationForBoardBacks(t *testing.T) {
	_, two := twoSidedBoard(t)
	one := *two
	one.Sides = two.Sides[:1]
	_, mixed := loadBoardPack(t, mixedBoardFS, "mixed")
	tests := []struct {
		name    string
		element schema.Element
		duplex  layout.Duplex
		want    bool
	}{
		{"two sides on one page each, long edge", two, layout.LongEdge, true},
		{"two sides on one page each, short edge", two, layout.ShortEdge, true},
		{"two sides, single-sided print", two, layout.NoDuplex, false},
		{"one side", &one, layout.LongEdge, false},
		{"one side tiled, glued to the other", mixed, layout.LongEdge, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &schema.Pack{Game: &schema.Game{}, Elements: []schema.Element{tt.element}}
			if got := kit.NeedsCalibration(shared(t), p, boardOptsDuplex("letter", tt.duplex)); got != tt.want {
				t.Errorf("needsCalibration = %v, want %v", got, tt.want)
			}
		})
	}
}

// shared is a renderer that knows boards as a build does.
func shared(t testing.TB) *generator.Renderer {
	t.Helper()
	r, err := generator.NewRenderer(false, generator.Game{Kinds: map[string]generator.KindRenderer{"Board": Kind()}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
