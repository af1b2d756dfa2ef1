package generator

import (
	"strings"
	"testing"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
)

func TestGrayscaleDrawsOnlyGrey(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, _ := NewRenderer(false)
	gray := r.WithOptions(false, true)
	d, card := findCard(t, p, "events", "")
	rec := &draw.Recorder{}
	gray.DrawCard(rec, p.Templates["rfyl-event"], NewCardData(p, d, card), layout.Sides{})
	colored := 0
	for _, op := range rec.Ops {
		for _, f := range strings.Fields(op) {
			i := strings.Index(f, "#")
			if i < 0 || len(f) < i+7 {
				continue
			}
			hex := f[i+1 : i+7]
			if hex[0:2] != hex[2:4] || hex[2:4] != hex[4:6] {
				colored++
				t.Errorf("colour %s in %q", hex, op)
			}
		}
	}
	rec2 := &draw.Recorder{}
	r.DrawCard(rec2, p.Templates["rfyl-event"], NewCardData(p, d, card), layout.Sides{})
	if len(rec2.Ops) != len(rec.Ops) || rec2.String() == rec.String() {
		t.Error("grayscale should change colours only")
	}
}
