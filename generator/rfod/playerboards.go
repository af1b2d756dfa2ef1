package rfod

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/board"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
)

// Player boards (kind: PlayerBoards): Run, Fight, or Die!'s Action and Character boards and
// Reloaded's Zombie and Character boards, at play size with crop marks. A
// board of which two or more fit on a page at true size (the Character
// boards) prints n-up on a grid like a deck's cards, turned sideways when
// that is how they fit; a larger one (Action, Zombie) prints on a landscape
// page of its own. An Action (or Zombie) board and a Character board have
// the same width, so the Character board lies directly below the "They are
// on you!" space (L183) or along the Zombie board's character slot
// (Reloaded L92). Boards are one-sided: nothing prints on the back.

// Player board colours, which Reloaded's mats share.
var (
	// Ink is the colour of the boards' text and lines.
	Ink = draw.RGB(0x1c, 0x1b, 0x1a)
	// Paper is the boards' paper colour.
	Paper = draw.RGB(0xf3, 0xee, 0xe2)
	// Muted is the colour of notes and secondary text.
	Muted = draw.RGB(0x5c, 0x58, 0x52)
	// Blood is the red of headings and wounds.
	Blood = draw.RGB(0x8e, 0x1b, 0x1b)
	// Panel is the light ground of panels on the paper.
	Panel = draw.RGB(0xfb, 0xf8, 0xf1)
	// Rule is the colour of rules and slot outlines.
	Rule      = draw.RGB(0xb5, 0xab, 0x98)
	rfZoneTop = [3]draw.Color{draw.RGB(0xd9, 0x8c, 0x7c), draw.RGB(0xe3, 0xb8, 0x86), draw.RGB(0xc9, 0xcf, 0xa6)}
)

// Player board sizes, in millimetres: a top board (Action, Zombie) and a
// Character board share their width.
const (
	rfBoardW     = 250.0
	rfTopBoardH  = 124.0
	rfCharBoardH = 96.0
	rfInset      = 6.0
)

// buildPlayerBoards plans a player board set's PDF.
func buildPlayerBoards(r *generator.Renderer, p *schema.Pack, s *rfodschema.PlayerBoardSet, opts generator.BuildOptions) []generator.Job {
	return []generator.Job{generator.FileJob(s.ID+".pdf", func(w io.Writer) (int, error) {
		return WritePlayerBoards(r, w, p, s, opts.Print)
	})}
}

// indexPlayerBoards describes a player board set's PDF in the kit's index.
func indexPlayerBoards(r *generator.Renderer, p *schema.Pack, s *rfodschema.PlayerBoardSet, opts generator.PrintOptions) []string {
	w, h := playerBoardSize(s.BoardType)
	n := 0
	for _, b := range s.Boards {
		n += max(0, b.Count)
	}
	if g, ok := boardGrid(opts, w, h); ok {
		per := g.PerPage()
		pages := (n + per - 1) / per
		how := "upright"
		if g.Turned {
			how = "turned sideways"
		}
		return []string{
			fmt.Sprintf("%d %s on %d %s, %d to a page at true size (%s x %s mm, %s); print one-sided on card stock", n, Plural(n, "board", "boards"), pages, Plural(pages, "page", "pages"), per, generator.FormatMM(w), generator.FormatMM(h), how),
			generator.BleedNote(g, opts),
		}
	}
	return []string{
		fmt.Sprintf("%d %s, one board per landscape page at %s x %s mm; print one-sided on card stock and cut along the crop marks", n, Plural(n, "page", "pages"), generator.FormatMM(w), generator.FormatMM(h)),
	}
}

// boardGrid is the grid on which boards of bw x bh mm print two or more to
// a page at true size, upright or turned sideways, with the bleed and
// marks of a deck's sheets; ok is false when a page holds only one.
func boardGrid(opts generator.PrintOptions, bw, bh float64) (layout.Grid, bool) {
	spec := layout.GridSpec{Paper: opts.Paper, Margin: max(opts.Margin, layout.DefaultMargin), CardW: bw, CardH: bh,
		Bleed: max(0, opts.Bleed), CropMarks: opts.CropMarks, MayTurn: true}
	if g, err := layout.NewGrid(spec); err == nil && g.PerPage() >= 2 {
		return g, true
	}
	// Without bleed NewGrid does not turn the boards; turn them here.
	spec.CardW, spec.CardH, spec.MayTurn = bh, bw, false
	if g, err := layout.NewGrid(spec); err == nil && g.PerPage() >= 2 {
		g.Turned = true
		return g, true
	}
	return layout.Grid{}, false
}

