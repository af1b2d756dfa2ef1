package generator

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	stddraw "image/draw"
	"io"
	"math"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	xdraw "golang.org/x/image/draw"
)

// PreviewDPI is the resolution of single-card previews.
const PreviewDPI = 100

// Contact sheets: cards per row (ContactSheetCols) and per sheet
// (ContactSheetCards), resolution, gap in mm.
const (
	ContactSheetCols  = 10
	ContactSheetCards = 100
	sheetDPI          = 50
	sheetGap          = 3.0
)

// sheetBackground is the grey behind the cards of a contact sheet.
var sheetBackground = draw.RGB(0x9a, 0x9a, 0x9a)

// WriteCardPreview renders one side of a card at its trim size as PNG.
func (r *Renderer) WriteCardPreview(w io.Writer, t *schema.Template, d *CardData, dpi float64) error {
	size, _ := t.TrimSize()
	c, err := draw.NewPNGCanvas(r.Fonts, size.W.MM(), size.H.MM(), dpi)
	if err != nil {
		return err
	}
	r.DrawCard(c, t, d, layout.Sides{})
	return c.Encode(w)
}

// previewItem is one cell of a contact sheet.
type previewItem struct {
	label string            // what is drawn, for errors
	path  string            // where its own PNG goes; "" for none
	draw  func(draw.Canvas) // draws it at its trim size
}

