package diceodds

import (
	"math/big"
	"math/bits"
	"sync"
)

// maxU128Exp is the largest k with 6^k < 2^128: 8 dice and 5 rerolls, 6 dice
// and 7. Numerators over denominators up to 6^maxU128Exp are two-word
// integers (u128), exact like uint64 and without big.Int's allocations.
const maxU128Exp = 49

// u128 is an unsigned 128-bit integer.
type u128 struct{ hi, lo uint64 }

// mul returns x*m; the caller keeps the product below 2^128.
func (x u128) mul(m uint64) u128 {
	h, l := bits.Mul64(x.lo, m)
	return u128{hi: x.hi*m + h, lo: l}
}

// add returns x+y; the caller keeps the sum below 2^128.
func (x u128) add(y u128) u128 {
	lo, c := bits.Add64(x.lo, y.lo, 0)
	return u128{hi: x.hi + y.hi + c, lo: lo}
}

// less reports x < y.
func (x u128) less(y u128) bool { return x.hi < y.hi || x.hi == y.hi && x.lo < y.lo }

// big returns x as a big.Int.
func (x u128) big() *big.Int {
	b := new(big.Int).SetUint64(x.hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(x.lo))
}

// pow6U128 returns 6^0 .. 6^n, n <= maxU128Exp.
func pow6U128(n int) []u128 {
	pow := make([]u128, n+1)
	pow[0] = u128{lo: 1}
	for i := 1; i <= n; i++ {
		pow[i] = pow[i-1].mul(6)
	}
	return pow
}

// evalU128Batch is evalU64Batch for denominators up to 6^maxU128Exp.
func (gr *graph) evalU128Batch(ts []*ctarget) []*big.Rat {
	nt := len(ts)
	val := gr.evalU128Vals(ts, nil)
	root := val[(len(gr.nodes)-1)*nt:]
	den := new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(gr.rootExp)), nil)
	res := make([]*big.Rat, nt)
	for j, v := range root {
		res[j] = new(big.Rat).SetFrac(v.big(), den)
	}
	putVals128(val)
	return res
}

// evalU128Vals is evalU64Vals in u128: the same backward induction, node by
// node, one value per target, for a graph whose largest denominator is at
// most 6^maxU128Exp. A move's factor 6^w has w <= MaxDice, so it fits a
// uint64. The buffer comes from getVals128: the caller gives it back with
// putVals128.
func (gr *graph) evalU128Vals(ts []*ctarget, skip []bool) []u128 {
	nt := len(ts)
	maxR := 0
	for _, nd := range gr.nodes {
		maxR = max(maxR, int(nd.r))
	}
	pow := pow6U128(max(gr.rootExp, gr.dice*maxR))
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
	val := getVals128(len(gr.nodes) * nt)
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
					out[j] = out[j].add(v.mul(w))
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
			p := pow[e.w].lo
			src := val[int(e.child)*nt:][:len(out)]
			for j, v := range src {
				if v = v.mul(p); out[j].less(v) {
					out[j] = v
				}
			}
		}
	}
	return val
}

// val128Pool is valPool for u128 values.
var val128Pool sync.Pool // of *[]u128

// getVals128 returns n zeroed values.
func getVals128(n int) []u128 {
	if p, ok := val128Pool.Get().(*[]u128); ok && cap(*p) >= n {
		v := (*p)[:n]
		clear(v)
		return v
	}
	return make([]u128, n)
}

// putVals128 gives back a buffer of getVals128; the caller no longer uses it.
func putVals128(v []u128) { val128Pool.Put(&v) }
