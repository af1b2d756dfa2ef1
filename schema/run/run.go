// Package run is RUN's part of the content model: its card types (backup
// and rank cards), its icons, its maps (the Map kind, map.go), its JSON
// Schemas (jsonschema/run.schema.json, run-map.schema.json) and its
// built-in templates (builtin/run.yaml). Other packages import it as
// runschema.
package run

import (
	"embed"
	"strings"

	"github.com/runforge/runforge/schema"
)

// System is the manifest's system: value of RUN.
const System = "run"

//go:embed jsonschema/*.schema.json
var schemaFiles embed.FS

//go:embed builtin/*.yaml
var builtinFiles embed.FS

// Schema is RUN's part of the content model for cards (RUN rulebook L53,
// L56, L140, L150-153, L407-418). Its card schemas are in
// jsonschema/run.schema.json; maps are the Map kind (map.go).
//
// A run/backup deck declares its backup-action vocabulary once, as the
// deck setting actions: (the rulebook lists no backup actions, L420); each
// card names the ranks it belongs to, its spawn point and its top, middle
// and bottom action by id.
var Schema = schema.GameSchema{
	KitOutputs: []string{"maps.pdf"},
	System:     System,
	Kinds: []schema.Kind{
		{Name: "Map", Schema: "run-map.schema.json", Noun: "map", Decode: decodeMap},
	},
	CardTypes: []schema.CardType{
		{Name: "run/backup", Card: "run.schema.json#/$defs/backup", Deck: "run.schema.json#/$defs/backupDeck",
			Face: "run-backup", Back: "run-backup-back", Derived: []string{"rankList", "top", "middle", "bottom", "topText", "middleText", "bottomText"}},
		{Name: "run/rank", Card: "run.schema.json#/$defs/rank", Face: "run-rank", Back: "run-rank-back",
			Derived: []string{"roleName"}},
	},
	Icons:     runIcons(),
	Schemas:   schemaFiles,
	Templates: builtinFiles,
}

// runIcons are RUN's icons: the Runner's moves (silent moves in 8
// directions, L214-222; sprints, L238; the wilds, L226-232), the map
// features, the gadgets (L270-296, L673-685) and the cardboard tokens
// (L65-68).
func runIcons() map[string]string {
	icons := map[string]string{
		"sprint-n": "a loud sprint north", "sprint-e": "a loud sprint east",
		"sprint-s": "a loud sprint south", "sprint-w": "a loud sprint west",
		"wild-orthogonal": "the loud orthogonal wild: one space N, E, S or W, played face up",
		"wild-diagonal":   "the loud diagonal wild: one space NE, SE, SW or NW, played face up",
		"stash":           "a stash", "safe-house": "a safe house", "helipad": "the helipad",
		"witness": "a witness", "puddle": "a puddle", "donut": "the donut shop, or the donut token",
		"footprint": "a footprint token", "road-block": "a road block", "motion-detector": "a motion detector",
		"police-car": "a surveillance car", "used": "a used token", "construction-site": "the construction site",
		"smoke-bomb": "the Smoke Bomb gadget", "crowbar": "the Crowbar gadget", "hook": "the Hook gadget",
		"jetpack": "the Jetpack gadget", "jet-ski": "the Jet Ski gadget", "scuba-gear": "the Scuba Gear gadget",
	}
	for _, d := range []string{"n", "ne", "e", "se", "s", "sw", "w", "nw"} {
		icons["silent-"+d] = "a silent move " + strings.ToUpper(d)
	}
	return icons
}

// BackupAction is one entry of a run/backup deck's actions: vocabulary.
type BackupAction struct {
	ID, Name, Text, Verb string
	// Tokens are the cardboard tokens placed per map, by token id.
	Tokens map[string]int
	// Index is the entry's place in the list.
	Index int
}

// BackupActions returns the backup-action vocabulary of a run/backup deck
// (its actions: setting), in order.
func BackupActions(d *schema.Deck) []BackupAction {
	list, _ := d.Settings["actions"].([]any)
	var out []BackupAction
	for i, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		a := BackupAction{Index: i, Tokens: map[string]int{}}
		a.ID, _ = m["id"].(string)
		a.Name, _ = m["name"].(string)
		a.Text, _ = m["text"].(string)
		a.Verb, _ = m["verb"].(string)
		toks, _ := m["tokens"].(map[string]any)
		for k, v := range toks {
			if n, ok := v.(int64); ok {
				a.Tokens[k] = int(n)
			}
		}
		out = append(out, a)
	}
	return out
}
