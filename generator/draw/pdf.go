package draw

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"hash"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/runforge/runforge/layout"
)

// pdfFamily is the font family name the embedded Go fonts are registered as.
const (
	pdfFamily     = "go"
	pdfMonoFamily = "gomono"
)

// PDF is a PDF document being written with fpdf. Every page carries a
// TrimBox; the embedded Go fonts are subset into the file.
type PDF struct {
	f      *fpdf.Fpdf
	err    error // first error inside a template (fpdf keeps those apart)
	fonts  *Fonts
	used   map[FontStyle]bool
	duplex layout.Duplex
	// cmyk writes every colour and picture as DeviceCMYK (PDFInfo.CMYK);
	// pdfx declares PDF/X-1a (PDFInfo.PDFX).
	cmyk, pdfx bool
	// observe gives the canvas each page is also drawn on (see Observe);
	// nil for none.
	observe func(w, h float64) Canvas
}

// PDFInfo is the document metadata. Created is written as both creation and
// modification date so that identical input gives identical bytes.
type PDFInfo struct {
	Title   string
	Created time.Time
	// Duplex is how the pages are meant to go through the printer, written
	// as the print dialog's preset (/ViewerPreferences /Duplex): long-edge
	// flip (the zero value), short-edge flip, or one-sided for
	// layout.NoDuplex. Every document also asks to print at 100%
	// (/PrintScaling /None).
	Duplex layout.Duplex
	// CMYK writes every colour as DeviceCMYK, within the ink limit
	// (Color.CMYK, MaxInk), and every picture as a DeviceCMYK image; a
	// picture with transparency is refused (see image.go).
	CMYK bool
	// PDFX declares the document PDF/X-1a:2001, for print shops (see
	// pdfx.go); it implies CMYK. Its pages must have a TrimBox (AddPage
	// sets one).
	PDFX bool
}

// NewPDF starts a document that draws text in fonts.
func NewPDF(info PDFInfo, fonts *Fonts) *PDF {
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 210, Ht: 297}})
	f.SetCompression(true)
	// Each page is compressed as it ends: a deck of thousands of cards
	// keeps its pages compressed, not their drawing.
	f.SetStreamPages(true)
	f.SetCatalogSort(true)
	f.SetCreationDate(info.Created.UTC())
	f.SetModificationDate(info.Created.UTC())
	f.SetProducer("runforge", false)
	f.SetCreator("runforge", false)
	if info.Title != "" {
		f.SetTitle(bmpOnly(info.Title), true)
	}
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	if info.CMYK || info.PDFX {
		// The canvas writes every colour (PDFCanvas.setFill).
		f.SetColorsUnwritten()
	}
	return &PDF{f: f, fonts: fonts, used: map[FontStyle]bool{}, duplex: info.Duplex, cmyk: info.CMYK || info.PDFX, pdfx: info.PDFX}
}

// SetDuplex changes the duplex preset written for the viewer (see
// PDFInfo.Duplex).
func (d *PDF) SetDuplex(m layout.Duplex) { d.duplex = m }

// useFont embeds a font style the first time it is needed: parsing and
// subsetting a font is a large part of writing a small PDF.
func (d *PDF) useFont(st FontStyle) {
	if d.used[st] {
		return
	}
	d.used[st] = true
	family, style := pdfFont(d.fonts, st)
	d.f.AddUTF8FontFromBytes(family, style, d.fonts.Data(st))
}

// SetCompression turns the compression of page and form streams on or off
// (fonts stay compressed).
func (d *PDF) SetCompression(on bool) { d.f.SetCompression(on) }

// pdfFont is the fpdf family and style a font style is registered under.
func pdfFont(fonts *Fonts, st FontStyle) (family, style string) {
	switch {
	case !fonts.Builtin(st):
		return fmt.Sprintf("packfont%d", int(st)), ""
	case st == Mono:
		return pdfMonoFamily, ""
	}
	return pdfFamily, pdfStyles[st]
}

// Observe makes the document draw each page it adds from now on also on
// the canvas page(w, h) returns: every call as the PDF page gets it,
// templates played where they are placed (clipped to their size) and
// pictures noted to a canvas that is a PictureObserver. Tests read what a
// build prints this way; the PDF's bytes do not change.
func (d *PDF) Observe(page func(w, h float64) Canvas) { d.observe = page }

