package runmove

import "math/bits"

// dominance remembers the kept states of a one-board search and drops a new
// state when a kept one at the same space has collected at least its
// stashes and used a subset of its tokens.
type dominance interface {
	reset()
	dominated(n node) bool
	keep(n node)
}

// maskClosure[m] is the set of stash masks contained in m, as a bitset over
// the 64 masks: a kept mask m dominates every mask in maskClosure[m].
func maskClosure() [1 << MaxStashes]uint64 {
	var c [1 << MaxStashes]uint64
	for m := range c {
		for sub := m; ; sub = (sub - 1) & m {
			c[m] |= 1 << sub
			if sub == 0 {
				break
			}
		}
	}
	return c
}

// denseMaxStashes bounds the dense dominance: its mask sets are 16 bits.
// It is MaxStashes: maps with more stashes are not searched.
const denseMaxStashes = MaxStashes

// denseDom is the dominance of the plain one-board search, over an array
// indexed by (space, tokens used). Each entry holds, as sets of masks, the
// masks kept at exactly that index (low 16 bits) and, memoised per search,
// those kept at its strict subsets (below, high 16 bits). A state at depth d
// is dominated only by states at depth <= d (one token per turn); below is
// computed only for token sets of the layer being generated or smaller, and
// reads kept masks of smaller sets, which are final by then.
type denseDom struct {
	n        int
	closure  [1 << denseMaxStashes]uint16
	entries  []uint32
	computed []uint64 // bit per entry: below is memoised
	touched  []int32  // entries written since the last reset
	minDepth [NumCells]int
}

func newDenseDom(n int) *denseDom {
	d := &denseDom{n: n, entries: make([]uint32, NumCells<<n), computed: make([]uint64, (NumCells<<n+63)/64)}
	full := maskClosure()
	for m := range d.closure {
		d.closure[m] = uint16(full[m])
	}
	return d
}

func (d *denseDom) reset() {
	for _, i := range d.touched {
		d.entries[i] = 0
		d.computed[i/64] = 0
	}
	d.touched = d.touched[:0]
	for i := range d.minDepth {
		d.minDepth[i] = 64
	}
}

func (d *denseDom) index(c Cell, used uint32) int { return int(c)<<d.n | int(used) }

func (d *denseDom) dominated(n node) bool {
	i := d.index(n.cell, n.used)
	return (uint16(d.entries[i])|d.below(n.cell, n.used, i))&(1<<n.mask) != 0
}

// below is the masks kept at strict subsets of used.
func (d *denseDom) below(c Cell, used uint32, i int) uint16 {
	if d.computed[i/64]&(1<<(i%64)) != 0 {
		return uint16(d.entries[i] >> 16)
	}
	var r uint16
	if bits.OnesCount32(used) > d.minDepth[c] {
		for rest := used; rest != 0; rest &= rest - 1 {
			sub := used &^ (rest & -rest)
			j := d.index(c, sub)
			r |= uint16(d.entries[j]) | d.below(c, sub, j)
		}
	}
	d.entries[i] |= uint32(r) << 16
	d.computed[i/64] |= 1 << (i % 64)
	d.touched = append(d.touched, int32(i))
	return r
}

func (d *denseDom) keep(n node) {
	i := d.index(n.cell, n.used)
	d.entries[i] |= uint32(d.closure[n.mask])
	d.touched = append(d.touched, int32(i))
	d.minDepth[n.cell] = min(d.minDepth[n.cell], bits.OnesCount32(n.used))
}
