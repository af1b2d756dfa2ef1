package diceodds

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func mustRat(t testing.TB, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad rational %q", s)
	}
	return r
}

func prob(t testing.TB, g Game, tg Target) *big.Rat {
	t.Helper()
	p, err := Probability(g, tg)
	if err != nil {
		t.Fatalf("%s %s: %v", gameName(g), tg, err)
	}
	return p
}

// A14: for dice with repeated faces the repick and set-aside
// permanent readings differ, so the manifest must fix one. Each value is also
// checked against the brute-force oracle.
func TestSetAsideReadingsDiffer(t *testing.T) {
	aab := Uniform(die("a a a b z z"), 3)
	mixed := []Die{die("a a a b z z"), die("a b b c c z"), die("a a a b z z")}
	cases := []struct {
		name            string
		dice            []Die
		limit           int
		t               Target
		repick, perm    string // exact values; "" = only check they differ
		wantSameReading bool
	}{
		{"repeated faces, combo {a 1, b 1}", aab, 0, Combo(map[string]int{"a": 1, "b": 1}), "14663/31104", "3659/7776", false},
		{"repeated faces, =2 a", aab, 0, Exactly("a", 2), "75797/124416", "75509/124416", false},
		{"repeated faces, zombie limit 2, {b 1, z 1} (L202 scaled)", aab, 2, Combo(map[string]int{"b": 1, "z": 1}), "231407/559872", "229463/559872", false},
		{"repeated faces, >=1 b: a single face, no reason to repick", aab, 0, AtLeast("b", 1), "", "", true},
		{"mixed die types (state per type), {a 2, b 1}", mixed, 0, Combo(map[string]int{"a": 2, "b": 1}), "33053/139968", "97111/419904", false},
	}
	for _, tc := range cases {
		g := Game{Name: "test", Dice: tc.dice, Rerolls: 2, Zombie: "z", LockZombies: true, ZombieLimit: tc.limit}
		rep := prob(t, g, tc.t)
		gp := g
		gp.SetAsidePermanent = true
		perm := prob(t, gp, tc.t)
		if tc.repick != "" && rep.Cmp(mustRat(t, tc.repick)) != 0 {
			t.Errorf("%s: repick %s, want %s", tc.name, rep.RatString(), tc.repick)
		}
		if tc.perm != "" && perm.Cmp(mustRat(t, tc.perm)) != 0 {
			t.Errorf("%s: permanent %s, want %s", tc.name, perm.RatString(), tc.perm)
		}
		if same := rep.Cmp(perm) == 0; same != tc.wantSameReading {
			t.Errorf("%s: repick %s, permanent %s: same = %v, want %v", tc.name, rep.RatString(), perm.RatString(), same, tc.wantSameReading)
		}
		if rep.Cmp(perm) < 0 {
			t.Errorf("%s: repick %s below permanent %s: repick allows every permanent strategy", tc.name, rep.RatString(), perm.RatString())
		}
		if b := newBrute(g, tc.t).prob(); b.Cmp(rep) != 0 {
			t.Errorf("%s: repick %s, brute force %s", tc.name, rep.RatString(), b.RatString())
		}
		if b := newBrute(gp, tc.t).prob(); b.Cmp(perm) != 0 {
			t.Errorf("%s: permanent %s, brute force %s", tc.name, perm.RatString(), b.RatString())
		}
	}
}

// Uniform dice with one of each face: both A14 readings agree on the
// Reloaded card (Appendix A note), and on RFoD.
func TestSetAsideReadingsAgreeOnUniformDice(t *testing.T) {
	for _, g := range []Game{Reloaded(), rfodNoFlee()} {
		e1, _ := NewEngine(g)
		gp := g
		gp.SetAsidePermanent = true
		e2, _ := NewEngine(gp)
		for _, tg := range tableTargets(g) {
			if tg.Kind == KindExactly {
				continue // =k may differ: overshooting with a kept die
			}
			p1, _ := e1.Probability(tg)
			p2, _ := e2.Probability(tg)
			if p1.Cmp(p2) != 0 {
				t.Errorf("%s %s: repick %s, permanent %s", g.Name, tg, p1.RatString(), p2.RatString())
			}
		}
	}
}

