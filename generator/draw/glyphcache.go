package draw

import (
	"image"
	"image/draw"
	"math"
	"sync"
	"sync/atomic"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// glyphBudget is how many bytes of glyphs one font keeps, over all its
// sizes (every bundled kit's text takes about 3 MiB of all fonts); once it
// is spent, further glyphs are rasterised every time they are drawn, as
// they are without a cache.
const glyphBudget = 4 << 20

// glyphOverhead is what a cached glyph takes besides its mask's pixels:
// its entry in the map, which is kept at most half full.
const glyphOverhead = 64

// slabSize is the largest block glyph masks are kept in; a larger mask is
// not kept.
const slabSize = 32 << 10

// glyphCache keeps the glyphs of one font rasterised, by pixel size. It
// is safe for concurrent use: the canvases of a build share it, each with
// faces of its own (an opentype face is not).
type glyphCache struct {
	mu    sync.Mutex
	sizes map[float64]*sizedGlyphs
	bytes atomic.Int64 // held by every size's glyphs
	limit int64        // for bytes; 0 for glyphBudget
}

// take accounts n more bytes, if the budget allows them.
func (g *glyphCache) take(n int) bool {
	limit := g.limit
	if limit == 0 {
		limit = glyphBudget
	}
	if g.bytes.Add(int64(n)) > limit {
		g.bytes.Add(-int64(n))
		return false
	}
	return true
}

// size returns the glyphs of the font at px pixels per em.
func (g *glyphCache) size(px float64) *sizedGlyphs {
	g.mu.Lock()
	defer g.mu.Unlock()
	s, ok := g.sizes[px]
	if !ok {
		if g.sizes == nil {
			g.sizes = map[float64]*sizedGlyphs{}
		}
		s = &sizedGlyphs{font: g, glyphs: map[glyphKey]glyphEntry{}, kerns: map[[2]rune]fixed.Int26_6{}}
		g.sizes[px] = s
	}
	return s
}

// sizedGlyphs is one font at one size: its glyphs as Face.Glyph gives
// them, their masks in slabs, and its kerning pairs.
type sizedGlyphs struct {
	font   *glyphCache
	mu     sync.RWMutex
	glyphs map[glyphKey]glyphEntry
	slabs  [][]byte // appended to; the last one has room
	kerns  map[[2]rune]fixed.Int26_6
}

// glyphEntry is a glyphMask as the cache keeps it, in 20 bytes: its
// rectangle (relative to the dot's whole pixel), where its mask is in the
// slabs, its advance and whether the font has the glyph.
type glyphEntry struct {
	x0, y0, x1, y1 int16
	slab, off      uint16
	advance        fixed.Int26_6
	ok             bool
}

// glyphKey is a glyph drawn with the dot at a position whose 26.6
// fractional parts are fx and fy. Face.Glyph places the glyph's pixels
// relative to the dot's whole pixel and rasterises it from the fractional
// parts alone, so a mask drawn once serves every dot with the same
// fractions.
type glyphKey struct {
	r      rune
	fx, fy uint8
}

// glyphMask is what Face.Glyph returns for a glyphKey: the rectangle, made
// relative to the dot's whole pixel, its coverage (rect.Dx() bytes a row),
// the advance and whether the font has the glyph (false also when the
// face failed; the rectangle is then empty).
type glyphMask struct {
	rect    image.Rectangle
	pix     []byte
	advance fixed.Int26_6
	ok      bool
}

// alpha is the mask as an image whose origin is at the rectangle's Min.
func (g *glyphMask) alpha() *image.Alpha {
	return &image.Alpha{Pix: g.pix, Stride: g.rect.Dx(), Rect: image.Rectangle{Max: g.rect.Size()}}
}

// pngFace is a font at a size as one canvas draws it: its own face, which
// rasterises, the glyphs it has used (read without locking) and the glyphs
// the canvases of its Fonts share.
type pngFace struct {
	face   font.Face
	shared *sizedGlyphs
	glyphs map[glyphKey]glyphMask
	kerns  map[[2]rune]fixed.Int26_6
}

func newPNGFace(face font.Face, shared *sizedGlyphs) *pngFace {
	return &pngFace{face: face, shared: shared, glyphs: map[glyphKey]glyphMask{}, kerns: map[[2]rune]fixed.Int26_6{}}
}

// maxCanvasGlyphs is how many glyphs, and kerning pairs, a canvas keeps
// of each face at hand (the shared cache holds more).
const maxCanvasGlyphs = 1024

// glyph returns the glyph r with the dot at dot as the face gives it, its
// rectangle placed in the image. The mask is shared: it must not be
// changed.
func (f *pngFace) glyph(dot fixed.Point26_6, r rune) glyphMask {
	at := image.Point{X: int(dot.X >> 6), Y: int(dot.Y >> 6)}
	key := glyphKey{r: r, fx: uint8(dot.X & 63), fy: uint8(dot.Y & 63)}
	g, hit := f.glyphs[key]
	if !hit {
		g = f.shared.glyph(f.face, key)
		if len(f.glyphs) < maxCanvasGlyphs {
			f.glyphs[key] = g
		}
	}
	g.rect = g.rect.Add(at)
	return g
}

// kern is the face's kerning of the pair r0, r1.
func (f *pngFace) kern(r0, r1 rune) fixed.Int26_6 {
	key := [2]rune{r0, r1}
	k, hit := f.kerns[key]
	if !hit {
		k = f.shared.kern(f.face, key)
		if len(f.kerns) < maxCanvasGlyphs {
			f.kerns[key] = k
		}
	}
	return k
}

// glyph returns the glyph of key as face (a face of this font at this
// size) gives it with the dot in the pixel at the origin.
func (s *sizedGlyphs) glyph(face font.Face, key glyphKey) glyphMask {
	s.mu.RLock()
	e, hit := s.glyphs[key]
	var g glyphMask
	if hit {
		g = s.mask(e)
	}
	s.mu.RUnlock()
	if hit {
		return g
	}
	g = rasterise(face, fixed.Point26_6{X: fixed.Int26_6(key.fx), Y: fixed.Int26_6(key.fy)}, key.r)
	r := g.rect
	if len(g.pix) > slabSize || min(r.Min.X, r.Min.Y, r.Max.X, r.Max.Y) < math.MinInt16 || max(r.Min.X, r.Min.Y, r.Max.X, r.Max.Y) > math.MaxInt16 {
		return g
	}
	if !s.font.take(glyphOverhead + len(g.pix)) {
		return g
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, hit := s.glyphs[key]; hit {
		// Another canvas rasterised it meanwhile.
		s.font.bytes.Add(-int64(glyphOverhead + len(g.pix)))
		return s.mask(e)
	}
	last := len(s.slabs) - 1
	if last < 0 || len(s.slabs[last])+len(g.pix) > cap(s.slabs[last]) {
		// Slabs grow from 1 KiB, so that a size with few glyphs
		// takes little.
		size := slabSize
		if last >= 0 && 2*cap(s.slabs[last]) < slabSize {
			size = max(2*cap(s.slabs[last]), len(g.pix))
		} else if last < 0 {
			size = max(1<<10, len(g.pix))
		}
		s.slabs = append(s.slabs, make([]byte, 0, size))
		last++
	}
	e = glyphEntry{x0: int16(r.Min.X), y0: int16(r.Min.Y), x1: int16(r.Max.X), y1: int16(r.Max.Y),
		slab: uint16(last), off: uint16(len(s.slabs[last])), advance: g.advance, ok: g.ok}
	s.slabs[last] = append(s.slabs[last], g.pix...)
	s.glyphs[key] = e
	return g
}

// mask is the glyph of an entry; s.mu must be held.
func (s *sizedGlyphs) mask(e glyphEntry) glyphMask {
	r := image.Rectangle{Min: image.Pt(int(e.x0), int(e.y0)), Max: image.Pt(int(e.x1), int(e.y1))}
	n := int(e.off) + r.Dx()*r.Dy()
	return glyphMask{rect: r, pix: s.slabs[e.slab][e.off:n:n], advance: e.advance, ok: e.ok}
}

// rasterise asks face for the glyph r with the dot at frac (within the
// pixel at the origin) and copies its mask, which the face reuses.
func rasterise(face font.Face, frac fixed.Point26_6, r rune) glyphMask {
	dr, mask, maskp, advance, ok := face.Glyph(frac, r)
	g := glyphMask{rect: dr, advance: advance, ok: ok}
	if mask == nil {
		return g
	}
	m := image.NewAlpha(image.Rectangle{Max: dr.Size()})
	if src, isAlpha := mask.(*image.Alpha); isAlpha {
		for y := 0; y < dr.Dy(); y++ {
			copy(m.Pix[y*m.Stride:(y+1)*m.Stride], src.Pix[src.PixOffset(maskp.X, maskp.Y+y):])
		}
	} else {
		draw.Draw(m, m.Rect, mask, maskp, draw.Src)
	}
	g.pix = m.Pix
	return g
}

// kern is face.Kern of the pair, remembered.
func (s *sizedGlyphs) kern(face font.Face, key [2]rune) fixed.Int26_6 {
	s.mu.RLock()
	k, hit := s.kerns[key]
	s.mu.RUnlock()
	if hit {
		return k
	}
	k = face.Kern(key[0], key[1])
	if !s.font.take(glyphOverhead) {
		return k
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, hit := s.kerns[key]; hit {
		s.font.bytes.Add(-glyphOverhead)
	} else {
		s.kerns[key] = k
	}
	return k
}

// drawGlyph composites the glyph g in the colour col over dst, pixel for
// pixel as draw.DrawMask does with a uniform opaque source and g's mask
// (its glyph fast path), which it skips the dispatch of, and with the
// pixels the mask covers fully set to the colour, which is what that
// arithmetic gives them.
func drawGlyph(dst *image.RGBA, g glyphMask, col Color) {
	r := g.rect.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	const m = 0xffff
	sr, sg, sb := uint32(col.R)*0x101, uint32(col.G)*0x101, uint32(col.B)*0x101
	stride := g.rect.Dx()
	mi := (r.Min.Y-g.rect.Min.Y)*stride + r.Min.X - g.rect.Min.X
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := dst.PixOffset(r.Min.X, y)
		d := dst.Pix[o : o+4*w]
		for x, ma := range g.pix[mi : mi+w] {
			switch ma {
			case 0:
				continue
			case 0xff:
				p := d[4*x : 4*x+4 : 4*x+4]
				p[0], p[1], p[2], p[3] = col.R, col.G, col.B, 0xff
				continue
			}
			ma := uint32(ma) * 0x101
			a := (m - ma) * 0x101
			p := d[4*x : 4*x+4 : 4*x+4]
			p[0] = uint8((uint32(p[0])*a + sr*ma) / m >> 8)
			p[1] = uint8((uint32(p[1])*a + sg*ma) / m >> 8)
			p[2] = uint8((uint32(p[2])*a + sb*ma) / m >> 8)
			p[3] = uint8((uint32(p[3])*a + m*ma) / m >> 8)
		}
		mi += stride
	}
}
