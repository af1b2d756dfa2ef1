package generator

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
)

// pngWriter encodes opaque RGBA images as 8-bit RGB PNG with the Up filter
// on every row. image/png tries all five filters on every row, which is most
// of the cost of a preview; flat card art compresses as well with one. A
// pngWriter reuses its buffers and zlib writer; it is not safe for
// concurrent use.
type pngWriter struct {
	zw        *zlib.Writer
	idat      chunkWriter
	cur, prev []byte
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
	if _, err := bw.Write([]byte("\x89PNG\r\n\x1a\n")); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:4], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:8], uint32(height))
	ihdr[8], ihdr[9] = 8, 2 // 8-bit truecolour
	if err := writeChunk(bw, "IHDR", ihdr[:]); err != nil {
		return err
	}
	p.idat = chunkWriter{w: bw, buf: p.idat.buf[:0]}
	if p.zw == nil {
		var err error
		if p.zw, err = zlib.NewWriterLevel(&p.idat, zlib.BestSpeed); err != nil {
			return err
		}
	} else {
		p.zw.Reset(&p.idat)
	}
	rowLen := 1 + 3*width
	if cap(p.cur) < rowLen {
		p.cur, p.prev = make([]byte, rowLen), make([]byte, rowLen)
	}
	cur, prev := p.cur[:rowLen], p.prev[:rowLen]
	clear(prev)
	for y := 0; y < height; y++ {
		off := img.PixOffset(b.Min.X, b.Min.Y+y)
		row := img.Pix[off : off+4*width]
		cur[0] = 2                 // Up: each byte minus the one above it
		c, pr := cur[1:], prev[1:] // prev holds the previous row's RGB
		for x, j := 0, 0; x+3 < len(row) && j+2 < len(c); x, j = x+4, j+3 {
			r, g, bl := row[x], row[x+1], row[x+2]
			c[j], c[j+1], c[j+2] = r-pr[j], g-pr[j+1], bl-pr[j+2]
			pr[j], pr[j+1], pr[j+2] = r, g, bl
		}
		if _, err := p.zw.Write(cur); err != nil {
			return err
		}
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
