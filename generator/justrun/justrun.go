// Package justrun is what Just Run brings to rendering: the marks its item
// and scenario cards derive, their coloured borders, and its tile sets.
package justrun

import (
	"fmt"
	"math"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	justrunschema "github.com/runforge/runforge/schema/justrun"
)

// Templates cannot test a yes/no field or format a bonus, so the card
// types derive the printed marks from the card's fields.

// Game is what Just Run brings to rendering.
func Game() generator.Game {
	return generator.Game{
		Derived: map[string]generator.DeriveFunc{
			"justrun/card":     justRunCardFields,
			"justrun/scenario": justRunScenarioFields,
		},
		Boxes: map[string]generator.BoxDrawer{
			"justrun-border": drawJRBorder,
		},
		Kinds: map[string]generator.KindRenderer{
			// Combinations print nothing of their own: the cards' texts
			// explain them (L165).
			"Combinations": {},
			"TileSet": generator.Kind[*justrunschema.TileSet]{Build: buildTileSet, Fit: tileSetOverflows, Index: indexTileSet,
				Gang: gangTileSet, PrintWith: printTileSetWith}.Renderer(),
		},
		Pieces: map[string]generator.PiecesFunc{"TileSet": generator.PiecesOf(tilePieces)},
		Press:  map[string]generator.PiecesFunc{"TileSet": generator.PiecesOf(tilePieces)},
	}
}

// justRunCardFields derives the item anatomy marks (L147-L159): the space
// (1), the Wear & Tear icon (2), the door icon (3), the bonus attack dice
// (4) and armor life tokens (5) when not zero, the border colours (9, 10;
// see jrBorderFields) from the pack's palette (the default one when p is nil),
// the range, flaming, spiked and inventory bonus, and the "Optional Event"
// banner of an event (L372).
func justRunCardFields(p *schema.Pack, card *schema.Card) map[string]string {
	out := map[string]string{}
	flag := func(name string) bool {
		v, _ := card.Fields[name].(bool)
		return v
	}
	if card.Str("category") == justrunschema.CategoryEvent {
		if flag("optional") {
			out["optionalBanner"] = "OPTIONAL EVENT"
		}
		return out
	}
	if n, ok := card.Int("space"); ok {
		out["spaceLabel"] = fmt.Sprint(n)
	}
	if flag("wearTear") {
		out["wearTearMark"] = "WEAR & TEAR"
	}
	if flag("bash") {
		out["bashMark"] = "BASH DOORS"
	}
	if n, _ := card.Int("attack"); n > 0 {
		out["attackLabel"] = fmt.Sprintf("+%d ATTACK", n)
	}
	if n, _ := card.Int("armor"); n > 0 {
		out["armorLabel"] = fmt.Sprintf("%d ARMOR", n)
	}
	palette := jrPalette(p)
	for _, side := range []string{"left", "right"} {
		for k, v := range jrBorderFields(side, card.Str(side), palette) {
			out[k] = v
		}
	}
	var extras []string
	if n, ok := card.Int("range"); ok {
		extras = append(extras, fmt.Sprintf("Range %d", n))
	}
	if flag("flaming") {
		extras = append(extras, "Flaming")
	}
	if flag("spiked") {
		extras = append(extras, "Spiked")
	}
	if n, ok := card.Int("inventoryBonus"); ok {
		extras = append(extras, fmt.Sprintf("+%d inventory", n))
	}
	if len(extras) > 0 {
		out["extras"] = strings.Join(extras, " · ")
	}
	return out
}

// justRunScenarioFields derives a scenario's time and difficulty line
// (the values are assumptions: the rulebook's icons are lost). It needs
// nothing of the pack.
func justRunScenarioFields(_ *schema.Pack, card *schema.Card) map[string]string {
	var parts []string
	if n, ok := card.Int("time"); ok {
		parts = append(parts, fmt.Sprintf("Time %d/3", n))
	}
	if n, ok := card.Int("difficulty"); ok {
		parts = append(parts, fmt.Sprintf("Difficulty %d/3", n))
	}
	if len(parts) == 0 {
		return nil
	}
	return map[string]string{"rating": strings.Join(parts, " · ")}
}

// jrPalette is the border palette the item cards of pack p print, by
// colour id: the manifest's justRun.colours, or the default palette
// (justrunschema.Defaults) when p is nil or has no manifest.
func jrPalette(p *schema.Pack) map[string]*justrunschema.Colour {
	s := justrunschema.SettingsOf(p)
	if s == nil {
		s = justrunschema.Defaults()
	}
	out := make(map[string]*justrunschema.Colour, len(s.Colours))
	for _, c := range s.Colours {
		if _, dup := out[c.ID]; !dup {
			out[c.ID] = c
		}
	}
	return out
}

