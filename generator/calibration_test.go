package generator

import (
	"testing"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// TestCalibrationForBoardBacks: a kit whose only back pages are a board's
// second side, printed duplex behind the first, gets a
// calibration sheet; sides that are glued (tiled, or printed single-sided)
// do not.
func TestCalibrationForBoardBacks(t *testing.T) {
	_, two := twoSidedBoard(t)
	one := *two
	one.Sides = two.Sides[:1]
	_, mixed := loadBoardPack(t, mixedBoardFS, "mixed")
	tests := []struct {
		name    string
		element schema.Element
		duplex  layout.Duplex
		want    bool
	}{
		{"two sides on one page each, long edge", two, layout.LongEdge, true},
		{"two sides on one page each, short edge", two, layout.ShortEdge, true},
		{"two sides, single-sided print", two, layout.NoDuplex, false},
		{"one side", &one, layout.LongEdge, false},
		{"one side tiled, glued to the other", mixed, layout.LongEdge, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &schema.Pack{Game: &schema.Game{}, Elements: []schema.Element{tt.element}}
			if got := (&Renderer{}).needsCalibration(p, boardOptsDuplex("letter", tt.duplex)); got != tt.want {
				t.Errorf("needsCalibration = %v, want %v", got, tt.want)
			}
		})
	}
}
