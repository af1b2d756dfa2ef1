package jrsim

import (
	"slices"
	"testing"
)

// kitTiles is a small tile set for rule tests: one room tile per door
// pattern used, a start row with n doors and inner lateral doors, exit
// tiles with s, e and w doors and the main exit on the third.
func kitTiles() []Tile {
	ts := []Tile{
		room("nesw", "nesw", 1), room("ns", "ns", 1), room("ew", "ew", 1), room("ne", "ne", 1),
		room("n", "n", 1), room("s", "s", 1), room("e", "e", 1), room("w", "w", 1), room("nsw", "nsw", 1),
	}
	ts = append(ts, startRow("ne", "new", "new", "new", "nw")...)
	return append(ts, exitRow(3, "sew")...)
}

// testBoard sets up board 0 (seed 1) of length l with placement p.
func testBoard(t *testing.T, tiles []Tile, p Placement, l int, pol Policy) *board {
	t.Helper()
	set := DefaultSettings()
	set.Placement = p
	if err := set.Validate(); err != nil {
		t.Fatal(err)
	}
	if err := ValidateTiles(tiles, set.Width); err != nil {
		t.Fatal(err)
	}
	b := newBoard(compile(tiles, set, l), pol)
	b.setup(1, 0)
	return b
}

// cell is the cell of row r (1 = start row) and column c (1 = left).
func (b *board) cell(r, c int) int { return (r-1)*b.m.w + c - 1 }

// put lays a face-up tile with the given doors at row r, column c, not
// reached.
func (b *board) put(r, c int, doors string) {
	cl := b.cell(r, c)
	b.state[cl], b.mask[cl], b.tile[cl] = cellUp, Tile{Sides: sides(doors)}.doorMask(), 0
}

// tileIndex is the index of the tile with id.
func tileIndex(b *board, id string) int16 {
	for i, t := range b.m.tiles {
		if t.ID == id {
			return int16(i)
		}
	}
	panic("no tile " + id)
}

// copyOf is the first room copy of tile id.
func copyOf(b *board, id string) int16 {
	return int16(slices.Index(b.m.roomCopy, tileIndex(b, id)))
}

// pile sets the draw pile: ids in draw order (the first is drawn first); the
// discard pile is emptied. Copies not listed count as on the board.
func (b *board) pile(ids ...string) {
	b.draw = b.draw[:0]
	for i := len(ids) - 1; i >= 0; i-- {
		b.draw = append(b.draw, copyOf(b, ids[i]))
	}
	b.disc = b.disc[:0]
}

func (b *board) ids(copies []int16) []string {
	var out []string
	for _, c := range copies {
		out = append(out, b.m.tiles[b.m.roomCopy[c]].ID)
	}
	return out
}

// fitsAt reports whether tile id fits at row r, column c, and with which doors.
func fitsAt(b *board, r, c int, id string) (uint8, bool) {
	care, req, live := b.constraints(b.cell(r, c))
	return b.fit(tileIndex(b, id), care, req, live)
}

