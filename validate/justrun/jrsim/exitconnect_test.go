package jrsim

import (
	"fmt"
	"slices"
	"testing"
)

// TestExitConnectionFlippedExitWalls checks which start tiles the main exit
// is connected to (the per-start-tile exit metric) when the flipped main
// exit tile has walls next to face-up tiles whose doors face it. Exit tiles
// keep their sides as printed when flipped (A5) and, on reveal (A4), room
// tiles placed before never had to match them, so a door may face the exit
// tile's wall: that door is dead (A21; exit row walls cannot be bashed,
// L573) and nothing behind it is connected to the exit through it.
//
// It guards against the exit-connection check ignoring the walls of the
// flipped exit tile: following every side of the tile the flood starts
// from, whatever its doors, and so connecting a neighbour whose door merely
// faces one of the exit tile's walls. Room tiles match their face-up
// neighbours wall against wall, so only a flipped exit tile shows the
// fault.
//
// The board is 5 x 3: start tiles with only an n door in row 1, "ns" rooms
// in row 2 under columns 3 and 4, the main exit tile flipped at column 3 of
// the exit row and an exit tile with s and w doors flipped at column 4; the
// rest of the exit row stays face down.
func TestExitConnectionFlippedExitWalls(t *testing.T) {
	for _, tc := range []struct {
		name     string
		mainExit string // doors of the flipped main-exit tile at (3,3)
		east     string // doors of the flipped exit tile at (3,4)
		from     []int  // start columns connected to the main exit
	}{
		{"its e wall blocks the exit tile to the east", "s", "sw", []int{3}},
		{"its e door connects the exit tile to the east", "se", "sw", []int{3, 4}},
		{"its s wall blocks the room below", "e", "sw", []int{4}},
		{"its s door connects the room below", "es", "sw", []int{3, 4}},
		{"a wall of the neighbour blocks its e door", "se", "s", []int{3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tiles := kitTiles()
			for i := range tiles {
				if tiles[i].Role == Start {
					tiles[i].Sides = sides("n")
				}
			}
			b := testBoard(t, tiles, DefaultPlacement(), 3, Explore)
			// Move the main exit tile, shuffled into the exit row, to column 3.
			at := b.cell(3, 3)
			e := b.exitCell
			b.tile[e], b.tile[at] = b.tile[at], b.tile[e]
			b.exitCell = at
			b.put(2, 3, "ns")
			b.put(2, 4, "ns")
			flip := func(c int, doors string) {
				cl := b.cell(3, c)
				b.state[cl], b.mask[cl] = cellUp, sideMask(doors)
			}
			flip(3, tc.mainExit)
			flip(4, tc.east)
			for c := 1; c <= 5; c++ {
				b.reach(b.cell(1, c))
			}
			if !b.exitConnected {
				t.Fatal("the main exit is not connected to the start row")
			}

			b.connectedToExit()
			var got []int
			for c := 1; c <= 5; c++ {
				if b.seen[b.cell(1, c)] {
					got = append(got, c)
				}
			}
			if !slices.Equal(got, tc.from) {
				t.Errorf("start tiles connected to the main exit %v; want %v", got, tc.from)
			}

			a := newAcc(b.m)
			b.record(a)
			want := make([]int64, 5)
			for _, c := range tc.from {
				want[c-1] = 1
			}
			if fmt.Sprint(a.exitFrom) != fmt.Sprint(want) {
				t.Errorf("exit reached from start tiles %v; want %v", a.exitFrom, want)
			}
		})
	}
}
