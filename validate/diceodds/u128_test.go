package diceodds

import (
	"errors"
	"math/big"
	"testing"
)

// wideGames are small games whose denominators exceed 6^24, where the
// values are u128 numerators; a few rerolls more than the rulebooks' make
// them cheap to check against big.Int.
func wideGames() []Game {
	perm := Game{Name: "perm", Dice: []Die{die("a a b c z z"), die("a b c d e z"), die("a b c d e z")}, Rerolls: 8, Zombie: "z", LockZombies: true, ZombieLimit: 2, SetAsidePermanent: true}
	return []Game{
		{Name: "flee", Dice: smallDice("a b c d e z", 3), Rerolls: 8, Zombie: "z", LockZombies: true, Fleeing: true},
		{Name: "amulet", Dice: smallDice("a b c d z z", 4), Rerolls: 6, Zombie: "z", LockZombies: true, Fleeing: true, Amulet: true},
		perm,
		{Name: "eight", Dice: smallDice("a a b b z z", 8), Rerolls: 3, Zombie: "z", LockZombies: true, Fleeing: true},
		{Name: "plain", Dice: smallDice("a b c d e f", 3), Rerolls: 10},
	}
}

// TestU128MatchesBig: the u128 backward induction (one target, a batch,
// and a Set's shared graph) gives exactly the values of the big.Int one it
// replaced, on games past 6^24 up to 6^44.
func TestU128MatchesBig(t *testing.T) {
	for _, g := range wideGames() {
		c, err := compile(g)
		if err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		gr := build(c)
		if gr.rootExp <= maxU64Exp || gr.rootExp > maxU128Exp {
			t.Fatalf("%s: 6^%d is not a u128 denominator", g.Name, gr.rootExp)
		}
		targets := allTargets(g)
		var cts []*ctarget
		for _, tg := range targets {
			ct, err := c.compileTarget(tg)
			if err != nil {
				t.Fatal(err)
			}
			cts = append(cts, ct)
		}
		batch := gr.evalU128Batch(cts)
		var games []Game
		for r := 0; r <= g.Rerolls; r += 3 {
			h := g
			h.Rerolls = r
			games = append(games, h)
		}
		games = append(games, g)
		s, err := NewSet(games)
		if err != nil {
			t.Fatal(err)
		}
		s.Precompute(targets)
		for i, ct := range cts {
			want := gr.evalBig(ct)
			if batch[i].Cmp(want) != 0 {
				t.Errorf("%s %s: u128 %s, big.Int %s", g.Name, targets[i], batch[i].RatString(), want.RatString())
			}
			if got := gr.evalU128Batch([]*ctarget{ct})[0]; got.Cmp(want) != 0 {
				t.Errorf("%s %s alone: u128 %s, big.Int %s", g.Name, targets[i], got.RatString(), want.RatString())
			}
			if got, err := s.Engine(len(games) - 1).Probability(targets[i]); err != nil || got.Cmp(want) != 0 {
				t.Errorf("%s %s in a set: %v %v, big.Int %s", g.Name, targets[i], got, err, want.RatString())
			}
		}
	}
}

// TestU128Arithmetic checks the two-word operations at their carries.
func TestU128Arithmetic(t *testing.T) {
	max64 := ^uint64(0)
	cases := []struct {
		x u128
		m uint64
		y u128
	}{
		{u128{lo: max64}, 6, u128{lo: 1}},
		{u128{hi: 3, lo: max64 - 2}, 1 << 40, u128{hi: 1, lo: max64}},
		{u128{}, 0, u128{}},
	}
	for _, tc := range cases {
		want := new(big.Int).Mul(tc.x.big(), new(big.Int).SetUint64(tc.m))
		want.Add(want, tc.y.big())
		if got := tc.x.mul(tc.m).add(tc.y).big(); got.Cmp(want) != 0 {
			t.Errorf("%v*%d+%v = %s, want %s", tc.x, tc.m, tc.y, got, want)
		}
		if tc.x.less(tc.y) != (tc.x.big().Cmp(tc.y.big()) < 0) {
			t.Errorf("%v < %v: wrong", tc.x, tc.y)
		}
	}
	if p := pow6U128(maxU128Exp); p[maxU128Exp].big().Cmp(new(big.Int).Exp(big.NewInt(6), big.NewInt(maxU128Exp), nil)) != 0 {
		t.Error("6^49 is wrong")
	}
}

// TestWorkBoundsTheGraph: Work bounds the size of the graph the engine
// builds (the time it bounds is the graph's), within 3 times it (8 under
// the set-aside reading, which it counts loosely), and Validate refuses a
// game beyond MaxWork with ErrTooCostly.
func TestWorkBoundsTheGraph(t *testing.T) {
	perm := Reloaded()
	perm.SetAsidePermanent = true
	amulet := RFoD()
	amulet.Amulet = true
	mixed := []Die{die("a a a b z z"), die("a b b c c z"), die("a a a b z z"), die("a b c d e z")}
	games := append(wideGames()[:3], RFoD(), Reloaded(), perm, amulet,
		Game{Name: "mixed", Dice: mixed, Rerolls: 3, Zombie: "z", LockZombies: true, Fleeing: true},
		Game{Name: "mixed-perm", Dice: mixed, Rerolls: 2, Zombie: "z", LockZombies: true, SetAsidePermanent: true})
	for _, g := range games {
		c, err := compile(g)
		if err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		edges, work := int64(len(build(c).edges)), g.Work()
		slack := int64(3)
		if g.SetAsidePermanent {
			slack = 8
		}
		if edges > work || slack*edges < work {
			t.Errorf("%s: %d moves, Work %d", g.Name, edges, work)
		}
	}
	for _, tc := range []struct {
		name string
		g    Game
		ok   bool
	}{
		{"8 identical dice, 3 rerolls, Fleeing", Game{Dice: smallDice("a b c d e z", 8), Rerolls: 3, Zombie: "z", LockZombies: true, Fleeing: true, Amulet: true}, true},
		{"6 dice that differ, 3 rerolls", Game{Dice: []Die{die("a b c d e z"), die("a a c d e z"), die("a b b d e z"), die("a b c c e z"), die("a b c d d z"), die("a b c d e e")}, Rerolls: 3, Zombie: "z", LockZombies: true}, false},
		{"8 identical dice, 3 rerolls, set aside", Game{Dice: smallDice("a b c d e z", 8), Rerolls: 3, Zombie: "z", LockZombies: true, SetAsidePermanent: true}, false},
	} {
		err := tc.g.Validate()
		if tc.ok != (err == nil) || !tc.ok && !errors.Is(err, ErrTooCostly) {
			t.Errorf("%s: Work %d, Validate %v", tc.name, tc.g.Work(), err)
		}
	}
}
