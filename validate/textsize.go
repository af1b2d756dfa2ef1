package validate

import (
	"fmt"

	"github.com/runforge/runforge/schema"
)

// MinTextPt is the smallest text a kit prints, in points: the size a text
// box, a sheet or a board text sets, and the size a box's text shrinks to,
// are held to it.
const MinTextPt = 6.0

// textSizeRules hold the sizes a pack sets for its text to MinTextPt.
func textSizeRules() []*Rule {
	return []*Rule{
		{ID: "text/min-size", Severity: Error, Check: checkTextSizes,
			Doc: "A template text box (its size, or the minSize its text shrinks to), a sheet's fontSize or a board text's size is under 6 pt: no text of a kit prints smaller."},
	}
}

// checkTextSizes reports every font size the pack wrote under MinTextPt
// (sizes outside schema.FontSizeRange are pack/limit's).
func checkTextSizes(c *Context) {
	p := c.Pack
	small := func(ref schema.Ref, what string, l schema.Length) {
		if !ref.Exists() || l <= 0 || !schema.FontSizeRange.Contains(l) || l.Pt() >= MinTextPt-1e-9 {
			return
		}
		c.ReportHint(ref.Pos(), fmt.Sprintf("%s: %gpt is under %gpt, the smallest text a kit prints", what, round(l.Pt()), MinTextPt),
			fmt.Sprintf("make it %gpt or more; shorten the text, or give it more room, if it then does not fit", MinTextPt))
	}
	for _, id := range templateIDs(p) {
		t := p.Templates[id]
		if t.Builtin {
			continue
		}
		for _, b := range ownBoxes(t) {
			if b.Kind() != "text" {
				continue
			}
			what := fmt.Sprintf("template %q box %q", id, b.ID)
			small(b.Ref.Child("size"), what+" size", b.Size)
			small(b.Ref.Child("minSize"), what+" minSize", b.MinSize)
		}
	}
	for _, s := range p.Sheets() {
		if s.FontSize != nil {
			small(s.Ref.Child("fontSize"), fmt.Sprintf("sheet %q fontSize", s.ID), *s.FontSize)
		}
	}
	for _, b := range p.Boards() {
		for _, side := range b.Sides {
			for i, t := range side.Texts {
				small(t.Ref.Child("size"), fmt.Sprintf("board %q side %q text %d size", b.ID, side.ID, i+1), t.Size)
			}
		}
	}
}
