package draw

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/internal/pdftext"
	"github.com/runforge/runforge/layout"
)

// twoPagePDF writes a document of two pages of different sizes.
func twoPagePDF(t *testing.T, text string) []byte {
	t.Helper()
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	doc := NewPDF(PDFInfo{Title: text}, fonts)
	tpl := doc.Template(20, 10, func(c Canvas) { c.Text(1, 5, "form "+text, Italic, 8, Black) })
	for _, size := range [][2]float64{{100, 150}, {150, 100}, {210, 297}} {
		page := doc.AddPage(size[0], size[1])
		page.Text(10, 10, text, Bold, 10, Black)
		page.UseTemplate(tpl, 10, 40)
	}
	var b bytes.Buffer
	if err := doc.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Joined documents keep every page of every part, in order, with its own
// size, plus the blank pages asked for; the result is valid, strictly, and
// the same bytes every time.
func TestJoinPDFs(t *testing.T) {
	a := smallPDF(t, PDFInfo{Title: "a"}, "Alpha 1")
	b := twoPagePDF(t, "Beta")
	info := PDFInfo{Title: "Run, Fight, or Die! – print run", Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	parts := []JoinPart{{PDF: a}, {W: 215.9, H: 279.4}, {PDF: b}, {PDF: a}}
	out, err := JoinPDFs(info, parts)
	if err != nil {
		t.Fatal(err)
	}
	pdftest.CheckPages(t, out, 6)
	ctx := pdftest.Read(t, out)
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	// 210 x 297 is fpdf's default format: its pages inherit their
	// MediaBox from their page tree, which the joined tree must not lose.
	wantSizes := []string{"100x100", "216x279", "100x150", "150x100", "210x297", "100x100"}
	for i, want := range wantSizes {
		d, _, _, err := ctx.PageDict(i+1, false)
		if err != nil {
			t.Fatal(err)
		}
		trim := d.ArrayEntry("TrimBox")
		media := d.ArrayEntry("MediaBox")
		if trim == nil || media == nil {
			t.Fatalf("page %d: no TrimBox or MediaBox", i+1)
		}
		got := sizeMM(t, media.String())
		if got != want {
			t.Errorf("page %d is %s mm, want %s", i+1, got, want)
		}
	}
	again, err := JoinPDFs(info, parts)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, again) {
		t.Error("joining the same parts twice gave different bytes")
	}
	if !bytes.Contains(out, []byte("/CreationDate (D:20260101000000)")) {
		t.Error("the joined document does not carry the given date")
	}
	if bytes.Contains(out, []byte("/Duplex")) {
		t.Error("the joined document presets a duplex flip; its groups need different ones")
	}
	// The pages are copied, not drawn again: every stream of every part
	// (page contents, forms, fonts) is in the result byte for byte.
	for name, part := range map[string][]byte{"a": a, "b": b} {
		for _, s := range streams(part) {
			if !bytes.Contains(out, s) {
				t.Errorf("part %s: a stream of %d bytes is not in the joined document", name, len(s))
			}
		}
	}
}

// streams returns the stream data of every object of a PDF.
func streams(pdf []byte) [][]byte {
	var out [][]byte
	for {
		i := bytes.Index(pdf, []byte("stream\n"))
		if i < 0 {
			return out
		}
		pdf = pdf[i+len("stream\n"):]
		j := bytes.Index(pdf, []byte("endstream"))
		if j < 0 {
			return out
		}
		out = append(out, pdf[:j])
		pdf = pdf[j+len("endstream"):]
	}
}

// sizeMM turns a MediaBox array "[0 0 w h]" (points) into "WxH" in whole mm.
func sizeMM(t *testing.T, box string) string {
	t.Helper()
	var x, y, w, h float64
	if _, err := fmt.Sscan(strings.Trim(box, "[]"), &x, &y, &w, &h); err != nil {
		t.Fatalf("MediaBox %q: %v", box, err)
	}
	return fmt.Sprintf("%.0fx%.0f", w*25.4/72, h*25.4/72)
}

// A part that is not a document this package wrote, or a damaged one, is
// an error, never a panic or a broken file.
func TestJoinPDFsRejectsForeignParts(t *testing.T) {
	good := smallPDF(t, PDFInfo{Title: "a"}, "x")
	cut := good[:len(good)/2]
	noStartxref := bytes.Replace(good, []byte("startxref"), []byte("startxyz"), 1)
	badRef := bytes.Replace(good, []byte("/Resources 2 0 R"), []byte("/Resources 999 0 R"), 1)
	for name, part := range map[string][]byte{
		"not a PDF":       []byte("hello"),
		"truncated":       cut,
		"no startxref":    noStartxref,
		"dangling ref":    badRef,
		"empty":           {},
		"only a header":   []byte("%PDF-1.7\n"),
		"xref past start": append([]byte("%PDF-1.7\nstartxref\n999999\n%%EOF\n"), good[:10]...),
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := JoinPDFs(PDFInfo{}, []JoinPart{{PDF: part}}); err == nil {
				t.Error("joined a broken part without an error")
			}
		})
	}
	if _, err := JoinPDFs(PDFInfo{}, nil); err == nil {
		t.Error("joined nothing without an error")
	}
}

