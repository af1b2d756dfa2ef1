package jrsim

import (
	"fmt"
	"math"
	"strings"

	"github.com/runforge/runforge/validate/severity"
)

// Rule ids of the simulation findings.
const (
	RuleBoardExit    = "justrun/board-exit"         // E: main exit reachable >= min, full and shorter
	RuleBoardLab     = "justrun/board-lab"          // W: a Lab reachable >= min (Find the Cure)
	RuleBoardRescuee = "justrun/board-rescuee"      // W: the rescuee's room reachable >= min (Rescue Mission)
	RuleBoardTempo   = "justrun/board-tempo"        // W: run policy, exhaustion and face-down tiles <= max
	RuleBoardStart   = "justrun/board-start"        // W: main exit reachable from each start tile >= min
	RuleRarelyPlaced = "justrun/tile-rarely-placed" // W: a room tile placed face up on < min of explore boards
	RuleBoardCount   = "justrun/board-count"        // W: too few boards to tell a share from its threshold; work caps hit
)

// Metric names, as the threshold keys of the manifest.
const (
	MetricExitReachable          = "exitReachable"
	MetricExitReachableEachStart = "exitReachableEachStart"
	MetricLabReachable           = "labReachable"
	MetricRescueeReachable       = "rescueeReachable"
	MetricExhaustedBeforeExit    = "exhaustedBeforeExit"
	MetricFaceDownBeforeExit     = "faceDownBeforeExit"
	MetricTilePlacedShare        = "tilePlacedShare"
)

// Direction is a threshold's direction.
type Direction string

// Directions.
const (
	Min Direction = "min" // the share must be at least the threshold
	Max Direction = "max" // the share must be at most the threshold
)

// Involved is a tile most involved in a finding, with its caller position.
type Involved struct {
	ID    string `json:"id"`
	Src   any    `json:"-"`
	Count int64  `json:"count"` // boards, or discards for board-tempo (exhaustion)
}

// Finding is a simulated metric past its threshold. The
// validate package positions it at Src (else at the pack's tile sets) and
// may point at the Tiles' Src as related positions.
type Finding struct {
	Rule      string            `json:"rule"`
	Severity  severity.Severity `json:"severity"`
	Metric    string            `json:"metric"`
	Length    int               `json:"length"`
	Shorter   bool              `json:"shorter"`
	Policy    Policy            `json:"policy"`
	Share     Share             `json:"share"`
	Seed      uint64            `json:"seed"`
	Threshold float64           `json:"threshold"`
	Direction Direction         `json:"direction"`
	// Start is the start position (board-start); Tile the tile entry at
	// fault (board-start, tile-rarely-placed).
	Start int    `json:"start,omitempty"`
	Tile  string `json:"tile,omitempty"`
	// Stop is where the boards concerned typically stopped.
	Stop *Stop `json:"stop,omitempty"`
	// Tiles are the tiles most involved, most first.
	Tiles []Involved `json:"tiles,omitempty"`
	// Src is where to point: the tile at fault, else the first tile involved.
	Src any `json:"-"`
	// Text, when set, is the whole message (board-count, and board-exit
	// for a tile set that was not simulated).
	Text string `json:"text,omitempty"`
	// Boards is the boards that would decide the undecided shares
	// (board-count; 0 when no number would).
	Boards int `json:"boards,omitempty"`
}

// Check simulates both board lengths under the policies the metrics need
// and returns the metrics past their thresholds.
func Check(tiles []Tile, set Settings) ([]Finding, error) {
	e, err := Explain(tiles, set)
	if err != nil {
		return nil, err
	}
	return e.Findings(), nil
}

