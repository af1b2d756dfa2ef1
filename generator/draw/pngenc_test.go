package draw

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
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
