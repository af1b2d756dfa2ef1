package jrsim

// sides builds the sides from a string of door letters, e.g. "nse"; "X" on
// n is the main exit.
func sides(doors string) [4]Side {
	var s [4]Side
	for _, r := range doors {
		switch r {
		case 'n':
			s[N] = Door
		case 'e':
			s[E] = Door
		case 's':
			s[S] = Door
		case 'w':
			s[W] = Door
		case 'X':
			s[N] = MainExit
		}
	}
	return s
}

// room is a room tile entry.
func room(id, doors string, count int) Tile {
	return Tile{ID: id, Sides: sides(doors), Role: Room, Count: count, Src: "room:" + id}
}

// illustrativeMix is the illustrative mix: 45 room tiles (10
// four-door, two of them Labs; 5 NSE; 5 NSW; 4 NEW; 4 SEW; 6 NS; 3 EW; 2 NE;
// 2 NW; 1 SE; 1 SW; 1 S; 1 N), start tiles all with n doors and inner lateral
// doors, exit tiles with s, e and w doors, the main exit on the third.
func illustrativeMix() []Tile {
	ts := []Tile{
		{ID: "lab", Sides: sides("nesw"), Role: Room, Lab: true, Count: 2, Src: "room:lab"},
		room("cross", "nesw", 8),
		room("nse", "nse", 5), room("nsw", "nsw", 5), room("new", "new", 4), room("sew", "sew", 4),
		room("ns", "ns", 6), room("ew", "ew", 3), room("ne", "ne", 2), room("nw", "nw", 2),
		room("se", "se", 1), room("sw", "sw", 1), room("s", "s", 1), room("n", "n", 1),
	}
	ts = append(ts, startRow("ne", "new", "new", "new", "nw")...)
	ts = append(ts, exitRow(3, "sew")...)
	return ts
}

// startRow is the start tiles at positions 1..len(doors).
func startRow(doors ...string) []Tile {
	var ts []Tile
	for i, d := range doors {
		id := "start-" + string(rune('1'+i))
		ts = append(ts, Tile{ID: id, Sides: sides(d), Role: Start, Position: i + 1, Count: 1, Src: "start:" + id})
	}
	return ts
}

// exitRow is 5 exit tiles with the given doors, the main exit on number main
// (1-based).
func exitRow(main int, doors string) []Tile {
	var ts []Tile
	for i := 1; i <= 5; i++ {
		d := doors
		if i == main {
			d += "X"
		}
		id := "exit-" + string(rune('0'+i))
		ts = append(ts, Tile{ID: id, Sides: sides(d), Role: Exit, Count: 1, Src: "exit:" + id})
	}
	return ts
}

// withRooms replaces the room tiles of ts.
func withRooms(ts []Tile, rooms ...Tile) []Tile {
	var out []Tile
	for _, t := range ts {
		if t.Role != Room {
			out = append(out, t)
		}
	}
	return append(rooms, out...)
}
