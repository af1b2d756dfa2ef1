package justrun

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/deck"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	justrunschema "github.com/runforge/runforge/schema/justrun"
)

// Just Run tiles (kind: TileSet; Just Run rulebook L85-L113, L301-L336,
// L507-L579, L647). Each tile set prints on <id>.pdf like a deck: every
// copy on the n-up grid with bleed and crop marks, each front page followed
// by its back page for duplex. The back is the same for every tile of a
// role (room, start or exit), so the room tiles and the exit tiles give
// nothing away face down (L85, L87).
//
// A face is the room seen from above, n at the top (A1: n faces the exit
// row): the floor, a thick wall on every wall side and a doorway at the
// centre of every door side (A2), a closed double door in its gap. Exit
// tiles have the main exit on n (a green EXIT sign over its doorway) and
// hazard-striped walls, because "nothing can bash through the walls of the
// exit rooms" (L336, L573). Spawn tiles show the bloody hand print (L301),
// Labs a LAB plate (L647), start tiles their position 1-5 (A14), and, when
// tiles are never turned (placement rotation: none, A1), every tile has
// an arrow pointing n, toward the exit.

// TileSize is the trim size of a Just Run tile, in mm: 2.5 in square. The manifest has no tile size setting (JustRunSettings).
const TileSize = 63.5

// Geometry of a tile face, in mm from the trim's top-left corner.
const (
	tileWall     = 5.0  // the thickness of a wall, inside the trim
	tileDoor     = 20.0 // the width of a doorway
	tileDoorLeaf = 2.4  // the thickness of a door leaf in its doorway
	tileInner    = TileSize - 2*tileWall
	tileNamePt   = 7.0
	tileNameMin  = 6.0 // no text on a tile prints under 6 pt
	tileCaptPt   = 6.0
	tileStripe   = 2.6 // the spacing of hazard stripes and ink-saver hatching
)

// Colours of the tiles. Floor, door and wall differ in lightness, not only
// in hue, so that walls and doors read at a glance in grey too.
var (
	tileFloor     = draw.RGB(0xe8, 0xe1, 0xd0)
	tileFloorLine = draw.RGB(0xd5, 0xcc, 0xb6)
	tileWallInk   = draw.RGB(0x2b, 0x26, 0x22)
	tileDoorInk   = draw.RGB(0x9c, 0x6b, 0x3a)
	tileDoorEdge  = draw.RGB(0x5a, 0x3c, 0x1e)
	tileHazard    = draw.RGB(0xf0, 0xc0, 0x40)
	tileExitSign  = draw.RGB(0x1e, 0x7a, 0x3c)
	tileBlood     = draw.RGB(0x9b, 0x1b, 0x1b)
	tileLabInk    = draw.RGB(0x1d, 0x4e, 0x89)
	tileText      = draw.RGB(0x22, 0x1e, 0x1a)
	tileBackHand  = draw.RGB(0xe8, 0x8a, 0x8a)
	tileBacks     = map[string]draw.Color{
		justrunschema.TileRoom:  draw.RGB(0x3a, 0x34, 0x2e),
		justrunschema.TileStart: draw.RGB(0x2c, 0x4a, 0x38),
		justrunschema.TileExit:  draw.RGB(0x5c, 0x1e, 0x1e),
	}
)

// TileLook is what a tile's drawing depends on besides the tile.
type TileLook struct {
	// Role is the set's role: justrunschema.TileRoom, TileStart or TileExit.
	Role string
	// Orient draws the orientation mark: tiles are never turned
	// (placement rotation: none, A1).
	Orient bool
	// Title is the game's title, printed on the backs.
	Title string
}

// TileLookOf is the look of a set's tiles in a pack.
func TileLookOf(p *schema.Pack, ts *justrunschema.TileSet) TileLook {
	l := TileLook{Role: ts.Role}
	if p != nil && p.Game != nil {
		l.Title = cmp.Or(p.Game.Title, p.Game.ID)
	}
	if s := justrunschema.SettingsOf(p); s != nil {
		l.Orient = s.Placement.Rotation == "none"
	}
	return l
}

