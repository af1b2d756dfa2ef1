package diceodds

import (
	"math/big"
	"sync"
)

// The decision graph of one Game, shared by every target:
// the states reachable in a turn, each with its moves, in an order where
// every node comes after the nodes it leads to. A target is then one pass
// over the nodes (backward induction), with no hashing.

type nodeKind uint8

const (
	// nExpect: some dice still to roll; the value is the sum over the faces
	// of one pending die, each weighted by its number of faces out of 6.
	nExpect nodeKind = iota
	// nValue: a rolled state with r rerolls left; the value is the best of
	// stopping and every reroll.
	nValue
	// nAmulet: the state right after the first roll, given AMULET (A6).
	nAmulet
)

type node struct {
	kind     nodeKind
	terminal bool // the zombie limit ended the turn
	r        int8 // rerolls left (nValue, nAmulet)
	key      uint64
	sig      int32 // nValue: index of the state's count vector in sigs
	first    int32 // edges[first:last]
	last     int32
}

// edge leads to child. From an nExpect node, w is the face weight (out of
// 6). From an nValue or nAmulet node, w is an exponent: the move is worth
// child x 6^w, so that every value at r rerolls left is over 6^(dice x r).
type edge struct {
	child int32
	w     uint32
}

type graph struct {
	dice    int
	nodes   []node
	edges   []edge
	sigs    [][]int8 // distinct final count vectors, per global face
	rootExp int      // the first roll's value is over 6^rootExp
}

type builder struct {
	c    *compiled
	gr   *graph
	memo []*nodeTable
	sigs map[uint64]int32 // sorted global faces, one byte each -> sigs index
	// stack holds the edges of the nodes being built, innermost last: a
	// node's edges are stack[mark:] until addTop copies them to the graph.
	stack []edge
}

func build(c *compiled) *graph {
	g := c.g
	b := newBuilder(c)
	b.expect(g.Rerolls, g.Fleeing, g.Amulet, c.start) // the root is the last node
	return b.gr
}

// newBuilder returns an empty builder for c, whose memo covers up to
// c.g.Rerolls rerolls. The graph's arrays start at the size Work bounds
// (identical dice come close to it; a larger bound than a quarter million
// moves starts there), so that they seldom grow.
func newBuilder(c *compiled) *builder {
	g := c.g
	g.Amulet = g.Amulet || g.Fleeing // a set of RFoD's columns adds AMULET's roots
	moves := int(min(g.Work(), 1<<18))
	return &builder{
		c:     c,
		gr:    &graph{dice: c.dice, rootExp: c.dice * (g.Rerolls + 1), nodes: make([]node, 0, max(moves/8, 1<<10)), edges: make([]edge, 0, max(moves, 1<<12))},
		memo:  make([]*nodeTable, 4*(g.Rerolls+1)),
		sigs:  map[uint64]int32{},
		stack: make([]edge, 0, 1<<10),
	}
}

// table is the memo of r rerolls left, Fleeing still available, AMULET leaf.
func (b *builder) table(r int, flee, amulet bool) *nodeTable {
	i := r * 4
	if flee {
		i += 2
	}
	if amulet {
		i++
	}
	if b.memo[i] == nil {
		b.memo[i] = newNodeTable(max(cap(b.gr.nodes)/len(b.memo), 256))
	}
	return b.memo[i]
}

// addTop adds n with the edges stack[mark:], and pops them.
func (b *builder) addTop(n node, mark int) int32 {
	id := b.add(n, b.stack[mark:])
	b.stack = b.stack[:mark]
	return id
}

// push appends e to the edges of the node being built. The child must be
// built before push is called (its own edges are popped by then).
func (b *builder) push(e edge) { b.stack = append(b.stack, e) }

func (b *builder) add(n node, es []edge) int32 {
	n.first = int32(len(b.gr.edges))
	b.gr.edges = append(b.gr.edges, es...)
	n.last = int32(len(b.gr.edges))
	b.gr.nodes = append(b.gr.nodes, n)
	return int32(len(b.gr.nodes) - 1)
}

