package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/internal/pdftext"
)

// TestCMYKPressKits builds every bundled pack with --cmyk --layout press
// and checks every PDF of each kit: strict validation (pdfcpu); no RGB,
// grey or Lab colour, no colour space but DeviceCMYK, no transparency, at
// most 240% ink in every colour operator and image sample; a TrimBox on
// every page inside its MediaBox; each press PDF PDF/X-1a:2001 (header,
// output intent, information keys, file identifier, TrimBox inside
// BleedBox inside MediaBox on every page). With Ghostscript (gs; CI sets
// RUNFORGE_REQUIRE_GS=1 to fail without it) every page is also rendered
// in CMYK at 36 dpi and every pixel holds at most 240% ink.
func TestCMYKPressKits(t *testing.T) {
	gs, err := exec.LookPath("gs")
	if err != nil {
		if os.Getenv("RUNFORGE_REQUIRE_GS") != "" {
			t.Fatal("Ghostscript (gs) is not installed")
		}
		gs = ""
	}
	t.Chdir(t.TempDir())
	for _, pack := range data.Packs() {
		t.Run(pack, func(t *testing.T) {
			out := filepath.Join("kits", pack)
			code, _, stderr := run(t, "", "build", pack, "-o", out, "--cmyk", "--layout", "press", "--no-previews")
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, stderr)
			}
			pdfs, err := filepath.Glob(filepath.Join(out, pack, "*.pdf"))
			if err != nil || len(pdfs) == 0 {
				t.Fatalf("no PDFs in the kit (%v)", err)
			}
			press := 0
			for _, f := range pdfs {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Base(f)
				if checkCMYKPDF(t, name, b) {
					press++
				}
				if gs != "" {
					if ink := ghostscriptMaxInk(t, gs, f); ink > draw.MaxInk {
						t.Errorf("%s: Ghostscript renders a pixel with %.1f%% ink, more than 240%%", name, float64(ink)/2.55)
					}
				}
			}
			// A kit with press images (press/<deck>/) has its decks' press PDFs.
			if _, err := os.Stat(filepath.Join(out, pack, "press")); err == nil && press == 0 {
				t.Errorf("press images but no press PDF (PDF/X) in the kit")
			}
		})
	}
}

// checkCMYKPDF checks one PDF of a --cmyk --layout press kit (see
// TestCMYKPressKits); it reports whether the PDF is a press PDF. Press
// PDFs and the print run must be PDF/X-1a.
func checkCMYKPDF(t *testing.T, name string, b []byte) (press bool) {
	t.Helper()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	ctx, err := api.ReadAndValidate(bytes.NewReader(b), conf)
	if err != nil {
		t.Errorf("%s: strict validation: %v", name, err)
		return false
	}
	u, err := pdftext.Colours(b)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return false
	}
	for _, op := range []string{"rg", "RG", "g", "G", "sc", "SC", "scn", "SCN", "cs", "CS"} {
		if n := u.Operators[op]; n > 0 {
			t.Errorf("%s: %d %s operators (not DeviceCMYK)", name, n, op)
		}
	}
	for cs, n := range u.Spaces {
		if cs != "DeviceCMYK" {
			t.Errorf("%s: names the colour space %s %d times", name, cs, n)
		}
	}
	if u.Operators["k"] == 0 {
		t.Errorf("%s: no CMYK fill colour", name)
	}
	if u.MaxInk > draw.MaxInk {
		t.Errorf("%s: a colour with %.1f%% ink, more than 240%%", name, float64(u.MaxInk)/2.55)
	}
	if len(u.Transparency) > 0 {
		t.Errorf("%s: transparency: %v", name, u.Transparency)
	}
	title := ""
	if ctx.Title != "" {
		title = ctx.Title
	}
	press = strings.HasSuffix(title, "(press)")
	checkBoxes(t, name, ctx, press)
	if press || name == "print-run.pdf" {
		checkPDFX(t, name, b, ctx)
	} else if bytes.Contains(b, []byte("GTS_PDFX")) {
		t.Errorf("%s (%q) declares PDF/X but is not a press PDF or the print run", name, title)
	}
	return press
}

