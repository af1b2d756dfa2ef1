package draw

import (
	"bytes"
	"encoding/binary"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/klauspost/compress/zlib"
)

func TestPNGWriterRoundTrip(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {3, 2}, {300, 420}, {700, 40}} {
		img := image.NewRGBA(image.Rect(0, 0, size[0], size[1]))
		for y := 0; y < size[1]; y++ {
			for x := 0; x < size[0]; x++ {
				img.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 13), uint8(x ^ y), 255})
			}
		}
		var w pngWriter
		for round := 0; round < 2; round++ { // the second round reuses buffers
			var buf bytes.Buffer
			if err := w.Encode(&buf, img); err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("%v: %v", size, err)
			}
			for y := 0; y < size[1]; y++ {
				for x := 0; x < size[0]; x++ {
					r1, g1, b1, _ := got.At(x, y).RGBA()
					r2, g2, b2, _ := img.At(x, y).RGBA()
					if r1 != r2 || g1 != g2 || b1 != b2 {
						t.Fatalf("%v: pixel %d,%d differs", size, x, y)
					}
				}
			}
		}
	}
}

// TestUpFilterSubtractsEveryByte checks the eight-bytes-at-a-time Up filter
// against byte arithmetic, borrows and odd lengths included.
func TestUpFilterSubtractsEveryByte(t *testing.T) {
	for _, n := range []int{0, 1, 7, 8, 9, 16, 23, 300} {
		cur, prev := make([]byte, n), make([]byte, n)
		for i := range cur {
			cur[i], prev[i] = byte(i*37+n), byte(i*91+3*n)
		}
		if n > 2 {
			cur[0], prev[0], cur[1], prev[1] = 0, 255, 128, 127
		}
		out := make([]byte, n)
		upFilter(out, cur, prev)
		for i := range out {
			if want := cur[i] - prev[i]; out[i] != want {
				t.Fatalf("n=%d: byte %d = %d, want %d", n, i, out[i], want)
			}
		}
	}
}

// TestPNGPrintChunks: EncodePrint writes an sRGB chunk and the canvas's
// resolution (300 dpi: 11811 pixels a metre) before the image data; Encode
// writes neither.
func TestPNGPrintChunks(t *testing.T) {
	c, err := NewPNGCanvas(nil, 10, 10, 300)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		encode func(*bytes.Buffer) error
		want   bool
	}{
		{func(b *bytes.Buffer) error { return c.EncodePrint(b) }, true},
		{func(b *bytes.Buffer) error { return c.Encode(b) }, false},
	} {
		var b bytes.Buffer
		if err := tt.encode(&b); err != nil {
			t.Fatal(err)
		}
		phys := []byte("pHYs\x00\x00\x2e\x23\x00\x00\x2e\x23\x01")
		srgb := []byte("sRGB\x00")
		idat := bytes.Index(b.Bytes(), []byte("IDAT"))
		if got := bytes.Contains(b.Bytes()[:idat], phys) && bytes.Contains(b.Bytes()[:idat], srgb); got != tt.want {
			t.Errorf("pHYs of 300 dpi and sRGB before IDAT: %v, want %v", got, tt.want)
		}
		if _, err := png.Decode(&b); err != nil {
			t.Error(err)
		}
	}
}

