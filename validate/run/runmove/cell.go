package runmove

import (
	"fmt"
	"strings"
)

// Grid size: "Each map consists of a grid of 6 x 6 spaces." (run.md L105).
const (
	Size     = 6
	NumCells = Size * Size
)

// Cell is one of the 36 spaces A1..F6. Columns A-F run left to right and rows
// 1-6 top to bottom; A1 is the top-left space, on the map-number edge (A1).
// Cells are numbered column first, so the numeric order of cells is the
// string order ("A1" < "A2" < ... < "B1").
type Cell uint8

// CellAt returns the cell in column col (0 = A) and row row (0 = row 1), and
// false when that is off the map.
func CellAt(col, row int) (Cell, bool) {
	if col < 0 || col >= Size || row < 0 || row >= Size {
		return 0, false
	}
	return Cell(col*Size + row), true
}

// Col is the column, 0 for A.
func (c Cell) Col() int { return int(c) / Size }

// Row is the row, 0 for row 1.
func (c Cell) Row() int { return int(c) % Size }

// Valid reports whether c is on the map.
func (c Cell) Valid() bool { return c < NumCells }

// String formats the cell as "C3".
func (c Cell) String() string {
	if !c.Valid() {
		return fmt.Sprintf("Cell(%d)", uint8(c))
	}
	return fmt.Sprintf("%c%d", 'A'+c.Col(), c.Row()+1)
}

// ParseCell parses "C3" (the column letter may be lower case).
func ParseCell(s string) (Cell, error) {
	if len(s) != 2 {
		return 0, fmt.Errorf("cell %q: want a column A-F and a row 1-6, as in C3", s)
	}
	col := int(strings.ToUpper(s[:1])[0]) - 'A'
	row := int(s[1]) - '1'
	c, ok := CellAt(col, row)
	if !ok {
		return 0, fmt.Errorf("cell %q is not on the 6 x 6 map (A1-F6)", s)
	}
	return c, nil
}

// Step returns the neighbour of c in direction d, and false off the map
// ("You can't move off the map.", run.md L246).
func (c Cell) Step(d Dir) (Cell, bool) {
	dc, dr := d.Delta()
	if dc == 0 && dr == 0 {
		return c, false
	}
	return CellAt(c.Col()+dc, c.Row()+dr)
}

// Distance is the Chebyshev distance: the number of orthogonal and diagonal
// steps between two cells regardless of obstacles (as the Rangefinder,
// run.md L723-725).
func Distance(a, b Cell) int {
	return max(abs(a.Col()-b.Col()), abs(a.Row()-b.Row()))
}

// Line returns the unit direction and the number of steps from a to b when b
// lies in a straight orthogonal or diagonal line from a, and NoDir otherwise.
func Line(a, b Cell) (Dir, int) {
	dc, dr := b.Col()-a.Col(), b.Row()-a.Row()
	if dc == 0 && dr == 0 || dc != 0 && dr != 0 && abs(dc) != abs(dr) {
		return NoDir, 0
	}
	return dirOf(sign(dc), sign(dr)), max(abs(dc), abs(dr))
}

// FormatCells joins cells with ", ".
func FormatCells(cs []Cell) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// Dir is a compass direction on the printed map: N toward row 1, E toward
// column F (A1).
type Dir uint8

// The eight directions, clockwise from north; NoDir is "none".
const (
	NoDir Dir = iota
	N
	NE
	E
	SE
	S
	SW
	W
	NW
)

// dirNames are the direction names, by Dir.
func dirNames() [NW + 1]string {
	return [...]string{"", "N", "NE", "E", "SE", "S", "SW", "W", "NW"}
}

// Delta is the (column, row) change of one step in direction d.
func (d Dir) Delta() (dc, dr int) {
	switch d {
	case N:
		return 0, -1
	case NE:
		return 1, -1
	case E:
		return 1, 0
	case SE:
		return 1, 1
	case S:
		return 0, 1
	case SW:
		return -1, 1
	case W:
		return -1, 0
	case NW:
		return -1, -1
	}
	return 0, 0
}

// Diagonal reports whether d is NE, SE, SW or NW.
func (d Dir) Diagonal() bool { return d == NE || d == SE || d == SW || d == NW }

// String is "N", "NE", ... and "" for NoDir.
func (d Dir) String() string {
	if d <= NW {
		return dirNames()[d]
	}
	return fmt.Sprintf("Dir(%d)", uint8(d))
}

// ParseDir parses "N", "NE", ... "NW".
func ParseDir(s string) (Dir, error) {
	for d := N; d <= NW; d++ {
		if dirNames()[d] == s {
			return d, nil
		}
	}
	return NoDir, fmt.Errorf("direction %q: want one of N, NE, E, SE, S, SW, W, NW", s)
}

func dirOf(dc, dr int) Dir {
	for d := N; d <= NW; d++ {
		if x, y := d.Delta(); x == dc && y == dr {
			return d
		}
	}
	return NoDir
}
