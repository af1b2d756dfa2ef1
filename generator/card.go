package generator

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Renderer draws cards and tokens. It is safe for concurrent use.
type Renderer struct {
	Fonts *draw.Fonts
	// InkSaver prints no large fills: backgrounds stay white and filled
	// shapes marked inkSaver: outline become outlines.
	InkSaver bool
	// Grayscale turns every colour grey, for monochrome printers.
	Grayscale bool
	// CMYK writes r's PDFs in process colour within the ink limit
	// (draw.PDFInfo.CMYK), and a document that asks for PDF/X
	// (draw.PDFInfo.PDFX, the press layout) as PDF/X-1a; see WithCMYK.
	CMYK bool

	// images holds the pictures of the pack ForPack made the renderer
	// for (image boxes); nil draws none.
	images *draw.ImageStore
	// games are what the games bring to rendering: derived fields, box
	// drawers, kinds and kit outputs.
	games []Game
	// observe gives the canvas every page of r's PDFs is also drawn on
	// (see Observed); nil for none.
	observe func(doc string, w, h float64) draw.Canvas
	// previews keeps rendered previews between builds, by previewBase and
	// their drawing (WithPreviewCache); nil for none.
	previews    PreviewCache
	previewBase string
}

// NewRenderer returns a renderer with the embedded fonts that draws what
// the given games bring (the first game that has a card type, box type or
// kind draws it).
func NewRenderer(inkSaver bool, games ...Game) (*Renderer, error) {
	f, err := draw.NewFonts()
	if err != nil {
		return nil, err
	}
	return &Renderer{Fonts: f, InkSaver: inkSaver, games: games}, nil
}

// WithOptions returns a renderer sharing r's fonts with other variants.
func (r *Renderer) WithOptions(inkSaver, grayscale bool) *Renderer {
	return &Renderer{Fonts: r.Fonts, InkSaver: inkSaver, Grayscale: grayscale, CMYK: r.CMYK, images: r.images, games: r.games, observe: r.observe,
		previews: r.previews, previewBase: r.previewBase}
}

// WithCMYK returns a renderer like r whose PDFs are in process colour
// (cmyk true) or RGB.
func (r *Renderer) WithCMYK(cmyk bool) *Renderer {
	out := *r
	out.CMYK = cmyk
	return &out
}

// Observed returns a renderer like r whose PDFs also draw every page on
// the canvas page(doc, w, h) returns, doc being the PDF's title (see
// draw.PDF.Observe): how tests read what a build prints. The build's
// jobs call page from several goroutines.
func (r *Renderer) Observed(page func(doc string, w, h float64) draw.Canvas) *Renderer {
	out := *r
	out.observe = page
	return &out
}

// NewPDF starts a PDF document that draws text in r's fonts (observed when
// r is, see Observed), in process colour when r is CMYK. info.PDFX asks for
// PDF/X-1a, which only a CMYK renderer writes: a press document asks for
// it always, and is PDF/X when built with --cmyk.
func (r *Renderer) NewPDF(info draw.PDFInfo) *draw.PDF {
	info.CMYK = info.CMYK || r.CMYK
	info.PDFX = info.PDFX && r.CMYK
	doc := draw.NewPDF(info, r.Fonts)
	if page := r.observe; page != nil {
		title := info.Title
		doc.Observe(func(w, h float64) draw.Canvas { return page(title, w, h) })
	}
	return doc
}

// ForPack returns a renderer that also knows the pack's own fonts and
// draws the pictures of its image boxes, read from the pack's files.
func (r *Renderer) ForPack(p *schema.Pack) (*Renderer, error) {
	fonts, err := r.Fonts.WithPackFonts(p.FontData)
	if err != nil {
		return nil, err
	}
	return &Renderer{Fonts: fonts, InkSaver: r.InkSaver, Grayscale: r.Grayscale, CMYK: r.CMYK, images: draw.NewImageStore(p.FS), games: r.games, observe: r.observe}, nil
}

