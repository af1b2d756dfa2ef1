package diceodds

import (
	"math/big"
	"testing"
)

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
