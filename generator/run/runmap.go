package run

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	runschema "github.com/runforge/runforge/schema/run"
)

// RUN map cards (kind: Map; RUN rulebook L85-130 and the advanced
// features from L550). Every map of the
// pack prints on the kit's maps.pdf: one face per page, each card twice
// (one copy per player, L91), side b registered behind side a for duplex.

// Geometry of a map face, in mm, origin at the trim's top-left corner.
const (
	mapSpace  = 25.0 // a space of the 6 x 6 grid
	mapGrid   = runschema.MapSize * mapSpace
	mapEdge   = 7.0  // the coordinate margin left and right of the grid
	mapTitleH = 12.0 // the strip with the map number and name
	mapCoordH = 6.0  // the coordinate rows above and below the grid
	mapRulesH = 24.0 // the strip with rules text and crossed-out gadgets
	// MapCardW and MapCardH are the trim size of a map card.
	MapCardW = 2*mapEdge + mapGrid
	MapCardH = mapTitleH + 2*mapCoordH + mapGrid + mapRulesH
	// mapGridX and mapGridY are the grid's top-left corner.
	mapGridX = mapEdge
	mapGridY = mapTitleH + mapCoordH
	// MapCopies is how many copies of each map card the kit prints: "each
	// of you will play on your own copy of the same map" (L91).
	MapCopies = 2
	// mapBadge is the size of an action icon.
	mapBadge = 6.0
)

// Colours of the maps. Every class of space differs in lightness, not only
// in hue, so that a map reads in grey: water and roofs are darker than
// ground, terrain darkens with its level, ice is hatched.
var (
	mapInk      = draw.RGB(0x22, 0x22, 0x22)
	mapFrame    = draw.RGB(0x2e, 0x32, 0x38)
	mapGround   = draw.RGB(0xee, 0xed, 0xe6)
	mapWater    = draw.RGB(0x6a, 0x9f, 0xd0)
	mapWave     = draw.RGB(0xd6, 0xe6, 0xf5)
	mapIce      = draw.RGB(0xd4, 0xef, 0xf4)
	mapIceHatch = draw.RGB(0x7e, 0xb4, 0xc2)
	mapPlank    = draw.RGB(0xb5, 0x8a, 0x55)
	mapPlankInk = draw.RGB(0x5a, 0x40, 0x22)
	mapGridLine = draw.RGB(0x9a, 0x9a, 0x9a)
	mapParapet  = draw.RGB(0xb4, 0xb4, 0xb4)
	mapTerrain  = [...]draw.Color{draw.RGB(0xe3, 0xd3, 0xa4), draw.RGB(0xcd, 0xb4, 0x7a), draw.RGB(0xa4, 0x85, 0x52), draw.RGB(0x6e, 0x54, 0x30), draw.RGB(0x5e, 0x48, 0x24)}
	mapStrike   = draw.RGB(0xc0, 0x39, 0x2b)
)

// mapCard is a physical map card: its front face (side a, or the only side
// there is) and its back face (side b; nil for a blank back).
type mapCard struct {
	number      int
	front, back *runschema.Map
}

// mapCards pairs the pack's printed maps into cards by card number, in
// card-number order: the first side a with the first side b, and so on in
// pack order. A side given twice makes a card of its own, so nothing is
// dropped.
func mapCards(p *schema.Pack) []mapCard {
	var printed []*runschema.Map
	for _, m := range runschema.Maps(p) {
		if p.Prints(m) {
			printed = append(printed, m)
		}
	}
	slices.SortStableFunc(printed, func(a, b *runschema.Map) int { return cmp.Compare(a.Card, b.Card) })
	var cards []mapCard
	for lo := 0; lo < len(printed); {
		hi := lo
		var as, bs []*runschema.Map
		for ; hi < len(printed) && printed[hi].Card == printed[lo].Card; hi++ {
			if mapSideRank(printed[hi]) == 0 {
				as = append(as, printed[hi])
			} else {
				bs = append(bs, printed[hi])
			}
		}
		for i := range max(len(as), len(bs)) {
			c := mapCard{number: printed[lo].Card}
			switch {
			case i < len(as) && i < len(bs):
				c.front, c.back = as[i], bs[i]
			case i < len(as):
				c.front = as[i]
			default:
				c.front = bs[i]
			}
			cards = append(cards, c)
		}
		lo = hi
	}
	return cards
}

// mapSideRank orders side a before side b.
func mapSideRank(m *runschema.Map) int {
	if m.Side == "b" {
		return 1
	}
	return 0
}

// mapPage is one page of maps.pdf.
type mapPage struct {
	card mapCard
	copy int
	// face is the map drawn on the page; nil for a blank back.
	face *runschema.Map
	// back is set on a duplex back page.
	back  bool
	label string
}

// mapPlan plans the pages of maps.pdf: the copies of every card in turn
// (item i is copy i%MapCopies+1 of card i/MapCopies), one to a sheet. With
// duplex, each copy is its front page followed by its back page (side b,
// or blank): card 1 copy 1 side a, side b, card 1 copy 2 side a, side b,
// card 2 ... Without duplex every face is a page of its own, side b right
// after side a to glue behind it, and blank backs are left out.
func mapPlan(cards []mapCard, paper layout.Paper, d layout.Duplex) impose.Plan {
	spec := impose.Spec{Items: len(cards) * MapCopies, PerSheet: 1, W: paper.W, H: paper.H, Backs: impose.Glued,
		HasBack: func(k int) bool { return cards[k/MapCopies].back != nil }}
	if d != layout.NoDuplex {
		spec.Backs = impose.Duplex
	}
	return impose.Sheets(spec)
}

// mapPageOf is what page pg of mapPlan shows.
func mapPageOf(cards []mapCard, pg impose.Page, d layout.Duplex) mapPage {
	c, k := cards[pg.Lo/MapCopies], pg.Lo%MapCopies+1
	face := c.front
	if pg.Side != impose.Front {
		face = c.back
	}
	return mapPage{card: c, copy: k, face: face, back: pg.Side == impose.Back, label: mapPageLabel(c, face, k, d)}
}

// mapPageLabel names a page: its card, side and copy.
func mapPageLabel(c mapCard, face *runschema.Map, copy int, d layout.Duplex) string {
	if face == nil {
		return fmt.Sprintf("map card %d, copy %d of %d: blank back (the card has one side only)", c.number, copy, MapCopies)
	}
	s := fmt.Sprintf("map card %d side %s, copy %d of %d: map %s", c.number, cmp.Or(face.Side, "?"), copy, MapCopies, mapTitle(face))
	if d == layout.NoDuplex && c.back != nil {
		if face == c.front {
			s += fmt.Sprintf("; side %s is the next page: glue it behind this one", cmp.Or(c.back.Side, "?"))
		} else {
			s += "; glue it behind the previous page"
		}
	}
	return s
}

// mapTitle is a map's number and name: "2b Docks".
func mapTitle(m *runschema.Map) string {
	return strings.TrimSpace(m.Number + " " + cmp.Or(m.Name, m.ID))
}

// mapTrim is where a card's front lies on the paper: centred, portrait.
func mapTrim(paper layout.Paper) layout.Rect {
	return layout.Rect{X: generator.Round2((paper.W - MapCardW) / 2), Y: generator.Round2((paper.H - MapCardH) / 2), W: MapCardW, H: MapCardH}
}

// mapPlacement is where a page's face lies and how far it is turned: the
// front's trim, or for a duplex back the trim layout.BackOf registers
// behind it (mirrored for the flip, shifted by the back offset).
func mapPlacement(pg mapPage, opts generator.PrintOptions) (layout.Rect, float64) {
	trim := mapTrim(opts.Paper)
	if !pg.back {
		return trim, 0
	}
	return layout.BackOf(opts.Paper, trim, 0, opts.Duplex, opts.BackOffset)
}

// mapBleed is the bleed of a map card.
func mapBleed(opts generator.PrintOptions) float64 { return max(0, opts.Bleed) }

