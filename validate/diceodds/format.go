package diceodds

import (
	"math/big"
)

// Odds is one exact probability with its decimal, for display: an
// exact fraction and a decimal.
type Odds struct {
	Exact *big.Rat
}

// Float returns the probability as the nearest float64.
func (o Odds) Float() float64 { return Float(o.Exact) }

// String renders "num/den ≈ 0.1234" ("0" and "1" when exact; see Approx
// for a value that rounds to 0 or 1).
func (o Odds) String() string {
	if o.Exact == nil {
		return "?"
	}
	if o.Exact.IsInt() {
		return o.Exact.RatString()
	}
	return o.Exact.RatString() + " " + Approx(o.Exact, 4)
}

// Percent renders the probability p as a percentage with the given number
// of decimals: "23.81%". Only a p of exactly 0 or 1 prints "0%" or "100%":
// a value strictly between them that would round to either prints as a
// bound at that precision, "<0.01%" or ">99.99%". odds.pdf and --explain
// share this rule.
func Percent(p *big.Rat, decimals int) string {
	switch {
	case p.Sign() == 0:
		return "0%"
	case isOne(p):
		return "100%"
	}
	pct := new(big.Rat).Mul(p, big.NewRat(100, 1))
	return roundedOrBound(pct, decimals, "100") + "%"
}

// Approx renders the probability p as "≈ 0.1234" with the given number of
// decimals; "= 0" and "= 1" only when p is exactly 0 or 1, and "< 0.0001" or
// "> 0.9999" for a value strictly between them that would round to either.
func Approx(p *big.Rat, decimals int) string {
	if p.Sign() == 0 || isOne(p) {
		return "= " + p.RatString()
	}
	s := roundedOrBound(p, decimals, "1")
	if s[0] == '<' || s[0] == '>' {
		return s[:1] + " " + s[1:]
	}
	return "≈ " + s
}

// roundedOrBound rounds x (a value strictly between 0 and top) to decimals
// places; a value that rounds to 0 or to top becomes "<" the smallest
// positive step or ">" top less that step.
func roundedOrBound(x *big.Rat, decimals int, top string) string {
	s := x.FloatString(decimals)
	step := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil))
	hi, _ := new(big.Rat).SetString(top)
	switch r, _ := new(big.Rat).SetString(s); {
	case r.Sign() <= 0:
		return "<" + step.FloatString(decimals)
	case r.Cmp(hi) >= 0:
		return ">" + new(big.Rat).Sub(hi, step).FloatString(decimals)
	}
	return s
}

// isOne reports whether p is exactly 1.
func isOne(p *big.Rat) bool { return p.Cmp(big.NewRat(1, 1)) == 0 }