// Border colours and inks of a border (see jrBorderFields).
const (
	// jrOtherHex fills the border of a colour id the palette lacks (and
	// of a palette colour whose hex does not parse).
	jrOtherHex = "#d9d4c7"
	// jrOtherStroke outlines that grey border, which has no colour of its
	// own to outline it with.
	jrOtherStroke = "#3a2e22"
	// jrInkOnDark and jrInkOnLight are the inks of the marks on a dark
	// and on a light fill.
	jrInkOnDark  = "#ffffff"
	jrInkOnLight = "#1a1a1a"
)

// jrBorderFields are the fields of one border (side "left" or "right") of
// colour id in the palette, which the justrun-border box draws
// (drawJRBorder):
//
//   - <side>Label: the colour's name (else its id) in capitals;
//   - <side>Hex: the fill, the colour's hex; grey (jrOtherHex) for an id
//     the palette lacks, which also sets <side>Other to "1" and prints the
//     id (hyphens as spaces) as the name;
//   - <side>Symbol: the colour's symbol (a name of the palette schema's
//     enum: circle, square, ...), drawn as a shape beside the name;
//   - <side>Neutral: "1" for a neutral colour, which prints "NEUTRAL" in
//     the middle of the border;
//   - <side>Ink: the ink of the marks, white where it reads on the fill
//     (draw.MinContrast), else dark.
//
// The symbol and name let grayscale and ink-saver prints still be matched. No colour (id "") has no fields.
func jrBorderFields(side, id string, palette map[string]*justrunschema.Colour) map[string]string {
	if id == "" {
		return nil
	}
	out := map[string]string{}
	col := palette[id]
	name, hex := strings.ReplaceAll(id, "-", " "), jrOtherHex
	if col != nil {
		name = col.Label()
		if c, err := draw.ParseColor(col.Hex); err == nil {
			hex = c.Hex()
		}
		if col.Symbol != "" {
			out[side+"Symbol"] = col.Symbol
		}
		if col.Neutral {
			out[side+"Neutral"] = "1"
		}
	} else {
		out[side+"Other"] = "1"
	}
	out[side+"Label"] = strings.ToUpper(name)
	out[side+"Hex"] = hex
	out[side+"Ink"] = jrInkOnDark
	if fill, err := draw.ParseColor(hex); err == nil && draw.ReadableOn(draw.White, fill) != draw.White {
		out[side+"Ink"] = jrInkOnLight
	}
	return out
}

// Mark geometry of a border, from the template boxes it replaces: each mark
// is at most jrMarkLength long, turned along the border and centred across
// it, jrMarkInset from each end and in the middle, at jrMarkPt shrinking to
// jrMarkMinPt to fit (millimetres and points).
const (
	jrMarkLength = 13.4
	jrMarkInset  = 6.3
	jrMarkPt     = 6.0
	jrMarkMinPt  = 6.0 // no text prints under 6 pt
)

// drawJRBorder draws a justrun-border box: one border of an item card
// (9, 10; L147-L159), the side named by the box's field (left or right),
// from the fields jrBorderFields derives with the pack's palette. The box
// is filled with the colour (with ink-saver, outlined in it) and carries
// three marks along its length, the colour's symbol as a shape and its
// name, reading up the left border and down the right one; a neutral
// colour has "NEUTRAL" in the middle instead.
func drawJRBorder(r *generator.Renderer, c draw.Canvas, b *schema.Box, box layout.Rect, d *generator.CardData, _, _ draw.Color) {
	side := b.Field
	label := d.Field(side + "Label")
	if label == "" {
		return
	}
	fill := draw.ColorOr(d.Field(side+"Hex"), draw.ColorOr(jrOtherHex, draw.White))
	markInk := draw.ColorOr(d.Field(side+"Ink"), draw.ColorOr(jrInkOnLight, draw.Black))
	st := draw.Filled(fill)
	if r.InkSaver {
		// No large fill: an outline in the colour, and the marks in dark
		// ink on the paper (the card's background is white).
		st = draw.Stroked(fill, 0.4)
		markInk = draw.ColorOr(jrInkOnLight, draw.Black)
	} else {
		markInk = r.ReadableInk(markInk, fill)
	}
	if d.Field(side+"Other") != "" {
		outline := draw.ColorOr(jrOtherStroke, draw.Black)
		st.Stroke, st.Width = &outline, 0.3
	}
	c.Rect(box.X, box.Y, box.W, box.H, 0, st)

	deg := 270.0
	if side == "right" {
		deg = 90
	}
	symbol := d.Field(side + "Symbol")
	mid, midSymbol := label, symbol
	if d.Field(side+"Neutral") != "" {
		mid, midSymbol = "NEUTRAL", ""
	}
	c.Push()
	c.ClipRect(box.X, box.Y, box.W, box.H)
	cx := box.X + box.W/2
	inset := min(jrMarkInset, box.H/6)
	for i, y := range []float64{box.Y + inset, box.Y + box.H/2, box.Bottom() - inset} {
		text, sym := label, symbol
		if i == 1 {
			text, sym = mid, midSymbol
		}
		drawJRMark(r, c, text, sym, cx, y, deg, box, markInk)
	}
	c.Pop()
}

