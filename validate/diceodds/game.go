package diceodds

import (
	"errors"
	"fmt"
	"slices"
)

// MaxDice is the largest number of dice a Game may roll. The state of a roll
// packs one byte per die into a uint64, and neither game rolls more than six
// (run-fight-or-die.md L93, run-fight-or-die-reloaded.md L120).
const MaxDice = 8

// MaxRerolls bounds Game.Rerolls, so that a bad manifest value cannot ask for
// an unbounded computation. The rulebooks use 2 (run-fight-or-die.md L277,
// run-fight-or-die-reloaded.md L121); cards change it by one or two.
const MaxRerolls = 10

// MaxWork bounds Game.Work, the size of the decision graph an engine
// builds, so that the odds of any Game that validates cost about a second
// at most: every odds card column and combo of a pack in well under 2 s of
// CPU. The bundled games' are 35,000 (RFoD: 5 dice, 2 rerolls, Fleeing) and
// 41,000 (Reloaded: 6 dice); identical dice stay below it (8 dice with 3
// rerolls, Fleeing and AMULET: 556,000), but dice that differ multiply the
// states: 6 dice that all differ with 3 rerolls, or 8 identical dice set
// aside (A14) with 3 rerolls, are beyond it.
const MaxWork = 1_500_000

// ErrTooCostly is the error of Validate for a Game whose Work exceeds
// MaxWork.
var ErrTooCostly = errors.New("too costly to compute")

// Die is one six-sided die. Faces may repeat: a face that appears
// twice is rolled with probability 2/6. Dice with the same faces, in any
// order, are the same die type.
type Die struct {
	Faces [6]string
}

// Game is the dice configuration of one game, or of one variant of a game.
// The zero value is not usable: see Validate, RFoD and
// Reloaded.
type Game struct {
	// Name labels the configuration in card columns and messages.
	Name string
	// Dice are the action dice rolled together: 5 in RFoD
	// (run-fight-or-die.md L93, L243), 6 in Reloaded
	// (run-fight-or-die-reloaded.md L120). Dice may differ.
	Dice []Die
	// Rerolls is the number of rerolls after the first roll: 2 by default in
	// both games (run-fight-or-die.md L277, L306; run-fight-or-die-reloaded.md
	// L121), changed by a character or a card in RFoD. 0 means the first roll
	// only.
	Rerolls int
	// Zombie is the face id of the zombie face; "" when the dice have none.
	Zombie string
	// LockZombies keeps a die showing Zombie out of every reroll
	// (run-fight-or-die.md L246, L306, L390; run-fight-or-die-reloaded.md
	// L123, L196). Without it a zombie die is picked up like any other.
	LockZombies bool
	// Fleeing allows the RFoD Fleeing reroll: once per turn, with a reroll
	// left, all zombie dice join one reroll; that reroll uses up one of the
	// rerolls (run-fight-or-die.md L308-314, L390-392; A5).
	Fleeing bool
	// ZombieLimit, when > 0, ends the turn as soon as that many dice show
	// Zombie, locked ones included, checked after every roll, the first
	// included: every target is then lost (run-fight-or-die-reloaded.md L202,
	// L235; A15). Reloaded uses 5; 0 means no such rule.
	ZombieLimit int
	// SetAsidePermanent selects the reading of A14 under which a die kept
	// out of a reroll is set aside for the rest of the turn. false is the
	// "repick" reading: every non-zombie die may be picked up again on every
	// reroll (run-fight-or-die.md L306, "even previously saved dice"; A14
	// default; manifest dice.setAsideIsPermanent).
	SetAsidePermanent bool
	// Amulet conditions the odds on the RFoD event die showing AMULET
	// (run-fight-or-die.md L292; A6): right after the first roll the player
	// may change one non-zombie die to any face of that die, or make the
	// first reroll take all zombie dice without a Fleeing card, which leaves
	// Fleeing available. It is never part of the default odds.
	Amulet bool
}

// rfodFaces are the faces of an RFoD action die under A1: each icon once
// (run-fight-or-die.md L324-392).
var rfodFaces = [6]string{"bat", "run", "search", "gun", "book", "zombie"}

// reloadedFaces are the faces of a Reloaded die under A13: each result once
// (run-fight-or-die-reloaded.md L131-196).
var reloadedFaces = [6]string{"bat", "gun", "run", "search", "explore", "zombie"}

// Uniform returns n copies of d.
func Uniform(d Die, n int) []Die {
	if n < 0 {
		n = 0
	}
	out := make([]Die, n)
	for i := range out {
		out[i] = d
	}
	return out
}

// RFoD returns the Run, Fight, or Die! configuration with the Fleeing reroll:
// 5 identical action dice "bat run search gun book zombie" (A1),
// 2 rerolls (L277), zombies lock (L246), Fleeing allowed (L308-314, A5), no
// AMULET (A6), saved dice may be picked up again (L306). The event and bonus
// dice are not part of the roll (A3). Set Fleeing to false for the
// default odds.
func RFoD() Game {
	return Game{
		Name:        "RFoD",
		Dice:        Uniform(Die{Faces: rfodFaces}, 5),
		Rerolls:     2,
		Zombie:      "zombie",
		LockZombies: true,
		Fleeing:     true,
	}
}

// Reloaded returns the Run, Fight, or Die: Reloaded configuration:
// 6 identical dice "bat gun run search explore zombie" (A13), 2
// rerolls (L121), zombies set aside (L123), the turn ends at 5 zombies
// (L202, A15), the repick reading of A14, no Fleeing.
func Reloaded() Game {
	return Game{
		Name:        "Reloaded",
		Dice:        Uniform(Die{Faces: reloadedFaces}, 6),
		Rerolls:     2,
		Zombie:      "zombie",
		LockZombies: true,
		ZombieLimit: 5,
	}
}