// buildTileSet plans a tile set's PDF and its preview. A set whose tiles
// print on another set's sheets (the kit gangs them) has its preview only.
func buildTileSet(r *generator.Renderer, p *schema.Pack, ts *justrunschema.TileSet, opts generator.BuildOptions) []generator.Job {
	var jobs []generator.Job
	if ts.PrintWith == "" {
		jobs = append(jobs, generator.FileJob(ts.ID+".pdf", func(w io.Writer) (int, error) {
			return WriteTileSet(r, w, p, ts, opts.Print)
		}))
	}
	if opts.Previews {
		look := TileLookOf(p, ts)
		var items []generator.PreviewItem
		for _, t := range ts.Tiles {
			if t == nil || t.Count < 1 {
				continue
			}
			items = append(items, generator.PreviewItem{
				Label: fmt.Sprintf("previewing tile %q of tile set %q", t.ID, ts.ID),
				Path:  fmt.Sprintf("preview/%s/%s.png", ts.ID, t.ID),
				Draw:  func(cv draw.Canvas) { DrawTileFace(r, cv, t, look, 0) },
			})
		}
		items = append(items, generator.PreviewItem{
			Label: fmt.Sprintf("previewing the back of tile set %q", ts.ID),
			Draw:  func(cv draw.Canvas) { DrawTileBack(r, cv, look, 0) },
		})
		name := "preview/" + ts.ID + ".png"
		jobs = append(jobs, r.ContactSheetJob(name, TileSize, TileSize, items))
	}
	return jobs
}

// tileGang is the tile sets whose tiles print in host's PDF: host, then
// the sets that print with it, in pack order.
func tileGang(p *schema.Pack, host *justrunschema.TileSet) []*justrunschema.TileSet {
	sets := []*justrunschema.TileSet{host}
	for _, ts := range justrunschema.TileSets(p) {
		if ts.PrintWith == host.ID && ts.ID != host.ID && p.Prints(ts) {
			sets = append(sets, ts)
		}
	}
	return sets
}

// gangTileSet is how a tile set may share sheets with the other sets (see
// generator/kit's gang step): tiles are one size, so sets of one back
// treatment share the n-up grid.
func gangTileSet(_ *generator.Renderer, _ *schema.Pack, ts *justrunschema.TileSet, opts generator.PrintOptions) (generator.Gang, bool) {
	grid, err := tileGrid(opts)
	if err != nil {
		return generator.Gang{}, false
	}
	per := grid.PerPage()
	pieces := make([]impose.Piece, ts.Total())
	for i := range pieces {
		pieces[i] = impose.Piece{W: TileSize, H: TileSize}
	}
	return generator.Gang{
		Class:  fmt.Sprintf("tile set, duplex %s", opts.Duplex),
		Stock:  generator.CardStock,
		Host:   ts.PrintWith,
		Pieces: pieces,
		Sheets: func(ps []impose.Piece) int { return (len(ps) + per - 1) / per },
	}, true
}

// printTileSetWith is a copy of ts whose tiles print on host's sheets.
func printTileSetWith(ts *justrunschema.TileSet, host string) *justrunschema.TileSet {
	c := *ts
	c.PrintWith = host
	return &c
}

// tileCopies lists every copy of every tile of the sets, in set order,
// each as the card data the deck imposition places, with the tile each
// stands for and the set it belongs to.
func tileCopies(sets ...*justrunschema.TileSet) ([]*generator.CardData, map[*generator.CardData]*justrunschema.Tile, map[*generator.CardData]*justrunschema.TileSet) {
	var copies []*generator.CardData
	of := map[*generator.CardData]*justrunschema.Tile{}
	set := map[*generator.CardData]*justrunschema.TileSet{}
	for _, ts := range sets {
		for _, t := range ts.Tiles {
			if t == nil || t.Count < 1 {
				continue
			}
			cd := &generator.CardData{Card: &schema.Card{ID: t.ID, Count: t.Count}}
			of[cd], set[cd] = t, ts
			for range t.Count {
				copies = append(copies, cd)
			}
		}
	}
	return copies, of, set
}

// tileSides are the stand-in templates the deck imposition decides backs
// and trim outlines by: a floor-coloured face and a role-coloured back,
// the same on every tile (so --duplex none leaves the backs out, as for a
// deck's shared back).
func tileSides(role string) (face, back *schema.Template) {
	bg := cmp.Or(tileBacks[role], tileBacks[justrunschema.TileRoom])
	return &schema.Template{Background: tileFloor.Hex()}, &schema.Template{Background: bg.Hex()}
}

// tileGrid is the sheet grid of tiles.
func tileGrid(opts generator.PrintOptions) (layout.Grid, error) {
	return layout.NewGrid(layout.GridSpec{Paper: opts.Paper, Margin: opts.Margin,
		CardW: TileSize, CardH: TileSize, Bleed: opts.Bleed, CropMarks: opts.CropMarks, MayTurn: true})
}