// Findings are the metrics of e past their thresholds, in a stable order:
// full board then shorter; board-exit, board-start, board-lab,
// board-rescuee, board-tempo, tile-rarely-placed; then board-count.
func (e *Explanation) Findings() []Finding {
	var out []Finding
	th := e.Thresholds
	if e.Blocked != "" {
		f := Finding{Rule: RuleBoardExit, Severity: severity.Error, Metric: MetricExitReachable, Length: e.Length,
			Policy: Explore, Seed: e.Seed, Direction: Min, Text: "no board can reach the main exit, so none was simulated: " + e.Blocked}
		if v, ok := th.ExitReachable.min(false); ok {
			f.Threshold = v
		}
		return []Finding{f}
	}
	for _, l := range e.lengths() {
		ex, run := e.Line(l, Explore), e.Line(l, Run)
		if ex != nil {
			out = append(out, e.below(RuleBoardExit, severity.Error, MetricExitReachable, ex, ex.ExitReachable, th.ExitReachable, &ex.StopNoExit)...)
			for p, s := range ex.ExitReachableFrom {
				for _, f := range e.below(RuleBoardStart, severity.Warning, MetricExitReachableEachStart, ex, s, th.ExitReachableEachStart, nil) {
					f.Start = p + 1
					if i := e.startIndex(p + 1); i >= 0 {
						f.Tile, f.Src = e.tiles[i].ID, e.tiles[i].Src
						f.Tiles = []Involved{{ID: e.tiles[i].ID, Src: e.tiles[i].Src, Count: int64(s.N - s.Hits)}}
					}
					out = append(out, f)
				}
			}
			if ex.LabReachable != nil && e.Scenarios.FindTheCure {
				out = append(out, e.below(RuleBoardLab, severity.Warning, MetricLabReachable, ex, *ex.LabReachable, th.LabReachable, ex.StopNoLab)...)
			}
			if ex.RescueeReachable != nil && e.Scenarios.RescueMission {
				out = append(out, e.below(RuleBoardRescuee, severity.Warning, MetricRescueeReachable, ex, *ex.RescueeReachable, th.RescueeReachable, ex.StopNoRescuee)...)
			}
		}
		if run != nil {
			out = append(out, e.above(RuleBoardTempo, MetricExhaustedBeforeExit, run, run.ExhaustedBeforeExit, th.ExhaustedBeforeExit, &run.StopExhausted)...)
			out = append(out, e.above(RuleBoardTempo, MetricFaceDownBeforeExit, run, run.FaceDownBeforeExit, th.FaceDownBeforeExit, &run.StopFaceDown)...)
		}
		// A tile that fits somewhere fits on the full board; the shorter
		// board, with fewer cells than tiles, would only repeat it.
		if ex != nil && !ex.Shorter {
			for _, tm := range ex.Tiles {
				for _, f := range e.below(RuleRarelyPlaced, severity.Warning, MetricTilePlacedShare, ex, tm.Placed, th.TilePlacedShare, nil) {
					t := e.tiles[tm.Index]
					f.Tile, f.Src = t.ID, t.Src
					f.Tiles = []Involved{{ID: t.ID, Src: t.Src, Count: int64(tm.Placed.Hits)}}
					out = append(out, f)
				}
			}
		}
	}
	return append(out, e.countFindings()...)
}

