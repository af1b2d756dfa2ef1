package draw

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/layout"
)

// smallPDF writes a page of text in two faces plus a template in a third.
func smallPDF(t *testing.T, info PDFInfo, text string) []byte {
	t.Helper()
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	doc := NewPDF(info, fonts)
	tpl := doc.Template(20, 10, func(c Canvas) { c.Text(1, 5, "template "+text, Italic, 8, Black) })
	page := doc.AddPage(100, 100)
	page.Text(10, 10, text, Regular, 10, Black)
	page.Text(10, 20, "Bold "+text, Bold, 10, Black)
	page.UseTemplate(tpl, 10, 40)
	var b bytes.Buffer
	if err := doc.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Every PDF asks viewers to print at 100% and presets the duplex flip it
// was laid out for.
func TestPDFViewerPreferences(t *testing.T) {
	created := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		duplex layout.Duplex
		want   string
	}{
		{layout.LongEdge, "DuplexFlipLongEdge"},
		{layout.ShortEdge, "DuplexFlipShortEdge"},
		{layout.NoDuplex, "Simplex"},
	} {
		t.Run(c.want, func(t *testing.T) {
			b := smallPDF(t, PDFInfo{Title: "t", Created: created, Duplex: c.duplex}, "Hello 10")
			if !bytes.HasPrefix(b, []byte("%PDF-1.7\n")) {
				t.Errorf("header %q, want PDF 1.7 (ViewerPreferences /Duplex)", b[:9])
			}
			ctx := pdftest.Read(t, b)
			cat, err := ctx.Catalog()
			if err != nil {
				t.Fatal(err)
			}
			o, ok := cat.Find("ViewerPreferences")
			if !ok {
				t.Fatal("no ViewerPreferences in the catalog")
			}
			vp, err := ctx.DereferenceDict(o)
			if err != nil || vp == nil {
				t.Fatalf("ViewerPreferences is not a dictionary: %v", err)
			}
			if n := vp.NameEntry("PrintScaling"); n == nil || *n != "None" {
				t.Errorf("PrintScaling = %v, want None", n)
			}
			if n := vp.NameEntry("Duplex"); n == nil || *n != c.want {
				t.Errorf("Duplex = %v, want %s", n, c.want)
			}
			if again := smallPDF(t, PDFInfo{Title: "t", Created: created, Duplex: c.duplex}, "Hello 10"); !bytes.Equal(b, again) {
				t.Error("the same document written twice differs")
			}
		})
	}
	// The zero value is long-edge: callers that do not say print as before.
	if got := viewerPreferences(layout.Duplex(0)); !strings.Contains(got, "/DuplexFlipLongEdge") {
		t.Errorf("default duplex hint: %s", got)
	}
}

// pdfFonts lists the BaseFont of every font dictionary and the FontName of
// every font descriptor.
func pdfFonts(t *testing.T, ctx *model.Context) (base map[string]string, descriptors []string) {
	t.Helper()
	base = map[string]string{}
	for _, e := range ctx.Table {
		if e == nil || e.Free {
			continue
		}
		d, ok := e.Object.(types.Dict)
		if !ok {
			continue
		}
		switch typ := d.Type(); {
		case typ != nil && *typ == "Font":
			base[*d.NameEntry("BaseFont")+" "+*d.NameEntry("Subtype")] = *d.NameEntry("BaseFont")
		case typ != nil && *typ == "FontDescriptor":
			descriptors = append(descriptors, *d.NameEntry("FontName"))
		}
	}
	return base, descriptors
}

