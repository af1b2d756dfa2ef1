package generator

import (
	"testing"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	rfodrschema "github.com/runforge/runforge/schema/rfodr"
)

// TestCalibrationForBoardBacks: a kit whose only back pages are a board's
// second side or a mat's side B, printed duplex behind the first, gets a
// calibration sheet; sides that are glued (tiled, or printed single-sided)
// do not.
func TestCalibrationForBoardBacks(t *testing.T) {
	_, two := twoSidedBoard(t)
	one := *two
	one.Sides = two.Sides[:1]
	_, mixed := loadBoardPack(t, mixedBoardFS, "mixed")
	rf := loadRFPack(t, "rfodr")
	mats := schema.ElementsOf[*rfodrschema.MatSet](rf)[0]
	oneSided := &rfodrschema.MatSet{ID: "one", Mats: []*rfodrschema.Mat{{ID: "m", Sides: []*rfodrschema.MatSide{{ID: "a"}}}}}
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
		{"two-sided mats in halves", mats, layout.LongEdge, true},
		{"two-sided mats, single-sided print", mats, layout.NoDuplex, false},
		{"one-sided mats", oneSided, layout.LongEdge, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &schema.Pack{Game: rf.Game, Elements: []schema.Element{tt.element}}
			if got := needsCalibration(p, boardOptsDuplex("letter", tt.duplex)); got != tt.want {
				t.Errorf("needsCalibration = %v, want %v", got, tt.want)
			}
		})
	}
}
