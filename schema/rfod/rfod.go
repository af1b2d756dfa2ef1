// Package rfod is the part of the content model of Run, Fight, or Die!,
// which Run, Fight, or Die: Reloaded (package schema/rfodr) shares for the
// most part: the card types (Schema), the manifest's rfod: block (Settings,
// read with SettingsOf), player boards, the guide, the JSON Schemas of
// both games (jsonschema/) and their built-in templates (builtin/rfod.yaml).
// Other packages import it as rfodschema.
package rfod

import (
	"embed"
	"encoding/json"
	"math/big"

	"github.com/runforge/runforge/schema"
)

//go:embed jsonschema/*.schema.json
var schemaFiles embed.FS

//go:embed builtin/*.yaml
var builtinFiles embed.FS

// Schema is Run, Fight, or Die!'s part of the content model (rulebook
// run-fight-or-die.md). Its card schemas and the
// manifest's rfod: block are in jsonschema/rfod.schema.json; Action and
// Character boards are the PlayerBoards kind (playerboards.go), dice the
// Dice kind with role: action, bonus or event.
//
// Each of the six decks has a back of its own: the decks are told apart
// after a shuffle.
var Schema = schema.GameSchema{
	KitOutputs: []string{"odds.pdf"},
	System:     System,
	Settings:   rfodSettingsBlock,
	Schemas:    schemaFiles,
	Templates:  builtinFiles,
	Kinds: []schema.Kind{
		{Name: "PlayerBoards", Schema: "player-boards.schema.json", Noun: "player board set", Decode: decodePlayerBoards},
		{Name: "Guide", Schema: "guide.schema.json", Noun: "guide", Decode: decodeGuide},
	},
	CardTypes: []schema.CardType{
		{Name: "rfod/follower", Card: "rfod.schema.json#/$defs/follower", Face: "rfod-follower", Back: "rfod-follower-back",
			Derived: []string{"abilities"}},
		{Name: "rfod/location", Card: "rfod.schema.json#/$defs/location", Face: "rfod-location", Back: "rfod-location-back",
			Derived: []string{"townLineTable"}},
		{Name: "rfod/loot", Card: "rfod.schema.json#/$defs/loot", Face: "rfod-loot", Back: "rfod-loot-back"},
		{Name: "rfod/event", Card: "rfod.schema.json#/$defs/event", Face: "rfod-event", Back: "rfod-event-back"},
		{Name: "rfod/fleeing", Card: "rfod.schema.json#/$defs/fleeing", Face: "rfod-fleeing", Back: "rfod-fleeing-back"},
		{Name: "rfod/mutant", Card: "rfod.schema.json#/$defs/mutant", Face: "rfod-mutant", Back: "rfod-mutant-back"},
	},
	Icons: map[string]string{
		"bat": "the Bat action die face", "run": "the Run action die face",
		"search": "the Search for Followers action die face", "gun": "the Gun action die face",
		"book": "the Book of the Dead action die face",
		// The event die's faces (run-fight-or-die.md L284-304, A4).
		"all-quiet": "the ALL QUIET event", "ambush": "the AMBUSH event", "amulet": "the AMULET event",
		"charge": "the CHARGE event", "nurse": "the NURSE event", "zombies-rise": "the ZOMBIES RISE event",
		// A location's icons (L426, L430).
		"event": "a location's Event icon: draw an Event card", "loot": "a location's Loot icon: draw a Loot card",
		// A Follower's icons (L406) and its solo text (L499).
		"bonus":     "a Follower's Bonus: an ability you may choose not to use (L406, L408)",
		"penalty":   "a Follower's Penalty: an effect you must apply (L406, L408)",
		"special":   "a Follower's Special: neither a Bonus nor a Penalty, always applied (L406, L408)",
		"solitaire": "the solo game's text, which replaces the card's own (L499)",
	},
}

// System is the manifest's system: value of the game.
const System = "run-fight-or-die"

// Key is the key of the block of RFoD and Reloaded in the manifest.
const Key = "rfod"

// rfodSettingsBlock is the manifest's rfod: block, which RFoD and
// Reloaded share.
var rfodSettingsBlock = &schema.SettingsBlock{Key: Key, Schema: "rfod.schema.json#/$defs/settings",
	Description: "Run, Fight, or Die! and Reloaded only: dice (rerolls, setAsideIsPermanent, oddsWarningBelow), players, mutantStartWounds and token components.",
	Decode: func(raw []byte) (any, error) {
		s := &Settings{}
		return s, json.Unmarshal(raw, s)
	}}

