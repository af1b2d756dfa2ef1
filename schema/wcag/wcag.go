// Package wcag is the contrast of two colours as WCAG 2 measures it, which
// text needs against what it is printed on: the renderer keeps its own
// colours readable with it and validate warns about a pack's.
package wcag

import "math"

// MinContrast is the contrast text needs against its ground: WCAG 2 level
// AA for body text.
const MinContrast = 4.5

// Luminance is the relative luminance of an sRGB colour as WCAG 2 defines
// it: the channels made linear and weighted 0.2126, 0.7152 and 0.0722; 0
// for black, 1 for white.
func Luminance(r, g, b uint8) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// Ratio is the contrast ratio of two luminances, (L1 + 0.05) / (L2 + 0.05)
// with L1 the larger: 1 for a colour on itself, 21 for black on white.
func Ratio(la, lb float64) float64 {
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}
