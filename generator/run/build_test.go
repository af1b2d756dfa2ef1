package run

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema/schematest"
)

// RUN maps print on the kit's maps.pdf : the RUN test
// pack's maps are no longer listed as not printed yet.
func TestBuildListsMapsAsNotPrintedYet(t *testing.T) {
	p, probs := schematest.LoadPack(os.DirFS("../../schema/run/testdata/run"), "run")
	if p == nil || len(probs) > 0 {
		t.Fatalf("the RUN test pack does not load: %v", probs)
	}
	r, err := generator.NewRenderer(false, kinds.Shared(), Game())
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	arts, err := kit.Build(r, p, generator.BuildOptions{
		Print:  generator.PrintOptions{Paper: layout.Papers["a4"], Margin: layout.DefaultMargin, Duplex: layout.LongEdge},
		OutDir: out, Previews: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	maps := 0
	for _, a := range arts {
		if a.Path == "maps.pdf" {
			maps = a.Pages
		}
	}
	if maps != 8 {
		t.Fatalf("artifacts %+v, want maps.pdf of 8 pages", arts)
	}
	b, err := os.ReadFile(filepath.Join(out, p.Game.ID, "components.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "Not printed yet") {
		t.Errorf("components.txt lists maps as not printed yet:\n%s", b)
	}
}
