package diceodds

import (
	"math/big"
	"strings"
	"testing"
)

func cell(t *testing.T, c *Card, variant string, tg Target) Odds {
	t.Helper()
	vi := -1
	for i, v := range c.Variants {
		if v.Name == variant {
			vi = i
		}
	}
	if vi < 0 {
		t.Fatalf("no variant %q", variant)
	}
	for _, r := range c.Rows {
		if r.Target.String() == tg.String() {
			return r.Cells[vi]
		}
	}
	t.Fatalf("no row %s", tg)
	return Odds{}
}

// Spec §5.7 and §10: the RFoD card has 1, 2 and 3 rerolls without and with
// Fleeing (plus AMULET on request); every face >=k and =k, zombies >=k.
func TestOddsCardRFoD(t *testing.T) {
	c, err := OddsCard(RFoD(), true)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, v := range c.Variants {
		names = append(names, v.Name)
	}
	want := "RFoD, 1 reroll, no Fleeing|RFoD, 1 reroll, Fleeing|RFoD, 2 rerolls, no Fleeing|RFoD, 2 rerolls, Fleeing|" +
		"RFoD, 3 rerolls, no Fleeing|RFoD, 3 rerolls, Fleeing|RFoD, 2 rerolls, no Fleeing, given AMULET|RFoD, 2 rerolls, Fleeing, given AMULET"
	if got := strings.Join(names, "|"); got != want {
		t.Errorf("variants\n got %s\nwant %s", got, want)
	}
	if len(c.Rows) != 5*10+5 {
		t.Errorf("%d rows, want 55 (5 faces x >=1..5, =1..5; zombies >=1..5)", len(c.Rows))
	}
	checks := []struct {
		variant string
		t       Target
		want    string
	}{
		{"RFoD, 1 reroll, no Fleeing", AtLeast("search", 3), "10625/78732"},
		{"RFoD, 2 rerolls, no Fleeing", AtLeast("search", 3), "1138594/4782969"},
		{"RFoD, 3 rerolls, no Fleeing", AtLeast("search", 3), "742860625/2324522934"},
		{"RFoD, 2 rerolls, Fleeing", AtLeast("search", 3), "269698895/816293376"},
		{"RFoD, 2 rerolls, no Fleeing", Exactly("book", 4), "97969975/1836660096"},
		{"RFoD, 2 rerolls, Fleeing", Exactly("search", 2), "24265278155/39182082048"},
		{"RFoD, 2 rerolls, no Fleeing", AtLeast("zombie", 5), "6240321451/470184984576"},
	}
	for _, ch := range checks {
		got := cell(t, c, ch.variant, ch.t)
		if got.Exact.Cmp(mustRat(t, ch.want)) != 0 {
			t.Errorf("%s %s: %s, want %s", ch.variant, ch.t, got, ch.want)
		}
	}
	// AMULET is a conditional column, never below the plain one (A6).
	for _, r := range c.Rows {
		if r.Cells[6].Exact.Cmp(r.Cells[2].Exact) < 0 || r.Cells[7].Exact.Cmp(r.Cells[3].Exact) < 0 {
			t.Errorf("%s: AMULET column below the plain column", r.Target)
		}
	}
}

// Spec §10: the Reloaded card, >=k for k = 1..6 and the 5-zombie row.
func TestOddsCardReloaded(t *testing.T) {
	c, err := OddsCard(Reloaded(), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Variants) != 1 || c.Variants[0].Name != "Reloaded, 2 rerolls, repick" {
		t.Errorf("variants %+v", c.Variants)
	}
	if len(c.Rows) != 5*12+6+1 {
		t.Errorf("%d rows, want 67", len(c.Rows))
	}
	v := c.Variants[0].Name
	if got := cell(t, c, v, AtLeast("explore", 3)); got.Exact.Cmp(mustRat(t, "4421633773/12397455648")) != 0 {
		t.Errorf(">=3 explore: %s", got)
	}
	if got := cell(t, c, v, TurnEnds()); got.Exact.Cmp(mustRat(t, "5248110340291/101559956668416")) != 0 || got.String() != "5248110340291/101559956668416 ≈ 0.0517" {
		t.Errorf("turn ends: %s", got)
	}
	if got := cell(t, c, v, AtLeast("zombie", 5)); got.Exact.Sign() != 0 || got.String() != "0" {
		t.Errorf(">=5 zombies: %s, want 0 (L202)", got)
	}
	if f := cell(t, c, v, AtLeast("bat", 1)).Float(); f < 0.9222 || f > 0.9223 {
		t.Errorf(">=1 bat float %v", f)
	}
	gp := Reloaded()
	gp.SetAsidePermanent = true
	if vs := Variants(gp, true); len(vs) != 1 || vs[0].Name != "Reloaded, 2 rerolls, set-aside permanent" || vs[0].Game.Amulet {
		t.Errorf("permanent variants %+v", vs)
	}
}

// Only an exact 0 or 1 prints as 0 or 1: a value strictly between them
// that rounds to either prints as a bound at the output's precision.
func TestPercentAndApprox(t *testing.T) {
	for _, c := range []struct {
		p          string
		decimals   int
		pct, decim string
	}{
		{"0", 2, "0%", "= 0"},
		{"1", 2, "100%", "= 1"},
		{"14692909475/14693280768", 2, ">99.99%", "> 0.99"},
		{"14692909475/14693280768", 1, ">99.9%", "> 0.9"},
		{"14692909475/14693280768", 4, "99.9975%", "> 0.9999"},
		{"99995/100000", 2, ">99.99%", "> 0.99"},
		{"1/100000", 2, "<0.01%", "< 0.01"},
		{"1/100000", 1, "<0.1%", "< 0.1"},
		{"31/46656", 4, "0.0664%", "≈ 0.0007"},
		{"1/3", 2, "33.33%", "≈ 0.33"},
		{"1138594/4782969", 1, "23.8%", "≈ 0.2"},
		{"1/2", 2, "50.00%", "≈ 0.50"},
	} {
		p, _ := new(big.Rat).SetString(c.p)
		if got := Percent(p, c.decimals); got != c.pct {
			t.Errorf("Percent(%s, %d) = %s, want %s", c.p, c.decimals, got, c.pct)
		}
		if got := Approx(p, c.decimals); got != c.decim {
			t.Errorf("Approx(%s, %d) = %s, want %s", c.p, c.decimals, got, c.decim)
		}
	}
	if got := (Odds{Exact: big.NewRat(14692909475, 14693280768)}).String(); got != "14692909475/14693280768 > 0.9999" {
		t.Errorf("Odds.String = %s", got)
	}
}
