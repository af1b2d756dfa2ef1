package runmove

import (
	"slices"
	"testing"
)

func TestParseCellRoundTrip(t *testing.T) {
	for c := Cell(0); c < NumCells; c++ {
		got, err := ParseCell(c.String())
		if err != nil || got != c {
			t.Fatalf("ParseCell(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
	}
	if c, err := ParseCell("c3"); err != nil || c.String() != "C3" {
		t.Errorf("lower-case column: %v, %v", c, err)
	}
}

func TestParseCellRejects(t *testing.T) {
	for _, s := range []string{"", "G1", "A0", "A7", "C", "C33", "3C"} {
		if _, err := ParseCell(s); err == nil {
			t.Errorf("ParseCell(%q) accepted", s)
		}
	}
}

// A1: A1 is the top-left space, rows grow downward, N is toward row 1.
func TestOrientationA1(t *testing.T) {
	c3, _ := ParseCell("C3")
	for d, want := range map[Dir]string{N: "C2", S: "C4", E: "D3", W: "B3", NE: "D2", NW: "B2", SE: "D4", SW: "B4"} {
		if q, ok := c3.Step(d); !ok || q.String() != want {
			t.Errorf("C3 step %v = %v; want %s", d, q, want)
		}
	}
	a1, _ := ParseCell("A1")
	for _, d := range []Dir{N, W, NW, NE, SW} {
		if _, ok := a1.Step(d); ok {
			t.Errorf("A1 step %v is on the map; L246 says it is off", d)
		}
	}
}

// Cells sort as their names do, so "sorted" findings read naturally.
func TestCellOrderIsStringOrder(t *testing.T) {
	var names []string
	for c := Cell(0); c < NumCells; c++ {
		names = append(names, c.String())
	}
	if !slices.IsSorted(names) {
		t.Errorf("cell order is not string order: %v", names)
	}
}

func TestLineAndDistance(t *testing.T) {
	cell := func(s string) Cell { c, _ := ParseCell(s); return c }
	for _, tc := range []struct {
		a, b string
		dir  Dir
		n    int
		dist int
	}{
		{"B3", "E3", E, 3, 3},
		{"E3", "B3", W, 3, 3},
		{"C1", "C6", S, 5, 5},
		{"A1", "D4", SE, 3, 3},
		{"A1", "B3", NoDir, 0, 2},
		{"C3", "C3", NoDir, 0, 0},
	} {
		d, n := Line(cell(tc.a), cell(tc.b))
		if d != tc.dir || n != tc.n {
			t.Errorf("Line(%s, %s) = %v, %d; want %v, %d", tc.a, tc.b, d, n, tc.dir, tc.n)
		}
		if got := Distance(cell(tc.a), cell(tc.b)); got != tc.dist {
			t.Errorf("Distance(%s, %s) = %d; want %d", tc.a, tc.b, got, tc.dist)
		}
	}
}
