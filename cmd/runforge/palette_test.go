package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/internal/pdftext"
)

// checkPalette checks that every colour the PDF at path paints with (an
// RGB build's rg, RG, g and G) has a value in the CMYK palette
// (generator/draw/cmykpalette.go), so that under --cmyk none of the
// bundled packs' or built-in templates' colours goes through
// draw.CMYKRule. A colour it reports is added by running
// scripts/cmyk-palette.sh again. It returns how many colours the PDF
// paints with.
func checkPalette(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	u, err := pdftext.Colours(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var missing []string
	for c := range u.RGB {
		if !draw.InPalette(draw.RGB(uint8(c>>16), uint8(c>>8), uint8(c))) {
			missing = append(missing, fmt.Sprintf("#%06x", c))
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("%s paints with %d colours outside the CMYK palette (run scripts/cmyk-palette.sh): %s", path, len(missing), strings.Join(missing, " "))
	}
	return len(u.RGB)
}

// literalColour is a colour as pack and template files write it.
var literalColour = regexp.MustCompile(`"(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})"`)

// TestPaletteHoldsEveryWrittenColour: every colour the bundled packs and
// the built-in templates write (a scaffolded pack prints the generic
// ones, which no bundled pack uses) has a value in the CMYK palette.
func TestPaletteHoldsEveryWrittenColour(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../../data/*/*.yaml", "../../schema/builtin/*.yaml", "../../schema/*/builtin/*.yaml"} {
		m, err := filepath.Glob(pattern)
		if err != nil || len(m) == 0 {
			t.Fatalf("%s: no files (%v)", pattern, err)
		}
		files = append(files, m...)
	}
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range literalColour.FindAllSubmatch(b, -1) {
			c, err := draw.ParseColor(string(m[1]))
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			n++
			if !draw.InPalette(c) {
				t.Errorf("%s writes %s, which has no value in the CMYK palette (run scripts/cmyk-palette.sh)", f, m[1])
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d colours found in %d files", n, len(files))
	}
}
