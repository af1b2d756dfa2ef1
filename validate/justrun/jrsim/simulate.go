package jrsim

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// Share is a proportion with its 95 % Wilson score interval.
type Share struct {
	Hits int     `json:"hits"`
	N    int     `json:"n"`
	P    float64 `json:"p"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

// z95 is the two-sided 95 % normal quantile.
const z95 = 1.959963984540054

// Wilson is the share hits/n with its 95 % Wilson score interval; n = 0
// gives P 0 and the interval [0, 1].
func Wilson(hits, n int) Share {
	if n <= 0 {
		return Share{Hits: hits, N: n, Lo: 0, Hi: 1}
	}
	p := float64(hits) / float64(n)
	nf := float64(n)
	z2 := z95 * z95
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	return Share{Hits: hits, N: n, P: p, Lo: math.Max(0, centre-half), Hi: math.Min(1, centre+half)}
}

// String is "0.988 [0.983, 0.991] N=2000".
func (s Share) String() string {
	return fmt.Sprintf("%.3f [%.3f, %.3f] N=%d", s.P, s.Lo, s.Hi, s.N)
}

// Quantiles are the median and 90th percentile (nearest rank) of a count
// over N boards.
type Quantiles struct {
	N      int `json:"n"`
	Median int `json:"median"`
	P90    int `json:"p90"`
}

// Stop is where the boards of a condition stopped: the highest row reached
// (1 = start row) and the placements made, as medians, and the room tiles
// most involved.
type Stop struct {
	Boards           int         `json:"boards"`
	MedianRow        int         `json:"medianRow"`
	MedianPlacements int         `json:"medianPlacements"`
	Tiles            []TileCount `json:"tiles,omitempty"` // most involved first, at most 3
	Rows             []int       `json:"rows,omitempty"`  // boards by highest row reached; index 0 = row 1
}

// TileCount is a tile and how often it was involved.
type TileCount struct {
	Index int    `json:"index"` // index in the tile slice given to Simulate
	ID    string `json:"id"`
	Count int64  `json:"count"`
}

// TileMetric is one room tile entry under the explore or run policy.
type TileMetric struct {
	Index    int    `json:"index"` // index in the tile slice given to Simulate
	ID       string `json:"id"`
	Placed   Share  `json:"placed"`   // boards where a copy was placed face up
	Misfits  int64  `json:"misfits"`  // times a copy was discarded
	FaceDown int64  `json:"faceDown"` // boards where the first face-down tile before the exit was a copy
}

// Metrics are the results of one board length and policy.
// Shares are over all simulated boards, except SingleDoor (over the face-up
// room tiles placed).
type Metrics struct {
	Length  int    `json:"length"`
	Shorter bool   `json:"shorter"` // the Shorter Variation (L113)
	Policy  Policy `json:"policy"`
	Boards  int    `json:"boards"`
	Seed    uint64 `json:"seed"`

	// ExitReachable: the main-exit tile face up and connected to the start
	// row at the end (L46, L579).
	ExitReachable Share `json:"exitReachable"`
	// ExitReachableFrom: connected to each start tile, by position (A13).
	ExitReachableFrom []Share `json:"exitReachableFrom"`
	// LabReachable: a Lab face up and connected to the start row (L647);
	// nil unless Find the Cure is present.
	LabReachable *Share `json:"labReachable,omitempty"`
	// RescueeReachable: the rescuee's room face up and connected to the
	// start row and the main exit (L683, A18); nil unless Rescue Mission is
	// present.
	RescueeReachable *Share `json:"rescueeReachable,omitempty"`
	// ExhaustedBeforeExit: the draw pile ran out before the exit connected
	// (L559).
	ExhaustedBeforeExit Share `json:"exhaustedBeforeExit"`
	// FaceDownBeforeExit: a face-down tile was placed before the exit
	// connected (L559).
	FaceDownBeforeExit Share `json:"faceDownBeforeExit"`
	// ExhaustedAny and FaceDownAny count the same events at any time of
	// the board: under explore they are the calibration values of the
	// illustrative mix (0.996, 0.755 at length 10); under run they equal
	// the metrics above.
	ExhaustedAny Share `json:"exhaustedAny"`
	FaceDownAny  Share `json:"faceDownAny"`
	// DeadEnd: boards sealed before the exit, 1 - ExitReachable.
	DeadEnd Share `json:"deadEnd"`
	// Placements are room cells filled, face up or face down; Misfits are
	// tiles discarded; Reshuffles are rebuilt draw piles (L559, both kinds).
	Placements          int64   `json:"placements"`
	Misfits             int64   `json:"misfits"`
	MisfitsPerPlacement float64 `json:"misfitsPerPlacement"`
	FaceDowns           int64   `json:"faceDowns"`
	Reshuffles          int64   `json:"reshuffles"`
	ReshufflesPerBoard  float64 `json:"reshufflesPerBoard"`
	// PlacementsToExit: placements made when the exit connected, over the
	// boards where it did (geometric minimum: length - 2).
	PlacementsToExit Quantiles `json:"placementsToExit"`
	// SingleDoor: face-up room tiles placed with a single door.
	SingleDoor Share `json:"singleDoor"`
	// MainExitColumn: boards with the main-exit tile in each column.
	MainExitColumn []Share `json:"mainExitColumn"`
	// Tiles: per room tile entry, in input order.
	Tiles []TileMetric `json:"tiles"`
	// Where the boards stopped: boards without the exit, without a Lab,
	// without the rescuee; and when the pile ran out or a tile went face
	// down before the exit (row and placements at that moment).
	StopNoExit    Stop  `json:"stopNoExit"`
	StopNoLab     *Stop `json:"stopNoLab,omitempty"`
	StopNoRescuee *Stop `json:"stopNoRescuee,omitempty"`
	StopExhausted Stop  `json:"stopExhausted"`
	StopFaceDown  Stop  `json:"stopFaceDown"`
	// Requested is set.Boards when the simulation stopped at its budget of
	// work after Boards boards (0 when it ran them all); Capped is the boards
	// stopped at the per-board cap, counted as boards where the exit was
	// not reached.
	Requested int `json:"requested,omitempty"`
	Capped    int `json:"capped,omitempty"`
	// Work is the steps spent (see workPerBoard); Hopeless the run boards
	// stopped because their exit could no longer be connected.
	Work     int64 `json:"-"`
	Hopeless int   `json:"-"`
	// BoardCap is the steps a board may take.
	BoardCap int64 `json:"-"`
}

// stopAcc accumulates a Stop.
type stopAcc struct {
	boards int
	rows   []int64 // by highest row index
	places []int64 // by placements
	tiles  []int64 // by tile index
}

func newStopAcc(m *model) stopAcc {
	return stopAcc{rows: make([]int64, m.l), places: make([]int64, m.cells+1), tiles: make([]int64, len(m.tiles))}
}

func (s *stopAcc) add(row, places int) {
	s.boards++
	s.rows[row]++
	s.places[min(places, len(s.places)-1)]++
}

func (s *stopAcc) merge(o *stopAcc) {
	s.boards += o.boards
	addInts(s.rows, o.rows)
	addInts(s.places, o.places)
	addInts(s.tiles, o.tiles)
}

func addInts(a, b []int64) {
	for i := range a {
		a[i] += b[i]
	}
}

// acc is one worker's integer counts; merging is addition, so the result
// does not depend on how boards are split among workers.
type acc struct {
	boards, exit, lab, rescuee, exhausted, faceDown int
	exhaustedAny, faceDownAny                       int
	exitFrom, exitCol                               []int64
	placements, misfits, reshuffles, faceDowns      int64
	placed, single                                  int64
	toExit                                          []int64
	tilePlaced, tileMisfit, tileDown                []int64
	noExit, noLab, noRescuee, exhaust, down         stopAcc
	capped, hopeless                                int
}

func newAcc(m *model) *acc {
	return &acc{
		exitFrom: make([]int64, m.w), exitCol: make([]int64, m.w), toExit: make([]int64, m.cells+1),
		tilePlaced: make([]int64, len(m.tiles)), tileMisfit: make([]int64, len(m.tiles)), tileDown: make([]int64, len(m.tiles)),
		noExit: newStopAcc(m), noLab: newStopAcc(m), noRescuee: newStopAcc(m), exhaust: newStopAcc(m), down: newStopAcc(m),
	}
}

// reset zeroes the counts.
func (a *acc) reset() {
	m := *a
	*a = acc{exitFrom: m.exitFrom, exitCol: m.exitCol, toExit: m.toExit,
		tilePlaced: m.tilePlaced, tileMisfit: m.tileMisfit, tileDown: m.tileDown,
		noExit: m.noExit, noLab: m.noLab, noRescuee: m.noRescuee, exhaust: m.exhaust, down: m.down}
	for _, s := range [][]int64{a.exitFrom, a.exitCol, a.toExit, a.tilePlaced, a.tileMisfit, a.tileDown} {
		clear(s)
	}
	for _, st := range []*stopAcc{&a.noExit, &a.noLab, &a.noRescuee, &a.exhaust, &a.down} {
		st.boards = 0
		clear(st.rows)
		clear(st.places)
		clear(st.tiles)
	}
}

func (a *acc) merge(o *acc) {
	a.capped += o.capped
	a.hopeless += o.hopeless
	a.boards += o.boards
	a.exit += o.exit
	a.lab += o.lab
	a.rescuee += o.rescuee
	a.exhausted += o.exhausted
	a.faceDown += o.faceDown
	a.exhaustedAny += o.exhaustedAny
	a.faceDownAny += o.faceDownAny
	addInts(a.exitFrom, o.exitFrom)
	addInts(a.exitCol, o.exitCol)
	a.placements += o.placements
	a.misfits += o.misfits
	a.reshuffles += o.reshuffles
	a.faceDowns += o.faceDowns
	a.placed += o.placed
	a.single += o.single
	addInts(a.toExit, o.toExit)
	addInts(a.tilePlaced, o.tilePlaced)
	addInts(a.tileMisfit, o.tileMisfit)
	addInts(a.tileDown, o.tileDown)
	a.noExit.merge(&o.noExit)
	a.noLab.merge(&o.noLab)
	a.noRescuee.merge(&o.noRescuee)
	a.exhaust.merge(&o.exhaust)
	a.down.merge(&o.down)
}

// record adds the finished board to the counts.
func (b *board) record(a *acc) {
	m := b.m
	a.boards++
	if b.capped {
		a.capped++
	}
	if b.hopeless {
		a.hopeless++
	}
	a.placements += int64(b.placements)
	a.misfits += int64(b.misfits)
	a.reshuffles += int64(b.reshuffles)
	a.faceDowns += int64(b.faceDowns)
	a.placed += int64(b.placed)
	a.single += int64(b.single)
	a.exitCol[b.exitCell%m.w]++
	for i, p := range b.typePlaced {
		if p {
			a.tilePlaced[i]++
		}
		a.tileMisfit[i] += int64(b.typeMisfit[i])
	}
	if b.exitConnected {
		a.exit++
		a.toExit[min(b.toExit, m.cells)]++
		b.connectedToExit()
		for c := range m.w {
			if b.seen[c] {
				a.exitFrom[c]++
			}
		}
	} else {
		a.noExit.add(b.highest, b.placements)
		b.frontierTiles(a.noExit.tiles)
	}
	lab := false
	for c := range m.cells {
		if b.state[c] == cellUp && b.reached[c] && m.lab[b.tile[c]] {
			lab = true
			break
		}
	}
	if lab {
		a.lab++
	} else if m.labs {
		a.noLab.add(b.highest, b.placements)
		for c := range m.cells { // Labs on the board but cut off or face down
			if (b.state[c] == cellUp || b.state[c] == cellDown) && m.lab[b.tile[c]] {
				a.noLab.tiles[b.tile[c]]++
			}
		}
	}
	if m.rescue {
		rc := b.rescueCell
		if rc >= 0 && b.state[rc] == cellUp && b.reached[rc] && b.exitConnected {
			a.rescuee++
		} else {
			a.noRescuee.add(b.highest, b.placements)
			b.frontierTiles(a.noRescuee.tiles)
		}
	}
	if b.exhaustedAny {
		a.exhaustedAny++
	}
	if b.faceDowns > 0 {
		a.faceDownAny++
	}
	if b.exhausted {
		a.exhausted++
		a.exhaust.add(b.exhaustRow, b.exhaustPlace)
		for i, n := range b.exhaustMisfit {
			a.exhaust.tiles[i] += int64(n)
		}
	}
	if b.faceDown {
		a.faceDown++
		a.down.add(b.downRow, b.downPlace)
		a.down.tiles[b.downTile]++
		a.tileDown[b.downTile]++
	}
}

// frontierTiles counts the tiles face up and reached in the highest row
// reached (start tiles too, when nothing got past row 1): where exploration
// stopped.
func (b *board) frontierTiles(counts []int64) {
	m := b.m
	for c := b.highest * m.w; c < (b.highest+1)*m.w; c++ {
		if b.state[c] == cellUp && b.reached[c] {
			counts[b.tile[c]]++
		}
	}
}

// Simulate runs set.Boards boards of the given length under policy, board i
// seeded with set.Seed + i (PCG), on runtime.GOMAXPROCS workers. The result
// does not depend on the number of workers. Its work is bounded (see
// workPerBoard): a simulation that reaches its budget stops after fewer
// boards, in board order, and says so in Metrics.Requested.
func Simulate(tiles []Tile, set Settings, length int, policy Policy) (Metrics, error) {
	if err := set.Validate(); err != nil {
		return Metrics{}, fmt.Errorf("simulation settings: %w", err)
	}
	if err := ValidateTiles(tiles, set.Width); err != nil {
		return Metrics{}, fmt.Errorf("tile set: %w", err)
	}
	if length < 3 || length > maxLength {
		return Metrics{}, fmt.Errorf("board length %d: want 3..%d", length, maxLength)
	}
	if policy != Explore && policy != Run {
		return Metrics{}, fmt.Errorf("policy %q: want explore or run", policy)
	}
	m := compile(tiles, set, length)
	chunk := chunkBoards(m)
	workers := max(1, min(runtime.GOMAXPROCS(0), (set.Boards+chunk-1)/chunk))
	r := &runner{m: m, set: set, chunk: chunk, budget: int64(set.Boards) * workPerBoard, total: newAcc(m)}
	r.turn = sync.NewCond(&r.mu)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.work(policy)
		}()
	}
	wg.Wait()
	mt := metrics(m, set, policy, r.total)
	mt.Work, mt.BoardCap = r.spent, m.boardCap
	if r.total.boards < set.Boards {
		mt.Requested = set.Boards
	}
	return mt, nil
}

// runner hands chunks of boards to the workers and merges their counts in
// chunk order, until the boards or the budget run out.
type runner struct {
	m      *model
	set    Settings
	chunk  int
	budget int64
	next   atomic.Int64
	over   atomic.Bool // the budget is spent: the chunks not merged yet are dropped

	mu     sync.Mutex
	turn   *sync.Cond
	merged int // chunks merged or dropped so far
	spent  int64
	total  *acc
}

// work runs chunks until none is left.
func (r *runner) work(policy Policy) {
	b := newBoard(r.m, policy)
	local := newAcc(r.m)
	for {
		k := int(r.next.Add(1)) - 1
		lo := k * r.chunk
		if lo >= r.set.Boards {
			return
		}
		local.reset()
		work := chunkWork(r.m)
		if !r.over.Load() {
			for i := lo; i < min(lo+r.chunk, r.set.Boards); i++ {
				b.run(r.set.Seed, i)
				b.record(local)
				work += b.work
			}
		}
		r.mu.Lock()
		for r.merged != k {
			r.turn.Wait()
		}
		if !r.over.Load() {
			r.total.merge(local)
			r.spent += work
			if r.spent >= r.budget {
				r.over.Store(true)
			}
		}
		r.merged++
		r.turn.Broadcast()
		r.mu.Unlock()
	}
}

// metrics turns the counts into Metrics.
func metrics(m *model, set Settings, policy Policy, a *acc) Metrics {
	n := a.boards
	mt := Metrics{
		Length: m.l, Shorter: m.l != set.Length, Policy: policy, Boards: n, Seed: set.Seed,
		ExitReachable:       Wilson(a.exit, n),
		ExhaustedBeforeExit: Wilson(a.exhausted, n),
		FaceDownBeforeExit:  Wilson(a.faceDown, n),
		ExhaustedAny:        Wilson(a.exhaustedAny, n),
		FaceDownAny:         Wilson(a.faceDownAny, n),
		DeadEnd:             Wilson(n-a.exit, n),
		Placements:          a.placements, Misfits: a.misfits, FaceDowns: a.faceDowns, Reshuffles: a.reshuffles,
		MisfitsPerPlacement: ratio(a.misfits, a.placements),
		ReshufflesPerBoard:  ratio(a.reshuffles, int64(n)),
		PlacementsToExit:    quantiles(a.toExit),
		SingleDoor:          Wilson(int(a.single), int(a.placed)),
		StopNoExit:          stop(m, &a.noExit),
		StopExhausted:       stop(m, &a.exhaust),
		StopFaceDown:        stop(m, &a.down),
		Capped:              a.capped,
		Hopeless:            a.hopeless,
	}
	for c := range m.w {
		mt.ExitReachableFrom = append(mt.ExitReachableFrom, Wilson(int(a.exitFrom[c]), n))
		mt.MainExitColumn = append(mt.MainExitColumn, Wilson(int(a.exitCol[c]), n))
	}
	if m.labs {
		s := Wilson(a.lab, n)
		mt.LabReachable = &s
		st := stop(m, &a.noLab)
		mt.StopNoLab = &st
	}
	if m.rescue {
		s := Wilson(a.rescuee, n)
		mt.RescueeReachable = &s
		st := stop(m, &a.noRescuee)
		mt.StopNoRescuee = &st
	}
	for i, t := range m.tiles {
		if t.Role == Room {
			mt.Tiles = append(mt.Tiles, TileMetric{Index: i, ID: t.ID, Placed: Wilson(int(a.tilePlaced[i]), n), Misfits: a.tileMisfit[i], FaceDown: a.tileDown[i]})
		}
	}
	return mt
}

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// quantiles reads the median and p90 (nearest rank) of a histogram.
func quantiles(h []int64) Quantiles {
	var n int64
	for _, c := range h {
		n += c
	}
	q := Quantiles{N: int(n)}
	if n == 0 {
		return q
	}
	q.Median, q.P90 = rank(h, n, 0.5), rank(h, n, 0.9)
	return q
}

func rank(h []int64, n int64, p float64) int {
	r := int64(math.Ceil(p * float64(n)))
	var cum int64
	for v, c := range h {
		cum += c
		if cum >= r {
			return v
		}
	}
	return len(h) - 1
}

// stop turns a stopAcc into a Stop, rows reported from 1.
func stop(m *model, s *stopAcc) Stop {
	st := Stop{Boards: s.boards}
	if s.boards == 0 {
		return st
	}
	st.MedianRow = rank(s.rows, int64(s.boards), 0.5) + 1
	st.MedianPlacements = rank(s.places, int64(s.boards), 0.5)
	st.Rows = make([]int, len(s.rows))
	for i, c := range s.rows {
		st.Rows[i] = int(c)
	}
	st.Tiles = topTiles(m.tiles, s.tiles, 3)
	return st
}

// topTiles are the k tiles with the highest counts, ties in input order.
func topTiles(tiles []Tile, counts []int64, k int) []TileCount {
	var out []TileCount
	used := make([]bool, len(counts))
	for range k {
		best := -1
		for i, c := range counts {
			if !used[i] && c > 0 && (best < 0 || c > counts[best]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		used[best] = true
		out = append(out, TileCount{Index: best, ID: tiles[best].ID, Count: counts[best]})
	}
	return out
}
