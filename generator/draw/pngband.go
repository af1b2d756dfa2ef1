package draw

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"io"

	"github.com/klauspost/compress/flate"
)

// A banded PNG is an ordinary PNG whose image data is compressed in
// horizontal bands that do not depend on one another: each band's first
// row has no filter (the others use Up, as Encode does) and each band is
// a deflate stream of its own, ended by a sync flush. The bands join into
// one valid zlib stream: a decoder sees one stream of blocks, and the
// stream's Adler-32 is combined from the bands'. So a band whose pixels
// did not change (a row of a contact sheet whose cards did not) is reused
// as it was compressed, and bands compress on separate cores.

// PNGBand is one band of a banded PNG: its rows, filtered and compressed.
type PNGBand struct {
	Data  []byte // raw deflate blocks, ending in a sync flush
	Adler uint32 // Adler-32 of the filtered rows
	Len   int64  // length of the filtered rows
}

// EncodeBand filters and compresses the rows y0 to y1 (exclusive, image
// coordinates) of img as a band. img is opaque: alpha is ignored.
func EncodeBand(img *image.RGBA, y0, y1 int) (PNGBand, error) {
	var e BandEncoder
	return e.Encode(img, y0, y1)
}

// BandEncoder encodes bands as EncodeBand does, keeping its compressor
// and row buffers from one band to the next: they are some 1 MB of memory
// to make and clear for each band. The zero BandEncoder is ready to use;
// it is not safe for use by several goroutines at once.
type BandEncoder struct {
	zw *flate.Writer
	// out is the filtered row, with room for upRGBASums's 8-byte
	// stores; zeroRow a row like the one above, Up then zeros; zeros an
	// RGBA row of zeros, above a band's first row.
	out, zeroRow, zeros []byte
}

// Encode is EncodeBand.
func (e *BandEncoder) Encode(img *image.RGBA, y0, y1 int) (PNGBand, error) {
	b := img.Bounds()
	if y0 < b.Min.Y || y1 > b.Max.Y || y0 >= y1 {
		return PNGBand{}, fmt.Errorf("band %d-%d is outside the image's rows %d-%d", y0, y1, b.Min.Y, b.Max.Y)
	}
	width := b.Dx()
	rowLen := 1 + 3*width
	if len(e.zeros) != 4*width {
		e.out, e.zeroRow, e.zeros = make([]byte, rowLen+8), make([]byte, rowLen), make([]byte, 4*width)
		e.zeroRow[0] = 2
	}
	out, zeroRow := e.out, e.zeroRow
	var buf bytes.Buffer
	if e.zw == nil {
		zw, err := flate.NewWriter(&buf, flate.BestSpeed)
		if err != nil {
			return PNGBand{}, err
		}
		e.zw = zw
	} else {
		e.zw.Reset(&buf)
	}
	zw := e.zw
	s1, s2 := uint32(1), uint32(0) // the band's Adler-32 sums
	var above []byte               // the RGBA row above
	for y := y0; y < y1; y++ {
		off := img.PixOffset(b.Min.X, y)
		row := img.Pix[off : off+4*width]
		p := out[:rowLen]
		switch {
		case y == y0:
			// No filter: the band starts on its own. Its RGB bytes
			// are those of the row minus zeros.
			out[0] = 0
			s1, s2 = upRGBASums(out[1:], row, e.zeros, s1, s2+s1)
		case bytes.Equal(row, above):
			p = zeroRow
			s1, s2 = adlerSums(s1, s2, p[:1])
			s2 = uint32((uint64(s2) + uint64(rowLen-1)*uint64(s1)) % adlerMod)
		default:
			out[0] = 2
			s1, s2 = upRGBASums(out[1:], row, above, s1+2, s2+s1+2)
		}
		if _, err := zw.Write(p); err != nil {
			return PNGBand{}, err
		}
		above = row
	}
	if err := zw.Flush(); err != nil {
		return PNGBand{}, err
	}
	return PNGBand{Data: buf.Bytes(), Adler: s2<<16 | s1, Len: int64(y1-y0) * int64(rowLen)}, nil
}

