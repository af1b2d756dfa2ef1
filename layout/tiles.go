package layout

import (
	"fmt"
	"math"
)

// Board tiling: a board side larger than the printable area is printed at
// true size across several pages (tiles). Neighbouring tiles share an
// overlap strip. The tile above or to the left goes underneath: its part of
// the strip beyond the cut line is the glue strip. The tile below or to the
// right is cut along the cut line, which runs down the middle of the strip,
// and laid on the glue strip. Alignment marks sit on the cut line, so after
// cutting half of each mark is left on the edge of the upper page and meets
// the other half, printed on the page beneath.

// Tiling defaults and limits, in millimetres.
const (
	// DefaultOverlap is the width of the strip shared by neighbouring tiles.
	DefaultOverlap = 12.0
	// MinOverlap is the narrowest strip that holds the alignment marks.
	MinOverlap = 6.0
	// MaxBoardSide is the largest board side runforge tiles.
	MaxBoardSide = 2000.0
	// TileCaption is the band at the bottom of a tile page's printable area
	// kept free of board art for the page's caption (label, page number,
	// neighbours).
	TileCaption = 7.0
	// MarkRadius is the radius of an alignment mark's circle.
	MarkRadius = 2.5
	// markPitch is the widest gap between two alignment marks of a seam.
	markPitch = 100.0
	tileEps   = 1e-6
)

// Edges says which edges of a rectangle have a property.
type Edges struct{ Top, Right, Bottom, Left bool }

// Tile is one page of a tiled board side.
type Tile struct {
	Row, Col int
	// Label names the tile: row letter and column number ("A1", "B2").
	Label string
	// Region is the part of the board the page prints, in board coordinates
	// (origin at the board's top-left corner).
	Region Rect
	// Place is where the region's top-left corner lies on the page.
	Place Point
	// Overlap marks the edges shared with a neighbouring tile.
	Overlap Edges
	// Marks are the alignment marks on the tile's shared edges, in board
	// coordinates.
	Marks []Point
	// Page is the 0-based page of the side's tiles the tile prints on:
	// its own, or one it shares with another tile (TileBoardPaired).
	Page int
	// Area is the tile's part of its page, inside the margin: the whole
	// printable area, or its half of it on a shared page; Caption is the
	// band at the bottom of Area kept for the tile's caption (empty when
	// there is none).
	Area, Caption Rect
}

// OnPage is the tile's region in page coordinates.
func (t Tile) OnPage() Rect {
	return Rect{t.Place.X, t.Place.Y, t.Region.W, t.Region.H}
}

// ToPage converts a point from board to page coordinates.
func (t Tile) ToPage(p Point) Point {
	return Point{p.X - t.Region.X + t.Place.X, p.Y - t.Region.Y + t.Place.Y}
}

// Seam is the strip shared by two neighbouring tiles.
type Seam struct {
	// Vertical is set for a seam between two columns (the strip runs from
	// top to bottom); otherwise it lies between two rows.
	Vertical bool
	// Under is the index of the tile above or to the left, which keeps its
	// glue strip; Over is the tile that is cut and laid on top.
	Under, Over int
	// Strip is the shared strip in board coordinates.
	Strip Rect
	// Cut is the board x (vertical seam) or y (horizontal seam) of the cut
	// line, in the middle of the strip.
	Cut float64
	// Marks are the centres of the alignment marks, on the cut line.
	Marks []Point
}

// TilePlan is how a board side is split into pages at 100% scale.
type TilePlan struct {
	// Paper is the page as printed: W and H are swapped for landscape.
	Paper     Paper
	Landscape bool
	Margin    float64
	Overlap   float64
	// BoardW and BoardH are the size of the side.
	BoardW, BoardH float64
	Rows, Cols     int
	// Tiles are in reading order: A1, A2, ..., B1, ...
	Tiles []Tile
	Seams []Seam
	// Caption is the band of every page kept for the caption; empty when a
	// one-page board leaves no room for it.
	Caption Rect
}