// expect is the node of state st, some dice of which may still be pending.
// Dice are rolled one at a time, so a reroll is never enumerated as tuples.
func (b *builder) expect(r int, flee, amulet bool, st state) int32 {
	n := b.c.dice
	i := 0
	for i < n && bStatus(st[i]) != stPending {
		i++
	}
	if i == n {
		if amulet {
			return b.amulet(r, flee, st)
		}
		return b.value(r, flee, st)
	}
	tab := b.table(r, flee, amulet)
	k := st.key(n)
	if id, ok := tab.get(k); ok {
		return id
	}
	t := bType(st[i])
	mark := len(b.stack)
	for f, lf := range b.c.types[t].local {
		st2 := st
		status := stFree
		if lf.zombie && b.c.g.LockZombies {
			status = stLocked
		}
		st2.place(i, n, dieByte(t, f, status))
		child := b.expect(r, flee, amulet, st2)
		b.push(edge{child: child, w: uint32(lf.weight)})
	}
	id := b.addTop(node{kind: nExpect, key: k}, mark)
	tab.put(k, id)
	return id
}

func (b *builder) zombies(st state) int {
	z := 0
	for i := range b.c.dice {
		x := st[i]
		if b.c.types[bType(x)].local[bFace(x)].zombie {
			z++
		}
	}
	return z
}

// sig returns the index of st's final count vector, adding it if new.
func (b *builder) sig(st state) int32 {
	var faces state
	n := b.c.dice
	for i := range n {
		x := st[i]
		faces[i] = byte(b.c.types[bType(x)].local[bFace(x)].global)
	}
	faces.sortN(n)
	k := faces.key(n)
	if id, ok := b.sigs[k]; ok {
		return id
	}
	cnt := make([]int8, len(b.c.faces))
	for i := range n {
		cnt[faces[i]]++
	}
	b.gr.sigs = append(b.gr.sigs, cnt)
	id := int32(len(b.gr.sigs) - 1)
	b.sigs[k] = id
	return id
}

// terminal applies the zombie limit, after every roll (L202, A15).
func (b *builder) terminal(st state) bool {
	lim := b.c.g.ZombieLimit
	return lim > 0 && b.zombies(st) >= lim
}

// value is the node of a rolled state: stop, a reroll of any
// sub-multiset of the free dice (b) and, with Fleeing left and a zombie
// showing, a reroll that also takes every locked zombie (c; L308-314, A5).
func (b *builder) value(r int, flee bool, st state) int32 {
	tab := b.table(r, flee, false)
	k := st.key(b.c.dice)
	if id, ok := tab.get(k); ok {
		return id
	}
	nd := node{kind: nValue, r: int8(r), key: k, sig: b.sig(st)}
	mark := len(b.stack)
	if b.terminal(st) {
		nd.terminal = true
	} else if r > 0 {
		b.rerolls(r, flee, st, false)
		if flee && b.zombies(st) > 0 {
			b.rerolls(r, false, st, true)
		}
	}
	id := b.addTop(nd, mark)
	tab.put(k, id)
	return id
}

