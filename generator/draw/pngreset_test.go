package draw

import (
	"bytes"
	"testing"
)

// TestResetClearsLazily holds a canvas whose clearing to white waits for
// its first drawing (made, or Reset after a drawing) to one cleared
// before it, whatever that first drawing is.
func TestResetClearsLazily(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	red, grey := Color{200, 0, 0}, Color{0x9a, 0x9a, 0x9a}
	tests := []struct {
		name string
		draw func(c *PNGCanvas)
	}{
		{"nothing", func(*PNGCanvas) {}},
		{"whole background", func(c *PNGCanvas) { c.Rect(0, 0, 20, 30, 0, Filled(grey)); c.Text(2, 8, "Ab", Bold, 10, red) }},
		{"background with bleed", func(c *PNGCanvas) { c.Rect(-3, -3, 26, 36, 0, Filled(grey)) }},
		{"part of the image", func(c *PNGCanvas) { c.Rect(2, 2, 10, 10, 0, Filled(grey)) }},
		{"background moved", func(c *PNGCanvas) { c.Push(); c.Translate(1, 0); c.Rect(0, 0, 20, 30, 0, Filled(grey)); c.Pop() }},
		{"text first", func(c *PNGCanvas) { c.Text(2, 8, "Ab", Regular, 10, red) }},
		{"stroke first", func(c *PNGCanvas) { c.Rect(1, 1, 18, 28, 2, Stroked(red, 0.5)) }},
		{"rotated text", func(c *PNGCanvas) { c.Push(); c.Rotate(90, 10, 15); c.Text(2, 8, "Ab", Regular, 10, red); c.Pop() }},
		{"clipped", func(c *PNGCanvas) { c.Push(); c.ClipRect(0, 0, 10, 10); c.Rect(0, 0, 20, 30, 0, Filled(grey)); c.Pop() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := NewPNGCanvas(fonts, 20, 30, 100)
			if err != nil {
				t.Fatal(err)
			}
			want.Image() // cleared now
			tt.draw(want)
			fresh, err := NewPNGCanvas(fonts, 20, 30, 100)
			if err != nil {
				t.Fatal(err)
			}
			tt.draw(fresh)
			reset, err := NewPNGCanvas(fonts, 20, 30, 100)
			if err != nil {
				t.Fatal(err)
			}
			reset.Rect(0, 0, 20, 30, 0, Filled(red))
			reset.Reset()
			tt.draw(reset)
			for name, c := range map[string]*PNGCanvas{"made": fresh, "reset": reset} {
				if !bytes.Equal(c.Image().Pix, want.Image().Pix) {
					t.Errorf("%s: pixels differ from a canvas cleared first", name)
				}
			}
		})
	}
}