// drawJRMark draws one mark of a border: the symbol shape and the text side
// by side, centred on (cx, cy) and turned deg degrees clockwise. A mark too
// long for its place at the smallest size moves inwards so that it stays
// within the border's length.
func drawJRMark(r *generator.Renderer, c draw.Canvas, text, symbol string, cx, cy, deg float64, box layout.Rect, ink draw.Color) {
	size := jrMarkPt
	var length float64
	for {
		length = markLength(r, text, symbol, size)
		if length <= jrMarkLength || size <= jrMarkMinPt {
			break
		}
		size = max(size-typeset.ShrinkStep, jrMarkMinPt)
	}
	half := length / 2
	cy = max(cy, box.Y+half+0.5)
	cy = min(cy, box.Bottom()-half-0.5)
	capH := r.Fonts.CapHeight(draw.Bold, size)
	c.Push()
	c.Rotate(deg, cx, cy)
	x := cx - half
	if symbol != "" {
		s := jrSymbolSize(r, size)
		drawJRSymbol(c, symbol, generator.Round2(x), generator.Round2(cy-s/2), generator.Round2(s), ink)
		x += s * (1 + jrSymbolGap)
	}
	c.Text(generator.Round2(x), generator.Round2(cy+capH/2), text, draw.Bold, size, ink)
	c.Pop()
}

// jrSymbolGap is the space between a mark's symbol and its text, in
// symbol widths.
const jrSymbolGap = 0.5

// jrSymbolSize is the side of a mark's symbol at a text size: a little
// taller than the capitals beside it.
func jrSymbolSize(r *generator.Renderer, sizePt float64) float64 {
	return r.Fonts.CapHeight(draw.Bold, sizePt) * 1.25
}

// jrMarkLength is the length of a mark at a text size, in millimetres.
func markLength(r *generator.Renderer, text, symbol string, sizePt float64) float64 {
	n := r.Fonts.Width(text, draw.Bold, sizePt)
	if symbol != "" {
		n += jrSymbolSize(r, sizePt) * (1 + jrSymbolGap)
	}
	return n
}

// drawJRSymbol draws a palette symbol as a filled shape in the s x s square
// at (x, y); a name it does not know draws nothing (the palette schema's
// enum lists the names).
func drawJRSymbol(c draw.Canvas, symbol string, x, y, s float64, ink draw.Color) {
	if symbol == "circle" {
		c.Ellipse(x, y, s, s, draw.Filled(ink))
		return
	}
	if p := jrSymbolPath(symbol); p != nil {
		c.Path(p.Transformed(s, x, y), ink)
	}
}

// jrSymbolPath is the outline of a palette symbol in the unit square (y
// down), or nil for a name it does not know. The circle is an ellipse (see
// drawJRSymbol).
func jrSymbolPath(symbol string) *draw.Path {
	switch symbol {
	case "square":
		return polygonPath([][2]float64{{0.1, 0.1}, {0.9, 0.1}, {0.9, 0.9}, {0.1, 0.9}})
	case "triangle":
		return polygonPath([][2]float64{{0.5, 0.05}, {1, 0.92}, {0, 0.92}})
	case "diamond":
		return polygonPath([][2]float64{{0.5, 0}, {0.86, 0.5}, {0.5, 1}, {0.14, 0.5}})
	case "star":
		return polygonPath(starPoints(5, 0.5, 0.53, 0.5, 0.21))
	case "hexagon":
		return polygonPath(regularPoints(6, 0.5, 0.5, 0.5))
	case "cross":
		const a, b = 0.33, 0.67
		return polygonPath([][2]float64{{a, 0}, {b, 0}, {b, a}, {1, a}, {1, b}, {b, b}, {b, 1}, {a, 1}, {a, b}, {0, b}, {0, a}, {a, a}})
	case "bar":
		return polygonPath([][2]float64{{0, 0.32}, {1, 0.32}, {1, 0.68}, {0, 0.68}})
	case "heart":
		return polygonPath(heartPoints(40))
	case "moon":
		return polygonPath(moonPoints(24))
	}
	return nil
}

