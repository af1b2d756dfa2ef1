package rfod

import (
	"fmt"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Test helpers of the player boards and guide pages, as the
// generator's board tests have them.

// scaleBarLen is the length of a scale bar, in mm.
const scaleBarLen = 100.0

// derivedFields are the fields the game derives from a card of the pack p.
func derivedFields(p *schema.Pack, deck *schema.Deck, card *schema.Card) map[string]string {
	if f, ok := Game().Derived[deck.CardType]; ok {
		return f(p, card)
	}
	return nil
}

func boardRenderer(t testing.TB) *generator.Renderer {
	t.Helper()
	r, err := generator.NewRenderer(false, Game())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// inside reports whether r lies within area (to the recorder's 0.01 mm).
func inside(r, area layout.Rect) bool {
	const eps = 0.011
	return r.X >= area.X-eps && r.Y >= area.Y-eps && r.Right() <= area.Right()+eps && r.Bottom() <= area.Bottom()+eps
}

// overlapsRounded reports whether a and b share more than the recorder's rounding.
func overlapsRounded(a, b layout.Rect) bool {
	const eps = 0.011
	return a.X < b.Right()-eps && b.X < a.Right()-eps && a.Y < b.Bottom()-eps && b.Y < a.Bottom()-eps
}

// pageLabelBox finds the text op holding substr on rec and returns the
// white ground drawn under it (the last white rectangle before it), turned
// back upright when the text reads upwards.
func pageLabelBox(rec *draw.Recorder, substr string) (layout.Rect, bool) {
	var box layout.Rect
	up := false
	for _, op := range rec.Ops {
		switch {
		case strings.HasPrefix(op, "rect ") && strings.HasSuffix(op, "fill=#ffffff"):
			fmt.Sscanf(op, "rect %f %f %f %f", &box.X, &box.Y, &box.W, &box.H)
		case strings.HasPrefix(op, "rotate -90 "):
			up = true
		case op == "pop":
			up = false
		case strings.HasPrefix(op, "text ") && strings.Contains(op, substr):
			if up && box.W > box.H {
				cx, cy := box.X+box.W/2, box.Y+box.H/2
				box = layout.Rect{X: cx - box.H/2, Y: cy - box.W/2, W: box.H, H: box.W}
			}
			return box, true
		}
	}
	return layout.Rect{}, false
}

// scaleBarCaption is the scale bar's caption, how tests find the bar.
const scaleBarCaption = "this bar must measure 100 mm"