// rerolls pushes the moves from st with r rerolls left: each non-empty
// sub-multiset of the free dice, plus every locked zombie when zombies is
// set (Fleeing, or AMULET's free flee). Afterwards Fleeing is available iff
// fleeAfter. Under the permanent reading (A14) the dice not rerolled are set
// aside. A reroll of no die at all is never better than stopping.
func (b *builder) rerolls(r int, fleeAfter bool, st state, zombies bool) {
	n := b.c.dice
	perm := b.c.g.SetAsidePermanent
	var gb [MaxDice]byte
	var gc, pick [MaxDice]int
	ng := 0
	var base state
	nb, locked := 0, 0
	for i := range n {
		x := st[i]
		switch {
		case bStatus(x) == stFree:
			if ng > 0 && gb[ng-1] == x {
				gc[ng-1]++
			} else {
				gb[ng], gc[ng] = x, 1
				ng++
			}
		case zombies && bStatus(x) == stLocked:
			base[nb] = dieByte(bType(x), 0, stPending)
			nb++
			locked++
		default:
			base[nb] = x
			nb++
		}
	}
	for {
		m := locked
		for g := range ng {
			m += pick[g]
		}
		if m > 0 {
			st2 := base
			j := nb
			for g := range ng {
				x := gb[g]
				kept := x
				if perm {
					kept = dieByte(bType(x), bFace(x), stKept)
				}
				for y := 0; y < gc[g]; y++ {
					if y < pick[g] {
						st2[j] = dieByte(bType(x), 0, stPending)
					} else {
						st2[j] = kept
					}
					j++
				}
			}
			st2.sortN(n)
			child := b.expect(r-1, fleeAfter, false, st2)
			b.push(edge{child: child, w: uint32(n - m)})
		}
		g := 0
		for g < ng {
			if pick[g] < gc[g] {
				pick[g]++
				break
			}
			pick[g] = 0
			g++
		}
		if g == ng {
			return
		}
	}
}

// amulet is the node right after the first roll when the event die shows
// AMULET (run-fight-or-die.md L292; A6): no change, one non-zombie die turned
// to any face of that die (the changed die may be rerolled later), or a
// first reroll that takes every zombie die without using up Fleeing.
func (b *builder) amulet(r int, flee bool, st state) int32 {
	tab := b.table(r, flee, true)
	k := st.key(b.c.dice)
	if id, ok := tab.get(k); ok {
		return id
	}
	nd := node{kind: nAmulet, r: int8(r), key: k}
	mark := len(b.stack)
	if b.terminal(st) {
		nd.terminal = true
	} else {
		n := b.c.dice
		child := b.value(r, flee, st)
		b.push(edge{child: child})
		for i := range n {
			x := st[i]
			if bStatus(x) == stLocked || (i > 0 && st[i-1] == x) {
				continue
			}
			t := bType(x)
			if b.c.types[t].local[bFace(x)].zombie {
				continue
			}
			for f, lf := range b.c.types[t].local {
				if f == bFace(x) {
					continue
				}
				st2 := st
				status := bStatus(x)
				if lf.zombie && b.c.g.LockZombies {
					status = stLocked
				}
				st2[i] = dieByte(t, f, status)
				st2.sortN(n)
				child := b.value(r, flee, st2)
				b.push(edge{child: child})
			}
		}
		if r > 0 && b.zombies(st) > 0 {
			b.rerolls(r, flee, st, true)
		}
	}
	id := b.addTop(nd, mark)
	tab.put(k, id)
	return id
}

// hits evaluates the target once per distinct final count vector.
func (gr *graph) hits(t *ctarget) []bool {
	out := make([]bool, len(gr.sigs))
	for i, cnt := range gr.sigs {
		switch t.kind {
		case KindCombo:
			ok := true
			for f, n := range t.need {
				if int(cnt[f]) < n {
					ok = false
					break
				}
			}
			out[i] = ok
		case KindAtLeast:
			out[i] = int(cnt[t.face]) >= t.k
		case KindExactly:
			out[i] = int(cnt[t.face]) == t.k
		}
	}
	return out
}