// Pages is the number of pages the tiles print on: one a tile, or fewer
// when tiles share pages (TileBoardPaired).
func (p TilePlan) Pages() int {
	if len(p.Tiles) == 0 {
		return 0
	}
	return p.Tiles[len(p.Tiles)-1].Page + 1
}

// OnPageOf lists the tiles that print on page k of the side's tiles.
func (p TilePlan) OnPageOf(k int) []int {
	var out []int
	for i, t := range p.Tiles {
		if t.Page == k {
			out = append(out, i)
		}
	}
	return out
}

// Paired reports whether tiles share pages.
func (p TilePlan) Paired() bool { return p.Pages() < len(p.Tiles) }

// Printable is the area of the page inside the printer margin.
func (p TilePlan) Printable() Rect {
	return Rect{p.Margin, p.Margin, p.Paper.W - 2*p.Margin, p.Paper.H - 2*p.Margin}
}

// At returns the index of the tile in the given row and column, or -1.
func (p TilePlan) At(row, col int) int {
	if row < 0 || col < 0 || row >= p.Rows || col >= p.Cols {
		return -1
	}
	return row*p.Cols + col
}

// TileBoard splits a w x h mm board side into pages of the paper at true
// size. Every page prints only inside margin; neighbouring tiles share an
// overlap strip (DefaultOverlap is the usual width). Portrait or landscape
// pages are chosen, whichever needs fewer pages (portrait on a tie). A side
// that fits the printable area is one page with no overlap.
func TileBoard(paper Paper, margin, overlap, w, h float64) (TilePlan, error) {
	if err := checkTileInput(paper, margin, overlap, w, h); err != nil {
		return TilePlan{}, err
	}
	land := Paper{Name: paper.Name, W: paper.H, H: paper.W}
	for _, pp := range []Paper{paper, land} {
		if w <= pp.W-2*margin+tileEps && h <= pp.H-2*margin+tileEps {
			return onePage(pp, pp != paper, margin, overlap, w, h), nil
		}
	}
	portrait, errP := tiled(paper, false, margin, overlap, w, h)
	landscape, errL := tiled(land, true, margin, overlap, w, h)
	switch {
	case errP != nil && errL != nil:
		return TilePlan{}, errP
	case errP != nil:
		return landscape, nil
	case errL != nil || portrait.Pages() <= landscape.Pages():
		return portrait, nil
	}
	return landscape, nil
}

func checkTileInput(paper Paper, margin, overlap, w, h float64) error {
	switch {
	case !(w > 0) || !(h > 0) || math.IsInf(w, 0) || math.IsInf(h, 0):
		return fmt.Errorf("board size %gx%gmm: width and height must be positive", w, h)
	case w > MaxBoardSide || h > MaxBoardSide:
		return fmt.Errorf("board size %gx%gmm: a side may be at most %gmm", w, h, MaxBoardSide)
	case !(margin >= 0) || 2*margin >= math.Min(paper.W, paper.H):
		return fmt.Errorf("margin %gmm leaves nothing printable on %s paper", margin, paper.Name)
	case !(overlap >= MinOverlap) || math.IsInf(overlap, 0):
		return fmt.Errorf("overlap %gmm: the glue strip must be at least %gmm wide", overlap, MinOverlap)
	}
	return nil
}

// onePage places a side that fits the printable area in its middle, above
// the caption band when there is room for it.
func onePage(pp Paper, landscape bool, margin, overlap, w, h float64) TilePlan {
	p := TilePlan{Paper: pp, Landscape: landscape, Margin: margin, Overlap: overlap,
		BoardW: w, BoardH: h, Rows: 1, Cols: 1}
	area := p.Printable()
	if h <= area.H-TileCaption+tileEps {
		area.H -= TileCaption
		p.Caption = Rect{area.X, area.Bottom(), area.W, TileCaption}
	}
	p.Tiles = []Tile{{Label: TileLabel(0, 0), Region: Rect{0, 0, w, h},
		Place: Point{area.X + (area.W-w)/2, area.Y + (area.H-h)/2}, Area: p.Printable(), Caption: p.Caption}}
	return p
}

