package diceodds

import "testing"

// TestProbabilitiesMatchesProbability checks that the batch pass gives, for
// every target, exactly the value of the one-target pass.
func TestProbabilitiesMatchesProbability(t *testing.T) {
	var games []Game
	for _, base := range []Game{RFoD(), Reloaded()} {
		games = append(games, variants(base, true)...)
	}
	perm := Reloaded()
	perm.SetAsidePermanent = true
	games = append(games, perm)
	for _, g := range games {
		targets := tableTargets(g)
		targets = append(targets,
			Combo(map[string]int{"bat": 2, "gun": 1}),
			Combo(map[string]int{"search": 1, "run": 1, "zombie": 1}),
			Combo(map[string]int{"bat": 1}), // duplicate of >=1 bat, other key
			AtLeast("bat", 1), TurnEnds())
		batch, err := NewEngine(g)
		if err != nil {
			t.Fatal(err)
		}
		got, err := batch.Probabilities(targets)
		if err != nil {
			t.Fatal(err)
		}
		single, _ := NewEngine(g)
		for i, tg := range targets {
			want, err := single.Probability(tg)
			if err != nil {
				t.Fatal(err)
			}
			if got[i].Cmp(want) != 0 {
				t.Errorf("%s %s: batch %s, single %s", g.Name, tg, got[i].RatString(), want.RatString())
			}
		}
	}
}

// TestSetMatchesEngine checks that a Set's shared graph gives every game,
// with and without AMULET, exactly the values of its own engine.
func TestSetMatchesEngine(t *testing.T) {
	perm := Reloaded()
	perm.SetAsidePermanent = true
	for _, base := range []Game{RFoD(), Reloaded(), perm} {
		var games []Game
		for r := 0; r <= 3; r++ {
			for _, flee := range []bool{false, true} {
				g := base
				g.Rerolls, g.Fleeing = r, flee && base.Fleeing
				games = append(games, g)
				if base.Fleeing { // RFoD: the AMULET roots share the graph (A6)
					g.Amulet = true
					games = append(games, g)
				}
			}
		}
		s, err := NewSet(games)
		if err != nil {
			t.Fatal(err)
		}
		targets := append(tableTargets(base),
			Combo(map[string]int{"bat": 2, "gun": 1}),
			Combo(map[string]int{"search": 1, "run": 1, "zombie": 1}),
			Combo(map[string]int{"nosuchface": 1}), TurnEnds())
		s.Precompute(targets)
		for i, g := range games {
			single, _ := NewEngine(g)
			for _, tg := range targets {
				want, err := single.Probability(tg)
				got, err2 := s.Engine(i).Probability(tg)
				if (err == nil) != (err2 == nil) {
					t.Fatalf("%s: errors %v, %v", tg, err, err2)
				}
				if err == nil && got.Cmp(want) != 0 {
					t.Errorf("%s r=%d flee=%v amulet=%v %s: set %s, engine %s", g.Name, g.Rerolls, g.Fleeing, g.Amulet, tg, got.RatString(), want.RatString())
				}
			}
			if s.Engine(i).gr != nil {
				t.Errorf("%s r=%d flee=%v: the engine built its own graph: Precompute did not memoise", g.Name, g.Rerolls, g.Fleeing)
			}
		}
	}
	g := RFoD()
	g2 := Reloaded()
	if _, err := NewSet([]Game{g, g2}); err == nil {
		t.Error("NewSet accepted games of different dice")
	}
}
