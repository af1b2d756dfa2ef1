package justrun

import (
	"fmt"
	"slices"
	"strings"

	justrunschema "github.com/runforge/runforge/schema/justrun"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/justrun/jrsim"
)

// Just Run's board simulation: the pack's tile sets and its
// justRun: settings are converted for package jrsim, which plays the
// rulebook's board assembly many times over, seeded, and reports the
// metrics past their thresholds. One simulation per validation run is
// shared by the six rules (memo). Findings land on the tile at fault, else
// on the threshold the manifest writes, else on the room tile set; the
// tiles most involved are related positions.

func justRunSimRules() []*validate.Rule {
	games := []string{justrunschema.System}
	check := func(rule string) func(*validate.Context) { return func(c *validate.Context) { reportJRSim(c, rule) } }
	return append(justRunSettingRules(), []*validate.Rule{
		{ID: jrsim.RuleBoardExit, Severity: validate.Error, Games: games, Check: check(jrsim.RuleBoardExit),
			Doc: "Simulated boards (explore policy): the main exit is reachable from the start row on fewer than simulation.thresholds.exitReachable of them, full or shorter board (L46, L579). The message gives the share with its 95% interval, N, the seed, where exploration stopped and the tiles most involved."},
		{ID: jrsim.RuleBoardStart, Severity: validate.Warning, Games: games, Check: check(jrsim.RuleBoardStart),
			Doc: "Simulated boards: the main exit is reachable from one start tile on fewer than exitReachableEachStart of them (A13)."},
		{ID: jrsim.RuleBoardLab, Severity: validate.Warning, Games: games, Check: check(jrsim.RuleBoardLab),
			Doc: "Simulated boards, with Find the Cure in the pack: a Lab is face up and reachable on fewer than labReachable of them (L647, L677)."},
		{ID: jrsim.RuleBoardRescuee, Severity: validate.Warning, Games: games, Check: check(jrsim.RuleBoardRescuee),
			Doc: "Simulated boards, with Rescue Mission in the pack: the rescuee's room is reachable and connected to the main exit on fewer than rescueeReachable of them (L683)."},
		{ID: jrsim.RuleBoardTempo, Severity: validate.Warning, Games: games, Check: check(jrsim.RuleBoardTempo),
			Doc: "Simulated boards (run policy): the draw pile runs out, or a tile goes face down, before the exit connects on more than exhaustedBeforeExit or faceDownBeforeExit of them (\"In the unlikely event\", L559)."},
		{ID: RuleBoardSimulation, Severity: validate.Error, Games: games, Check: checkJRSimRuns,
			Doc: "The board simulation cannot run on the pack's tiles and justRun: settings for a reason no other rule reports (e.g. a board width other than the number of start positions), or simulation.policies leaves out explore or run, so the checks that need it (board-exit, board-start, board-lab, board-rescuee, tile-rarely-placed; board-tempo) would not run, or the shorter board is not shorter (L113)."},
		{ID: jrsim.RuleBoardCount, Severity: validate.Warning, Games: games, Check: check(jrsim.RuleBoardCount),
			Doc: "Simulated boards: too few to tell a share from its threshold (the 95% interval holds the threshold; the message says about how many boards would decide it), or the simulation was cut short: it spent its budget of work before simulation.boards boards, or boards were stopped at the per-board cap (a tile set that makes every cell draw or reshuffle thousands of tiles)."},
		{ID: jrsim.RuleRarelyPlaced, Severity: validate.Warning, Games: games, Check: check(jrsim.RuleRarelyPlaced),
			Doc: "Simulated boards (explore policy, full length): a room tile is placed face up on fewer than tilePlacedShare of them: it almost never fits (L557)."},
	}...)
}

// RuleBoardSimulation reports a simulation that cannot run, or runs
// without a policy some checks need.
const RuleBoardSimulation = "justrun/board-simulation"

// jrSimResult is the simulation of one pack: its explanation, or why it
// did not run.
type jrSimResult struct {
	explain *jrsim.Explanation
	// skipped says why the simulation did not run ("" when it did);
	// brokenLoad is set when that is because the loader could not read a
	// file the simulation depends on (its error is reported already).
	skipped    string
	brokenLoad bool
}

// jrSimKey keys the pack's simulation in the memo.
type jrSimKey struct{}

