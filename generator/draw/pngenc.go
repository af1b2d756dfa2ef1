package draw

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"math"
)

// pngWriter encodes opaque RGBA images as 8-bit RGB PNG with the Up filter
// on every row. image/png tries all five filters on every row, which is most
// of the cost of a preview; flat card art compresses as well with one. A
// pngWriter reuses its buffers and zlib writer; it is not safe for
// concurrent use.
type pngWriter struct {
	// dpi, when above 0, is written as the image's resolution (a pHYs
	// chunk) together with an sRGB chunk: what print shops read to size
	// and colour an image. Previews go without both.
	dpi       float64
	zw        *zlibWriter
	idat      chunkWriter
	prev, out []byte
}

// chunkWriter buffers IDAT data and writes it as PNG chunks.
type chunkWriter struct {
	w   io.Writer
	buf []byte
	err error
}

const idatChunk = 64 << 10

func (c *chunkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 && c.err == nil {
		k := min(idatChunk-len(c.buf), len(p))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == idatChunk {
			c.flush()
		}
	}
	return n, c.err
}

func (c *chunkWriter) flush() {
	if len(c.buf) > 0 && c.err == nil {
		c.err = writeChunk(c.w, "IDAT", c.buf)
	}
	c.buf = c.buf[:0]
}

func writeChunk(w io.Writer, kind string, data []byte) error {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], kind)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc.Sum32())
	for _, b := range [][]byte{head[:], data, tail[:]} {
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// Encode writes img (alpha is ignored: previews are opaque) as PNG.
func (p *pngWriter) Encode(w io.Writer, img *image.RGBA) error {
	bw := bufio.NewWriterSize(w, 32<<10)
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	if err := writePNGHeader(bw, width, height); err != nil {
		return err
	}
	if p.dpi > 0 {
		if err := writePrintChunks(bw, p.dpi); err != nil {
			return err
		}
	}
	p.idat = chunkWriter{w: bw, buf: p.idat.buf[:0]}
	if p.zw == nil {
		var err error
		if p.zw, err = newZlibWriter(&p.idat); err != nil {
			return err
		}
	} else {
		p.zw.Reset(&p.idat)
	}
	rowLen := 1 + 3*width
	// out is the filtered row, Up: each RGB byte minus the one above (the
	// first row's, minus zeros), with room for upRGBA's 8-byte stores.
	if cap(p.out) < rowLen+8 {
		p.out, p.prev = make([]byte, rowLen+8), make([]byte, 4*width)
	}
	out, zero := p.out[:rowLen+8], p.prev[:4*width]
	clear(zero)
	out[0] = 2
	var above []byte // the RGBA row above
	for y := 0; y < height; y++ {
		off := img.PixOffset(b.Min.X, b.Min.Y+y)
		row := img.Pix[off : off+4*width]
		same := y > 0 && bytes.Equal(row, above)
		switch {
		case y == 0:
			upRGBA(out[1:], row, zero)
		case same:
			// A row like the one above (flat art): all zeros.
			clear(out[1:rowLen])
		default:
			upRGBA(out[1:], row, above)
		}
		if _, err := p.zw.write(out[:rowLen], same); err != nil {
			return err
		}
		above = row
	}
	if err := p.zw.Close(); err != nil {
		return err
	}
	p.idat.flush()
	if p.idat.err != nil {
		return p.idat.err
	}
	if err := writeChunk(bw, "IEND", nil); err != nil {
		return err
	}
	return bw.Flush()
}

// writePrintChunks writes the chunks of a print image after its IHDR: sRGB
// (the pixels are sRGB, rendering intent perceptual) and pHYs (dpi as
// pixels per metre, rounded, in both directions; 300 dpi is 11811).
func writePrintChunks(w io.Writer, dpi float64) error {
	if err := writeChunk(w, "sRGB", []byte{0}); err != nil {
		return err
	}
	var phys [9]byte
	ppm := uint32(math.Round(dpi / 0.0254))
	binary.BigEndian.PutUint32(phys[0:4], ppm)
	binary.BigEndian.PutUint32(phys[4:8], ppm)
	phys[8] = 1 // the unit is the metre
	return writeChunk(w, "pHYs", phys[:])
}

// upRGBA writes the RGB bytes of the RGBA row cur minus those of prev
// (modulo 256: PNG's Up filter on RGB) into out, 3 bytes a pixel; out
// must have 8 bytes of room past them. Two pixels at a time: their eight
// RGBA bytes subtracted in a uint64 as upFilter does, then their alpha
// bytes dropped.
func upRGBA(out, cur, prev []byte) {
	n := min(len(cur), len(prev)) / 4 // pixels
	const high = 0x8080808080808080
	i, o := 0, 0
	for ; i+2 <= n; i, o = i+2, o+6 {
		a := binary.LittleEndian.Uint64(cur[4*i:])
		b := binary.LittleEndian.Uint64(prev[4*i:])
		d := ((a | high) - (b &^ high)) ^ ((a ^ ^b) & high)
		binary.LittleEndian.PutUint64(out[o:], d&0xffffff|(d>>32&0xffffff)<<24)
	}
	for ; i < n; i, o = i+1, o+3 {
		for k := range 3 {
			out[o+k] = cur[4*i+k] - prev[4*i+k]
		}
	}
}

// rgbRow copies the RGB of an RGBA row into dst (3 bytes a pixel).
func rgbRow(dst, rgba []byte) {
	n := min(len(dst)/3, len(rgba)/4)
	dst, rgba = dst[:3*n], rgba[:4*n]
	for i := 0; i < n; i++ {
		d, s := dst[3*i:3*i+3:3*i+3], rgba[4*i:4*i+3:4*i+3]
		d[0], d[1], d[2] = s[0], s[1], s[2]
	}
}

// upFilter writes cur minus prev, byte by byte (modulo 256), into out: PNG's
// Up filter. It subtracts eight bytes at a time in a uint64, with the high
// bit of each byte kept apart so that no borrow crosses into the next byte.
func upFilter(out, cur, prev []byte) {
	n := min(len(out), len(cur), len(prev))
	out, cur, prev = out[:n], cur[:n], prev[:n]
	const high = 0x8080808080808080
	i := 0
	for ; i+8 <= n; i += 8 {
		a := binary.LittleEndian.Uint64(cur[i:])
		b := binary.LittleEndian.Uint64(prev[i:])
		binary.LittleEndian.PutUint64(out[i:], ((a|high)-(b&^high))^((a^^b)&high))
	}
	for ; i < n; i++ {
		out[i] = cur[i] - prev[i]
	}
}