// writeContactSheet renders items of cw x ch mm, writes each one's own PNG
// and pastes it into its cell of a contact sheet, then writes the sheet as
// name. The job renders on its own slot and borrows idle ones for helpers,
// so the build never runs more renderers than GOMAXPROCS. A panic while
// drawing an item becomes an error naming it.
func (r *Renderer) writeContactSheet(env jobEnv, name string, cw, ch float64, items []previewItem) ([]Artifact, error) {
	// With a cache (WithPreviewCache), a sheet, a row of the sheet or an
	// item whose drawing the cache holds is not rendered again.
	keys, err := r.previewKeys(env, cw, ch, items)
	if err != nil {
		return nil, err
	}
	skey := ""
	if keys != nil {
		skey = sheetKey(name, keys, items)
		arts, ok, err := r.cachedSheet(env, name, skey, keys, items)
		if err != nil {
			return nil, err
		}
		if ok {
			return arts, nil
		}
	}
	count := len(items)
	cols := min(count, ContactSheetCols)
	rows := (count + cols - 1) / cols
	sw, sh := float64(cols)*(cw+sheetGap)+sheetGap, float64(rows)*(ch+sheetGap)+sheetGap
	spw, sph, err := draw.PNGSize(sw, sh, sheetDPI)
	if err != nil {
		return nil, err
	}
	k := sheetDPI / 25.4
	cell := func(j int) image.Rectangle {
		x := sheetGap + float64(j%cols)*(cw+sheetGap)
		y := sheetGap + float64(j/cols)*(ch+sheetGap)
		return image.Rect(int(x*k+0.5), int(y*k+0.5), int((x+cw)*k+0.5), int((y+ch)*k+0.5))
	}
	// The sheet is compressed in bands, a row of cells each (with the gap
	// above it), so that a row whose cells did not change is taken from
	// the cache as it was compressed, and only its items' own PNGs are
	// needed.
	edges := make([]int, rows+1)
	for i := 1; i < rows; i++ {
		edges[i] = cell(i*cols).Min.Y - int(sheetGap*k/2)
	}
	edges[rows] = sph
	sb, err := newSheetBands(spw, edges, cols, count, cell)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	bands := make([]draw.PNGBand, rows)
	bandKeys := make([]string, rows)
	done := make([]bool, rows)
	if keys != nil {
		for i := range bands {
			bandKeys[i] = bandKey(spw, edges[i], edges[i+1], keys[i*cols:min((i+1)*cols, count)])
			if data, ok := r.previews.Get(bandKeys[i]); ok {
				bands[i], done[i] = draw.DecodeBandBytes(data)
			}
		}
	}
	// Cells are cached when they are an exact 2x2 reduction of the card
	// (downsample), as they are at the preview and sheet resolutions.
	pw, ph := int(math.Round(cw*PreviewDPI/25.4)), int(math.Round(ch*PreviewDPI/25.4))
	paint := func(canvas func() (*draw.PNGCanvas, error), j int) error {
		it, c := items[j], cell(j)
		if done[j/cols] && keys != nil {
			// Its row is in the cache: only its own PNG is needed.
			if it.path == "" {
				return nil
			}
			if ok, err := r.linkPreview(env, it.path, keys[j]); ok || err != nil {
				return err
			}
		}
		cached := keys != nil && pw == 2*c.Dx() && ph == 2*c.Dy()
		if cached {
			if ok, err := r.cachedCell(env, sb.band(j/cols), c, it, keys[j]); ok || err != nil {
				return err
			}
		}
		card, err := canvas()
		if err != nil {
			return err
		}
		card.Reset()
		it.draw(card)
		var png []byte
		if it.path != "" {
			write := card.Encode
			if cached {
				b, err := encodePNG(card)
				if err != nil {
					return err
				}
				png, write = b, writeBytes(b)
			}
			if err := WriteFile(env.stage, it.path, write); err != nil {
				return err
			}
		}
		// Cells are disjoint, so helpers never write the same pixels.
		img := sb.band(j / cols)
		downsample(img, c, card.Image())
		if cached {
			r.keepCell(img, c, keys[j], png)
		}
		return nil
	}
	p := &cellPainter{env: env, items: items, render: func(canvas func() (*draw.PNGCanvas, error), j int) error {
		if err := paint(canvas, j); err != nil {
			return err
		}
		if i := j / cols; !done[i] {
			return sb.cellDone(i, &bands[i])
		}
		return nil
	}, canvas: func() (*draw.PNGCanvas, error) { return draw.NewPNGCanvas(r.Fonts, cw, ch, PreviewDPI) }}
	if err := p.paint(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := draw.WriteBandedPNG(&buf, spw, sph, bands); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if keys != nil {
		for i, b := range bands {
			if !done[i] {
				r.previews.Put(bandKeys[i], draw.EncodeBandBytes(b))
			}
		}
		r.previews.PutFile(skey, buf.Bytes())
	}
	if err := WriteFile(env.stage, name, writeBytes(buf.Bytes())); err != nil {
		return nil, err
	}
	var out []Artifact
	for _, it := range items {
		if it.path != "" {
			out = append(out, Artifact{Path: it.path})
		}
	}
	return append(out, Artifact{Path: name}), nil
}

// sheetBands are the bands of a contact sheet being painted, a row of
// cells each: a band's image is made when a cell of its row is first
// painted into it, and compressed as soon as the last one is, its memory
// then kept for the next band, so that a sheet holds the few bands being
// painted instead of all its pixels. Only the gaps of a band are filled
// with the background: each cell is written whole by its item
// (downsample, pasteCell).
type sheetBands struct {
	width int
	edges []int // band i is the rows edges[i] to edges[i+1]
	cols  int
	cells []image.Rectangle

	mu   sync.Mutex
	imgs []*image.RGBA // the band images being painted
	left []int         // the cells of each band not yet painted
	free [][]byte      // memory of bands compressed
	encs []*draw.BandEncoder
}

// newSheetBands returns the bands of a sheet width pixels wide of count
// cells (cell gives them) in rows of cols, or an error when a cell is not
// within its band.
func newSheetBands(width int, edges []int, cols, count int, cell func(int) image.Rectangle) (*sheetBands, error) {
	rows := len(edges) - 1
	sb := &sheetBands{width: width, edges: edges, cols: cols, cells: make([]image.Rectangle, count),
		imgs: make([]*image.RGBA, rows), left: make([]int, rows)}
	for j := range sb.cells {
		sb.cells[j] = cell(j)
		if i := j / cols; !sb.cells[j].In(sb.rect(i)) {
			return nil, fmt.Errorf("internal error: cell %v is not within its band %v", sb.cells[j], sb.rect(i))
		}
		sb.left[j/cols]++
	}
	return sb, nil
}

// rect is the rectangle of band i in the sheet.
func (sb *sheetBands) rect(i int) image.Rectangle {
	return image.Rect(0, sb.edges[i], sb.width, sb.edges[i+1])
}

// band is the image of band i, in the sheet's coordinates, made with its
// gaps filled the first time it is asked for.
func (sb *sheetBands) band(i int) *image.RGBA {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if img := sb.imgs[i]; img != nil {
		return img
	}
	r := sb.rect(i)
	n := 4 * r.Dx() * r.Dy()
	var pix []byte
	for k, b := range sb.free {
		if cap(b) >= n {
			pix = b[:n]
			sb.free = append(sb.free[:k], sb.free[k+1:]...)
			break
		}
	}
	if pix == nil {
		pix = make([]byte, n)
	}
	img := &image.RGBA{Pix: pix, Stride: 4 * r.Dx(), Rect: r}
	bg := image.NewUniform(color.RGBA{sheetBackground.R, sheetBackground.G, sheetBackground.B, 255})
	row := sb.cells[i*sb.cols : min((i+1)*sb.cols, len(sb.cells))]
	for _, g := range sheetGaps(r, row, sb.cols) {
		stddraw.Draw(img, g, bg, image.Point{}, stddraw.Src)
	}
	sb.imgs[i] = img
	return img
}

// cellDone counts a cell of band i painted; once all are, it compresses
// the band into out and keeps its memory, and the encoder's, for the
// next.
func (sb *sheetBands) cellDone(i int, out *draw.PNGBand) error {
	sb.mu.Lock()
	sb.left[i]--
	last, img := sb.left[i] == 0, sb.imgs[i]
	var enc *draw.BandEncoder
	if n := len(sb.encs); last && n > 0 {
		enc, sb.encs = sb.encs[n-1], sb.encs[:n-1]
	}
	sb.mu.Unlock()
	if !last {
		return nil
	}
	if enc == nil {
		enc = &draw.BandEncoder{}
	}
	band, err := enc.Encode(img, sb.edges[i], sb.edges[i+1])
	if err != nil {
		return err
	}
	*out = band
	sb.mu.Lock()
	sb.imgs[i] = nil
	sb.free = append(sb.free, img.Pix)
	sb.encs = append(sb.encs, enc)
	sb.mu.Unlock()
	return nil
}

// cellPainter renders the items of a contact sheet: the calling job's
// goroutine takes items one by one and, while items remain, recruits a
// helper for every idle slot it can borrow.
type cellPainter struct {
	env   jobEnv
	items []previewItem
	// render renders item j; canvas gives the goroutine's canvas, made
	// the first time it is asked for.
	render func(canvas func() (*draw.PNGCanvas, error), j int) error
	canvas func() (*draw.PNGCanvas, error)

	next   atomic.Int64 // the next item to take
	failed atomic.Bool  // an item failed: the others stop
	wg     sync.WaitGroup
	mu     sync.Mutex
	errs   []error
}

// paint renders every item and returns the first errors, or the
// context's cause when the build was cancelled.
func (p *cellPainter) paint() error {
	p.workSafely()
	p.wg.Wait()
	if len(p.errs) > 0 {
		return errors.Join(p.errs...)
	}
	if p.env.ctx.Err() != nil {
		return context.Cause(p.env.ctx)
	}
	return nil
}

// work takes items until none remain, on a canvas of its own.
func (p *cellPainter) work() {
	var card *draw.PNGCanvas
	canvas := func() (*draw.PNGCanvas, error) {
		if card != nil {
			return card, nil
		}
		var err error
		card, err = p.canvas()
		return card, err
	}
	for !p.failed.Load() && p.env.ctx.Err() == nil {
		j := int(p.next.Add(1) - 1)
		if j >= len(p.items) {
			return
		}
		if j+1 < len(p.items) && p.env.slots.tryAcquire() {
			p.wg.Add(1)
			go p.help()
		}
		if err := p.renderSafely(canvas, j); err != nil {
			p.fail(err)
			return
		}
	}
}

// help is a helper goroutine on a borrowed slot.
func (p *cellPainter) help() {
	defer p.wg.Done()
	defer p.env.slots.release()
	p.workSafely()
}

// workSafely is work, a panic outside an item turned into an error.
func (p *cellPainter) workSafely() {
	defer func() {
		if v := recover(); v != nil {
			p.fail(fmt.Errorf("internal error while previewing: %v", v))
		}
	}()
	p.work()
}

// renderSafely renders item j, turning a panic into an error naming it.
func (p *cellPainter) renderSafely(canvas func() (*draw.PNGCanvas, error), j int) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%s: internal error: %v", p.items[j].label, v)
		}
	}()
	if err := p.render(canvas, j); err != nil {
		return fmt.Errorf("%s: %w", p.items[j].label, err)
	}
	return nil
}

