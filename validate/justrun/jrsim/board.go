package jrsim

import (
	"math/bits"
	"math/rand/v2"
)

// Cell states.
const (
	cellEmpty  uint8 = iota // no tile yet
	cellUp                  // a face-up tile (start, room, revealed exit)
	cellDown                // a face-down tile: inaccessible from any direction (L559)
	cellHidden              // a face-down exit tile not yet revealed (L85, A4)
	cellVoid                // no tile was left to draw: nothing can ever be placed
)

// pcgStream is the second PCG word; the first is seed + board index.
const pcgStream = 0x6a7573742d72756e // "just-run"

// model is a tile set compiled for one board length.
type model struct {
	w, l, cells int
	nb          []int16 // neighbour of cell*4+d, -1 off the board; N is row+1
	nbRow       []int16 // the row of nb (nb / w), -1 off the board

	tiles     []Tile
	roomCopy  []int16    // tile index of each room copy; the piles hold copy numbers
	exitCopy  []int16    // tile index of each exit copy
	startTile []int16    // tile index by column
	rot       [][4]uint8 // per tile: distinct rotations of its door mask (clockwise from as printed)
	nrot      []uint8    // per tile: number of distinct rotations (1 without rotation)
	lab       []bool     // per tile
	canS      []bool     // per tile: a door on s in some rotation it may take
	poolS     int        // room copies with canS
	setupWork int64      // the work every board's setup costs
	boardCap  int64      // the work a board may cost before it is stopped

	rotFree, mostDoors, edgeMisfit, exitAlways, faceDownWall bool
	rescue, labs                                             bool
	rescueRow, rescueOffset                                  int // the "5th row" as a row index; row index of die face 1
}

func compile(tiles []Tile, set Settings, length int) *model {
	p := set.Placement.Normalized()
	m := &model{
		w: set.Width, l: length, cells: set.Width * length, tiles: tiles,
		rotFree: p.Rotation == RotationFree, mostDoors: p.RotationChoice == RotationMostDoors,
		edgeMisfit: p.EdgeDoors == EdgeDoorsMisfit, exitAlways: p.ExitAlignment == ExitAlways,
		faceDownWall: p.FaceDown == FaceDownWall,
		rescue:       set.Scenarios.RescueMission, labs: set.Scenarios.FindTheCure,
	}
	if p.RescueRows == RescueRoomRows {
		m.rescueOffset = 1
	}
	m.rescueRow = m.rescueOffset + 4
	m.nb = make([]int16, m.cells*4)
	for c := range m.cells {
		r, col := c/m.w, c%m.w
		m.nb[c*4+N], m.nb[c*4+E], m.nb[c*4+S], m.nb[c*4+W] = -1, -1, -1, -1
		if r+1 < m.l {
			m.nb[c*4+N] = int16(c + m.w)
		}
		if r > 0 {
			m.nb[c*4+S] = int16(c - m.w)
		}
		if col+1 < m.w {
			m.nb[c*4+E] = int16(c + 1)
		}
		if col > 0 {
			m.nb[c*4+W] = int16(c - 1)
		}
	}
	m.nbRow = make([]int16, len(m.nb))
	for i, n := range m.nb {
		m.nbRow[i] = -1
		if n >= 0 {
			m.nbRow[i] = n / int16(m.w)
		}
	}
	m.startTile = make([]int16, m.w)
	m.rot = make([][4]uint8, len(tiles))
	m.nrot = make([]uint8, len(tiles))
	m.lab = make([]bool, len(tiles))
	m.canS = make([]bool, len(tiles))
	for i, t := range tiles {
		mask := t.doorMask()
		m.rot[i][0], m.nrot[i] = mask, 1
		if m.rotFree && t.Role == Room {
			for k := 1; k < 4; k++ {
				mask = rotate(mask)
				dup := false
				for j := range int(m.nrot[i]) {
					dup = dup || m.rot[i][j] == mask
				}
				if !dup {
					m.rot[i][m.nrot[i]] = mask
					m.nrot[i]++
				}
			}
		}
		m.lab[i] = t.Lab && t.Role == Room
		for k := range int(m.nrot[i]) {
			m.canS[i] = m.canS[i] || m.rot[i][k]&(1<<S) != 0
		}
		if t.Role == Room && m.canS[i] {
			m.poolS += t.Count
		}
		for range t.Count {
			switch t.Role {
			case Room:
				m.roomCopy = append(m.roomCopy, int16(i))
			case Exit:
				m.exitCopy = append(m.exitCopy, int16(i))
			case Start:
				m.startTile[t.Position-1] = int16(i)
			}
		}
	}
	m.setupWork = int64(2*len(m.roomCopy) + 8*len(m.tiles) + 2*m.cells)
	m.boardCap = boardCap(m)
	return m
}