// tiled splits the side into equal tiles on pages of the given size.
func tiled(pp Paper, landscape bool, margin, overlap, w, h float64) (TilePlan, error) {
	p := TilePlan{Paper: pp, Landscape: landscape, Margin: margin, Overlap: overlap, BoardW: w, BoardH: h}
	area := p.Printable()
	area.H -= TileCaption
	p.Caption = Rect{area.X, area.Bottom(), area.W, TileCaption}
	cols, tw, err := split(w, area.W, overlap)
	if err != nil {
		return TilePlan{}, err
	}
	rows, th, err := split(h, area.H, overlap)
	if err != nil {
		return TilePlan{}, err
	}
	p.Rows, p.Cols = rows, cols
	place := Point{area.X + (area.W-tw)/2, area.Y + (area.H-th)/2}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			p.Tiles = append(p.Tiles, Tile{Row: r, Col: c, Label: TileLabel(r, c),
				Region:  Rect{float64(c) * (tw - overlap), float64(r) * (th - overlap), tw, th},
				Place:   place,
				Overlap: Edges{Top: r > 0, Right: c < cols-1, Bottom: r < rows-1, Left: c > 0},
				Page:    len(p.Tiles), Area: p.Printable(), Caption: p.Caption})
		}
	}
	p.addSeams()
	return p, nil
}

// TileBoardPaired is TileBoard that may also print two tiles on a page
// when that takes fewer pages: the printable area split into two halves
// with gap between them (side by side on landscape paper, one above the
// other on portrait), each half a tile's area with its own caption band.
// Tiles are still at true size, with their overlap strips and marks; a
// side that fits one page is TileBoard's.
func TileBoardPaired(paper Paper, margin, overlap, gap, w, h float64) (TilePlan, error) {
	best, err := TileBoard(paper, margin, overlap, w, h)
	if err != nil || best.Pages() == 1 {
		return best, err
	}
	land := Paper{Name: paper.Name, W: paper.H, H: paper.W}
	for _, pp := range []Paper{paper, land} {
		p, err := paired(pp, pp != paper, margin, overlap, gap, w, h)
		if err == nil && p.Pages() > 1 && p.Pages() < best.Pages() {
			best = p
		}
	}
	return best, nil
}

// paired splits the side into equal tiles two to a page of the given size.
func paired(pp Paper, landscape bool, margin, overlap, gap, w, h float64) (TilePlan, error) {
	p := TilePlan{Paper: pp, Landscape: landscape, Margin: margin, Overlap: overlap, BoardW: w, BoardH: h}
	area := p.Printable()
	cells := [2]Rect{}
	if pp.W >= pp.H {
		cw := (area.W - gap) / 2
		cells[0], cells[1] = Rect{area.X, area.Y, cw, area.H}, Rect{area.X + cw + gap, area.Y, cw, area.H}
	} else {
		ch := (area.H - gap) / 2
		cells[0], cells[1] = Rect{area.X, area.Y, area.W, ch}, Rect{area.X, area.Y + ch + gap, area.W, ch}
	}
	avail := cells[0]
	avail.H -= TileCaption
	if !(avail.W > 0 && avail.H > 0) {
		return TilePlan{}, fmt.Errorf("no room for two tiles a page")
	}
	cols, tw, err := split(w, avail.W, overlap)
	if err != nil {
		return TilePlan{}, err
	}
	rows, th, err := split(h, avail.H, overlap)
	if err != nil {
		return TilePlan{}, err
	}
	p.Rows, p.Cols = rows, cols
	p.Caption = Rect{cells[0].X, cells[0].Bottom() - TileCaption, cells[0].W, TileCaption}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			k := len(p.Tiles)
			cell := cells[k%2]
			band := Rect{cell.X, cell.Bottom() - TileCaption, cell.W, TileCaption}
			place := Point{cell.X + (cell.W-tw)/2, cell.Y + (cell.H-TileCaption-th)/2}
			p.Tiles = append(p.Tiles, Tile{Row: r, Col: c, Label: TileLabel(r, c),
				Region:  Rect{float64(c) * (tw - overlap), float64(r) * (th - overlap), tw, th},
				Place:   place,
				Overlap: Edges{Top: r > 0, Right: c < cols-1, Bottom: r < rows-1, Left: c > 0},
				Page:    k / 2, Area: cell, Caption: band})
		}
	}
	p.addSeams()
	return p, nil
}