// WriteTileSet writes a tile set's PDF: every copy of every tile n-up on
// the deck grid with bleed and crop marks, each front page followed by its
// back page for duplex (mirrored for the flip, shifted by the back offset).
// Without duplex the backs, the same on every tile, are left out. Sides
// drawn more than once are PDF templates. The tiles of the sets that print
// with it follow its own on the same sheets, each with its own set's back.
// It returns the page count.
func WriteTileSet(r *generator.Renderer, w io.Writer, p *schema.Pack, ts *justrunschema.TileSet, opts generator.PrintOptions) (int, error) {
	sets := []*justrunschema.TileSet{ts}
	if p != nil {
		sets = tileGang(p, ts)
	}
	copies, of, set := tileCopies(sets...)
	if len(copies) == 0 {
		return 0, nil
	}
	for _, s := range sets {
		for _, t := range s.Tiles {
			if t == nil || t.Art == "" || t.Count < 1 {
				continue
			}
			if _, err := r.Images().Load(t.Art); err != nil {
				return 0, fmt.Errorf("%s: tile set %s, %s art: %w", t.Ref.Child("art").Pos(), s.ID, t.Label(), err)
			}
		}
	}
	title := cmp.Or(ts.Name, ts.ID)
	if len(sets) > 1 {
		var guests []string
		for _, s := range sets[1:] {
			guests = append(guests, cmp.Or(s.Name, s.ID))
		}
		title += ", with " + strings.Join(guests, " and ")
	}
	if p != nil && p.Game != nil {
		title = p.Game.Title + " - " + title
	}
	doc := r.NewPDF(draw.PDFInfo{Title: title, Created: opts.Created, Duplex: opts.Duplex})
	if err := imposeTiles(r, generator.PDFSink(doc), doc, p, ts, copies, of, set, opts); err != nil {
		return 0, err
	}
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("tile set %s: %w", ts.ID, err)
	}
	return doc.PageCount(), nil
}

// imposeTiles draws the pages of a tile set on sink, as imposeDeck does a
// deck's: each sheet of fronts followed, for duplex, by its back page.
// doc, when the sink is a PDF, holds the templates of repeated sides. set
// gives each copy's tile set (its look and back).
func imposeTiles(r *generator.Renderer, sink generator.PageSink, doc *draw.PDF, p *schema.Pack, ts *justrunschema.TileSet, copies []*generator.CardData, of map[*generator.CardData]*justrunschema.Tile, set map[*generator.CardData]*justrunschema.TileSet, opts generator.PrintOptions) error {
	grid, err := tileGrid(opts)
	if err != nil {
		return fmt.Errorf("tile set %s: %w", ts.ID, err)
	}
	arts := map[*justrunschema.TileSet]*tileArt{}
	artOf := func(s *justrunschema.TileSet) *tileArt {
		a, ok := arts[s]
		if !ok {
			a = &tileArt{r: r, doc: doc, look: TileLookOf(p, s), of: of, bleed: opts.Bleed, faces: map[*justrunschema.Tile]*draw.PDFTemplate{}}
			arts[s] = a
		}
		return a
	}
	face, back := tileSides(ts.Role)
	deck.Impose(r, sink, grid, copies, face, back, opts, func(c draw.Canvas, cd *generator.CardData, back bool, s layout.Slot) {
		artOf(cmp.Or(set[cd], ts)).draw(c, cd, back, s)
	})
	return nil
}

// tileArt draws tile sides in their slots: as PDF templates where a side is
// placed more than once (a tile with copies, the shared back), directly
// otherwise (and always on canvases other than PDF pages).
type tileArt struct {
	r     *generator.Renderer
	doc   *draw.PDF
	look  TileLook
	of    map[*generator.CardData]*justrunschema.Tile
	bleed float64
	faces map[*justrunschema.Tile]*draw.PDFTemplate
	back  *draw.PDFTemplate
}

// template returns the PDF template of a side placed more than once, or nil.
func (a *tileArt) template(t *justrunschema.Tile, back bool) *draw.PDFTemplate {
	if a.doc == nil {
		return nil
	}
	size := TileSize + 2*a.bleed
	if back {
		if a.back == nil {
			a.back = a.doc.Template(size, size, func(c draw.Canvas) {
				c.Push()
				c.Translate(a.bleed, a.bleed)
				DrawTileBack(a.r, c, a.look, a.bleed)
				c.Pop()
			})
		}
		return a.back
	}
	if t.Count < 2 {
		return nil
	}
	tpl, ok := a.faces[t]
	if !ok {
		tpl = a.doc.Template(size, size, func(c draw.Canvas) {
			c.Push()
			c.Translate(a.bleed, a.bleed)
			DrawTileFace(a.r, c, t, a.look, a.bleed)
			c.Pop()
		})
		a.faces[t] = tpl
	}
	return tpl
}