// printed is the colour c prints as in r's variant (grey in grayscale).
func (r *Renderer) printed(c draw.Color) draw.Color {
	if r.Grayscale {
		return c.Gray()
	}
	return c
}

// ReadableInk is the colour to set text in that runforge chooses (white on
// a player colour, light text on a dark tile) on ground, the fill under it
// as r prints it (white paper where ink saver leaves a fill out): ink when
// it reads there as printed (draw.MinContrast, judged in grey in the
// grayscale variant), else the dark ink or white, whichever reads better.
func (r *Renderer) ReadableInk(ink, ground draw.Color) draw.Color {
	if draw.Contrast(r.printed(ink), r.printed(ground)) >= draw.MinContrast {
		return ink
	}
	return draw.ReadableOn(r.printed(ink), r.printed(ground))
}

// VariantInk is a pack's text colour on ground as r prints it: as the pack
// gives it in colour (validate warns where it reads badly), and
// ReadableInk in the grayscale and ink-saver variants, whose changes to
// the pack's colours are runforge's.
func (r *Renderer) VariantInk(ink, ground draw.Color) draw.Color {
	if !r.Grayscale && !r.InkSaver {
		return ink
	}
	return r.ReadableInk(ink, ground)
}

// Surface applies the renderer's colour variant to a canvas.
func (r *Renderer) Surface(c draw.Canvas) draw.Canvas {
	if r.Grayscale {
		return draw.Grayscale(c)
	}
	return c
}

// CardData is what a template is filled with: a card's fields plus fields
// the game derives from them (Game.Derived, added when the card is drawn).
type CardData struct {
	Card   *schema.Card
	Deck   *schema.Deck
	pack   *schema.Pack
	fields map[string]string
	// tables are the fields that hold a mapping (RFoD's townLine: table):
	// they print as no text, but a card that has one has the field.
	tables map[string]bool
}

// NewCardData prepares a card of the pack p for rendering; p may be nil,
// and the fields the game derives when the card is drawn then use its
// default settings (such as Just Run's palette).
func NewCardData(p *schema.Pack, deck *schema.Deck, card *schema.Card) *CardData {
	d := &CardData{Card: card, Deck: deck, pack: p, fields: map[string]string{}}
	for k, v := range card.Fields {
		if l := card.List(k); l != nil {
			d.fields[k] = strings.Join(l, " ")
		} else if b, isBool := v.(bool); isBool {
			// A true flag is set (when: shows its box), a false one is not.
			d.fields[k] = boolField(b)
		} else if m, isMap := v.(map[string]any); isMap {
			if len(m) > 0 {
				if d.tables == nil {
					d.tables = map[string]bool{}
				}
				d.tables[k] = true
			}
		} else {
			d.fields[k] = card.Str(k)
		}
	}
	return d
}

// Field returns a field as text ("" when absent).
func (d *CardData) Field(name string) string { return d.fields[name] }

var interpolation = regexp.MustCompile(`\$\{([A-Za-z0-9_-]+)\}`)

// boxText is the text a box shows for the card.
func (d *CardData) boxText(b *schema.Box) string {
	if b.Field != "" {
		return d.Field(b.Field)
	}
	return interpolation.ReplaceAllStringFunc(b.Text, func(m string) string {
		return d.Field(m[2 : len(m)-1])
	})
}

// visible applies the box's when/equals condition.
func (d *CardData) visible(b *schema.Box) bool {
	if b.When == "" {
		return true
	}
	name, negate := strings.CutPrefix(b.When, "!")
	v := d.Field(name)
	ok := v != "" || d.tables[name]
	if b.Equals != nil {
		// equals: false matches a false or absent flag, printed as "".
		ok = v == toString(b.Equals)
	}
	return ok != negate
}

// boolField is a true/false card field as text: "true", or "" (absent).
func boolField(b bool) string {
	if b {
		return "true"
	}
	return ""
}

func toString(v any) string {
	switch t := v.(type) {
	case bool:
		return boolField(t)
	case string:
		return t
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	}
	return ""
}