// countFindings are the board-count warnings of every line: the boards it
// stopped short of, boards stopped at the cap, and the shares its boards
// are too few to tell from their thresholds.
func (e *Explanation) countFindings() []Finding {
	var out []Finding
	for _, l := range e.lengths() {
		for _, p := range []Policy{Explore, Run} {
			m := e.Line(l, p)
			if m == nil {
				continue
			}
			out = append(out, e.workFindings(m)...)
			if f, ok := e.undecided(m); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// lineName is "explore boards of the full length 10".
func lineName(m *Metrics) string {
	board := "full"
	if m.Shorter {
		board = "shorter-variation"
	}
	boards := "boards"
	if m.Boards == 1 {
		boards = "board"
	}
	return fmt.Sprintf("%s %s of the %s length %d", m.Policy, boards, board, m.Length)
}

// workFindings report a line whose work cap was hit.
func (e *Explanation) workFindings(m *Metrics) []Finding {
	var out []Finding
	base := Finding{Rule: RuleBoardCount, Severity: severity.Warning, Length: m.Length, Shorter: m.Shorter, Policy: m.Policy, Seed: m.Seed}
	if m.Requested > 0 {
		f := base
		f.Text = fmt.Sprintf("the simulation of %s stopped after %d of the %d boards asked for: they spent its budget of %d steps a board (tiles shuffled and drawn, doors opened); the figures are over %d boards",
			lineName(m), m.Boards, m.Requested, workPerBoard, m.Boards)
		out = append(out, f)
	}
	if m.Capped > 0 {
		f := base
		f.Text = fmt.Sprintf("%d of %d %s were stopped at the cap of %d steps a board and count as boards where the main exit was not reached: the tile set makes a board draw or reshuffle thousands of tiles",
			m.Capped, m.Boards, lineName(m), m.BoardCap)
		out = append(out, f)
	}
	return out
}

// undecided is the warning for a line whose boards are too few to tell a
// share from its threshold: the 95 % interval holds the threshold. It names
// the closest share and the boards that would decide every share it lists.
func (e *Explanation) undecided(m *Metrics) (Finding, bool) {
	type open struct {
		phrase    string
		s         Share
		t         float64
		dir       Direction
		boards    int
		undecided bool // no number of boards decides it
	}
	var opens []open
	add := func(phrase string, s Share, t Threshold, isMin bool) {
		v, ok := t.min(m.Shorter)
		dir := Min
		if !isMin {
			if t.Max == nil {
				return
			}
			v, ok, dir = *t.Max, true, Max
		}
		if !ok || !(s.Lo < v && v < s.Hi) {
			return
		}
		n, ok := boardsToDecide(s.P, v)
		opens = append(opens, open{phrase, s, v, dir, n, !ok})
	}
	th := e.Thresholds
	if m.Policy == Explore {
		add("the main exit was reachable from the start row", m.ExitReachable, th.ExitReachable, true)
		for p, s := range m.ExitReachableFrom {
			add(fmt.Sprintf("the main exit was reachable from start position %d", p+1), s, th.ExitReachableEachStart, true)
		}
		if m.LabReachable != nil && e.Scenarios.FindTheCure {
			add("a Lab was face up and reachable", *m.LabReachable, th.LabReachable, true)
		}
		if m.RescueeReachable != nil && e.Scenarios.RescueMission {
			add("the rescuee's room was reachable", *m.RescueeReachable, th.RescueeReachable, true)
		}
		if !m.Shorter {
			for _, tm := range m.Tiles {
				add(fmt.Sprintf("room tile %q was placed face up", tm.ID), tm.Placed, th.TilePlacedShare, true)
			}
		}
	} else {
		add("the draw pile ran out before the exit", m.ExhaustedBeforeExit, th.ExhaustedBeforeExit, false)
		add("a tile went face down before the exit", m.FaceDownBeforeExit, th.FaceDownBeforeExit, false)
	}
	if len(opens) == 0 {
		return Finding{}, false
	}
	most, never := 0, false
	for _, o := range opens {
		most = max(most, o.boards)
		never = never || o.undecided
	}
	o := opens[0]
	word := "minimum"
	if o.dir == Max {
		word = "maximum"
	}
	var b strings.Builder
	are := "are"
	if m.Boards == 1 {
		are = "is"
	}
	fmt.Fprintf(&b, "%d %s %s too few to tell %s from the threshold: %s on %s of them (95%% interval %s-%s), the %s is %s",
		m.Boards, lineName(m), are, plural(len(opens), "a share", fmt.Sprintf("%d shares", len(opens))), o.phrase, pct(o.s.P), pct(o.s.Lo), pct(o.s.Hi), word, pct(o.t))
	if len(opens) > 1 {
		fmt.Fprintf(&b, " (and %d more)", len(opens)-1)
	}
	switch {
	case most > 0:
		fmt.Fprintf(&b, "; about %d boards would decide %s at the shares seen (simulation.boards)", most, plural(len(opens), "it", "them"))
		if never {
			b.WriteString(", but for a share right at its threshold")
		}
	default:
		b.WriteString("; the share is right at the threshold, so no number of boards decides it")
	}
	f := Finding{Rule: RuleBoardCount, Severity: severity.Warning, Length: m.Length, Shorter: m.Shorter, Policy: m.Policy,
		Share: o.s, Seed: m.Seed, Threshold: o.t, Direction: o.dir, Boards: most, Text: b.String()}
	return f, true
}

// boardsToDecide is the boards whose 95 % Wilson interval around share p
// leaves out the threshold t: the interval holds t exactly when
// |p - t| <= z sqrt(t(1-t)/n), so n > z^2 t(1-t) / (p-t)^2. ok is false when
// p = t.
func boardsToDecide(p, t float64) (int, bool) {
	d := math.Abs(p - t)
	if d < 1e-12 {
		return 0, false
	}
	n := z95 * z95 * t * (1 - t) / (d * d)
	if n > 1e12 {
		return 0, false
	}
	return int(math.Floor(n)) + 1, true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// below is a finding when s is under the threshold's min.
func (e *Explanation) below(rule string, sev severity.Severity, metric string, m *Metrics, s Share, t Threshold, st *Stop) []Finding {
	v, ok := t.min(m.Shorter)
	if !ok || s.P >= v {
		return nil
	}
	return []Finding{e.finding(rule, sev, metric, m, s, v, Min, st)}
}

// above is a warning when s is over the threshold's max.
func (e *Explanation) above(rule, metric string, m *Metrics, s Share, t Threshold, st *Stop) []Finding {
	if t.Max == nil || s.P <= *t.Max {
		return nil
	}
	return []Finding{e.finding(rule, severity.Warning, metric, m, s, *t.Max, Max, st)}
}

func (e *Explanation) finding(rule string, sev severity.Severity, metric string, m *Metrics, s Share, v float64, dir Direction, st *Stop) Finding {
	f := Finding{Rule: rule, Severity: sev, Metric: metric, Length: m.Length, Shorter: m.Shorter, Policy: m.Policy,
		Share: s, Seed: m.Seed, Threshold: v, Direction: dir}
	if st != nil && st.Boards > 0 {
		cp := *st
		f.Stop = &cp
		for _, tc := range st.Tiles {
			f.Tiles = append(f.Tiles, Involved{ID: tc.ID, Src: e.tiles[tc.Index].Src, Count: tc.Count})
		}
		if len(f.Tiles) > 0 {
			f.Src = f.Tiles[0].Src
		}
	}
	return f
}

// startIndex is the index of the start tile at position p, or -1.
func (e *Explanation) startIndex(p int) int {
	for i, t := range e.tiles {
		if t.Role == Start && t.Position == p {
			return i
		}
	}
	return -1
}

// metricPhrase is the plain-words name of a metric; start is the start
// position for exitReachableEachStart.
func (f Finding) metricPhrase() string {
	switch f.Metric {
	case MetricExitReachable:
		return "the main exit was reachable from the start row"
	case MetricExitReachableEachStart:
		return fmt.Sprintf("the main exit was reachable from start tile %q (position %d)", f.Tile, f.Start)
	case MetricLabReachable:
		return "a Lab was face up and reachable"
	case MetricRescueeReachable:
		return "the rescuee's room was reachable and connected to the main exit"
	case MetricExhaustedBeforeExit:
		return "the draw pile ran out before the main exit was connected"
	case MetricFaceDownBeforeExit:
		return "a tile went face down before the main exit was connected"
	case MetricTilePlacedShare:
		return fmt.Sprintf("room tile %q was placed face up", f.Tile)
	}
	return f.Metric
}

// Message says in plain words what was observed, against which threshold,
// where the boards typically stopped and which tiles were most involved.
func (f Finding) Message() string {
	if f.Text != "" {
		return f.Text
	}
	var b strings.Builder
	board := "full"
	if f.Shorter {
		board = "shorter-variation"
	}
	fmt.Fprintf(&b, "%s on %s of %d %s boards of the %s length %d (95%% interval %s-%s, seed %d)",
		f.metricPhrase(), pct(f.Share.P), f.Share.N, f.Policy, board, f.Length, pct(f.Share.Lo), pct(f.Share.Hi), f.Seed)
	if f.Direction == Min {
		fmt.Fprintf(&b, "; the minimum is %s", pct(f.Threshold))
	} else {
		fmt.Fprintf(&b, "; the maximum is %s", pct(f.Threshold))
	}
	if f.Stop != nil && f.Stop.Boards > 0 {
		switch f.Metric {
		case MetricExhaustedBeforeExit, MetricFaceDownBeforeExit:
			fmt.Fprintf(&b, "; it typically happened with row %d reached, after %d placements (medians)", f.Stop.MedianRow, f.Stop.MedianPlacements)
		default:
			fmt.Fprintf(&b, "; where it failed, exploration stopped at row %d after %d placements (medians of %d boards)",
				f.Stop.MedianRow, f.Stop.MedianPlacements, f.Stop.Boards)
		}
	}
	if len(f.Tiles) > 0 && f.Metric != MetricTilePlacedShare && f.Metric != MetricExitReachableEachStart {
		what := map[string]string{
			MetricExitReachable:       "tiles most often in the last row reached",
			MetricRescueeReachable:    "tiles most often in the last row reached",
			MetricLabReachable:        "Labs placed but cut off or face down",
			MetricExhaustedBeforeExit: "tiles most often discarded before",
			MetricFaceDownBeforeExit:  "tiles that went face down",
		}[f.Metric]
		parts := make([]string, len(f.Tiles))
		for i, t := range f.Tiles {
			parts[i] = fmt.Sprintf("%s (%d)", t.ID, t.Count)
		}
		fmt.Fprintf(&b, "; %s: %s", what, strings.Join(parts, ", "))
	}
	return b.String()
}

// String is "severity rule: message".
func (f Finding) String() string { return fmt.Sprintf("%v %s: %s", f.Severity, f.Rule, f.Message()) }

// pct formats a share as a percentage with one decimal.
func pct(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) }
