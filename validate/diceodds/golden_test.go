package diceodds

import (
	"math"
	"math/big"
	"testing"
)

// Golden values (exact fractions and four-place decimals), with and
// without the Reloaded zombie limit. Uniform dice, one of each face (A1, A13), 2 rerolls unless stated, best strategy
// per target, the 5-zombie rule in Reloaded unless "no rule".

func rfodNoFlee() Game { g := RFoD(); g.Fleeing = false; return g }

func rfodRerolls(r int, flee bool) Game { g := RFoD(); g.Rerolls, g.Fleeing = r, flee; return g }

func reloadedNoRule() Game { g := Reloaded(); g.ZombieLimit = 0; return g }

type golden struct {
	name string // the row and the rule it checks
	game Game
	t    Target
	frac string // exact fraction, "" if none given
	dec  string // decimal, "" if none given
}

func goldenRows() []golden {
	search := func(k int) Target { return AtLeast("search", k) }
	exact := func(k int) Target { return Exactly("search", k) }
	book := func(k int) Target { return Exactly("book", k) }
	zombies := func(k int) Target { return AtLeast("zombie", k) }
	rows := []golden{
		// Rows 1-2: >=3 Search, L306 rerolls, L308-314 Fleeing (A5).
		{"RFoD no flee >=3 Search", rfodNoFlee(), search(3), "1138594/4782969", "0.2381"},
		{"RFoD flee >=3 Search (L308-314, A5)", RFoD(), search(3), "269698895/816293376", "0.3304"},
		// Row 5: 1 / 2 / 3 rerolls (L277 "unless their character or a card states otherwise").
		{"RFoD 1 reroll >=3 Search", rfodRerolls(1, false), search(3), "10625/78732", "0.1350"},
		{"RFoD 2 rerolls >=3 Search", rfodRerolls(2, false), search(3), "1138594/4782969", "0.2381"},
		{"RFoD 3 rerolls >=3 Search (Appendix A)", rfodRerolls(3, false), search(3), "742860625/2324522934", "0.3196"},
		// Combos (A7: at least; zombies count through Z, L246).
		{"RFoD {Zombie 2, Gun 1}", rfodNoFlee(), Combo(map[string]int{"zombie": 2, "gun": 1}), "6953534555/13060694016", "0.5324"},
		{"RFoD {Zombie 2, Gun 1} flee", RFoD(), Combo(map[string]int{"zombie": 2, "gun": 1}), "41740301591/78364164096", "0.5326"},
		{"RFoD {Gun 2, Bat 2}", rfodNoFlee(), Combo(map[string]int{"gun": 2, "bat": 2}), "112234507/725594112", "0.1547"},
		{"RFoD {Gun 2, Bat 2} flee", RFoD(), Combo(map[string]int{"gun": 2, "bat": 2}), "410103055/1632586752", "0.2512"},
		{"RFoD {Zombie 5} = (91/216)^5", rfodNoFlee(), Combo(map[string]int{"zombie": 5}), "6240321451/470184984576", "0.0133"},
		{"RFoD {Gun 3, Bat 3} needs 6 of 5 dice (L93)", rfodNoFlee(), Combo(map[string]int{"gun": 3, "bat": 3}), "0", ""},
		{"RFoD {Gun 3, Bat 3} flee", RFoD(), Combo(map[string]int{"gun": 3, "bat": 3}), "0", ""},
		// Reloaded (L120-123, L202).
		{"Reloaded Prom Queen major {Zombie 2, Search 1, Explore 1} (L226)", Reloaded(), Combo(map[string]int{"zombie": 2, "search": 1, "explore": 1}), "81006681733/156728328192", "0.5169"},
		{"Reloaded {Zombie 4, Gun 1, Bat 1}", Reloaded(), Combo(map[string]int{"zombie": 4, "gun": 1, "bat": 1}), "697621251055/16926659444736", "0.0412"},
		{"Reloaded {Zombie 4}, 5-zombie rule", Reloaded(), Combo(map[string]int{"zombie": 4}), "6092816370125/33853318889472", "0.1800"},
		{"Reloaded {Zombie 4}, no 5-zombie rule", reloadedNoRule(), Combo(map[string]int{"zombie": 4}), "10660183412333/50779978334208", "0.2099"},
		{"Reloaded {Zombie 5, Gun 1}: 5 zombies end the turn (L202)", Reloaded(), Combo(map[string]int{"zombie": 5, "gun": 1}), "0", ""},
		{"Reloaded {Zombie 5, Gun 1} no rule", reloadedNoRule(), Combo(map[string]int{"zombie": 5, "gun": 1}), "", "0.0167"},
		{"Reloaded {Zombie 1, Gun 1}, 5-zombie rule", Reloaded(), Combo(map[string]int{"zombie": 1, "gun": 1}), "11065643952649/12694994583552", "0.8717"},
		{"Reloaded {Zombie 1, Gun 1}, no 5-zombie rule", reloadedNoRule(), Combo(map[string]int{"zombie": 1, "gun": 1}), "22224601220663/25389989167104", "0.8753"},
		{"Reloaded turn ended by 5+ zombies, all rerolled twice (L202)", Reloaded(), TurnEnds(), "5248110340291/101559956668416", "0.0517"},
		{"Reloaded turn ended on the first roll alone", func() Game { g := Reloaded(); g.Rerolls = 0; return g }(), TurnEnds(), "31/46656", "0.0007"},
	}
	// >=k and =k of one icon, RFoD without and with
	// Fleeing; =k for both tables that cannot be split (L536, A8).
	atLeastNo := []string{"406643149/459165024", "132041887/229582512", "1138594/4782969", "12641137/229582512", "2476099/459165024"}
	atLeastNoDec := []string{"0.8856", "0.5751", "0.2381", "0.0551", "0.0054"}
	atLeastFl := []string{"13607199215/14693280768", "1237965485/1836660096", "269698895/816293376", "28732255/306110016", "56724425/4897760256"}
	atLeastFlDec := []string{"0.9261", "0.6740", "0.3304", "0.0939", "0.0116"}
	exactNo := []string{"100171483205/117546246144", "15978692015/29386561536", "1658602285/7346640384", "97969975/1836660096", "2476099/459165024"}
	exactNoDec := []string{"0.8522", "0.5437", "0.2258", "0.0533", "0.0054"}
	exactFl := []string{"68867622545/78364164096", "24265278155/39182082048", "5953887185/19591041024", "873705655/9795520512", "56724425/4897760256"}
	exactFlDec := []string{"0.8788", "0.6193", "0.3039", "0.0892", "0.0116"}
	zomb := []string{"439667406451/470184984576", "82145855519/117546246144", "27807523471/78364164096", "12274918019/117546246144", "6240321451/470184984576"}
	zombDec := []string{"0.9351", "0.6988", "0.3548", "0.1044", "0.0133"}
	for i := range 5 {
		k := i + 1
		rows = append(rows,
			golden{"RFoD no flee >=k Search", rfodNoFlee(), search(k), atLeastNo[i], atLeastNoDec[i]},
			golden{"RFoD no flee >=k Gun (same for every icon)", rfodNoFlee(), AtLeast("gun", k), atLeastNo[i], atLeastNoDec[i]},
			golden{"RFoD flee >=k Search", RFoD(), search(k), atLeastFl[i], atLeastFlDec[i]},
			golden{"RFoD flee >=k Bat", RFoD(), AtLeast("bat", k), atLeastFl[i], atLeastFlDec[i]},
			golden{"RFoD no flee =k Search (L332-341, L536)", rfodNoFlee(), exact(k), exactNo[i], exactNoDec[i]},
			golden{"RFoD no flee =k Book (L349-386)", rfodNoFlee(), book(k), exactNo[i], exactNoDec[i]},
			golden{"RFoD flee =k Search", RFoD(), exact(k), exactFl[i], exactFlDec[i]},
			golden{"RFoD flee =k Book", RFoD(), book(k), exactFl[i], exactFlDec[i]},
			golden{"RFoD >=k zombies, Bin(5, 91/216) (L246)", rfodNoFlee(), zombies(k), zomb[i], zombDec[i]},
			golden{"RFoD >=k zombies with Fleeing available: never flee", RFoD(), zombies(k), zomb[i], zombDec[i]},
		)
	}
	reloaded := []string{"22866693149/24794911296", "16969151921/24794911296", "4421633773/12397455648", "1480837523/12397455648", "567026671/24794911296", "47045881/24794911296"}
	reloadedDec := []string{"0.9222", "0.6844", "0.3567", "0.1194", "0.0229", "0.0019"}
	for i := range 6 {
		for _, f := range []string{"search", "bat", "explore"} {
			rows = append(rows, golden{"Reloaded >=k " + f + " (L120-123, L202)", Reloaded(), AtLeast(f, i+1), reloaded[i], reloadedDec[i]})
		}
	}
	// For uniform dice the "set-aside permanent" reading (A14) gives the
	// same Reloaded values on every golden target.
	for _, r := range rows {
		if r.game.Name == "Reloaded" && r.game.ZombieLimit == 5 && r.game.Rerolls == 2 {
			p := r
			p.name += ", set-aside permanent (A14)"
			p.game.SetAsidePermanent = true
			rows = append(rows, p)
		}
	}
	return rows
}

