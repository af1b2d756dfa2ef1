package validate

import (
	"fmt"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate/jrsim"
)

// Just Run's board simulation (spec 8): the pack's tile sets and its
// justRun: settings are converted for package jrsim, which plays the
// rulebook's board assembly many times over, seeded, and reports the
// metrics past their thresholds. One simulation per validation run is
// shared by the six rules (memo). Findings land on the tile at fault, else
// on the threshold the manifest writes, else on the room tile set; the
// tiles most involved are related positions.

func justRunSimRules() []*Rule {
	games := []string{"just-run"}
	check := func(rule string) func(*Context) { return func(c *Context) { reportJRSim(c, rule) } }
	return []*Rule{
		{ID: jrsim.RuleBoardExit, Severity: Error, Games: games, Check: check(jrsim.RuleBoardExit),
			Doc: "Simulated boards (explore policy): the main exit is reachable from the start row on fewer than simulation.thresholds.exitReachable of them, full or shorter board (L46, L579; spec 8.3). The message gives the share with its 95% interval, N, the seed, where exploration stopped and the tiles most involved."},
		{ID: jrsim.RuleBoardStart, Severity: Warning, Games: games, Check: check(jrsim.RuleBoardStart),
			Doc: "Simulated boards: the main exit is reachable from one start tile on fewer than exitReachableEachStart of them (A13)."},
		{ID: jrsim.RuleBoardLab, Severity: Warning, Games: games, Check: check(jrsim.RuleBoardLab),
			Doc: "Simulated boards, with Find the Cure in the pack: a Lab is face up and reachable on fewer than labReachable of them (L647, L677)."},
		{ID: jrsim.RuleBoardRescuee, Severity: Warning, Games: games, Check: check(jrsim.RuleBoardRescuee),
			Doc: "Simulated boards, with Rescue Mission in the pack: the rescuee's room is reachable and connected to the main exit on fewer than rescueeReachable of them (L683)."},
		{ID: jrsim.RuleBoardTempo, Severity: Warning, Games: games, Check: check(jrsim.RuleBoardTempo),
			Doc: "Simulated boards (run policy): the draw pile runs out, or a tile goes face down, before the exit connects on more than exhaustedBeforeExit or faceDownBeforeExit of them (\"In the unlikely event\", L559)."},
		{ID: jrsim.RuleRarelyPlaced, Severity: Warning, Games: games, Check: check(jrsim.RuleRarelyPlaced),
			Doc: "Simulated boards (explore policy, full length): a room tile is placed face up on fewer than tilePlacedShare of them: it almost never fits (L557)."},
	}
}

// jrSimResult is the simulation of one pack: its explanation, or why it
// did not run.
type jrSimResult struct {
	explain *jrsim.Explanation
	// skipped says why the simulation did not run ("" when it did).
	skipped string
}

// jrSimKey keys the pack's simulation in the memo.
type jrSimKey struct{}

// jrSim returns the pack's simulation, computed once per validation run.
func jrSim(c *Context) *jrSimResult {
	return memo(c, jrSimKey{}, func() *jrSimResult { return simulateJustRun(c.Pack) })
}

// simulateJustRun runs the simulation of a Just Run pack, or says why it
// cannot: the structural rules report a tile set the simulation cannot
// represent, so that reason is not reported again.
func simulateJustRun(p *schema.Pack) *jrSimResult {
	tiles := JustRunTiles(p)
	set := JustRunSimSettings(p)
	if err := jrsim.ValidateTiles(tiles, set.Width); err != nil {
		return &jrSimResult{skipped: err.Error()}
	}
	e, err := jrsim.Explain(tiles, set)
	if err != nil {
		return &jrSimResult{skipped: err.Error()}
	}
	return &jrSimResult{explain: e}
}

// JustRunTiles converts the pack's tile sets for the simulation; each
// tile's Src is the position of its id.
func JustRunTiles(p *schema.Pack) []jrsim.Tile {
	roles := map[string]jrsim.Role{schema.TileRoom: jrsim.Room, schema.TileStart: jrsim.Start, schema.TileExit: jrsim.Exit}
	sides := map[string]jrsim.Side{schema.SideDoor: jrsim.Door, schema.SideWall: jrsim.Wall, schema.SideMainExit: jrsim.MainExit}
	var out []jrsim.Tile
	for _, ts := range p.TileSets() {
		for _, t := range ts.Tiles {
			jt := jrsim.Tile{ID: t.ID, Role: roles[ts.Role], Position: t.Position, Lab: t.Lab,
				Spawn: t.Spawns(), Count: t.Count, Src: t.Ref.Child("id").Pos()}
			for i, d := range schema.TileDirections {
				jt.Sides[i] = sides[t.Side(d)]
			}
			out = append(out, jt)
		}
	}
	return out
}

// JustRunSimSettings converts the manifest's justRun: block (with its
// defaults) for the simulation; the scenario flags follow the pack's
// scenario cards.
func JustRunSimSettings(p *schema.Pack) jrsim.Settings {
	s := p.JustRun()
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
	th := func(t schema.JRThreshold) jrsim.Threshold {
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
func reportJRSim(c *Context, rule string) {
	if len(c.Pack.TileSets()) == 0 {
		return
	}
	r := jrSim(c)
	if r.explain == nil {
		return
	}
	for _, f := range r.explain.Findings() {
		if f.Rule != rule {
			continue
		}
		pos, ok := f.Src.(schema.Pos)
		if !ok || f.Rule == jrsim.RuleBoardExit || f.Rule == jrsim.RuleBoardLab || f.Rule == jrsim.RuleBoardRescuee || f.Rule == jrsim.RuleBoardTempo {
			pos = jrThresholdPos(c.Pack, f.Metric)
		}
		var related []Related
		for _, t := range f.Tiles {
			if p, ok := t.Src.(schema.Pos); ok && p != pos {
				related = append(related, Related{Pos: p, Message: fmt.Sprintf("tile %q, involved on %d boards", t.ID, t.Count)})
			}
		}
		c.ReportHint(pos, f.Message(), jrSimHint(f), related...)
	}
}

// jrThresholdPos is where a metric's finding points: the threshold when the
// manifest writes it, else the nearest written ancestor of the justRun:
// block, else the room tile set.
func jrThresholdPos(p *schema.Pack, metric string) schema.Pos {
	s := p.JustRun()
	if s != nil {
		if r := s.Ref.Child("simulation").Child("thresholds").Child(metric); r.Exists() {
			return r.Pos()
		}
	}
	for _, ts := range p.TileSets() {
		if ts.Role == schema.TileRoom {
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
	case jrsim.RuleRarelyPlaced:
		return "give the tile a door that matches the common neighbours (n and s), or accept it as a rare tile"
	}
	return ""
}
