package draw

import (
	"math"
	"testing"
)

// The WCAG 2 contrast ratio of known pairs, either way round.
func TestContrast(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want float64
	}{
		{"#000", "#fff", 21},
		{"#fff", "#fff", 1},
		{"#777", "#fff", 4.48},
		{"#767676", "#ffffff", 4.54}, // the lightest grey that passes AA on white
		{"#ffffff", "#ff0000", 4.00},
		{"#0000ff", "#ffffff", 8.59},
		{"#808080", "#000000", 5.32},
	} {
		a, b := mustColor(t, c.a), mustColor(t, c.b)
		for _, got := range []float64{Contrast(a, b), Contrast(b, a)} {
			if math.Abs(got-c.want) > 0.005 {
				t.Errorf("Contrast(%s, %s) = %.3f, want %.2f", c.a, c.b, got, c.want)
			}
		}
	}
}

// Luminance runs from 0 (black) to 1 (white), green weighing most.
func TestLuminance(t *testing.T) {
	for _, c := range []struct {
		col  Color
		want float64
	}{
		{Black, 0}, {White, 1}, {RGB(255, 0, 0), 0.2126}, {RGB(0, 255, 0), 0.7152}, {RGB(0, 0, 255), 0.0722},
	} {
		if got := c.col.Luminance(); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s.Luminance() = %v, want %v", c.col.Hex(), got, c.want)
		}
	}
}

func mustColor(t *testing.T, s string) Color {
	t.Helper()
	c, err := ParseColor(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
