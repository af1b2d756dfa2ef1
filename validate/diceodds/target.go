package diceodds

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// TargetKind is what a Target tests on the final faces.
type TargetKind int

const (
	// KindCombo is an "at least" multiset test: the final faces contain the
	// combo (A7). Zombie faces count like any other face, so a
	// combo's zombies are counted through the locked zombie dice.
	KindCombo TargetKind = iota + 1
	// KindAtLeast is "at least K dice show Face".
	KindAtLeast
	// KindExactly is "exactly K dice show Face": RFoD Search and Book cannot
	// be split (run-fight-or-die.md L536; A8), so their tables need it.
	KindExactly
	// KindTurnEnds is "the turn ends by the zombie limit"
	// (run-fight-or-die-reloaded.md L202). Maximised, it is the
	// chance when every non-zombie die is rerolled every time.
	KindTurnEnds
)

// FaceCount is one entry of a combo: N dice showing Face.
type FaceCount struct {
	Face string
	N    int
}

// Target is a predicate on the final faces of a turn. The engine
// computes the best keep strategy for each target on its own.
type Target struct {
	Kind TargetKind
	// Combo lists the faces of a KindCombo target.
	Combo []FaceCount
	// Face and K are the face and count of KindAtLeast and KindExactly.
	Face string
	K    int
}

// Combo returns the "at least" combo target for dice, a map from face id to
// count (A7). Entries are sorted by face id.
func Combo(dice map[string]int) Target {
	t := Target{Kind: KindCombo}
	for f, n := range dice {
		t.Combo = append(t.Combo, FaceCount{Face: f, N: n})
	}
	slices.SortFunc(t.Combo, func(a, b FaceCount) int { return strings.Compare(a.Face, b.Face) })
	return t
}

// AtLeast returns the target "at least k dice show face".
func AtLeast(face string, k int) Target { return Target{Kind: KindAtLeast, Face: face, K: k} }

// Exactly returns the target "exactly k dice show face".
func Exactly(face string, k int) Target { return Target{Kind: KindExactly, Face: face, K: k} }

// TurnEnds returns the target "the zombie limit ends the turn" (Reloaded's
// "P(5+ zombies ends the turn)"). It has probability 0 in a game
// without a ZombieLimit.
func TurnEnds() Target { return Target{Kind: KindTurnEnds} }

// String renders the target: "{bat 2, gun 2}", ">=3 search", "=3 search",
// "turn ends by zombies".
func (t Target) String() string {
	switch t.Kind {
	case KindCombo:
		parts := make([]string, len(t.Combo))
		for i, fc := range t.Combo {
			parts[i] = fmt.Sprintf("%s %d", fc.Face, fc.N)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case KindAtLeast:
		return fmt.Sprintf(">=%d %s", t.K, t.Face)
	case KindExactly:
		return fmt.Sprintf("=%d %s", t.K, t.Face)
	case KindTurnEnds:
		return "turn ends by zombies"
	}
	return fmt.Sprintf("target(kind %d)", int(t.Kind))
}

// Validate reports a target that cannot be asked of g: an unknown kind, a
// face on no die of g, a negative count, or an empty combo. A combo that
// needs more dice than g rolls is valid: its probability is 0.
func (t Target) Validate(g Game) error {
	faces := g.Faces()
	known := func(f string) error {
		if !slices.Contains(faces, f) {
			return fmt.Errorf("unknown face %q: on no die of %s (faces %s)", f, gameName(g), strings.Join(faces, " "))
		}
		return nil
	}
	switch t.Kind {
	case KindCombo:
		if len(t.Combo) == 0 {
			return errors.New("empty combo")
		}
		var errs []error
		for _, fc := range t.Combo {
			if err := known(fc.Face); err != nil {
				errs = append(errs, err)
			}
			if fc.N < 0 {
				errs = append(errs, fmt.Errorf("combo count %d for %q: must be >= 0", fc.N, fc.Face))
			}
		}
		return errors.Join(errs...)
	case KindAtLeast, KindExactly:
		if t.K < 0 {
			return fmt.Errorf("count %d: must be >= 0", t.K)
		}
		return known(t.Face)
	case KindTurnEnds:
		return nil
	}
	return fmt.Errorf("unknown target kind %d", int(t.Kind))
}

func gameName(g Game) string {
	if g.Name == "" {
		return "the game"
	}
	return g.Name
}
