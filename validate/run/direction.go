package run

import (
	"fmt"
	runschema "github.com/runforge/runforge/schema/run"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/run/runmove"
)

// RuleFeatureDirection warns about a zip line, suspension bridge or link
// whose directional icon points away from where it carries the Runner.
const RuleFeatureDirection = "run/feature-direction"

func runDirectionRules() []*validate.Rule {
	return []*validate.Rule{
		{ID: RuleFeatureDirection, Severity: validate.Warning, Games: []string{System}, Check: checkRunFeatureDirection,
			Doc: "A zip line's, suspension bridge's or linked space's icon is a silent move or sprint whose direction points away from (or across) the space it carries the Runner to. The rulebook only says the exact action shown triggers it (L606, L620); an arrow pointing elsewhere misleads the players, and a designer's slip is likely (wilds are not checked)."},
	}
}

// againstTravel reports whether a directional action from a to b points
// away from b or across it: the dot product of the action's direction and
// the way from a to b is not positive. Wilds have no direction.
func againstTravel(action, from, to string) (bool, error) {
	a, err := runmove.ParseAction(action)
	if err != nil || a.IsWild() {
		return false, err
	}
	f, okF := runschema.ParseCell(from)
	t, okT := runschema.ParseCell(to)
	if !okF || !okT || f == t {
		return false, nil // run/grid and the schema report bad cells, run/zip-line and run/link one space
	}
	dc, dr := a.Dir().Delta()
	return dc*(t.Col-f.Col)+dr*(t.Row-f.Row) <= 0, nil
}

func checkRunFeatureDirection(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		report := func(ref schema.Ref, what, action, from, to string) {
			if bad, err := againstTravel(action, from, to); err == nil && bad {
				c.ReportHint(ref.Pos(),
					fmt.Sprintf("%s: %s %s: its icon %s points away from %s, where it carries the Runner", mapWhat(m), what, from+"-"+to, action, to),
					"show a move toward the other end, as players read the icon as the way the line goes")
			}
		}
		for _, z := range m.ZipLines {
			what := "zip line"
			if z.Style == "bridge" {
				what = "suspension bridge"
			}
			report(z.Ref.Child("action"), what, z.Action, z.Start, z.End)
			if z.EndAction != "" {
				report(z.Ref.Child("endAction"), what, z.EndAction, z.End, z.Start)
			}
		}
		for _, l := range m.Links {
			report(l.Ref.Child("action"), "link", l.Action, l.From, l.To)
			if l.BackAction != "" {
				report(l.Ref.Child("backAction"), "link", l.BackAction, l.To, l.From)
			}
		}
	}
}