// checkBoxes checks that every page has a TrimBox inside its MediaBox;
// on a press page, a BleedBox equal to the MediaBox with the TrimBox
// inside it.
func checkBoxes(t *testing.T, name string, ctx *model.Context, press bool) {
	t.Helper()
	inside := func(a, b *types.Rectangle) bool {
		const eps = 0.01
		return a.LL.X >= b.LL.X-eps && a.LL.Y >= b.LL.Y-eps && a.UR.X <= b.UR.X+eps && a.UR.Y <= b.UR.Y+eps
	}
	bounds, err := ctx.PageBoundaries(nil)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	for p := 1; p <= ctx.PageCount; p++ {
		d, _, _, err := ctx.PageDict(p, false)
		if err != nil {
			t.Errorf("%s page %d: %v", name, p, err)
			continue
		}
		if _, ok := d.Find("TrimBox"); !ok {
			t.Errorf("%s page %d: no TrimBox", name, p)
			continue
		}
		pb := bounds[p-1]
		media, trim := pb.Media.Rect, pb.Trim.Rect
		if !inside(trim, media) || trim.Width() <= 0 || trim.Height() <= 0 {
			t.Errorf("%s page %d: TrimBox %v not inside MediaBox %v", name, p, trim, media)
		}
		if !press {
			continue
		}
		if _, ok := d.Find("BleedBox"); !ok {
			t.Errorf("%s page %d: no BleedBox", name, p)
			continue
		}
		bleed := pb.Bleed.Rect
		if !inside(trim, bleed) || !inside(bleed, media) || !inside(media, bleed) {
			t.Errorf("%s page %d: want TrimBox %v inside BleedBox %v = MediaBox %v", name, p, trim, bleed, media)
		}
	}
}

// checkPDFX checks a PDF/X-1a:2001 document's header, output intent,
// document information and file identifier.
func checkPDFX(t *testing.T, name string, b []byte, ctx *model.Context) {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-1.3\n")) {
		t.Errorf("%s: header %q, want %%PDF-1.3", name, b[:min(len(b), 8)])
	}
	if ctx.XRefTable.ID == nil || len(ctx.XRefTable.ID) != 2 {
		t.Errorf("%s: no file identifier (trailer /ID)", name)
	}
	root, err := ctx.Catalog()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	o, _ := root.Find("OutputIntents")
	intents, err := ctx.DereferenceArray(o)
	if err != nil || len(intents) != 1 {
		t.Errorf("%s: OutputIntents %v, want one (%v)", name, o, err)
	} else {
		oi, err := ctx.DereferenceDict(intents[0])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := map[string]string{"S": "GTS_PDFX", "OutputConditionIdentifier": "CGATS TR 001", "RegistryName": "http://www.color.org"}
		for k, v := range want {
			got := ""
			if n := oi.NameEntry(k); n != nil {
				got = *n
			} else if s := oi.StringEntry(k); s != nil {
				got = *s
			}
			if got != v {
				t.Errorf("%s: OutputIntent /%s %q, want %q", name, k, got, v)
			}
		}
	}
	info, err := ctx.DereferenceDict(*ctx.Info)
	if err != nil {
		t.Fatalf("%s: document information: %v", name, err)
	}
	for k, v := range map[string]string{"GTS_PDFXVersion": "PDF/X-1:2001", "GTS_PDFXConformance": "PDF/X-1a:2001"} {
		s := info.StringEntry(k)
		if s == nil || *s != v {
			t.Errorf("%s: /%s %v, want %q", name, k, s, v)
		}
	}
	// A title, as a literal or (the print run's, UTF-16) a hex string.
	switch title, _ := info.Find("Title"); title.(type) {
	case types.StringLiteral, types.HexLiteral:
	default:
		t.Errorf("%s: /Title %v, want a string", name, title)
	}
	if tr := info.NameEntry("Trapped"); tr == nil || (*tr != "False" && *tr != "True") {
		t.Errorf("%s: /Trapped %v, want /False or /True", name, tr)
	}
}

// ghostscriptMaxInk renders every page of a PDF with Ghostscript's
// tiff32nc device (8-bit CMYK) at 36 dpi and returns the most ink,
// C+M+Y+K, of any pixel.
func ghostscriptMaxInk(t *testing.T, gs, pdf string) int {
	t.Helper()
	tif := pdf + ".tif"
	cmd := exec.Command(gs, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", "-r36", "-sOutputFile="+tif, pdf)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gs %s: %v\n%s", pdf, err, out)
	}
	b, err := os.ReadFile(tif)
	if err != nil {
		t.Fatal(err)
	}
	ink, pages, err := tiffMaxInk(b)
	if err != nil {
		t.Fatalf("%s: %v", tif, err)
	}
	if pages == 0 {
		t.Fatalf("%s: no page", tif)
	}
	return ink
}

