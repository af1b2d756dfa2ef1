package diceodds

import (
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"sync"
)

// Set is the engines of games that differ only in Rerolls, Fleeing and
// Amulet, such as the columns of an odds card. The decision graph of the
// game with the most rerolls and Fleeing contains the states of every other
// one (a state's value depends only on its dice, its rerolls left and
// whether Fleeing is still available; AMULET only adds nodes right after the
// first roll, A6), so the set builds that one graph, with one root per game,
// and Precompute evaluates every target for every game in one backward pass.
// Each engine remains usable on its own; its results are the ones it would
// compute alone.
type Set struct {
	engines []*Engine
	c       *compiled // the game with the most rerolls, Fleeing if any
	gr      *graph    // nil until Precompute; stays nil beyond uint64
	roots   []int32   // per engine
}

// NewSet validates games, which must be equal but for Name, Rerolls,
// Fleeing and Amulet, and returns their set.
func NewSet(games []Game) (*Set, error) {
	if len(games) == 0 {
		return nil, errors.New("diceodds: empty set")
	}
	s := &Set{}
	fam := games[0]
	for i, g := range games {
		e, err := NewEngine(g)
		if err != nil {
			return nil, err
		}
		if !sameFamily(games[0], g) {
			return nil, fmt.Errorf("diceodds: set game %d differs from game 1 in more than Rerolls, Fleeing and Amulet", i+1)
		}
		s.engines = append(s.engines, e)
		fam.Rerolls = max(fam.Rerolls, g.Rerolls)
		fam.Fleeing = fam.Fleeing || g.Fleeing
	}
	c, err := compile(fam)
	if err != nil {
		return nil, fmt.Errorf("diceodds: %w", err)
	}
	s.c = c
	return s, nil
}

func sameFamily(a, b Game) bool {
	if len(a.Dice) != len(b.Dice) {
		return false
	}
	for i := range a.Dice {
		if a.Dice[i] != b.Dice[i] {
			return false
		}
	}
	return a.Zombie == b.Zombie && a.LockZombies == b.LockZombies && a.ZombieLimit == b.ZombieLimit &&
		a.SetAsidePermanent == b.SetAsidePermanent
}

// Engine returns the engine of the i-th game given to NewSet.
func (s *Set) Engine(i int) *Engine { return s.engines[i] }

// Precompute computes every target for every game of the set and memoises
// it in the games' engines, so that their Probability and Probabilities
// calls for these targets are cache hits. A target the games cannot be asked
// (see Target.Validate) is skipped: Probability reports it. It is not safe
// for concurrent use with the set's engines.
func (s *Set) Precompute(targets []Target) {
	all := make([]int, len(s.engines))
	for i := range all {
		all[i] = i
	}
	s.PrecomputeFor(all, targets)
}

// PrecomputeFor is Precompute for some of the set's games only, given by
// their index in NewSet: the pass visits only the nodes those games reach,
// so targets that one game alone needs (a character's combo at its own
// rerolls) cost little. The set's graph still holds every game.
func (s *Set) PrecomputeFor(games []int, targets []Target) {
	var cts []*ctarget
	var keys []string
	seen := map[string]bool{}
	for _, t := range targets {
		ct, key, err := s.c.prepare(t)
		if err != nil {
			continue
		}
		if seen[key] {
			continue
		}
		done := true
		for _, i := range games {
			if _, ok := s.engines[i].cache[key]; !ok {
				done = false
			}
		}
		seen[key] = true
		if !done {
			cts = append(cts, ct)
			keys = append(keys, key)
		}
	}
	if len(cts) == 0 || len(games) == 0 {
		return
	}
	if s.c.dice*(s.c.g.Rerolls+1) > maxU128Exp {
		for _, i := range games {
			for _, t := range targets {
				if _, err := s.engines[i].Probability(t); err != nil {
					continue // memoised; the error is reported when t is asked for
				}
			}
		}
		return
	}
	if s.gr == nil {
		b := newBuilder(s.c)
		for _, e := range s.engines {
			g := e.c.g
			s.roots = append(s.roots, b.expect(g.Rerolls, g.Fleeing, g.Amulet, s.c.start))
		}
		s.gr = b.gr
	}
	skip := s.unreached(games)
	// The graph is read-only now: the targets are split between the CPUs,
	// each part one pass over the graph.
	parts := min(max(runtime.GOMAXPROCS(0), 1), len(cts))
	res := make([][][]*big.Rat, parts) // part, game, target of the part
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := p*len(cts)/parts, (p+1)*len(cts)/parts
		wg.Add(1)
		go func() {
			defer wg.Done()
			part := cts[lo:hi]
			nt := len(part)
			// root returns the numerators of engine i's root, one per
			// target of the part.
			var root func(i int) []*big.Int
			if s.gr.rootExp <= maxU64Exp {
				val := s.gr.evalU64Vals(part, skip)
				defer putVals(val)
				root = func(i int) []*big.Int {
					out := make([]*big.Int, nt)
					for j, v := range val[int(s.roots[i])*nt : int(s.roots[i]+1)*nt] {
						out[j] = new(big.Int).SetUint64(v)
					}
					return out
				}
			} else {
				val := s.gr.evalU128Vals(part, skip)
				defer putVals128(val)
				root = func(i int) []*big.Int {
					out := make([]*big.Int, nt)
					for j, v := range val[int(s.roots[i])*nt : int(s.roots[i]+1)*nt] {
						out[j] = v.big()
					}
					return out
				}
			}
			res[p] = make([][]*big.Rat, len(games))
			for gi, i := range games {
				e := s.engines[i]
				den := new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(e.c.dice*(e.c.g.Rerolls+1))), nil)
				ps := make([]*big.Rat, nt)
				for j, v := range root(i) {
					ps[j] = new(big.Rat).SetFrac(v, den)
				}
				res[p][gi] = ps
			}
		}()
	}
	wg.Wait()
	for p := range parts {
		lo := p * len(cts) / parts
		for gi, i := range games {
			e := s.engines[i]
			for j, pr := range res[p][gi] {
				if _, ok := e.cache[keys[lo+j]]; !ok {
					e.cache[keys[lo+j]] = pr
				}
			}
		}
	}
}

// unreached marks the nodes of the set's graph that none of games reaches;
// nil when they reach every node. Nodes come after their children, so one
// backward sweep from the roots finds them.
func (s *Set) unreached(games []int) []bool {
	if len(games) == len(s.engines) {
		return nil
	}
	nodes := s.gr.nodes
	reached := make([]bool, len(nodes))
	for _, i := range games {
		reached[s.roots[i]] = true
	}
	for i := len(nodes) - 1; i >= 0; i-- {
		if !reached[i] {
			continue
		}
		for _, e := range s.gr.edges[nodes[i].first:nodes[i].last] {
			reached[e.child] = true
		}
	}
	for i := range reached {
		reached[i] = !reached[i]
	}
	return reached
}