// TestFitRules checks the fit rule rule by rule, on an empty
// 5 x 5 board (rows 2-4 are room rows) with hand-placed neighbours.
func TestFitRules(t *testing.T) {
	type nb struct {
		r, c  int
		doors string
		down  bool // a face-down tile
	}
	def := DefaultPlacement()
	with := func(f func(*Placement)) Placement { p := def; f(&p); return p }
	for _, tc := range []struct {
		name  string
		p     Placement
		nbs   []nb
		r, c  int
		tile  string
		fits  bool
		doors string // the doors placed, when it fits
	}{
		{"L557 door against door: the side facing a door must be a door", def, []nb{{2, 3, "n", false}}, 3, 3, "ew", false, ""},
		{"L557 door against door: a tile with that door fits", def, []nb{{2, 3, "n", false}}, 3, 3, "ns", true, "ns"},
		{"L557 wall against wall: a door facing a wall misfits", def, []nb{{2, 3, "n", false}, {3, 4, "ns", false}}, 3, 3, "nesw", false, ""},
		{"L557 wall against wall: walls on both sides fit", def, []nb{{2, 3, "n", false}, {3, 4, "ns", false}}, 3, 3, "nsw", true, "nsw"},
		{"sides facing empty cells are free", def, []nb{{2, 3, "n", false}}, 3, 3, "nesw", true, "nesw"},
		{"A3 dead: a door against the west edge is legal", def, []nb{{2, 1, "n", false}}, 3, 1, "nsw", true, "nsw"},
		{"A3 misfit: a door against the west edge rejects the tile", with(func(p *Placement) { p.EdgeDoors = EdgeDoorsMisfit }), []nb{{2, 1, "n", false}}, 3, 1, "nsw", false, ""},
		{"A3 misfit: a door against the east edge rejects the tile", with(func(p *Placement) { p.EdgeDoors = EdgeDoorsMisfit }), []nb{{2, 5, "n", false}}, 3, 5, "nesw", false, ""},
		{"A3 misfit: no edge door fits", with(func(p *Placement) { p.EdgeDoors = EdgeDoorsMisfit }), []nb{{2, 5, "n", false}}, 3, 5, "ns", true, "ns"},
		{"A1 none: the n side faces the exit row", def, []nb{{2, 3, "n", false}}, 3, 3, "ew", false, ""},
		{"A1 free: a rotation that fits is used", with(func(p *Placement) { p.Rotation = RotationFree }), []nb{{2, 3, "n", false}}, 3, 3, "ew", true, "ns"},
		{"A1 free, most-doors: the rotation whose doors lead somewhere", with(func(p *Placement) { p.Rotation = RotationFree }), []nb{{2, 1, "n", false}}, 3, 1, "ne", true, "es"},
		{"A1 free: no rotation fits", with(func(p *Placement) { p.Rotation = RotationFree }), []nb{{2, 3, "n", false}, {4, 3, "n", false}, {3, 2, "n", false}, {3, 4, "n", false}}, 3, 3, "ns", false, ""},
		{"A6 wildcard: a door may face a face-down tile", def, []nb{{2, 3, "n", false}, {3, 4, "", true}}, 3, 3, "nesw", true, "nesw"},
		{"A6 wall: a face-down tile is four walls", with(func(p *Placement) { p.FaceDown = FaceDownWall }), []nb{{2, 3, "n", false}, {3, 4, "", true}}, 3, 3, "nesw", false, ""},
		{"A6 wall: a wall facing it fits", with(func(p *Placement) { p.FaceDown = FaceDownWall }), []nb{{2, 3, "n", false}, {3, 4, "", true}}, 3, 3, "nsw", true, "nsw"},
		{"A4 on-reveal: the face-down exit row constrains nothing", def, []nb{{3, 1, "n", false}}, 4, 1, "s", true, "s"},
		{"A4 always: exit tiles constrain from setup (their s doors)", with(func(p *Placement) { p.ExitAlignment = ExitAlways }), []nb{{3, 1, "n", false}}, 4, 1, "s", false, ""},
		{"A4 always: a tile with an n door against the exit's s door fits", with(func(p *Placement) { p.ExitAlignment = ExitAlways }), []nb{{3, 1, "n", false}}, 4, 1, "ns", true, "ns"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := testBoard(t, kitTiles(), tc.p, 5, Explore)
			for _, n := range tc.nbs {
				if n.down {
					b.state[b.cell(n.r, n.c)] = cellDown
					continue
				}
				b.put(n.r, n.c, n.doors)
			}
			mask, ok := fitsAt(b, tc.r, tc.c, tc.tile)
			if ok != tc.fits {
				t.Fatalf("fits = %v; want %v", ok, tc.fits)
			}
			if ok && mask != (Tile{Sides: sides(tc.doors)}).doorMask() {
				t.Errorf("placed with doors %04b; want %q", mask, tc.doors)
			}
		})
	}
}

// A1 free, random: each fitting rotation is chosen, deterministically per
// seed.
func TestRotationRandom(t *testing.T) {
	p := DefaultPlacement()
	p.Rotation, p.RotationChoice = RotationFree, RotationRandom
	seen := map[uint8]bool{}
	for seed := range uint64(40) {
		b := testBoard(t, kitTiles(), p, 5, Explore)
		b.pcg.Seed(seed, 0)
		b.put(2, 3, "n")
		m, ok := fitsAt(b, 3, 3, "ne")
		if !ok {
			t.Fatal("ne does not fit in any rotation")
		}
		seen[m] = true
	}
	// ne turned so that s is a door: e+s or s+w.
	if len(seen) != 2 || !seen[sideMask("es")] || !seen[sideMask("sw")] {
		t.Errorf("rotations chosen %v; want es and sw", seen)
	}
}

func sideMask(doors string) uint8 { return Tile{Sides: sides(doors)}.doorMask() }

