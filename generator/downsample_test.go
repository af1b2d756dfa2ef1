package generator

import (
	"image"
	"math/rand/v2"
	"testing"
)

// boxFilter is the 2x2 box filter one channel at a time, as downsample
// is specified: every channel of a block summed, rounded half up.
func boxFilter(dst *image.RGBA, cell image.Rectangle, src *image.RGBA) {
	sb := src.Bounds()
	for y := 0; y < cell.Dy(); y++ {
		for x := 0; x < cell.Dx(); x++ {
			for ch := 0; ch < 4; ch++ {
				at := func(dx, dy int) int {
					return int(src.Pix[src.PixOffset(sb.Min.X+2*x+dx, sb.Min.Y+2*y+dy)+ch])
				}
				sum := at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1)
				dst.Pix[dst.PixOffset(cell.Min.X+x, cell.Min.Y+y)+ch] = uint8((sum + 2) / 4)
			}
		}
	}
}

func TestDownsampleIsBoxFilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tests := []struct {
		name string
		src  image.Rectangle
		cell image.Rectangle
		fill func() uint8
	}{
		{"random", image.Rect(0, 0, 250, 350), image.Rect(13, 7, 138, 182), func() uint8 { return uint8(rng.UintN(256)) }},
		{"extremes", image.Rect(0, 0, 6, 4), image.Rect(0, 0, 3, 2), func() uint8 { return uint8(255 * rng.UintN(2)) }},
		{"all white", image.Rect(0, 0, 10, 10), image.Rect(1, 1, 6, 6), func() uint8 { return 255 }},
		{"odd origin", image.Rect(3, 5, 11, 9), image.Rect(2, 3, 6, 5), func() uint8 { return uint8(rng.UintN(256)) }},
		{"one pixel", image.Rect(0, 0, 2, 2), image.Rect(4, 4, 5, 5), func() uint8 { return uint8(rng.UintN(256)) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := image.NewRGBA(tt.src)
			for i := range src.Pix {
				src.Pix[i] = tt.fill()
			}
			got, want := image.NewRGBA(image.Rect(0, 0, 160, 200)), image.NewRGBA(image.Rect(0, 0, 160, 200))
			for i := range got.Pix {
				got.Pix[i] = uint8(i * 7)
			}
			copy(want.Pix, got.Pix)
			downsample(got, tt.cell, src)
			boxFilter(want, tt.cell, src)
			for i := range got.Pix {
				if got.Pix[i] != want.Pix[i] {
					x, y := i/4%got.Stride, i/got.Stride
					t.Fatalf("pixel (%d, %d) channel %d: got %d, want %d", x, y, i%4, got.Pix[i], want.Pix[i])
				}
			}
		})
	}
}

func BenchmarkDownsample(b *testing.B) {
	src := image.NewRGBA(image.Rect(0, 0, 250, 350))
	for i := range src.Pix {
		src.Pix[i] = uint8(i)
	}
	dst := image.NewRGBA(image.Rect(0, 0, 1315, 1815))
	for b.Loop() {
		downsample(dst, image.Rect(12, 12, 137, 187), src)
	}
}

// The contact sheet fills only its gaps with the background: downsample
// must write every pixel of the cell within dst, whatever was there, at
// twice the cell's size (the box filter) and at any other (bilinear).
func TestDownsampleWritesWholeCell(t *testing.T) {
	tests := []struct {
		name string
		src  image.Rectangle
		cell image.Rectangle
	}{
		{"twice", image.Rect(0, 0, 250, 350), image.Rect(13, 7, 138, 182)},
		{"smaller", image.Rect(0, 0, 251, 349), image.Rect(13, 7, 138, 182)},
		{"larger", image.Rect(0, 0, 40, 60), image.Rect(13, 7, 138, 182)},
		{"odd", image.Rect(0, 0, 7, 5), image.Rect(2, 3, 6, 5)},
		{"past the edge", image.Rect(0, 0, 250, 350), image.Rect(100, 120, 225, 295)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := image.NewRGBA(tt.src)
			for i := range src.Pix {
				src.Pix[i] = uint8(i * 13)
			}
			var got [2]*image.RGBA
			for k := range got {
				got[k] = image.NewRGBA(image.Rect(0, 0, 160, 200))
				for i := range got[k].Pix {
					got[k].Pix[i] = uint8(i*7 + 101*k)
				}
				downsample(got[k], tt.cell, src)
			}
			in := tt.cell.Intersect(got[0].Bounds())
			for y := range 200 {
				for x := range 160 {
					a, b := got[0].RGBAAt(x, y), got[1].RGBAAt(x, y)
					if inCell := image.Pt(x, y).In(in); inCell && a != b {
						t.Fatalf("pixel (%d, %d) of the cell depends on what was there: %v and %v", x, y, a, b)
					} else if !inCell && a == b {
						t.Fatalf("pixel (%d, %d) outside the cell was written", x, y)
					}
				}
			}
		})
	}
}