// draw implements cardDrawer.
func (a *tileArt) draw(c draw.Canvas, cd *generator.CardData, back bool, s layout.Slot) {
	t := a.of[cd]
	if t == nil {
		return
	}
	generator.DrawInSlot(c, s, a.bleed, func() *draw.PDFTemplate { return a.template(t, back) }, func(c draw.Canvas, _ layout.Sides) {
		if back {
			DrawTileBack(a.r, c, a.look, a.bleed)
		} else {
			DrawTileFace(a.r, c, t, a.look, a.bleed)
		}
	})
}

// indexTileSet describes a tile set's PDF in the kit's index.
func indexTileSet(r *generator.Renderer, p *schema.Pack, ts *justrunschema.TileSet, opts generator.PrintOptions) []string {
	grid, err := tileGrid(opts)
	if err != nil {
		return nil
	}
	sets := []*justrunschema.TileSet{ts}
	if p != nil {
		sets = tileGang(p, ts)
	}
	var lines []string
	total := 0
	for _, s := range sets {
		total += s.Total()
	}
	if len(sets) > 1 {
		var parts []string
		for _, s := range sets {
			parts = append(parts, fmt.Sprintf("%d %s tiles (%s)", s.Total(), cmp.Or(s.Role, "room"), s.ID))
		}
		lines = append(lines, fmt.Sprintf("%s share these sheets, in that order; each tile has its own set's back", strings.Join(parts, ", then ")))
	}
	lines = append(lines, fmt.Sprintf("%d %s tiles, %gx%gmm (2.5 in square), %d a sheet", total, cmp.Or(ts.Role, "room"), TileSize, TileSize, grid.PerPage()))
	if len(sets) > 1 {
		lines[len(lines)-1] = fmt.Sprintf("%d tiles, %gx%gmm (2.5 in square), %d a sheet", total, TileSize, TileSize, grid.PerPage())
	}
	if opts.Layout != "" && opts.Layout != generator.LayoutSheet {
		lines[0] += fmt.Sprintf(" (tiles are always imposed n-up; --layout %s applies to cards)", opts.Layout)
	}
	if l := generator.BleedNote(grid, opts); l != "" {
		lines = append(lines, l)
	}
	if opts.Duplex != layout.NoDuplex && len(sets) > 1 {
		lines = append(lines, fmt.Sprintf("each front page is followed by its back page (duplex, flip on the %s edge); the tiles of each set share their set's back", opts.Duplex))
	} else if opts.Duplex != layout.NoDuplex {
		lines = append(lines, fmt.Sprintf("each front page is followed by its back page (duplex, flip on the %s edge); every %s tile has the same back", opts.Duplex, cmp.Or(ts.Role, "room")))
	} else {
		lines = append(lines, "the backs are the same on every tile of the set and are left out (--duplex none)")
	}
	look := TileLookOf(p, ts)
	legend := []string{"thick dark bands are walls, a gap with a double door in it is a door"}
	if slices.ContainsFunc(sets, func(s *justrunschema.TileSet) bool { return s.Role == justrunschema.TileExit }) {
		legend = append(legend, "the EXIT sign marks the main exit; striped walls cannot be bashed (L573)")
	}
	if slices.ContainsFunc(sets, func(s *justrunschema.TileSet) bool {
		return slices.ContainsFunc(s.Tiles, func(t *justrunschema.Tile) bool { return t != nil && t.Count > 0 && t.Spawns() })
	}) {
		legend = append(legend, "the hand print is the zombie spawn symbol (L301)")
	}
	if look.Orient {
		legend = append(legend, "the arrow points n, toward the exit row: never turn a tile (placement rotation: none)")
	}
	lines = append(lines, "faces: "+strings.Join(legend, "; "))
	return lines
}

// tileSetOverflows lists the tile names that do not fit their tile even at
// the smallest size: they are cut short.
func tileSetOverflows(r *generator.Renderer, p *schema.Pack, ts *justrunschema.TileSet) []schema.TextIssue {
	var out []schema.TextIssue
	for _, t := range ts.Tiles {
		if t == nil || t.Name == "" {
			continue
		}
		if _, _, fits := tileName(r, t); !fits {
			out = append(out, schema.TextIssue{Ref: t.Ref.Child("name"), What: t.Label() + " name",
				Detail: fmt.Sprintf("does not fit the %.0fmm tile even at %g points: it is cut short", TileSize, tileNameMin)})
		}
	}
	return out
}

