package jrsim

import (
	"fmt"
	"strings"
)

// Explanation is the --explain output of the board simulation:
// every metric for both board lengths and both policies, with N, the seed,
// 95 % Wilson intervals and the assumptions used. It marshals to JSON.
type Explanation struct {
	Boards        int          `json:"boards"`
	Seed          uint64       `json:"seed"`
	Width         int          `json:"width"`
	Length        int          `json:"length"`
	ShorterLength int          `json:"shorterLength"`
	Scenarios     Scenarios    `json:"scenarios"`
	Assumptions   []Assumption `json:"assumptions"`
	Thresholds    Thresholds   `json:"thresholds"`
	// Lines: full board then shorter, explore then run (the policies set).
	Lines []Metrics `json:"lines"`
	// Blocked says why no board can reach the main exit, when the tile
	// set was not simulated for that reason (Lines is then empty).
	Blocked string `json:"blocked,omitempty"`
	tiles   []Tile
}

// Explain simulates both board lengths under every policy of the settings.
func Explain(tiles []Tile, set Settings) (*Explanation, error) {
	if err := set.Validate(); err != nil {
		return nil, fmt.Errorf("simulation settings: %w", err)
	}
	if err := ValidateTiles(tiles, set.Width); err != nil {
		return nil, fmt.Errorf("tile set: %w", err)
	}
	e := &Explanation{
		Boards: set.Boards, Seed: set.Seed, Width: set.Width, Length: set.Length, ShorterLength: set.ShorterLength,
		Scenarios: set.Scenarios, Assumptions: set.Assumptions(), Thresholds: set.Thresholds, tiles: tiles,
		Blocked: Blocked(tiles, set),
	}
	if e.Blocked != "" {
		return e, nil
	}
	for _, l := range e.lengths() {
		for _, p := range []Policy{Explore, Run} {
			if !set.hasPolicy(p) {
				continue
			}
			m, err := Simulate(tiles, set, l, p)
			if err != nil {
				return nil, fmt.Errorf("length %d, %s policy: %w", l, p, err)
			}
			e.Lines = append(e.Lines, m)
		}
	}
	return e, nil
}

// lengths are the full length, then the shorter one if it differs.
func (e *Explanation) lengths() []int {
	if e.ShorterLength == e.Length {
		return []int{e.Length}
	}
	return []int{e.Length, e.ShorterLength}
}

// Line is the metrics of a length and policy, nil if not simulated.
func (e *Explanation) Line(length int, p Policy) *Metrics {
	for i := range e.Lines {
		if e.Lines[i].Length == length && e.Lines[i].Policy == p {
			return &e.Lines[i]
		}
	}
	return nil
}