// shape is a filled area drawn so far, to find the colour behind a box.
type shape struct {
	r     layout.Rect
	color draw.Color
}

// DrawCard draws one side of a card with its trim's top-left at the origin.
// bleed says how far the background may reach beyond the trim.
func (r *Renderer) DrawCard(c draw.Canvas, t *schema.Template, d *CardData, bleed layout.Sides) {
	c = r.Surface(c)
	d = r.withDerived(d)
	size, _ := t.TrimSize()
	w, h := size.W.MM(), size.H.MM()
	bg := draw.ColorOr(t.Background, draw.White)
	if r.InkSaver {
		bg = draw.White
	}
	c.Rect(-bleed.Left, -bleed.Top, w+bleed.Left+bleed.Right, h+bleed.Top+bleed.Bottom, 0, draw.Filled(bg))
	shapes := []shape{{layout.Rect{W: w, H: h}, bg}}
	defer draw.Note(c, func() string { return "" })
	for _, b := range t.Boxes {
		if !d.visible(b) {
			continue
		}
		box := layout.Rect{X: b.X.MM(), Y: b.Y.MM(), W: b.W.MM(), H: b.H.MM()}
		if b.Rotate != 0 {
			c.Push()
			c.Rotate(float64(b.Rotate), box.X+box.W/2, box.Y+box.H/2)
		}
		paper := paperBehind(shapes, box)
		draw.Note(c, func() string { return boxNote(t, b, d) })
		if filled, ok := r.drawBox(c, b, box, d, paper); ok {
			shapes = append(shapes, shape{box, filled})
		}
		if b.Rotate != 0 {
			c.Pop()
		}
	}
}

// boxNote names the box b of the template t drawn for the card d, for a
// canvas that takes notes (draw.Note).
func boxNote(t *schema.Template, b *schema.Box, d *CardData) string {
	s := "template " + t.ID + " box " + b.ID
	if d.Card != nil {
		s = "card " + d.Card.ID + ", " + s
	}
	return s
}

func paperBehind(shapes []shape, box layout.Rect) draw.Color {
	cx, cy := box.X+box.W/2, box.Y+box.H/2
	for i := len(shapes) - 1; i >= 0; i-- {
		s := shapes[i].r
		if cx >= s.X && cx <= s.Right() && cy >= s.Y && cy <= s.Bottom() {
			return shapes[i].color
		}
	}
	return draw.White
}

// drawBox draws one box; it returns the fill colour when the box paints an
// opaque area that later boxes sit on.
func (r *Renderer) drawBox(c draw.Canvas, b *schema.Box, box layout.Rect, d *CardData, paper draw.Color) (draw.Color, bool) {
	ink := r.VariantInk(draw.ColorOr(b.Color, draw.DarkInk), paper)
	switch b.Kind() {
	case "rect", "ellipse":
		st, filled := r.shapeStyle(b)
		if st.Fill == nil && st.Stroke == nil {
			return draw.Color{}, false
		}
		if b.Kind() == "rect" {
			c.Rect(box.X, box.Y, box.W, box.H, b.Radius.MM(), st)
		} else {
			c.Ellipse(box.X, box.Y, box.W, box.H, st)
		}
		if st.Fill != nil {
			return filled, true
		}
		return draw.Color{}, false
	case "line":
		c.Line(box.X, box.Y, box.Right(), box.Bottom(), draw.ColorOr(b.Stroke, ink), strokeWidth(b))
	case "icon":
		side := min(box.W, box.H)
		icons.Draw(c, b.Icon, box.X+(box.W-side)/2, box.Y+(box.H-side)/2, side, ink, paper)
	case "icons":
		r.drawIconRow(c, strings.Fields(d.boxText(b)), box, ink, paper)
	case "image":
		r.drawImageBox(c, b, box, d)
	case "text":
		text := d.boxText(b)
		if strings.TrimSpace(text) == "" {
			return draw.Color{}, false
		}
		block := typeset.Layout(r.Fonts, text, typeset.StyleOf(r.Fonts, b), box.W, box.H)
		if !block.Fits {
			c.Push()
			c.ClipRect(box.X-1, box.Y-1, box.W+2, box.H+2)
		}
		typeset.Draw(r.Fonts, c, block, box.X, box.Y, box.W, box.H, ink, paper)
		if !block.Fits {
			c.Pop()
		}
	default:
		if draw, ok := r.boxDrawerFor(b.Kind()); ok {
			draw(r, c, b, box, d, ink, paper)
		}
	}
	return draw.Color{}, false
}

