// Package rfyl is what Run For Your Life brings to rendering: the footer
// fields of its determination cards and the countdown track of its blood
// cards.
package rfyl

import (
	"fmt"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Game is what Run For Your Life brings to rendering.
func Game() generator.Game {
	return generator.Game{
		Derived: map[string]generator.DeriveFunc{
			"rfyl/determination": DeterminationFields,
		},
		Boxes: map[string]generator.BoxDrawer{
			"drops": drawDropTrack,
		},
	}
}

// DeterminationFields derives the footer lines of a determination card:
// the Advanced starting ammo its value gives ("Starting Ammo": 10 = 3
// bullets, 7-9 = 2, 4-6 = 1, 2-3 = none, 1 = none and a blood card) and the
// Expert gun search result ("On a draw of 6 or above, the player finds a
// gun"). It needs nothing of the pack.
func DeterminationFields(_ *schema.Pack, card *schema.Card) map[string]string {
	v, ok := card.Int("value")
	if !ok {
		return nil
	}
	var ammo string
	switch {
	case v >= 10:
		ammo = "3 {bullet}"
	case v >= 7:
		ammo = "2 {bullet}"
	case v >= 4:
		ammo = "1 {bullet}"
	case v >= 2:
		ammo = "no bullets"
	default:
		ammo = "no bullets + {blood}"
	}
	gun := "nothing"
	if v >= 6 {
		gun = "gun found"
	}
	return map[string]string{"ammo": ammo, "gun": gun}
}

// drawDropTrack draws a blood card's countdown on the card's edges. The card
// is turned clockwise one edge per Infection Countdown phase, so the edges
// face the holder in the order bottom, right, top, left (in the card's own
// upright frame) — counted back from the reveal: the bloodstain (0) sits on
// the bottom edge, so it faces the holder with the text upright; 1 drop on
// the left edge, 2 on the top, 3 on the right. A countdown of n starts with
// the n-drop edge towards the holder, marked START.
func drawDropTrack(r *generator.Renderer, c draw.Canvas, b *schema.Box, box layout.Rect, d *generator.CardData, ink, paper draw.Color) {
	countdown, ok := d.Card.Int("countdown")
	if !ok {
		return
	}
	cx, cy := box.X+box.W/2, box.Y+box.H/2
	// Edge k drops: rotation (clockwise degrees) that brings that edge to the bottom.
	// 0 -> bottom (0°), 1 -> left (90°), 2 -> top (180°), 3 -> right (270°).
	for k := 0; k <= min(countdown, 3); k++ {
		deg := float64(90 * k)
		c.Push()
		if deg != 0 {
			c.Rotate(deg, cx, cy)
		}
		// Draw as if on the bottom edge of an upright card; for odd k the
		// card's width and height swap.
		w, h := box.W, box.H
		if k%2 == 1 {
			w, h = box.H, box.W
		}
		left, bottom := cx-w/2, cy+h/2
		drawDropEdge(r, c, k, countdown, left, bottom, w, ink, paper)
		c.Pop()
	}
}

// drawDropEdge draws the marks of one edge: k drops (or the stain for 0),
// centred along the edge whose bottom is at y = bottom.
func drawDropEdge(r *generator.Renderer, c draw.Canvas, k, countdown int, left, bottom, w float64, ink, paper draw.Color) {
	const size = 5.0
	mid := left + w/2
	y := bottom - size - 1.2
	if k == 0 {
		icons.Draw(c, "blood", mid-size*0.7, y-size*0.4, size*1.4, ink, paper)
		label := "0  REVEAL"
		tw := r.Fonts.Width(label, draw.Bold, 7)
		c.Text(generator.Round2(mid-tw/2), generator.Round2(y-size*0.4-1.2), label, draw.Bold, 7, ink)
		return
	}
	gap := 1.2
	total := float64(k)*size + float64(k-1)*gap
	x := mid - total/2
	for i := 0; i < k; i++ {
		icons.Draw(c, "drop", x, y, size, ink, paper)
		x += size + gap
	}
	label := fmt.Sprint(k)
	if k == countdown {
		label = fmt.Sprintf("START %d", k)
	}
	tw := r.Fonts.Width(label, draw.Bold, 7)
	c.Text(generator.Round2(mid-tw/2), generator.Round2(y-1.2), label, draw.Bold, 7, ink)
}