// tileName is a tile's name as printed: shrunk to fit between the walls,
// then cut short; fits is false when it was cut.
func tileName(r *generator.Renderer, t *justrunschema.Tile) (name string, size float64, fits bool) {
	room := tileInner - 6
	name, size = t.Name, tileNamePt
	for size > tileNameMin && r.Fonts.Width(name, draw.Bold, size) > room {
		size -= 0.5
	}
	clipped := r.ClipText(name, draw.Bold, size, room)
	return clipped, size, clipped == name
}

// ---- the face ----

// DrawTileFace draws a tile's face with its top-left trim corner at the
// origin, bleed reaching past the trim on every side.
func DrawTileFace(r *generator.Renderer, c draw.Canvas, t *justrunschema.Tile, look TileLook, bleed float64) {
	c = r.Surface(c)
	const s = TileSize
	if !r.InkSaver {
		c.Rect(-bleed, -bleed, s+2*bleed, s+2*bleed, 0, draw.Filled(tileFloor))
		drawTileFloor(c, bleed)
	}
	if t.Art != "" {
		drawTileArt(r, c, t.Art, t.Ref.Child("art").Pos().String(), bleed)
	}
	exit := look.Role == justrunschema.TileExit
	for i, d := range justrunschema.TileDirections {
		c.Push()
		if i > 0 {
			c.Rotate(float64(90*i), s/2, s/2)
		}
		drawTileSide(r, c, t.Side(d), exit, bleed)
		c.Pop()
	}
	drawTileCorners(r, c, exit)
	if t.Side("n") == justrunschema.SideMainExit {
		drawMainExit(r, c)
	}
	drawTileMarks(r, c, t, look)
}

// drawTileFloor draws faint floorboards across the floor.
func drawTileFloor(c draw.Canvas, bleed float64) {
	const s = TileSize
	for y := tileWall + tileInner/6; y < s-tileWall-1; y += tileInner / 6 {
		c.Line(-bleed, generator.Round2(y), s+bleed, generator.Round2(y), tileFloorLine, 0.25)
	}
}

// drawTileArt draws a tile's picture over the floor and under the walls,
// covering the tile and its bleed (with ink-saver, the trim only); at is
// where the tile names it.
func drawTileArt(r *generator.Renderer, c draw.Canvas, path, at string, bleed float64) {
	if r.InkSaver {
		bleed = 0
	}
	box := layout.Rect{X: -bleed, Y: -bleed, W: TileSize + 2*bleed, H: TileSize + 2*bleed}
	draw.DrawImage(c, r.Images(), path, 1, box, "cover", at)
}

// drawTileSide draws the n side of a tile (the caller turns the canvas for
// the others): a wall from corner to corner, or a wall broken by a doorway
// at the centre with a closed double door in it. The main exit's doorway
// is drawn so too; its sign comes later (drawMainExit). Exit tiles' walls
// are striped: they cannot be bashed (L573).
func drawTileSide(r *generator.Renderer, c draw.Canvas, side string, exit bool, bleed float64) {
	const s = TileSize
	outer := -bleed
	if r.InkSaver {
		outer = 0
	}
	if side != justrunschema.SideDoor && side != justrunschema.SideMainExit {
		drawWall(r, c, layout.Rect{X: outer, Y: outer, W: s - 2*outer, H: tileWall - outer}, exit)
		return
	}
	g0, g1 := (s-tileDoor)/2, (s+tileDoor)/2
	drawWall(r, c, layout.Rect{X: outer, Y: outer, W: g0 - outer, H: tileWall - outer}, exit)
	drawWall(r, c, layout.Rect{X: g1, Y: outer, W: s - outer - g1, H: tileWall - outer}, exit)
	// The door: two leaves meeting in the middle, hinged on the jambs.
	y := generator.Round2((tileWall - tileDoorLeaf) / 2)
	leaf := (tileDoor - 0.6) / 2
	fill := tileDoorInk
	if r.InkSaver {
		fill = draw.White
	}
	for _, x := range []float64{g0, s/2 + 0.3} {
		c.Rect(generator.Round2(x), y, generator.Round2(leaf), tileDoorLeaf, 0, draw.FillStroke(fill, tileDoorEdge, 0.3))
	}
	// Knobs beside the meeting edges.
	for _, x := range []float64{s/2 - 2.2, s/2 + 1.4} {
		c.Ellipse(generator.Round2(x), generator.Round2(y+tileDoorLeaf+0.35), 0.8, 0.8, draw.Filled(tileDoorEdge))
	}
}