// shapeStyle is the paint of a rect or ellipse, honouring ink-saver.
func (r *Renderer) shapeStyle(b *schema.Box) (draw.Style, draw.Color) {
	var st draw.Style
	var fill draw.Color
	if b.Fill != "" {
		fill = draw.ColorOr(b.Fill, draw.White)
		st.Fill = &fill
	}
	if b.Stroke != "" {
		s := draw.ColorOr(b.Stroke, draw.Black)
		st.Stroke, st.Width = &s, strokeWidth(b)
	}
	if r.InkSaver && st.Fill != nil {
		switch b.InkSaver {
		case "hide":
			return draw.Style{}, draw.Color{}
		case "outline":
			if st.Stroke == nil {
				st.Stroke, st.Width = &fill, 0.4
			}
			st.Fill = nil
		}
	}
	return st, fill
}

func strokeWidth(b *schema.Box) float64 {
	if b.StrokeWidth > 0 {
		return b.StrokeWidth.MM()
	}
	return 0.3
}

// drawIconRow centres a row of icons in the box.
func (r *Renderer) drawIconRow(c draw.Canvas, names []string, box layout.Rect, ink, paper draw.Color) {
	n := float64(len(names))
	if n == 0 {
		return
	}
	gap := 0.25
	size := min(box.H, box.W/(n+(n-1)*gap))
	total := n*size + (n-1)*gap*size
	x := box.X + (box.W-total)/2
	y := box.Y + (box.H-size)/2
	for _, name := range names {
		icons.Draw(c, name, x, y, size, ink, paper)
		x += size * (1 + gap)
	}
}

func IsLight(c draw.Color) bool {
	return 299*int(c.R)+587*int(c.G)+114*int(c.B) > 160*1000
}

// drawImageBox draws an image box: the picture it shows on the card, fit
// into the box. With ink saver on, inkSaver: hide leaves the box out and
// inkSaver: outline draws its frame instead; by default pictures print as
// they are.
func (r *Renderer) drawImageBox(c draw.Canvas, b *schema.Box, box layout.Rect, d *CardData) {
	p := b.ImagePath(d.Card)
	if p == "" || box.W <= 0 || box.H <= 0 || b.Alpha() <= 0 {
		return
	}
	if r.InkSaver {
		switch b.InkSaver {
		case "hide":
			return
		case "outline":
			c.Rect(box.X, box.Y, box.W, box.H, 0, draw.Stroked(draw.RGB(0x80, 0x80, 0x80), 0.3))
			return
		}
	}
	draw.DrawImage(c, r.images, p, b.Alpha(), box, b.FitMode(), imageBoxPos(b, d).String())
}

// imageBoxPos is where the picture an image box shows on a card is named,
// for errors about it: the box's opacity: when it has one below 1 (which
// --cmyk refuses before the pixels), else the box's file:, else the
// card's field.
func imageBoxPos(b *schema.Box, d *CardData) schema.Pos {
	if ref := b.Ref.Child("opacity"); b.Alpha() < 1 && ref.Exists() {
		return ref.Pos()
	}
	if b.File != "" || d.Card == nil {
		if ref := b.Ref.Child("file"); ref.Exists() {
			return ref.Pos()
		}
		return b.Ref.Pos()
	}
	return d.Card.FieldRef(b.Field).Pos()
}

// Round2 rounds to 1/100 mm so output does not depend on float noise.
func Round2(v float64) float64 { return math.Round(v*100) / 100 }
