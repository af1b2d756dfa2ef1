package generator

import (
	"testing"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// TestCalibrationForBoardBacks: a kit whose only back pages are a board's
// second side, printed duplex behind its first, gets a calibration sheet;
// a board whose sides are glued (tiled, or printed single-sided) does not.
func TestCalibrationForBoardBacks(t *testing.T) {
	_, two := twoSidedBoard(t)
	one := *two
	one.Sides = two.Sides[:1]
	_, mixed := loadBoardPack(t, mixedBoardFS, "mixed")
	tests := []struct {
		name   string
		board  *schema.Board
		duplex layout.Duplex
		want   bool
	}{
		{"two sides on one page each, long edge", two, layout.LongEdge, true},
		{"two sides on one page each, short edge", two, layout.ShortEdge, true},
		{"two sides, single-sided print", two, layout.NoDuplex, false},
		{"one side", &one, layout.LongEdge, false},
		{"one side tiled, glued to the other", mixed, layout.LongEdge, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &schema.Pack{Elements: []schema.Element{tt.board}}
			if got := needsCalibration(p, boardOptsDuplex("letter", tt.duplex)); got != tt.want {
				t.Errorf("needsCalibration = %v, want %v", got, tt.want)
			}
		})
	}
}