// TestUpRGBASums checks the filter of RGBA rows against byte arithmetic on
// their RGB bytes, whatever the alpha bytes, and its sums against
// hash/adler32's: rows alike but for one byte (at every place, so in each
// lane and each stretch of eight pixels), runs of like pixels broken at
// odd places, and a row long enough for the sums to be reduced midway.
func TestUpRGBASums(t *testing.T) {
	rows := func(n int) [][2][]byte {
		var out [][2][]byte
		noise := func(i int) byte { return byte(i*37 + i>>5 + n) }
		cur, prev := make([]byte, 4*n), make([]byte, 4*n)
		for i := range cur {
			cur[i], prev[i] = noise(i), byte(i*91+3*n)
		}
		out = append(out, [2][]byte{cur, prev})
		if n <= 40 {
			for k := range 4 * n { // like rows but for byte k
				cur, prev := make([]byte, 4*n), make([]byte, 4*n)
				for i := range cur {
					cur[i] = noise(i)
				}
				copy(prev, cur)
				prev[k]++
				out = append(out, [2][]byte{cur, prev})
			}
		}
		// Runs of like pixels of every length up to 11, each run ended
		// by a pixel whose red, green, blue or alpha differs.
		cur, prev = make([]byte, 4*n), make([]byte, 4*n)
		for p, run := 0, 1; p < n; p, run = p+run+1, run%11+1 {
			for q := p; q < min(p+run+1, n); q++ {
				for k := range 4 {
					cur[4*q+k], prev[4*q+k] = 200, 200
				}
			}
			if e := p + run; e < n {
				prev[4*e+e%4] = 9
			}
		}
		return append(out, [2][]byte{cur, prev})
	}
	for _, n := range []int{0, 1, 2, 3, 5, 8, 9, 10, 17, 40, 825, 1<<16 + 9} {
		for r, row := range rows(n) {
			cur, prev := row[0], row[1]
			out := make([]byte, 3*n+8)
			s1, s2 := upRGBASums(out, cur, prev, 65520+2, 2*65520+7) // sums past the modulus, as Encode passes them
			want := make([]byte, 3*n)
			for p := range n {
				for k := range 3 {
					want[3*p+k] = cur[4*p+k] - prev[4*p+k]
				}
			}
			if !bytes.Equal(out[:3*n], want) {
				t.Fatalf("n=%d row %d: filtered bytes differ", n, r)
			}
			w1, w2 := adlerSums((65520+2)%adlerMod, (2*65520+7)%adlerMod, want)
			if s1 != w1 || s2 != w2 {
				t.Fatalf("n=%d row %d: sums %d, %d, want %d, %d", n, r, s1, s2, w1, w2)
			}
		}
	}
}

// TestPNGWriterBytes: Encode writes the bytes it wrote when it copied
// each row's RGB and filtered it against the row above (rgbRow and
// upFilter), rows like the one above and odd widths included.
func TestPNGWriterBytes(t *testing.T) {
	reference := func(img *image.RGBA) []byte {
		var buf bytes.Buffer
		b := img.Bounds()
		width, height := b.Dx(), b.Dy()
		if err := writePNGHeader(&buf, width, height); err != nil {
			t.Fatal(err)
		}
		idat := chunkWriter{w: &buf}
		zw, err := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
		if err != nil {
			t.Fatal(err)
		}
		cur, prev, out := make([]byte, 1+3*width), make([]byte, 1+3*width), make([]byte, 1+3*width)
		out[0] = 2
		for y := range height {
			off := img.PixOffset(0, y)
			rgbRow(cur[1:], img.Pix[off:off+4*width])
			upFilter(out[1:], cur[1:], prev[1:])
			if _, err := zw.Write(out); err != nil {
				t.Fatal(err)
			}
			cur, prev = prev, cur
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		idat.flush()
		if err := writeChunk(&buf, "IEND", nil); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	var w pngWriter
	for _, size := range [][2]int{{1, 1}, {3, 2}, {301, 420}, {700, 40}} {
		img := image.NewRGBA(image.Rect(0, 0, size[0], size[1]))
		for y := 0; y < size[1]; y++ {
			for x := 0; x < size[0]; x++ {
				v := y
				if y%5 < 3 {
					v = y - y%5 // runs of three like rows
				}
				img.Set(x, y, color.RGBA{uint8(x * 7), uint8(v * 13), uint8(x ^ v), uint8(255 - x)})
			}
		}
		var buf bytes.Buffer
		if err := w.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), reference(img)) {
			t.Errorf("%v: the bytes differ", size)
		}
	}
}

// TestAdlerSums: the eight-at-a-time sums are hash/adler32's, for
// lengths around the reduction block and bytes of 255 (the largest sums).
func TestAdlerSums(t *testing.T) {
	for _, n := range []int{0, 1, 7, 8, 9, adlerMax - 1, adlerMax, adlerMax + 9, 3*adlerMax + 5, 100000} {
		for _, fill := range []func(i int) byte{func(int) byte { return 255 }, func(i int) byte { return byte(i*131 + i>>3) }} {
			p := make([]byte, n)
			for i := range p {
				p[i] = fill(i)
			}
			// In two writes, as a stream gets its rows.
			s1, s2 := adlerSums(1, 0, p[:n/3])
			s1, s2 = adlerSums(s1, s2, p[n/3:])
			if got, want := s2<<16|s1, adler32.Checksum(p); got != want {
				t.Errorf("n=%d: %08x, want %08x", n, got, want)
			}
		}
	}
}

// rgbRow copies the RGB of an RGBA row into dst (3 bytes a pixel): with
// upFilter, the plain filter the encoders are checked against.
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
