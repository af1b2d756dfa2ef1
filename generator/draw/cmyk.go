package draw

import (
	"image/color"
	"strconv"
)

// Process colour for print shops (--cmyk). Go has no colour management,
// so runforge converts its colours to cyan, magenta, yellow and black ink
// itself, in two ways:
//
//   - the colours the bundled packs and runforge's own drawing print (the
//     palette, cmykPalette) have values chosen ahead of time with a real
//     ICC profile, the ink limit included (see cmykpalette.go for how);
//   - any other colour (a pack's own, a grey runforge computes) by one
//     rule, CMYKRule: black generated from the grey component (full grey
//     component replacement) and the other inks cut to the ink limit.
//
// Either way no colour prints more than MaxInk of total area coverage.

// MaxInk is the most ink any colour prints under --cmyk: the total area
// coverage C+M+Y+K in 8-bit units, 240% of 255 (2.40 x 255 = 612). Many
// print-on-demand shops refuse more (ink that does not dry smears in the
// stack), and a value in these units is exactly what a PDF reader gets
// back from the four numbers written (see cmykOperands).
const MaxInk = 612

// TAC is the colour's total area coverage, C+M+Y+K, in 8-bit units
// (255 is 100%).
func TAC(c color.CMYK) int { return int(c.C) + int(c.M) + int(c.Y) + int(c.K) }

// CMYK is the process colour c prints as under --cmyk: its palette value
// when it has one, else CMYKRule's.
func (c Color) CMYK() color.CMYK {
	if v, ok := cmykPalette[uint32(c.R)<<16|uint32(c.G)<<8|uint32(c.B)]; ok {
		return v
	}
	return CMYKRule(c)
}

// InPalette reports whether c has a palette value (cmykPalette): a colour
// the bundled packs or runforge's own drawing print.
func InPalette(c Color) bool {
	_, ok := cmykPalette[uint32(c.R)<<16|uint32(c.G)<<8|uint32(c.B)]
	return ok
}

// CMYKRule converts an RGB colour to CMYK by the one rule runforge uses for
// colours outside the palette: with r, g, b in 0..1,
//
//	K = 1 - max(r, g, b)                    black from the grey component
//	C = (1 - r - K) / (1 - K), M, Y alike   (all 0 for black)
//
// then, when C+M+Y+K is over MaxInk, C, M and Y are scaled down together
// until it is not (K stays: the darkness comes from black ink), as
// LittleCMS's ink-limiting device link does. A grey prints in black ink
// alone.
func CMYKRule(c Color) color.CMYK {
	r, g, b := int(c.R), int(c.G), int(c.B)
	hi := max(r, g, b)
	k := 255 - hi
	if hi == 0 {
		return color.CMYK{K: 255}
	}
	// (1-r-K)/(1-K) in 8-bit units: (hi-r)/hi.
	cmy := [3]int{}
	for i, v := range [3]int{r, g, b} {
		cmy[i] = ((hi-v)*255 + hi/2) / hi
	}
	return limitInk(cmy, k)
}

// limitInk scales c, m, y (8-bit) down together until c+m+y+k is at most
// MaxInk, rounding so that the sum never exceeds it.
func limitInk(cmy [3]int, k int) color.CMYK {
	sum := cmy[0] + cmy[1] + cmy[2]
	if room := MaxInk - k; sum > room {
		for i := range cmy {
			cmy[i] = cmy[i] * room / sum // rounds down: the sum stays within room
		}
	}
	return color.CMYK{C: uint8(cmy[0]), M: uint8(cmy[1]), Y: uint8(cmy[2]), K: uint8(k)}
}

// cmykOperands formats a CMYK colour as the four operands of a PDF k or K
// operator, each channel n/255 to 4 decimals: a reader that reads them
// back to 8 bits gets n again, so the ink limit holds to the unit.
func cmykOperands(c color.CMYK) string {
	b := make([]byte, 0, 32)
	for i, v := range [4]uint8{c.C, c.M, c.Y, c.K} {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendUnit(b, v)
	}
	return string(b)
}

// appendUnit appends v/255 with at most 4 decimals and no trailing zeros.
func appendUnit(b []byte, v uint8) []byte {
	switch v {
	case 0:
		return append(b, '0')
	case 255:
		return append(b, '1')
	}
	s := strconv.FormatFloat(float64(v)/255, 'f', 4, 64)
	for s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	return append(b, s[1:]...) // ".1234": the leading zero is optional
}