// PictureObserver is an observing canvas (see PDF.Observe) told where
// pictures are placed: dst is the picture's box, clip what shows of it.
type PictureObserver interface {
	Picture(dst, clip layout.Rect)
}

// AddPage starts a w x h mm page, with its TrimBox, and returns its canvas.
func (d *PDF) AddPage(w, h float64) *PDFCanvas {
	d.f.AddPageFormat("P", fpdf.SizeType{Wd: w, Ht: h})
	d.f.SetPageBox("trim", 0, 0, w, h)
	c := &PDFCanvas{f: d.f, doc: d, fonts: d.fonts, cmyk: d.cmyk}
	if d.observe != nil {
		c.obs = d.observe(w, h)
	}
	return c
}

// PDFTemplate is drawing recorded once and placed many times (a form XObject).
type PDFTemplate struct {
	t    fpdf.Template
	w, h float64
	// tape keeps the drawing for the canvases of an observed document
	// (see PDF.Observe); nil when the document is not observed.
	tape *Tape
}

// Template records drawing on a w x h mm surface once, for reuse with
// PDFCanvas.UseTemplate. Fonts used inside are embedded with the document's.
func (d *PDF) Template(w, h float64, draw func(Canvas)) *PDFTemplate {
	// A template shares the document's fonts but cannot add any: find the
	// styles it uses first.
	probe := &fontProbe{used: map[FontStyle]bool{}}
	draw(probe)
	for st := range probe.used {
		d.useFont(st)
	}
	d.registerImages(probe.images)
	cmyk := d.cmyk
	t := d.f.CreateTemplateCustom(fpdf.PointType{}, fpdf.SizeType{Wd: w, Ht: h}, func(tpl *fpdf.Tpl) {
		draw(&PDFCanvas{f: &tpl.Fpdf, fonts: d.fonts, cmyk: cmyk})
		if err := tpl.Fpdf.Error(); err != nil && d.err == nil {
			d.err = fmt.Errorf("drawing a template: %w", err)
		}
	})
	tpl := &PDFTemplate{t: t, w: w, h: h}
	if d.observe != nil {
		tpl.tape = &Tape{}
		draw(tpl.tape)
	}
	return tpl
}

// Write finishes the document: fpdf's output with the viewer preferences
// added to the catalog and the embedded font subsets named with their
// subset tags.
func (d *PDF) Write(w io.Writer) error {
	if d.err != nil {
		return d.err
	}
	var raw bytes.Buffer
	if err := d.f.Output(&raw); err != nil {
		return fmt.Errorf("writing PDF: %w", err)
	}
	fonts := map[string]string{}
	for st := range d.used {
		family, style := pdfFont(d.fonts, st)
		// fpdf names a UTF-8 font "utf8" + its font key.
		fonts["utf8"+strings.ToLower(family)+strings.ToUpper(style)] = d.fonts.PostScriptName(st)
	}
	sorted, err := sortImageObjects(raw.Bytes())
	if err != nil {
		return fmt.Errorf("writing PDF: %w", err)
	}
	if d.pdfx {
		out, err := finishPDFX(sorted, fonts, d.duplex)
		if err != nil {
			return fmt.Errorf("writing PDF: %w", err)
		}
		if _, err := w.Write(out); err != nil {
			return fmt.Errorf("writing PDF: %w", err)
		}
		return nil
	}
	// The finished document goes to w as it is made: holding it too
	// would keep a third copy of a deck's file in memory beside fpdf's.
	if err := writeFinishedPDF(w, sorted, viewerPreferences(d.duplex), fonts, nil); err != nil {
		return fmt.Errorf("writing PDF: %w", err)
	}
	return nil
}

// viewerPreferences asks viewers to print at 100% (no "fit to page": cards
// shrunk by 3% no longer fit their sleeves) and presets the duplex flip.
func viewerPreferences(m layout.Duplex) string {
	duplex := "/DuplexFlipLongEdge"
	switch m {
	case layout.ShortEdge:
		duplex = "/DuplexFlipShortEdge"
	case layout.NoDuplex:
		duplex = "/Simplex"
	}
	return "/ViewerPreferences << /PrintScaling /None /Duplex " + duplex + " >>"
}

