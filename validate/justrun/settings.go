package justrun

import (
	"fmt"

	justrunschema "github.com/runforge/runforge/schema/justrun"

	"github.com/runforge/runforge/validate"
)

// Settings and fields that would otherwise be accepted and ignored.

const (
	// RuleTilePosition reports position: on a tile that is not a start tile.
	RuleTilePosition = "justrun/tile-position"
	// RuleIdleSetting reports a placement setting that has no effect.
	RuleIdleSetting = "justrun/idle-setting"
)

func justRunSettingRules() []*validate.Rule {
	games := []string{justrunschema.System}
	return []*validate.Rule{
		{ID: RuleTilePosition, Severity: validate.Error, Games: games, Check: checkJRTilePosition,
			Doc: "A room or exit tile has position:, which only start tiles have: their place 1-5 in the start row (L105, A14); elsewhere it would be ignored."},
		{ID: RuleIdleSetting, Severity: validate.Warning, Games: games, Check: checkJRIdleSettings,
			Doc: "justRun.placement.rotationChoice is changed from its default while rotation is none: it only chooses among rotations when tiles may turn (A1), so it has no effect."},
	}
}

func checkJRTilePosition(c *validate.Context) {
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

func checkJRIdleSettings(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	r := s.Ref.Child("placement").Child("rotationChoice")
	// The bundled manifest writes the default under rotation: none; only a
	// value changed from it is a choice that does nothing.
	if r.Exists() && s.Placement.Rotation != "free" && s.Placement.RotationChoice != justrunschema.Defaults().Placement.RotationChoice {
		c.ReportHint(r.Pos(), fmt.Sprintf("placement.rotationChoice is %s, but rotation is %s: tiles do not turn, so there is no rotation to choose (A1)", s.Placement.RotationChoice, s.Placement.Rotation),
			"remove rotationChoice, or set rotation: free")
	}
}
