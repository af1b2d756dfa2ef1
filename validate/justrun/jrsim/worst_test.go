package jrsim

import (
	"fmt"
	"strings"
	"testing"
)

// The worst tile sets within the limits, for the work-bound tests and
// benchmarks: every one is as large as ValidateTiles allows.

// worstRooms is n room tile entries of one copy each: doors are those of
// most (e.g. "ew"), but every every-th entry gets rare (none if every is 0).
func worstRooms(n int, most, rare string, every int) []Tile {
	out := make([]Tile, 0, n)
	for i := range n {
		d := most
		if every > 0 && i%every == every-1 {
			d = rare
		}
		out = append(out, room(fmt.Sprintf("r%05d", i), d, 1))
	}
	return out
}

// worstBoard is a width-wide board's start and exit rows around rooms:
// start tiles with n and inner lateral doors, exit tiles with e, s, w doors
// and the main exit on the first.
func worstBoard(width int, rooms []Tile) []Tile {
	out := rooms
	for p := 1; p <= width; p++ {
		d := "n"
		if p > 1 {
			d += "w"
		}
		if p < width {
			d += "e"
		}
		id := fmt.Sprintf("start-%d", p)
		out = append(out, Tile{ID: id, Sides: sides(d), Role: Start, Position: p, Count: 1, Src: "start:" + id})
	}
	for i := 1; i <= width; i++ {
		d := "sew"
		if i == 1 {
			d += "X"
		}
		id := fmt.Sprintf("exit-%d", i)
		out = append(out, Tile{ID: id, Sides: sides(d), Role: Exit, Count: 1, Src: "exit:" + id})
	}
	return out
}

// worstCase is one tile set and its settings.
type worstCase struct {
	name  string
	tiles []Tile
	set   Settings
}

// worstCases are the tile sets that cost the most work per board.
func worstCases() []worstCase {
	def := DefaultSettings()
	big := DefaultSettings()
	big.Width, big.Length, big.ShorterLength = maxWidth, maxLength, maxLength-1
	free := big
	free.Placement.Rotation = RotationFree
	free.Placement.RotationChoice = RotationRandom
	return []worstCase{
		// No tile ever fits a cell opened from the start row.
		{"never-fit", worstBoard(5, worstRooms(maxCopies-2*maxWidth, "ew", "", 0)), def},
		// One tile in 5,000 fits: every cell draws thousands.
		{"rare-fit", worstBoard(5, worstRooms(maxCopies-2*maxWidth, "ew", "ns", 5000)), def},
		{"rare-fit-big", worstBoard(maxWidth, worstRooms(maxCopies-2*maxWidth, "ew", "nesw", 5000)), big},
		// Every tile fits: the largest board fills up.
		{"all-fit-big", worstBoard(maxWidth, worstRooms(maxCopies-2*maxWidth, "nesw", "", 0)), big},
		{"all-fit-free", worstBoard(maxWidth, worstRooms(maxCopies-2*maxWidth, "ns", "n", 3)), free},
		// The shape of the bundled mix, at full size.
		{"mix-big", worstBoard(maxWidth, worstRooms(maxCopies-2*maxWidth, "ns", "e", 2)), big},
	}
}

// TestWorstCaseWork runs every worst tile set: the work a simulation counts
// stays within its budget plus one chunk of boards at the per-board cap,
// whatever the tile set, and a simulation cut short says so in a
// board-count warning.
func TestWorstCaseWork(t *testing.T) {
	for _, wc := range worstCases() {
		t.Run(wc.name, func(t *testing.T) {
			set := wc.set
			set.Boards = 500
			if b := Blocked(wc.tiles, set); b != "" {
				if wc.name != "never-fit" {
					t.Fatalf("blocked: %s", b)
				}
				e, err := Explain(wc.tiles, set)
				if err != nil || len(e.Lines) != 0 || len(e.Findings()) != 1 {
					t.Fatalf("blocked tile set simulated: %v, %d lines", err, len(e.Lines))
				}
				return
			}
			m := compile(wc.tiles, set, set.Length)
			bound := int64(set.Boards)*workPerBoard + int64(chunkBoards(m))*m.boardCap + chunkWork(m)
			for _, p := range []Policy{Explore, Run} {
				mt, err := Simulate(wc.tiles, set, set.Length, p)
				if err != nil {
					t.Fatal(err)
				}
				if mt.Work > bound {
					t.Errorf("%s: %d steps, bound %d", p, mt.Work, bound)
				}
				if mt.Boards == 0 || mt.Boards < set.Boards && mt.Requested != set.Boards {
					t.Errorf("%s: %d boards, requested %d", p, mt.Boards, mt.Requested)
				}
			}
			e, err := Explain(wc.tiles, set)
			if err != nil {
				t.Fatal(err)
			}
			var count []string
			for _, f := range e.Findings() {
				if f.Rule == RuleBoardCount {
					count = append(count, f.Message())
				}
			}
			stopped := false
			for _, l := range e.Lines {
				stopped = stopped || l.Requested > 0 || l.Capped > 0
			}
			if stopped && !strings.Contains(strings.Join(count, "\n"), "stopped") {
				t.Errorf("a simulation stopped short without a board-count warning:\n%s", strings.Join(count, "\n"))
			}
		})
	}
}

// TestRunStopsHopelessBoards: under the run policy a board stops once no
// tile left has a door on s: with one corridor among thousands of e-w rooms,
// a board does not draw the whole pile for every cell of row 2.
func TestRunStopsHopelessBoards(t *testing.T) {
	tiles := worstBoard(5, append(worstRooms(2000, "ew", "", 0), room("corridor", "ns", 1)))
	set := DefaultSettings()
	set.Boards = 200
	mt, err := Simulate(tiles, set, set.Length, Run)
	if err != nil {
		t.Fatal(err)
	}
	if mt.Hopeless == 0 || mt.Hopeless+mt.ExitReachable.Hits != mt.Boards {
		t.Errorf("%d hopeless boards, %d with the exit, of %d", mt.Hopeless, mt.ExitReachable.Hits, mt.Boards)
	}
}