// polygonPath is the closed polygon through the points.
func polygonPath(pts [][2]float64) *draw.Path {
	p := &draw.Path{Ops: make([]draw.PathOp, 0, len(pts)+1)}
	for i, pt := range pts {
		kind := draw.LineTo
		if i == 0 {
			kind = draw.MoveTo
		}
		p.Ops = append(p.Ops, draw.PathOp{Kind: kind, P: [3][2]float64{pt}})
	}
	p.Ops = append(p.Ops, draw.PathOp{Kind: draw.Close})
	return p
}

// starPoints are the 2n corners of a star of n points about (cx, cy),
// the first pointing up: outer radius ro, inner radius ri.
func starPoints(n int, cx, cy, ro, ri float64) [][2]float64 {
	pts := make([][2]float64, 2*n)
	for i := range pts {
		rad := ro
		if i%2 == 1 {
			rad = ri
		}
		a := -math.Pi/2 + float64(i)*math.Pi/float64(n)
		pts[i] = [2]float64{cx + rad*math.Cos(a), cy + rad*math.Sin(a)}
	}
	return pts
}

// regularPoints are the n corners of a regular polygon of radius r about
// (cx, cy), the first pointing up.
func regularPoints(n int, cx, cy, r float64) [][2]float64 {
	pts := make([][2]float64, n)
	for i := range pts {
		a := -math.Pi/2 + float64(i)*2*math.Pi/float64(n)
		pts[i] = [2]float64{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return pts
}

// heartPoints samples the outline of a heart filling the unit square.
func heartPoints(n int) [][2]float64 {
	pts := make([][2]float64, n)
	for i := range pts {
		t := 2 * math.Pi * float64(i) / float64(n)
		x := 16 * math.Pow(math.Sin(t), 3)
		y := 13*math.Cos(t) - 5*math.Cos(2*t) - 2*math.Cos(3*t) - math.Cos(4*t)
		// x spans -16..16, y -17..12 (up): to the unit square, y down.
		pts[i] = [2]float64{0.5 + x/32, (12 - y) / 29}
	}
	return pts
}

// moonPoints outlines a crescent filling the unit square: the disc of
// radius 0.5 about the centre less a disc of radius 0.4 up and to the
// right of it, n points on each arc.
func moonPoints(n int) [][2]float64 {
	c0, r0 := [2]float64{0.5, 0.5}, 0.5
	c1, r1 := [2]float64{0.72, 0.38}, 0.4
	dx, dy := c1[0]-c0[0], c1[1]-c0[1]
	d := math.Hypot(dx, dy)
	a := (r0*r0 - r1*r1 + d*d) / (2 * d)
	h := math.Sqrt(r0*r0 - a*a)
	mx, my := c0[0]+a*dx/d, c0[1]+a*dy/d
	p1 := [2]float64{mx - h*dy/d, my + h*dx/d}
	p2 := [2]float64{mx + h*dy/d, my - h*dx/d}
	angle := func(c, p [2]float64) float64 { return math.Atan2(p[1]-c[1], p[0]-c[0]) }
	away := math.Atan2(-dy, -dx)
	var pts [][2]float64
	// The outer arc from p1 to p2 on the side away from the cut-out disc,
	// then the cut-out disc's arc back from p2 to p1 on the same side.
	pts = appendArc(pts, c0, r0, angle(c0, p1), angle(c0, p2), away, n)
	pts = appendArc(pts, c1, r1, angle(c1, p2), angle(c1, p1), away, n)
	return pts
}

// appendArc appends n+1 points of the arc of the circle (c, r) from angle
// from to angle to, going the way that passes angle via.
func appendArc(pts [][2]float64, c [2]float64, r, from, to, via float64, n int) [][2]float64 {
	turn := func(a float64) float64 { return math.Mod(math.Mod(a, 2*math.Pi)+2*math.Pi, 2*math.Pi) }
	sweep := turn(to - from)
	if turn(via-from) > sweep {
		sweep -= 2 * math.Pi
	}
	for i := 0; i <= n; i++ {
		a := from + sweep*float64(i)/float64(n)
		pts = append(pts, [2]float64{c[0] + r*math.Cos(a), c[1] + r*math.Sin(a)})
	}
	return pts
}
