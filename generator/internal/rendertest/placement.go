package rendertest

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/runforge/runforge/layout"
)

// ArtPlacement is where a recorded page placed a side's art (as a board or
// a mat prints one side on a page of its own): the clip, the turn about
// (CX, CY) and the art's top-left corner, read before the first placement;
// Arts counts the placements and TileText the texts of a page map or tile.
type ArtPlacement struct {
	Clip           layout.Rect
	Turn, CX, CY   float64
	ArtX, ArtY     float64
	Arts, TileText int
}

// ReadArtPlacement reads the placement from a page's logged drawing calls.
func ReadArtPlacement(t testing.TB, ops []string) ArtPlacement {
	t.Helper()
	var pp ArtPlacement
	for _, op := range ops {
		f := strings.Fields(op)
		num := func(i int) float64 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				t.Fatalf("cannot parse %q", op)
			}
			return v
		}
		switch {
		case f[0] == "clip" && pp.Arts == 0:
			pp.Clip = layout.Rect{X: num(1), Y: num(2), W: num(3), H: num(4)}
		case f[0] == "rotate" && pp.Arts == 0:
			pp.Turn, pp.CX, pp.CY = num(1), num(2), num(3)
		case f[0] == "use":
			pp.ArtX, pp.ArtY = num(4), num(5)
			pp.Arts++
		case f[0] == "text" && (strings.Contains(op, `"A1"`) || strings.Contains(op, "Page map")):
			pp.TileText++
		}
	}
	return pp
}

// At is where the art's point (x, y) lands on the page, for art drawn with
// bleed around it.
func (pp ArtPlacement) At(x, y, bleed float64) layout.Point {
	px, py := pp.ArtX+bleed+x, pp.ArtY+bleed+y
	rad := pp.Turn * math.Pi / 180
	dx, dy := px-pp.CX, py-pp.CY
	return layout.Point{X: pp.CX + dx*math.Cos(rad) - dy*math.Sin(rad), Y: pp.CY + dx*math.Sin(rad) + dy*math.Cos(rad)}
}