// drawWall draws a stretch of wall: solid dark, or with ink-saver an
// outline hatched with thin lines; an unbashable wall (exit tiles) has
// hazard stripes, or with ink-saver cross-hatching.
func drawWall(r *generator.Renderer, c draw.Canvas, w layout.Rect, unbashable bool) {
	if w.W <= 0 || w.H <= 0 {
		return
	}
	w = layout.Rect{X: generator.Round2(w.X), Y: generator.Round2(w.Y), W: generator.Round2(w.W), H: generator.Round2(w.H)}
	if r.InkSaver {
		c.Rect(w.X, w.Y, w.W, w.H, 0, draw.FillStroke(draw.White, tileWallInk, 0.35))
		hatch(c, w, tileWallInk, 0.3, 1)
		if unbashable {
			hatch(c, w, tileWallInk, 0.3, -1)
		}
		return
	}
	c.Rect(w.X, w.Y, w.W, w.H, 0, draw.Filled(tileWallInk))
	if unbashable {
		hatch(c, w, tileHazard, tileStripe/2.4, 1)
	}
}

// hatch draws diagonal lines across rect w, clipped to it: rising to the
// right for dir 1, falling for -1.
func hatch(c draw.Canvas, w layout.Rect, col draw.Color, width, dir float64) {
	c.Push()
	c.ClipRect(w.X, w.Y, w.W, w.H)
	for x := w.X - w.H; x < w.Right()+w.H; x += tileStripe {
		if dir > 0 {
			c.Line(generator.Round2(x), generator.Round2(w.Bottom()), generator.Round2(x+w.H), generator.Round2(w.Y), col, width)
		} else {
			c.Line(generator.Round2(x), generator.Round2(w.Y), generator.Round2(x+w.H), generator.Round2(w.Bottom()), col, width)
		}
	}
	c.Pop()
}

// drawTileCorners squares off the inner corners where two walls meet, so
// the walls read as one outline.
func drawTileCorners(r *generator.Renderer, c draw.Canvas, exit bool) {
	if r.InkSaver {
		return
	}
	const s = TileSize
	for _, p := range []draw.Pt{{X: 0, Y: 0}, {X: s - tileWall, Y: 0}, {X: 0, Y: s - tileWall}, {X: s - tileWall, Y: s - tileWall}} {
		c.Rect(generator.Round2(p.X), generator.Round2(p.Y), tileWall, tileWall, 0, draw.Filled(tileWallInk))
		if exit {
			hatch(c, layout.Rect{X: p.X, Y: p.Y, W: tileWall, H: tileWall}, tileHazard, tileStripe/2.4, 1)
		}
	}
}

// drawMainExit draws the main exit's sign over its doorway on n: a green
// EXIT plate with an arrow out through the doorway.
func drawMainExit(r *generator.Renderer, c draw.Canvas) {
	const s = TileSize
	const w, h, size = 26.0, 9.0, 15.0
	x, y := (s-w)/2, tileWall+1.2
	plate, ink := tileExitSign, draw.White
	if r.InkSaver {
		plate, ink = draw.White, tileExitSign
	}
	c.Rect(generator.Round2(x), generator.Round2(y), w, h, 1.2, draw.FillStroke(plate, tileExitSign, 0.6))
	label := "EXIT"
	capH := r.Fonts.CapHeight(draw.Bold, size)
	tw := r.Fonts.Width(label, draw.Bold, size)
	c.Text(generator.Round2(x+2), generator.Round2(y+(h+capH)/2), label, draw.Bold, size, ink)
	// The arrow, right of the word, pointing out through the doorway.
	ax := x + 2 + tw + (w-2-tw)/2
	draw.Polygon(c, draw.ArrowShape(draw.Pt{X: ax, Y: y + h/2}, draw.Pt{X: 0, Y: -1}, h-2.4, 1.6, 4.4, 2.8), ink, ink, 0)
}

