package rfodr

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// buildKit builds p with opts into a temporary folder and returns the
// kit's folder and what it wrote.
func buildKit(t *testing.T, p *schema.Pack, opts generator.PrintOptions) (string, []generator.Artifact) {
	t.Helper()
	r, err := generator.NewRenderer(false, kinds.Shared(), Game())
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	arts, err := kit.Build(r, p, generator.BuildOptions{Print: opts, OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(out, p.Game.ID), arts
}

// TestGutterfoldPrintsEverythingSingleSided: gutterfold is the layout for
// printers without duplex, so the mats, tokens and boards of a gutterfold
// kit print exactly as under --duplex none whatever --duplex says, no PDF
// asks for a duplex flip, there is no calibration sheet, and the index
// tells no one to print double-sided.
func TestGutterfoldPrintsEverythingSingleSided(t *testing.T) {
	p := loadRFPack(t, "rfodr")
	decks := map[string]bool{}
	for _, d := range p.Decks() {
		decks[d.ID+".pdf"] = true
	}

	duplexOpts := rfOpts("letter", layout.LongEdge)
	duplexKit, duplexArts := buildKit(t, p, duplexOpts)
	if !hasArtifact(duplexArts, "calibration.pdf") {
		t.Fatal("the duplex sheet build has no calibration.pdf: the pack no longer prints back pages, so this test proves nothing")
	}
	if idx := readKitFile(t, duplexKit, "components.txt"); !strings.Contains(idx, "flip on the long edge") {
		t.Fatalf("the duplex sheet build's index asks for no duplex flip, so this test proves nothing:\n%s", idx)
	}

	noneOpts := rfOpts("letter", layout.NoDuplex)
	noneKit, _ := buildKit(t, p, noneOpts)

	for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge} {
		t.Run(d.String(), func(t *testing.T) {
			opts := rfOpts("letter", d)
			opts.Layout = generator.LayoutGutterfold
			kit, arts := buildKit(t, p, opts)
			if hasArtifact(arts, "calibration.pdf") {
				t.Error("a gutterfold kit has a calibration sheet")
			}
			others := 0
			for _, a := range arts {
				if !strings.HasSuffix(a.Path, ".pdf") {
					continue
				}
				got := readKitFile(t, kit, a.Path)
				if strings.Contains(got, "/DuplexFlip") {
					t.Errorf("%s asks the print dialog for a duplex flip", a.Path)
				}
				if decks[a.Path] || a.Path == "print-run.pdf" { // the print run gathers the decks
					continue
				}
				others++
				want, err := os.ReadFile(filepath.Join(noneKit, filepath.FromSlash(a.Path)))
				switch {
				case err != nil:
					t.Errorf("%s is not in the --duplex none kit: %v", a.Path, err)
				case got != string(bytes.TrimSpace(want)):
					t.Errorf("%s differs from its --duplex none build", a.Path)
				}
			}
			if others < 3 {
				t.Errorf("compared %d files that are not decks, want the mats, tokens and boards", others)
			}
			idx := readKitFile(t, kit, "components.txt")
			for _, bad := range []string{"double-sided", "flip on the", "calibration.pdf"} {
				if strings.Contains(idx, bad) {
					t.Errorf("the gutterfold index says %q:\n%s", bad, idx)
				}
			}
			if !strings.Contains(idx, "gutterfold: print every file one-sided") {
				t.Errorf("the gutterfold index does not say to print every file one-sided:\n%s", idx)
			}
		})
	}
}

func hasArtifact(arts []generator.Artifact, path string) bool {
	for _, a := range arts {
		if a.Path == path {
			return true
		}
	}
	return false
}

func readKitFile(t *testing.T, kit, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(kit, filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSpace(b))
}
