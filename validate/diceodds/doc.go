// Package diceodds is the exact dice-odds engine of Run, Fight, or Die!
// (RFoD) and Run, Fight, or Die: Reloaded, after their rulebooks. It is pure: a typed
// Game and Target in, exact probabilities and findings out; no
// YAML, no schema, no rule registration.
//
// # Model
//
// A Game is a set of six-sided dice rolled together (5 in RFoD, L93, L243;
// 6 in Reloaded, L120), then rerolled up to Rerolls times (2 by default:
// run-fight-or-die.md L277, L306; run-fight-or-die-reloaded.md L121). Faces
// may repeat and dice may differ: identical dice form one die
// type and the state counts faces per type. A die showing Zombie is locked
// (run-fight-or-die.md L246, L390; run-fight-or-die-reloaded.md L123, L196).
// Game switches give the rules where the games differ:
//
//   - Fleeing (RFoD): once per turn, with a reroll left, every zombie die
//     joins a reroll, which uses up one of the rerolls (run-fight-or-die.md
//     L308-314, L390-392; A5).
//   - ZombieLimit (Reloaded, 5): as soon as that many dice show Zombie, after
//     any roll, the first included, the turn ends and every target is lost
//     (run-fight-or-die-reloaded.md L202; A15).
//   - SetAsidePermanent (Reloaded, A14): a die kept out of a reroll is set
//     aside for the rest of the turn. The default is the "repick" reading:
//     saved dice may be picked up again (run-fight-or-die.md L306).
//   - Amulet (RFoD, A6): the odds given that the event die shows AMULET
//     (run-fight-or-die.md L292): after the first roll, one non-zombie die
//     may be turned to any of its faces, or the first reroll may take every
//     zombie die without a Fleeing card, leaving Fleeing available.
//
// RFoD and Reloaded return the presets of A1 and A13: identical dice with
// one of each face. The event and bonus dice are not rolled with the action
// dice for combos and counts (A3, A4).
//
// # Targets
//
// A Target is a predicate on the final faces: a combo read as
// "at least" (A7; zombies count through the locked dice), at least or
// exactly k of a face (=k for the RFoD Search and Book tables, which cannot
// be split: run-fight-or-die.md L536, A8), or the Reloaded turn ending by
// zombies.
//
// # Engine
//
// Probability solves the finite-horizon Markov decision process of one turn
// by backward induction, with the best keep strategy for each target. A
// state is the sorted multiset of its dice, each a (die type, face, status)
// byte: free, set aside (A14), locked zombie, or still to roll; rerolls left
// and whether Fleeing is still available complete it. An Engine
// builds the decision graph of its Game once (rolled states with their
// moves, and partial rolls, one die at a time, so that outcomes are never
// enumerated as tuples) and evaluates each target with one backward pass
// over it, memoising the result. Faces that every die type shows on as
// many sides, the zombie face aside, are interchangeable: a target and its
// image under swapping them are equally likely, so the engine computes one
// representative of each class of targets (RFoD's ">=2 gun" is ">=2 bat").
// Probabilities evaluates many targets in one pass, each node holding a
// value per target. A Set shares one graph
// among games that differ only in rerolls, Fleeing and AMULET (the graph of
// the most rerolls with Fleeing contains every other one's states; AMULET
// adds nodes right after the first roll), and its Precompute evaluates every
// target for every game in one pass; PrecomputeFor evaluates some games
// only, on the nodes they reach. A value with r rerolls left is an integer
// numerator over 6^(dice x r); the first roll makes it 6^(dice x
// (rerolls+1)). Numerators are uint64 while that denominator fits (up to
// 6^24: 8 dice and 2 rerolls, 6 dice and 3 rerolls), two-word integers up
// to 6^49 (8 dice and 5 rerolls) and big.Int beyond, and results are
// big.Rat. There is no floating point in the computation; Float and
// Odds.Float are for display.
//
// # Bounds
//
// The graph's size is what an odds computation costs. Game.Work bounds it
// from the dice before anything is built, and Validate refuses a game
// beyond MaxWork with ErrTooCostly: identical dice make one die type, whose
// states grow as binomials, but dice that differ are told apart, and their
// states multiply.
//
// # Outputs
//
// Engine.Probabilities computes many targets in one pass: the odds tables
// that --explain and odds.pdf print (validate/rfod chooses
// their rows and columns). Percent and Approx format a value for display.
// CheckCombos gives the combo findings: P = 0 is an error, P below
// the manifest's dice.oddsWarningBelow a warning that prints the default and
// the Fleeing values. The caller positions findings and names their rules
// (rfod/combo-rollable, rfodr/combo-rollable).
//
// # Assumptions as applied
//
//   - A1, A13: the presets' faces; the engine takes any faces.
//   - A3: the bonus die is not part of the roll.
//   - A5: a Fleeing reroll is one of the rerolls, and needs one left.
//   - A6: AMULET right after the first roll, a face change (the changed die
//     may be rerolled later) or a free flee on the first reroll that leaves
//     Fleeing available; only as a conditional column (Game.Amulet).
//   - A7: combos are "at least".
//   - A8: RFoD Search and Book are counted whole (=k targets).
//   - A14: Game.SetAsidePermanent; repick by default.
//   - A15: Reloaded's five zombies count locked dice and are checked after
//     every roll.
//   - A16: each combo is computed on its own.
//   - A18: Explore is counted like Search (>=k, =k targets).
package diceodds
