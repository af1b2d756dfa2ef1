package jrsim

import "testing"

// FuzzCheck builds tile sets and settings from bytes: Check must return
// findings or an error, never panic.
func FuzzCheck(f *testing.F) {
	f.Add([]byte{5, 10, 7, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte{1, 3, 3, 255, 0, 0, 9})
	f.Add([]byte{16, 4, 64, 2, 7, 1, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		at := func(i int) int {
			if len(data) == 0 {
				return 0
			}
			return int(data[i%len(data)])
		}
		set := DefaultSettings()
		set.Boards = 20
		set.Width = at(0) % 18
		set.Length = at(1) % 12
		set.ShorterLength = at(2) % 12
		set.Scenarios = Scenarios{FindTheCure: at(3)&1 != 0, RescueMission: at(3)&2 != 0}
		set.Placement.Rotation = []string{RotationNone, RotationFree}[at(3)>>2&1]
		set.Placement.RotationChoice = []string{RotationMostDoors, RotationRandom}[at(3)>>3&1]
		set.Placement.EdgeDoors = []string{EdgeDoorsDead, EdgeDoorsMisfit}[at(3)>>4&1]
		set.Placement.ExitAlignment = []string{ExitOnReveal, ExitAlways}[at(3)>>5&1]
		set.Placement.FaceDown = []string{FaceDownWildcard, FaceDownWall}[at(3)>>6&1]
		set.Placement.RescueRows = []string{RescueFromStart, RescueRoomRows}[at(3)>>7&1]
		var tiles []Tile
		for i := 0; i < min(len(data), 60); i++ {
			b := at(i + 4)
			var sd [4]Side
			for d := range 4 {
				sd[d] = Side(b >> (2 * d) & 3)
			}
			tiles = append(tiles, Tile{ID: "t", Sides: sd, Role: Role(at(i+5) % 4), Position: at(i+6) % 7, Lab: b&16 != 0, Count: at(i+7) % 4})
		}
		// A valid core so that some inputs get past validation.
		if at(0)&128 != 0 {
			if at(0)&64 != 0 { // random room tiles only
				for i := range tiles {
					tiles[i].Role = Room
					tiles[i].Count = 1 + tiles[i].Count
					for d := range 4 {
						tiles[i].Sides[d] &= 1
					}
				}
			}
			tiles = append(tiles, illustrativeMix()...)
			set.Width = 5
		}
		_, _ = Check(tiles, set)
	})
}