// rotate turns a door mask a quarter clockwise: the n door faces e.
func rotate(m uint8) uint8 { return (m<<1 | m>>3) & 15 }

// oppBit is the bit of the opposite side.
func oppBit(b uint8) uint8 { return (b<<2 | b>>2) & 15 }

// board is one worker's scratch space and the state of the board being built.
type board struct {
	m   *model
	pol Policy
	rng *rand.Rand
	pcg *rand.PCG

	state   []uint8
	mask    []uint8
	tile    []int16
	reached []bool
	seen    []bool  // scratch for per-start connectivity
	stack   []int16 // scratch for flood fills
	front   []int32 // frontier doors: cell*4+d from a reached tile into an empty or hidden exit cell
	fpos    []int32 // per door: index in front + 1, 0 if absent
	cand    []int32 // scratch for the run policy
	draw    []int16 // draw pile of room copies; the top is the end
	disc    []int16 // discard pile
	tried   []uint32
	stamp   uint32
	exits   []int16
	fits    [4]uint8

	// work counts the board's steps: tiles shuffled and drawn, frontier
	// doors scanned, doors opened (see boardCap).
	work int64
	// capped: the board was stopped at the model's boardCap; hopeless: a
	// run board stopped because its exit can no longer be connected.
	capped, hopeless bool
	poolS            int // copies with a door on s not on the board

	// per-board results
	placements, misfits, reshuffles, faceDowns int
	placed, single                             int
	highest                                    int
	exitCell                                   int
	exitConnected                              bool
	toExit                                     int
	exhausted, faceDown                        bool // before the exit connected
	exhaustedAny                               bool // at any time
	exhaustRow, exhaustPlace                   int
	downRow, downPlace, downTile               int
	rescueRolled, rescueDue                    bool
	rescueCell                                 int
	typePlaced                                 []bool
	typeMisfit                                 []int32
	exhaustMisfit                              []int32
}

func newBoard(m *model, pol Policy) *board {
	b := &board{m: m, pol: pol, pcg: rand.NewPCG(0, 0)}
	b.rng = rand.New(b.pcg)
	b.state = make([]uint8, m.cells)
	b.mask = make([]uint8, m.cells)
	b.tile = make([]int16, m.cells)
	b.reached = make([]bool, m.cells)
	b.seen = make([]bool, m.cells)
	b.stack = make([]int16, 0, m.cells)
	b.front = make([]int32, 0, m.cells*4)
	b.fpos = make([]int32, m.cells*4)
	b.cand = make([]int32, 0, m.cells*4)
	b.draw = make([]int16, 0, len(m.roomCopy))
	b.disc = make([]int16, 0, len(m.roomCopy))
	b.tried = make([]uint32, len(m.roomCopy))
	b.exits = make([]int16, len(m.exitCopy))
	b.typePlaced = make([]bool, len(m.tiles))
	b.typeMisfit = make([]int32, len(m.tiles))
	b.exhaustMisfit = make([]int32, len(m.tiles))
	return b
}

// run builds board i: seeded with seed + i, whatever the worker.
func (b *board) run(seed uint64, i int) {
	b.setup(seed, i)
	b.explore()
}

// explore opens frontier doors by the policy until it stops: no frontier
// door is left, the board reached its work cap, or (run policy) the exit
// is connected or can no longer be.
func (b *board) explore() {
	for {
		if b.rescueDue {
			b.placeRescuee()
		}
		if b.capped {
			return
		}
		if b.pol == Run && b.exitConnected {
			return
		}
		if b.pol == Run && b.cannotFinish() {
			b.hopeless = true
			return
		}
		door := b.pick()
		if door < 0 {
			return
		}
		b.work += openWork
		b.open(door)
	}
}

// cannotFinish reports whether the main exit can no longer be connected: no
// tile left to draw has a door on s, so no room cell north of a reached one
// can be entered, and no frontier door leads into the exit row's face-down
// tiles. Checked only when no such tile is left.
func (b *board) cannotFinish() bool {
	if b.exitConnected || b.poolS > 0 {
		return false
	}
	for _, door := range b.front {
		b.work++
		if b.state[b.m.nb[door]] == cellHidden {
			return false
		}
	}
	return true
}