// WriteMaps writes maps.pdf: every map card of the pack, twice, one face
// per page, as mapPlan orders them. It returns the page count; a pack
// without printed maps writes nothing.
func WriteMaps(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions) (int, error) {
	cards := mapCards(p)
	if len(cards) == 0 {
		return 0, nil
	}
	if opts.Paper.W < MapCardW+2*opts.Margin || opts.Paper.H < MapCardH+2*opts.Margin {
		return 0, fmt.Errorf("maps: a %.0f x %.0f mm map card does not fit on %s paper", MapCardW, MapCardH, opts.Paper.Name)
	}
	doc := r.NewPDF(draw.PDFInfo{Title: p.Game.Title + " - Maps", Created: opts.Created, Duplex: opts.Duplex})
	n := imposeMaps(r, generator.PDFSink(doc), cards, opts)
	if err := doc.Write(w); err != nil {
		return 0, fmt.Errorf("maps: %w", err)
	}
	return n, nil
}

// imposeMaps draws the pages of the cards on sink and returns how many
// there are.
func imposeMaps(r *generator.Renderer, sink generator.PageSink, cards []mapCard, opts generator.PrintOptions) int {
	return impose.Draw(sink, mapPlan(cards, opts.Paper, opts.Duplex), func(c draw.Canvas, pg impose.Page) {
		drawMapPage(r, c, mapPageOf(cards, pg, opts.Duplex), opts)
	})
}

// drawMapPage draws one page: the face with its bleed, the crop marks and
// the page's label in the waste.
func drawMapPage(r *generator.Renderer, page draw.Canvas, pg mapPage, opts generator.PrintOptions) {
	trim, turn := mapPlacement(pg, opts)
	b := mapBleed(opts)
	if pg.face != nil {
		page.Push()
		if turn != 0 {
			page.Rotate(turn, trim.X+trim.W/2, trim.Y+trim.H/2)
		}
		page.Translate(trim.X, trim.Y)
		DrawMapFace(r, page, pg.face, b)
		page.Pop()
	}
	c := r.Surface(page)
	slot := layout.Slot{Trim: trim, Bleed: layout.Sides{Top: b, Right: b, Bottom: b, Left: b}, Turn: turn}
	area := layout.Printable(opts.Paper, opts.Margin)
	marks := layout.SheetMarks(area, []layout.Slot{slot}, layout.MarkOptions{Crop: opts.CropMarks, CutLines: opts.CutLines, TrimOutline: r.InkSaver || pg.face == nil})
	generator.DrawMarks(c, marks)
	obstacles := []layout.Rect{slot.Art().Inset(-generator.MarkClear)}
	for _, m := range marks {
		obstacles = append(obstacles, m.InkRect().Inset(-generator.MarkClear))
	}
	r.DrawPageLabel(c, area, obstacles, pg.label)
}

// indexMaps describes maps.pdf in the kit's index.
// mapPagesOf are the pages of maps.pdf that hold the map e (both copies of
// its card): the kit's index says where each component is.
func mapPagesOf(p *schema.Pack, e schema.Element, opts generator.PrintOptions) (first, last int, ok bool) {
	m, isMap := e.(*runschema.Map)
	if !isMap {
		return 0, 0, false
	}
	cards := mapCards(p)
	i := slices.IndexFunc(cards, func(c mapCard) bool { return c.front == m || c.back == m })
	if i < 0 {
		return 0, 0, false
	}
	for n, pg := range mapPlan(cards, opts.Paper, opts.Duplex).Pages {
		if pg.Lo/MapCopies == i {
			if first == 0 {
				first = n + 1
			}
			last = n + 1
		}
	}
	return first, last, first > 0
}

func indexMaps(p *schema.Pack, opts generator.PrintOptions) []string {
	cards := mapCards(p)
	if len(cards) == 0 {
		return nil
	}
	first, last := make([]int, len(cards)), make([]int, len(cards)) // page numbers
	for n, pg := range mapPlan(cards, opts.Paper, opts.Duplex).Pages {
		i := pg.Lo / MapCopies
		if first[i] == 0 {
			first[i] = n + 1
		}
		last[i] = n + 1
	}
	var lines []string
	for i, c := range cards {
		sides := mapTitle(c.front)
		if c.back != nil {
			sides += " / " + mapTitle(c.back)
		} else {
			sides += " (one side only; the pack has no other side)"
		}
		lines = append(lines, fmt.Sprintf("card %d: %s, %d copies (%s)", c.number, sides, MapCopies, generator.PageRange(first[i], last[i])))
	}
	if opts.Duplex == layout.NoDuplex {
		lines = append(lines, "--duplex none: every side is a page of its own, labelled with its card, side and copy; glue side b behind side a")
	} else {
		lines = append(lines, fmt.Sprintf("each side a page is followed by its side b (duplex, flip on the %s edge); a card with one side has a blank back", opts.Duplex))
	}
	lines = append(lines, fmt.Sprintf("one card per page, %.0f x %.0f mm: cut along the crop marks", MapCardW, MapCardH))
	return lines
}

// buildMap writes a map's preview: preview/map-<id>.png (maps.pdf is a
// file of the kit, written in buildJobs).
func buildMap(r *generator.Renderer, p *schema.Pack, m *runschema.Map, opts generator.BuildOptions) []generator.Job {
	if !opts.Previews {
		return nil
	}
	return []generator.Job{generator.FileJob(MapPreviewPath(m), func(w io.Writer) (int, error) {
		return 0, WriteMapPreview(r, w, m, 100)
	})}
}

// MapPreviewPath is where a build writes a map's preview.
func MapPreviewPath(m *runschema.Map) string { return "preview/" + m.ID + ".png" }

// WriteMapPreview writes a PNG of a map face (its trim) at dpi.
func WriteMapPreview(r *generator.Renderer, w io.Writer, m *runschema.Map, dpi float64) error {
	c, err := draw.NewPNGCanvas(r.Fonts, MapCardW, MapCardH, dpi)
	if err != nil {
		return fmt.Errorf("map %s: %w", m.ID, err)
	}
	DrawMapFace(r, c, m, 0)
	if err := c.Encode(w); err != nil {
		return fmt.Errorf("map %s: %w", m.ID, err)
	}
	return nil
}

// ---- the face ----

// cellOrigin is the top-left corner of a space on the face.
func cellOrigin(c runschema.Cell) draw.Pt {
	return draw.Pt{X: mapGridX + float64(c.Col)*mapSpace, Y: mapGridY + float64(c.Row)*mapSpace}
}

// cellCentre is the middle of a space on the face.
func cellCentre(c runschema.Cell) draw.Pt {
	return cellOrigin(c).Add(draw.Pt{X: mapSpace / 2, Y: mapSpace / 2})
}

// mapDirs are the directions of action names and currents, y down.
var mapDirs = map[string]draw.Pt{
	"N": {X: 0, Y: -1}, "E": {X: 1, Y: 0}, "S": {X: 0, Y: 1}, "W": {X: -1, Y: 0},
	"NE": {X: 1, Y: -1}, "NW": {X: -1, Y: -1}, "SE": {X: 1, Y: 1}, "SW": {X: -1, Y: 1},
}

// mapFaceColours are the frame's fill and the colour of its text: white on
// a dark frame, or dark on paper with ink-saver.
func mapFaceColours(r *generator.Renderer) (frame, ink draw.Color) {
	if r.InkSaver {
		return draw.White, mapInk
	}
	return mapFrame, draw.White
}