// Orderings that must hold whatever the faces: more rerolls never hurt
// (L277), Fleeing never hurts (L308-314), AMULET never hurts (L292, A6),
// and the zombie limit never helps a combo (L202).
func TestMonotoneVariants(t *testing.T) {
	rf := RFoD()
	targets := append(tableTargets(rf), Combo(map[string]int{"zombie": 2, "gun": 1}), Combo(map[string]int{"gun": 2, "bat": 2}))
	for _, tg := range targets {
		var prev *big.Rat
		for r := 0; r <= 3; r++ {
			p := prob(t, rfodRerolls(r, false), tg)
			if prev != nil && p.Cmp(prev) < 0 {
				t.Errorf("%s: %d rerolls %s < %d rerolls %s", tg, r, p.FloatString(6), r-1, prev.FloatString(6))
			}
			prev = p
			pf := prob(t, rfodRerolls(r, true), tg)
			if pf.Cmp(p) < 0 {
				t.Errorf("%s, %d rerolls: Fleeing %s < no Fleeing %s", tg, r, pf.FloatString(6), p.FloatString(6))
			}
		}
		for _, flee := range []bool{false, true} {
			g := rfodRerolls(2, flee)
			ga := g
			ga.Amulet = true
			if a, p := prob(t, ga, tg), prob(t, g, tg); a.Cmp(p) < 0 {
				t.Errorf("%s flee=%v: AMULET %s < %s", tg, flee, a.FloatString(6), p.FloatString(6))
			}
		}
	}
	for _, tg := range []Target{Combo(map[string]int{"zombie": 1, "gun": 1}), AtLeast("search", 3), Combo(map[string]int{"zombie": 4})} {
		if with, without := prob(t, Reloaded(), tg), prob(t, reloadedNoRule(), tg); with.Cmp(without) > 0 {
			t.Errorf("%s: with the 5-zombie rule %s > without %s", tg, with.FloatString(6), without.FloatString(6))
		}
	}
}

// A6: AMULET helps where a face change or a free flee matters, and its free
// flee leaves Fleeing for a later reroll.
func TestAmulet(t *testing.T) {
	g := RFoD()
	g.Fleeing = false
	ga := g
	ga.Amulet = true
	// Five of a kind: a face change is worth a whole die.
	if a, p := prob(t, ga, AtLeast("search", 5)), prob(t, g, AtLeast("search", 5)); a.Cmp(p) <= 0 {
		t.Errorf(">=5 search: AMULET %s, without %s: want more", a.FloatString(6), p.FloatString(6))
	}
	// With Fleeing too, AMULET's free flee keeps Fleeing: the value is at
	// least that of AMULET without Fleeing.
	gaf := ga
	gaf.Fleeing = true
	tg := Combo(map[string]int{"gun": 2, "bat": 2})
	if af, a := prob(t, gaf, tg), prob(t, ga, tg); af.Cmp(a) <= 0 {
		t.Errorf("%s: AMULET+Fleeing %s, AMULET alone %s: want more", tg, af.FloatString(6), a.FloatString(6))
	}
	// No rerolls: only the face change is left.
	g0 := ga
	g0.Rerolls = 0
	got := prob(t, g0, AtLeast("search", 1))
	// P(some non-zombie die, or a search) = 1 - P(all five zombies).
	want := new(big.Rat).Sub(big.NewRat(1, 1), big.NewRat(1, 7776))
	if got.Cmp(want) != 0 {
		t.Errorf("AMULET, no rerolls, >=1 search: %s, want %s", got.RatString(), want.RatString())
	}
}

// Beyond 6^24 the engine switches to big.Int; the two paths agree
// where both apply, and a big configuration still computes.
func TestBigIntPath(t *testing.T) {
	c, err := compile(rfodNoFlee())
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range []Target{AtLeast("search", 3), Exactly("book", 2), Combo(map[string]int{"zombie": 2, "gun": 1})} {
		ct, err := c.compileTarget(tg)
		if err != nil {
			t.Fatal(err)
		}
		gr := build(c)
		small := gr.evalU64(ct)
		large := gr.evalBig(ct)
		if small.Cmp(large) != 0 {
			t.Errorf("%s: uint64 %s, big.Int %s", tg, small.RatString(), large.RatString())
		}
	}
	g := Reloaded()
	g.Rerolls = 4 // 6 x 5 rolls = 6^30: big.Int
	p := prob(t, g, AtLeast("search", 3))
	if p.Sign() <= 0 || p.Cmp(big.NewRat(1, 1)) >= 0 {
		t.Errorf("4 rerolls: %s", p.RatString())
	}
	g8 := Game{Name: "eight", Dice: Uniform(die("a b c d e z"), 8), Rerolls: 3, Zombie: "z", LockZombies: true, Fleeing: true}
	p = prob(t, g8, Combo(map[string]int{"a": 3, "b": 2}))
	if p.Sign() <= 0 {
		t.Errorf("8 dice, 3 rerolls: %s", p.RatString())
	}
}