// pdfObject is one indirect object of a PDF being finished: its bytes,
// where they were, and where its dictionary (before any stream) ends.
type pdfObject struct {
	num      int
	data     []byte
	dictEnd  int
	startOld int
}

// finishPDF edits fpdf's output: the catalog gets prefs, every font name in
// fonts (fpdf's name -> PostScript name) becomes TAG+PostScriptName with a
// subset tag of six capitals derived from the embedded subset (PDF 32000
// 9.6.4: a subset font's name starts with its tag), the header announces
// PDF 1.7 (/Duplex in ViewerPreferences is 1.7) and the cross-reference
// table is rebuilt. The edits are a function of the bytes only, so
// identical input still gives identical output. x, when not nil, makes the
// document PDF/X instead (see finishPDFX): the header stays fpdf's.
func finishPDF(raw []byte, prefs string, fonts map[string]string, x *pdfxEdits) ([]byte, error) {
	var out bytes.Buffer
	out.Grow(len(raw) + 256)
	if err := writeFinishedPDF(&out, raw, prefs, fonts, x); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// writeFinishedPDF is finishPDF writing the document to w as it is made.
// Every edit is checked before the first byte is written, so an error
// leaves w untouched, but for an error of w itself.
func writeFinishedPDF(w io.Writer, raw []byte, prefs string, fonts map[string]string, x *pdfxEdits) error {
	objs, xref, root, err := splitPDF(raw)
	if err != nil {
		return err
	}
	byNum := map[int]*pdfObject{}
	for _, o := range objs {
		byNum[o.num] = o
	}
	// Tags: a hash of each font's embedded subset (its FontFile2 stream).
	rename := map[string]string{}
	for _, o := range objs {
		dict := o.data[:o.dictEnd]
		if !bytes.Contains(dict, []byte("/Type /FontDescriptor")) {
			continue
		}
		name := pdfNameAfter(dict, "/FontName /")
		ps, ok := fonts[name]
		if !ok {
			continue
		}
		file := byNum[pdfRefAfter(dict, "/FontFile2 ")]
		if file == nil {
			return fmt.Errorf("font %s: no embedded font file", name)
		}
		h := sha256.New()
		h.Write([]byte(name))
		h.Write([]byte{0})
		h.Write(file.data)
		rename[name] = subsetTag(h.Sum(nil)) + "+" + ps
	}
	if len(rename) != len(fonts) {
		return fmt.Errorf("found %d of %d embedded fonts", len(rename), len(fonts))
	}
	names := make([]string, 0, len(rename))
	for n := range rename {
		names = append(names, n)
	}
	sort.Strings(names)
	catalog := byNum[root]
	if catalog == nil {
		return fmt.Errorf("no catalog")
	}
	for n := 1; n < xref.size; n++ {
		if byNum[n] == nil {
			return fmt.Errorf("object %d is not in the file", n)
		}
	}
	renamed := func(dict []byte) []byte {
		for _, n := range names {
			dict = replacePDFName(dict, n, rename[n])
		}
		return dict
	}
	const typ = "/Type /Catalog\n"
	catalogDict := renamed(catalog.data[:catalog.dictEnd])
	at := bytes.Index(catalogDict, []byte(typ))
	if at < 0 {
		return fmt.Errorf("catalog without /Type /Catalog")
	}
	at += len(typ)
	catalogDict = append(append(append(append([]byte(nil), catalogDict[:at]...), prefs...), '\n'), catalogDict[at:]...)
	var info []byte
	trailer := xref.trailer
	if x != nil {
		if o := byNum[xref.info]; o != nil {
			if info, err = x.info(renamed(o.data[:o.dictEnd])); err != nil {
				return err
			}
		}
		if trailer, err = x.trailer(trailer, raw); err != nil {
			return err
		}
	}
	out := newOffsetWriter(w, nil)
	head := raw[:objs[0].startOld]
	if v := []byte("%PDF-1."); x == nil && bytes.HasPrefix(head, v) && len(head) > len(v) && head[len(v)] < '7' {
		out.put(v)
		out.putString("7")
		out.put(head[len(v)+1:])
	} else {
		out.put(head)
	}
	offsets := make([]int, xref.size)
	for _, o := range objs {
		offsets[o.num] = out.n
		dict, rest := renamed(o.data[:o.dictEnd]), o.data[o.dictEnd:]
		switch {
		case o == catalog:
			dict = catalogDict
		case x != nil && o.num == xref.info:
			dict = info
		}
		out.put(dict)
		out.put(rest)
	}
	// The table as fpdf writes it, entries in object number order.
	start := out.n
	out.putf("xref\n0 %d\n0000000000 65535 f \n", xref.size)
	for n := 1; n < xref.size; n++ {
		out.putXrefEntry(offsets[n])
	}
	out.put(trailer)
	out.putf("startxref\n%d\n%%%%EOF\n", start)
	return out.Flush()
}

// pdfXref is what splitPDF keeps of the cross-reference section.
type pdfXref struct {
	size    int
	trailer []byte // from "trailer" up to "startxref"
	info    int    // the object number of the document information
}

// splitPDF cuts fpdf's output into its objects, in file order, using the
// cross-reference table; root is the catalog's object number.
func splitPDF(raw []byte) (objs []*pdfObject, x pdfXref, root int, err error) {
	i := bytes.LastIndex(raw, []byte("startxref\n"))
	if i < 0 {
		return nil, x, 0, fmt.Errorf("no startxref")
	}
	line, _, _ := bytes.Cut(raw[i+len("startxref\n"):], []byte("\n"))
	xrefAt, err := strconv.Atoi(string(line))
	if err != nil || xrefAt <= 0 || xrefAt >= i {
		return nil, x, 0, fmt.Errorf("bad startxref %q", line)
	}
	sec := raw[xrefAt:i]
	var size int
	if _, err := fmt.Sscanf(string(sec), "xref\n0 %d\n", &size); err != nil || size < 2 {
		return nil, x, 0, fmt.Errorf("bad xref table")
	}
	entries := sec[bytes.IndexByte(sec[len("xref\n"):], '\n')+len("xref\n")+1:]
	if len(entries) < 20*size {
		return nil, x, 0, fmt.Errorf("short xref table")
	}
	x.size, x.trailer = size, entries[20*size:]
	if !bytes.HasPrefix(x.trailer, []byte("trailer")) {
		return nil, x, 0, fmt.Errorf("no trailer after the xref table")
	}
	root = pdfRefAfter(x.trailer, "/Root ")
	x.info = pdfRefAfter(x.trailer, "/Info ")
	for n := 1; n < size; n++ {
		e := entries[20*n : 20*n+20]
		if e[17] != 'n' {
			return nil, x, 0, fmt.Errorf("xref entry %d is not in use", n)
		}
		off, err := strconv.Atoi(string(e[:10]))
		if err != nil || off <= 0 || off >= xrefAt {
			return nil, x, 0, fmt.Errorf("bad xref entry %d", n)
		}
		objs = append(objs, &pdfObject{num: n, startOld: off})
	}
	sort.Slice(objs, func(a, b int) bool { return objs[a].startOld < objs[b].startOld })
	for k, o := range objs {
		end := xrefAt
		if k+1 < len(objs) {
			end = objs[k+1].startOld
		}
		o.data = raw[o.startOld:end]
		if !bytes.HasPrefix(o.data, []byte(strconv.Itoa(o.num)+" 0 obj")) {
			return nil, x, 0, fmt.Errorf("object %d is not where the xref table says", o.num)
		}
		o.dictEnd = len(o.data)
		if s := bytes.Index(o.data, []byte("stream\n")); s >= 0 {
			o.dictEnd = s
		}
	}
	return objs, x, root, nil
}

// subsetTag makes six capital letters from a hash.
func subsetTag(sum []byte) string {
	var b [6]byte
	for i := range b {
		b[i] = 'A' + sum[i]%26
	}
	return string(b[:])
}

// pdfNameAfter returns the name that follows key in a dictionary ("" if none).
func pdfNameAfter(dict []byte, key string) string {
	i := bytes.Index(dict, []byte(key))
	if i < 0 {
		return ""
	}
	rest := dict[i+len(key):]
	end := bytes.IndexFunc(rest, isPDFDelimiter)
	if end < 0 {
		end = len(rest)
	}
	return string(rest[:end])
}

// pdfRefAfter returns the object number of the reference "N 0 R" after key.
func pdfRefAfter(dict []byte, key string) int {
	i := bytes.Index(dict, []byte(key))
	if i < 0 {
		return 0
	}
	var n, g int
	if _, err := fmt.Sscanf(string(dict[i+len(key):]), "%d %d R", &n, &g); err != nil {
		return 0
	}
	return n
}

// replacePDFName replaces the name /old (whole names only) by /new.
func replacePDFName(dict []byte, old, new string) []byte {
	pat := []byte("/" + old)
	var out []byte
	for {
		i := bytes.Index(dict, pat)
		if i < 0 {
			break
		}
		end := i + len(pat)
		if end < len(dict) && !isPDFDelimiter(rune(dict[end])) {
			out = append(out, dict[:end]...)
			dict = dict[end:]
			continue
		}
		out = append(append(append(out, dict[:i]...), '/'), new...)
		dict = dict[end:]
	}
	if out == nil {
		return dict
	}
	return append(out, dict...)
}

// isPDFDelimiter reports white space and delimiters, which end a PDF name.
func isPDFDelimiter(r rune) bool {
	return strings.ContainsRune(" \t\r\n\f\x00()<>[]{}/%", r)
}

// PageCount is the number of pages so far.
func (d *PDF) PageCount() int { return d.f.PageCount() }

// PDFCanvas draws on a PDF page or template.
type PDFCanvas struct {
	f     *fpdf.Fpdf
	fonts *Fonts
	doc   *PDF  // nil inside a template
	stack []int // clips opened at each Push level
	obs   Canvas
	// cmyk draws in DeviceCMYK (PDFInfo.CMYK); fill and stroke are the
	// colour operators last written since the graphics state was last
	// restored ("" for none), not to write them again.
	cmyk         bool
	fill, stroke string
}

var _ Canvas = (*PDFCanvas)(nil)

func (c *PDFCanvas) style(s Style) string {
	op := ""
	if s.Fill != nil {
		c.setFill(*s.Fill)
		op += "F"
	}
	if s.Stroke != nil {
		c.setStroke(*s.Stroke)
		c.f.SetLineWidth(s.Width)
		op += "D"
	}
	return op
}

// setFill sets the colour shapes are filled and text is set in: through
// fpdf in RGB, as a k operator in CMYK. fpdf then keeps its own fill and
// text colours at their start (black), so it never writes an RGB colour
// itself nor wraps text in a colour of its own.
func (c *PDFCanvas) setFill(col Color) {
	if !c.cmyk {
		c.f.SetFillColor(int(col.R), int(col.G), int(col.B))
		return
	}
	if op := cmykOperands(col.CMYK()) + " k"; op != c.fill {
		c.f.RawWriteStr(op)
		c.fill = op
	}
}

// setStroke sets the colour lines are stroked in (see setFill).
func (c *PDFCanvas) setStroke(col Color) {
	if !c.cmyk {
		c.f.SetDrawColor(int(col.R), int(col.G), int(col.B))
		return
	}
	if op := cmykOperands(col.CMYK()) + " K"; op != c.stroke {
		c.f.RawWriteStr(op)
		c.stroke = op
	}
}

// Rect implements Canvas.
func (c *PDFCanvas) Rect(x, y, w, h, r float64, s Style) {
	if c.obs != nil {
		c.obs.Rect(x, y, w, h, r, s)
	}
	op := c.style(s)
	if op == "" {
		return
	}
	if r > 0 {
		c.f.RoundedRect(x, y, w, h, r, "1234", op)
		return
	}
	c.f.Rect(x, y, w, h, op)
}

// Ellipse implements Canvas.
func (c *PDFCanvas) Ellipse(x, y, w, h float64, s Style) {
	if c.obs != nil {
		c.obs.Ellipse(x, y, w, h, s)
	}
	if op := c.style(s); op != "" {
		c.f.Ellipse(x+w/2, y+h/2, w/2, h/2, 0, op)
	}
}

// Line implements Canvas.
func (c *PDFCanvas) Line(x1, y1, x2, y2 float64, col Color, width float64) {
	if c.obs != nil {
		c.obs.Line(x1, y1, x2, y2, col, width)
	}
	c.setStroke(col)
	c.f.SetLineWidth(width)
	c.f.Line(x1, y1, x2, y2)
}

// Path implements Canvas.
func (c *PDFCanvas) Path(p *Path, col Color) {
	if c.obs != nil {
		c.obs.Path(p, col)
	}
	c.setFill(col)
	for _, op := range p.Ops {
		switch op.Kind {
		case MoveTo:
			c.f.MoveTo(op.P[0][0], op.P[0][1])
		case LineTo:
			c.f.LineTo(op.P[0][0], op.P[0][1])
		case CubicTo:
			c.f.CurveBezierCubicTo(op.P[0][0], op.P[0][1], op.P[1][0], op.P[1][1], op.P[2][0], op.P[2][1])
		case Close:
			c.f.ClosePath()
		}
	}
	c.f.DrawPath("F")
}

var pdfStyles = [...]string{"", "B", "I", "BI", ""}

// Text implements Canvas.
func (c *PDFCanvas) Text(x, y float64, s string, st FontStyle, size float64, col Color) {
	if c.doc != nil {
		c.doc.useFont(st)
	}
	family, style := pdfFont(c.fonts, st)
	c.f.SetFont(family, style, size)
	s = bmpOnly(s)
	if c.obs != nil {
		c.obs.Text(x, y, s, st, size, col)
	}
	if c.cmyk {
		c.setFill(col)
	} else {
		c.f.SetTextColor(int(col.R), int(col.G), int(col.B))
	}
	c.f.Text(x, y, s)
}

// Push implements Canvas.
func (c *PDFCanvas) Push() {
	if c.obs != nil {
		c.obs.Push()
	}
	c.f.TransformBegin()
	c.stack = append(c.stack, 0)
}

// Pop implements Canvas. The page gets back the graphics state of the
// matching Push, fill colour and font included, but fpdf still holds the
// ones set since and skips setting them again: text in the fill colour
// fpdf holds is drawn in the restored one (white marks of a border left the
// next dark text white), text in the font it holds in the restored font.
// Pop sets both again, so that the page has what fpdf holds.
func (c *PDFCanvas) Pop() {
	n := len(c.stack)
	if n == 0 {
		return
	}
	if c.obs != nil {
		c.obs.Pop()
	}
	for i := 0; i < c.stack[n-1]; i++ {
		c.f.ClipEnd()
	}
	c.stack = c.stack[:n-1]
	c.f.TransformEnd()
	if c.cmyk {
		// The restored state has the colours of the Push: write them
		// again when next used.
		c.fill, c.stroke = "", ""
	} else {
		r, g, b := c.f.GetFillColor()
		c.f.SetFillColor(r, g, b)
	}
	if c.f.GetFontFamily() != "" {
		pt, _ := c.f.GetFontSize()
		c.f.SetFontSize(pt)
	}
}

// Translate implements Canvas. Like Rotate, it must be inside Push/Pop.
func (c *PDFCanvas) Translate(dx, dy float64) {
	if c.obs != nil {
		c.obs.Translate(dx, dy)
	}
	c.f.TransformTranslate(dx, dy)
}

// Rotate implements Canvas (fpdf turns counter-clockwise).
func (c *PDFCanvas) Rotate(deg, cx, cy float64) {
	if c.obs != nil {
		c.obs.Rotate(deg, cx, cy)
	}
	c.f.TransformRotate(-deg, cx, cy)
}

// ClipRect implements Canvas.
func (c *PDFCanvas) ClipRect(x, y, w, h float64) {
	if c.obs != nil {
		c.obs.ClipRect(x, y, w, h)
	}
	c.f.ClipRect(x, y, w, h, false)
	if n := len(c.stack); n > 0 {
		c.stack[n-1]++
	}
}

// UseTemplate places a template with its top-left corner at (x, y).
func (c *PDFCanvas) UseTemplate(t *PDFTemplate, x, y float64) {
	if c.obs != nil && t.tape != nil {
		c.obs.Push()
		c.obs.Translate(x, y)
		c.obs.ClipRect(0, 0, t.w, t.h)
		t.tape.Play(c.obs)
		c.obs.Pop()
	}
	c.f.UseTemplateScaled(t.t, fpdf.PointType{X: x, Y: y}, fpdf.SizeType{Wd: t.w, Ht: t.h})
}

// fontProbe is a Canvas that only notes which font styles are drawn.
type fontProbe struct {
	used map[FontStyle]bool
	// images are the pictures drawn (see image.go).
	images []picture
}

// Discard returns a canvas that draws nothing: to measure a drawing before
// it is placed.
func Discard() Canvas { return &fontProbe{used: map[FontStyle]bool{}} }

func (p *fontProbe) Rect(x, y, w, h, r float64, s Style)                 {}
func (p *fontProbe) Ellipse(x, y, w, h float64, s Style)                 {}
func (p *fontProbe) Line(x1, y1, x2, y2 float64, c Color, width float64) {}
func (p *fontProbe) Path(*Path, Color)                                   {}
func (p *fontProbe) Text(x, y float64, s string, f FontStyle, size float64, c Color) {
	p.used[f] = true
}
func (p *fontProbe) Push()                       {}
func (p *fontProbe) Pop()                        {}
func (p *fontProbe) Translate(dx, dy float64)    {}
func (p *fontProbe) Rotate(deg, cx, cy float64)  {}
func (p *fontProbe) ClipRect(x, y, w, h float64) {}

// bmpOnly replaces characters beyond the Basic Multilingual Plane (emoji and
// the like) with '?': fpdf cannot encode them, and the Go fonts have no
// glyphs for them anyway (validate warns with text/glyph).
func bmpOnly(s string) string {
	for _, r := range s {
		if r > 0xFFFF {
			return strings.Map(func(r rune) rune {
				if r > 0xFFFF {
					return '?'
				}
				return r
			}, s)
		}
	}
	return s
}

// AddPressPage starts a page of a trim w x h mm card with bleed on every
// side: MediaBox and BleedBox are the trim plus the bleed, TrimBox the trim.
// fpdf writes a page's boxes in map order: the caller puts them in order
// in Write's output to make it deterministic.
func (d *PDF) AddPressPage(w, h, bleed float64) *PDFCanvas {
	pw, ph := w+2*bleed, h+2*bleed
	c := d.AddPage(pw, ph)
	// fpdf does not turn box coordinates upside down (its y runs from the
	// page's bottom here); the boxes are centred, so that does not matter.
	d.f.SetPageBox("trim", bleed, bleed, w, h)
	d.f.SetPageBox("bleed", 0, 0, pw, ph)
	return c
}

// offsetWriter writes a document through a buffer, counting the bytes
// written so far (the offset of the next object) and, with a hash, adding
// them to it. The buffer keeps the first write error, which Flush returns.
type offsetWriter struct {
	w   *bufio.Writer
	h   hash.Hash
	n   int
	fmt []byte // scratch for putf
}

// newOffsetWriter writes to w, adding what it writes to h when h is not
// nil.
func newOffsetWriter(w io.Writer, h hash.Hash) *offsetWriter {
	return &offsetWriter{w: bufio.NewWriterSize(w, 64<<10), h: h}
}

// put writes p.
func (o *offsetWriter) put(p []byte) {
	o.n += len(p)
	if o.h != nil {
		o.h.Write(p)
	}
	// An error stays in the buffer: Flush returns it.
	if _, err := o.w.Write(p); err != nil {
		return
	}
}

// putString writes s.
func (o *offsetWriter) putString(s string) {
	o.n += len(s)
	if o.h != nil {
		o.h.Write([]byte(s))
	}
	if _, err := o.w.WriteString(s); err != nil {
		return // kept for Flush
	}
}

// putf writes fmt.Sprintf(format, args...).
func (o *offsetWriter) putf(format string, args ...any) {
	o.fmt = fmt.Appendf(o.fmt[:0], format, args...)
	o.put(o.fmt)
}

// putXrefEntry writes the cross-reference entry of an object in use at
// offset off: "%010d 00000 n \n".
func (o *offsetWriter) putXrefEntry(off int) {
	o.fmt = strconv.AppendInt(o.fmt[:0], int64(off), 10)
	if pad := 10 - len(o.fmt); pad > 0 {
		o.putString("0000000000"[:pad])
	}
	o.put(o.fmt)
	o.putString(" 00000 n \n")
}

// Flush writes what is buffered and returns the first write error.
func (o *offsetWriter) Flush() error { return o.w.Flush() }