// evalU64 is the backward induction for one target: one pass over
// the graph, children first. Values at r rerolls left are integer numerators
// over 6^(dice x r); the root is over 6^rootExp <= 6^24 < 2^64, and no
// partial sum exceeds the root's denominator.
func (gr *graph) evalU64(t *ctarget) *big.Rat {
	pow := make([]uint64, gr.rootExp+1)
	pow[0] = 1
	for i := 1; i < len(pow); i++ {
		pow[i] = pow[i-1] * 6
	}
	hit := gr.hits(t)
	turnEnds := t.kind == KindTurnEnds
	val := make([]uint64, len(gr.nodes))
	for i, nd := range gr.nodes {
		es := gr.edges[nd.first:nd.last]
		if nd.kind == nExpect {
			var acc uint64
			for _, e := range es {
				acc += val[e.child] * uint64(e.w)
			}
			val[i] = acc
			continue
		}
		one := pow[gr.dice*int(nd.r)]
		if nd.terminal {
			if turnEnds {
				val[i] = one
			}
			continue
		}
		var best uint64
		if nd.kind == nValue && hit[nd.sig] {
			best = one
		}
		for _, e := range es {
			if v := val[e.child] * pow[e.w]; v > best {
				best = v
			}
		}
		val[i] = best
	}
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(val[len(val)-1]), new(big.Int).SetUint64(pow[gr.rootExp]))
}

// evalBig is evalU64 in big.Int, for denominators beyond 6^24 (more
// than 3 rerolls).
func (gr *graph) evalBig(t *ctarget) *big.Rat {
	pow := make([]*big.Int, gr.rootExp+1)
	pow[0] = big.NewInt(1)
	six := big.NewInt(6)
	for i := 1; i < len(pow); i++ {
		pow[i] = new(big.Int).Mul(pow[i-1], six)
	}
	hit := gr.hits(t)
	turnEnds := t.kind == KindTurnEnds
	zero := new(big.Int)
	val := make([]*big.Int, len(gr.nodes))
	var tmp big.Int
	for i, nd := range gr.nodes {
		es := gr.edges[nd.first:nd.last]
		if nd.kind == nExpect {
			acc := new(big.Int)
			for _, e := range es {
				tmp.SetUint64(uint64(e.w))
				tmp.Mul(&tmp, val[e.child])
				acc.Add(acc, &tmp)
			}
			val[i] = acc
			continue
		}
		one := pow[gr.dice*int(nd.r)]
		if nd.terminal {
			val[i] = zero
			if turnEnds {
				val[i] = one
			}
			continue
		}
		best := zero
		if nd.kind == nValue && hit[nd.sig] {
			best = one
		}
		for _, e := range es {
			v := val[e.child]
			if e.w > 0 {
				v = new(big.Int).Mul(v, pow[e.w])
			}
			if v.Cmp(best) > 0 {
				best = v
			}
		}
		val[i] = best
	}
	return new(big.Rat).SetFrac(val[len(val)-1], pow[gr.rootExp])
}

// evalU64Batch is evalU64 for many targets in one pass over the graph; see
// evalU64Vals. Every value is the one evalU64 computes for that target alone.
func (gr *graph) evalU64Batch(ts []*ctarget) []*big.Rat {
	nt := len(ts)
	val := gr.evalU64Vals(ts, nil)
	root := val[(len(gr.nodes)-1)*nt:]
	den := new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(gr.rootExp)), nil)
	res := make([]*big.Rat, nt)
	for j, v := range root {
		res[j] = new(big.Rat).SetFrac(new(big.Int).SetUint64(v), den)
	}
	putVals(val)
	return res
}

