// Package layout computes page geometry for printing: paper sizes, n-up card
// grids with bleed and gutters, crop marks, duplex back positions and token
// sheets. Everything is in millimetres with the origin at the top-left corner
// of the page; nothing here draws.
package layout

import "fmt"

// Rect is an axis-aligned rectangle.
type Rect struct{ X, Y, W, H float64 }

// Right is the x of the right edge.
func (r Rect) Right() float64 { return r.X + r.W }

// Bottom is the y of the bottom edge.
func (r Rect) Bottom() float64 { return r.Y + r.H }

// Inset shrinks the rectangle by d on every side (grows it for negative d).
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Line is a straight segment.
type Line struct{ X1, Y1, X2, Y2 float64 }

// Paper is a sheet size.
type Paper struct {
	Name string
	W, H float64
}

// Papers are the supported sheet sizes, portrait.
var Papers = map[string]Paper{
	"letter": {"letter", 215.9, 279.4},
	"a4":     {"a4", 210, 297},
}

// PaperByName returns a paper size by name.
func PaperByName(name string) (Paper, error) {
	p, ok := Papers[name]
	if !ok {
		return Paper{}, fmt.Errorf("unknown paper %q (want letter or a4)", name)
	}
	return p, nil
}

// Defaults of the print conventions.
const (
	DefaultMargin = 6.35 // printer margin, 1/4 in
	DefaultBleed  = 3.0  // 1/8 in
	// MarkLength is the preferred length of a crop mark.
	MarkLength = 5.0
	// MinMarkLength is the shortest crop mark drawn.
	MinMarkLength = 2.5
	// MarkGap separates a crop mark from the bleed it points at.
	MarkGap = 0.5
	// EdgeGap keeps crop marks off the page edge.
	EdgeGap = 1.0
)

// Duplex says how the sheet is flipped to print backs.
type Duplex int

// Duplex modes.
const (
	// LongEdge flips a portrait sheet on its long (left/right) edge.
	LongEdge Duplex = iota
	// ShortEdge flips a portrait sheet on its short (top/bottom) edge.
	ShortEdge
	// NoDuplex prints no backs.
	NoDuplex
)

// ParseDuplex parses long, short or none.
func ParseDuplex(s string) (Duplex, error) {
	switch s {
	case "long", "":
		return LongEdge, nil
	case "short":
		return ShortEdge, nil
	case "none":
		return NoDuplex, nil
	}
	return 0, fmt.Errorf("unknown duplex mode %q (want long, short or none)", s)
}

func (d Duplex) String() string {
	return [...]string{"long", "short", "none"}[d]
}

// Point is an offset.
type Point struct{ X, Y float64 }

// Sides holds a length per side of a rectangle.
type Sides struct{ Top, Right, Bottom, Left float64 }