// drawTileMarks draws what stands on the floor: the orientation arrow,
// the LAB plate, the start position, the hand print, the name and the
// exit row's caption.
func drawTileMarks(r *generator.Renderer, c draw.Canvas, t *justrunschema.Tile, look TileLook) {
	const s = TileSize
	if look.Orient {
		drawOrientation(r, c)
	}
	top := tileWall + 1.5
	if t.Side("n") == justrunschema.SideMainExit {
		top += 10
	}
	if t.Lab {
		drawLabPlate(r, c, draw.Pt{X: s / 2, Y: top + 5})
		top += 11
	}
	bottom := s - tileWall - 1.5
	if t.Name != "" {
		name, size, _ := tileName(r, t)
		w := r.Fonts.Width(name, draw.Bold, size)
		if t.Art != "" {
			// A plate keeps the name legible over the picture.
			h := r.Fonts.Ascent(draw.Bold, size) + r.Fonts.Descent(draw.Bold, size)
			c.Rect(generator.Round2((s-w)/2-1.2), generator.Round2(bottom-h-0.5), generator.Round2(w+2.4), generator.Round2(h+1), 1, draw.Filled(draw.White))
		}
		c.Text(generator.Round2((s-w)/2), generator.Round2(bottom-r.Fonts.Descent(draw.Bold, size)), name, draw.Bold, size, tileText)
		bottom -= r.Fonts.Ascent(draw.Bold, size) + r.Fonts.Descent(draw.Bold, size) + 0.6
	}
	if look.Role == justrunschema.TileExit {
		capt := "WALLS CANNOT BE BASHED"
		w := r.Fonts.Width(capt, draw.Bold, tileCaptPt)
		c.Text(generator.Round2((s-w)/2), generator.Round2(bottom-r.Fonts.Descent(draw.Bold, tileCaptPt)), capt, draw.Bold, tileCaptPt, tileText)
		bottom -= r.Fonts.Ascent(draw.Bold, tileCaptPt) + r.Fonts.Descent(draw.Bold, tileCaptPt) + 0.6
	}
	// The middle: the start position and the hand print, side by side
	// when a tile has both.
	mid := draw.Pt{X: s / 2, Y: (top + bottom) / 2}
	room := bottom - top
	start := look.Role == justrunschema.TileStart && t.Position > 0
	spawn := t.Spawns()
	switch {
	case start && spawn:
		d := min(16, room)
		drawStartPosition(r, c, t.Position, draw.Pt{X: s/2 - 10, Y: mid.Y}, d)
		drawHandPrint(c, draw.Pt{X: s/2 + 11, Y: mid.Y}, min(18, room), tileBlood)
	case start:
		drawStartPosition(r, c, t.Position, mid, min(20, room))
	case spawn:
		drawHandPrint(c, mid, min(24, room), tileBlood)
	}
}

// drawOrientation draws the orientation mark in the top-left corner: an
// arrow pointing n, toward the exit row, with "EXIT" beside it.
func drawOrientation(r *generator.Renderer, c draw.Canvas) {
	const l = 8.0
	x, y := tileWall+3.2, tileWall+1.8
	draw.Polygon(c, draw.ArrowShape(draw.Pt{X: x, Y: y + l/2}, draw.Pt{X: 0, Y: -1}, l, 1.1, 3.4, 2.6), tileText, tileText, 0)
	c.Push()
	c.Rotate(-90, x+2.9, y+l)
	c.Text(generator.Round2(x+2.9), generator.Round2(y+l), "EXIT", draw.Bold, tileCaptPt, tileText)
	c.Pop()
}

// drawLabPlate draws the LAB label (L647) centred on p.
func drawLabPlate(r *generator.Renderer, c draw.Canvas, p draw.Pt) {
	const w, h, size = 22.0, 9.0, 16.0
	plate, ink := tileLabInk, draw.White
	if r.InkSaver {
		plate, ink = draw.White, tileLabInk
	}
	c.Rect(generator.Round2(p.X-w/2), generator.Round2(p.Y-h/2), w, h, 1.5, draw.FillStroke(plate, tileLabInk, 0.6))
	capH := r.Fonts.CapHeight(draw.Bold, size)
	tw := r.Fonts.Width("LAB", draw.Bold, size)
	c.Text(generator.Round2(p.X-tw/2), generator.Round2(p.Y+capH/2), "LAB", draw.Bold, size, ink)
}

// drawStartPosition draws a start tile's position (A14): the number in a
// disc of diameter d, with START above it.
func drawStartPosition(r *generator.Renderer, c draw.Canvas, n int, p draw.Pt, d float64) {
	disc, ink := tileWallInk, draw.White
	if r.InkSaver {
		disc, ink = draw.White, tileWallInk
	}
	d = generator.Round2(d)
	c.Ellipse(generator.Round2(p.X-d/2), generator.Round2(p.Y-d/2), d, d, draw.FillStroke(disc, tileWallInk, 0.5))
	num := fmt.Sprint(n)
	size := generator.Round2(d * 0.62 / draw.PtMM)
	capH := r.Fonts.CapHeight(draw.Bold, size)
	c.Text(generator.Round2(p.X-r.Fonts.Width(num, draw.Bold, size)/2), generator.Round2(p.Y+capH/2), num, draw.Bold, size, ink)
	label := "START"
	lw := r.Fonts.Width(label, draw.Bold, tileCaptPt)
	c.Text(generator.Round2(p.X-lw/2), generator.Round2(p.Y-d/2-1), label, draw.Bold, tileCaptPt, tileText)
}