// tiffMaxInk reads an uncompressed, 8-bit, 4-sample (CMYK) TIFF of one or
// more pages, as Ghostscript's tiff32nc writes it, and returns the most
// ink of any pixel and the number of pages.
func tiffMaxInk(b []byte) (ink, pages int, err error) {
	if len(b) < 8 {
		return 0, 0, fmt.Errorf("not a TIFF")
	}
	var bo binary.ByteOrder
	switch string(b[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 0, 0, fmt.Errorf("not a TIFF")
	}
	for ifd := int(bo.Uint32(b[4:])); ifd != 0; pages++ {
		if ifd+2 > len(b) || pages > 10000 {
			return 0, 0, fmt.Errorf("bad directory offset %d", ifd)
		}
		n := int(bo.Uint16(b[ifd:]))
		tags := map[uint16][]int{}
		for i := 0; i < n; i++ {
			e := ifd + 2 + 12*i
			if e+12 > len(b) {
				return 0, 0, fmt.Errorf("cut-short directory")
			}
			tag, typ, count := bo.Uint16(b[e:]), bo.Uint16(b[e+2:]), int(bo.Uint32(b[e+4:]))
			size := map[uint16]int{3: 2, 4: 4}[typ]
			if size == 0 {
				continue // not a SHORT or LONG: no tag read here has another type
			}
			at := e + 8
			if count*size > 4 {
				at = int(bo.Uint32(b[e+8:]))
			}
			if count > 1<<20 || at+count*size > len(b) {
				return 0, 0, fmt.Errorf("tag %d out of the file", tag)
			}
			for j := 0; j < count; j++ {
				if size == 2 {
					tags[tag] = append(tags[tag], int(bo.Uint16(b[at+2*j:])))
				} else {
					tags[tag] = append(tags[tag], int(bo.Uint32(b[at+4*j:])))
				}
			}
		}
		one := func(tag uint16) int {
			if v := tags[tag]; len(v) > 0 {
				return v[0]
			}
			return -1
		}
		// Compression 1 (none), Photometric 5 (separated), 4 samples of
		// 8 bits, chunky.
		if one(259) != 1 || one(262) != 5 || one(277) != 4 || one(258) != 8 || (one(284) != -1 && one(284) != 1) {
			return 0, 0, fmt.Errorf("page %d: not an uncompressed 8-bit CMYK TIFF", pages+1)
		}
		offsets, counts := tags[273], tags[279]
		if len(offsets) != len(counts) {
			return 0, 0, fmt.Errorf("page %d: %d strips, %d strip sizes", pages+1, len(offsets), len(counts))
		}
		total := 0
		for i, off := range offsets {
			if off+counts[i] > len(b) {
				return 0, 0, fmt.Errorf("page %d: strip out of the file", pages+1)
			}
			px := b[off : off+counts[i]]
			for j := 0; j+4 <= len(px); j += 4 {
				ink = max(ink, int(px[j])+int(px[j+1])+int(px[j+2])+int(px[j+3]))
			}
			total += counts[i]
		}
		if w, h := one(256), one(257); total != 4*w*h {
			return 0, 0, fmt.Errorf("page %d: %d bytes of pixels for %d x %d", pages+1, total, w, h)
		}
		next := ifd + 2 + 12*n
		if next+4 > len(b) {
			return 0, 0, fmt.Errorf("cut-short directory")
		}
		ifd = int(bo.Uint32(b[next:]))
	}
	return ink, pages, nil
}

// A --cmyk build refuses a picture it cannot print without transparency,
// at the line and column that asks for it, and writes no kit.
func TestCMYKRefusesTransparency(t *testing.T) {
	pack, err := filepath.Abs(filepath.Join("..", "..", "generator", "testdata", "images", "pack"))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	code, _, stderr := run(t, "", "build", pack, "-o", out, "--cmyk", "--no-previews")
	want := "templates.yaml:23:110: image art/palette-trns.png: its box has opacity 0.6: a --cmyk print has no transparency"
	if code == 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant %q", code, stderr, want)
	}
	if names := listNames(t, out); len(names) > 1 || (len(names) == 1 && names[0] != ".cache") {
		t.Errorf("the output folder holds %v", names)
	}
	// Without --cmyk the faded picture prints.
	if code, _, stderr := run(t, "", "build", pack, "-o", out, "--no-previews"); code != 0 {
		t.Errorf("without --cmyk: exit %d:\n%s", code, stderr)
	}
}