// finalBlock is an empty stored deflate block with the final bit set: it
// ends a stream whose last block was a sync flush.
var finalBlock = []byte{0x01, 0x00, 0x00, 0xff, 0xff}

// zlibHeader is the zlib header of a stream compressed at the fastest
// level (the one Encode writes).
var zlibHeader = []byte{0x78, 0x01}

// WriteBandedPNG writes a width x height PNG whose image data is bands,
// top to bottom; together they must hold exactly height rows.
func WriteBandedPNG(w io.Writer, width, height int, bands []PNGBand) error {
	var total int64
	adler := uint32(1)
	for _, b := range bands {
		adler = adler32Combine(adler, b.Adler, b.Len)
		total += b.Len
	}
	if want := int64(height) * int64(1+3*width); total != want {
		return fmt.Errorf("banded PNG: the bands hold %d bytes of rows, not %d", total, want)
	}
	bw := bufio.NewWriterSize(w, 32<<10)
	if err := writePNGHeader(bw, width, height); err != nil {
		return err
	}
	idat := chunkWriter{w: bw}
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], adler)
	parts := append([][]byte{zlibHeader}, bandData(bands)...)
	for _, p := range append(parts, finalBlock, tail[:]) {
		if _, err := idat.Write(p); err != nil {
			return err
		}
	}
	idat.flush()
	if idat.err != nil {
		return idat.err
	}
	if err := writeChunk(bw, "IEND", nil); err != nil {
		return err
	}
	return bw.Flush()
}

// writePNGHeader writes the PNG signature and the header of an 8-bit RGB
// image of width x height.
func writePNGHeader(w io.Writer, width, height int) error {
	if _, err := w.Write([]byte("\x89PNG\r\n\x1a\n")); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:4], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:8], uint32(height))
	ihdr[8], ihdr[9] = 8, 2 // 8-bit truecolour
	return writeChunk(w, "IHDR", ihdr[:])
}

// bandData is the compressed data of each band.
func bandData(bands []PNGBand) [][]byte {
	out := make([][]byte, len(bands))
	for i, b := range bands {
		out[i] = b.Data
	}
	return out
}

// adler32Combine is the Adler-32 of two byte strings one after the other,
// from the checksum of each and the length of the second (zlib's
// adler32_combine).
func adler32Combine(a1, a2 uint32, len2 int64) uint32 {
	const base = 65521
	rem := uint64(len2 % base)
	s1 := uint64(a1 & 0xffff)
	s2 := (rem * s1) % base
	s1 += uint64(a2&0xffff) + base - 1
	s2 += uint64(a1>>16) + uint64(a2>>16) + base - rem
	s1 %= base
	s2 %= base
	return uint32(s2<<16 | s1)
}

// EncodeBandBytes and DecodeBandBytes turn a band into bytes and back (to
// keep it in a cache).
func EncodeBandBytes(b PNGBand) []byte {
	out := binary.LittleEndian.AppendUint32(nil, b.Adler)
	out = binary.LittleEndian.AppendUint64(out, uint64(b.Len))
	out = binary.LittleEndian.AppendUint64(out, uint64(len(b.Data)))
	return append(out, b.Data...)
}

// DecodeBandBytes is the band EncodeBandBytes wrote; false for bytes that
// are not one (a truncated entry among them).
func DecodeBandBytes(data []byte) (PNGBand, bool) {
	if len(data) < 20 {
		return PNGBand{}, false
	}
	n, size := binary.LittleEndian.Uint64(data[4:]), binary.LittleEndian.Uint64(data[12:])
	if n == 0 || n > 1<<40 || size != uint64(len(data)-20) {
		return PNGBand{}, false
	}
	return PNGBand{Adler: binary.LittleEndian.Uint32(data), Len: int64(n), Data: data[20:]}, true
}
