package layout

// Standees (fold-over paper figures): a strip of the width of a face,
// holding from the top the back's base tab, the back face, the fold along
// the head, the front face and the front's base tab. Sizes in mm.
const (
	// StandeeTab is the depth of a base tab; StandeeSlotTab that of the
	// shorter tabs of a standee that stands in a slotted base.
	StandeeTab     = 12.0
	StandeeSlotTab = 8.0
	// StandeeBaseExtraW is how much wider than the standee its slotted
	// base is; StandeeBaseDepth is the base's depth.
	StandeeBaseExtraW = 20.0
	StandeeBaseDepth  = 22.0
	// StandeeMarkReach is how far a piece's crop marks reach past its cut
	// line; StandeeHeadBand and StandeeBarBand are kept free on each page
	// for the instructions at the top and the scale bar at the bottom.
	StandeeMarkReach = 4.5
	StandeeHeadBand  = 10.0
	StandeeBarBand   = 8.0
)

// StandeeStrip is the size of a standee's strip, along its cut outline,
// for faces of w x h (slot: with the short tabs of a slotted base).
func StandeeStrip(w, h float64, slot bool) (float64, float64) {
	tab := StandeeTab
	if slot {
		tab = StandeeSlotTab
	}
	return w, 2*h + 2*tab
}

// StandeeArea is where standee pieces go on a page: inside the printable
// area with room for their crop marks, under the instructions and over
// the scale bar.
func StandeeArea(p Paper, margin float64) Rect {
	a := Printable(p, margin)
	return Rect{X: a.X + StandeeMarkReach, Y: a.Y + StandeeHeadBand + StandeeMarkReach,
		W: a.W - 2*StandeeMarkReach, H: a.H - StandeeHeadBand - StandeeBarBand - 2*StandeeMarkReach}
}