// split divides a length into n equal pieces no longer than avail that
// overlap their neighbours by overlap.
func split(length, avail, overlap float64) (n int, size float64, err error) {
	if length <= avail+tileEps {
		return 1, length, nil
	}
	if avail < 3*overlap {
		return 0, 0, fmt.Errorf("a %gmm overlap leaves too little of a %.1fmm page to tile on", overlap, avail)
	}
	n = int(math.Ceil((length-overlap)/(avail-overlap) - tileEps))
	return n, (length + float64(n-1)*overlap) / float64(n), nil
}

// addSeams finds the strips shared by neighbours and their marks.
func (p *TilePlan) addSeams() {
	for i := range p.Tiles {
		t := p.Tiles[i]
		if j := p.At(t.Row, t.Col+1); j >= 0 {
			n := p.Tiles[j].Region
			strip := Rect{n.X, t.Region.Y, t.Region.Right() - n.X, t.Region.H}
			p.addSeam(Seam{Vertical: true, Under: i, Over: j, Strip: strip, Cut: strip.X + strip.W/2})
		}
		if j := p.At(t.Row+1, t.Col); j >= 0 {
			n := p.Tiles[j].Region
			strip := Rect{t.Region.X, n.Y, t.Region.W, t.Region.Bottom() - n.Y}
			p.addSeam(Seam{Under: i, Over: j, Strip: strip, Cut: strip.Y + strip.H/2})
		}
	}
}

// addSeam places the seam's marks along its cut line, away from the strips
// that cross it at the corners, and records them on both tiles.
func (p *TilePlan) addSeam(s Seam) {
	t := p.Tiles[s.Under]
	lo, hi := t.Region.X, t.Region.Right()
	if s.Vertical {
		lo, hi = t.Region.Y, t.Region.Bottom()
		if t.Overlap.Top {
			lo += p.Overlap
		}
		if t.Overlap.Bottom {
			hi -= p.Overlap
		}
	} else {
		if t.Overlap.Left {
			lo += p.Overlap
		}
		if t.Overlap.Right {
			hi -= p.Overlap
		}
	}
	n := max(2, int(math.Ceil((hi-lo)/markPitch)))
	for k := 0; k < n; k++ {
		along := lo + (hi-lo)*(float64(k)+0.5)/float64(n)
		m := Point{along, s.Cut}
		if s.Vertical {
			m = Point{s.Cut, along}
		}
		s.Marks = append(s.Marks, m)
	}
	p.Tiles[s.Under].Marks = append(p.Tiles[s.Under].Marks, s.Marks...)
	p.Tiles[s.Over].Marks = append(p.Tiles[s.Over].Marks, s.Marks...)
	p.Seams = append(p.Seams, s)
}

// TileLabel names the tile in a row and column: "A1" is the top-left,
// "B1" the tile below it, "A2" the one to its right.
func TileLabel(row, col int) string {
	letters := ""
	for n := row + 1; n > 0; n = (n - 1) / 26 {
		letters = string(rune('A'+(n-1)%26)) + letters
	}
	return fmt.Sprintf("%s%d", letters, col+1)
}
