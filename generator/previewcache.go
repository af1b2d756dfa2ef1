package generator

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"

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
	// PutFile stores data as the file entry name: a file that LinkFile
	// can make a kit's file without reading or writing it again.
	PutFile(name string, data []byte)
	// LinkFile makes dst, a file on disk that does not exist yet, the
	// file entry name (a hard link or a copy); false, having created
	// nothing, when the cache holds no such entry.
	LinkFile(name, dst string) (bool, error)
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
	p := &cellPainter{env: env, items: items, render: func(_ func() (*draw.PNGCanvas, error), j int) error {
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

// bandKey is the name of the cache entry of a band of a contact sheet:
// the rows y0 to y1 of a sheet width px wide, and the keys of the items
// whose cells it holds, in order.
func bandKey(width, y0, y1 int, keys []string) string {
	h := sha256.New()
	for _, v := range []int{width, y0, y1, len(keys)} {
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(v)))
	}
	for _, k := range keys {
		h.Write([]byte(k))
	}
	return "band-" + hex.EncodeToString(h.Sum(nil))
}

// cellEntry names the entry of an item's cell of the contact sheet, and
// pngEntry the file entry of its own PNG.
func cellEntry(key string) string { return "cell-" + key }
func pngEntry(key string) string  { return "png-" + key }

// encodeCell is a cell's entry: its size and its pixels.
func encodeCell(sheet *image.RGBA, cell image.Rectangle) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(cell.Dx()))
	b = binary.LittleEndian.AppendUint32(b, uint32(cell.Dy()))
	for y := cell.Min.Y; y < cell.Max.Y; y++ {
		i := sheet.PixOffset(cell.Min.X, y)
		b = append(b, sheet.Pix[i:i+4*cell.Dx()]...)
	}
	return b
}

// pasteCell copies a cell's entry into its cell of the sheet; false when
// it is not one of that size.
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

// linkFile makes the stage's file path (slash-separated) the cached
// file entry name; false, having created nothing, when the cache holds
// none.
func (r *Renderer) linkFile(env jobEnv, path, name string) (bool, error) {
	full := filepath.Join(env.stage, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return false, err
	}
	ok, err := r.previews.LinkFile(name, full)
	if err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	return ok, nil
}

// linkPreview makes the stage's file path the cached PNG of the item
// whose key is key; false when the cache holds none.
func (r *Renderer) linkPreview(env jobEnv, path, key string) (bool, error) {
	return r.linkFile(env, path, pngEntry(key))
}

// cachedSheet writes a contact sheet and its items' PNGs from the cache,
// when it holds all of them; false, having written nothing, otherwise. An
// error means a file it linked could not be removed again.
func (r *Renderer) cachedSheet(env jobEnv, name, key string, keys []string, items []previewItem) ([]Artifact, bool, error) {
	var linked []string
	// undo removes what was linked, so that nothing writes through a link
	// into the cache.
	undo := func() error {
		var errs []error
		for _, p := range linked {
			if err := os.Remove(filepath.Join(env.stage, filepath.FromSlash(p))); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", p, err))
			}
		}
		return errors.Join(errs...)
	}
	link := func(path, entry string) bool {
		ok, err := r.linkFile(env, path, entry)
		if ok {
			linked = append(linked, path)
		}
		return ok && err == nil
	}
	if !link(name, key) {
		return nil, false, undo()
	}
	out := make([]Artifact, 0, len(items)+1)
	for i, it := range items {
		if it.path == "" {
			continue
		}
		if !link(it.path, pngEntry(keys[i])) {
			return nil, false, undo()
		}
		out = append(out, Artifact{Path: it.path})
	}
	return append(out, Artifact{Path: name}), true, nil
}

// writeBytes is a WriteFile writer of b.
func writeBytes(b []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	}
}

// cachedCell pastes an item's cell from the cache into the sheet and
// makes its PNG, if it has one, the cached one; false when the cache
// does not hold both.
func (r *Renderer) cachedCell(env jobEnv, sheet *image.RGBA, cell image.Rectangle, it previewItem, key string) (bool, error) {
	data, ok := r.previews.Get(cellEntry(key))
	if !ok || !pasteCell(sheet, cell, data) {
		return false, nil
	}
	if it.path != "" {
		return r.linkPreview(env, it.path, key)
	}
	return true, nil
}

// keepCell puts an item's cell of the sheet and its PNG (nil for an item
// without one) into the cache.
func (r *Renderer) keepCell(sheet *image.RGBA, cell image.Rectangle, key string, png []byte) {
	r.previews.Put(cellEntry(key), encodeCell(sheet, cell))
	if png != nil {
		r.previews.PutFile(pngEntry(key), png)
	}
}

// encodePNG encodes c as WriteFile writes it.
func encodePNG(c *draw.PNGCanvas) ([]byte, error) {
	var buf bytes.Buffer
	err := c.Encode(&buf)
	return buf.Bytes(), err
}
