package draw

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"math"

	"github.com/runforge/runforge/layout"
)

// Digest is a Canvas that draws nothing: it hashes its drawing calls, every
// value exactly, so that two drawings with the same Sum draw the same
// pixels on canvases of one size and resolution with the same fonts and
// pictures. A build keeps what it rendered by that sum.
type Digest struct {
	h   hash.Hash
	buf []byte
}

var _ Canvas = (*Digest)(nil)

// NewDigest starts an empty drawing.
func NewDigest() *Digest { return &Digest{h: sha256.New()} }

// Sum is the hash of the calls so far.
func (d *Digest) Sum() [sha256.Size]byte {
	d.flush()
	var out [sha256.Size]byte
	copy(out[:], d.h.Sum(nil))
	return out
}

func (d *Digest) flush() {
	d.h.Write(d.buf)
	d.buf = d.buf[:0]
}

func (d *Digest) op(code byte, vs ...float64) {
	d.buf = append(d.buf, code)
	for _, v := range vs {
		d.buf = binary.LittleEndian.AppendUint64(d.buf, math.Float64bits(v))
	}
	if len(d.buf) > 4096 {
		d.flush()
	}
}

func (d *Digest) color(c Color) { d.buf = append(d.buf, c.R, c.G, c.B) }

func (d *Digest) str(s string) {
	d.buf = binary.LittleEndian.AppendUint64(d.buf, uint64(len(s)))
	d.buf = append(d.buf, s...)
}

func (d *Digest) style(s Style) {
	switch {
	case s.Fill != nil:
		d.buf = append(d.buf, 'f')
		d.color(*s.Fill)
	default:
		d.buf = append(d.buf, '-')
	}
	switch {
	case s.Stroke != nil:
		d.buf = append(d.buf, 's')
		d.color(*s.Stroke)
	default:
		d.buf = append(d.buf, '-')
	}
	d.op('w', s.Width)
}

// Rect implements Canvas.
func (d *Digest) Rect(x, y, w, h, radius float64, s Style) {
	d.op('R', x, y, w, h, radius)
	d.style(s)
}

// Ellipse implements Canvas.
func (d *Digest) Ellipse(x, y, w, h float64, s Style) {
	d.op('E', x, y, w, h)
	d.style(s)
}

// Line implements Canvas.
func (d *Digest) Line(x1, y1, x2, y2 float64, c Color, width float64) {
	d.op('L', x1, y1, x2, y2, width)
	d.color(c)
}

// Path implements Canvas.
func (d *Digest) Path(p *Path, c Color) {
	d.op('P', float64(len(p.Ops)))
	for _, o := range p.Ops {
		d.op(byte(o.Kind), o.P[0][0], o.P[0][1], o.P[1][0], o.P[1][1], o.P[2][0], o.P[2][1])
	}
	d.color(c)
}

// Text implements Canvas.
func (d *Digest) Text(x, y float64, s string, f FontStyle, size float64, c Color) {
	d.op('T', x, y, float64(f), size)
	d.str(s)
	d.color(c)
}

// Push implements Canvas.
func (d *Digest) Push() { d.op('(') }

// Pop implements Canvas.
func (d *Digest) Pop() { d.op(')') }

// Translate implements Canvas.
func (d *Digest) Translate(dx, dy float64) { d.op('M', dx, dy) }

// Rotate implements Canvas.
func (d *Digest) Rotate(deg, cx, cy float64) { d.op('O', deg, cx, cy) }

// ClipRect implements Canvas.
func (d *Digest) ClipRect(x, y, w, h float64) { d.op('C', x, y, w, h) }

// placeImage implements imageCanvas: the picture by its path and variant
// (its content is the pack's, which the build's key holds), where it goes
// and the clip.
func (d *Digest) placeImage(pic picture, dst, clip layout.Rect) {
	d.op('I', dst.X, dst.Y, dst.W, dst.H, clip.X, clip.Y, clip.W, clip.H)
	d.str(pic.img.path)
	d.str(pic.variant.suffix())
}