// Plural picks the singular or plural form of a noun for n.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// playerBoardSize is the trim size of a board of a board type.
func playerBoardSize(boardType string) (w, h float64) {
	switch boardType {
	case rfodschema.CharacterBoard, rfodschema.ReloadedCharacterBoard:
		return rfBoardW, rfCharBoardH
	}
	return rfBoardW, rfTopBoardH
}

// playerBoardTitle names a board type for page headers.
func playerBoardTitle(boardType string) string {
	switch boardType {
	case rfodschema.ActionBoard:
		return "Action Board"
	case rfodschema.CharacterBoard, rfodschema.ReloadedCharacterBoard:
		return "Character Board"
	case rfodschema.ReloadedZombieBoard:
		return "Zombie Board"
	}
	return "Board"
}

// WritePlayerBoards writes a player board set's PDF: every copy of every
// board, n-up where two or more fit a page, else one to a page.
func WritePlayerBoards(r *generator.Renderer, w io.Writer, p *schema.Pack, s *rfodschema.PlayerBoardSet, opts generator.PrintOptions) (int, error) {
	return r.WriteDocument(w, p, NameOr(s.Name, s.ID), "player boards "+s.ID, opts, func(doc *draw.PDF) error {
		doc.SetDuplex(layout.NoDuplex) // boards are one-sided
		return imposePlayerBoards(r, generator.PDFSink(doc), p, s, opts)
	})
}

// NameOr is name, else id.
func NameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}

// imposePlayerBoards adds the pages of every copy of each board to sink.
// Boards of which a page holds two or more at true size (boardGrid) go
// n-up on the grid, with a deck page's marks, scale bar (where there is
// room) and a label naming them. Any other board gets a landscape page of
// its own, centred under a header line, with crop marks at its corners;
// it is scaled down only when the paper cannot hold it (the header says
// so).
func imposePlayerBoards(r *generator.Renderer, sink generator.PageSink, p *schema.Pack, s *rfodschema.PlayerBoardSet, opts generator.PrintOptions) error {
	type boardCopy struct {
		board *rfodschema.PlayerBoard
		copy  int
	}
	var copies []boardCopy
	for _, b := range s.Boards {
		for cp := 1; cp <= b.Count; cp++ {
			copies = append(copies, boardCopy{b, cp})
		}
	}
	if len(copies) == 0 {
		return fmt.Errorf("nothing to print: no board has copies")
	}
	bw, bh := playerBoardSize(s.BoardType)
	// name is a copy's name in page headers and labels.
	name := func(bc boardCopy) string {
		n := NameOr(bc.board.Name, bc.board.ID)
		if bc.board.Count > 1 {
			n += fmt.Sprintf(" (copy %d of %d)", bc.copy, bc.board.Count)
		}
		return n
	}
	if g, ok := boardGrid(opts, bw, bh); ok {
		dp := generator.NewGridPages(r, g, opts, nil)
		plan := impose.Sheets(impose.Spec{Items: len(copies), PerSheet: g.PerPage(), W: opts.Paper.W, H: opts.Paper.H})
		impose.Draw(sink, plan, func(page draw.Canvas, pg impose.Page) {
			geom := dp.Geom(generator.SideFront, pg.Len())
			var names []string
			for i, bc := range copies[pg.Lo:pg.Hi] {
				generator.DrawInSlot(page, geom.Slots[i], opts.Bleed, func() *draw.PDFTemplate { return nil }, func(c draw.Canvas, _ layout.Sides) {
					drawPlayerBoard(r, c, p, s.BoardType, bc.board, max(0, opts.Bleed), nil)
				})
				names = append(names, name(bc))
			}
			c := r.Surface(page)
			generator.DrawMarks(c, geom.Marks)
			if geom.Bar != nil {
				r.DrawScaleBar(c, *geom.Bar)
			}
			label := fmt.Sprintf("%ss %d-%d of %d: %s", playerBoardTitle(s.BoardType), pg.Lo+1, pg.Hi, len(copies), strings.Join(names, ", "))
			if pg.Len() == 1 {
				label = fmt.Sprintf("%s %d of %d: %s", playerBoardTitle(s.BoardType), pg.Lo+1, len(copies), names[0])
			}
			r.DrawPageLabel(c, g.Printable(), geom.Obstacles, label)
		})
		return nil
	}
	pw, ph := max(opts.Paper.W, opts.Paper.H), min(opts.Paper.W, opts.Paper.H)
	plan := impose.Sheets(impose.Spec{Items: len(copies), PerSheet: 1, W: pw, H: ph})
	impose.Draw(sink, plan, func(c draw.Canvas, pg impose.Page) {
		b, cp := copies[pg.Lo].board, copies[pg.Lo].copy
		head := playerBoardTitle(s.BoardType)
		if b.Name != "" {
			head += ": " + b.Name
		}
		if b.Count > 1 {
			head += fmt.Sprintf(" (copy %d of %d)", cp, b.Count)
		}
		placeBoard(r, c, opts, pw, ph, bw, bh, head, "cut along the crop marks", func(c draw.Canvas) {
			drawPlayerBoard(r, c, p, s.BoardType, b, opts.Bleed, nil)
		})
	})
	return nil
}

