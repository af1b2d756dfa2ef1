package validate

import (
	"fmt"
	"math"
	"strconv"

	"github.com/runforge/runforge/schema"
)

// Board geometry limits, in millimetres. MaxBoardSide matches
// layout.MaxBoardSide: the build tiles nothing larger.
const (
	MaxBoardSide = 2000.0
	MinSpaceSize = 5.0
	boardEps     = 0.01
)

func boardRules() []*Rule {
	return []*Rule{
		{ID: "board/geometry", Severity: Error, Check: checkBoardGeometry,
			Doc: "A board side is empty or larger than 2000mm, a space is smaller than 5mm, a space lies partly outside its side, or two sides of a board share an id."},
		{ID: "board/overlap", Severity: Warning, Check: checkBoardOverlap,
			Doc: "Two spaces of a board side overlap: one would print over the other."},
	}
}

// boardSpaceName names a space in messages: `space 3 (number 2)`.
func boardSpaceName(i int, sp *schema.Space) string {
	switch {
	case sp.Number != nil:
		return fmt.Sprintf("space %d (number %d)", i+1, *sp.Number)
	case sp.Label != "":
		return fmt.Sprintf("space %d (%q)", i+1, sp.Label)
	}
	return fmt.Sprintf("space %d", i+1)
}

// boardSpacePos is where a finding about a space points: its x, or the space.
func boardSpacePos(sp *schema.Space) schema.Pos {
	if x := sp.Ref.Child("x"); x.Exists() {
		return x.Pos()
	}
	return sp.Ref.Pos()
}

func boardNum(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

func boardMM(v float64) string { return boardNum(v) + "mm" }

func boardSizeMM(w, h float64) string { return boardNum(w) + "x" + boardNum(h) + "mm" }

func checkBoardGeometry(c *Context) {
	for _, b := range c.Pack.Boards() {
		first := map[string]*schema.BoardSide{}
		for _, side := range b.Sides {
			if f, ok := first[side.ID]; ok && side.ID != "" {
				c.ReportHint(side.Ref.Child("id").Pos(), fmt.Sprintf("board %q has two sides with id %q", b.ID, side.ID),
					"give every side of a board its own id: the kit names its pages after them",
					Related{Pos: f.Ref.Child("id").Pos(), Message: "first used here"})
			} else {
				first[side.ID] = side
			}
			what := fmt.Sprintf("board %q side %q", b.ID, side.ID)
			if !checkSideSize(c, side, what) {
				continue
			}
			centres := side.SpaceCentres()
			for i, sp := range side.Spaces {
				checkSpace(c, side, sp, centres[i], what+" "+boardSpaceName(i, sp))
			}
		}
	}
}

// checkSideSize reports a side that cannot be printed; it returns whether
// the side's size is sound.
func checkSideSize(c *Context, side *schema.BoardSide, what string) bool {
	w, h := side.Width.MM(), side.Height.MM()
	switch {
	case w <= 0 || h <= 0:
		c.ReportHint(side.Ref.Child("width").Pos(), fmt.Sprintf("%s is %s: it has no area", what, boardSizeMM(w, h)),
			"give the side its true width and height")
	case w > MaxBoardSide:
		c.ReportHint(side.Ref.Child("width").Pos(), fmt.Sprintf("%s is %s wide; a side may be at most %gmm", what, boardMM(w), MaxBoardSide),
			"split the board into several sides or boards")
	case h > MaxBoardSide:
		c.ReportHint(side.Ref.Child("height").Pos(), fmt.Sprintf("%s is %s tall; a side may be at most %gmm", what, boardMM(h), MaxBoardSide),
			"split the board into several sides or boards")
	default:
		return true
	}
	return false
}

// checkSpace reports a space too small to print or reaching beyond its side.
func checkSpace(c *Context, side *schema.BoardSide, sp *schema.Space, centre [2]float64, what string) {
	s := side.SpaceSize(sp)
	if s < MinSpaceSize {
		ref := sp.Ref.Child("size")
		if !ref.Exists() {
			ref = side.Ref.Child("space").Child("size")
		}
		c.ReportHint(ref.Pos(), fmt.Sprintf("%s is %s across; spaces must be at least %gmm", what, boardMM(s), MinSpaceSize),
			"a space holds pieces: make it larger")
		return
	}
	w, h := side.Width.MM(), side.Height.MM()
	over := []struct {
		by   float64
		edge string
	}{
		{s/2 - centre[0], "left"}, {centre[0] + s/2 - w, "right"},
		{s/2 - centre[1], "top"}, {centre[1] + s/2 - h, "bottom"},
	}
	for _, o := range over {
		if o.by > boardEps {
			c.ReportHint(boardSpacePos(sp), fmt.Sprintf("%s (%s across, centred at %s, %s) reaches %s beyond the %s edge of the %s side",
				what, boardMM(s), boardMM(centre[0]), boardMM(centre[1]), boardMM(o.by), o.edge, boardSizeMM(w, h)),
				"move the space (its x and y, or the side's grid) or make it smaller")
			return
		}
	}
}

func checkBoardOverlap(c *Context) {
	for _, b := range c.Pack.Boards() {
		for _, side := range b.Sides {
			what := fmt.Sprintf("board %q side %q", b.ID, side.ID)
			centres := side.SpaceCentres()
			for j := range side.Spaces {
				if i, by := firstOverlap(side, centres, j); i >= 0 {
					a, sp := side.Spaces[i], side.Spaces[j]
					c.Report(boardSpacePos(sp), fmt.Sprintf("%s %s overlaps %s by %s: one would print over the other",
						what, boardSpaceName(j, sp), boardSpaceName(i, a), boardMM(by)),
						Related{Pos: boardSpacePos(a), Message: boardSpaceName(i, a) + " is here"})
				}
			}
		}
	}
}

// firstOverlap returns the first space before j that space j overlaps,
// and by how much, or -1.
func firstOverlap(side *schema.BoardSide, centres [][2]float64, j int) (int, float64) {
	square := side.Space.Shape == "square"
	sj := side.SpaceSize(side.Spaces[j])
	for i := 0; i < j; i++ {
		reach := (side.SpaceSize(side.Spaces[i]) + sj) / 2
		dx, dy := math.Abs(centres[i][0]-centres[j][0]), math.Abs(centres[i][1]-centres[j][1])
		by := reach - math.Hypot(dx, dy)
		if square {
			by = min(reach-dx, reach-dy)
		}
		if by > boardEps {
			return i, by
		}
	}
	return -1, 0
}