func TestValidate(t *testing.T) {
	ok := RFoD()
	cases := []struct {
		name string
		edit func(*Game)
		want string // substring of the error; "" = valid
	}{
		{"RFoD preset (A1)", func(*Game) {}, ""},
		{"Reloaded preset (A13)", func(g *Game) { *g = Reloaded() }, ""},
		{"no dice", func(g *Game) { g.Dice = nil }, "no dice"},
		{"nine dice", func(g *Game) { g.Dice = Uniform(g.Dice[0], 9) }, "at most 8"},
		{"a die without 6 faces", func(g *Game) { g.Dice = []Die{{Faces: [6]string{"a", "b"}}} }, "a die has 6 faces"},
		{"negative rerolls", func(g *Game) { g.Rerolls = -1 }, "rerolls"},
		{"too many rerolls", func(g *Game) { g.Rerolls = MaxRerolls + 1 }, "rerolls"},
		{"negative zombie limit", func(g *Game) { g.ZombieLimit = -1 }, "zombie limit"},
		{"Fleeing without a zombie face", func(g *Game) { g.Zombie = "" }, "zombie face"},
		{"0 rerolls is valid (first roll only)", func(g *Game) { g.Rerolls = 0 }, ""},
		{"a zombie id on no die is valid (rules then never apply)", func(g *Game) { g.Zombie = "skull" }, ""},
	}
	for _, tc := range cases {
		g := ok
		g.Dice = append([]Die(nil), ok.Dice...)
		tc.edit(&g)
		err := g.Validate()
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
		if _, err := Probability(g, AtLeast("bat", 1)); err == nil {
			t.Errorf("%s: Probability accepted the game", tc.name)
		}
	}
}

