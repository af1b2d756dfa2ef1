package diceodds

import (
	"fmt"
	"math/big"
	"slices"
)

// Odds is one exact probability with its decimal, for display (spec §5.8:
// "an exact fraction and a decimal").
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

// Variant is one column of an odds card: a label and the Game it computes.
type Variant struct {
	Name string
	Game Game
}

// Variants returns the columns of spec §5.7 for g. For a game with Fleeing
// (RFoD): 1, 2 and 3 rerolls (and g.Rerolls if it is another count), each
// without and with Fleeing; with amulet, two more columns at g.Rerolls
// conditioned on AMULET (A6), without and with Fleeing. For any other game
// (Reloaded): g itself, under its A14 reading. The default odds (spec §5.8)
// never include AMULET.
func Variants(g Game, amulet bool) []Variant {
	g.Amulet = false
	name := gameName(g)
	if !g.Fleeing {
		reading := "repick"
		if g.SetAsidePermanent {
			reading = "set-aside permanent"
		}
		return []Variant{{Name: fmt.Sprintf("%s, %s", name, rerollsLabel(g.Rerolls)) + ", " + reading, Game: g}}
	}
	counts := []int{1, 2, 3}
	if !slices.Contains(counts, g.Rerolls) {
		counts = append(counts, g.Rerolls)
		slices.Sort(counts)
	}
	var out []Variant
	for _, r := range counts {
		for _, flee := range []bool{false, true} {
			v := g
			v.Rerolls, v.Fleeing = r, flee
			out = append(out, Variant{Name: variantName(name, r, flee, false), Game: v})
		}
	}
	if amulet {
		for _, flee := range []bool{false, true} {
			v := g
			v.Fleeing, v.Amulet = flee, true
			out = append(out, Variant{Name: variantName(name, g.Rerolls, flee, true), Game: v})
		}
	}
	return out
}

func rerollsLabel(r int) string {
	if r == 1 {
		return "1 reroll"
	}
	return fmt.Sprintf("%d rerolls", r)
}

func variantName(name string, r int, flee, amulet bool) string {
	s := name + ", " + rerollsLabel(r)
	if flee {
		s += ", Fleeing"
	} else {
		s += ", no Fleeing"
	}
	if amulet {
		s += ", given AMULET"
	}
	return s
}

// CardTargets returns the icon-count rows of the odds card (spec §10): for
// each non-zombie face, in die order, >=k then =k for k = 1..dice; then >=k
// zombies for k = 1..dice; then, with a zombie limit, the chance that it ends
// the turn.
func CardTargets(g Game) []Target {
	n := len(g.Dice)
	var out []Target
	for _, f := range g.Faces() {
		if f == g.Zombie {
			continue
		}
		for k := 1; k <= n; k++ {
			out = append(out, AtLeast(f, k))
		}
		for k := 1; k <= n; k++ {
			out = append(out, Exactly(f, k))
		}
	}
	if g.Zombie != "" && g.HasFace(g.Zombie) {
		for k := 1; k <= n; k++ {
			out = append(out, AtLeast(g.Zombie, k))
		}
		if g.ZombieLimit > 0 {
			out = append(out, TurnEnds())
		}
	}
	return out
}

// CardRow is one target of an odds card, one cell per variant.
type CardRow struct {
	Target Target
	Cells  []Odds
}

// Card is the generated odds card of a game (spec §8.9, §10).
type Card struct {
	Game     string
	Variants []Variant
	Rows     []CardRow
}

// OddsCard builds the odds card of g: CardTargets(g) under Variants(g,
// amulet).
func OddsCard(g Game, amulet bool) (*Card, error) {
	return BuildCard(gameName(g), Variants(g, amulet), CardTargets(g))
}

// BuildCard computes every target under every variant. Each variant has one
// Engine, which computes all the targets in one pass (Probabilities).
func BuildCard(name string, variants []Variant, targets []Target) (*Card, error) {
	c := &Card{Game: name, Variants: variants}
	engines := make([]*Engine, len(variants))
	for i, v := range variants {
		e, err := NewEngine(v.Game)
		if err != nil {
			return nil, fmt.Errorf("variant %q: %w", v.Name, err)
		}
		engines[i] = e
	}
	cols := make([][]*big.Rat, len(engines))
	for i, e := range engines {
		ps, err := e.Probabilities(targets)
		if err != nil {
			return nil, fmt.Errorf("variant %q: %w", variants[i].Name, err)
		}
		cols[i] = ps
	}
	for j, t := range targets {
		row := CardRow{Target: t, Cells: make([]Odds, len(variants))}
		for i := range engines {
			row.Cells[i] = Odds{Exact: cols[i][j]}
		}
		c.Rows = append(c.Rows, row)
	}
	return c, nil
}
