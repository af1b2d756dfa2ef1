package rfyl

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/layout"
)

// buildRFYL builds the bundled Run For Your Life kit into out as a build
// with previews does.
func buildRFYL(t *testing.T, out string, duplex layout.Duplex, paper string) []generator.Artifact {
	t.Helper()
	r, err := generator.NewRenderer(false, kinds.Shared(), Game())
	if err != nil {
		t.Fatal(err)
	}
	arts, err := r.Build(loadRFYL(t), generator.BuildOptions{
		Print: generator.PrintOptions{Paper: layout.Papers[paper], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
			Duplex: duplex, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
		OutDir: out, Previews: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return arts
}

func TestBuildRFYLPDFs(t *testing.T) {
	for _, c := range []struct {
		paper  string
		duplex layout.Duplex
		pages  map[string]int
	}{
		{"letter", layout.LongEdge, map[string]int{"events.pdf": 16, "determination.pdf": 14, "blood.pdf": 10, "tokens.pdf": 1, "calibration.pdf": 2,
			"track-1.pdf": 10, "track-2.pdf": 10, "conditions.pdf": 1, "turn-aid.pdf": 2, "combat.pdf": 1}},
		{"a4", layout.ShortEdge, map[string]int{"events.pdf": 18, "determination.pdf": 16, "blood.pdf": 12, "tokens.pdf": 1, "calibration.pdf": 2,
			"track-1.pdf": 8, "track-2.pdf": 8, "conditions.pdf": 1, "turn-aid.pdf": 2, "combat.pdf": 1}},
		{"letter", layout.NoDuplex, map[string]int{"events.pdf": 8, "determination.pdf": 7, "blood.pdf": 10, "tokens.pdf": 1,
			"track-1.pdf": 10, "track-2.pdf": 10, "conditions.pdf": 1, "turn-aid.pdf": 2, "combat.pdf": 1}},
	} {
		t.Run(c.paper+"-"+c.duplex.String(), func(t *testing.T) {
			out := t.TempDir()
			arts := buildRFYL(t, out, c.duplex, c.paper)
			got := map[string]int{}
			previews := 0
			for _, a := range arts {
				if strings.HasSuffix(a.Path, ".pdf") {
					got[a.Path] = a.Pages
				} else if strings.HasPrefix(a.Path, "preview/") {
					previews++
				}
			}
			for name, want := range c.pages {
				if got[name] != want {
					t.Errorf("%s: %d pages, want %d", name, got[name], want)
				}
			}
			if len(got) != len(c.pages) {
				t.Errorf("PDFs %v, want %v", got, c.pages)
			}
			// 61 event, 10 determination and 13 blood faces, 3 contact sheets, 1 token sheet.
			if previews != 61+10+13+3+1 {
				t.Errorf("%d previews", previews)
			}
			for name, want := range c.pages {
				pdftest.CheckFile(t, filepath.Join(out, "run-for-your-life", name), want)
			}
		})
	}
}