// fail records an error and stops the other goroutines.
func (p *cellPainter) fail(err error) {
	p.failed.Store(true)
	p.mu.Lock()
	p.errs = append(p.errs, err)
	p.mu.Unlock()
}

// sheetGaps are the rectangles of b that no cell covers: the gaps around
// and between cells, and the room of cells a last row does not fill.
// cells are in rows of cols, each of the same rows of pixels as the
// others of its row and below the row above, and each to the right of
// the one before it; the rectangles they and the gaps make are disjoint
// and cover b.
func sheetGaps(b image.Rectangle, cells []image.Rectangle, cols int) []image.Rectangle {
	var gaps []image.Rectangle
	// add adds the rectangle from (x0, y0) to (x1, y1) within b, when
	// it is not empty (not image.Rect, which would swap the corners).
	add := func(x0, y0, x1, y1 int) {
		if r := (image.Rectangle{image.Pt(x0, y0), image.Pt(x1, y1)}).Intersect(b); !r.Empty() {
			gaps = append(gaps, r)
		}
	}
	top := b.Min.Y
	for i := 0; i < len(cells); i += cols {
		row := cells[i:min(i+cols, len(cells))]
		y0, y1 := row[0].Min.Y, row[0].Max.Y
		add(b.Min.X, top, b.Max.X, y0)
		left := b.Min.X
		for _, c := range row {
			add(left, y0, c.Min.X, y1)
			left = c.Max.X
		}
		add(left, y0, b.Max.X, y1)
		top = y1
	}
	add(b.Min.X, top, b.Max.X, b.Max.Y)
	return gaps
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
	w := cell.Dx()
	for y := 0; y < cell.Dy(); y++ {
		o0 := src.PixOffset(sb.Min.X, sb.Min.Y+2*y)
		o1 := src.PixOffset(sb.Min.X, sb.Min.Y+2*y+1)
		od := dst.PixOffset(cell.Min.X, cell.Min.Y+y)
		boxRow(dst.Pix[od:od+4*w], src.Pix[o0:o0+8*w], src.Pix[o1:o1+8*w])
	}
}

// boxRow averages each 2x2 block of RGBA pixels of the rows s0 and s1
// into one pixel of d, every channel rounded half up ((sum+2)/4), which
// len(d)/4 blocks fill. The four channels of a block are added at once,
// as 16-bit lanes of a uint64: red and blue in one, green and alpha in
// the other, with the block's left and right pixels in the low and high
// halves.
func boxRow(d, s0, s1 []byte) {
	const lanes = 0x00ff00ff00ff00ff
	for len(d) >= 4 && len(s0) >= 8 && len(s1) >= 8 {
		a := binary.LittleEndian.Uint64(s0)
		b := binary.LittleEndian.Uint64(s1)
		rb := a&lanes + b&lanes
		ga := (a>>8)&lanes + (b>>8)&lanes
		rb = (rb + rb>>32 + 0x00020002) >> 2 & 0x00ff00ff
		ga = (ga + ga>>32 + 0x00020002) >> 2 & 0x00ff00ff
		binary.LittleEndian.PutUint32(d, uint32(rb|ga<<8))
		d, s0, s1 = d[4:], s0[8:], s1[8:]
	}
}

// WriteFile creates stage/path (slash-separated) with write.
func WriteFile(stage, path string, write func(io.Writer) error) error {
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
