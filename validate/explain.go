package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/runforge/runforge/schema"
	justrunschema "github.com/runforge/runforge/schema/justrun"
	runschema "github.com/runforge/runforge/schema/run"
	"github.com/runforge/runforge/validate/jrsim"
	"github.com/runforge/runforge/validate/runmove"
)

// PackExplanation is what `runforge validate --explain` adds for one pack:
// for RUN, how each map is won (spec run §12); for Just Run, every metric of
// the board simulation with its assumptions (spec just-run §8.4). As text
// (String) and as JSON, with the same content.
type PackExplanation struct {
	Pack    string             `json:"pack"`
	Maps    []MapExplanation   `json:"maps,omitempty"`
	JustRun *jrsim.Explanation `json:"justRun,omitempty"`
	// JustRunSkipped says why the simulation did not run.
	JustRunSkipped string `json:"justRunSkipped,omitempty"`
	// Odds are the Run, Fight, or Die! and Reloaded combo odds.
	Odds *OddsExplanation `json:"odds,omitempty"`
	maps []*runmove.Explanation
}

// MapExplanation is one RUN map: per spawn point and objective, a shortest
// winning sequence, and the gadget report; or why it is not explained.
type MapExplanation struct {
	File    string             `json:"file"`
	Map     string             `json:"map"`
	Skipped string             `json:"skipped,omitempty"`
	Spawns  []SpawnExplanation `json:"spawns,omitempty"`
	// GadgetReadings are the gadget edge-case readings (A18) the reports use.
	GadgetReadings []string `json:"gadgetReadings,omitempty"`
}

// SpawnExplanation is what the search found from one spawn point.
type SpawnExplanation struct {
	Number  int                    `json:"number"`
	At      string                 `json:"at"`
	Results []ObjectiveExplanation `json:"results"`
}

// ObjectiveExplanation is one objective from one spawn point.
type ObjectiveExplanation struct {
	Objective string `json:"objective"`
	Tokens    int    `json:"tokens"`
	Winnable  bool   `json:"winnable"`
	// NeedsExhaustion is set when only an unlimited-token plan wins; Repeats
	// names the tokens it uses more than once.
	NeedsExhaustion bool     `json:"needsExhaustion"`
	Repeats         []string `json:"repeats,omitempty"`
	Turns           int      `json:"turns,omitempty"`
	// Sequence is the plan in the spec's notation.
	Sequence string `json:"sequence,omitempty"`
	// Gadgets is the gadget report, for an objective that fails within one
	// action board.
	Gadgets string `json:"gadgets,omitempty"`
}

// Explain computes the explanation of a pack; nil when there is nothing to
// explain (no RUN maps, no Just Run tiles).
func Explain(p *schema.Pack) *PackExplanation {
	if p == nil || p.Game == nil {
		return nil
	}
	e := &PackExplanation{Pack: p.Game.ID}
	explainMaps(p, e)
	if p.Game.System == "just-run" && len(justrunschema.TileSets(p)) > 0 {
		r := simulateJustRun(p)
		e.JustRun, e.JustRunSkipped = r.explain, r.skipped
	}
	e.Odds = ExplainOdds(p)
	if len(e.Maps) == 0 && e.JustRun == nil && e.JustRunSkipped == "" && e.Odds == nil {
		return nil
	}
	return e
}

// explainMaps explains the RUN maps of a pack in a stable order (file, then
// position). Maps the rules skip (a broken grid) say why.
func explainMaps(p *schema.Pack, e *PackExplanation) {
	maps := runschema.Maps(p)
	tokens, _ := packActionTokens(p)
	sort.SliceStable(maps, func(i, j int) bool { return maps[i].Ref.Pos().Less(maps[j].Ref.Pos()) })
	for _, m := range maps {
		me := MapExplanation{File: m.Ref.Pos().File, Map: m.ID}
		var x *runmove.Explanation
		if gridBroken(m) {
			me.Skipped = "its levels picture has run/grid errors"
		} else {
			rm, _, err := RunMoveMap(m)
			if err == nil {
				err = rm.Validate()
			}
			if err == nil {
				x, err = runmove.Explain(rm, tokens)
			}
			if err != nil {
				me.Skipped = err.Error()
			} else {
				me.Spawns, me.GadgetReadings = spawnExplanations(x), x.Readings
			}
		}
		e.Maps = append(e.Maps, me)
		e.maps = append(e.maps, x)
	}
}

// spawnExplanations is the JSON form of a map's explanation.
func spawnExplanations(x *runmove.Explanation) []SpawnExplanation {
	var out []SpawnExplanation
	for _, sp := range x.Spawns {
		se := SpawnExplanation{Number: sp.Spawn.Number, At: sp.Spawn.At.String()}
		for _, r := range sp.Results {
			oe := ObjectiveExplanation{Objective: r.Objective.String(), Tokens: r.Tokens, Winnable: r.Plan != nil}
			if r.Plan != nil {
				oe.Turns, oe.Sequence, oe.NeedsExhaustion = len(r.Plan.Turns), r.Plan.String(), r.Plan.NeedsExhaustion()
				for _, a := range r.Plan.Repeated {
					oe.Repeats = append(oe.Repeats, a.String())
				}
			}
			if r.Gadgets != nil {
				oe.Gadgets = r.Gadgets.String()
			}
			se.Results = append(se.Results, oe)
		}
		out = append(out, se)
	}
	return out
}

// String is the text form: each map prefixed by its file, then the Just Run
// simulation.
func (e *PackExplanation) String() string {
	if e == nil {
		return ""
	}
	var sb strings.Builder
	for i, m := range e.Maps {
		fmt.Fprintf(&sb, "%s: ", m.File)
		if m.Skipped != "" {
			fmt.Fprintf(&sb, "map %s: not explained: %s\n", m.Map, m.Skipped)
			continue
		}
		sb.WriteString(e.maps[i].String())
	}
	switch {
	case e.JustRun != nil:
		fmt.Fprintf(&sb, "%s: board simulation\n%s", e.Pack, e.JustRun.String())
	case e.JustRunSkipped != "":
		fmt.Fprintf(&sb, "%s: board simulation not run: %s\n", e.Pack, e.JustRunSkipped)
	}
	if e.Odds != nil {
		fmt.Fprintf(&sb, "%s: %s", e.Pack, e.Odds.String())
	}
	return sb.String()
}
