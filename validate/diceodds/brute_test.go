package diceodds

import (
	"math/big"
	"strings"
	"testing"
)

// brute is an independent oracle: it enumerates ordered dice, each die's six
// faces as six outcomes (repeats included), every subset of dice as a keep
// choice, and computes in big.Rat, memoised on the ordered state. It shares
// no code with the engine.
type brute struct {
	g    Game
	t    Target
	memo map[string]*big.Rat
}

const (
	bFreeS = iota
	bKeptS
	bLockS
)

func newBrute(g Game, t Target) *brute { return &brute{g: g, t: t, memo: map[string]*big.Rat{}} }

func (b *brute) hit(faces []int) bool {
	cnt := map[string]int{}
	for i, f := range faces {
		cnt[b.g.Dice[i].Faces[f]]++
	}
	switch b.t.Kind {
	case KindCombo:
		for _, fc := range b.t.Combo {
			if cnt[fc.Face] < fc.N {
				return false
			}
		}
		return true
	case KindAtLeast:
		return cnt[b.t.Face] >= b.t.K
	case KindExactly:
		return cnt[b.t.Face] == b.t.K
	}
	return false
}

func (b *brute) isZombie(i, f int) bool {
	return b.g.Dice[i].Faces[f] == b.g.Zombie && b.g.Zombie != ""
}

func (b *brute) zombies(faces []int) int {
	z := 0
	for i, f := range faces {
		if b.isZombie(i, f) {
			z++
		}
	}
	return z
}

// prob is the whole turn: the first roll of every die.
func (b *brute) prob() *big.Rat {
	n := len(b.g.Dice)
	all := make([]bool, n)
	for i := range all {
		all[i] = true
	}
	faces := make([]int, n)
	status := make([]int, n)
	return b.roll(b.g.Rerolls, b.g.Fleeing, faces, status, all, b.g.Amulet, b.g.SetAsidePermanent)
}

// roll rolls the dice in mask; the others keep their face (and become kept
// under the permanent reading when permKeep).
func (b *brute) roll(r int, flee bool, faces, status []int, mask []bool, amulet, permKeep bool) *big.Rat {
	n := len(faces)
	key := b.key("r", r, flee, faces, status, mask, amulet, permKeep)
	if v, ok := b.memo[key]; ok {
		return v
	}
	var idx []int
	for i := range n {
		if mask[i] {
			idx = append(idx, i)
		}
	}
	sum := new(big.Rat)
	outs := 1
	for range idx {
		outs *= 6
	}
	for o := range outs {
		f2 := append([]int(nil), faces...)
		s2 := append([]int(nil), status...)
		x := o
		for _, i := range idx {
			f2[i] = x % 6
			x /= 6
			s2[i] = bFreeS
			if b.g.LockZombies && b.isZombie(i, f2[i]) {
				s2[i] = bLockS
			}
		}
		if permKeep {
			for i := range n {
				if !mask[i] && s2[i] == bFreeS {
					s2[i] = bKeptS
				}
			}
		}
		var v *big.Rat
		if amulet {
			v = b.amulet(r, flee, f2, s2)
		} else {
			v = b.value(r, flee, f2, s2)
		}
		sum.Add(sum, v)
	}
	sum.Quo(sum, new(big.Rat).SetInt64(int64(outs)))
	b.memo[key] = sum
	return sum
}

// key encodes a memo key; faces of dice in mask (about to be rolled) are
// irrelevant and written as '-'.
func (b *brute) key(kind string, r int, flee bool, faces, status []int, mask []bool, amulet, permKeep bool) string {
	buf := []byte(kind)
	buf = append(buf, byte('0'+r), boolB(flee), boolB(amulet), boolB(permKeep))
	for i := range faces {
		if mask != nil && mask[i] {
			buf = append(buf, '-', '-')
			continue
		}
		buf = append(buf, byte('0'+faces[i]), byte('0'+status[i]))
	}
	return string(buf)
}

func boolB(v bool) byte {
	if v {
		return '1'
	}
	return '0'
}

func (b *brute) terminal(faces []int) (*big.Rat, bool) {
	if b.g.ZombieLimit > 0 && b.zombies(faces) >= b.g.ZombieLimit {
		if b.t.Kind == KindTurnEnds {
			return big.NewRat(1, 1), true
		}
		return new(big.Rat), true
	}
	return nil, false
}