// jrSim returns the pack's simulation, computed once per validation run.
func jrSim(c *validate.Context) *jrSimResult {
	return validate.Memo(c, jrSimKey{}, func() *jrSimResult {
		if f := jrBrokenInput(c); f != "" {
			return &jrSimResult{skipped: f + " could not be read whole", brokenLoad: true}
		}
		return simulateJustRun(c.Pack)
	})
}

// jrBrokenInput names a file the simulation depends on that the loader
// reported errors in: the manifest, a tile set, or a file that loaded as no
// element at all (it may have been a tile set). Simulating a half-loaded
// tile set would report boards that cannot be escaped for the wrong reason.
func jrBrokenInput(c *validate.Context) string {
	files := c.BrokenFiles()
	if len(files) == 0 {
		return ""
	}
	backing := map[string]bool{}
	deps := map[string]bool{c.Pack.Game.Ref.Pos().File: true}
	for _, e := range c.Pack.Elements {
		f := e.Source().Pos().File
		backing[f] = true
		if _, ok := e.(*justrunschema.TileSet); ok {
			deps[f] = true
		}
	}
	for _, f := range files {
		if deps[f] || !backing[f] {
			return f
		}
	}
	return ""
}

// checkJRSimRuns reports a simulation that cannot run, a policy list that
// leaves checks out, and a shorter board that is not shorter.
func checkJRSimRuns(c *validate.Context) {
	if len(justrunschema.TileSets(c.Pack)) == 0 {
		return
	}
	s := justrunschema.SettingsOf(c.Pack)
	if s.Board.ShorterLength >= s.Board.Length {
		c.ReportHint(s.FieldRef("board", "shorterLength").Pos(),
			fmt.Sprintf("the Shorter Variation's board is %d tiles long, not shorter than the full board's %d (L113)", s.Board.ShorterLength, s.Board.Length),
			"make shorterLength less than length (7 and 10 in the rulebook)")
	}
	var has [2]bool
	for _, p := range s.Simulation.Policies {
		has[0] = has[0] || p == string(jrsim.Explore)
		has[1] = has[1] || p == string(jrsim.Run)
	}
	for i, miss := range []struct{ policy, checks string }{
		{"explore", "board-exit, board-start, board-lab, board-rescuee and tile-rarely-placed"},
		{"run", "board-tempo"},
	} {
		if !has[i] {
			c.ReportHint(s.FieldRef("simulation", "policies").Pos(),
				fmt.Sprintf("simulation.policies leaves out %s, so %s are not checked", miss.policy, miss.checks),
				"list both policies: [explore, run] (A12), or turn those rules off in rules: if that is what you mean")
		}
	}
	r := jrSim(c)
	if r.skipped == "" || r.brokenLoad {
		return
	}
	at, hint := s.FieldRef("simulation"), "correct the tile sets or the justRun: settings it names"
	if strings.Contains(r.skipped, "start position") || strings.Contains(r.skipped, "exit tiles") {
		at, hint = s.FieldRef("board", "width"), "the board is as wide as the start row: one start tile per position and as many exit tiles (L85, L105)"
	}
	c.ReportHint(at.Pos(), fmt.Sprintf("the board simulation cannot run, so the board-* checks are not made: %s", r.skipped), hint)
}

// simulateJustRun runs the simulation of a Just Run pack, or says why it
// cannot: the structural rules report a tile set the simulation cannot
// represent, so that reason is not reported again.
func simulateJustRun(p *schema.Pack) *jrSimResult {
	tiles := Tiles(p)
	set := SimSettings(p)
	// Joined errors are one line each: a finding's message is one line.
	if err := jrsim.ValidateTiles(tiles, set.Width); err != nil {
		return &jrSimResult{skipped: strings.ReplaceAll(err.Error(), "\n", "; ")}
	}
	e, err := jrsim.Explain(tiles, set)
	if err != nil {
		return &jrSimResult{skipped: strings.ReplaceAll(err.Error(), "\n", "; ")}
	}
	return &jrSimResult{explain: e}
}

