package diceodds

import (
	"math/big"
	"testing"
)

// FuzzProbability: no panic on any game or target, every probability lies
// in [0, 1], and past 6^24 the two-word values are big.Int's. Small games
// only (at most 4 dice), so that each input is fast; up to 7 rerolls, so
// that some denominators need two words.
func FuzzProbability(f *testing.F) {
	f.Add([]byte{2, 1, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 7, 1, 2, 3}, uint8(0x0f), uint8(2), uint8(1), int8(2))
	f.Add([]byte{3, 2, 5, 5, 0, 0, 1, 2}, uint8(0x33), uint8(3), uint8(5), int8(1))
	f.Fuzz(func(t *testing.T, faces []byte, flags, zombie, face uint8, k int8) {
		words := []string{"", "a", "b", "c", "z", "zombie", "gun"}
		w := func(x byte) string { return words[int(x)%len(words)] }
		if len(faces) < 2 {
			return
		}
		g := Game{Dice: make([]Die, int(faces[0])%5), Rerolls: int(faces[1])%9 - 1}
		faces = faces[2:]
		for i := range g.Dice {
			for j := range 6 {
				if p := i*6 + j; p < len(faces) {
					g.Dice[i].Faces[j] = w(faces[p])
				} else {
					g.Dice[i].Faces[j] = w(byte(i + j))
				}
			}
		}
		g.Zombie = w(zombie)
		g.LockZombies, g.Fleeing = flags&1 != 0, flags&2 != 0
		g.SetAsidePermanent, g.Amulet = flags&4 != 0, flags&8 != 0
		g.ZombieLimit = int(flags>>4)%4 - 1
		targets := []Target{
			AtLeast(w(face), int(k)), Exactly(w(face), int(k)), TurnEnds(),
			Combo(map[string]int{w(face): int(k), g.Zombie: 1}), {Kind: TargetKind(k)},
		}
		for _, tg := range targets {
			p, err := Probability(g, tg)
			if err != nil {
				continue
			}
			if p.Sign() < 0 || p.Cmp(big.NewRat(1, 1)) > 0 {
				t.Fatalf("%+v %s: P = %s", g, tg, p.RatString())
			}
			if c, err := compile(g); err == nil && len(g.Dice)*(g.Rerolls+1) > maxU64Exp {
				ct, err := c.compileTarget(tg)
				if err != nil {
					t.Fatalf("%+v %s: computed, yet %v", g, tg, err)
				}
				if want := build(c).evalBig(ct); p.Cmp(want) != 0 {
					t.Fatalf("%+v %s: P = %s, big.Int %s", g, tg, p.RatString(), want.RatString())
				}
			}
		}
	})
}
