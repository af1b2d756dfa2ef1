package validate

import (
	"fmt"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Limits of figure sets (kind: Figures, rule pack/limit): pawn sizes and
// standee faces lie in their ranges, and a standee's strip, with its crop
// marks and the page's instructions and scale bar, fits the paper. That a
// set is either standees or pawns, and that a player colour comes with a
// mark, is the schema's to say (schema/invalid); that a label fits its
// face at 8 pt is the generator's (text/overflow).

// checkFigureLengths reports pawn sizes and standee faces out of range.
func checkFigureLengths(c *Context) {
	for _, fs := range c.Pack.FigureSets() {
		if pw := fs.Pawn; pw != nil {
			checkLength(c, fs.Ref.Child("pawn").Child("size"), fmt.Sprintf("figure set %q", fs.ID), pw.Size, schema.PawnSizeRange)
		}
		if st := fs.Standee; st != nil {
			at := fs.Ref.Child("standee")
			checkLength(c, at.Child("width"), fmt.Sprintf("figure set %q", fs.ID), st.Width, schema.StandeeWidthRange)
			checkLength(c, at.Child("height"), fmt.Sprintf("figure set %q", fs.ID), st.Height, schema.StandeeHeightRange)
		}
	}
}

// checkStandeesFit reports standees whose strip does not fit the page of
// the target's paper with its marks, the instructions and the scale bar.
func checkStandeesFit(c *Context, t PrintTarget) {
	p := c.Pack
	for _, fs := range p.FigureSets() {
		st := fs.Standee
		if st == nil || !p.Prints(fs) || !inRange(st.Width, schema.StandeeWidthRange) || !inRange(st.Height, schema.StandeeHeightRange) {
			continue
		}
		w, h := layout.StandeeStrip(st.Width.MM(), st.Height.MM(), st.Base == schema.StandeeBaseSlot)
		area := layout.StandeeArea(t.Paper, t.Margin)
		if w <= area.W && h <= area.H {
			continue
		}
		ref := fs.Ref.Child("standee").Child("height")
		unit := schema.UnitOf(ref.Text(), "mm")
		tab := (h - 2*st.Height.MM()) / 2
		c.ReportHint(ref.Pos(), fmt.Sprintf("the standees of figure set %q print as a strip %s x %s (both faces and two %s tabs); with their crop marks it does not fit on %s under the instructions and over the scale bar: a face may be at most %s tall and %s wide",
			fs.ID, schema.FormatIn(w, unit), schema.FormatIn(h, unit), schema.FormatIn(tab, unit), t.where(unit),
			schema.FormatIn((area.H-2*tab)/2, unit), schema.FormatIn(area.W, unit)), t.settingsHint(false))
	}
}

// inRange reports whether l lies in r.
func inRange(l schema.Length, r schema.LengthRange) bool {
	return l.MM() >= r.Min && l.MM() <= r.Max
}