// Tiles converts the pack's tile sets for the simulation; each
// tile's Src is the position of its id.
func Tiles(p *schema.Pack) []jrsim.Tile {
	roles := map[string]jrsim.Role{justrunschema.TileRoom: jrsim.Room, justrunschema.TileStart: jrsim.Start, justrunschema.TileExit: jrsim.Exit}
	sides := map[string]jrsim.Side{justrunschema.SideDoor: jrsim.Door, justrunschema.SideWall: jrsim.Wall, justrunschema.SideMainExit: jrsim.MainExit}
	var out []jrsim.Tile
	for _, ts := range justrunschema.TileSets(p) {
		for _, t := range ts.Tiles {
			jt := jrsim.Tile{ID: t.ID, Role: roles[ts.Role], Position: t.Position, Lab: t.Lab,
				Spawn: t.Spawns(), Count: t.Count, Src: t.Ref.Child("id").Pos()}
			for i, d := range justrunschema.TileDirections {
				jt.Sides[i] = sides[t.Side(d)]
			}
			out = append(out, jt)
		}
	}
	return out
}

// SimSettings converts the manifest's justRun: block (with its
// defaults) for the simulation; the scenario flags follow the pack's
// scenario cards.
func SimSettings(p *schema.Pack) jrsim.Settings {
	s := justrunschema.SettingsOf(p)
	set := jrsim.DefaultSettings()
	if s == nil {
		return set
	}
	set.Boards, set.Seed, set.StartFrom = s.Simulation.Boards, uint64(s.Simulation.Seed), s.Simulation.StartFrom
	set.Policies = nil
	for _, pol := range s.Simulation.Policies {
		set.Policies = append(set.Policies, jrsim.Policy(pol))
	}
	set.Width, set.Length, set.ShorterLength = s.Board.Width, s.Board.Length, s.Board.ShorterLength
	th := func(t justrunschema.Threshold) jrsim.Threshold {
		return jrsim.Threshold{Min: t.Min, MinShorter: t.MinShorter, Max: t.Max}
	}
	t := s.Simulation.Thresholds
	set.Thresholds = jrsim.Thresholds{
		ExitReachable: th(t.ExitReachable), ExitReachableEachStart: th(t.ExitReachableEachStart),
		LabReachable: th(t.LabReachable), RescueeReachable: th(t.RescueeReachable),
		ExhaustedBeforeExit: th(t.ExhaustedBeforeExit), FaceDownBeforeExit: th(t.FaceDownBeforeExit),
		TilePlacedShare: th(t.TilePlacedShare),
	}
	pl, su := s.Placement, s.Setup
	set.Placement = jrsim.Placement{
		Rotation: pl.Rotation, RotationChoice: pl.RotationChoice, DoorPosition: pl.DoorPosition,
		EdgeDoors: pl.EdgeDoors, ExitAlignment: pl.ExitAlignment, ExitOrient: pl.ExitOrientation,
		FaceDown: pl.FaceDown, GiveUp: pl.GiveUp, FaceDownTile: pl.FaceDownTile,
		AfterFaceDown: pl.AfterFaceDown, DiscardReturn: pl.DiscardReturn, WallBash: pl.WallBash,
		StartOrder: su.StartOrder, ConnectingDoors: su.ConnectingDoors, TilePools: su.TilePools,
		Labs: su.Labs, RescueRows: pl.RescueRows, RescuePlacement: pl.RescuePlacement,
		ExitSpawn: su.ExitSpawn, ShorterDeck: su.ShorterDeck, FacingDoors: pl.FacingDoors,
	}.Normalized()
	scen := jrScenarios(p)
	set.Scenarios = jrsim.Scenarios{FindTheCure: len(scen["find-the-cure"]) > 0, RescueMission: len(scen["rescue-mission"]) > 0}
	return set
}

// reportJRSim reports the simulation's findings of one rule.
func reportJRSim(c *validate.Context, rule string) {
	if len(justrunschema.TileSets(c.Pack)) == 0 {
		return
	}
	r := jrSim(c)
	if r.explain == nil {
		return
	}
	all := r.explain.Findings()
	for _, f := range all {
		if f.Rule != rule || rule == jrsim.RuleBoardStart && slices.ContainsFunc(all, func(x jrsim.Finding) bool { return startRepeatsExit(f, x) }) {
			continue
		}
		pos, ok := f.Src.(schema.Pos)
		if f.Rule == jrsim.RuleBoardCount {
			pos, ok = jrBoardsPos(c.Pack), true
		}
		if !ok || f.Rule == jrsim.RuleBoardExit || f.Rule == jrsim.RuleBoardLab || f.Rule == jrsim.RuleBoardRescuee || f.Rule == jrsim.RuleBoardTempo {
			pos = jrThresholdPos(c.Pack, f.Metric)
		}
		var related []validate.Related
		for _, t := range f.Tiles {
			if p, ok := t.Src.(schema.Pos); ok && p != pos {
				related = append(related, validate.Related{Pos: p, Message: fmt.Sprintf("tile %q, involved on %d boards", t.ID, t.Count)})
			}
		}
		if rule == jrsim.RuleBoardExit {
			// The start tiles whose own figures are the same as the whole
			// start row's: one finding, each start tile a related position.
			for _, x := range all {
				if p, ok := x.Src.(schema.Pos); ok && startRepeatsExit(x, f) {
					related = append(related, validate.Related{Pos: p,
						Message: fmt.Sprintf("start tile %q (position %d): the same %.1f%% from it alone", x.Tile, x.Start, 100*x.Share.P)})
				}
			}
		}
		c.ReportHint(pos, f.Message(), jrSimHint(f), related...)
	}
}

