package layout

import (
	"cmp"
	"fmt"
	"slices"
)

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

// PackFirstFit places items (w x h trims) in rows ("shelves") inside the
// margin, with gap between neighbours, like PackShelves, but first fit:
// each item, in the given order, goes at the right end of the first shelf
// (sheet by sheet, top to bottom) that has room for it and is at least as
// tall (the last shelf of a sheet grows taller where the sheet has room),
// and only opens a shelf of its own (under the last shelf of the first
// sheet with room for it) when none has. Given largest first, smaller
// items fill the ends of the rows that larger ones leave: a mix of sizes
// takes fewer sheets than PackShelves may give it (Just Run's tokens and
// pawns on A4: 3 sheets rather than 4).
func PackFirstFit(paper Paper, margin, gap float64, sizes [][2]float64) ([]Placement, int, error) {
	availW, availH := paper.W-2*margin, paper.H-2*margin
	type shelf struct {
		page       int
		y, h, next float64 // top, height, the x of the next item
	}
	var (
		out     []Placement
		shelves []shelf   // sorted by sheet, then top
		bottom  []float64 // by sheet: the top of its next shelf
		lastTop []float64 // by sheet: the top of its last shelf
	)
	for i, s := range sizes {
		w, h := s[0], s[1]
		if w > availW || h > availH {
			return nil, 0, fmt.Errorf("a %.1fx%.1fmm piece does not fit on %s paper", w, h, paper.Name)
		}
		k := slices.IndexFunc(shelves, func(sh shelf) bool {
			// The last shelf of a sheet may grow taller, down to the margin.
			last := lastTop[sh.page] == sh.y
			return sh.next+w <= availW && (h <= sh.h || last && sh.y+h <= availH)
		})
		if k >= 0 && h > shelves[k].h {
			shelves[k].h = h
			bottom[shelves[k].page] = shelves[k].y + h + gap
		}
		if k < 0 {
			page := slices.IndexFunc(bottom, func(b float64) bool { return b+h <= availH })
			if page < 0 {
				page = len(bottom)
				bottom, lastTop = append(bottom, 0), append(lastTop, 0)
			}
			sh := shelf{page: page, y: bottom[page], h: h}
			lastTop[page] = sh.y
			bottom[page] += h + gap
			k, _ = slices.BinarySearchFunc(shelves, sh, func(a, b shelf) int {
				if a.page != b.page {
					return a.page - b.page
				}
				return cmp.Compare(a.y, b.y)
			})
			shelves = slices.Insert(shelves, k, sh)
		}
		sh := &shelves[k]
		out = append(out, Placement{Item: i, Page: sh.page, Trim: Rect{margin + sh.next, margin + sh.y, w, h}})
		sh.next += w + gap
	}
	return out, len(bottom), nil
}
