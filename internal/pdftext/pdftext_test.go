package pdftext

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/goregular"
)

// handPDF writes a one-page PDF whose page draws content with the
// Helvetica font F1 and the form XObject Fm1 (formContent under
// formMatrix; no /Matrix when it is empty), for content streams written
// by hand.
func handPDF(content, formContent, formMatrix string) []byte {
	matrix := ""
	if formMatrix != "" {
		matrix = " /Matrix [" + formMatrix + "]"
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R " +
			"/Resources << /Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content)+1, content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 200 200]%s /Length %d >>\nstream\n%s\nendstream",
			matrix, len(formContent)+1, formContent),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

func near(a, b float64) bool { return math.Abs(a-b) < 0.01 }

func TestReadHandWritten(t *testing.T) {
	type want struct {
		text string
		size float64
	}
	cases := []struct {
		name          string
		content, form string
		matrix        string
		want          []want
	}{
		{
			name:    "plain",
			content: "BT /F1 10 Tf 20 30 Td (plain) Tj ET",
			want:    []want{{"plain", 10}},
		},
		{
			name:    "scaled by cm",
			content: "q 0.5 0 0 0.5 10 10 cm BT /F1 10 Tf (half) Tj ET Q BT /F1 10 Tf (whole) Tj ET",
			want:    []want{{"half", 5}, {"whole", 10}},
		},
		{
			name:    "cm twice, and Q restores",
			content: "q 2 0 0 2 0 0 cm q 0.25 0 0 0.25 0 0 cm BT /F1 8 Tf (a) Tj ET Q BT /F1 8 Tf (b) Tj ET Q BT /F1 8 Tf (c) Tj ET",
			want:    []want{{"a", 4}, {"b", 16}, {"c", 8}},
		},
		{
			name:    "Tf outside BT holds, q and Q save it",
			content: "BT /F1 7 Tf ET q BT /F1 3 Tf ET Q BT (seven) Tj ET",
			want:    []want{{"seven", 7}},
		},
		{
			name:    "text matrix scales and turns",
			content: "BT /F1 10 Tf 0.6 0 0 0.6 0 0 Tm (tm) Tj 0 2 -2 0 50 50 Tm (turned) Tj ET",
			want:    []want{{"tm", 6}, {"turned", 20}},
		},
		{
			name:    "form XObject under cm",
			content: "q 0.5 0 0 0.5 0 0 cm /Fm1 Do Q",
			form:    "BT /F1 10 Tf (in form) Tj ET",
			want:    []want{{"in form", 5}},
		},
		{
			name:    "form XObject with its /Matrix",
			content: "q 1 0 0 1 40 40 cm /Fm1 Do Q",
			form:    "BT /F1 12 Tf (matrix) Tj ET",
			matrix:  "0.25 0 0 0.25 0 0",
			want:    []want{{"matrix", 3}},
		},
		{
			name:    "TJ, escapes, quote operators",
			content: "BT /F1 9 Tf 12 TL [(T) -20 (J)] TJ (a\\(b\\)\\101) ' 1 2 (q) \" ET",
			want:    []want{{"TJ", 9}, {"a(b)A", 9}, {"q", 9}},
		},
		{
			name:    "invisible text is not printed",
			content: "BT /F1 2 Tf 3 Tr (hidden) Tj 0 Tr /F1 9 Tf (shown) Tj ET",
			want:    []want{{"shown", 9}},
		},
		{
			name:    "inline images and dictionaries are skipped",
			content: "/Tag << /MCID 0 >> BDC BI /W 1 /H 1 /BPC 8 /CS /G ID \x00(\x00 EI EMC BT /F1 6.5 Tf (after) Tj ET",
			want:    []want{{"after", 6.5}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spans, err := Read(handPDF(c.content, c.form, c.matrix))
			if err != nil {
				t.Fatal(err)
			}
			if len(spans) != len(c.want) {
				t.Fatalf("got %d spans %v, want %v", len(spans), spans, c.want)
			}
			for i, w := range c.want {
				if s := spans[i]; s.Text != w.text || !near(s.Size, w.size) || s.Page != 1 {
					t.Errorf("span %d is %v, want %q at %.2f pt on page 1", i, s, w.text, w.size)
				}
			}
		})
	}
}

// TestReadFpdf reads back what fpdf writes: UTF-8 fonts (two-byte codes),
// a scale transformation, and a template (form XObject) placed at half
// its size on a second page.
func TestReadFpdf(t *testing.T) {
	f := fpdf.New("P", "mm", "A4", "")
	f.AddUTF8FontFromBytes("go", "", goregular.TTF)
	f.SetFont("go", "", 12)
	f.AddPage()
	f.Text(20, 20, "Run · 12 pt")
	f.TransformBegin()
	f.TransformScale(50, 50, 20, 40)
	f.Text(20, 40, "scaled")
	f.TransformEnd()
	tpl := f.CreateTemplate(func(tp *fpdf.Tpl) {
		tp.SetFont("go", "", 10)
		tp.Text(5, 10, "in template")
	})
	f.AddPage()
	_, size := tpl.Size()
	f.UseTemplateScaled(tpl, fpdf.PointType{X: 10, Y: 10}, fpdf.SizeType{Wd: size.Wd / 2, Ht: size.Ht / 2})
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	spans, err := Read(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := []Span{{Page: 1, Text: "Run · 12 pt", Size: 12}, {Page: 1, Text: "scaled", Size: 6}, {Page: 2, Text: "in template", Size: 5}}
	if len(spans) != len(want) {
		t.Fatalf("got %v, want %v", spans, want)
	}
	for i, w := range want {
		if s := spans[i]; s.Page != w.Page || s.Text != w.Text || !near(s.Size, w.Size) {
			t.Errorf("span %d is %v, want %v", i, s, w)
		}
	}
	// fpdf places text from the top of the page in mm; the span is where
	// it lands in pt from the bottom.
	if s := spans[0]; !near(s.X, 20*72/25.4) || !near(s.Y, (297-20)*72/25.4) {
		t.Errorf("the first span is at %.2f, %.2f pt", s.X, s.Y)
	}
	if s, ok := Smallest(spans); !ok || s.Text != "in template" {
		t.Errorf("the smallest span is %v (%v)", s, ok)
	}
}

func TestSmallestSkipsWhiteSpace(t *testing.T) {
	spans := []Span{{Text: "big", Size: 9}, {Text: " \t", Size: 1}, {Text: "small", Size: 6}}
	if s, ok := Smallest(spans); !ok || s.Text != "small" {
		t.Errorf("the smallest span is %v (%v)", s, ok)
	}
	if _, ok := Smallest([]Span{{Text: " ", Size: 3}}); ok {
		t.Error("white space alone has a smallest span")
	}
	if got := (Span{Page: 2, Text: "x", Size: 5.5}).String(); !strings.Contains(got, "5.50 pt") {
		t.Errorf("String() = %q", got)
	}
}

// TestColoursRGB: the colours of rg, RG, g and G, in the page and in a
// form, read back to 8 bits; k is no RGB colour.
func TestColoursRGB(t *testing.T) {
	pdf := handPDF("1 0 0 rg 0.1686 0.1765 0.2588 RG 0.502 g 0 0 0 1 k /Fm1 Do", "0 G", "")
	u, err := Colours(pdf)
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint32]int{0xff0000: 1, 0x2b2d42: 1, 0x808080: 1, 0x000000: 1}
	if fmt.Sprint(u.RGB) != fmt.Sprint(want) {
		t.Errorf("RGB %v, want %v", u.RGB, want)
	}
}