// jrBoardsPos is where a board-count finding points: simulation.boards when
// the manifest writes it, else the room tile set.
func jrBoardsPos(p *schema.Pack) schema.Pos {
	if s := justrunschema.SettingsOf(p); s != nil {
		if r := s.Ref.Child("simulation").Child("boards"); r.Exists() {
			return r.Pos()
		}
	}
	return jrThresholdPos(p, "")
}

// startRepeatsExit reports whether start, a board-start finding, repeats
// the figures of exit, a board-exit finding: the same boards, policy and
// share. It is then folded into exit rather than reported on its own.
func startRepeatsExit(start, exit jrsim.Finding) bool {
	return start.Rule == jrsim.RuleBoardStart && exit.Rule == jrsim.RuleBoardExit &&
		start.Shorter == exit.Shorter && start.Length == exit.Length && start.Policy == exit.Policy &&
		start.Seed == exit.Seed && start.Share.Hits == exit.Share.Hits && start.Share.N == exit.Share.N
}

// jrThresholdPos is where a metric's finding points: the threshold when the
// manifest writes it, else the nearest written ancestor of the justRun:
// block, else the room tile set.
func jrThresholdPos(p *schema.Pack, metric string) schema.Pos {
	s := justrunschema.SettingsOf(p)
	if s != nil {
		if r := s.Ref.Child("simulation").Child("thresholds").Child(metric); r.Exists() {
			return r.Pos()
		}
	}
	for _, ts := range justrunschema.TileSets(p) {
		if ts.Role == justrunschema.TileRoom {
			return ts.Ref.Child("id").Pos()
		}
	}
	return s.FieldRef("simulation", "thresholds", metric).Pos()
}

// jrSimHint suggests a fix for a simulation finding.
func jrSimHint(f jrsim.Finding) string {
	switch f.Rule {
	case jrsim.RuleBoardExit, jrsim.RuleBoardStart:
		return "give more room tiles doors on n and s (corridors toward the exit), or check the exit and start tiles' inner doors; `runforge validate --explain` shows every metric"
	case jrsim.RuleBoardLab:
		return "give the Labs more doors, or move the threshold (simulation.thresholds.labReachable) if this is meant"
	case jrsim.RuleBoardRescuee:
		return "more four-door room tiles make the rescuee's room easier to reach"
	case jrsim.RuleBoardTempo:
		return "more tiles with doors on several sides fit more often; fewer dead ends keep the pile from running out"
	case jrsim.RuleBoardCount:
		if f.Boards > 0 {
			return fmt.Sprintf("raise simulation.boards to %d or more (at most 30000), or move the threshold if the share is meant to sit so close to it", f.Boards)
		}
		return "a tile set this large or this hard to fit cannot be simulated in full: fewer room tiles, with doors that match more often, keep every board short"
	case jrsim.RuleRarelyPlaced:
		return "give the tile a door that matches the common neighbours (n and s), or accept it as a rare tile"
	}
	return ""
}

// explainJustRun adds the board simulation's metrics to e, or why it did
// not run.
func explainJustRun(p *schema.Pack, e *validate.PackExplanation) {
	r := simulateJustRun(p)
	if r.explain != nil {
		e.Add(validate.ExplainPart{Key: "justRun", Value: r.explain, Text: fmt.Sprintf("%s: board simulation\n%s", e.Pack, r.explain.String())})
	}
	if r.skipped != "" {
		text := ""
		if r.explain == nil {
			text = fmt.Sprintf("%s: board simulation not run: %s\n", e.Pack, r.skipped)
		}
		e.Add(validate.ExplainPart{Key: "justRunSkipped", Value: r.skipped, Text: text})
	}
}