// L557, L559, A10: misfits go to the discard pile, which stays out while the
// draw pile lasts; the first tile that fits is placed.
func TestDiscardThenPlace(t *testing.T) {
	b := testBoard(t, kitTiles(), DefaultPlacement(), 5, Explore)
	b.put(2, 3, "n")
	b.pile("ew", "e", "ns", "nesw")
	b.drawInto(b.cell(3, 3))
	cl := b.cell(3, 3)
	if b.state[cl] != cellUp || b.m.tiles[b.tile[cl]].ID != "ns" {
		t.Fatalf("cell holds %v %q; want ns face up", b.state[cl], b.m.tiles[b.tile[cl]].ID)
	}
	if got := b.ids(b.disc); !slices.Equal(got, []string{"ew", "e"}) {
		t.Errorf("discards %v; want [ew e]", got)
	}
	if got := b.ids(b.draw); !slices.Equal(got, []string{"nesw"}) {
		t.Errorf("draw pile %v; want [nesw]", got)
	}
	if b.misfits != 2 || b.placements != 1 || b.reshuffles != 0 || b.exhausted {
		t.Errorf("misfits %d placements %d reshuffles %d exhausted %v; want 2 1 0 false", b.misfits, b.placements, b.reshuffles, b.exhausted)
	}
}

// L559 "In the unlikely event that a player runs out of room tiles,
// reshuffle the discarded tiles and begin again" (A10: only when empty).
func TestReshuffleWhenEmpty(t *testing.T) {
	b := testBoard(t, kitTiles(), DefaultPlacement(), 5, Explore)
	b.put(2, 3, "n")
	b.pile("ew")
	b.disc = append(b.disc, copyOf(b, "ns"), copyOf(b, "e"))
	b.drawInto(b.cell(3, 3))
	cl := b.cell(3, 3)
	if b.state[cl] != cellUp || b.m.tiles[b.tile[cl]].ID != "ns" {
		t.Fatalf("cell holds %q; want ns from the reshuffled discards", b.m.tiles[b.tile[cl]].ID)
	}
	if b.reshuffles != 1 || !b.exhausted {
		t.Errorf("reshuffles %d, exhausted %v; want 1, true", b.reshuffles, b.exhausted)
	}
}

// L559, A7-A9: once every tile not on the board has been tried for this
// cell, the last one tried goes face down, the cell is inaccessible, and
// draw pile and discards are reshuffled together.
func TestFaceDownFallback(t *testing.T) {
	b := testBoard(t, kitTiles(), DefaultPlacement(), 5, Explore)
	b.put(2, 3, "n")
	b.reach(b.cell(2, 3))
	if b.fpos[b.cell(2, 3)*4+N] == 0 {
		t.Fatal("the n door of the reached tile is not a frontier door")
	}
	b.pile("ew", "e", "w")
	b.drawInto(b.cell(3, 3))
	cl := b.cell(3, 3)
	if b.state[cl] != cellDown {
		t.Fatalf("cell state %d; want face down", b.state[cl])
	}
	if id := b.m.tiles[b.tile[cl]].ID; id != "w" {
		t.Errorf("face-down tile %q; want the last tried, w (A8)", id)
	}
	if got := b.ids(b.draw); len(got) != 2 || len(b.disc) != 0 {
		t.Errorf("draw %v, discards %d; want the 2 others reshuffled into the draw pile (A9)", got, len(b.disc))
	}
	if b.fpos[b.cell(2, 3)*4+N] != 0 {
		t.Error("the door into the face-down tile is still a frontier door")
	}
	if !b.faceDown || b.faceDowns != 1 || b.placements != 1 || b.misfits != 2 {
		t.Errorf("faceDown %v, faceDowns %d, placements %d, misfits %d; want true 1 1 2", b.faceDown, b.faceDowns, b.placements, b.misfits)
	}
	// A6: nothing passes a face-down tile.
	b.put(4, 3, "s")
	b.reach(b.cell(2, 3))
	if b.reached[b.cell(4, 3)] {
		t.Error("a tile beyond the face-down tile is reached")
	}
}

// A7: tiles tried again after the reshuffle do not count twice; the give-up
// comes when every distinct tile not on the board has been tried.
func TestGiveUpCountsDistinctTiles(t *testing.T) {
	b := testBoard(t, kitTiles(), DefaultPlacement(), 5, Explore)
	b.put(2, 3, "n")
	b.pile("ew")
	b.disc = append(b.disc, copyOf(b, "e"))
	b.drawInto(b.cell(3, 3))
	cl := b.cell(3, 3)
	// ew, then the reshuffled [e ew] in some order: ew again does not count.
	if b.state[cl] != cellDown || b.m.tiles[b.tile[cl]].ID != "e" || b.misfits < 1 || b.misfits > 2 {
		t.Errorf("state %d, tile %q, misfits %d; want e face down after 1 or 2 misfits", b.state[cl], b.m.tiles[b.tile[cl]].ID, b.misfits)
	}
}

