package jrsim

import "testing"

// BenchmarkSimulate is the speed target: 10,000 boards of a bundled-size
// pack (the illustrative mix: 45 room tiles, 5 start, 5 exit) per board
// length and policy; target <= 0.5 s per operation on a 2-core machine
// (never above 1 s for explore).
func BenchmarkSimulate(b *testing.B) {
	tiles := illustrativeMix()
	set := DefaultSettings()
	set.Boards = 10000
	set.Scenarios = Scenarios{FindTheCure: true, RescueMission: true}
	for _, l := range []struct {
		name   string
		length int
	}{{"full", set.Length}, {"shorter", set.ShorterLength}} {
		for _, p := range []Policy{Explore, Run} {
			b.Run(l.name+"/"+string(p), func(b *testing.B) {
				for b.Loop() {
					if _, err := Simulate(tiles, set, l.length, p); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkCheck is everything Check does: both lengths, both policies.
func BenchmarkCheck(b *testing.B) {
	tiles := illustrativeMix()
	set := DefaultSettings()
	set.Scenarios = Scenarios{FindTheCure: true, RescueMission: true}
	for b.Loop() {
		if _, err := Check(tiles, set); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWorst is 10,000 boards of each worst tile set within the limits,
// per board length and policy.
func BenchmarkWorst(b *testing.B) {
	for _, wc := range worstCases() {
		for _, l := range []int{wc.set.Length} {
			for _, p := range []Policy{Explore, Run} {
				b.Run(wc.name+"/"+string(p), func(b *testing.B) {
					for b.Loop() {
						if _, err := Simulate(wc.tiles, wc.set, l, p); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
