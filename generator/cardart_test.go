package generator

import (
	"sort"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// printShopBand is the band inside the trim that print shops keep free of
// frames and art (1/8 in): a cut that drifts inside it must not show.
const printShopBand = 3.175

// Frames and key art of every built-in template (and the bundled pack's)
// keep their ink more than 1/8 in inside the trim; text keeps to the 3 mm
// safe zone.
func TestTemplateArtClearsTheCutBand(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	ids := make([]string, 0, len(p.Templates))
	for id := range p.Templates {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	checked := 0
	for _, id := range ids {
		tpl := p.Templates[id]
		size, ok := tpl.TrimSize()
		if !ok {
			continue
		}
		w, h := size.W.MM(), size.H.MM()
		for _, b := range tpl.Boxes {
			x, y, bw, bh := b.X.MM(), b.Y.MM(), b.W.MM(), b.H.MM()
			if b.Rotate%180 != 0 { // a quarter turn about the box's centre
				x, y, bw, bh = x+bw/2-bh/2, y+bh/2-bw/2, bh, bw
			}
			need, ink := printShopBand, 0.0
			switch b.Kind() {
			case "text":
				need = 3
			case "rect", "ellipse", "line":
				if b.Stroke != "" || b.Kind() == "line" {
					ink = strokeWidth(b) / 2
				}
			}
			inset := min(x, y, w-(x+bw), h-(y+bh)) - ink
			if inset < need-1e-9 {
				t.Errorf("template %s, box %s (%s): ink %.2f mm inside the trim, want at least %.3f mm", id, b.ID, b.Kind(), inset, need)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Fatalf("only %d boxes checked", checked)
	}
}

// A 6 and a 9 are underlined in the middle and in both corners (they read
// as each other upside down); no other value is.
func TestDeterminationSixAndNineUnderlined(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, _ := NewRenderer(false)
	for v := 1; v <= 10; v++ {
		d, card := firstCardWith(t, p, "determination", func(c *schema.Card) bool { n, _ := c.Int("value"); return n == v })
		rec := &draw.Recorder{}
		r.DrawCard(rec, p.Templates["rfyl-determination"], NewCardData(p, d, card), layout.Sides{})
		var lines []string
		for _, op := range rec.Ops {
			if strings.HasPrefix(op, "line ") {
				lines = append(lines, op)
			}
		}
		want := 0
		if v == 6 || v == 9 {
			want = 3
		}
		if len(lines) != want {
			t.Errorf("value %d: %d underlines, want %d: %v", v, len(lines), want, lines)
		}
	}
}
