package draw

import (
	"bytes"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/klauspost/compress/flate"
)

func TestBandedPNGDecodes(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 37, 50))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = byte(rng.IntN(4) * 60) // runs and noise
		if i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	tests := []struct {
		name  string
		edges []int // band boundaries, 0 to height
	}{
		{"one band", []int{0, 50}},
		{"rows of cards", []int{0, 9, 27, 45, 50}},
		{"a band per row", func() []int {
			e := make([]int, 51)
			for i := range e {
				e[i] = i
			}
			return e
		}()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var bands []PNGBand
			for i := 0; i+1 < len(tt.edges); i++ {
				b, err := EncodeBand(img, tt.edges[i], tt.edges[i+1])
				if err != nil {
					t.Fatal(err)
				}
				// A band survives the trip through a cache.
				back, ok := DecodeBandBytes(EncodeBandBytes(b))
				if !ok || back.Adler != b.Adler || back.Len != b.Len || !bytes.Equal(back.Data, b.Data) {
					t.Fatalf("band %d does not survive EncodeBandBytes", i)
				}
				bands = append(bands, back)
			}
			var buf bytes.Buffer
			if err := WriteBandedPNG(&buf, 37, 50, bands); err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("image/png cannot read it: %v", err)
			}
			for y := 0; y < 50; y++ {
				for x := 0; x < 37; x++ {
					r, g, b, _ := got.At(x, y).RGBA()
					want := img.RGBAAt(x, y)
					if uint8(r>>8) != want.R || uint8(g>>8) != want.G || uint8(b>>8) != want.B {
						t.Fatalf("pixel %d,%d = %d,%d,%d, want %v", x, y, r>>8, g>>8, b>>8, want)
					}
				}
			}
		})
	}
}

// TestEncodeBandBytes: a band is the bytes and checksum it was when each
// row's RGB was copied and filtered against the row above (rgbRow and
// upFilter, no filter on its first row) and summed by hash/adler32, rows
// like the one above and bands of one row included.
func TestEncodeBandBytes(t *testing.T) {
	reference := func(img *image.RGBA, y0, y1 int) PNGBand {
		width := img.Bounds().Dx()
		rowLen := 1 + 3*width
		cur, prev, out := make([]byte, rowLen), make([]byte, rowLen), make([]byte, rowLen)
		var buf bytes.Buffer
		zw, err := flate.NewWriter(&buf, flate.BestSpeed)
		if err != nil {
			t.Fatal(err)
		}
		sum := adler32.New()
		for y := y0; y < y1; y++ {
			off := img.PixOffset(0, y)
			rgbRow(cur[1:], img.Pix[off:off+4*width])
			if y == y0 {
				out[0] = 0
				copy(out[1:], cur[1:])
			} else {
				out[0] = 2
				upFilter(out[1:], cur[1:], prev[1:])
			}
			if _, err := zw.Write(out); err != nil {
				t.Fatal(err)
			}
			sum.Write(out)
			cur, prev = prev, cur
		}
		if err := zw.Flush(); err != nil {
			t.Fatal(err)
		}
		return PNGBand{Data: buf.Bytes(), Adler: sum.Sum32(), Len: int64(y1-y0) * int64(rowLen)}
	}
	img := image.NewRGBA(image.Rect(0, 0, 301, 60))
	for y := 0; y < 60; y++ {
		for x := 0; x < 301; x++ {
			v := y
			if y%5 < 3 {
				v = y - y%5 // runs of three like rows
			}
			img.Set(x, y, color.RGBA{uint8(x * 7), uint8(v * 13), uint8(x ^ v), uint8(255 - x)})
		}
	}
	for _, e := range [][2]int{{0, 60}, {0, 1}, {1, 2}, {7, 31}, {31, 60}} {
		got, err := EncodeBand(img, e[0], e[1])
		if err != nil {
			t.Fatal(err)
		}
		want := reference(img, e[0], e[1])
		if !bytes.Equal(got.Data, want.Data) || got.Adler != want.Adler || got.Len != want.Len {
			t.Errorf("rows %d-%d: the band differs", e[0], e[1])
		}
	}
}

func TestBandedPNGRefusesMissingRows(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	b, err := EncodeBand(img, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteBandedPNG(&bytes.Buffer{}, 4, 4, []PNGBand{b}); err == nil {
		t.Fatal("two rows of four were written as a whole image")
	}
	if _, err := EncodeBand(img, 3, 5); err == nil {
		t.Fatal("a band past the image's last row was encoded")
	}
	if _, ok := DecodeBandBytes([]byte("short")); ok {
		t.Fatal("five bytes read as a band")
	}
}

func TestAdler32Combine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {7, 65521}, {65521 * 3, 100000}, {5, 1 << 20}} {
		a, b := make([]byte, n[0]), make([]byte, n[1])
		for i := range a {
			a[i] = byte(rng.Uint32())
		}
		for i := range b {
			b[i] = 0xff
		}
		want := adler32.Checksum(append(append([]byte{}, a...), b...))
		if got := adler32Combine(adler32.Checksum(a), adler32.Checksum(b), int64(len(b))); got != want {
			t.Errorf("lengths %v: combined %08x, want %08x", n, got, want)
		}
	}
}

// One BandEncoder encoding band after band, of images of other widths and
// at other origins among them, gives each band's bytes as a new one does.
func TestBandEncoderReused(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	noisy := func(r image.Rectangle) *image.RGBA {
		img := image.NewRGBA(r)
		for i := range img.Pix {
			img.Pix[i] = byte(rng.IntN(3) * 90)
		}
		return img
	}
	wide, narrow, moved := noisy(image.Rect(0, 0, 300, 40)), noisy(image.Rect(0, 0, 17, 30)), noisy(image.Rect(0, 100, 300, 130))
	tests := []struct {
		name   string
		img    *image.RGBA
		y0, y1 int
	}{
		{"wide", wide, 0, 12},
		{"wide again", wide, 12, 40},
		{"narrow", narrow, 3, 30},
		{"one row", narrow, 0, 1},
		{"not at the origin", moved, 100, 130},
		{"wide last", wide, 5, 39},
	}
	var e BandEncoder
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := EncodeBand(tt.img, tt.y0, tt.y1)
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.Encode(tt.img, tt.y0, tt.y1)
			if err != nil {
				t.Fatal(err)
			}
			if got.Adler != want.Adler || got.Len != want.Len || !bytes.Equal(got.Data, want.Data) {
				t.Errorf("the reused encoder's band differs from a new one's")
			}
		})
	}
}