// DrawMapFace draws a map face with its top-left trim corner at the
// origin: the frame (with bleed), the number and name, coordinates, the
// grid's spaces and features, and the rules strip.
func DrawMapFace(r *generator.Renderer, c draw.Canvas, m *runschema.Map, bleed float64) {
	c = r.Surface(c)
	frame, ink := mapFaceColours(r)
	c.Rect(-bleed, -bleed, MapCardW+2*bleed, MapCardH+2*bleed, 0, draw.Filled(frame))
	drawMapTitle(r, c, m, ink)
	drawMapCoords(r, c, ink)
	g := m.Grid
	if g == nil {
		g = &runschema.MapGrid{}
		for row := range runschema.MapSize {
			for col := range runschema.MapSize {
				g[row][col].Cell = runschema.Cell{Col: col, Row: row}
			}
		}
	}
	c.Push()
	c.ClipRect(mapGridX, mapGridY, mapGrid, mapGrid)
	for row := range runschema.MapSize {
		for col := range runschema.MapSize {
			drawMapSpace(r, c, g, runschema.Cell{Col: col, Row: row})
		}
	}
	c.Pop()
	drawMapGridLines(c)
	drawMapBoundaries(c, g)
	for row := range runschema.MapSize {
		for col := range runschema.MapSize {
			if sp := g.At(runschema.Cell{Col: col, Row: row}); sp.Water && !sp.Bridge && sp.Current != "" {
				drawCurrent(c, cellCentre(sp.Cell), sp.Current)
			}
		}
	}
	for _, s := range m.Puddles {
		if cell, ok := runschema.ParseCell(s); ok {
			drawPuddle(c, cellOrigin(cell).Add(draw.Pt{X: 19, Y: 19.5}))
		}
	}
	icons := drawMapLinks(r, c, m)
	drawMapAccess(r, c, m)
	drawMapFeatures(r, c, m)
	// Zip-line and link icons go on top: a ladder or a stash drawn later
	// must not hide the action that triggers the line.
	for _, ic := range icons {
		drawAction(r, c, ic.action, ic.at)
	}
	c.Rect(mapGridX, mapGridY, mapGrid, mapGrid, 0, draw.Stroked(mapInk, 0.8))
	drawMapRules(r, c, m)
}

// drawMapTitle draws the map number top left (L93) and the name on the
// right of the top strip.
func drawMapTitle(r *generator.Renderer, c draw.Canvas, m *runschema.Map, ink draw.Color) {
	const size = 15.0
	num := cmp.Or(m.Number, "?")
	nw := r.Fonts.Width(num, draw.Bold, size) + 4
	badgeInk, badgePaper := mapInk, draw.White
	if r.InkSaver {
		badgeInk, badgePaper = draw.White, mapInk
	}
	c.Rect(mapEdge, 2, generator.Round2(nw), 8.5, 1.5, draw.Filled(badgePaper))
	capH := r.Fonts.CapHeight(draw.Bold, size)
	c.Text(generator.Round2(mapEdge+2), generator.Round2(2+(8.5+capH)/2), num, draw.Bold, size, badgeInk)
	name, nsize, _ := mapName(r, m)
	w := r.Fonts.Width(name, draw.Bold, nsize)
	c.Text(generator.Round2(MapCardW-mapEdge-w), generator.Round2(2+(8.5+r.Fonts.CapHeight(draw.Bold, nsize))/2), name, draw.Bold, nsize, ink)
}

// mapName is the map's name as printed on the right of the top strip:
// shrunk from 15 to 9 points to fit beside the number, then cut short;
// fits is false when it was cut.
func mapName(r *generator.Renderer, m *runschema.Map) (name string, size float64, fits bool) {
	const big = 15.0
	num := cmp.Or(m.Number, "?")
	room := MapCardW - 2*mapEdge - (r.Fonts.Width(num, draw.Bold, big) + 4) - 6
	name, size = cmp.Or(m.Name, m.ID), big
	for size > 9 && r.Fonts.Width(name, draw.Bold, size) > room {
		size -= 0.5
	}
	clipped := r.ClipText(name, draw.Bold, size, room)
	return clipped, size, clipped == name
}

// drawMapCoords writes A-F above and below the grid and 1-6 down both
// sides (assumption A1: A1 is the top-left space).
func drawMapCoords(r *generator.Renderer, c draw.Canvas, ink draw.Color) {
	const size = 9.0
	capH := r.Fonts.CapHeight(draw.Bold, size)
	for i := range runschema.MapSize {
		letter := string(rune('A' + i))
		x := mapGridX + (float64(i)+0.5)*mapSpace - r.Fonts.Width(letter, draw.Bold, size)/2
		c.Text(generator.Round2(x), generator.Round2(mapTitleH+(mapCoordH+capH)/2), letter, draw.Bold, size, ink)
		c.Text(generator.Round2(x), generator.Round2(mapGridY+mapGrid+(mapCoordH+capH)/2), letter, draw.Bold, size, ink)
		digit := string(rune('1' + i))
		dw := r.Fonts.Width(digit, draw.Bold, size)
		y := generator.Round2(mapGridY + (float64(i)+0.5)*mapSpace + capH/2)
		c.Text(generator.Round2((mapEdge-dw)/2), y, digit, draw.Bold, size, ink)
		c.Text(generator.Round2(mapGridX+mapGrid+(mapEdge-dw)/2), y, digit, draw.Bold, size, ink)
	}
}

// mapSpaceColour is the fill of a space.
func mapSpaceColour(sp *runschema.MapSpace) draw.Color {
	switch {
	case sp.Water:
		return mapWater
	case sp.Ice:
		return mapIce
	case sp.Building:
		v := 0x76 - 0x14*max(0, sp.Level-1)
		v = max(v, 0x40)
		return draw.RGB(uint8(v), uint8(v), uint8(v))
	case sp.Level >= 1:
		return mapTerrain[min(sp.Level, len(mapTerrain))-1]
	case sp.Level < 0:
		return draw.RGB(0xc8, 0xc8, 0xc0)
	}
	return mapGround
}

// drawMapSpace fills a space and draws its texture: waves on water,
// hatching on ice, planks on a bridge, the level digit on terrain.
func drawMapSpace(r *generator.Renderer, c draw.Canvas, g *runschema.MapGrid, cell runschema.Cell) {
	sp := g.At(cell)
	o := cellOrigin(cell)
	// The space's name, for an observer that marks the spaces a finding
	// names (runforge serve); never on the page.
	draw.Note(c, func() string { return "space " + cell.String() })
	fill := mapSpaceColour(sp)
	if sp.Bridge {
		fill = mapWater
	}
	if r.InkSaver {
		// Lighter fills, in the same order of lightness; ground is paper.
		fill = generator.Blend(fill, draw.White, 0.45)
		if !sp.Water && !sp.Ice && !sp.Bridge && !sp.Building && sp.Level == 0 {
			fill = draw.White
		}
	}
	c.Rect(o.X, o.Y, mapSpace, mapSpace, 0, draw.Filled(fill))
	switch {
	case sp.Bridge:
		drawWaves(c, o)
		drawBridge(c, g, cell)
	case sp.Water:
		drawWaves(c, o)
	case sp.Ice:
		c.Push()
		c.ClipRect(o.X, o.Y, mapSpace, mapSpace)
		for k := 2.5; k < 2*mapSpace; k += 2.5 {
			c.Line(o.X+k, o.Y, o.X, o.Y+k, mapIceHatch, 0.25)
		}
		c.Pop()
	}
	if (sp.Level >= 1 && !sp.Building) || sp.Level >= 2 {
		ink := mapInk
		if !generator.IsLight(fill) {
			ink = draw.White
		}
		// Ink saver lightens the fills: white may no longer read there.
		ink = r.ReadableInk(ink, fill)
		c.Text(generator.Round2(o.X+1.3), generator.Round2(o.Y+3.6), fmt.Sprint(sp.Level), draw.Bold, 8, ink)
	}
	if sp.Building {
		drawParapet(c, g, cell)
	}
}

