package layout

import "fmt"

// Token sheets: TokenBleed is how far a token's colour reaches past its cut
// line, TokenGap separates neighbouring tokens (bleed included). A token of
// size s takes an s+2*TokenBleed square on the sheet.
const (
	TokenBleed = 1.0
	TokenGap   = 2.0
)

// Placement is where one item of a token sheet goes.
type Placement struct {
	Item int // index into the items given to PackShelves
	Page int // 0-based
	Trim Rect
}

// PackShelves places items (w x h trims) on as few sheets as needed, in the
// given order, left to right in rows ("shelves") inside the margin, with gap
// between neighbours. Callers sort items by size for tight sheets.
func PackShelves(paper Paper, margin, gap float64, sizes [][2]float64) ([]Placement, int, error) {
	availW, availH := paper.W-2*margin, paper.H-2*margin
	var out []Placement
	page, x, y, shelfH := 0, 0.0, 0.0, 0.0
	for i, s := range sizes {
		w, h := s[0], s[1]
		if w > availW || h > availH {
			return nil, 0, fmt.Errorf("a %.1fx%.1fmm piece does not fit on %s paper", w, h, paper.Name)
		}
		if x > 0 && x+w > availW {
			x, y, shelfH = 0, y+shelfH+gap, 0
		}
		if y+h > availH {
			page, x, y, shelfH = page+1, 0, 0, 0
		}
		out = append(out, Placement{Item: i, Page: page, Trim: Rect{margin + x, margin + y, w, h}})
		x += w + gap
		shelfH = max(shelfH, h)
	}
	if len(out) == 0 {
		return nil, 0, nil
	}
	return out, page + 1, nil
}