// placeBoard draws a bw x bh board centred on a pw x ph page under a
// header: head on the left, note on the right.
func placeBoard(r *generator.Renderer, page draw.Canvas, opts generator.PrintOptions, pw, ph, bw, bh float64, head, note string, paint func(c draw.Canvas)) {
	trim, s := rfBoardFrame(opts, pw, ph, bw, bh)
	drawPlaced(r, page, opts, pw, ph, trim, s, 0, head, note, paint)
}

// rfBoardFrame is where a bw x bh board goes on a pw x ph page under the
// header line, and the scale that fits it (at most 1).
func rfBoardFrame(opts generator.PrintOptions, pw, ph, bw, bh float64) (layout.Rect, float64) {
	m := max(opts.Margin, layout.DefaultMargin)
	bleed := max(0, opts.Bleed)
	top := m + 7
	aw, ah := pw-2*m-2*bleed, ph-top-m-2*bleed
	s := min(1, aw/bw, ah/bh)
	w, h := bw*s, bh*s
	return layout.Rect{X: generator.Round2((pw - w) / 2), Y: generator.Round2(top + bleed + (ah-h)/2), W: w, H: h}, s
}

// drawPlaced draws the header and a board scaled by s into trim, turned
// by turn degrees (0 or 180) about its centre, with crop marks.
func drawPlaced(r *generator.Renderer, page draw.Canvas, opts generator.PrintOptions, pw, ph float64, trim layout.Rect, s, turn float64, head, note string, paint func(c draw.Canvas)) {
	c := r.Surface(page)
	m := max(opts.Margin, layout.DefaultMargin)
	if s < 1 {
		note = fmt.Sprintf("scaled to %.0f%% to fit the paper; ", s*100) + note
	}
	c.Text(m, m+3.5, r.ClipText(head, draw.Bold, 9, pw-2*m-90), draw.Bold, 9, Ink)
	nw := r.Fonts.Width(note, draw.Regular, 7)
	c.Text(generator.Round2(pw-m-nw), m+3.5, note, draw.Regular, 7, board.Muted)
	if turn != 0 {
		c.Push()
		c.Rotate(turn, trim.X+trim.W/2, trim.Y+trim.H/2)
	}
	paint(draw.Scaled(c, s, trim.X, trim.Y))
	if turn != 0 {
		c.Pop()
	}
	var marks []layout.Line
	if opts.CropMarks {
		marks = cornerMarks(trim, max(0, opts.Bleed)*s, m, pw, ph)
		for _, l := range marks {
			c.Line(l.X1, l.Y1, l.X2, l.Y2, generator.MarkColor, 0.2)
		}
	}
	area := layout.Rect{X: m, Y: m, W: pw - 2*m, H: ph - 2*m}
	r.PlaceScaleBar(c, area, placedObstacles(area, trim, max(0, opts.Bleed)*s, marks))
}

// placedHeaderH is the height of a placed board's header line, from the
// top of the printable area.
const placedHeaderH = 5.0

// placedObstacles is what a scale bar keeps clear of on a placed board's
// page inside area: the header line, the board with its bleed and the crop
// marks, each with generator.MarkClear to spare.
func placedObstacles(area, trim layout.Rect, bleed float64, marks []layout.Line) []layout.Rect {
	obs := []layout.Rect{
		{X: area.X, Y: area.Y, W: area.W, H: placedHeaderH + generator.MarkClear},
		trim.Inset(-bleed - generator.MarkClear),
	}
	for _, l := range marks {
		obs = append(obs, layout.Rect{X: min(l.X1, l.X2), Y: min(l.Y1, l.Y2), W: math.Abs(l.X2 - l.X1), H: math.Abs(l.Y2 - l.Y1)}.Inset(-0.1-generator.MarkClear))
	}
	return obs
}

