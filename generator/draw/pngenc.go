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
	bw        *bufio.Writer
	idat      chunkWriter
	prev, out []byte
	zeroRow   []byte
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
	if p.bw == nil {
		p.bw = bufio.NewWriterSize(w, 32<<10)
	} else {
		p.bw.Reset(w)
	}
	bw := p.bw
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
	// first row's, minus zeros), with room for upRGBASums's 8-byte stores;
	// zeroRow is a filtered row like the one above, Up then all zeros.
	if cap(p.out) < rowLen+8 {
		p.out, p.prev, p.zeroRow = make([]byte, rowLen+8), make([]byte, 4*width), make([]byte, rowLen)
		p.zeroRow[0] = 2
	}
	out, zero, zeroRow := p.out[:rowLen+8], p.prev[:4*width], p.zeroRow[:rowLen]
	clear(zero)
	out[0] = 2
	var above []byte // the RGBA row above
	for y := 0; y < height; y++ {
		off := img.PixOffset(b.Min.X, b.Min.Y+y)
		row := img.Pix[off : off+4*width]
		var err error
		if y > 0 && bytes.Equal(row, above) {
			// A row like the one above (flat art): all zeros.
			_, err = p.zw.write(zeroRow, true)
		} else {
			prev := above
			if y == 0 {
				prev = zero
			}
			// The row is filtered and summed in one pass, its
			// filter byte (2) added to the sums first.
			s1, s2 := upRGBASums(out[1:], row, prev, p.zw.s1+2, p.zw.s2+p.zw.s1+2)
			err = p.zw.writeSummed(out[:rowLen], s1, s2)
		}
		if err != nil {
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

// upRGBASums writes the RGB bytes of the RGBA row cur minus those of prev
// (modulo 256: PNG's Up filter on RGB) into out, 3 bytes a pixel, and adds
// them to the Adler-32 sums s1 and s2 (which may exceed the modulus: the
// results are reduced); out must have 8 bytes of room past them. One pass
// does both, two pixels at a time: their eight RGBA bytes subtracted in a
// uint64 with the high bit of each byte kept apart, so that no borrow
// crosses into the next byte, then their alpha bytes dropped. Pixels
// alike above and below (eight, or two, at a time) write zeros, which add
// s1 once a byte to s2; others add their six bytes with SWAR sums in
// 16-bit lanes (bytes 0, 2, 4 in one word and 1, 3, 5 in another).
func upRGBASums(out, cur, prev []byte, s1, s2 uint32) (uint32, uint32) {
	n := min(len(cur), len(prev)) / 4 // pixels
	const (
		high  = 0x8080808080808080
		lanes = 0x00ff00ff00ff
		ones  = 1 | 1<<16 | 1<<32 // lane 2 of x*ones: the sum of x's lanes
		// lane 2 of x*wts: 5 x lane 0 + 3 x lane 1 + lane 2
		wts = 1 | 3<<16 | 5<<32
	)
	a1, a2 := uint64(s1%adlerMod), uint64(s2%adlerMod)
	i, o := 0, 0
	for i+2 <= n {
		// Sums in uint64 stay exact for 2^16 pixels (s1 below 2^26,
		// s2 below 2^44), then are reduced.
		end := min(n, i+1<<16) &^ 1
		if end <= i {
			break
		}
		for ; i+2 <= end; i, o = i+2, o+6 {
			if i+8 <= end {
				// Eight pixels alike above and below (most of a
				// row of text or art on a flat ground): 24 zeros.
				c, p := cur[4*i:4*i+32], prev[4*i:4*i+32]
				x0 := binary.LittleEndian.Uint64(c) ^ binary.LittleEndian.Uint64(p)
				x1 := binary.LittleEndian.Uint64(c[8:]) ^ binary.LittleEndian.Uint64(p[8:])
				x2 := binary.LittleEndian.Uint64(c[16:]) ^ binary.LittleEndian.Uint64(p[16:])
				x3 := binary.LittleEndian.Uint64(c[24:]) ^ binary.LittleEndian.Uint64(p[24:])
				if x0|x1|x2|x3 == 0 {
					z := out[o : o+24]
					binary.LittleEndian.PutUint64(z, 0)
					binary.LittleEndian.PutUint64(z[8:], 0)
					binary.LittleEndian.PutUint64(z[16:], 0)
					a2 += 24 * a1
					i, o = i+6, o+18 // the loop adds the last two pixels
					continue
				}
			}
			a := binary.LittleEndian.Uint64(cur[4*i:])
			b := binary.LittleEndian.Uint64(prev[4*i:])
			if a == b {
				binary.LittleEndian.PutUint64(out[o:], 0)
				a2 += 6 * a1
				continue
			}
			d := ((a | high) - (b &^ high)) ^ ((a ^ ^b) & high)
			v := d&0xffffff | (d>>32&0xffffff)<<24
			binary.LittleEndian.PutUint64(out[o:], v)
			even, odd := v&lanes, v>>8&lanes
			pair := even + odd
			// 6v0+5v1+4v2+3v3+2v4+v5 = 5(v0+v1)+3(v2+v3)+(v4+v5)+v0+v2+v4
			a2 += 6*a1 + (pair*wts+even*ones)>>32&0xffff
			a1 += pair * ones >> 32 & 0xffff
		}
		a1 %= adlerMod
		a2 %= adlerMod
	}
	for ; i < n; i, o = i+1, o+3 {
		for k := range 3 {
			x := cur[4*i+k] - prev[4*i+k]
			out[o+k] = x
			a1 += uint64(x)
			a2 += a1
		}
	}
	return uint32(a1 % adlerMod), uint32(a2 % adlerMod)
}
