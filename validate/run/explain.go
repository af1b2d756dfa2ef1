package run

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/runforge/runforge/schema"
	runschema "github.com/runforge/runforge/schema/run"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/run/runmove"
)

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
	// Sequence is the plan in explain notation.
	Sequence string `json:"sequence,omitempty"`
	// Gadgets is the gadget report, for an objective that fails within one
	// action board.
	Gadgets string `json:"gadgets,omitempty"`
}

// explainMaps explains the RUN maps of a pack in a stable order (file, then
// position), as many maps at once as there are processors: each map's
// explanation is independent of the others'. Maps the rules skip (a broken
// grid) say why.
func explainMaps(p *schema.Pack, e *validate.PackExplanation) {
	maps := runschema.Maps(p)
	tokens, _ := packActionTokens(p)
	searched, _ := validate.Recall[map[*runschema.Map]*reachResult](e, reachAllKey{})
	sort.SliceStable(maps, func(i, j int) bool { return maps[i].Ref.Pos().Less(maps[j].Ref.Pos()) })
	out := make([]MapExplanation, len(maps))
	xs := make([]*runmove.Explanation, len(maps))
	sem := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	var wg sync.WaitGroup
	for i, m := range maps {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			out[i], xs[i] = explainMap(m, tokens, searched[m])
		}()
	}
	wg.Wait()
	var text strings.Builder
	for i, me := range out {
		fmt.Fprintf(&text, "%s: ", me.File)
		if me.Skipped != "" {
			fmt.Fprintf(&text, "map %s: not explained: %s\n", me.Map, me.Skipped)
		} else {
			text.WriteString(xs[i].String())
		}
	}
	if len(out) > 0 {
		e.Add(validate.ExplainPart{Key: "maps", Value: out, Text: text.String()})
	}
}

// explainMap explains one map with the pack's action tokens: its JSON form
// and the explanation, or (nil) why it is not explained. searched is the
// map's reachability from the pack's validation, or nil: when it searched
// the very model explained here (the rules repair a misdrawn access
// feature first; the explanation does not), the explanation reuses its
// searches.
func explainMap(m *runschema.Map, tokens []runmove.Action, searched *reachResult) (MapExplanation, *runmove.Explanation) {
	me := MapExplanation{File: m.Ref.Pos().File, Map: m.ID}
	if gridBroken(m) {
		me.Skipped = "its levels picture has run/grid errors"
		return me, nil
	}
	rm, _, err := MoveMap(m)
	if err == nil {
		err = rm.Validate()
	}
	var x *runmove.Explanation
	switch {
	case err != nil:
	case searched != nil && searched.analysis != nil && slices.Equal(searched.tokens, tokens) && reflect.DeepEqual(searched.model, rm):
		x = searched.analysis.Explain()
	default:
		x, err = runmove.Explain(rm, tokens)
	}
	if err != nil {
		me.Skipped = err.Error()
		return me, nil
	}
	me.Spawns, me.GadgetReadings = spawnExplanations(x), x.Readings
	return me, x
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