// cornerMarks are crop marks at the corners of trim, starting beyond the
// bleed and kept inside the printable area (margin m of a pw x ph page).
func cornerMarks(trim layout.Rect, bleed, m, pw, ph float64) []layout.Line {
	const gap, length = 1.0, 5.0
	var out []layout.Line
	clampX := func(v float64) float64 { return max(m, min(pw-m, v)) }
	clampY := func(v float64) float64 { return max(m, min(ph-m, v)) }
	for _, x := range []float64{trim.X, trim.Right()} {
		for _, y := range []float64{trim.Y, trim.Bottom()} {
			dx, dy := -1.0, -1.0
			if x > trim.X {
				dx = 1
			}
			if y > trim.Y {
				dy = 1
			}
			// A horizontal mark on the line y, outside the bleed.
			x1, x2 := clampX(x+dx*(bleed+gap)), clampX(x+dx*(bleed+gap+length))
			if x1 != x2 {
				out = append(out, layout.Line{X1: x1, Y1: y, X2: x2, Y2: y})
			}
			y1, y2 := clampY(y+dy*(bleed+gap)), clampY(y+dy*(bleed+gap+length))
			if y1 != y2 {
				out = append(out, layout.Line{X1: x, Y1: y1, X2: x, Y2: y2})
			}
		}
	}
	return out
}

// Background is a board's paper colour: white with the ink saver.
func Background(r *generator.Renderer) draw.Color {
	if r.InkSaver {
		return draw.White
	}
	return Paper
}

// rfFill is a large tinted fill: the tint, or paper with the ink saver.
func rfFill(r *generator.Renderer, c draw.Color) draw.Color {
	if r.InkSaver {
		return draw.White
	}
	return c
}

// drawPlayerBoard draws one board at (0, 0) with its bleed.
// fs, when not nil, collects the texts that do not fit.
func drawPlayerBoard(r *generator.Renderer, c draw.Canvas, p *schema.Pack, boardType string, b *rfodschema.PlayerBoard, bleed float64, fs *fitSink) {
	w, h := playerBoardSize(boardType)
	bg := Background(r)
	c.Rect(-bleed, -bleed, w+2*bleed, h+2*bleed, 0, draw.Filled(bg))
	c.Rect(2.5, 2.5, w-5, h-5, 2, draw.Stroked(Rule, 0.4))
	switch boardType {
	case rfodschema.ActionBoard:
		drawZoneBoard(r, c, b, w, h, false, fs)
	case rfodschema.ReloadedZombieBoard:
		drawZoneBoard(r, c, b, w, h, true, fs)
	case rfodschema.CharacterBoard:
		drawRFoDCharacter(r, c, p, b, w, h, fs)
	case rfodschema.ReloadedCharacterBoard:
		drawRFoDRCharacter(r, c, b, w, h, fs)
	}
}

// fitSink collects the texts of an element that do not fit their box,
// for validate (a kindFitter); a nil sink collects nothing.
type fitSink struct {
	what   string
	issues []schema.TextIssue
}

// note records a text at ref that did not fit (ok false).
func (fs *fitSink) note(ok bool, ref schema.Ref, field string) {
	if fs == nil || ok {
		return
	}
	fs.issues = append(fs.issues, schema.TextIssue{Ref: ref, What: fs.what + " " + field, Detail: "does not fit its space at the smallest type size; shorten it"})
}

// playerBoardOverflows lists the texts of a player board set that do not
// fit their space.
func playerBoardOverflows(r *generator.Renderer, p *schema.Pack, s *rfodschema.PlayerBoardSet) []schema.TextIssue {
	var out []schema.TextIssue
	for _, b := range s.Boards {
		if b == nil {
			continue
		}
		fs := &fitSink{what: fmt.Sprintf("board %q", b.ID)}
		drawPlayerBoard(r, &draw.Recorder{}, p, s.BoardType, b, 0, fs)
		out = append(out, fs.issues...)
	}
	return out
}

