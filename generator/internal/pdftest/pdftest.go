// Package pdftest reads PDFs back in tests: strict validation with pdfcpu,
// the page count and the document model.
package pdftest

import (
	"bytes"
	"os"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Read validates a PDF strictly and reads it back.
func Read(t *testing.T, b []byte) *model.Context {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	if err := api.Validate(bytes.NewReader(b), conf); err != nil {
		t.Fatalf("strict validation: %v", err)
	}
	ctx, err := api.ReadContext(bytes.NewReader(b), model.NewDefaultConfiguration())
	if err != nil {
		t.Fatal(err)
	}
	return ctx
}

// CheckPages checks that b is a valid PDF (pdfcpu, strict) of want pages.
func CheckPages(t *testing.T, b []byte, want int) {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	if err := api.Validate(bytes.NewReader(b), conf); err != nil {
		t.Fatalf("invalid PDF: %v", err)
	}
	pages, err := api.PageCount(bytes.NewReader(b), conf)
	if err != nil {
		t.Fatal(err)
	}
	if pages != want {
		t.Errorf("the PDF has %d pages, want %d", pages, want)
	}
}

// ImageXObjects counts the image XObjects of a PDF (soft masks aside), by
// size, after strict validation.
func ImageXObjects(t *testing.T, pdf []byte) map[string]int {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	ctx, err := api.ReadAndValidate(bytes.NewReader(pdf), conf)
	if err != nil {
		t.Fatalf("strict validation: %v", err)
	}
	masks := map[int]bool{}
	images := map[int]types.StreamDict{}
	for n, e := range ctx.XRefTable.Table {
		sd, ok := e.Object.(types.StreamDict)
		if !ok || sd.Subtype() == nil || *sd.Subtype() != "Image" {
			continue
		}
		images[n] = sd
		if ref := sd.IndirectRefEntry("SMask"); ref != nil {
			masks[ref.ObjectNumber.Value()] = true
		}
	}
	out := map[string]int{}
	for n, sd := range images {
		if !masks[n] {
			w, _ := sd.Find("Width")
			h, _ := sd.Find("Height")
			out[w.String()+"x"+h.String()]++
		}
	}
	return out
}

// CheckFile validates the PDF at path strictly and checks that it has the
// given number of pages, a TrimBox on every page and every font embedded.
func CheckFile(t *testing.T, path string, pages int) {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	if err := api.ValidateFile(path, conf); err != nil {
		t.Fatalf("%s: strict validation: %v", path, err)
	}
	ctx, err := api.ReadContextFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if ctx.PageCount != pages {
		t.Errorf("%s: %d pages, want %d", path, ctx.PageCount, pages)
	}
	for i := 1; i <= ctx.PageCount; i++ {
		d, _, _, err := ctx.PageDict(i, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := d.Find("TrimBox"); !ok {
			t.Errorf("%s: page %d has no TrimBox", path, i)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if fonts, files := bytes.Count(b, []byte("/Type /FontDescriptor")), bytes.Count(b, []byte("/FontFile2")); fonts != files {
		t.Errorf("%s: %d fonts but %d embedded font files", path, fonts, files)
	}
}

// PageBoxes reads a PDF back with pdfcpu, validating it strictly, and
// returns every page's boxes (MediaBox, inherited or its own, and the
// CropBox, BleedBox, TrimBox and ArtBox it sets) in millimetres, as
// [llx lly urx ury].
func PageBoxes(t *testing.T, pdf []byte) []map[string][4]float64 {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	ctx, err := api.ReadAndValidate(bytes.NewReader(pdf), conf)
	if err != nil {
		t.Fatalf("strict validation: %v", err)
	}
	const mm = 25.4 / 72
	var out []map[string][4]float64
	for i := 1; i <= ctx.PageCount; i++ {
		d, _, inh, err := ctx.PageDict(i, false)
		if err != nil {
			t.Fatal(err)
		}
		boxes := map[string][4]float64{}
		for _, key := range []string{"MediaBox", "CropBox", "BleedBox", "TrimBox", "ArtBox"} {
			a := d.ArrayEntry(key)
			if a == nil {
				if key == "MediaBox" && inh != nil && inh.MediaBox != nil {
					r := inh.MediaBox
					boxes[key] = [4]float64{r.LL.X * mm, r.LL.Y * mm, r.UR.X * mm, r.UR.Y * mm}
				}
				continue
			}
			r, err := ctx.RectForArray(a)
			if err != nil {
				t.Fatal(err)
			}
			boxes[key] = [4]float64{r.LL.X * mm, r.LL.Y * mm, r.UR.X * mm, r.UR.Y * mm}
		}
		out = append(out, boxes)
	}
	return out
}
