package generator

import (
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	xdraw "golang.org/x/image/draw"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// PreviewDPI is the resolution of single-card previews.
const PreviewDPI = 100

// Contact sheets: cards per row and per sheet, resolution, gap in mm.
const (
	sheetCols  = 10
	sheetCards = 100
	sheetDPI   = 50
	sheetGap   = 3.0
)

// sheetBackground is the grey behind the cards of a contact sheet.
var sheetBackground = Color{0x9a, 0x9a, 0x9a}

// WriteCardPreview renders one side of a card at its trim size as PNG.
func (r *Renderer) WriteCardPreview(w io.Writer, t *schema.Template, d *CardData, dpi float64) error {
	size, _ := t.TrimSize()
	c, err := NewPNGCanvas(r.Fonts, size.W.MM(), size.H.MM(), dpi)
	if err != nil {
		return err
	}
	r.DrawCard(c, t, d, layout.Sides{})
	return c.Encode(w)
}

// deckPreviewJobs renders the previews of a deck: one PNG per distinct card
// face, and contact sheets of up to sheetCards faces (the shared back, if
// any, last), each sheet built from the card images as they are rendered.
func (r *Renderer) deckPreviewJobs(d *schema.Deck, face, back *schema.Template) []job {
	withBack := back != nil && !perCard(back)
	n := len(d.Cards)
	if withBack {
		n++
	}
	bounds := previewSheets(n)
	var jobs []job
	for s, b := range bounds {
		lo, hi := b[0], b[1]
		name := fmt.Sprintf("preview/%s.png", d.ID)
		if len(bounds) > 1 {
			name = fmt.Sprintf("preview/%s-%d.png", d.ID, s+1)
		}
		jobs = append(jobs, job{run: func(stage string) ([]Artifact, error) {
			return r.writePreviewSheet(stage, name, d, face, back, lo, hi)
		}})
	}
	return jobs
}

// previewSheets splits n preview items into contact sheets of sheetCards:
// the [lo, hi) of each. A last sheet of less than a row (200 cards and
// their back) joins the sheet before it as one more row.
func previewSheets(n int) [][2]int {
	sheets := max(1, (n+sheetCards-1)/sheetCards)
	if sheets > 1 && n-(sheets-1)*sheetCards < sheetCols {
		sheets--
	}
	out := make([][2]int, sheets)
	for s := range out {
		out[s] = [2]int{s * sheetCards, min((s+1)*sheetCards, n)}
	}
	out[sheets-1][1] = n
	return out
}

// writePreviewSheet writes the card previews of items lo..hi of a deck (the
// item after the last card is the shared back) and their contact sheet. The
// cards are rendered on all cores, each pasted into its own cell of the sheet.
func (r *Renderer) writePreviewSheet(stage, name string, d *schema.Deck, face, back *schema.Template, lo, hi int) ([]Artifact, error) {
	size, _ := face.TrimSize()
	cw, ch := size.W.MM(), size.H.MM()
	count := hi - lo
	cols := min(count, sheetCols)
	rows := (count + cols - 1) / cols
	sw, sh := float64(cols)*(cw+sheetGap)+sheetGap, float64(rows)*(ch+sheetGap)+sheetGap
	sheet, err := NewPNGCanvas(r.Fonts, sw, sh, sheetDPI)
	if err != nil {
		return nil, err
	}
	sheet.Rect(0, 0, sw, sh, 0, Filled(sheetBackground))
	dst := sheet.Image()
	k := sheetDPI / 25.4

	workers := min(runtime.GOMAXPROCS(0), count)
	arts := make([]Artifact, count)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			card, err := NewPNGCanvas(r.Fonts, cw, ch, PreviewDPI)
			if err != nil {
				errs[w] = err
				return
			}
			for i := lo + w; i < hi; i += workers {
				card.Reset()
				if i < len(d.Cards) {
					c := d.Cards[i]
					r.DrawCard(card, face, NewCardData(d, c), layout.Sides{})
					path := fmt.Sprintf("preview/%s/%s.png", d.ID, c.ID)
					if err := writeFile(stage, path, card.Encode); err != nil {
						errs[w] = err
						return
					}
					arts[i-lo] = Artifact{Path: path}
				} else {
					r.DrawCard(card, back, &CardData{Deck: d, Card: &schema.Card{}}, layout.Sides{})
				}
				j := i - lo
				x := sheetGap + float64(j%cols)*(cw+sheetGap)
				y := sheetGap + float64(j/cols)*(ch+sheetGap)
				cell := image.Rect(int(x*k+0.5), int(y*k+0.5), int((x+cw)*k+0.5), int((y+ch)*k+0.5))
				// Cells are disjoint, so workers never write the same pixels.
				downsample(dst, cell, card.Image())
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if err := writeFile(stage, name, sheet.Encode); err != nil {
		return nil, err
	}
	var out []Artifact
	for _, a := range arts {
		if a.Path != "" {
			out = append(out, a)
		}
	}
	return append(out, Artifact{Path: name}), nil
}

// downsample draws src scaled into the cell of dst: an exact 2x2 box filter
// when the sizes allow (card previews are rendered at twice the sheet's
// resolution), bilinear otherwise.
func downsample(dst *image.RGBA, cell image.Rectangle, src *image.RGBA) {
	sb := src.Bounds()
	if sb.Dx() != 2*cell.Dx() || sb.Dy() != 2*cell.Dy() || !cell.In(dst.Bounds()) {
		xdraw.ApproxBiLinear.Scale(dst, cell, src, sb, xdraw.Src, nil)
		return
	}
	for y := 0; y < cell.Dy(); y++ {
		s0 := src.Pix[src.PixOffset(sb.Min.X, sb.Min.Y+2*y):]
		s1 := src.Pix[src.PixOffset(sb.Min.X, sb.Min.Y+2*y+1):]
		d := dst.Pix[dst.PixOffset(cell.Min.X, cell.Min.Y+y):]
		for x := 0; x < cell.Dx(); x++ {
			for ch := 0; ch < 4; ch++ {
				i := 8*x + ch
				sum := int(s0[i]) + int(s0[i+4]) + int(s1[i]) + int(s1[i+4])
				d[4*x+ch] = uint8((sum + 2) / 4)
			}
		}
	}
}

// WriteTokenSheetPreview renders one of each token on a PNG.
func (r *Renderer) WriteTokenSheetPreview(w io.Writer, p *schema.Pack) error {
	var tokens []*schema.Token
	for _, ts := range p.TokenSets() {
		tokens = append(tokens, ts.Tokens...)
	}
	if len(tokens) == 0 {
		return nil
	}
	const gap = 4.0
	width, height := gap, 0.0
	for _, t := range tokens {
		width += t.Size.MM() + gap
		height = max(height, t.Size.MM())
	}
	c, err := NewPNGCanvas(r.Fonts, width, height+2*gap, 100)
	if err != nil {
		return err
	}
	x := gap
	for _, t := range tokens {
		r.DrawToken(c, t, x, gap+(height-t.Size.MM())/2, 0)
		x += t.Size.MM() + gap
	}
	return c.Encode(w)
}

// writeFile creates stage/path (slash-separated) with write.
func writeFile(stage, path string, write func(io.Writer) error) error {
	full := filepath.Join(stage, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return err
	}
	f, err := os.Create(full)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