// TextIn lays text out in a box and draws it; it reports whether the text
// fits.
func TextIn(r *generator.Renderer, c draw.Canvas, text string, st typeset.Style, x, y, w, h float64, ink, paper draw.Color) bool {
	if strings.TrimSpace(text) == "" || w <= 0 || h <= 0 {
		return true
	}
	b := typeset.Layout(r.Fonts, text, st, w, h)
	typeset.Draw(r.Fonts, c, b, x, y, w, h, ink, paper)
	return b.Fits
}

// CentredText draws one line centred on cx.
func CentredText(r *generator.Renderer, c draw.Canvas, cx, y float64, s string, f draw.FontStyle, size float64, col draw.Color) {
	c.Text(generator.Round2(cx-r.Fonts.Width(s, f, size)/2), y, s, f, size, col)
}

// drawDieFace draws a die face: a rounded square with the face's icon, or
// its name when no icon draws it.
func drawDieFace(r *generator.Renderer, c draw.Canvas, face string, x, y, size float64) {
	c.Rect(x, y, size, size, size*0.18, draw.Style{Fill: &draw.White, Stroke: &Ink, Width: max(0.25, size*0.03)})
	pad := size * 0.16
	if !icons.Draw(c, face, x+pad, y+pad, size-2*pad, Ink, draw.White) {
		label := strings.ToUpper(face)
		pt := min(size*0.9, 7.0)
		for pt > 3 && r.Fonts.Width(label, draw.Bold, pt) > size-1 {
			pt -= 0.5
		}
		CentredText(r, c, x+size/2, y+size/2+pt*draw.PtMM*0.35, label, draw.Bold, pt, Ink)
	}
}

// faceRank is the order combo dice are drawn in: action faces first, in
// the game's order, then any other face.
func faceRank(f string) int {
	switch f {
	case "bat":
		return 0
	case "run":
		return 1
	case "gun":
		return 2
	case "search":
		return 3
	case "book":
		return 4
	case "explore":
		return 5
	case "zombie":
		return 6
	}
	return 7
}

// comboFaces lists a combo's dice as faces in draw order, one entry per
// die.
func comboFaces(cb *rfodschema.CharacterCombo) []string {
	var out []string
	rank := faceRank
	faces := cb.Faces()
	// Faces are sorted by name; a stable insertion sort by rank keeps that
	// order among unranked faces.
	for i := 1; i < len(faces); i++ {
		for j := i; j > 0 && rank(faces[j]) < rank(faces[j-1]); j-- {
			faces[j], faces[j-1] = faces[j-1], faces[j]
		}
	}
	for _, f := range faces {
		for range min(max(0, cb.Dice[f]), 8) {
			out = append(out, f)
		}
	}
	return out
}

// drawComboDice draws a combo's dice in a row from (x, y), each size mm,
// and returns the row's right edge. More than 8 dice of a face are drawn
// as 8.
func drawComboDice(r *generator.Renderer, c draw.Canvas, cb *rfodschema.CharacterCombo, x, y, size float64) float64 {
	for _, f := range comboFaces(cb) {
		drawDieFace(r, c, f, x, y, size)
		x += size + size*0.18
	}
	return x
}

// ---- Action and Zombie boards ----

