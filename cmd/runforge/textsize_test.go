package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/runforge/runforge/internal/pdftext"
)

// minTextPt is the smallest text a kit may print: the font size times
// every scale the drawing applies on the way to the page.
const minTextPt = 6.0

// checkTextSize reads a built PDF back and reports every text span under
// minTextPt (file, page, text, size), each distinct one once. It returns
// the smallest size of the file's text.
func checkTextSize(t *testing.T, path string) float64 {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	spans, err := pdftext.Read(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	smallest, ok := pdftext.Smallest(spans)
	if !ok {
		return 0
	}
	var small []string
	for _, s := range spans {
		if s.Size >= minTextPt || strings.TrimSpace(s.Text) == "" {
			continue
		}
		line := fmt.Sprintf("%s page %d: %q at %.2f pt", path, s.Page, s.Text, s.Size)
		if !slices.Contains(small, line) {
			small = append(small, line)
		}
	}
	if len(small) > 0 {
		t.Errorf("%d text spans under %g pt:\n%s", len(small), minTextPt, strings.Join(small, "\n"))
	}
	return smallest.Size
}
