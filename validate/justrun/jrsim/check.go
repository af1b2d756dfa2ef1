package jrsim

import (
	"fmt"
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
// board-rescuee, board-tempo, tile-rarely-placed.
func (e *Explanation) Findings() []Finding {
	var out []Finding
	th := e.Thresholds
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
	return out
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