// String is the stable text form.
func (e *Explanation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Just Run board simulation: %d boards per line, board i seeded with %d + i, %d wide, length %d and %d (Shorter Variation)\n",
		e.Boards, e.Seed, e.Width, e.Length, e.ShorterLength)
	var sc []string
	if e.Scenarios.FindTheCure {
		sc = append(sc, "find-the-cure")
	}
	if e.Scenarios.RescueMission {
		sc = append(sc, "rescue-mission")
	}
	if len(sc) == 0 {
		sc = []string{"none gating a metric"}
	}
	fmt.Fprintf(&b, "scenarios: %s\n", strings.Join(sc, ", "))
	b.WriteString("assumptions:\n")
	for _, a := range e.Assumptions {
		fmt.Fprintf(&b, "  %-4s %s: %s\n", a.ID, a.Key, a.Value)
	}
	if e.Blocked != "" {
		fmt.Fprintf(&b, "not simulated: %s\n", e.Blocked)
	}
	th := e.Thresholds
	for i := range e.Lines {
		m := &e.Lines[i]
		kind := "full"
		if m.Shorter {
			kind = "shorter"
		}
		fmt.Fprintf(&b, "length %d (%s), policy %s, %d boards, seed %d:\n", m.Length, kind, m.Policy, m.Boards, m.Seed)
		if m.Requested > 0 {
			fmt.Fprintf(&b, "  stopped after %d of %d boards: the work budget of %d steps a board was spent\n", m.Boards, m.Requested, workPerBoard)
		}
		if m.Capped > 0 {
			fmt.Fprintf(&b, "  %d boards stopped at the cap of %d steps a board (counted as boards without the exit)\n", m.Capped, m.BoardCap)
		}
		row := func(name string, s Share, t string) {
			fmt.Fprintf(&b, "  %-46s %s%s\n", name, s, t)
		}
		exThr := func(t Threshold) string {
			if m.Policy != Explore {
				return ""
			}
			return thrText(t, m.Shorter, true)
		}
		runThr := func(t Threshold) string {
			if m.Policy != Run {
				return ""
			}
			return thrText(t, m.Shorter, false)
		}
		row("main exit reachable from the start row", m.ExitReachable, exThr(th.ExitReachable))
		for p, s := range m.ExitReachableFrom {
			row(fmt.Sprintf("main exit reachable from start position %d", p+1), s, exThr(th.ExitReachableEachStart))
		}
		if m.LabReachable != nil {
			row("a Lab face up and reachable", *m.LabReachable, exThr(th.LabReachable))
		}
		if m.RescueeReachable != nil {
			row("rescuee room reachable, connected to the exit", *m.RescueeReachable, exThr(th.RescueeReachable))
		}
		row("draw pile exhausted before the exit", m.ExhaustedBeforeExit, runThr(th.ExhaustedBeforeExit))
		row("face-down tile before the exit", m.FaceDownBeforeExit, runThr(th.FaceDownBeforeExit))
		row("draw pile exhausted at any time", m.ExhaustedAny, "")
		row("face-down tile at any time", m.FaceDownAny, "")
		row("dead-end share (sealed before the exit)", m.DeadEnd, "")
		fmt.Fprintf(&b, "  %-46s %.3f (%d misfits / %d placements)\n", "misfits per placement", m.MisfitsPerPlacement, m.Misfits, m.Placements)
		fmt.Fprintf(&b, "  %-46s median %d, p90 %d (N=%d; minimum %d)\n", "placements until the exit connects",
			m.PlacementsToExit.Median, m.PlacementsToExit.P90, m.PlacementsToExit.N, m.Length-2)
		row("placed room tiles with a single door", m.SingleDoor, "")
		fmt.Fprintf(&b, "  %-46s %.3f (%d face-down tiles)\n", "reshuffles per board", m.ReshufflesPerBoard, m.FaceDowns)
		for c, s := range m.MainExitColumn {
			row(fmt.Sprintf("main exit in column %d", c+1), s, "")
		}
		stopLine(&b, "boards without the exit stopped", &m.StopNoExit)
		if m.StopNoLab != nil {
			stopLine(&b, "boards without a Lab stopped", m.StopNoLab)
		}
		if m.StopNoRescuee != nil {
			stopLine(&b, "boards without the rescuee stopped", m.StopNoRescuee)
		}
		stopLine(&b, "draw pile ran out before the exit", &m.StopExhausted)
		stopLine(&b, "first face-down tile before the exit", &m.StopFaceDown)
		b.WriteString("  room tiles placed face up (share of boards), misfits, first face-down:\n")
		for _, t := range m.Tiles {
			thr := ""
			if m.Policy == Explore && !m.Shorter {
				thr = thrText(th.TilePlacedShare, false, true)
			}
			fmt.Fprintf(&b, "    %-44s %s, %d, %d%s\n", t.ID, t.Placed, t.Misfits, t.FaceDown, thr)
		}
	}
	return b.String()
}

func stopLine(b *strings.Builder, name string, s *Stop) {
	if s.Boards == 0 {
		fmt.Fprintf(b, "  %-46s no board\n", name)
		return
	}
	parts := make([]string, len(s.Tiles))
	for i, t := range s.Tiles {
		parts[i] = fmt.Sprintf("%s (%d)", t.ID, t.Count)
	}
	tiles := ""
	if len(parts) > 0 {
		tiles = "; tiles " + strings.Join(parts, ", ")
	}
	fmt.Fprintf(b, "  %-46s row %d, %d placements (medians of %d boards)%s\n", name, s.MedianRow, s.MedianPlacements, s.Boards, tiles)
}

// thrText is "  (threshold >= 0.95)" or "" when unset.
func thrText(t Threshold, shorter, isMin bool) string {
	if isMin {
		if v, ok := t.min(shorter); ok {
			return fmt.Sprintf("  (threshold >= %.3g)", v)
		}
		return ""
	}
	if t.Max != nil {
		return fmt.Sprintf("  (threshold <= %.3g)", *t.Max)
	}
	return ""
}