// drawZoneBoard draws an Action board (RFoD) or a Zombie board (Reloaded):
// three Zones side by side, Zone 3 (the farthest) on the left, and along
// the bottom the "They are on you!" space or the character slot.
func drawZoneBoard(r *generator.Renderer, c draw.Canvas, b *rfodschema.PlayerBoard, w, h float64, reloaded bool, fs *fitSink) {
	title := "ACTION BOARD"
	sub := "The icons in each Zone are the dice you can use there. Zombies advance from Zone 3 towards you."
	if reloaded {
		title = "ZOMBIE BOARD"
		sub = "Zombies advance from Zone 3 to Zone 1, then onto your Character board."
	}
	c.Text(rfInset+2, 12, title, draw.Bold, 13, Ink)
	TextIn(r, c, sub, typeset.Style{Font: draw.Italic, Size: 7.5, MinSize: 6, VAlign: "middle"}, 78, 5, w-78-rfInset-2, 9, Muted, Background(r))
	zones := map[int]*rfodschema.BoardZone{}
	for _, z := range b.Zones {
		if z != nil {
			zones[z.Zone] = z
		}
	}
	const zy, zh, gap = 17.0, 78.0, 4.0
	zw := (w - 2*rfInset - 2*gap) / 3
	for i := range 3 {
		n := 3 - i
		drawZone(r, c, zones[n], n, rfInset+float64(i)*(zw+gap), zy, zw, zh, fs)
	}
	// The bottom band.
	by, bh := zy+zh+4, h-(zy+zh+4)-rfInset
	if reloaded {
		c.Rect(rfInset, by, w-2*rfInset, bh, 2, draw.Style{Fill: rfColorPtr(rfFill(r, Panel)), Stroke: &Ink, Width: 0.5})
		for _, x := range []float64{rfInset + 4, w - rfInset - 4} {
			generator.DashedLine(c, layout.Point{X: x, Y: by + 3}, layout.Point{X: x, Y: by + bh - 3}, Muted, 0.3)
		}
		CentredText(r, c, w/2, by+bh/2-0.5, "CHARACTER", draw.Bold, 13, Ink)
		CentredText(r, c, w/2, by+bh/2+5, "Place your Character board along this edge: zombies leaving Zone 1 move onto it", draw.Italic, 7, Muted)
		drawDownArrows(r, c, w, by+bh/2, Ink)
		return
	}
	fill := rfFill(r, Blood)
	ink := draw.White
	if r.InkSaver {
		ink = Blood
	}
	c.Rect(rfInset, by, w-2*rfInset, bh, 2, draw.Style{Fill: &fill, Stroke: &Blood, Width: 0.6})
	onYou := strings.TrimSpace(b.OnYou)
	if onYou == "" {
		onYou = "They are on you!"
	}
	fs.note(TextIn(r, c, strings.ToUpper(onYou), typeset.Style{Font: draw.Bold, Size: 16, MinSize: 8, Align: "center", VAlign: "middle"}, rfInset+30, by+1, w-2*rfInset-60, bh-7, ink, fill), b.Ref.Child("onYou"), "onYou")
	CentredText(r, c, w/2, by+bh-2.5, "Place your Character board directly below this space", draw.Italic, 7, ink)
	drawDownArrows(r, c, w, by+bh/2, ink)
}

// rfColorPtr returns a pointer to a copy of c.
func rfColorPtr(c draw.Color) *draw.Color { return &c }

// drawDownArrows draws two arrows pointing down near the ends of a band
// centred on y.
func drawDownArrows(r *generator.Renderer, c draw.Canvas, w, y float64, col draw.Color) {
	for _, x := range []float64{rfInset + 16, w - rfInset - 16} {
		c.Path(icons.PolygonPath([2]float64{x - 5, y - 4}, [2]float64{x + 5, y - 4}, [2]float64{x, y + 2}), col)
	}
}

// drawZone draws Zone n (z may be nil) in the box.
func drawZone(r *generator.Renderer, c draw.Canvas, z *rfodschema.BoardZone, n int, x, y, w, h float64, fs *fitSink) {
	c.Rect(x, y, w, h, 2.5, draw.Style{Fill: rfColorPtr(rfFill(r, Panel)), Stroke: &Ink, Width: 0.5})
	head := rfFill(r, rfZoneTop[n-1])
	c.Push()
	c.ClipRect(x, y, w, 13)
	c.Rect(x, y, w, 16, 2.5, draw.Filled(head))
	c.Pop()
	c.Line(x, y+13, x+w, y+13, Ink, 0.4)
	CentredText(r, c, x+w/2, y+10, fmt.Sprintf("ZONE %d", n), draw.Bold, 17, Ink)
	cy := y + 16
	if z != nil && len(z.Icons) > 0 {
		size := min(15.0, (w-6)/float64(len(z.Icons))-2)
		rowW := float64(len(z.Icons))*size + float64(len(z.Icons)-1)*2
		ix := x + (w-rowW)/2
		for _, ic := range z.Icons {
			drawDieFace(r, c, ic, ix, cy, size)
			ix += size + 2
		}
		cy += size + 1.5
		CentredText(r, c, x+w/2, cy+2.5, strings.ToUpper(strings.Join(z.Icons, " · ")), draw.Bold, 6, Muted)
		cy += 4
	}
	if z != nil && strings.TrimSpace(z.Text) != "" && strings.TrimSpace(z.Text) != fmt.Sprintf("Zone %d", n) {
		fs.note(TextIn(r, c, z.Text, typeset.Style{Size: 8, MinSize: 5.5, Align: "center", VAlign: "middle"}, x+3, cy, w-6, 12, Ink, rfFill(r, Panel)), z.Ref.Child("text"), fmt.Sprintf("zone %d text", n))
		cy += 13
	}
	// The zombies' holding area.
	ay, ah := cy+1, y+h-cy-4
	if ah < 10 {
		return
	}
	ax, aw := x+4, w-8
	for _, l := range [][4]float64{{ax, ay, ax + aw, ay}, {ax, ay + ah, ax + aw, ay + ah}, {ax, ay, ax, ay + ah}, {ax + aw, ay, ax + aw, ay + ah}} {
		generator.DashedLine(c, layout.Point{X: l[0], Y: l[1]}, layout.Point{X: l[2], Y: l[3]}, Rule, 0.35)
	}
	is := min(ah-8, 18.0)
	icons.Draw(c, "zombie", ax+(aw-is)/2, ay+(ah-is)/2-2, is, Rule, rfFill(r, Panel))
	CentredText(r, c, ax+aw/2, ay+ah-2, "zombies", draw.Italic, 6.5, Muted)
}

