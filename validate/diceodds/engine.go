package diceodds

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// A roll state is the multiset of the dice, one byte per die, sorted, packed
// into a uint64 (at most MaxDice = 8 dice). A die byte is
//
//	type<<5 | face<<2 | status
//
// type indexes the die types (identical dice share one), face the
// distinct faces of that type, and status is one of the st* constants.
const (
	stPending = 0 // to be rolled (face 0)
	stFree    = 1 // showing a face, may be picked up for a reroll
	stKept    = 2 // set aside for the rest of the turn (A14, permanent reading)
	stLocked  = 3 // showing Zombie, locked (L246, L123)
)

type state [MaxDice]byte

func dieByte(t, f, st int) byte { return byte(t<<5 | f<<2 | st) }
func bType(b byte) int          { return int(b >> 5) }
func bFace(b byte) int          { return int(b>>2) & 7 }
func bStatus(b byte) int        { return int(b) & 3 }

// sortN sorts the first n bytes (insertion sort: n <= 8).
func (s *state) sortN(n int) {
	for i := 1; i < n; i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// place sets s[i] to x, a byte no smaller than s[i], and keeps the first n
// bytes sorted: x moves right past the smaller bytes after it.
func (s *state) place(i, n int, x byte) {
	for i+1 < n && s[i+1] < x {
		s[i] = s[i+1]
		i++
	}
	s[i] = x
}

// key packs the first n bytes into a uint64, the first in the lowest byte.
func (s *state) key(n int) uint64 {
	k := binary.LittleEndian.Uint64(s[:])
	if n < MaxDice {
		k &= 1<<(8*n) - 1
	}
	return k
}

type localFace struct {
	global int
	weight uint64 // how many of the 6 faces show it
	zombie bool
}

type dieType struct {
	faces [6]string // sorted
	local []localFace
}

// compiled is a validated Game in the engine's terms.
type compiled struct {
	g      Game
	dice   int
	types  []dieType
	start  state // every die pending
	faces  []string
	zombie int // global face index, or -1
	// class[i] is the first global face interchangeable with face i (see
	// symmetric): i itself when no earlier face is.
	class []int
}

func compile(g Game) (*compiled, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	g.Dice = slices.Clone(g.Dice) // the caller may reuse its slice
	c := &compiled{g: g, dice: len(g.Dice), faces: g.Faces(), zombie: -1}
	if g.Zombie != "" {
		c.zombie = slices.Index(c.faces, g.Zombie)
	}
	for i, d := range g.Dice {
		sorted := d.Faces
		slices.Sort(sorted[:])
		t := slices.IndexFunc(c.types, func(dt dieType) bool { return dt.faces == sorted })
		if t < 0 {
			dt := dieType{faces: sorted}
			for _, f := range sorted {
				gi := slices.Index(c.faces, f)
				if n := len(dt.local); n > 0 && c.faces[dt.local[n-1].global] == f {
					dt.local[n-1].weight++
					continue
				}
				dt.local = append(dt.local, localFace{global: gi, weight: 1, zombie: gi == c.zombie})
			}
			c.types = append(c.types, dt)
			t = len(c.types) - 1
		}
		c.start[i] = dieByte(t, 0, stPending)
	}
	c.start.sortN(c.dice)
	c.class = make([]int, len(c.faces))
	for i := range c.faces {
		c.class[i] = i
		for j := range i {
			if c.class[j] == j && c.interchangeable(i, j) {
				c.class[i] = j
				break
			}
		}
	}
	return c, nil
}

// interchangeable reports whether swapping the global faces i and j on
// every die leaves every die as it was, and neither is the zombie face:
// every die type shows i and j on as many of its sides. Such a swap maps
// the turn onto itself (the rules tell only zombies apart), so a target
// and its image under the swap have the same probability.
func (c *compiled) interchangeable(i, j int) bool {
	if i == c.zombie || j == c.zombie {
		return false
	}
	for _, dt := range c.types {
		var wi, wj uint64
		for _, lf := range dt.local {
			switch lf.global {
			case i:
				wi = lf.weight
			case j:
				wj = lf.weight
			}
		}
		if wi != wj {
			return false
		}
	}
	return true
}

// symmetric returns the representative of t among the targets that its
// interchangeable faces make equally likely: a count of one face asks for
// the first face of its class; a combo's counts within each class go to the
// class's faces in order, largest first. RFoD's five non-zombie faces form
// one class (A1), so ">=2 gun" is ">=2 bat", and {book 3} is {bat 3}. The
// engine computes and memoises the representative only. t is valid for
// c.g.
func (c *compiled) symmetric(t Target) Target {
	switch t.Kind {
	case KindAtLeast, KindExactly:
		t.Face = c.faces[c.class[slices.Index(c.faces, t.Face)]]
	case KindCombo:
		counts := make([]int, len(c.faces))
		for _, fc := range t.Combo {
			counts[slices.Index(c.faces, fc.Face)] += fc.N
		}
		var members []int
		var vals []int
		for first := range c.faces {
			if c.class[first] != first {
				continue
			}
			members, vals = members[:0], vals[:0]
			for i := first; i < len(c.faces); i++ {
				if c.class[i] == first {
					members = append(members, i)
					vals = append(vals, counts[i])
				}
			}
			slices.SortFunc(vals, func(a, b int) int { return b - a })
			for k, i := range members {
				counts[i] = vals[k]
			}
		}
		out := Target{Kind: KindCombo}
		for i, n := range counts {
			if n != 0 {
				out.Combo = append(out.Combo, FaceCount{Face: c.faces[i], N: n})
			}
		}
		slices.SortFunc(out.Combo, func(a, b FaceCount) int { return strings.Compare(a.Face, b.Face) })
		return out
	}
	return t
}

// ctarget is a Target in global face indices.
type ctarget struct {
	kind TargetKind
	need []int // KindCombo: minimum count per global face
	face int
	k    int
}

func (c *compiled) compileTarget(t Target) (*ctarget, error) {
	if err := t.Validate(c.g); err != nil {
		return nil, err
	}
	return c.compileValid(t), nil
}

// prepare validates t and returns what the engine computes for it: the
// compiled representative of t (see symmetric) and its memo key.
func (c *compiled) prepare(t Target) (*ctarget, string, error) {
	if err := t.Validate(c.g); err != nil {
		return nil, "", err
	}
	rep := c.symmetric(t)
	return c.compileValid(rep), canonical(rep), nil
}

// compileValid compiles a target that is valid for c.g, or the
// representative of one.
func (c *compiled) compileValid(t Target) *ctarget {
	ct := &ctarget{kind: t.Kind}
	switch t.Kind {
	case KindCombo:
		ct.need = make([]int, len(c.faces))
		for _, fc := range t.Combo {
			ct.need[slices.Index(c.faces, fc.Face)] += fc.N
		}
	case KindAtLeast, KindExactly:
		ct.face = slices.Index(c.faces, t.Face)
		ct.k = t.K
	}
	return ct
}

// canonical is the normalised target, used as the cache key: combo entries
// merged and sorted, zero counts dropped.
func canonical(t Target) string {
	if t.Kind != KindCombo {
		return t.String()
	}
	m := map[string]int{}
	for _, fc := range t.Combo {
		m[fc.Face] += fc.N
	}
	keys := make([]string, 0, len(m))
	for f, n := range m {
		if n != 0 {
			keys = append(keys, f)
		}
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString("combo")
	for _, f := range keys {
		fmt.Fprintf(&b, " %s:%d", f, m[f])
	}
	return b.String()
}

// maxU64Exp is the largest k with 6^k < 2^64.
const maxU64Exp = 24

// Engine computes exact probabilities for one Game. The decision graph of
// the game (every state reachable in a turn, with its moves) is built on the
// first call and shared by every target; each target is then one backward
// pass over it (Probabilities does many targets in one pass), and its result
// is memoised. It is not safe for concurrent use.
type Engine struct {
	c     *compiled
	gr    *graph // built on the first Probability
	cache map[string]*big.Rat
}

// NewEngine validates g and returns its engine.
func NewEngine(g Game) (*Engine, error) {
	c, err := compile(g)
	if err != nil {
		return nil, fmt.Errorf("diceodds: %w", err)
	}
	return &Engine{c: c, cache: map[string]*big.Rat{}}, nil
}

// Game returns the engine's configuration.
func (e *Engine) Game() Game {
	g := e.c.g
	g.Dice = slices.Clone(g.Dice)
	return g
}

// Probability returns the exact probability of t under the best keep
// strategy for t, computed on the first call and memoised.
func (e *Engine) Probability(t Target) (*big.Rat, error) {
	ct, key, err := e.c.prepare(t)
	if err != nil {
		return nil, fmt.Errorf("diceodds: target %s: %w", t, err)
	}
	if p, ok := e.cache[key]; ok {
		return new(big.Rat).Set(p), nil
	}
	if e.gr == nil {
		e.gr = build(e.c)
	}
	var p *big.Rat
	switch {
	case e.gr.rootExp <= maxU64Exp:
		p = e.gr.evalU64(ct)
	case e.gr.rootExp <= maxU128Exp:
		p = e.gr.evalU128Batch([]*ctarget{ct})[0]
	default:
		p = e.gr.evalBig(ct)
	}
	e.cache[key] = p
	return new(big.Rat).Set(p), nil
}

// Probabilities returns the exact probabilities of targets, in order, each
// the value Probability returns for it. The targets not yet memoised are
// computed together, in one backward pass over the graph, and memoised.
func (e *Engine) Probabilities(targets []Target) ([]*big.Rat, error) {
	out := make([]*big.Rat, len(targets))
	keys := make([]string, len(targets))
	var todo []*ctarget
	var todoKeys []string
	pending := map[string]bool{}
	for i, t := range targets {
		ct, key, err := e.c.prepare(t)
		if err != nil {
			return nil, fmt.Errorf("diceodds: target %s: %w", t, err)
		}
		keys[i] = key
		if _, ok := e.cache[key]; ok || pending[key] {
			continue
		}
		pending[key] = true
		todo = append(todo, ct)
		todoKeys = append(todoKeys, key)
	}
	if len(todo) > 0 {
		if e.gr == nil {
			e.gr = build(e.c)
		}
		var ps []*big.Rat
		switch {
		case e.gr.rootExp <= maxU64Exp:
			ps = e.gr.evalU64Batch(todo)
		case e.gr.rootExp <= maxU128Exp:
			ps = e.gr.evalU128Batch(todo)
		default:
			ps = make([]*big.Rat, len(todo))
			for i, ct := range todo {
				ps[i] = e.gr.evalBig(ct)
			}
		}
		for i, p := range ps {
			e.cache[todoKeys[i]] = p
		}
	}
	for i, key := range keys {
		out[i] = new(big.Rat).Set(e.cache[key])
	}
	return out, nil
}

// Probability returns the exact probability that the best keep strategy for
// t reaches t in one turn of g. It is NewEngine(g) then
// Probability(t); use an Engine to compute several targets of one game.
func Probability(g Game, t Target) (*big.Rat, error) {
	e, err := NewEngine(g)
	if err != nil {
		return nil, err
	}
	return e.Probability(t)
}

// Float returns p as the nearest float64, for display only.
func Float(p *big.Rat) float64 {
	if p == nil {
		return 0
	}
	f, _ := p.Float64()
	return f
}