// Settings is the manifest's rfod: block of an RFoD or a
// Reloaded pack, with defaults for every key the manifest leaves out.
// Pack.RFoD returns it for any pack.
type Settings struct {
	Dice    Dice    `json:"dice"`
	Players Players `json:"players"`
	// MutantStartWounds is RFoD's table of the Mutant's starting wounds
	// (run-fight-or-die.md L489-490); rows for 5 and 6 players are the
	// pack's own (A11).
	MutantStartWounds []MutantRow `json:"mutantStartWounds"`
	Components        Components  `json:"components"`

	// Ref is the manifest's rfod: block (which may not exist).
	Ref schema.Ref `json:"-"`
}

// Dice are the dice settings of the rfod: block.
type Dice struct {
	// Rerolls per turn (default 2); an RFoD character's rerolls: overrides
	// it for that character.
	Rerolls int `json:"rerolls"`
	// SetAsideIsPermanent is the Reloaded reading of A14 (default false:
	// repick).
	SetAsideIsPermanent bool `json:"setAsideIsPermanent"`
	// OddsWarningBelow is the combo warning threshold as written (default
	// "0.01"); see Threshold.
	OddsWarningBelow json.Number `json:"oddsWarningBelow"`
}

// Threshold is OddsWarningBelow as an exact fraction; 1/100 when it is
// not a number.
func (d Dice) Threshold() *big.Rat {
	if r, ok := new(big.Rat).SetString(d.OddsWarningBelow.String()); ok {
		return r
	}
	return big.NewRat(1, 100)
}

// Players are the player counts a pack supports.
type Players struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// MutantRow is one row of the Mutant's starting wounds.
type MutantRow struct {
	Players int `json:"players"`
	Wounds  int `json:"wounds"`
}

// Components names the components of Reloaded's valued tokens.
type Components struct {
	ZombieTokens     string `json:"zombieTokens"`
	LeadershipTokens string `json:"leadershipTokens"`
}

// Defaults returns the settings with every default: 2
// rerolls, the repick reading, a 0.01 threshold, 1-4 players, the Mutant
// table for 1-4 players (run-fight-or-die.md L489-490).
func Defaults() *Settings {
	return &Settings{
		Dice:    Dice{Rerolls: 2, OddsWarningBelow: "0.01"},
		Players: Players{Min: 1, Max: 4},
		MutantStartWounds: []MutantRow{
			{Players: 1, Wounds: 3}, {Players: 2, Wounds: 3}, {Players: 3, Wounds: 4}, {Players: 4, Wounds: 5},
		},
		Components: Components{ZombieTokens: "zombie-tokens", LeadershipTokens: "leadership-tokens"},
	}
}

// UnmarshalJSON decodes the block over the defaults; a list given replaces
// the default list whole.
func (s *Settings) UnmarshalJSON(b []byte) error {
	type plain Settings
	def := Defaults()
	d := (*plain)(Defaults())
	d.MutantStartWounds = nil
	if err := json.Unmarshal(b, d); err != nil {
		return err
	}
	if d.MutantStartWounds == nil {
		d.MutantStartWounds = def.MutantStartWounds
	}
	*s = Settings(*d)
	return nil
}

// RFoD returns the pack's RFoD or Reloaded settings: the manifest's rfod:
// block over the defaults, or every default. It returns a fresh value on
// each call; nil for a pack without a manifest.
func SettingsOf(p *schema.Pack) *Settings {
	if p == nil || p.Game == nil {
		return nil
	}
	var s *Settings
	if own, ok := p.Game.Settings[Key].(*Settings); ok {
		c := *own
		c.MutantStartWounds = append([]MutantRow(nil), c.MutantStartWounds...)
		s = &c
	} else {
		s = Defaults()
	}
	s.Ref = p.Game.Ref.Child("rfod")
	return s
}

// FieldRef is the reference of a key of the block, e.g.
// FieldRef("players", "max"); when the manifest does not write it, the
// nearest written ancestor (the block, else the manifest's system:).
func (s *Settings) FieldRef(path ...string) schema.Ref {
	return schema.SettingsFieldRef(s.Ref, path...)
}

// RFoDDecks returns the pack's decks of a card type, in pack order.
func Decks(p *schema.Pack, cardType string) []*schema.Deck {
	var out []*schema.Deck
	for _, d := range p.Decks() {
		if d.CardType == cardType {
			out = append(out, d)
		}
	}
	return out
}

// RFoDCards returns the cards of the pack's decks of a card type, in pack
// order.
func Cards(p *schema.Pack, cardType string) []*schema.Card {
	var out []*schema.Card
	for _, d := range Decks(p, cardType) {
		out = append(out, d.Cards...)
	}
	return out
}

// nameOr returns name, or id when name is empty.
func nameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}