// drawWaves draws a few wave marks in a water space, clear of its middle
// where features go.
func drawWaves(c draw.Canvas, o draw.Pt) {
	for _, at := range []draw.Pt{{X: 2.5, Y: 5}, {X: 15.5, Y: 4}, {X: 3, Y: 21}, {X: 16, Y: 21.5}} {
		start := o.Add(at)
		prev := start
		for i := 1; i <= 8; i++ {
			x := float64(i) * 0.75
			p := start.Add(draw.Pt{X: x, Y: -0.6 * math.Sin(x*math.Pi/1.5)}).Round()
			c.Line(prev.X, prev.Y, p.X, p.Y, mapWave, 0.35)
			prev = p
		}
	}
}

// sameBlock reports whether two spaces belong to one building complex of
// one level.
func sameBlock(a, b *runschema.MapSpace) bool {
	return a != nil && b != nil && a.Building && b.Building && a.Level == b.Level
}

// drawParapet draws a roof's inner edge, inset from the sides where the
// building ends, so that a roof reads as one block: each side's line stops
// short at an outer corner and runs on into the neighbour at an inner one.
func drawParapet(c draw.Canvas, g *runschema.MapGrid, cell runschema.Cell) {
	const in = 1.6
	sp := g.At(cell)
	o := cellOrigin(cell)
	open := func(dc, dr int) bool {
		return !sameBlock(sp, g.At(runschema.Cell{Col: cell.Col + dc, Row: cell.Row + dr}))
	}
	// end is how far a line along side (sc, sr) stops short of its end
	// toward (dc, dr): in at an outer corner, -in at an inner one.
	end := func(sc, sr, dc, dr int) float64 {
		switch {
		case open(dc, dr):
			return in
		case !open(sc+dc, sr+dr):
			return -in
		}
		return 0
	}
	x0, x1, y0, y1 := o.X, o.X+mapSpace, o.Y, o.Y+mapSpace
	if open(0, -1) {
		c.Line(x0+end(0, -1, -1, 0), y0+in, x1-end(0, -1, 1, 0), y0+in, mapParapet, 0.4)
	}
	if open(0, 1) {
		c.Line(x0+end(0, 1, -1, 0), y1-in, x1-end(0, 1, 1, 0), y1-in, mapParapet, 0.4)
	}
	if open(-1, 0) {
		c.Line(x0+in, y0+end(-1, 0, 0, -1), x0+in, y1-end(-1, 0, 0, 1), mapParapet, 0.4)
	}
	if open(1, 0) {
		c.Line(x1-in, y0+end(1, 0, 0, -1), x1-in, y1-end(1, 0, 0, 1), mapParapet, 0.4)
	}
}

// isWater reports whether a space is water (a bridge counts: water runs
// under it).
func isWater(sp *runschema.MapSpace) bool { return sp != nil && (sp.Water || sp.Bridge) }

// drawBridge draws a bridge's deck across its space: east-west when the
// water runs north-south under it, else north-south.
func drawBridge(c draw.Canvas, g *runschema.MapGrid, cell runschema.Cell) {
	o := cellOrigin(cell)
	at := func(dc, dr int) int {
		if isWater(g.At(runschema.Cell{Col: cell.Col + dc, Row: cell.Row + dr})) {
			return 1
		}
		return 0
	}
	ew := at(0, -1)+at(0, 1) >= at(-1, 0)+at(1, 0)
	const side = 5.0
	if ew {
		c.Rect(o.X, o.Y+side, mapSpace, mapSpace-2*side, 0, draw.Filled(mapPlank))
		for x := 2.5; x < mapSpace; x += 2.5 {
			c.Line(o.X+x, o.Y+side, o.X+x, o.Y+mapSpace-side, mapPlankInk, 0.3)
		}
		c.Line(o.X, o.Y+side, o.X+mapSpace, o.Y+side, mapPlankInk, 0.9)
		c.Line(o.X, o.Y+mapSpace-side, o.X+mapSpace, o.Y+mapSpace-side, mapPlankInk, 0.9)
		return
	}
	c.Rect(o.X+side, o.Y, mapSpace-2*side, mapSpace, 0, draw.Filled(mapPlank))
	for y := 2.5; y < mapSpace; y += 2.5 {
		c.Line(o.X+side, o.Y+y, o.X+mapSpace-side, o.Y+y, mapPlankInk, 0.3)
	}
	c.Line(o.X+side, o.Y, o.X+side, o.Y+mapSpace, mapPlankInk, 0.9)
	c.Line(o.X+mapSpace-side, o.Y, o.X+mapSpace-side, o.Y+mapSpace, mapPlankInk, 0.9)
}

// drawMapGridLines draws the thin lines between all spaces.
func drawMapGridLines(c draw.Canvas) {
	for i := 1; i < runschema.MapSize; i++ {
		v := float64(i) * mapSpace
		c.Line(mapGridX+v, mapGridY, mapGridX+v, mapGridY+mapGrid, mapGridLine, 0.2)
		c.Line(mapGridX, mapGridY+v, mapGridX+mapGrid, mapGridY+v, mapGridLine, 0.2)
	}
}

// drawMapBoundaries outlines every building complex (orthogonally joined
// building spaces of one level) and every edge where the level changes,
// the thicker the bigger the step.
func drawMapBoundaries(c draw.Canvas, g *runschema.MapGrid) {
	for row := range runschema.MapSize {
		for col := range runschema.MapSize {
			a := g.At(runschema.Cell{Col: col, Row: row})
			o := cellOrigin(a.Cell)
			for _, d := range []struct{ dc, dr int }{{1, 0}, {0, 1}} {
				b := g.At(runschema.Cell{Col: col + d.dc, Row: row + d.dr})
				if b == nil {
					continue
				}
				step := a.Level - b.Level
				if step < 0 {
					step = -step
				}
				if step == 0 && a.Building == b.Building {
					continue
				}
				w := 0.5 + 0.35*float64(min(step, 3))
				if d.dc == 1 {
					c.Line(o.X+mapSpace, o.Y, o.X+mapSpace, o.Y+mapSpace, mapInk, w)
				} else {
					c.Line(o.X, o.Y+mapSpace, o.X+mapSpace, o.Y+mapSpace, mapInk, w)
				}
			}
		}
	}
}

// drawCurrent draws a current's white arrow across its water space
// (L576).
func drawCurrent(c draw.Canvas, centre draw.Pt, dir string) {
	u, ok := mapDirs[dir]
	if !ok {
		return
	}
	draw.Polygon(c, draw.ArrowShape(centre, u.Unit(), 19, 3.6, 9, 6), draw.White, mapInk, 0.35)
}

// drawPuddle draws a puddle in the lower right of its space: light blobs
// with a dark rim.
func drawPuddle(c draw.Canvas, centre draw.Pt) {
	blobs := []struct{ x, y, w, h float64 }{{-3.6, -1.4, 5.2, 3}, {-1.2, -2, 4.8, 3.6}, {-2.6, 0, 3.6, 2}}
	for _, b := range blobs {
		c.Ellipse(centre.X+b.x-0.35, centre.Y+b.y-0.35, b.w+0.7, b.h+0.7, draw.Filled(draw.RGB(0x3c, 0x5a, 0x74)))
	}
	for _, b := range blobs {
		c.Ellipse(centre.X+b.x, centre.Y+b.y, b.w, b.h, draw.Filled(draw.RGB(0xa9, 0xcc, 0xe6)))
	}
}

// ---- actions ----

// actionDir splits an action name such as "silent-NE" into its kind and
// direction.
func actionDir(action string) (kind string, u draw.Pt, ok bool) {
	kind, dir, _ := strings.Cut(action, "-")
	switch kind {
	case "silent", "sprint":
		u, ok = mapDirs[dir]
		return kind, u.Unit(), ok
	case "wild":
		return action, draw.Pt{}, dir == "orthogonal" || dir == "diagonal"
	}
	return kind, draw.Pt{}, false
}

