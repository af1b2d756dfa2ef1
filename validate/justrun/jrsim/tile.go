package jrsim

import (
	"errors"
	"fmt"
)

// Side is what one side of a tile shows: a wall, a door at the side's centre
// (A2: one door per side, placement.doorPosition: centre) or the main exit,
// the building's only exterior door (L573).
type Side uint8

// Sides of a tile.
const (
	Wall     Side = iota // a wall
	Door                 // a door at the centre of the side (A2)
	MainExit             // the main exit: the n side of exactly one exit tile (L573, A5)
)

// String is the schema's value: "wall", "door" or "main-exit".
func (s Side) String() string {
	switch s {
	case Wall:
		return "wall"
	case Door:
		return "door"
	case MainExit:
		return "main-exit"
	}
	return fmt.Sprintf("Side(%d)", uint8(s))
}

// Directions index Tile.Sides: N faces the exit row (A1), E, S, W clockwise.
const (
	N = iota
	E
	S
	W
)

// dirNames are the side names of the schema.
var dirNames = [4]string{"n", "e", "s", "w"}

// Role is the tile set a tile belongs to (L105, L125-L129; A16: the pools are
// separate).
type Role uint8

// Roles of a tile.
const (
	Room  Role = iota // a room tile: drawn from the pile (L87, L557)
	Start             // a start tile: face up in row 1 at its position (L105, A14)
	Exit              // an exit tile: shuffled face down into the last row (L85, A4)
)

// String is the schema's value: "room", "start" or "exit".
func (r Role) String() string {
	switch r {
	case Room:
		return "room"
	case Start:
		return "start"
	case Exit:
		return "exit"
	}
	return fmt.Sprintf("Role(%d)", uint8(r))
}

// Tile is one tile entry of a TileSet with Count copies. The
// package never reads Src: it hands it back in findings so that the caller
// can point at the YAML entry.
type Tile struct {
	ID       string
	Sides    [4]Side // N, E, S, W; N faces the exit row (A1)
	Role     Role
	Position int  // start tiles: 1..Width, each position once (A14)
	Lab      bool // room tiles only (A17)
	Spawn    bool // the bloody hand print (L301); not read by the simulation
	Count    int  // copies, >= 1
	Src      any  // opaque position given back in findings
}

// doorMask is the tile's doors as bits (N=1, E=2, S=4, W=8); the main exit
// is not an inner door.
func (t Tile) doorMask() uint8 {
	var m uint8
	for d, s := range t.Sides {
		if s == Door {
			m |= 1 << d
		}
	}
	return m
}

// maxCopies bounds the copies of one entry and the room tiles in all, so
// that a malformed count cannot exhaust memory (the piles hold int16).
const maxCopies = 30000

// ValidateTiles reports tile sets the simulation cannot model: an unknown side
// or role, a count below 1, start tiles that do not fill positions 1..width
// exactly once, a number of exit tiles other than width, no main exit or more
// than one, a main exit elsewhere than on the n side of an exit tile, a Lab
// that is not a room tile. The static rules (justrun/start-row,
// justrun/main-exit, justrun/lab-role) report the same defects with more
// detail; a pack with such errors is not simulated.
func ValidateTiles(tiles []Tile, width int) error {
	var errs []error
	bad := func(i int, t Tile, format string, args ...any) {
		errs = append(errs, fmt.Errorf("tile %d (%q): %s", i, t.ID, fmt.Sprintf(format, args...)))
	}
	if width < 1 || width > maxWidth {
		return fmt.Errorf("board width %d: want 1..%d", width, maxWidth)
	}
	if len(tiles) > maxCopies {
		return fmt.Errorf("%d tile entries: at most %d", len(tiles), maxCopies)
	}
	positions := make([]int, width+1)
	var starts, exits, rooms, mainExits int
	for i, t := range tiles {
		if t.Count < 1 || t.Count > maxCopies {
			bad(i, t, "count %d: want 1..%d", t.Count, maxCopies)
			continue
		}
		if t.Role > Exit {
			bad(i, t, "unknown role %v", t.Role)
			continue
		}
		for d, s := range t.Sides {
			switch {
			case s > MainExit:
				bad(i, t, "side %s: unknown value %v", dirNames[d], s)
			case s == MainExit && (t.Role != Exit || d != N):
				bad(i, t, "side %s: the main exit is only on the n side of an exit tile (L573, A5)", dirNames[d])
			case s == MainExit:
				mainExits += t.Count
			}
		}
		if t.Lab && t.Role != Room {
			bad(i, t, "a Lab must be a room tile (A17)")
		}
		switch t.Role {
		case Room:
			rooms += t.Count
		case Start:
			starts += t.Count
			if t.Position < 1 || t.Position > width {
				bad(i, t, "start position %d: want 1..%d (A14)", t.Position, width)
			} else {
				positions[t.Position] += t.Count
			}
		case Exit:
			exits += t.Count
		}
	}
	if rooms > maxCopies {
		errs = append(errs, fmt.Errorf("%d room tiles: at most %d", rooms, maxCopies))
	}
	if starts == 0 {
		errs = append(errs, errors.New("no start tiles (L105)"))
	}
	for p := 1; p <= width && starts > 0; p++ {
		if positions[p] != 1 {
			errs = append(errs, fmt.Errorf("start position %d is held by %d tiles; want exactly 1 (L105, A14)", p, positions[p]))
		}
	}
	if exits != width {
		errs = append(errs, fmt.Errorf("%d exit tiles; want %d, one per cell of the exit row (L85)", exits, width))
	}
	if mainExits != 1 {
		errs = append(errs, fmt.Errorf("%d main exits; want exactly 1 (L573)", mainExits))
	}
	return errors.Join(errs...)
}
