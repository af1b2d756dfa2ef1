package fpdf

import (
	"encoding/json"
	"strconv"
)

// charWidths are a font's character widths by code point, 0 for a code
// point without one. They are kept in pages of 256 code points, allocated
// only where the font has a width: a UTF-8 font's widths cover the 65,536
// code points of the Basic Multilingual Plane (256 kB as an []int32), of
// which a font has a few hundred. Marshalled as JSON, they are the []int
// they stand for, as generateFontID hashes them.
type charWidths struct {
	n     int           // the code points covered: 0 to n-1
	pages []*[256]int32 // by code point >> 8; nil where every width is 0
}

// newCharWidths returns widths for the code points 0 to n-1, all 0.
func newCharWidths(n int) charWidths {
	return charWidths{n: n, pages: make([]*[256]int32, (n+255)/256)}
}

// charWidthsOf returns the widths ws, by code point.
func charWidthsOf(ws []int) charWidths {
	c := newCharWidths(len(ws))
	for r, w := range ws {
		if w != 0 {
			c.set(r, int32(w))
		}
	}
	return c
}

// Len is the number of code points the widths cover.
func (c charWidths) Len() int { return c.n }

// at returns the width of code point r; 0 for one the widths do not cover.
func (c charWidths) at(r int) int32 {
	if r < 0 || r >= c.n {
		return 0
	}
	p := c.pages[r>>8]
	if p == nil {
		return 0
	}
	return p[r&0xff]
}

// set sets the width of code point r, which the widths cover.
func (c *charWidths) set(r int, w int32) {
	p := c.pages[r>>8]
	if p == nil {
		if w == 0 {
			return
		}
		p = new([256]int32)
		c.pages[r>>8] = p
	}
	p[r&0xff] = w
}

// each calls fn with each code point from from to to-1 that has a width
// other than 0, and the width, in order.
func (c charWidths) each(from, to int, fn func(r int, w int32)) {
	to = min(to, c.n)
	for r := max(from, 0); r < to; {
		p := c.pages[r>>8]
		if p == nil {
			r = (r>>8 + 1) << 8
			continue
		}
		if w := p[r&0xff]; w != 0 {
			fn(r, w)
		}
		r++
	}
}

// MarshalJSON writes the widths as encoding/json writes an []int: null
// for none, else every width from code point 0 on.
func (c charWidths) MarshalJSON() ([]byte, error) {
	if c.pages == nil {
		return []byte("null"), nil
	}
	b := make([]byte, 0, 2*c.n+2)
	b = append(b, '[')
	for r := range c.n {
		if r > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(c.at(r)), 10)
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads widths written as an []int (a core font's
// definition file).
func (c *charWidths) UnmarshalJSON(data []byte) error {
	var ws []int
	if err := json.Unmarshal(data, &ws); err != nil {
		return err
	}
	if ws == nil {
		*c = charWidths{}
		return nil
	}
	*c = charWidthsOf(ws)
	return nil
}