// drawAction draws an action icon centred on centre: a silent move is a
// dark arrow on white, the loud actions white on dark (a sprint a long
// arrow with a double head, the wilds four arrows). An unknown action is
// a question mark.
func drawAction(r *generator.Renderer, c draw.Canvas, action string, centre draw.Pt) {
	const s = mapBadge
	kind, u, ok := actionDir(action)
	x, y := generator.Round2(centre.X-s/2), generator.Round2(centre.Y-s/2)
	paper, ink := draw.White, mapInk
	if kind != "silent" {
		paper, ink = mapInk, draw.White
	}
	c.Rect(x, y, s, s, 1, draw.FillStroke(paper, mapInk, 0.3))
	switch {
	case !ok:
		capH := r.Fonts.CapHeight(draw.Bold, 10)
		c.Text(generator.Round2(centre.X-r.Fonts.Width("?", draw.Bold, 10)/2), generator.Round2(centre.Y+capH/2), "?", draw.Bold, 10, ink)
	case kind == "silent":
		draw.Polygon(c, draw.ArrowShape(centre, u, 4.6, 1.2, 3.2, 2), ink, ink, 0)
	case kind == "sprint":
		draw.Polygon(c, draw.ArrowShape(centre, u, 4.8, 0.9, 3, 1.7), ink, ink, 0)
		draw.Polygon(c, draw.ArrowShape(centre.Add(u.Mul(-1.3)), u, 1.7, 0, 3, 1.7), ink, ink, 0)
	default:
		dirs := []string{"N", "E", "S", "W"}
		if kind == "wild-diagonal" {
			dirs = []string{"NE", "SE", "SW", "NW"}
		}
		for _, d := range dirs {
			v := mapDirs[d].Unit()
			draw.Polygon(c, draw.ArrowShape(centre.Add(v.Mul(1.15)), v, 2.3, 0.7, 1.8, 1.1), ink, ink, 0)
		}
	}
}

// drawMapAccess draws every access feature (L249, L552): a short ladder,
// stair, vine or pier across the edge (or corner) between its lower and
// higher space, and its action icons in the lower space beside it.
func drawMapAccess(r *generator.Renderer, c draw.Canvas, m *runschema.Map) {
	for _, a := range m.Access {
		from, ok1 := runschema.ParseCell(a.From)
		to, ok2 := runschema.ParseCell(a.To)
		if !ok1 || !ok2 || from == to {
			continue
		}
		cf, ct := cellCentre(from), cellCentre(to)
		p := cf.Add(ct).Mul(0.5)
		u := ct.Sub(cf).Unit()
		drawAccessGlyph(c, a.Kind, p, u)
		diagonal := from.Col != to.Col && from.Row != to.Row
		for i, act := range a.Actions {
			var at draw.Pt
			if diagonal {
				at = draw.Local(p, u, -8.5-7*float64(i), 4)
			} else {
				side := 6.5 + 7*float64(i/2)
				if i%2 == 1 {
					side = -side
				}
				at = draw.Local(p, u, -3.6, side)
			}
			drawAction(r, c, act, at)
		}
	}
}

// drawAccessGlyph draws an access feature centred on p, climbing along u,
// on a white ground so that it shows on roofs and water.
func drawAccessGlyph(c draw.Canvas, kind string, p, u draw.Pt) {
	const half, w = 4.5, 1.7
	draw.Polygon(c, []draw.Pt{draw.Local(p, u, -half-0.6, -w-0.8), draw.Local(p, u, half+0.6, -w-0.8), draw.Local(p, u, half+0.6, w+0.8), draw.Local(p, u, -half-0.6, w+0.8)}, draw.White, mapInk, 0.2)
	switch kind {
	case runschema.AccessVine:
		green := draw.RGB(0x2f, 0x6b, 0x2a)
		var line []draw.Pt
		for i := 0; i <= 12; i++ {
			x := -half + float64(i)*2*half/12
			line = append(line, draw.Local(p, u, x, 0.9*math.Sin(x*1.4)))
		}
		draw.Polyline(c, line, green, 0.45)
		for i, x := range []float64{-3, -1, 1, 3} {
			side := 1.0
			if i%2 == 1 {
				side = -1
			}
			l := draw.Local(p, u, x, side*1.1).Round()
			c.Ellipse(generator.Round2(l.X-0.7), generator.Round2(l.Y-0.7), 1.4, 1.4, draw.Filled(green))
		}
	case runschema.AccessPier:
		draw.Polygon(c, []draw.Pt{draw.Local(p, u, -half, -w), draw.Local(p, u, half, -w), draw.Local(p, u, half, w), draw.Local(p, u, -half, w)}, mapPlank, mapPlankInk, 0.3)
		for x := -half + 1.5; x < half; x += 1.5 {
			draw.Polyline(c, []draw.Pt{draw.Local(p, u, x, -w), draw.Local(p, u, x, w)}, mapPlankInk, 0.25)
		}
	default:
		ink := mapInk
		if kind == runschema.AccessLadder {
			ink = draw.RGB(0x6b, 0x4a, 0x24)
		}
		draw.Polyline(c, []draw.Pt{draw.Local(p, u, -half, -w), draw.Local(p, u, half, -w)}, ink, 0.45)
		draw.Polyline(c, []draw.Pt{draw.Local(p, u, -half, w), draw.Local(p, u, half, w)}, ink, 0.45)
		for x := -half + 1; x < half; x += 1.5 {
			draw.Polyline(c, []draw.Pt{draw.Local(p, u, x, -w), draw.Local(p, u, x, w)}, ink, 0.35)
		}
		if kind == runschema.AccessFireEscape {
			// A landing at the top: a fire escape is a stair with a rail.
			draw.Polyline(c, []draw.Pt{draw.Local(p, u, half, -w-0.5), draw.Local(p, u, half, w+0.5)}, ink, 0.6)
		}
	}
}

// ---- tunnels, zip lines, links ----

// pendingIcon is an action icon drawn after the other features.
type pendingIcon struct {
	action string
	at     draw.Pt
}

// drawMapLinks draws tunnels (with their icons), zip lines and suspension
// bridges, and linked spaces; it returns the zip lines' and links' action
// icons, which the caller draws last, on top of everything.
func drawMapLinks(r *generator.Renderer, c draw.Canvas, m *runschema.Map) []pendingIcon {
	var icons []pendingIcon
	for _, t := range m.Tunnels {
		drawTunnel(r, c, t)
	}
	for _, z := range m.ZipLines {
		icons = append(icons, drawZipLine(r, c, z)...)
	}
	for _, l := range m.Links {
		a, ok1 := runschema.ParseCell(l.From)
		b, ok2 := runschema.ParseCell(l.To)
		if !ok1 || !ok2 || a == b {
			continue
		}
		ca, cb := cellCentre(a), cellCentre(b)
		u := cb.Sub(ca).Unit()
		s, e := ca.Add(u.Mul(6.5)), cb.Sub(u.Mul(6.5))
		dashes(c, s, e, 2.2, 1.4, draw.White, 1.5)
		dashes(c, s, e, 2.2, 1.4, mapInk, 0.6)
		draw.Polygon(c, draw.ArrowShape(e.Sub(u.Mul(1)), u, 2, 0, 2.6, 2), mapInk, mapInk, 0)
		icons = append(icons, pendingIcon{l.Action, draw.Local(s, u, 2, -4.5)})
		if l.BackAction != "" {
			draw.Polygon(c, draw.ArrowShape(s.Add(u.Mul(1)), u.Mul(-1), 2, 0, 2.6, 2), mapInk, mapInk, 0)
			icons = append(icons, pendingIcon{l.BackAction, draw.Local(e, u, -2, -4.5)})
		}
	}
	return icons
}

// dashes strokes a dashed line from a to b.
func dashes(c draw.Canvas, a, b draw.Pt, on, off float64, col draw.Color, width float64) {
	d := b.Sub(a)
	n := d.Len()
	u := d.Unit()
	for x := 0.0; x < n; x += on + off {
		p, q := a.Add(u.Mul(x)).Round(), a.Add(u.Mul(math.Min(x+on, n))).Round()
		c.Line(p.X, p.Y, q.X, q.Y, col, width)
	}
}

