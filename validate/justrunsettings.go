package validate

import (
	"fmt"

	justrunschema "github.com/runforge/runforge/schema/justrun"
)

// Settings and fields that would otherwise be accepted and ignored.

const (
	// RuleJRTilePosition reports position: on a tile that is not a start tile.
	RuleJRTilePosition = "justrun/tile-position"
	// RuleJRIdleSetting reports a placement setting that has no effect.
	RuleJRIdleSetting = "justrun/idle-setting"
)

func justRunSettingRules() []*Rule {
	games := []string{"just-run"}
	return []*Rule{
		{ID: RuleJRTilePosition, Severity: Error, Games: games, Check: checkJRTilePosition,
			Doc: "A room or exit tile has position:, which only start tiles have: their place 1-5 in the start row (L105, A14); elsewhere it would be ignored."},
		{ID: RuleJRIdleSetting, Severity: Warning, Games: games, Check: checkJRIdleSettings,
			Doc: "justRun.placement.rotationChoice is changed from its default while rotation is none: it only chooses among rotations when tiles may turn (A1), so it has no effect."},
	}
}

func checkJRTilePosition(c *Context) {
	for _, ts := range justrunschema.TileSets(c.Pack) {
		if ts.Role == justrunschema.TileStart {
			continue
		}
		for _, t := range ts.Tiles {
			if r := t.Ref.Child("position"); r.Exists() {
				c.ReportHint(r.Pos(), fmt.Sprintf("%s tile %q has position: %d, but only start tiles have a place in the start row (L105, A14)", ts.Role, t.ID, t.Position),
					"remove position:, or move the tile to the start tile set")
			}
		}
	}
}

func checkJRIdleSettings(c *Context) {
	s := justrunschema.SettingsOf(c.Pack)
	r := s.Ref.Child("placement").Child("rotationChoice")
	// The spec's manifest writes the default under rotation: none; only a
	// value changed from it is a choice that does nothing.
	if r.Exists() && s.Placement.Rotation != "free" && s.Placement.RotationChoice != justrunschema.Defaults().Placement.RotationChoice {
		c.ReportHint(r.Pos(), fmt.Sprintf("placement.rotationChoice is %s, but rotation is %s: tiles do not turn, so there is no rotation to choose (A1)", s.Placement.RotationChoice, s.Placement.Rotation),
			"remove rotationChoice, or set rotation: free")
	}
}
