package jrsim

import (
	"math/rand/v2"
	"testing"
)

// TestIntNIsRandIntN: the board's intN draws what rand.Rand.IntN draws
// from the same PCG state, so that boards stay as seeded.
func TestIntNIsRandIntN(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
	}{
		{"one", 1}, {"power of two", 64}, {"small", 7}, {"board-sized", 45},
		{"large", 1<<40 + 3}, {"near the top", 1<<62 + 12345},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &board{pcg: rand.NewPCG(0, 0)}
			b.rng = rand.New(b.pcg)
			b.pcg.Seed(42, pcgStream)
			ref := rand.New(rand.NewPCG(42, pcgStream))
			for i := range 10000 {
				if got, want := b.intN(tc.n), ref.IntN(tc.n); got != want {
					t.Fatalf("draw %d of IntN(%d): got %d, want %d", i, tc.n, got, want)
				}
			}
		})
	}
}