// setup resets the board and lays out the start row, the exit row and the
// draw pile of board i.
func (b *board) setup(seed uint64, i int) {
	m := b.m
	b.pcg.Seed(seed+uint64(i), pcgStream)
	clear(b.state)
	clear(b.mask)
	clear(b.reached)
	clear(b.fpos)
	clear(b.typePlaced)
	clear(b.typeMisfit)
	b.front = b.front[:0]
	b.placements, b.misfits, b.reshuffles, b.faceDowns = 0, 0, 0, 0
	b.placed, b.single, b.highest = 0, 0, 0
	b.exitConnected, b.toExit, b.exhausted, b.faceDown, b.exhaustedAny = false, 0, false, false, false
	b.exhaustRow, b.exhaustPlace, b.downRow, b.downPlace, b.downTile = 0, 0, 0, 0, -1
	b.rescueRolled, b.rescueDue, b.rescueCell = false, false, -1
	b.work, b.capped, b.hopeless, b.poolS = m.setupWork, false, false, m.poolS

	// Setup: start tiles face up at fixed positions (L105,
	// A14); exit tiles shuffled face down into the last row (L85, A4); room
	// tiles shuffled into the draw pile (L87); the discard pile empty.
	for c := range m.w {
		t := m.startTile[c]
		b.state[c], b.tile[c], b.mask[c] = cellUp, t, m.rot[t][0]
	}
	copy(b.exits, m.exitCopy)
	b.shuffle(b.exits)
	b.exitCell = -1
	for c, t := range b.exits {
		cell := (m.l-1)*m.w + c
		b.state[cell], b.tile[cell], b.mask[cell] = cellHidden, t, m.rot[t][0]
		if m.tiles[t].Sides[N] == MainExit {
			b.exitCell = cell
		}
	}
	b.draw = b.draw[:len(m.roomCopy)]
	for i := range b.draw {
		b.draw[i] = int16(i)
	}
	b.shuffle(b.draw)
	b.disc = b.disc[:0]
	// A13: survivors start anywhere in the start row.
	for c := range m.w {
		if !b.reached[c] {
			b.reach(c)
		}
	}
}

// intN is b.rng.IntN(n): on a 64-bit platform the same numbers from the
// same PCG state by rand's own method, without the call through
// rand.Source (this is the simulation's innermost loop). n must be
// positive.
func (b *board) intN(n int) int {
	if is32bit {
		return b.rng.IntN(n)
	}
	u := uint64(n)
	if u&(u-1) == 0 { // a power of two: mask
		return int(b.pcg.Uint64() & (u - 1))
	}
	hi, lo := bits.Mul64(b.pcg.Uint64(), u)
	if lo < u {
		thresh := -u % u
		for lo < thresh {
			hi, lo = bits.Mul64(b.pcg.Uint64(), u)
		}
	}
	return int(hi)
}

// is32bit is true where rand.Rand.IntN takes its 32-bit path.
const is32bit = ^uint(0)>>32 == 0