// Faces returns the distinct face ids of the game's dice, in the order they
// first appear (die by die, face by face).
func (g Game) Faces() []string {
	var out []string
	for _, d := range g.Dice {
		for _, f := range d.Faces {
			if f != "" && !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// HasFace reports whether some die of g carries face.
func (g Game) HasFace(face string) bool {
	return face != "" && slices.Contains(g.Faces(), face)
}

// Validate reports a configuration the engine cannot compute: no dice, more
// than MaxDice dice, a die with an empty face (a die must have 6 faces),
// rerolls outside 0..MaxRerolls, a negative ZombieLimit, or a zombie rule
// (locking, Fleeing, ZombieLimit, Amulet) without a zombie face id.
func (g Game) Validate() error {
	var errs []error
	switch {
	case len(g.Dice) == 0:
		errs = append(errs, errors.New("no dice"))
	case len(g.Dice) > MaxDice:
		errs = append(errs, fmt.Errorf("%d dice: at most %d", len(g.Dice), MaxDice))
	}
	for i, d := range g.Dice {
		for j, f := range d.Faces {
			if f == "" {
				errs = append(errs, fmt.Errorf("die %d: face %d is empty: a die has 6 faces", i+1, j+1))
			}
		}
	}
	if g.Rerolls < 0 || g.Rerolls > MaxRerolls {
		errs = append(errs, fmt.Errorf("rerolls %d: must be 0..%d", g.Rerolls, MaxRerolls))
	}
	if g.ZombieLimit < 0 {
		errs = append(errs, fmt.Errorf("zombie limit %d: must be >= 0", g.ZombieLimit))
	}
	if g.Zombie == "" && (g.LockZombies || g.Fleeing || g.ZombieLimit > 0 || g.Amulet) {
		errs = append(errs, errors.New("zombie rules (locking, Fleeing, zombie limit, AMULET) need a zombie face id"))
	}
	if len(errs) == 0 {
		if w := g.Work(); w > MaxWork {
			errs = append(errs, fmt.Errorf("%w: %s with %d rerolls make more than %s moves to weigh (the engine's bound)",
				ErrTooCostly, g.diceWords(), g.Rerolls, grouped(MaxWork)))
		}
	}
	return errors.Join(errs...)
}

// Work bounds the number of moves (edges) of the decision graph the engine
// builds for g, which its time and memory follow. After a roll a die of a
// type with k faces a reroll may pick up shows one of k faces and is either
// picked up or not; it may also be a locked zombie or, under the set-aside
// reading (A14), set aside on a face. The rerolls of one number of rerolls
// left are the multisets of these per die type, their product over the
// types; the dice still to roll add their faces' moves; each reroll count
// (and, with Fleeing, each of Fleeing available or not) has its own.
// Identical dice share one type, so their count grows as a binomial; dice
// that all differ multiply. It saturates at MaxWork+1 beyond MaxWork. It
// assumes g is otherwise valid.
func (g Game) Work() int64 {
	type kind struct {
		faces [6]string
		n     int
	}
	var kinds []kind
	for _, d := range g.Dice {
		f := d.Faces
		slices.Sort(f[:])
		if i := slices.IndexFunc(kinds, func(k kind) bool { return k.faces == f }); i >= 0 {
			kinds[i].n++
			continue
		}
		kinds = append(kinds, kind{faces: f, n: 1})
	}
	tables := int64(g.Rerolls + 1)
	if g.Fleeing {
		tables *= 2
	}
	if g.Amulet {
		tables++
	}
	limit := int64(MaxWork) + 1
	moves, rolls := int64(1), int64(6)
	for _, k := range kinds {
		local := len(slices.Compact(k.faces[:]))
		zombie := 0
		if g.LockZombies && slices.Contains(k.faces[:], g.Zombie) {
			zombie = 1
		}
		free := local - zombie // faces a reroll may pick up
		kept := 0
		if g.SetAsidePermanent {
			kept = free
		}
		// A rolled state and the dice a reroll picks up of it; a state
		// with dice to roll, each with at most 6 moves (its faces).
		moves = min(limit, moves*multisets(k.n, 2*free+zombie+kept, limit))
		rolls = min(limit, rolls*multisets(k.n, 1+free+zombie+kept, limit))
	}
	return min(limit, tables*(moves+rolls))
}

// multisets is the number of multisets of n items over k symbols,
// C(n+k-1, n), saturated at limit.
func multisets(n, k int, limit int64) int64 {
	c := int64(1)
	for i := 1; i <= n; i++ {
		c = c * int64(k-1+i) / int64(i) // exact: C(k-1+i, i) is an integer
		if c > limit {
			return limit
		}
	}
	return c
}

// diceWords describes g's dice for a message: "8 identical dice",
// "6 dice of 6 kinds".
func (g Game) diceWords() string {
	var kinds [][6]string
	for _, d := range g.Dice {
		f := d.Faces
		slices.Sort(f[:])
		if !slices.Contains(kinds, f) {
			kinds = append(kinds, f)
		}
	}
	if len(kinds) == 1 {
		return fmt.Sprintf("%d identical dice", len(g.Dice))
	}
	return fmt.Sprintf("%d dice of %d kinds", len(g.Dice), len(kinds))
}

// grouped writes n with thousands separators: 1,000,000.
func grouped(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