func (b *brute) value(r int, flee bool, faces, status []int) *big.Rat {
	key := b.key("v", r, flee, faces, status, nil, false, false)
	if v, ok := b.memo[key]; ok {
		return v
	}
	if v, ok := b.terminal(faces); ok {
		b.memo[key] = v
		return v
	}
	best := new(big.Rat)
	if b.hit(faces) {
		best.SetInt64(1)
	}
	if r > 0 {
		best = b.rerolls(r, flee, faces, status, false, flee, best)
		if flee && b.zombies(faces) > 0 {
			best = b.rerolls(r, flee, faces, status, true, false, best)
		}
	}
	b.memo[key] = best
	return best
}

func (b *brute) rerolls(r int, flee bool, faces, status []int, withZombies, fleeAfter bool, best *big.Rat) *big.Rat {
	n := len(faces)
	for m := range 1 << n {
		mask := make([]bool, n)
		ok, any := true, false
		for i := range n {
			if m&(1<<i) != 0 {
				if status[i] != bFreeS {
					ok = false
				}
				mask[i] = true
				any = true
			}
			if withZombies && status[i] == bLockS {
				mask[i] = true
				any = true
			}
		}
		if !ok || !any {
			continue
		}
		if v := b.roll(r-1, fleeAfter, faces, status, mask, false, b.g.SetAsidePermanent); v.Cmp(best) > 0 {
			best = v
		}
	}
	return best
}

// amulet (A6): after the first roll, change one non-zombie die to any of its
// faces, or let the first reroll take the zombies without Fleeing.
func (b *brute) amulet(r int, flee bool, faces, status []int) *big.Rat {
	if v, ok := b.terminal(faces); ok {
		return v
	}
	best := b.value(r, flee, faces, status)
	for i := range faces {
		if b.isZombie(i, faces[i]) {
			continue
		}
		for f := range 6 {
			f2 := append([]int(nil), faces...)
			s2 := append([]int(nil), status...)
			f2[i] = f
			if b.g.LockZombies && b.isZombie(i, f) {
				s2[i] = bLockS
			}
			if v := b.value(r, flee, f2, s2); v.Cmp(best) > 0 {
				best = v
			}
		}
	}
	if r > 0 && b.zombies(faces) > 0 {
		best = b.rerolls(r, flee, faces, status, true, flee, best)
	}
	return best
}

func allTargets(g Game) []Target {
	var ts []Target
	faces := g.Faces()
	n := len(g.Dice)
	for _, f := range faces {
		for k := 1; k <= n; k++ {
			ts = append(ts, AtLeast(f, k), Exactly(f, k))
		}
	}
	for i, f1 := range faces {
		for _, f2 := range faces[i:] {
			ts = append(ts, Combo(map[string]int{f1: 1, f2: 1}))
			if n >= 3 {
				ts = append(ts, Combo(map[string]int{f1: 2, f2: 1}))
			}
		}
	}
	if g.ZombieLimit > 0 {
		ts = append(ts, TurnEnds())
	}
	return ts
}

func smallDice(faces string, n int) []Die {
	var d Die
	copy(d.Faces[:], strings.Fields(faces))
	return Uniform(d, n)
}

func die(faces string) Die {
	var d Die
	copy(d.Faces[:], strings.Fields(faces))
	return d
}

