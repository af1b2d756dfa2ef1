package generator

import "github.com/runforge/runforge/generator/draw"
import "github.com/runforge/runforge/layout"

// scaleBarPlace is where a scale bar goes on a page: its box, and whether
// it reads upwards (turned a quarter counter-clockwise, up a side gutter
// too narrow to hold it lying down).
type scaleBarPlace struct {
	box layout.Rect
	up  bool
}

// EdgeRoom looks for a free w x h box along the bottom edge of area, then
// along its top edge, then anywhere in it (layout.FindRoom's order), so
// that labels and bars keep to the page's edges when they can.
func EdgeRoom(area layout.Rect, obstacles []layout.Rect, w, h float64) (layout.Rect, bool) {
	if h > area.H {
		return layout.Rect{}, false
	}
	bottom := layout.Rect{X: area.X, Y: area.Bottom() - h, W: area.W, H: h}
	top := layout.Rect{X: area.X, Y: area.Y, W: area.W, H: h}
	for _, band := range []layout.Rect{bottom, top, area} {
		if box, ok := layout.FindRoom(band, obstacles, w, h); ok {
			return box, true
		}
	}
	return layout.Rect{}, false
}

// scaleBarRoom finds a place for a scale bar inside area clear of the
// obstacles: lying down by an edge or anywhere, else reading upwards.
func (r *Renderer) scaleBarRoom(area layout.Rect, obstacles []layout.Rect) (scaleBarPlace, bool) {
	w, h := ScaleBarLen+2*LabelPad, r.ScaleBarHeight()
	if box, ok := EdgeRoom(area, obstacles, w, h); ok {
		return scaleBarPlace{box: box}, true
	}
	if box, ok := layout.FindRoom(area, obstacles, h, w); ok {
		return scaleBarPlace{box: box, up: true}, true
	}
	return scaleBarPlace{}, false
}

// draw draws the scale bar in its place.
func (pl scaleBarPlace) draw(r *Renderer, c draw.Canvas) {
	if !pl.up {
		r.DrawScaleBar(c, pl.box)
		return
	}
	// Turn a lying w x h box a quarter counter-clockwise about the
	// standing box's centre, as drawPageLabel turns a label.
	w, h := pl.box.H, pl.box.W
	cx, cy := pl.box.X+pl.box.W/2, pl.box.Y+pl.box.H/2
	c.Push()
	c.Rotate(-90, cx, cy)
	r.DrawScaleBar(c, layout.Rect{X: Round2(cx - w/2), Y: Round2(cy - h/2), W: w, H: h})
	c.Pop()
}

// PlaceScaleBar draws a scale bar in the first free place inside area and
// returns its box, or reports that the page has no room for one.
func (r *Renderer) PlaceScaleBar(c draw.Canvas, area layout.Rect, obstacles []layout.Rect) (layout.Rect, bool) {
	pl, ok := r.scaleBarRoom(area, obstacles)
	if !ok {
		return layout.Rect{}, false
	}
	pl.draw(r, c)
	return pl.box, true
}
