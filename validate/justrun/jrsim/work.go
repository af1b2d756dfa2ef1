package jrsim

// The simulation's work is bounded on every tile set the limits allow
// (maxCopies room tiles, a maxWidth x maxLength board, maxBoards boards).
// A board counts its work in steps of about the same cost: every room copy
// shuffled or drawn, every frontier door scanned, openWork per door opened,
// and setupWork to lay it out. Three bounds keep it in check:
//
//   - a tile set no board can take a step on is not simulated at all
//     (Blocked);
//   - a board stops as soon as it cannot be finished: under the run policy,
//     once no tile left to draw has a door on s and no frontier door leads
//     into the exit row, the exit can no longer be connected;
//   - a board stops at boardCap steps (it counts as a board where the exit
//     was not reached, and Metrics.Capped says how many), and a simulation
//     stops after the chunk of boards in which its steps reach
//     workPerBoard per board asked for (Metrics.Requested says how many were
//     asked for). Chunks are merged in board order, so where it stops does
//     not depend on the number of workers.

// openWork is the steps of opening a door: the flood fill and frontier
// updates of the tile placed.
const openWork = 8

// workPerBoard is the steps a simulation may spend per board asked for:
// the bundled Just Run pack's boards of the full length take about 1,100
// under explore (the longest line), and 10,000 boards of 1,500 steps take
// about 0.3 s on two cores. A tile set that needs more is simulated on
// fewer boards, with a justrun/board-count warning.
const workPerBoard = 1500

// boardCap is the steps one board may take: its setup, then every cell
// filled with a few dozen draws each and every room copy reshuffled a few
// times over; a board that needs more is stopped.
func boardCap(m *model) int64 {
	return 4*m.setupWork + 64*int64(m.cells) + workPerBoard
}

// chunkBoards is the boards a worker takes at a time: 64, fewer when a
// board may cost more than 1/64 of the steps of 16,384 boards, so that the
// boards run past a simulation's budget stay few.
func chunkBoards(m *model) int {
	return int(max(1, min(64, 16384*workPerBoard/64/m.boardCap)))
}

// chunkWork is the steps of clearing and merging one chunk's counts, which
// hold a few per tile entry and per cell.
func chunkWork(m *model) int64 {
	return 32*int64(len(m.tiles)) + 8*int64(m.cells)
}

// Blocked says why no board of the tile set can reach the main exit, ""
// when one may: a room cell is entered from the row below through a door on
// its s side, so the start row needs a door on n and the room tiles one on
// s; the exit row is entered from the last room row through a room tile's
// n door into an exit tile's s door. Such a tile set is not simulated: every
// board would end at the start row, or short of the exit row, at the cost
// of trying every room tile on every cell it opens.
func Blocked(tiles []Tile, set Settings) string {
	rot := set.Placement.Normalized().Rotation == RotationFree
	var startN, roomN, roomS, exitS bool
	for _, t := range tiles {
		mask := t.doorMask()
		switch t.Role {
		case Start:
			startN = startN || mask&(1<<N) != 0
		case Exit:
			exitS = exitS || mask&(1<<S) != 0
		case Room:
			if rot && mask != 0 {
				roomN, roomS = true, true
			}
			roomN = roomN || mask&(1<<N) != 0
			roomS = roomS || mask&(1<<S) != 0
		}
	}
	free := ""
	if rot {
		free = " in any rotation"
	}
	switch {
	case !startN:
		return "no start tile has a door on its n side, so no board can leave the start row (L105)"
	case !roomS:
		return "no room tile has a door on its s side" + free + ", so no room tile fits a cell opened from the row below and no board can leave the start row (L557)"
	case !roomN:
		return "no room tile has a door on its n side" + free + ", so no board can go up from one room row to the next or into the exit row (L557)"
	case !exitS:
		return "no exit tile has a door on its s side, so no exit tile can be entered from the last room row (L573)"
	}
	return ""
}