// Exhaustive enumeration over ordered dice agrees exactly with the engine
// on small configurations.
func TestBruteForceAgrees(t *testing.T) {
	rfod := func(n, r int, flee bool) Game {
		g := RFoD()
		g.Dice, g.Rerolls, g.Fleeing = g.Dice[:n], r, flee
		return g
	}
	rel := func(n, r, limit int, perm bool) Game {
		g := Reloaded()
		g.Dice, g.Rerolls, g.ZombieLimit, g.SetAsidePermanent = g.Dice[:n], r, limit, perm
		return g
	}
	mixed := []Die{die("a a a b z z"), die("a b b c c z"), die("a a a b z z")}
	cases := []struct {
		name string
		g    Game
	}{
		{"RFoD 2 dice, 1 reroll, no Fleeing (L306)", rfod(2, 1, false)},
		{"RFoD 2 dice, 2 rerolls, Fleeing (L308-314, A5)", rfod(2, 2, true)},
		{"RFoD 3 dice, 1 reroll, Fleeing", rfod(3, 1, true)},
		{"RFoD 3 dice, 1 reroll, no Fleeing", rfod(3, 1, false)},
		{"RFoD 2 dice, 2 rerolls, AMULET and Fleeing (A6)", func() Game { g := rfod(2, 2, true); g.Amulet = true; return g }()},
		{"RFoD 3 dice, 1 reroll, AMULET, no Fleeing (A6)", func() Game { g := rfod(3, 1, false); g.Amulet = true; return g }()},
		{"Reloaded 3 dice, 1 reroll, limit 2 (L202 scaled)", rel(3, 1, 2, false)},
		{"Reloaded 2 dice, 2 rerolls, limit 2, permanent (A14)", rel(2, 2, 2, true)},
		{"Reloaded 3 dice, 1 reroll, no limit, permanent", rel(3, 1, 0, true)},
		{"mixed dice with repeats, 1 reroll, repick", Game{Name: "mixed", Dice: mixed, Rerolls: 1, Zombie: "z", LockZombies: true}},
		{"mixed dice, 2 dice, 2 rerolls, permanent, limit 2", Game{Name: "mixed", Dice: mixed[:2], Rerolls: 2, Zombie: "z", LockZombies: true, SetAsidePermanent: true, ZombieLimit: 2}},
		{"mixed dice, 2 dice, 2 rerolls, Fleeing, AMULET", Game{Name: "mixed", Dice: mixed[1:], Rerolls: 2, Zombie: "z", LockZombies: true, Fleeing: true, Amulet: true}},
		{"zombies not locked, 2 dice, 2 rerolls", Game{Name: "free", Dice: smallDice("x y y z z z", 2), Rerolls: 2, Zombie: "z"}},
		{"no zombie face at all, 3 dice, 1 reroll", Game{Name: "plain", Dice: smallDice("p q r r s s", 3), Rerolls: 1}},
	}
	for _, tc := range cases {
		e, err := NewEngine(tc.g)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, tg := range allTargets(tc.g) {
			got, err := e.Probability(tg)
			if err != nil {
				t.Fatalf("%s %s: %v", tc.name, tg, err)
			}
			want := newBrute(tc.g, tg).prob()
			if got.Cmp(want) != 0 {
				t.Errorf("%s %s: engine %s, brute force %s", tc.name, tg, got.RatString(), want.RatString())
			}
		}
	}
}

// A Set mixing AMULET and plain games (the odds of --explain and odds.pdf:
// rerolls 0 to 2, without and with Fleeing, without and with AMULET, A6)
// agrees exactly with exhaustive enumeration for every game, also when
// some games are computed first on the nodes they alone reach
// (PrecomputeFor).
func TestBruteForceAgreesWithSetAndAmulet(t *testing.T) {
	base := RFoD()
	base.Dice = base.Dice[:2]
	var games []Game
	for r := range 3 {
		for _, flee := range []bool{false, true} {
			for _, amulet := range []bool{false, true} {
				g := base
				g.Rerolls, g.Fleeing, g.Amulet = r, flee, amulet
				games = append(games, g)
			}
		}
	}
	s, err := NewSet(games)
	if err != nil {
		t.Fatal(err)
	}
	// The AMULET games first, on the nodes they reach, then every game.
	targets := allTargets(base)
	var amulets []int
	for i, g := range games {
		if g.Amulet {
			amulets = append(amulets, i)
		}
	}
	s.PrecomputeFor(amulets, targets[:len(targets)/2])
	s.Precompute(targets)
	for i, g := range games {
		if s.Engine(i).gr != nil {
			t.Errorf("r=%d flee=%v amulet=%v: the engine built its own graph: the set did not memoise", g.Rerolls, g.Fleeing, g.Amulet)
		}
		for _, tg := range targets {
			got, err := s.Engine(i).Probability(tg)
			if err != nil {
				t.Fatalf("%s: %v", tg, err)
			}
			if want := newBrute(g, tg).prob(); got.Cmp(want) != 0 {
				t.Errorf("r=%d flee=%v amulet=%v %s: set %s, brute force %s", g.Rerolls, g.Fleeing, g.Amulet, tg, got.RatString(), want.RatString())
			}
		}
	}
}