// drawTunnel draws a tunnel (L592): a dark mouth at each end, a dotted line
// between them and the sprint icon on it, plus any extra icons by the end
// they start from (L600).
func drawTunnel(r *generator.Renderer, c draw.Canvas, t *runschema.MapTunnel) {
	if len(t.Ends) != 2 {
		return
	}
	a, ok1 := runschema.ParseCell(t.Ends[0])
	b, ok2 := runschema.ParseCell(t.Ends[1])
	if !ok1 || !ok2 || a == b {
		return
	}
	ca, cb := cellCentre(a), cellCentre(b)
	u := cb.Sub(ca).Unit()
	s, e := ca.Add(u.Mul(8)), cb.Sub(u.Mul(8))
	n := e.Sub(s).Len()
	for x := 0.0; x <= n+1e-9; x += 2 {
		p := s.Add(u.Mul(x)).Round()
		c.Ellipse(generator.Round2(p.X-0.75), generator.Round2(p.Y-0.75), 1.5, 1.5, draw.FillStroke(mapInk, draw.White, 0.2))
	}
	for _, q := range []draw.Pt{s, e} {
		q = q.Round()
		c.Ellipse(generator.Round2(q.X-2.6), generator.Round2(q.Y-2.6), 5.2, 5.2, draw.FillStroke(mapInk, draw.White, 0.4))
	}
	// The icon goes halfway, or beside the line when halfway is the middle
	// of a space passed under, where that space's features go.
	mid := ca.Add(cb).Mul(0.5)
	if dist := cb.Sub(ca).Len() / mapSpace; math.Mod(math.Round(dist), 2) == 0 {
		mid = draw.Local(mid, u, 0, 8.5)
	}
	drawSprintBoth(r, c, mid, u)
	for _, ic := range t.Actions {
		end, ok := runschema.ParseCell(ic.From)
		if !ok {
			continue
		}
		switch end {
		case a:
			drawAction(r, c, ic.Action, draw.Local(s, u, 0, 5.5))
		case b:
			drawAction(r, c, ic.Action, draw.Local(e, u, 0, 5.5))
		}
	}
}

// drawSprintBoth draws a tunnel's sprint icon: a sprint along the tunnel,
// either way.
func drawSprintBoth(r *generator.Renderer, c draw.Canvas, centre draw.Pt, u draw.Pt) {
	const s = mapBadge
	c.Rect(generator.Round2(centre.X-s/2), generator.Round2(centre.Y-s/2), s, s, 1, draw.FillStroke(mapInk, draw.White, 0.3))
	draw.Polygon(c, draw.ArrowShape(centre.Add(u.Mul(0.9)), u, 2.6, 0.9, 2.8, 1.5), draw.White, draw.White, 0)
	draw.Polygon(c, draw.ArrowShape(centre.Add(u.Mul(-0.9)), u.Mul(-1), 2.6, 0.9, 2.8, 1.5), draw.White, draw.White, 0)
}

// drawZipLine draws a zip line as a sagging curve from start to end
// (L604), or a suspension bridge (style bridge, L616) as a double line with
// planks, with the action icon at the start, and at the end when it is
// two-way; a one-way line has an arrow halfway. It returns the icons, for
// the caller to draw on top.
func drawZipLine(r *generator.Renderer, c draw.Canvas, z *runschema.MapZipLine) []pendingIcon {
	a, ok1 := runschema.ParseCell(z.Start)
	b, ok2 := runschema.ParseCell(z.End)
	if !ok1 || !ok2 || a == b {
		return nil
	}
	ca, cb := cellCentre(a), cellCentre(b)
	u := cb.Sub(ca).Unit()
	s, e := ca.Add(u.Mul(6)), cb.Sub(u.Mul(6))
	n := u.Perp()
	ctrl := s.Add(e).Mul(0.5).Add(n.Mul(0.16 * e.Sub(s).Len()))
	const steps = 24
	curve := func(off float64) []draw.Pt {
		var out []draw.Pt
		for i := 0; i <= steps; i++ {
			t := float64(i) / steps
			p := s.Mul((1 - t) * (1 - t)).Add(ctrl.Mul(2 * t * (1 - t))).Add(e.Mul(t * t))
			tan := ctrl.Sub(s).Mul(2 * (1 - t)).Add(e.Sub(ctrl).Mul(2 * t)).Unit()
			out = append(out, p.Add(tan.Perp().Mul(off)))
		}
		return out
	}
	if z.Style == "bridge" {
		draw.Polyline(c, curve(0), draw.White, 4)
		left, right := curve(-1.3), curve(1.3)
		for i := 1; i < steps; i++ {
			draw.Polyline(c, []draw.Pt{left[i], right[i]}, mapPlankInk, 0.5)
		}
		draw.Polyline(c, left, mapInk, 0.5)
		draw.Polyline(c, right, mapInk, 0.5)
	} else {
		draw.Polyline(c, curve(0), draw.White, 1.4)
		draw.Polyline(c, curve(0), mapInk, 0.55)
	}
	for _, q := range []draw.Pt{s, e} {
		q = q.Round()
		c.Ellipse(generator.Round2(q.X-1.2), generator.Round2(q.Y-1.2), 2.4, 2.4, draw.FillStroke(mapInk, draw.White, 0.3))
	}
	if z.OneWay {
		mid := curve(0)[steps/2]
		draw.Polygon(c, draw.ArrowShape(mid, e.Sub(s).Unit(), 2.6, 0, 3, 2.6), mapInk, draw.White, 0.3)
	}
	icons := []pendingIcon{{z.Action, draw.Local(s, u, 1, -4.8)}}
	if !z.OneWay {
		icons = append(icons, pendingIcon{cmp.Or(z.EndAction, z.Action), draw.Local(e, u, -1, -4.8)})
	}
	return icons
}

// ---- features ----

// mapFeature is a feature drawn in a space's middle.
type mapFeature struct {
	kind, text string
}

// drawMapFeatures draws each space's features in its middle: one large,
// two side by side, three or more in a 2 x 2 block.
func drawMapFeatures(r *generator.Renderer, c draw.Canvas, m *runschema.Map) {
	var at [runschema.MapSize][runschema.MapSize][]mapFeature
	add := func(cell, kind, text string) {
		if cl, ok := runschema.ParseCell(cell); ok {
			at[cl.Row][cl.Col] = append(at[cl.Row][cl.Col], mapFeature{kind, text})
		}
	}
	for _, s := range m.SafeHouses {
		add(s.At, "safe-house", s.Letter)
	}
	for _, s := range m.Stashes {
		add(s, "stash", "")
	}
	for _, s := range m.Spawns {
		add(s.At, "spawn", fmt.Sprint(s.Number))
	}
	for _, s := range m.Helipads {
		add(s, "helipad", "H")
	}
	for _, s := range m.DonutShops {
		add(s, "donut", "")
	}
	for _, s := range m.Witnesses {
		add(s, "witness", "")
	}
	for row := range runschema.MapSize {
		for col := range runschema.MapSize {
			fs := at[row][col]
			centre := cellCentre(runschema.Cell{Col: col, Row: row})
			d, offs := 11.0, []draw.Pt{{X: 0, Y: 0}}
			switch {
			case len(fs) == 2:
				d, offs = 9.4, []draw.Pt{{X: -5, Y: 0}, {X: 5, Y: 0}}
			case len(fs) > 2:
				d, offs = 8.4, []draw.Pt{{X: -4.6, Y: -4.6}, {X: 4.6, Y: -4.6}, {X: -4.6, Y: 4.6}, {X: 4.6, Y: 4.6}}
			}
			for i, f := range fs {
				if i >= len(offs) {
					break
				}
				drawFeature(r, c, f, centre.Add(offs[i]), d)
			}
		}
	}
}