func TestTargetValidate(t *testing.T) {
	cases := []struct {
		name string
		g    Game
		t    Target
		want string
	}{
		{"unknown face in a combo (rfod/combo-face)", RFoD(), Combo(map[string]int{"explore": 1}), `unknown face "explore"`},
		{"unknown face in a count", Reloaded(), AtLeast("book", 1), `unknown face "book"`},
		{"negative count", RFoD(), Exactly("gun", -1), "count -1"},
		{"negative combo entry", RFoD(), Target{Kind: KindCombo, Combo: []FaceCount{{"gun", -2}}}, "combo count -2"},
		{"empty combo", RFoD(), Combo(nil), "empty combo"},
		{"unknown kind", RFoD(), Target{}, "unknown target kind"},
		{"more faces than dice is valid: P = 0", RFoD(), Combo(map[string]int{"gun": 3, "bat": 3}), ""},
		{"turn ends without a limit is valid: P = 0", RFoD(), TurnEnds(), ""},
	}
	for _, tc := range cases {
		p, err := Probability(tc.g, tc.t)
		if tc.want == "" {
			if err != nil || p.Sign() != 0 {
				t.Errorf("%s: %v, %v; want 0", tc.name, p, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// Duplicate combo entries add up; the memo key is canonical, and returned
// values are copies the caller may change.
func TestEngineCacheAndCopies(t *testing.T) {
	e, err := NewEngine(rfodNoFlee())
	if err != nil {
		t.Fatal(err)
	}
	a, _ := e.Probability(Combo(map[string]int{"gun": 2, "bat": 2}))
	b, _ := e.Probability(Target{Kind: KindCombo, Combo: []FaceCount{{"bat", 1}, {"gun", 2}, {"bat", 1}, {"run", 0}}})
	if a.Cmp(b) != 0 {
		t.Errorf("merged combo %s != %s", b.RatString(), a.RatString())
	}
	if p, err := e.Probability(Combo(map[string]int{"run": 0})); err != nil || p.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("{run 0} = %v, %v; want 1", p, err)
	}
	if _, err := e.Probability(Combo(nil)); err == nil {
		t.Error("empty combo answered from the cache")
	}
	a.SetInt64(7)
	c, _ := e.Probability(Combo(map[string]int{"gun": 2, "bat": 2}))
	if c.Cmp(mustRat(t, "112234507/725594112")) != 0 {
		t.Errorf("cached value changed by the caller: %s", c.RatString())
	}
}

// No panics on any input: random games (possibly invalid) and targets.
func TestNoPanicOnRandomInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"", "a", "b", "z", "zombie", "gun"}
	for range 300 {
		var g Game
		nd := rng.IntN(4)
		if rng.IntN(20) == 0 {
			nd = 9
		}
		for range nd {
			var d Die
			for j := range d.Faces {
				d.Faces[j] = words[rng.IntN(len(words))]
			}
			g.Dice = append(g.Dice, d)
		}
		g.Rerolls = rng.IntN(4) - 1
		g.Zombie = words[rng.IntN(len(words))]
		g.LockZombies, g.Fleeing, g.SetAsidePermanent, g.Amulet = rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(2) == 0
		g.ZombieLimit = rng.IntN(4) - 1
		var tg Target
		switch rng.IntN(5) {
		case 0:
			tg = Combo(map[string]int{words[rng.IntN(len(words))]: rng.IntN(4) - 1, words[rng.IntN(len(words))]: rng.IntN(3)})
		case 1:
			tg = AtLeast(words[rng.IntN(len(words))], rng.IntN(5)-1)
		case 2:
			tg = Exactly(words[rng.IntN(len(words))], rng.IntN(5)-1)
		case 3:
			tg = TurnEnds()
		default:
			tg = Target{Kind: TargetKind(rng.IntN(9) - 2)}
		}
		p, err := Probability(g, tg)
		if err == nil && (p.Sign() < 0 || p.Cmp(big.NewRat(1, 1)) > 0) {
			t.Errorf("%+v %s: P = %s outside [0, 1]", g, tg, p.RatString())
		}
		_, _ = CheckCombos(g, []NamedCombo{{Name: "x", Dice: map[string]int{words[rng.IntN(len(words))]: rng.IntN(3)}}}, big.NewRat(1, 100))
		_ = tg.String()
	}
}

// Faces that every die shows on as many sides are interchangeable: the
// engine computes one representative target for all their images. Each
// value it gives is the one the target itself computes to, on dice whose
// faces are all interchangeable (the presets) and on dice where only some
// are (gun and book below; bat, run and search differ).
func TestInterchangeableFaces(t *testing.T) {
	mixed := RFoD()
	mixed.Dice = append(Uniform(die("bat run search gun book zombie"), 2), die("bat bat run search zombie zombie"), die("gun gun book book search zombie"))
	amulet := RFoD()
	amulet.Amulet = true
	aside := Reloaded()
	aside.SetAsidePermanent = true
	for _, tc := range []struct {
		g       Game
		classes int // distinct classes of the faces
	}{{RFoD(), 2}, {amulet, 2}, {Reloaded(), 2}, {aside, 2}, {mixed, 5}} {
		c, err := compile(tc.g)
		if err != nil {
			t.Fatal(err)
		}
		classes := 0
		for i, first := range c.class {
			if i == first {
				classes++
			}
		}
		if classes != tc.classes {
			t.Errorf("%s %v: %d classes of faces %v (%v), want %d", tc.g.Name, tc.g.Dice, classes, c.faces, c.class, tc.classes)
		}
		gr := build(c)
		e, err := NewEngine(tc.g)
		if err != nil {
			t.Fatal(err)
		}
		var targets []Target
		faces := tc.g.Faces()
		for _, f := range faces {
			for k := 1; k <= 3; k++ {
				targets = append(targets, AtLeast(f, k), Exactly(f, k))
			}
			for _, f2 := range faces {
				targets = append(targets, Combo(map[string]int{f: 2, f2: 1}), Combo(map[string]int{f: 1, f2: 1, tc.g.Zombie: 1}))
			}
		}
		batch, err := e.Probabilities(targets)
		if err != nil {
			t.Fatal(err)
		}
		for i, tg := range targets {
			ct, err := c.compileTarget(tg)
			if err != nil {
				t.Fatal(err)
			}
			want := gr.evalU64(ct)
			got, err := e.Probability(tg)
			if err != nil {
				t.Fatal(err)
			}
			if got.Cmp(want) != 0 || batch[i].Cmp(want) != 0 {
				t.Errorf("%s %v %s: %s (batch %s), computed alone %s", tc.g.Name, tc.g.Dice, tg, got.RatString(), batch[i].RatString(), want.RatString())
			}
		}
	}
}