// ---- Character boards ----

// drawRFoDCharacter draws an RFoD Character board: name, background and
// skill on the left with the life track and rerolls; the Dice Combo Bonus
// on the right (L99-101).
func drawRFoDCharacter(r *generator.Renderer, c draw.Canvas, p *schema.Pack, b *rfodschema.PlayerBoard, w, h float64, fs *fitSink) {
	bg := Background(r)
	left := 104.0
	characterHeader(r, c, b, left, bg, fs)
	// Life track 1..life.
	y := h - rfInset - 24
	c.Text(rfInset+2, y, "LIFE", draw.Bold, 8, Ink)
	life := min(max(b.Life, 0), 12)
	if life > 0 {
		size := min(11.0, (left-rfInset-4)/float64(life)-1.5)
		for i := range life {
			x := rfInset + 2 + float64(i)*(size+1.5)
			c.Rect(x, y+1.5, size, size, 1.2, draw.Style{Fill: &draw.White, Stroke: &Blood, Width: 0.5})
			CentredText(r, c, x+size/2, y+1.5+size/2+1.6, fmt.Sprint(i+1), draw.Bold, 10, Blood)
		}
	}
	// Rerolls.
	rerolls, own := 2, false
	if s := rfodschema.SettingsOf(p); s != nil {
		rerolls = s.Dice.Rerolls
	}
	if b.Rerolls != nil {
		rerolls, own = *b.Rerolls, true
	}
	ry := h - rfInset - 3
	label := "REROLLS"
	c.Text(rfInset+2, ry, label, draw.Bold, 8, Ink)
	x := rfInset + 2 + r.Fonts.Width(label, draw.Bold, 8) + 3
	for range min(max(rerolls, 0), 8) {
		c.Ellipse(x, ry-3.6, 4.4, 4.4, draw.Stroked(Ink, 0.4))
		x += 6
	}
	note := fmt.Sprintf("%d per turn", rerolls)
	if !own {
		note += " (the game's)"
	}
	c.Text(x+1, ry, note, draw.Italic, 7, Muted)
	drawCombos(r, c, b, left, w, h, false, fs)
}

// characterHeader draws a character's name, background and skill in the
// left column, up to x1.
func characterHeader(r *generator.Renderer, c draw.Canvas, b *rfodschema.PlayerBoard, x1 float64, bg draw.Color, fs *fitSink) {
	x, w := rfInset+2, x1-rfInset-6
	name := NameOr(b.Name, b.ID)
	fs.note(TextIn(r, c, name, typeset.Style{Font: draw.Bold, Size: 18, MinSize: 10}, x, 6, w, 10, Ink, bg), b.Ref.Child("name"), "name")
	y := 18.0
	c.Line(x, y, x1-4, y, Blood, 0.6)
	y += 2
	if b.Background != "" {
		fs.note(TextIn(r, c, b.Background, typeset.Style{Font: draw.Italic, Size: 8, MinSize: 5.5}, x, y, w, 16, Muted, bg), b.Ref.Child("background"), "background")
		y += 17
	}
	if b.Skill != "" {
		c.Text(x, y+3, "SKILL", draw.Bold, 7.5, Blood)
		fs.note(TextIn(r, c, b.Skill, typeset.Style{Size: 8, MinSize: 5.5}, x+12, y, w-12, 18, Ink, bg), b.Ref.Child("skill"), "skill")
	}
}