// drawFeature draws one feature in a white disc of diameter d.
func drawFeature(r *generator.Renderer, c draw.Canvas, f mapFeature, p draw.Pt, d float64) {
	p = p.Round()
	ring := 0.35
	if f.kind == "spawn" {
		ring = 0.9
	}
	c.Ellipse(generator.Round2(p.X-d/2), generator.Round2(p.Y-d/2), d, d, draw.FillStroke(draw.White, mapInk, ring))
	k := d / 11
	text := func(s string, size float64, col draw.Color) {
		capH := r.Fonts.CapHeight(draw.Bold, size)
		c.Text(generator.Round2(p.X-r.Fonts.Width(s, draw.Bold, size)/2), generator.Round2(p.Y+capH/2), s, draw.Bold, size, col)
	}
	switch f.kind {
	case "safe-house":
		draw.Polygon(c, []draw.Pt{{X: p.X, Y: p.Y - 4*k}, {X: p.X + 3.9*k, Y: p.Y - 0.6*k}, {X: p.X + 2.9*k, Y: p.Y - 0.6*k}, {X: p.X + 2.9*k, Y: p.Y + 3.6*k},
			{X: p.X - 2.9*k, Y: p.Y + 3.6*k}, {X: p.X - 2.9*k, Y: p.Y - 0.6*k}, {X: p.X - 3.9*k, Y: p.Y - 0.6*k}}, mapInk, mapInk, 0)
		size := 11 * k
		capH := r.Fonts.CapHeight(draw.Bold, size)
		s := f.text
		c.Text(generator.Round2(p.X-r.Fonts.Width(s, draw.Bold, size)/2), generator.Round2(p.Y+1.5*k+capH/2), s, draw.Bold, size, draw.White)
	case "stash":
		// A bag with a tied neck.
		draw.Polygon(c, []draw.Pt{{X: p.X - 1.4*k, Y: p.Y - 2.2*k}, {X: p.X + 1.4*k, Y: p.Y - 2.2*k}, {X: p.X + 3.6*k, Y: p.Y + 1*k}, {X: p.X + 3.2*k, Y: p.Y + 3.4*k},
			{X: p.X - 3.2*k, Y: p.Y + 3.4*k}, {X: p.X - 3.6*k, Y: p.Y + 1*k}}, mapInk, mapInk, 0)
		draw.Polygon(c, []draw.Pt{{X: p.X - 2*k, Y: p.Y - 4.2*k}, {X: p.X + 2*k, Y: p.Y - 4.2*k}, {X: p.X + 1*k, Y: p.Y - 2.6*k}, {X: p.X - 1*k, Y: p.Y - 2.6*k}}, mapInk, mapInk, 0)
		c.Line(generator.Round2(p.X-1.6*k), generator.Round2(p.Y-2.4*k), generator.Round2(p.X+1.6*k), generator.Round2(p.Y-2.4*k), draw.White, 0.35*k)
		c.Text(generator.Round2(p.X-r.Fonts.Width("?", draw.Bold, 9*k)/2), generator.Round2(p.Y+r.Fonts.CapHeight(draw.Bold, 9*k)/2+0.6*k), "?", draw.Bold, 9*k, draw.White)
	case "spawn":
		text(f.text, 14*k, mapInk)
	case "helipad":
		c.Ellipse(generator.Round2(p.X-d*0.36), generator.Round2(p.Y-d*0.36), generator.Round2(d*0.72), generator.Round2(d*0.72), draw.Stroked(mapInk, 0.4))
		text("H", 13*k, mapInk)
	case "donut":
		c.Ellipse(generator.Round2(p.X-3.8*k), generator.Round2(p.Y-3.8*k), generator.Round2(7.6*k), generator.Round2(7.6*k), draw.Filled(draw.RGB(0x8a, 0x5a, 0x2b)))
		c.Ellipse(generator.Round2(p.X-3.1*k), generator.Round2(p.Y-3.1*k), generator.Round2(6.2*k), generator.Round2(6.2*k), draw.Filled(draw.RGB(0xe0, 0x8a, 0xb0)))
		c.Ellipse(generator.Round2(p.X-1.3*k), generator.Round2(p.Y-1.3*k), generator.Round2(2.6*k), generator.Round2(2.6*k), draw.FillStroke(draw.White, mapInk, 0.3))
		for _, s := range []draw.Pt{{X: -2.2, Y: -1}, {X: 1.8, Y: -1.8}, {X: 2, Y: 1.4}, {X: -1.4, Y: 2.2}, {X: 0.2, Y: -2.5}} {
			q := p.Add(s.Mul(k))
			c.Line(generator.Round2(q.X-0.35*k), generator.Round2(q.Y), generator.Round2(q.X+0.35*k), generator.Round2(q.Y), mapInk, 0.35)
		}
	case "witness":
		// An eye.
		var lid []draw.Pt
		for i := 0; i <= 16; i++ {
			x := -4.2 + 8.4*float64(i)/16
			lid = append(lid, draw.Pt{X: p.X + x*k, Y: p.Y - 2.3*k*math.Cos(x/4.2*math.Pi/2)})
		}
		for i := 16; i >= 0; i-- {
			x := -4.2 + 8.4*float64(i)/16
			lid = append(lid, draw.Pt{X: p.X + x*k, Y: p.Y + 2.3*k*math.Cos(x/4.2*math.Pi/2)})
		}
		draw.Polygon(c, lid, mapInk, mapInk, 0)
		c.Ellipse(generator.Round2(p.X-1.9*k), generator.Round2(p.Y-1.9*k), generator.Round2(3.8*k), generator.Round2(3.8*k), draw.Filled(draw.White))
		c.Ellipse(generator.Round2(p.X-0.9*k), generator.Round2(p.Y-0.9*k), generator.Round2(1.8*k), generator.Round2(1.8*k), draw.Filled(mapInk))
	}
}

// ---- the rules strip ----

// mapIconName matches an inline {name} in rules text.
var mapIconName = regexp.MustCompile(`\{([a-z0-9-]+)\}`)

// mapRulesText is the map's rules text as printed: one paragraph per
// entry, with {gadget} and {action} names the generator has no icon for
// written out ("{hook}" becomes "Hook").
func mapRulesText(m *runschema.Map) string {
	var paras []string
	for _, t := range m.RulesText {
		if t == nil {
			continue
		}
		s := mapIconName.ReplaceAllStringFunc(strings.TrimSpace(t.Text), func(tok string) string {
			name := tok[1 : len(tok)-1]
			if icons.Has(name) {
				return tok
			}
			return gadgetName(name)
		})
		if s != "" {
			paras = append(paras, s)
		}
	}
	return strings.Join(paras, "\n")
}

