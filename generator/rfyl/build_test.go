package rfyl

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/generator/kit"
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
	arts, err := kit.Build(r, rendertest.LoadBundled(t, "run-for-your-life"), generator.BuildOptions{
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
		// pages of each PDF; the print run's are its plan page, every
		// other page but the calibration sheet's and, with duplex, a blank
		// page so that the double-sided group starts on a front.
		pages map[string]int
	}{
		// On Letter each track side prints its 6 tiles two a page (3 pages
		// and its page map); on A4 3 tiles fit one a page.
		{"letter", layout.LongEdge, map[string]int{"events.pdf": 16, "determination.pdf": 14, "blood.pdf": 10, "tokens.pdf": 1, "figures.pdf": 1, "calibration.pdf": 2,
			"track-1.pdf": 8, "track-2.pdf": 8, "conditions.pdf": 1, "turn-aid.pdf": 2, "combat.pdf": 1, "print-run.pdf": 1 + 62 + 1}},
		{"a4", layout.ShortEdge, map[string]int{"events.pdf": 18, "determination.pdf": 16, "blood.pdf": 12, "tokens.pdf": 1, "figures.pdf": 1, "calibration.pdf": 2,
			"track-1.pdf": 8, "track-2.pdf": 8, "conditions.pdf": 1, "turn-aid.pdf": 2, "combat.pdf": 1, "print-run.pdf": 1 + 68 + 1}},
		{"letter", layout.NoDuplex, map[string]int{"events.pdf": 8, "determination.pdf": 7, "blood.pdf": 10, "tokens.pdf": 1, "figures.pdf": 1,
			"track-1.pdf": 8, "track-2.pdf": 8, "conditions.pdf": 1, "turn-aid.pdf": 2, "combat.pdf": 1, "print-run.pdf": 1 + 47}},
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

func TestBuildIsByteIdentical(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	buildRFYL(t, a, layout.LongEdge, "letter")
	buildRFYL(t, b, layout.LongEdge, "letter")
	n := 0
	err := filepath.WalkDir(filepath.Join(a, "run-for-your-life"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, p)
		x, _ := os.ReadFile(p)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil {
			return err
		}
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between two builds", rel)
		}
		n++
		return nil
	})
	if err != nil || n < 10 {
		t.Fatalf("compared %d files: %v", n, err)
	}
}

func TestFailedBuildKeepsPreviousOutput(t *testing.T) {
	out := t.TempDir()
	buildRFYL(t, out, layout.LongEdge, "letter")
	before, err := os.ReadFile(filepath.Join(out, "run-for-your-life", "events.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	p := rendertest.LoadBundled(t, "run-for-your-life")
	p.Decks()[len(p.Decks())-1].Template = "no-such-template"
	r, _ := generator.NewRenderer(false, kinds.Shared(), Game())
	_, err = kit.Build(r, p, generator.BuildOptions{
		Print:  generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Bleed: 3, Duplex: layout.LongEdge},
		OutDir: out,
	})
	if err == nil {
		t.Fatal("want an error")
	}
	after, err := os.ReadFile(filepath.Join(out, "run-for-your-life", "events.pdf"))
	if err != nil || !bytes.Equal(before, after) {
		t.Fatal("previous output was changed by a failed build")
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 1 {
		t.Errorf("leftovers in the output folder: %v", entries)
	}
}
