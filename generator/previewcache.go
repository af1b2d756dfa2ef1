package generator

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"image"
	"io"
	"math"

	"github.com/runforge/runforge/generator/draw"
)

// PreviewCache keeps the previews a build rendered for the next build of
// the same pack (kitbuild passes the build cache): entries named by a hash
// of everything their bytes depend on. Its methods are called from several
// goroutines at once.
type PreviewCache interface {
	// Get returns the entry name, or false when there is none.
	Get(name string) ([]byte, bool)
	// Put stores data as the entry name. A cache that cannot store it
	// reports so itself: the build goes on.
	Put(name string, data []byte)
}

// WithPreviewCache returns a renderer like r whose contact sheets and card
// previews come from c when their drawing is one c holds, and go into c
// otherwise. base names what the drawing calls do not say and the pixels
// depend on: the running runforge, the pack's pictures and fonts.
func (r *Renderer) WithPreviewCache(c PreviewCache, base string) *Renderer {
	out := *r
	out.previews, out.previewBase = c, base
	return &out
}

// previewKeys are the names of the cache entries of the items of a
// contact sheet of cw x ch mm cells: a hash of each item's drawing calls
// (draw.Digest), at its size and resolution, drawn on the job's slot and
// the idle ones it borrows. nil when r keeps no cache.
func (r *Renderer) previewKeys(env jobEnv, cw, ch float64, items []previewItem) ([]string, error) {
	if r.previews == nil {
		return nil, nil
	}
	var size []byte
	for _, v := range []float64{cw, ch, PreviewDPI, sheetDPI} {
		size = binary.LittleEndian.AppendUint64(size, math.Float64bits(v))
	}
	keys := make([]string, len(items))
	p := &cellPainter{env: env, items: items, render: func(_ *draw.PNGCanvas, j int) error {
		d := draw.NewDigest()
		items[j].draw(d)
		sum := d.Sum()
		h := sha256.New()
		h.Write([]byte(r.previewBase))
		h.Write(size)
		h.Write(sum[:])
		keys[j] = hex.EncodeToString(h.Sum(nil))
		return nil
	}, canvas: func() (*draw.PNGCanvas, error) { return nil, nil }}
	if err := p.paint(); err != nil {
		return nil, err
	}
	return keys, nil
}

// sheetKey is the name of the cache entry of a contact sheet: its items
// (their keys and files) in order, and its name.
func sheetKey(name string, keys []string, items []previewItem) string {
	h := sha256.New()
	for _, s := range append([]string{name}, keys...) {
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(s))))
		h.Write([]byte(s))
	}
	for _, it := range items {
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(it.path))))
		h.Write([]byte(it.path))
	}
	return "sheet-" + hex.EncodeToString(h.Sum(nil))
}

// cardEntry names an item's entry: its own PNG and its cell of the
// contact sheet.
func cardEntry(key string) string { return "card-" + key }

// encodeCard is an item's entry: the length of its PNG, the PNG (none
// for an item without a file of its own), the cell's size, its pixels.
func encodeCard(png []byte, sheet *image.RGBA, cell image.Rectangle) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(png)))
	b = append(b, png...)
	b = binary.LittleEndian.AppendUint32(b, uint32(cell.Dx()))
	b = binary.LittleEndian.AppendUint32(b, uint32(cell.Dy()))
	for y := cell.Min.Y; y < cell.Max.Y; y++ {
		i := sheet.PixOffset(cell.Min.X, y)
		b = append(b, sheet.Pix[i:i+4*cell.Dx()]...)
	}
	return b
}

// splitCard splits an item's entry into its PNG and its cell's part.
func splitCard(data []byte) (png, cell []byte, ok bool) {
	if len(data) < 4 {
		return nil, nil, false
	}
	n := int(binary.LittleEndian.Uint32(data))
	if n > len(data)-4 {
		return nil, nil, false
	}
	return data[4 : 4+n], data[4+n:], true
}

// pasteCell copies a cell's part of an entry into its cell of the sheet;
// false when it is not one of that size.
func pasteCell(sheet *image.RGBA, cell image.Rectangle, data []byte) bool {
	if len(data) < 8 || !cell.In(sheet.Bounds()) {
		return false
	}
	w, h := int(binary.LittleEndian.Uint32(data)), int(binary.LittleEndian.Uint32(data[4:]))
	px := data[8:]
	if w != cell.Dx() || h != cell.Dy() || len(px) != 4*w*h {
		return false
	}
	for y := 0; y < h; y++ {
		i := sheet.PixOffset(cell.Min.X, cell.Min.Y+y)
		copy(sheet.Pix[i:i+4*w], px[4*w*y:4*w*(y+1)])
	}
	return true
}

// cachedSheet writes a contact sheet and its items' PNGs from the cache,
// when it holds all of them; false (having written nothing that counts)
// otherwise.
func (r *Renderer) cachedSheet(env jobEnv, name, key string, keys []string, items []previewItem) ([]Artifact, bool) {
	sheet, ok := r.previews.Get(key)
	if !ok {
		return nil, false
	}
	pngs := make([][]byte, len(items))
	for i, it := range items {
		if it.path == "" {
			continue
		}
		data, ok := r.previews.Get(cardEntry(keys[i]))
		if !ok {
			return nil, false
		}
		if pngs[i], _, ok = splitCard(data); !ok || len(pngs[i]) == 0 {
			return nil, false
		}
	}
	var out []Artifact
	for i, it := range items {
		if it.path == "" {
			continue
		}
		if err := WriteFile(env.stage, it.path, writeBytes(pngs[i])); err != nil {
			return nil, false
		}
		out = append(out, Artifact{Path: it.path})
	}
	if err := WriteFile(env.stage, name, writeBytes(sheet)); err != nil {
		return nil, false
	}
	return append(out, Artifact{Path: name}), true
}

// writeBytes is a WriteFile writer of b.
func writeBytes(b []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	}
}

// cachedCell writes item it's PNG and pastes its cell into the sheet from
// the cache; false when the cache does not hold them.
func (r *Renderer) cachedCell(env jobEnv, sheet *image.RGBA, cell image.Rectangle, it previewItem, key string) (bool, error) {
	data, ok := r.previews.Get(cardEntry(key))
	if !ok {
		return false, nil
	}
	png, px, ok := splitCard(data)
	if !ok || (it.path != "") != (len(png) > 0) {
		return false, nil
	}
	if !pasteCell(sheet, cell, px) {
		return false, nil
	}
	if it.path != "" {
		return true, WriteFile(env.stage, it.path, writeBytes(png))
	}
	return true, nil
}

// keepCell puts an item's PNG (nil for an item without one) and its cell
// of the sheet into the cache.
func (r *Renderer) keepCell(sheet *image.RGBA, cell image.Rectangle, key string, png []byte) {
	r.previews.Put(cardEntry(key), encodeCard(png, sheet, cell))
}

// encodePNG encodes c as WriteFile writes it.
func encodePNG(c *draw.PNGCanvas) ([]byte, error) {
	var buf bytes.Buffer
	err := c.Encode(&buf)
	return buf.Bytes(), err
}
