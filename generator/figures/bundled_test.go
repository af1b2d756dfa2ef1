package figures

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/schema"
)

// No colour-only information: in every variant, grayscale and ink-saver
// included, the player figures of the bundled packs draw differently once
// colour is gone, and each draws its label at 8 pt or more.
func TestFiguresDifferWithoutColour(t *testing.T) {
	hex := regexp.MustCompile(`#[0-9a-f]{6}`)
	text := regexp.MustCompile(`bold ([0-9.]+)pt #[0-9a-f]{6} "(.*)"`)
	for _, pack := range []string{"run-for-your-life", "just-run"} {
		p := rendertest.LoadBundled(t, pack)
		for _, v := range []struct{ inkSaver, grayscale bool }{{false, false}, {false, true}, {true, false}, {true, true}} {
			r := testRenderer(t, v.inkSaver, v.grayscale)
			seen := map[string]string{}
			for _, standees := range []bool{true, false} {
				for _, f := range p.PrintedFigures(standees) {
					if f.Color == "" {
						continue
					}
					rec := &draw.Recorder{}
					if standees {
						drawStandee(r, rec, f, standeeOf(f.Set.Standee), 0, 0)
					} else {
						DrawPawn(r, rec, f, 0, 0, 1)
					}
					shape := hex.ReplaceAllString(rec.String(), "#")
					if other, ok := seen[shape]; ok {
						t.Errorf("%s %+v: %s and %s differ only in colour", pack, v, other, f.ID)
					}
					seen[shape] = f.ID
					labels := 0
					for _, m := range text.FindAllStringSubmatch(rec.String(), -1) {
						if m[2] != f.Label && m[2] != f.Mark {
							continue
						}
						labels++
						if pt, err := strconv.ParseFloat(m[1], 64); err != nil || pt < schema.FigureLabelMinPt {
							t.Errorf("%s %s: %q at %spt", pack, f.ID, m[2], m[1])
						}
					}
					if labels == 0 {
						t.Errorf("%s %s: no label drawn", pack, f.ID)
					}
				}
			}
			if len(seen) < 7 {
				t.Errorf("%s: %d player figures", pack, len(seen))
			}
		}
	}
}