// No tile left at all: nothing is placed, the cell is void and the door dead.
func TestNoTileLeft(t *testing.T) {
	b := testBoard(t, kitTiles(), DefaultPlacement(), 5, Explore)
	b.put(2, 3, "n")
	b.reach(b.cell(2, 3))
	b.pile()
	b.drawInto(b.cell(3, 3))
	if b.state[b.cell(3, 3)] != cellVoid || b.fpos[b.cell(2, 3)*4+N] != 0 || !b.exhausted {
		t.Error("an empty pile should void the cell, kill the door and count as exhausted")
	}
}

// L105, A13, A15: start tiles face up at their positions, all reached;
// connecting doors connect them; their n doors are the first frontier; s
// doors face the table edge (dead, A3).
func TestStartRow(t *testing.T) {
	b := testBoard(t, kitTiles(), DefaultPlacement(), 5, Explore)
	for c := 1; c <= 5; c++ {
		cl := b.cell(1, c)
		if b.state[cl] != cellUp || !b.reached[cl] || b.m.tiles[b.tile[cl]].Position != c {
			t.Errorf("column %d: start tile not face up, reached and at its position", c)
		}
		if b.fpos[cl*4+N] == 0 {
			t.Errorf("column %d: n door not a frontier door", c)
		}
	}
	if len(b.front) != 5 {
		t.Errorf("%d frontier doors; want the 5 n doors", len(b.front))
	}
}

// L85, L575, A4, A5: exit tiles are never drawn; opening into the exit row
// flips the tile there; a wall against the opening door leaves it dead.
func TestExitReveal(t *testing.T) {
	tiles := withRooms(kitTiles(), room("nesw", "nesw", 1))
	// Exit tiles: the main exit's tile has an s door, the others none.
	for i := range tiles {
		if tiles[i].Role == Exit && tiles[i].Sides[N] != MainExit {
			tiles[i].Sides = sides("")
		}
	}
	b := testBoard(t, tiles, DefaultPlacement(), 3, Explore)
	if b.exitCell < 0 || b.state[b.exitCell] != cellHidden {
		t.Fatal("the main-exit tile is not face down in the exit row")
	}
	col := b.exitCell%b.m.w + 1
	// Open from the room row below every exit cell.
	for c := 1; c <= 5; c++ {
		b.put(2, c, "nesw")
	}
	b.reach(b.cell(2, col))
	for c := 1; c <= 5; c++ {
		if b.state[b.cell(3, c)] == cellHidden {
			b.open(int32(b.cell(2, c)*4 + N))
		}
		if b.state[b.cell(3, c)] != cellUp {
			t.Errorf("exit cell %d not revealed", c)
		}
	}
	if !b.exitConnected || b.placements != 0 {
		t.Errorf("exit connected %v, placements %d; want true, 0 (exit tiles are not drawn)", b.exitConnected, b.placements)
	}
	for c := 1; c <= 5; c++ {
		if c != col && b.reached[b.cell(3, c)] {
			t.Errorf("exit cell %d, all walls, is reached", c)
		}
	}
}

// A21: doors that face each other across a new tile's other
// sides connect; a door against a wall does not.
func TestFacingDoorsConnect(t *testing.T) {
	b := testBoard(t, kitTiles(), DefaultPlacement(), 5, Explore)
	b.put(3, 4, "w") // isolated, door facing (3,3)
	b.put(3, 5, "e") // isolated, wall facing (3,4)'s wall
	b.put(2, 3, "n")
	b.reach(b.cell(2, 3))
	b.pile("nesw")
	b.drawInto(b.cell(3, 3))
	if !b.reached[b.cell(3, 3)] || !b.reached[b.cell(3, 4)] {
		t.Error("the new tile and the tile whose door faces it should be reached")
	}
	if b.reached[b.cell(3, 5)] {
		t.Error("a tile behind a wall is reached")
	}
}

// The run policy opens a door into the highest row.
func TestRunPolicyHighestRow(t *testing.T) {
	b := testBoard(t, kitTiles(), DefaultPlacement(), 6, Run)
	b.put(2, 2, "nesw")
	b.reach(b.cell(2, 2)) // doors into (3,2) [row 3], (2,1) and (2,3) [row 2]
	for range 20 {
		d := b.pick()
		if r := int(b.m.nb[d])/b.m.w + 1; r != 3 {
			t.Fatalf("run picked a door into row %d; want 3", r)
		}
	}
}