// References are renumbered in dictionaries only: a string or a comment
// that looks like a reference is copied as it is, and numbers that are
// not references stay.
func TestRenumberRefs(t *testing.T) {
	renum := map[int]int{2: 12, 3: 13, 10: 20}
	for _, c := range []struct{ in, want string }{
		{"<</Resources 2 0 R /Contents 3 0 R>>", "<</Resources 12 0 R /Contents 13 0 R>>"},
		{"<</Parent 1 0 R>>", "<</Parent 7 0 R>>"},
		{"<</Kids [2 0 R 3 0 R ]>>", "<</Kids [12 0 R 13 0 R ]>>"},
		{"<</T (see 2 0 R \\) 3 0 R) /X 10 0 R>>", "<</T (see 2 0 R \\) 3 0 R) /X 20 0 R>>"},
		{"<</H <2030> /Y 2 0 R>>", "<</H <2030> /Y 12 0 R>>"},
		{"<</MediaBox [0 0 612.00 792.00] /W [13 13 278]>>", "<</MediaBox [0 0 612.00 792.00] /W [13 13 278]>>"},
		{"<</Length 10 /Filter /FlateDecode>>", "<</Length 10 /Filter /FlateDecode>>"},
		{"% 2 0 R\n<</A 3 0 R>>", "% 2 0 R\n<</A 13 0 R>>"},
	} {
		got, err := renumberRefs([]byte(c.in), renum, 1, 7)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.in, got, c.want)
		}
	}
	for _, bad := range []string{"<</A 5 0 R>>", "<</T (open>>", "<</H <20"} {
		if _, err := renumberRefs([]byte(bad), renum, 1, 7); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// A document's duplex preset reads back as it was written.
func TestDuplexPreset(t *testing.T) {
	for _, m := range []layout.Duplex{layout.LongEdge, layout.ShortEdge, layout.NoDuplex} {
		got, ok := DuplexPreset(smallPDF(t, PDFInfo{Title: "t", Duplex: m}, "x"))
		if !ok || got != m {
			t.Errorf("written with %v, read back %v (found: %v)", m, got, ok)
		}
	}
	if _, ok := DuplexPreset([]byte("%PDF-1.7\n")); ok {
		t.Error("found a duplex preset in a document without one")
	}
	// A PDF/X document has no viewer preferences: its setting is kept in
	// its document information, so that the print run groups it right.
	for _, m := range []layout.Duplex{layout.LongEdge, layout.ShortEdge, layout.NoDuplex} {
		b, err := cmykDoc(t, PDFInfo{Title: "press", PDFX: true, Duplex: m}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte("/ViewerPreferences")) {
			t.Errorf("PDF/X written with %v has viewer preferences", m)
		}
		if got, ok := DuplexPreset(b); !ok || got != m {
			t.Errorf("PDF/X written with %v, read back %v (found: %v)", m, got, ok)
		}
	}
}

// Joined with PDFX, CMYK parts (PDF/X or not) and blank pages make a
// PDF/X-1a document: PDF 1.3, the output intent, information keys and
// identifier, no viewer preferences, CMYK only, a TrimBox on every page,
// the same bytes every time. A part with transparency is refused.
func TestJoinPDFsPDFX(t *testing.T) {
	created := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	plain, err := cmykDoc(t, PDFInfo{Title: "plain", Created: created, CMYK: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	press, err := cmykDoc(t, PDFInfo{Title: "press", Created: created, PDFX: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	info := PDFInfo{Title: "print run", Created: created, PDFX: true}
	parts := []JoinPart{{PDF: plain}, {W: 215.9, H: 279.4}, {PDF: press}}
	out, err := JoinPDFs(info, parts)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(out, []byte("%PDF-1.3\n")) {
		t.Errorf("header %q", out[:9])
	}
	pdftest.CheckPages(t, out, 3)
	ctx := pdftest.Read(t, out)
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"/OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX", "/OutputConditionIdentifier (CGATS TR 001)",
		"/GTS_PDFXVersion (PDF/X-1:2001)", "/GTS_PDFXConformance (PDF/X-1a:2001)", "/Trapped /False"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("no %s", want)
		}
	}
	if bytes.Contains(out, []byte("/ViewerPreferences")) {
		t.Error("PDF/X document with ViewerPreferences (PDF 1.6 and 1.7 keys)")
	}
	if len(ctx.XRefTable.ID) != 2 {
		t.Error("no file identifier")
	}
	for p := 1; p <= 3; p++ {
		d, _, _, err := ctx.PageDict(p, false)
		if err != nil {
			t.Fatal(err)
		}
		if d.ArrayEntry("TrimBox") == nil {
			t.Errorf("page %d: no TrimBox", p)
		}
	}
	u, err := pdftext.Colours(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(u.RGB) > 0 || len(u.Transparency) > 0 || u.Operators["k"] == 0 {
		t.Errorf("colours %+v", u)
	}
	if again, err := JoinPDFs(info, parts); err != nil || !bytes.Equal(out, again) {
		t.Errorf("joined twice: differs (%v)", err)
	}
	// An RGB part with a picture's soft mask: transparency.
	holey := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	holey.SetNRGBA(0, 0, color.NRGBA{0xff, 0, 0, 0x80})
	var png0 bytes.Buffer
	if err := png.Encode(&png0, holey); err != nil {
		t.Fatal(err)
	}
	store := NewImageStore(fstest.MapFS{"art/holey.png": &fstest.MapFile{Data: png0.Bytes()}})
	masked, err := cmykDoc(t, PDFInfo{Title: "rgb", Created: created}, store, "art/holey.png")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := JoinPDFs(info, []JoinPart{{PDF: press}, {PDF: masked}}); err == nil || !strings.Contains(err.Error(), "uses transparency") {
		t.Errorf("a part with a soft mask: %v", err)
	}
	if _, err := JoinPDFs(PDFInfo{Title: "rgb run", Created: created}, []JoinPart{{PDF: masked}}); err != nil {
		t.Errorf("without PDFX the same part joins: %v", err)
	}
}
