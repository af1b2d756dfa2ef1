package runmove

import (
	"fmt"
	"strings"
)

// Objective is a win condition checked from every spawn point:
// Need stashes collected, then a turn ending on a safe house whose
// letter is in Letters (L177, L264, L494, L500).
type Objective struct {
	Rank    int
	Need    int
	Letters string // "AB", "A" or "B"
	// NoDiagonalWild is the harder rank-5 variant "play without the diagonal
	// wild" (L502): information only, in the explain output.
	NoDiagonalWild bool
}

// Objectives are the checked objectives, in report order: R3 (also covers
// ranks 1 and 2), R4-A and R4-B (the construction site covers either safe
// house, so each alone must work, L492-494), R5 (all 4 stashes, L500).
func Objectives() []Objective {
	return []Objective{
		{Rank: 3, Need: 3, Letters: "AB"},
		{Rank: 4, Need: 3, Letters: "A"},
		{Rank: 4, Need: 3, Letters: "B"},
		{Rank: 5, Need: 4, Letters: "AB"},
	}
}

// HardRank5 is rank 5 without the diagonal wild (L502), explain only.
func HardRank5() Objective {
	return Objective{Rank: 5, Need: 4, Letters: "AB", NoDiagonalWild: true}
}

// Rule is the rule id of the objective's error finding.
func (o Objective) Rule() string { return fmt.Sprintf("run/rank%d", o.Rank) }

// Tokens is the objective's action board drawn from all the tokens.
func (o Objective) Tokens(all []Action) []Action {
	ts := RankTokens(all, o.Rank)
	if o.NoDiagonalWild {
		ts = WithoutDiagonalWild(ts)
	}
	return ts
}

// String is "rank 3 (3 stashes, then A or B)", "rank 4 (3 stashes, then A)",
// "rank 5 (all 4 stashes, then A or B)".
func (o Objective) String() string {
	stashes := fmt.Sprintf("%d stashes", o.Need)
	if o.Rank == 5 {
		stashes = "all " + stashes
	}
	name := fmt.Sprintf("rank %d", o.Rank)
	if o.NoDiagonalWild {
		name += " without the diagonal wild"
	}
	return fmt.Sprintf("%s (%s, then %s)", name, stashes, strings.Join(strings.Split(o.Letters, ""), " or "))
}

// goal is an objective compiled against a map.
type goal struct {
	letters    string // the safe-house letters the objective accepts
	need       int
	stashCount int
	eligible   [NumCells]byte  // safe-house letter usable to win, 0 if none
	stashBits  [NumCells]uint8 // stashes on the cell, as bits of Map.Stashes
}

func newGoal(m *Map, o Objective) goal {
	g := goal{letters: o.Letters, need: o.Need, stashCount: len(m.Stashes)}
	for i, s := range m.Stashes {
		g.stashBits[s.At] |= 1 << i
	}
	for _, h := range m.SafeHouses {
		if strings.IndexByte(o.Letters, h.Letter) >= 0 && (g.eligible[h.At] == 0 || h.Letter < g.eligible[h.At]) {
			g.eligible[h.At] = h.Letter
		}
	}
	return g
}

// wins reports a win at a turn end on c with mask collected (L264).
func (g *goal) wins(c Cell, mask uint8) bool {
	return g.eligible[c] != 0 && popcount(mask) >= g.need
}

func popcount(x uint8) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}