func TestGoldenValues(t *testing.T) {
	engines := map[string]*Engine{}
	for _, tc := range goldenRows() {
		key := gameKey(tc.game)
		e := engines[key]
		if e == nil {
			var err error
			if e, err = NewEngine(tc.game); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			engines[key] = e
		}
		got, err := e.Probability(tc.t)
		if err != nil {
			t.Errorf("%s %s: %v", tc.name, tc.t, err)
			continue
		}
		if tc.frac != "" {
			want, ok := new(big.Rat).SetString(tc.frac)
			if !ok {
				t.Fatalf("%s: bad fraction %q", tc.name, tc.frac)
			}
			if got.Cmp(want) != 0 {
				t.Errorf("%s %s: got %s, want %s", tc.name, tc.t, got.RatString(), tc.frac)
			}
		}
		if tc.dec != "" {
			if s := got.FloatString(4); s != tc.dec {
				t.Errorf("%s %s: got %s (%s), want %s", tc.name, tc.t, s, got.RatString(), tc.dec)
			}
		}
	}
}

// =5 and >=5 agree, and are (19/54)^5 without Fleeing.
func TestGoldenClosedForms(t *testing.T) {
	p, err := Probability(rfodNoFlee(), AtLeast("search", 5))
	if err != nil {
		t.Fatal(err)
	}
	want := new(big.Rat).SetFrac(big.NewInt(2476099), big.NewInt(459165024)) // 19^5 / 54^5
	if p.Cmp(want) != 0 {
		t.Errorf(">=5 search = %s, want (19/54)^5", p.RatString())
	}
	if f := Float(p); math.Abs(f-math.Pow(19.0/54.0, 5)) > 1e-15 {
		t.Errorf("Float = %v", f)
	}
}

// gameKey identifies a Game for the test's engine cache.
func gameKey(g Game) string {
	return g.Name + "|" + itoa(len(g.Dice)) + "|" + itoa(g.Rerolls) + "|" + itoa(g.ZombieLimit) + "|" +
		boolS(g.Fleeing) + boolS(g.SetAsidePermanent) + boolS(g.Amulet) + boolS(g.LockZombies)
}

func itoa(i int) string { return big.NewInt(int64(i)).String() }

func boolS(b bool) string {
	if b {
		return "1"
	}
	return "0"
}