// drawCombos draws the character's combos in the right panel from x0.
func drawCombos(r *generator.Renderer, c draw.Canvas, b *rfodschema.PlayerBoard, x0, w, h float64, reloaded bool, fs *fitSink) {
	px, py, pw, ph := x0, rfInset, w-rfInset-x0, h-2*rfInset
	panel := rfFill(r, Panel)
	c.Rect(px, py, pw, ph, 2, draw.Style{Fill: &panel, Stroke: &Ink, Width: 0.5})
	head := "DICE COMBO BONUS"
	if reloaded {
		head = "COMBOS"
	}
	c.Text(px+4, py+6, head, draw.Bold, 9, Blood)
	note := "At least these dice, after your rolls"
	if reloaded {
		note = "Five zombies showing end your turn"
	}
	nw := r.Fonts.Width(note, draw.Italic, 6.5)
	c.Text(px+pw-4-nw, py+6, note, draw.Italic, 6.5, Muted)
	combos := b.Combos
	if len(combos) == 0 {
		return
	}
	top := py + 9
	rowH := min(26.0, (py+ph-2-top)/float64(len(combos)))
	for i, cb := range combos {
		if cb == nil {
			continue
		}
		y := top + float64(i)*rowH
		if i > 0 {
			c.Line(px+3, y, px+pw-3, y, Rule, 0.3)
		}
		x := px + 4
		if reloaded {
			tier := strings.ToUpper(cb.ID)
			c.Rect(x, y+rowH/2-3.2, 15, 6.4, 3.2, draw.Filled(Ink))
			CentredText(r, c, x+7.5, y+rowH/2+1.1, tier, draw.Bold, 6.5, draw.White)
			x += 18
		}
		size := min(10.5, rowH-7)
		n := len(comboFaces(cb))
		const maxW = 62.0
		if n > 0 {
			size = min(size, maxW/(float64(n)*1.18))
		}
		dy := y + (rowH-size)/2
		if len(cb.Ignores) > 0 {
			dy -= 2
		}
		if !reloaded {
			dy = y + 3
		}
		drawComboDice(r, c, cb, x, dy, size)
		if len(cb.Ignores) > 0 {
			c.Text(x, dy+size+3, "ignores "+strings.Join(cb.Ignores, ", "), draw.Italic, 6, Muted)
		}
		tx := x + maxW + 2
		st := typeset.Style{Size: 8.5, MinSize: 5.5, VAlign: "middle"}
		label := ""
		if !reloaded && cb.ID != "" {
			label = strings.ToUpper(strings.ReplaceAll(cb.ID, "-", " "))
		}
		if label != "" {
			c.Text(tx, y+5.5, r.ClipText(label, draw.Bold, 6.5, px+pw-4-tx), draw.Bold, 6.5, Blood)
			st.VAlign = "top"
			fs.note(TextIn(r, c, cb.Effect, st, tx, y+7, px+pw-4-tx, rowH-8, Ink, panel), cb.Ref.Child("effect"), fmt.Sprintf("combo %q effect", cb.ID))
		} else {
			fs.note(TextIn(r, c, cb.Effect, st, tx, y+1, px+pw-4-tx, rowH-2, Ink, panel), cb.Ref.Child("effect"), fmt.Sprintf("combo %q effect", cb.ID))
		}
	}
}

// drawRFoDRCharacter draws a Reloaded Character board: name, the wound
// spaces (A24) and the minor, major and super combos (L206).
func drawRFoDRCharacter(r *generator.Renderer, c draw.Canvas, b *rfodschema.PlayerBoard, w, h float64, fs *fitSink) {
	bg := Background(r)
	left := 104.0
	characterHeader(r, c, b, left, bg, fs)
	y := h - rfInset - 24
	c.Text(rfInset+2, y, "WOUNDS", draw.Bold, 8, Ink)
	n := min(max(b.WoundSpaces, 0), 10)
	if n > 0 {
		size := min(14.0, (left-rfInset-6)/float64(n)-2)
		for i := range n {
			x := rfInset + 2 + float64(i)*(size+2)
			c.Rect(x, y+2, size, size, 1.5, draw.Style{Fill: &draw.White, Stroke: &Blood, Width: 0.5})
			CentredText(r, c, x+size/2, y+2+size-1.5, fmt.Sprint(i+1), draw.Bold, 6, Rule)
			if i == n-1 {
				CentredText(r, c, x+size/2, y+2+size+3.5, "final", draw.Italic, 6, Blood)
			}
		}
	}
	drawCombos(r, c, b, left, w, h, true, fs)
}