// gadgetName writes an id as words: "smoke-bomb" is "Smoke Bomb".
func gadgetName(id string) string {
	words := strings.Split(id, "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// mapRulesPanel is the white panel of the rules strip.
var mapRulesPanel = layout.Rect{X: mapEdge, Y: mapGridY + mapGrid + mapCoordH + 0.5, W: MapCardW - 2*mapEdge, H: mapRulesH - 2.5}

// mapGadgetSlot is the width of a crossed-out gadget in the rules strip.
const mapGadgetSlot = 14.0

// mapGadgets are the crossed-out gadgets the rules strip shows: as many as
// fit (there are only six gadgets).
func mapGadgets(m *runschema.Map) []string {
	return m.CrossedOutGadgets[:min(len(m.CrossedOutGadgets), int(mapRulesPanel.W/mapGadgetSlot))]
}

// mapRulesBlock lays out the map's rules text in the part of the rules
// panel the crossed-out gadgets leave: the box and the block, and false
// when there is no text or no room for it.
func mapRulesBlock(r *generator.Renderer, m *runschema.Map) (layout.Rect, typeset.Block, bool) {
	text := mapRulesText(m)
	panel := mapRulesPanel
	box := layout.Rect{X: panel.X + 2.5, Y: panel.Y + 1.5, W: panel.W - 5 - mapGadgetSlot*float64(len(mapGadgets(m))), H: panel.H - 3}
	if text == "" || box.W < 20 {
		return box, typeset.Block{}, false
	}
	return box, typeset.Layout(r.Fonts, text, typeset.Style{Font: draw.Regular, Size: 8.5, MinSize: 5, VAlign: "middle"}, box.W, box.H), true
}

// drawMapRules draws the strip at the bottom of the map: the map's rules
// text and its crossed-out gadgets (L661-667), on a white panel.
func drawMapRules(r *generator.Renderer, c draw.Canvas, m *runschema.Map) {
	box, block, ok := mapRulesBlock(r, m)
	if !ok && len(m.CrossedOutGadgets) == 0 {
		return
	}
	panel := mapRulesPanel
	c.Rect(panel.X, panel.Y, panel.W, panel.H, 1.5, draw.FillStroke(draw.White, mapInk, 0.3))
	gadgets := mapGadgets(m)
	gw := mapGadgetSlot * float64(len(gadgets))
	for i, g := range gadgets {
		drawCrossedGadget(r, c, g, draw.Pt{X: panel.Right() - gw + mapGadgetSlot*(float64(i)+0.5) - 1, Y: panel.Y + 8})
	}
	if ok {
		typeset.Draw(r.Fonts, c, block, box.X, box.Y, box.W, box.H, mapInk, draw.White)
	}
}

// mapOverflows lists the map's texts that do not print as written: rules
// text too long for the rules strip, or with no room left beside the
// crossed-out gadgets, and a name cut short.
func mapOverflows(r *generator.Renderer, p *schema.Pack, m *runschema.Map) []schema.TextIssue {
	var out []schema.TextIssue
	what := fmt.Sprintf("map %q", m.ID)
	if _, _, fits := mapName(r, m); !fits && m.Name != "" {
		out = append(out, schema.TextIssue{Ref: m.Ref.Child("name"), What: what + " name",
			Detail: "does not fit the top of the map even at 9 points: it is cut short"})
	}
	if len(m.RulesText) == 0 {
		return out
	}
	box, block, ok := mapRulesBlock(r, m)
	switch {
	case mapRulesText(m) == "":
	case !ok:
		out = append(out, schema.TextIssue{Ref: m.RulesText[0].Ref.Child("text"), What: what + " rules text",
			Detail: "does not fit: the crossed-out gadgets leave no room for it at the bottom of the map"})
	case !block.Fits:
		out = append(out, schema.TextIssue{Ref: m.RulesText[0].Ref.Child("text"), What: what + " rules text",
			Detail: fmt.Sprintf("does not fit the %sx%smm rules strip at the bottom of the map: %s", generator.FormatMM(box.W), generator.FormatMM(box.H), block.Overflow)})
	}
	return out
}

// drawCrossedGadget draws a gadget that may not be used on the map (L667):
// its glyph in a circle, struck through, with its name below.
func drawCrossedGadget(r *generator.Renderer, c draw.Canvas, id string, p draw.Pt) {
	const d = 11.0
	p = p.Round()
	c.Ellipse(p.X-d/2, p.Y-d/2, d, d, draw.FillStroke(draw.White, mapInk, 0.4))
	drawGadgetGlyph(c, r, id, p)
	off := d / 2 * math.Sqrt2 / 2
	c.Line(generator.Round2(p.X+off), generator.Round2(p.Y-off), generator.Round2(p.X-off), generator.Round2(p.Y+off), mapStrike, 1.1)
	name := gadgetName(id)
	const size = 6.0 // no text prints under 6 pt: a longer name is cut short
	name = r.ClipText(name, draw.Bold, size, 13.5)
	c.Text(generator.Round2(p.X-r.Fonts.Width(name, draw.Bold, size)/2), generator.Round2(p.Y+d/2+2.6), name, draw.Bold, size, mapInk)
}

// drawGadgetGlyph draws a small picture of a gadget centred on p: the
// gadget's icon from the icon set when there is one, else a simple glyph;
// an unknown gadget shows its initial.
func drawGadgetGlyph(c draw.Canvas, r *generator.Renderer, id string, p draw.Pt) {
	if icons.Has(id) {
		const s = 7.0
		icons.Draw(c, id, generator.Round2(p.X-s/2), generator.Round2(p.Y-s/2), s, mapInk, draw.White)
		return
	}
	switch id {
	case "smoke-bomb":
		c.Ellipse(p.X-2.6, p.Y-1.6, 5.2, 5.2, draw.Filled(mapInk))
		draw.Polyline(c, []draw.Pt{{X: p.X + 1.2, Y: p.Y - 1.2}, {X: p.X + 2.2, Y: p.Y - 3}, {X: p.X + 3.2, Y: p.Y - 3.4}}, mapInk, 0.45)
	case "crowbar":
		draw.Polyline(c, []draw.Pt{{X: p.X - 2.6, Y: p.Y + 3.2}, {X: p.X + 1.8, Y: p.Y - 2.4}, {X: p.X + 1.4, Y: p.Y - 3.4}, {X: p.X + 0.4, Y: p.Y - 3.4}}, mapInk, 0.9)
	case "hook":
		draw.Polyline(c, []draw.Pt{{X: p.X, Y: p.Y - 3.6}, {X: p.X, Y: p.Y + 2.4}}, mapInk, 0.7)
		draw.Polyline(c, []draw.Pt{{X: p.X - 2.8, Y: p.Y - 0.2}, {X: p.X - 2.6, Y: p.Y + 2}, {X: p.X - 1.4, Y: p.Y + 3}, {X: p.X, Y: p.Y + 2.4}, {X: p.X + 1.4, Y: p.Y + 3}, {X: p.X + 2.6, Y: p.Y + 2}, {X: p.X + 2.8, Y: p.Y - 0.2}}, mapInk, 0.6)
		c.Ellipse(p.X-0.8, p.Y-4.4, 1.6, 1.6, draw.Stroked(mapInk, 0.4))
	case "jetpack":
		c.Rect(p.X-2.8, p.Y-3.2, 2.4, 4.8, 1, draw.Filled(mapInk))
		c.Rect(p.X+0.4, p.Y-3.2, 2.4, 4.8, 1, draw.Filled(mapInk))
		draw.Polygon(c, []draw.Pt{{X: p.X - 2.4, Y: p.Y + 1.8}, {X: p.X - 0.8, Y: p.Y + 1.8}, {X: p.X - 1.6, Y: p.Y + 3.8}}, mapInk, mapInk, 0)
		draw.Polygon(c, []draw.Pt{{X: p.X + 0.8, Y: p.Y + 1.8}, {X: p.X + 2.4, Y: p.Y + 1.8}, {X: p.X + 1.6, Y: p.Y + 3.8}}, mapInk, mapInk, 0)
	case "jet-ski":
		draw.Polygon(c, []draw.Pt{{X: p.X - 3.8, Y: p.Y + 0.4}, {X: p.X + 3.8, Y: p.Y + 0.4}, {X: p.X + 2.6, Y: p.Y + 2.2}, {X: p.X - 3.4, Y: p.Y + 2.2}}, mapInk, mapInk, 0)
		draw.Polyline(c, []draw.Pt{{X: p.X - 1, Y: p.Y + 0.4}, {X: p.X + 0.4, Y: p.Y - 2.4}, {X: p.X + 1.8, Y: p.Y - 2.4}}, mapInk, 0.6)
	case "scuba-gear":
		c.Rect(p.X-3.6, p.Y-1.8, 7.2, 3.6, 1.2, draw.Filled(mapInk))
		c.Ellipse(p.X-3, p.Y-1.2, 2.6, 2.4, draw.Filled(draw.White))
		c.Ellipse(p.X+0.4, p.Y-1.2, 2.6, 2.4, draw.Filled(draw.White))
	default:
		s := strings.ToUpper(id[:min(1, len(id))])
		capH := r.Fonts.CapHeight(draw.Bold, 12)
		c.Text(generator.Round2(p.X-r.Fonts.Width(s, draw.Bold, 12)/2), generator.Round2(p.Y+capH/2), s, draw.Bold, 12, mapInk)
	}
}