// shuffle is a Fisher-Yates shuffle with the board's PRNG.
func (b *board) shuffle(s []int16) {
	b.work += int64(len(s))
	for i := len(s) - 1; i > 0; i-- {
		j := b.intN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// pick chooses the next frontier door: explore takes any at
// random; run takes one into the highest row, ties at random. -1: none left.
func (b *board) pick() int32 {
	n := len(b.front)
	if n == 0 {
		return -1
	}
	if b.pol == Explore {
		if n == 1 {
			return b.front[0]
		}
		return b.front[b.intN(n)]
	}
	best := -1
	b.cand = b.cand[:0]
	b.work += int64(n)
	rows := b.m.nbRow
	for _, door := range b.front {
		r := int(rows[door])
		if r > best {
			best = r
			b.cand = b.cand[:0]
		}
		if r == best {
			b.cand = append(b.cand, door)
		}
	}
	if len(b.cand) == 1 {
		return b.cand[0]
	}
	return b.cand[b.intN(len(b.cand))]
}

func (b *board) addFront(door int32) {
	if b.fpos[door] == 0 {
		b.front = append(b.front, door)
		b.fpos[door] = int32(len(b.front))
	}
}

func (b *board) removeFront(door int32) {
	p := b.fpos[door]
	if p == 0 {
		return
	}
	last := b.front[len(b.front)-1]
	b.front[p-1] = last
	b.fpos[last] = p
	b.front = b.front[:len(b.front)-1]
	b.fpos[door] = 0
}

// fill removes the frontier doors into cell t, which is no longer empty.
func (b *board) fill(t int) {
	for d := range 4 {
		if n := b.m.nb[t*4+d]; n >= 0 {
			b.removeFront(int32(n)*4 + int32((d+2)&3))
		}
	}
}

// reach marks c and every face-up tile connected to it door against door
// (A21) as reached, and adds their doors into empty cells and
// face-down exit cells to the frontier.
func (b *board) reach(c int) {
	m := b.m
	b.reached[c] = true
	b.onReached(c)
	b.stack = append(b.stack[:0], int16(c))
	for len(b.stack) > 0 {
		x := int(b.stack[len(b.stack)-1])
		b.stack = b.stack[:len(b.stack)-1]
		mk := b.mask[x]
		for d := range 4 {
			bit := uint8(1) << d
			if mk&bit == 0 {
				continue
			}
			n := m.nb[x*4+d]
			if n < 0 {
				continue // A3: an edge door leads nowhere
			}
			switch b.state[n] {
			case cellUp:
				if !b.reached[n] && b.mask[n]&oppBit(bit) != 0 {
					b.reached[n] = true
					b.onReached(int(n))
					b.stack = append(b.stack, n)
				}
			case cellEmpty, cellHidden:
				b.addFront(int32(x*4 + d))
			}
		}
	}
}

func (b *board) onReached(c int) {
	r := c / b.m.w
	if r > b.highest {
		b.highest = r
	}
	if c == b.exitCell && !b.exitConnected {
		b.exitConnected = true
		b.toExit = b.placements
	}
	if b.m.rescue && !b.rescueRolled && r == b.m.rescueRow {
		b.rescueDue = true
	}
}

// placeUp puts a face-up tile at t and connects it if a reached neighbour
// has a door against one of its doors.
func (b *board) placeUp(t int, tile int16, mask uint8) {
	b.state[t], b.tile[t], b.mask[t] = cellUp, tile, mask
	b.fill(t)
	for d := range 4 {
		bit := uint8(1) << d
		n := b.m.nb[t*4+d]
		if mask&bit != 0 && n >= 0 && b.state[n] == cellUp && b.reached[n] && b.mask[n]&oppBit(bit) != 0 {
			b.reach(t)
			return
		}
	}
}

// open opens a frontier door.
func (b *board) open(door int32) {
	t := int(b.m.nb[door])
	if b.state[t] == cellHidden {
		// Step 4, A4: flip the exit tile already there; its sides are as
		// printed (A5). A wall against the opening door leaves that door dead.
		b.placeUp(t, b.tile[t], b.mask[t])
		return
	}
	b.drawInto(t)
}

// constraints are the fit rule for cell t (A3, A4, A6): a
// candidate with door mask x fits when x&care == req. live are the sides
// whose door would lead somewhere, for the most-doors rotation choice.
func (b *board) constraints(t int) (care, req, live uint8) {
	m := b.m
	for d := range 4 {
		bit := uint8(1) << d
		n := m.nb[t*4+d]
		if n < 0 {
			if m.edgeMisfit {
				care |= bit // A3 misfit: no door against the board edge
			}
			continue
		}
		switch b.state[n] {
		case cellUp: // align doors and walls with played tiles (L557)
			care |= bit
			if b.mask[n]&oppBit(bit) != 0 {
				req |= bit
				live |= bit
			}
		case cellHidden: // A4: a face-down exit constrains only under "always"
			if m.exitAlways {
				care |= bit
				if b.mask[n]&oppBit(bit) != 0 {
					req |= bit
					live |= bit
				}
			} else {
				live |= bit
			}
		case cellDown: // A6: nothing visible, unless read as four walls
			if m.faceDownWall {
				care |= bit
			}
		default:
			live |= bit
		}
	}
	return care, req, live
}

// fit returns the door mask to place tile i with, if one fits (A1).
func (b *board) fit(i int16, care, req, live uint8) (uint8, bool) {
	m := b.m
	if m.nrot[i] == 1 {
		x := m.rot[i][0]
		return x, x&care == req
	}
	n := 0
	for k := range int(m.nrot[i]) {
		if x := m.rot[i][k]; x&care == req {
			b.fits[n] = x
			n++
		}
	}
	switch {
	case n == 0:
		return 0, false
	case n == 1:
		return b.fits[0], true
	case m.mostDoors:
		best, bestLive := b.fits[0], bits.OnesCount8(b.fits[0]&live)
		for _, x := range b.fits[1:n] {
			if c := bits.OnesCount8(x & live); c > bestLive {
				best, bestLive = x, c
			}
		}
		return best, true
	}
	return b.fits[b.intN(n)], true
}

// drawInto fills the empty room cell t from the draw pile (L557-L559):
// draw until a tile fits; misfits go to the discard pile, which
// is reshuffled into the draw pile only when that is empty (A10); once every
// tile not on the board has been tried for this cell (A7), the last one tried
// goes face down (A8) and draw pile and discards are reshuffled together (A9).
func (b *board) drawInto(t int) {
	notOn := len(b.draw) + len(b.disc)
	if notOn == 0 {
		// Every room tile is on the board: nothing can be drawn, ever.
		b.state[t] = cellVoid
		b.fill(t)
		b.markExhausted()
		return
	}
	care, req, live := b.constraints(t)
	b.stamp++
	if b.stamp == 0 {
		clear(b.tried)
		b.stamp = 1
	}
	tried := 0
	for {
		if len(b.draw) == 0 {
			// "In the unlikely event that a player runs out of room tiles,
			// reshuffle the discarded tiles and begin again." (L559)
			b.markExhausted()
			b.draw = append(b.draw, b.disc...)
			b.disc = b.disc[:0]
			b.shuffle(b.draw)
			b.reshuffles++
		}
		if b.work >= b.m.boardCap {
			b.capped = true
			return
		}
		b.work++
		x := b.draw[len(b.draw)-1]
		b.draw = b.draw[:len(b.draw)-1]
		if b.tried[x] != b.stamp {
			b.tried[x] = b.stamp
			tried++
		}
		ti := b.m.roomCopy[x]
		if mask, ok := b.fit(ti, care, req, live); ok {
			b.placements++
			b.placed++
			if bits.OnesCount8(mask) == 1 {
				b.single++
			}
			b.typePlaced[ti] = true
			b.leavePool(ti)
			b.placeUp(t, ti, mask)
			return
		}
		if tried == notOn {
			// "place the last room tile face down where the new room should
			// be. ... Reshuffle the room tile deck" (L559)
			b.placements++
			b.faceDowns++
			b.leavePool(ti)
			b.state[t], b.tile[t], b.mask[t] = cellDown, ti, 0
			b.fill(t)
			if !b.exitConnected && !b.faceDown {
				b.faceDown = true
				b.downRow, b.downPlace, b.downTile = b.highest, b.placements, int(ti)
			}
			if len(b.disc) > 0 {
				b.draw = append(b.draw, b.disc...)
				b.disc = b.disc[:0]
			}
			b.shuffle(b.draw)
			b.reshuffles++
			return
		}
		b.disc = append(b.disc, x)
		b.misfits++
		b.typeMisfit[ti]++
	}
}

// leavePool counts a copy of tile ti placed on the board.
func (b *board) leavePool(ti int16) {
	if b.m.canS[ti] {
		b.poolS--
	}
}

// markExhausted records the first time the draw pile runs out before the
// exit is connected.
func (b *board) markExhausted() {
	b.exhaustedAny = true
	if b.exitConnected || b.exhausted {
		return
	}
	b.exhausted = true
	b.exhaustRow, b.exhaustPlace = b.highest, b.placements
	copy(b.exhaustMisfit, b.typeMisfit)
}

// placeRescuee rolls the rescuee's room (L683, A18): row and column 1..5 (6s
// rerolled), counted from the start row or from the first room row. An empty
// cell gets a tile by the fit rules without an opening (isolated); if none
// fits it gets a face-down tile and the rescuee cannot be reached.
func (b *board) placeRescuee() {
	m := b.m
	b.rescueDue, b.rescueRolled = false, true
	rows := min(5, m.l-m.rescueOffset)
	cols := min(5, m.w)
	r := m.rescueOffset + b.intN(rows)
	c := b.intN(cols)
	cell := r*m.w + c
	b.rescueCell = cell
	switch b.state[cell] {
	case cellEmpty:
		b.drawInto(cell)
	case cellHidden:
		b.placeUp(cell, b.tile[cell], b.mask[cell])
	}
}

// connectedToExit marks in seen the face-up tiles connected to the main exit.
func (b *board) connectedToExit() {
	clear(b.seen)
	if !b.exitConnected {
		return
	}
	m := b.m
	b.seen[b.exitCell] = true
	b.stack = append(b.stack[:0], int16(b.exitCell))
	for len(b.stack) > 0 {
		x := int(b.stack[len(b.stack)-1])
		b.stack = b.stack[:len(b.stack)-1]
		// Only the doors of x: its walls lead nowhere.
		for mk := b.mask[x]; mk != 0; mk &= mk - 1 {
			d := bits.TrailingZeros8(mk)
			bit := uint8(1) << d
			n := m.nb[x*4+d]
			if n < 0 || b.seen[n] || b.state[n] != cellUp || b.mask[n]&oppBit(bit) == 0 {
				continue
			}
			b.seen[n] = true
			b.stack = append(b.stack, n)
		}
	}
}