// Subset fonts carry a subset tag (PDF 32000 9.6.4): six capitals and a
// plus before the PostScript name, the same in the Type0 font, its CIDFont
// and its descriptor; derived from the subset, so the same text gives the
// same tag and other text another one.
func TestPDFSubsetTags(t *testing.T) {
	tagged := regexp.MustCompile(`^[A-Z]{6}\+(GoRegular|Go-Bold|Go-Italic)$`)
	tagsOf := func(text string) map[string]string {
		ctx := pdftest.Read(t, smallPDF(t, PDFInfo{Title: "t"}, text))
		base, desc := pdfFonts(t, ctx)
		if len(desc) != 3 || len(base) != 6 {
			t.Fatalf("%d font descriptors and %d fonts, want 3 and 6 (Type0 + CIDFontType2 each): %v %v", len(desc), len(base), desc, base)
		}
		tags := map[string]string{}
		for _, name := range desc {
			if !tagged.MatchString(name) {
				t.Errorf("font %q has no subset tag", name)
			}
			tag, ps, _ := strings.Cut(name, "+")
			tags[ps] = tag
			for _, sub := range []string{"Type0", "CIDFontType2"} {
				if _, ok := base[name+" "+sub]; !ok {
					t.Errorf("no %s font with BaseFont %s: %v", sub, name, base)
				}
			}
		}
		return tags
	}
	a, b, c := tagsOf("Hello 10"), tagsOf("Hello 10"), tagsOf("Goodbye 6")
	for ps, tag := range a {
		if b[ps] != tag {
			t.Errorf("%s: tag %s, then %s for the same text", ps, tag, b[ps])
		}
		if c[ps] == tag {
			t.Errorf("%s: tag %s for other text too", ps, tag)
		}
	}
	if len(map[string]bool{a["GoRegular"]: true, a["Go-Bold"]: true, a["Go-Italic"]: true}) != 3 {
		t.Errorf("fonts share a tag: %v", a)
	}
}

// finishPDF refuses what it cannot parse instead of writing a broken file.
func TestFinishPDFRejectsGarbage(t *testing.T) {
	for _, raw := range []string{"", "%PDF-1.3\nno xref", "%PDF-1.3\nstartxref\n5\n%%EOF\n"} {
		if _, err := finishPDF([]byte(raw), viewerPreferences(layout.LongEdge), nil, nil); err == nil {
			t.Errorf("%q: no error", raw)
		}
	}
}

// An observed document draws each page also on the observer's canvas:
// the calls as the page gets them, a template played where it is placed,
// clipped to its size; the PDF's bytes are those of an unobserved one.
func TestPDFObserve(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	write := func(observe func(w, h float64) Canvas) []byte {
		doc := NewPDF(PDFInfo{Title: "observed"}, fonts)
		if observe != nil {
			doc.Observe(observe)
		}
		tpl := doc.Template(20, 10, func(c Canvas) {
			c.Rect(0, 0, 20, 10, 0, Filled(RGB(0xee, 0x77, 0x00)))
			c.Text(1, 5, "in a template", Bold, 8, White)
		})
		page := doc.AddPage(100, 50)
		page.Push()
		page.Translate(5, 6)
		page.Text(10, 10, "on the page", Regular, 10, Black)
		page.Pop()
		page.UseTemplate(tpl, 30, 40)
		var b bytes.Buffer
		if err := doc.Write(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	var pages []*Recorder
	observed := write(func(w, h float64) Canvas {
		r := &Recorder{}
		r.Logf("page %.0fx%.0f", w, h)
		pages = append(pages, r)
		return r
	})
	if !bytes.Equal(observed, write(nil)) {
		t.Error("observing a document changed its bytes")
	}
	if len(pages) != 1 {
		t.Fatalf("%d pages observed, want 1", len(pages))
	}
	want := `page 100x50
push
translate 5.00 6.00
text 10.00 10.00 regular 10.00pt #000000 "on the page"
pop
push
translate 30.00 40.00
clip 0.00 0.00 20.00 10.00
rect 0.00 0.00 20.00 10.00 r=0.00 fill=#ee7700
text 1.00 5.00 bold 8.00pt #ffffff "in a template"
pop
`
	if got := pages[0].String(); got != want {
		t.Errorf("observed:\n%s\nwant:\n%s", got, want)
	}
}

// A document's font subsets are its own text's, however many documents of
// other text the process wrote before (fpdf keeps each font's subsets by
// the runes used): the same text gives the same file before and after
// other text, and other runes other subsets.
func TestPDFSubsetsFollowTheText(t *testing.T) {
	info := PDFInfo{Title: "subsets", Created: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	first := smallPDF(t, info, "Subset ABC 123")
	other := smallPDF(t, info, "Another xyz 789")
	fewer := smallPDF(t, info, "Subset AB 12")
	again := smallPDF(t, info, "Subset ABC 123")
	if !bytes.Equal(first, again) {
		t.Errorf("the same text gave another file after documents of other text")
	}
	tags := regexp.MustCompile(`/FontName /([A-Z]{6})\+`)
	for _, doc := range [][]byte{other, fewer} {
		for _, m := range tags.FindAllSubmatch(doc, -1) {
			if bytes.Contains(first, m[1]) {
				t.Errorf("subset %s of other text is also in the first document", m[1])
			}
		}
	}
}