// drawHandPrint draws the bloody hand print, the zombie spawn symbol
// (L301), about size mm tall and centred on p: a palm, four fingers, a
// thumb and a few drops.
func drawHandPrint(c draw.Canvas, p draw.Pt, size float64, col draw.Color) {
	k := size / 24
	blood := draw.Filled(col)
	at := func(x, y float64) draw.Pt { return draw.Pt{X: p.X + x*k, Y: p.Y + y*k} }
	oval := func(x, y, w, h, turn float64) {
		q := at(x, y)
		w, h = generator.Round2(w*k), generator.Round2(h*k)
		if turn == 0 {
			c.Ellipse(generator.Round2(q.X-w/2), generator.Round2(q.Y-h/2), w, h, blood)
			return
		}
		c.Push()
		c.Rotate(turn, generator.Round2(q.X), generator.Round2(q.Y))
		c.Ellipse(generator.Round2(q.X-w/2), generator.Round2(q.Y-h/2), w, h, blood)
		c.Pop()
	}
	// The palm.
	palm := at(-5.5, -1)
	c.Rect(generator.Round2(palm.X), generator.Round2(palm.Y), generator.Round2(11*k), generator.Round2(10*k), generator.Round2(4*k), blood)
	// Four fingers, fanned.
	for _, f := range []struct{ x, y, h, turn float64 }{
		{-4.1, -4.4, 9, -12}, {-1.4, -5.6, 11, -4}, {1.5, -5.4, 10.5, 4}, {4.0, -3.8, 8, 12},
	} {
		oval(f.x, f.y, 2.8, f.h, f.turn)
	}
	// The thumb, out to the left.
	oval(-6.6, 2.4, 3, 8, -55)
	// Drops below the palm.
	oval(-2.5, 10.4, 1.6, 2.6, 0)
	oval(2.2, 11.2, 1.2, 2, 0)
	oval(0, 9.6, 2.4, 1.6, 0)
}

// ---- the back ----

// DrawTileBack draws the back of the tiles of a role with its top-left
// trim corner at the origin: the same for every tile of the role, with
// the role's word (ROOM, START or EXIT) and the game's title.
func DrawTileBack(r *generator.Renderer, c draw.Canvas, look TileLook, bleed float64) {
	c = r.Surface(c)
	const s = TileSize
	bg := cmp.Or(tileBacks[look.Role], tileBacks[justrunschema.TileRoom])
	ink := draw.White
	if r.InkSaver {
		ink = tileWallInk
	} else {
		c.Rect(-bleed, -bleed, s+2*bleed, s+2*bleed, 0, draw.Filled(bg))
	}
	c.Rect(4, 4, s-8, s-8, 1.5, draw.Stroked(ink, 0.5))
	c.Rect(5.2, 5.2, s-10.4, s-10.4, 1, draw.Stroked(ink, 0.2))
	word := strings.ToUpper(cmp.Or(look.Role, justrunschema.TileRoom))
	size := 22.0
	for size > 10 && r.Fonts.Width(word, draw.Bold, size) > s-16 {
		size--
	}
	capH := r.Fonts.CapHeight(draw.Bold, size)
	c.Text(generator.Round2((s-r.Fonts.Width(word, draw.Bold, size))/2), generator.Round2(s/2+capH/2-2), word, draw.Bold, size, ink)
	if look.Title != "" {
		title, tsize := look.Title, 7.0
		for tsize > tileNameMin && r.Fonts.Width(title, draw.Regular, tsize) > s-16 {
			tsize -= 0.5
		}
		title = r.ClipText(title, draw.Regular, tsize, s-16)
		c.Text(generator.Round2((s-r.Fonts.Width(title, draw.Regular, tsize))/2), generator.Round2(s/2+capH/2+5), title, draw.Regular, tsize, ink)
	}
	// A small hand print under the word on the exit back: exit rooms
	// always hold zombies (L303). It is the same on all five.
	if look.Role == justrunschema.TileExit {
		hand := tileBackHand
		if r.InkSaver {
			hand = tileBlood
		}
		drawHandPrint(c, draw.Pt{X: s / 2, Y: s/2 - capH - 7}, 10, hand)
	}
}
