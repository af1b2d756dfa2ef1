package impose

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/runforge/runforge/layout"
)

// Piece is the trim size of one piece to print, mm.
type Piece struct{ W, H float64 }

// ShelfSpec asks for pieces of mixed sizes packed onto shared sheets: the
// pieces of a kit smaller than a page (tiles, single cards) that would
// otherwise take a sheet each.
type ShelfSpec struct {
	// Area is where the pieces' art (trim and bleed) may lie: the
	// printable area of the paper.
	Area layout.Rect
	// Bleed is the art beyond every trim, on every side.
	Bleed float64
	// Gutter is the least space between two trims, at least twice the
	// bleed: both bleeds and the crop marks across the gutter.
	Gutter float64
	Pieces []Piece
}

// Placed is one piece on a sheet: its index in the spec's list and its
// trim on the front page.
type Placed struct {
	Item int
	Trim layout.Rect
}

// ShelfPlan is where shelf packing put every piece: its sheets in order,
// each with its pieces in the order they are placed (shelf by shelf, top
// to bottom, each shelf left to right).
type ShelfPlan struct {
	Sheets [][]Placed
}

// Counts is the number of pieces on each sheet, for Spec.Counts.
func (sp ShelfPlan) Counts() []int {
	out := make([]int, len(sp.Sheets))
	for i, s := range sp.Sheets {
		out[i] = len(s)
	}
	return out
}

// Order is every piece's index, sheet after sheet, in placing order.
func (sp ShelfPlan) Order() []int {
	var out []int
	for _, s := range sp.Sheets {
		for _, p := range s {
			out = append(out, p.Item)
		}
	}
	return out
}

// shelf is a row of pieces on a sheet: its top, its height (its first,
// tallest piece's) and the right edge of its last trim.
type shelf struct {
	y, h, right float64
}

// Shelves packs the pieces on as few sheets as first-fit shelves manage:
// pieces from tallest to shortest (ties by width, then in the given
// order), each on the first shelf of the first sheet with room for it,
// else on a new shelf below the last one of the first sheet with room,
// else on a new sheet. Shelves are separated by the gutter, as are the
// pieces of a shelf, so every cut between two pieces runs through waste
// and every crop mark is on waste beside its own piece; each sheet's
// pieces are then centred in the area as a block. Nothing is scaled or
// turned: a piece larger than the area is an error.
func Shelves(spec ShelfSpec) (ShelfPlan, error) {
	if spec.Gutter < 2*spec.Bleed-1e-9 {
		return ShelfPlan{}, fmt.Errorf("a %gmm gutter cannot hold two %gmm bleeds", spec.Gutter, spec.Bleed)
	}
	room := spec.Area.Inset(spec.Bleed)
	order := make([]int, len(spec.Pieces))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := spec.Pieces[a], spec.Pieces[b]
		return cmp.Or(cmp.Compare(pb.H, pa.H), cmp.Compare(pb.W, pa.W))
	})
	var (
		sheets  [][]Placed
		shelves [][]shelf
	)
	const eps = 1e-6
	for _, i := range order {
		p := spec.Pieces[i]
		if !(p.W > 0 && p.H > 0) || p.W > room.W+eps || p.H > room.H+eps {
			return ShelfPlan{}, fmt.Errorf("a %gx%gmm piece does not fit the %gx%gmm printable area with its bleed",
				p.W, p.H, spec.Area.W, spec.Area.H)
		}
		placed := false
		for k := 0; k < len(sheets) && !placed; k++ {
			for j := range shelves[k] {
				s := &shelves[k][j]
				if p.H <= s.h+eps && s.right+spec.Gutter+p.W <= room.Right()+eps {
					x := s.right + spec.Gutter
					sheets[k] = append(sheets[k], Placed{Item: i, Trim: layout.Rect{X: x, Y: s.y, W: p.W, H: p.H}})
					s.right = x + p.W
					placed = true
					break
				}
			}
			if placed {
				break
			}
			last := shelves[k][len(shelves[k])-1]
			if y := last.y + last.h + spec.Gutter; y+p.H <= room.Bottom()+eps {
				shelves[k] = append(shelves[k], shelf{y: y, h: p.H, right: room.X + p.W})
				sheets[k] = append(sheets[k], Placed{Item: i, Trim: layout.Rect{X: room.X, Y: y, W: p.W, H: p.H}})
				placed = true
			}
		}
		if !placed {
			shelves = append(shelves, []shelf{{y: room.Y, h: p.H, right: room.X + p.W}})
			sheets = append(sheets, []Placed{{Item: i, Trim: layout.Rect{X: room.X, Y: room.Y, W: p.W, H: p.H}}})
		}
	}
	for k := range sheets {
		sheets[k] = sortShelf(sheets[k])
		centre(sheets[k], room)
	}
	return ShelfPlan{Sheets: sheets}, nil
}

// sortShelf orders a sheet's pieces top to bottom, then left to right.
func sortShelf(ps []Placed) []Placed {
	slices.SortStableFunc(ps, func(a, b Placed) int {
		return cmp.Or(cmp.Compare(a.Trim.Y, b.Trim.Y), cmp.Compare(a.Trim.X, b.Trim.X))
	})
	return ps
}

// centre moves the pieces, as a block, to the middle of room.
func centre(ps []Placed, room layout.Rect) {
	if len(ps) == 0 {
		return
	}
	right, bottom := room.X, room.Y
	for _, p := range ps {
		right, bottom = max(right, p.Trim.Right()), max(bottom, p.Trim.Bottom())
	}
	dx, dy := (room.Right()-right)/2, (room.Bottom()-bottom)/2
	for i := range ps {
		ps[i].Trim.X += dx
		ps[i].Trim.Y += dy
	}
}

// FrontSlots are the slots of a sheet's pieces on its front page, each
// with the full bleed.
func FrontSlots(sheet []Placed, bleed float64) []layout.Slot {
	out := make([]layout.Slot, len(sheet))
	for i, p := range sheet {
		out[i] = layout.Slot{Index: i, Trim: p.Trim, Bleed: layout.Sides{Top: bleed, Right: bleed, Bottom: bleed, Left: bleed}}
	}
	return out
}

// BackSlots are the slots of the backs of a sheet's pieces on its back
// page: each front mirrored for the flip (left to right for the long
// edge; top to bottom and turned 180 degrees for the short edge), then
// shifted by offset; with NoDuplex, where the front is (backs on a page of
// their own, to glue behind). Every back has the bleed of its front.
func BackSlots(paper layout.Paper, sheet []Placed, bleed float64, d layout.Duplex, offset layout.Point) []layout.Slot {
	out := FrontSlots(sheet, bleed)
	for i := range out {
		out[i].Trim, out[i].Turn = layout.BackOf(paper, out[i].Trim, 0, d, offset)
	}
	return out
}
