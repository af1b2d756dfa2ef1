package icons

import (
	"strings"
	"testing"

	"github.com/runforge/runforge/schema/schematest"

	"github.com/runforge/runforge/generator/draw"
)

func TestEveryIconParsesAndDraws(t *testing.T) {
	for _, name := range schematest.Registry().IconNames() {
		rec := &draw.Recorder{}
		if !Draw(rec, name, 0, 0, 10, draw.Black, draw.White) || len(rec.Ops) == 0 {
			t.Errorf("icon %q: the generator cannot draw it", name)
		}
		for _, op := range rec.Ops {
			if strings.Contains(op, "bbox=-") {
				t.Errorf("icon %q draws outside its box: %s", name, op)
			}
		}
	}
	if Draw(&draw.Recorder{}, "no-such-icon", 0, 0, 10, draw.Black, draw.White) {
		t.Error("an unknown icon reported drawn")
	}
}