// evalU64Vals is the backward induction of evalU64 for many targets in one
// pass over the graph: each node holds one value per target (node-major,
// len(ts) values per node, the node's value for ts[j] at index
// node*len(ts)+j), so the graph's edges are walked once for the whole batch.
// A node at r rerolls left is exact when dice x (r+1) <= maxU64Exp; the
// nodes of a larger r (which no such node depends on) may overflow. The
// nodes marked in skip (nil: none), which no node evaluated reaches, are
// left at 0. The buffer comes from getVals: the caller gives it back with
// putVals.
func (gr *graph) evalU64Vals(ts []*ctarget, skip []bool) []uint64 {
	nt := len(ts)
	maxR := 0
	for _, nd := range gr.nodes {
		maxR = max(maxR, int(nd.r))
	}
	pow := make([]uint64, max(gr.rootExp, gr.dice*(maxR+1))+1)
	pow[0] = 1
	for i := 1; i < len(pow); i++ {
		pow[i] = pow[i-1] * 6
	}
	// hit[sig*nt+j]: the final count vector sig reaches target j.
	hit := make([]bool, len(gr.sigs)*nt)
	var turnEnds []int
	for j, t := range ts {
		for s, h := range gr.hits(t) {
			hit[s*nt+j] = h
		}
		if t.kind == KindTurnEnds {
			turnEnds = append(turnEnds, j)
		}
	}
	val := getVals(len(gr.nodes) * nt)
	for i, nd := range gr.nodes {
		if skip != nil && skip[i] {
			continue
		}
		es := gr.edges[nd.first:nd.last]
		out := val[i*nt : (i+1)*nt : (i+1)*nt]
		if nd.kind == nExpect {
			for _, e := range es {
				w := uint64(e.w)
				src := val[int(e.child)*nt:][:len(out)]
				for j, v := range src {
					out[j] += v * w
				}
			}
			continue
		}
		one := pow[gr.dice*int(nd.r)]
		if nd.terminal {
			for _, j := range turnEnds {
				out[j] = one
			}
			continue
		}
		if nd.kind == nValue {
			h := hit[int(nd.sig)*nt : int(nd.sig+1)*nt : int(nd.sig+1)*nt]
			for j, ok := range h {
				if ok {
					out[j] = one
				}
			}
		}
		for _, e := range es {
			p := pow[e.w]
			src := val[int(e.child)*nt:][:len(out)]
			for j, v := range src {
				if v *= p; v > out[j] {
					out[j] = v
				}
			}
		}
	}
	return val
}

// valPool recycles the value buffers of evalU64Vals (megabytes per pass), so
// that the passes do not drive the garbage collector. A buffer holds no
// result: getVals clears it.
var valPool sync.Pool // of *[]uint64

// getVals returns n zeroed values.
func getVals(n int) []uint64 {
	if p, ok := valPool.Get().(*[]uint64); ok && cap(*p) >= n {
		v := (*p)[:n]
		clear(v)
		return v
	}
	return make([]uint64, n)
}

// putVals gives back a buffer of getVals; the caller no longer uses it.
func putVals(v []uint64) { valPool.Put(&v) }

// nodeTable maps a state's key to its node: open addressing with linear
// probing, which the build queries once per edge (a Go map's generic
// hashing was most of the build's time). Every key is valid, 0 included:
// a slot is empty when its id is 0, and ids are stored plus one.
type nodeTable struct {
	keys  []uint64
	ids   []int32 // node id + 1; 0: empty
	n     int
	shift uint
}

// newNodeTable returns a table with room for about n states.
func newNodeTable(n int) *nodeTable {
	size, shift := 16, uint(60)
	for size < 2*n {
		size, shift = size*2, shift-1
	}
	return &nodeTable{keys: make([]uint64, size), ids: make([]int32, size), shift: shift}
}

// slot is where the search for k starts (Fibonacci hashing).
func (t *nodeTable) slot(k uint64) int { return int((k * 0x9E3779B97F4A7C15) >> t.shift) }

// get returns the node of k.
func (t *nodeTable) get(k uint64) (int32, bool) {
	mask := len(t.keys) - 1
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch {
		case t.ids[i] == 0:
			return 0, false
		case t.keys[i] == k:
			return t.ids[i] - 1, true
		}
	}
}

// put records the node of k, a key not in the table.
func (t *nodeTable) put(k uint64, id int32) {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	mask := len(t.keys) - 1
	i := t.slot(k)
	for t.ids[i] != 0 {
		i = (i + 1) & mask
	}
	t.keys[i], t.ids[i] = k, id+1
	t.n++
}

// grow doubles the table.
func (t *nodeTable) grow() {
	old := *t
	*t = nodeTable{keys: make([]uint64, 2*len(old.keys)), ids: make([]int32, 2*len(old.keys)), shift: old.shift - 1}
	for i, id := range old.ids {
		if id != 0 {
			t.put(old.keys[i], id-1)
		}
	}
}
