// Package justrun is Just Run's part of the content model: its card types,
// its tile sets (the TileSet kind), combinations (the Combinations kind),
// the manifest's justRun: block (Settings, read with SettingsOf), its JSON
// Schemas (jsonschema/) and its built-in templates (builtin/just-run.yaml).
// Other packages import it as justrunschema.
package justrun

import (
	"embed"
	"encoding/json"

	"github.com/runforge/runforge/schema"
)

// Schema is Just Run's part of the content model for cards (Just Run
// rulebook L141-L159, L581-L701). Its card schemas and the manifest's
// justRun: block are in jsonschema/just-run.schema.json; tiles are the
// TileSet kind (tileset.go), combinations the Combinations kind
// (combinations.go).
//
// Decks search, scavenge and supplies use justrun/card, one card type for
// item and event cards told apart by category:; the face template draws
// the item anatomy (L147-L159) or the event by category. Each of the three
// decks needs its own back to be separated after a shuffle (L95): the
// built-in backs justrun-search-back, justrun-scavenge-back and
// justrun-supplies-back, set by the deck's back:. The borders are
// justrun-border boxes, drawn from the manifest's palette (justRun.colours).
var Schema = schema.GameSchema{
	System:    System,
	Schemas:   schemaFiles,
	Templates: builtinFiles,
	Kinds: []schema.Kind{
		{Name: "TileSet", Schema: "just-run-tiles.schema.json", Noun: "tile set", Decode: decodeTileSet},
		{Name: "Combinations", Schema: "just-run-combinations.schema.json", Noun: "combination list", Decode: decodeCombinations},
	},
	CardTypes: []schema.CardType{
		{Name: "justrun/card", Card: "just-run.schema.json#/$defs/card", Face: "justrun-card", Back: "justrun-card-back",
			Derived: []string{"spaceLabel", "wearTearMark", "bashMark", "attackLabel", "armorLabel",
				"leftLabel", "leftHex", "leftSymbol", "leftNeutral", "leftOther", "leftInk",
				"rightLabel", "rightHex", "rightSymbol", "rightNeutral", "rightOther", "rightInk",
				"extras", "optionalBanner"}},
		{Name: "justrun/scenario", Card: "just-run.schema.json#/$defs/scenario", Face: "justrun-scenario", Back: "justrun-scenario-back",
			Derived: []string{"rating"}},
	},
	// justrun-border draws one border of an item card (field: left or
	// right) in the colour of the pack's palette, with the colour's symbol
	// and name along it (generator/justrun.go).
	BoxTypes: []string{"justrun-border"},
	Settings: &schema.SettingsBlock{Key: Key, Schema: "just-run.schema.json#/$defs/settings",
		Description: "Just Run only: players, inventory, board, border colours, component roles and the setup, placement and simulation assumptions.",
		Decode: func(raw []byte) (any, error) {
			s := &Settings{}
			return s, json.Unmarshal(raw, s)
		}},
}

// Key is the key of Just Run's block in the manifest.
const Key = "justRun"

// System is the manifest's system: value of Just Run.
const System = "just-run"

// Just Run card categories, item types and scenarios.
const (
	CategoryItem  = "item"
	CategoryEvent = "event"

	RoleAntidote = "antidote"
	RoleMemento  = "memento"
)

// Scenarios are the five scenarios in rulebook order (L583-L701).
var Scenarios = []string{"get-out", "extermination", "memento-mori", "find-the-cure", "rescue-mission"}

// WeaponTypes are the item types that count as weapons (the door
// icon adds "that weapon's bonus attack dice", L321).
var WeaponTypes = []string{"melee", "flail", "ranged", "thrown"}

// Settings is the manifest's justRun: block, with the
// defaults for every key the manifest leaves out. Pack.JustRun
// returns it for any Just Run pack, whether or not the manifest has the
// block.
type Settings struct {
	Players   Players `json:"players"`
	Inventory int     `json:"inventory"`
	Board     Board   `json:"board"`
	// Colours is the border palette; exactly one colour should be neutral.
	Colours    []*Colour  `json:"colours"`
	Components Components `json:"components"`
	Setup      Setup      `json:"setup"`
	Placement  Placement  `json:"placement"`
	Simulation Simulation `json:"simulation"`

	// Ref is the manifest's justRun: block (which may not exist: then
	// every value is a default).
	Ref schema.Ref `json:"-"`
}

// Players is the number of players: "For 2-6 players" (L54).
type Players struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// Board is the board in tiles: "a board 5 tiles wide and a total of 10
// tiles long" (L85), 7 long in the Shorter Variation (L113).
type Board struct {
	Width         int `json:"width"`
	Length        int `json:"length"`
	ShorterLength int `json:"shorterLength"`
}

// Colour is a border colour of the palette.
type Colour struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Hex     string `json:"hex"`
	Symbol  string `json:"symbol"`
	Neutral bool   `json:"neutral"`

	// Ref is the colour's entry; zero for a default colour.
	Ref schema.Ref `json:"-"`
}

// Label is what the border prints: the name (else the id), upper case by
// convention of the template.
func (c *Colour) Label() string { return nameOr(c.Name, c.ID) }

// Components names the manifest components that play a part in the
// rules. Each defaults to the component id of the bundled pack.
type Components struct {
	Search           string `json:"search"`
	Scavenge         string `json:"scavenge"`
	Supplies         string `json:"supplies"`
	Scenarios        string `json:"scenarios"`
	PlayerPawns      string `json:"playerPawns"`
	RescueePawn      string `json:"rescueePawn"`
	ZombiePawns      string `json:"zombiePawns"`
	PlayerDice       string `json:"playerDice"`
	LifeTokens       string `json:"lifeTokens"`
	DeadZombieTokens string `json:"deadZombieTokens"`
	CureTokens       string `json:"cureTokens"`
	// DoorDie and WearTearDie are the components of the two custom dice:
	// the rules find each die of the pack's Dice by its component.
	DoorDie     string `json:"doorDie"`
	WearTearDie string `json:"wearTearDie"`
}

// Setup holds the single-value setup assumptions A14 A15 A16 A17 A19
// A20: stated in the pack, not hidden in code.
type Setup struct {
	StartOrder      string `json:"startOrder"`
	ConnectingDoors string `json:"connectingDoors"`
	TilePools       string `json:"tilePools"`
	Labs            string `json:"labs"`
	ExitSpawn       string `json:"exitSpawn"`
	ShorterDeck     string `json:"shorterDeck"`
}

// Placement holds the assumptions of board assembly, each with its
// A-id.
type Placement struct {
	Rotation        string `json:"rotation"`        // A1: none | free
	RotationChoice  string `json:"rotationChoice"`  // A1: most-doors | random
	EdgeDoors       string `json:"edgeDoors"`       // A3: dead | misfit
	ExitAlignment   string `json:"exitAlignment"`   // A4: on-reveal | always
	FaceDown        string `json:"faceDown"`        // A6: wildcard | wall
	WallBash        string `json:"wallBash"`        // A11: excluded | modelled
	RescueRows      string `json:"rescueRows"`      // A18: from-start | room-rows
	DoorPosition    string `json:"doorPosition"`    // A2: centre
	ExitOrientation string `json:"exitOrientation"` // A5: fixed
	GiveUp          string `json:"giveUp"`          // A7: all-tried-for-cell
	FaceDownTile    string `json:"faceDownTile"`    // A8: last-tried
	AfterFaceDown   string `json:"afterFaceDown"`   // A9: reshuffle-all
	DiscardReturn   string `json:"discardReturn"`   // A10: when-empty
	RescuePlacement string `json:"rescuePlacement"` // A18: isolated
	FacingDoors     string `json:"facingDoors"`     // A21: connect
}

// Simulation configures the board simulation.
type Simulation struct {
	Boards     int        `json:"boards"`
	Seed       int64      `json:"seed"`
	Policies   []string   `json:"policies"`  // A12: explore, run
	StartFrom  string     `json:"startFrom"` // A13: start-row
	Thresholds Thresholds `json:"thresholds"`
}

// Thresholds are the thresholds of the simulated metrics.
type Thresholds struct {
	ExitReachable          Threshold `json:"exitReachable"`
	ExitReachableEachStart Threshold `json:"exitReachableEachStart"`
	LabReachable           Threshold `json:"labReachable"`
	RescueeReachable       Threshold `json:"rescueeReachable"`
	ExhaustedBeforeExit    Threshold `json:"exhaustedBeforeExit"`
	FaceDownBeforeExit     Threshold `json:"faceDownBeforeExit"`
	TilePlacedShare        Threshold `json:"tilePlacedShare"`
}

// Threshold is a share with its direction: a minimum (and, for the
// shorter board, its own minimum) or a maximum. Unset bounds are nil.
type Threshold struct {
	Min        *float64 `json:"min"`
	MinShorter *float64 `json:"minShorter"`
	Max        *float64 `json:"max"`
}

// MinFor returns the minimum for a board: MinShorter on the shorter board
// when it is set, else Min.
func (t Threshold) MinFor(shorter bool) (float64, bool) {
	if shorter && t.MinShorter != nil {
		return *t.MinShorter, true
	}
	if t.Min != nil {
		return *t.Min, true
	}
	return 0, false
}

func jrShare(v float64) *float64 { return &v }

// Defaults returns the settings with every default.
func Defaults() *Settings {
	return &Settings{
		Players:   Players{Min: 2, Max: 6},
		Inventory: 5,
		Board:     Board{Width: 5, Length: 10, ShorterLength: 7},
		Colours: []*Colour{
			{ID: "black", Hex: "#1b1b1b", Symbol: "bar", Neutral: true},
			{ID: "red", Hex: "#c1121f", Symbol: "circle"},
			{ID: "orange", Hex: "#e36414", Symbol: "triangle"},
			{ID: "yellow", Hex: "#e9c46a", Symbol: "star"},
			{ID: "green", Hex: "#2a9d8f", Symbol: "square"},
			{ID: "blue", Hex: "#1d4e89", Symbol: "diamond"},
			{ID: "purple", Hex: "#6a4c93", Symbol: "cross"},
		},
		Components: Components{
			Search: "search-cards", Scavenge: "scavenge-cards", Supplies: "supplies-cards", Scenarios: "scenario-cards",
			PlayerPawns: "player-pawns", RescueePawn: "rescuee-pawn", ZombiePawns: "zombie-pawns",
			PlayerDice: "player-zombie-dice", LifeTokens: "life-tokens", DeadZombieTokens: "dead-zombie-tokens",
			CureTokens: "cure-tokens", DoorDie: "door-die", WearTearDie: "wear-tear-die",
		},
		Setup: Setup{StartOrder: "fixed", ConnectingDoors: "between-start-tiles", TilePools: "separate",
			Labs: "room-tiles", ExitSpawn: "always", ShorterDeck: "all"},
		Placement: Placement{Rotation: "none", RotationChoice: "most-doors", EdgeDoors: "dead", ExitAlignment: "on-reveal",
			FaceDown: "wildcard", WallBash: "excluded", RescueRows: "from-start", DoorPosition: "centre", ExitOrientation: "fixed",
			GiveUp: "all-tried-for-cell", FaceDownTile: "last-tried", AfterFaceDown: "reshuffle-all", DiscardReturn: "when-empty",
			RescuePlacement: "isolated", FacingDoors: "connect"},
		Simulation: Simulation{Boards: 10000, Seed: 20200209, Policies: []string{"explore", "run"}, StartFrom: "start-row",
			Thresholds: Thresholds{
				ExitReachable:          Threshold{Min: jrShare(0.95)},
				ExitReachableEachStart: Threshold{Min: jrShare(0.95)},
				LabReachable:           Threshold{Min: jrShare(0.90), MinShorter: jrShare(0.75)},
				RescueeReachable:       Threshold{Min: jrShare(0.90)},
				ExhaustedBeforeExit:    Threshold{Max: jrShare(0.10)},
				FaceDownBeforeExit:     Threshold{Max: jrShare(0.05)},
				TilePlacedShare:        Threshold{Min: jrShare(0.01)},
			}},
	}
}

// UnmarshalJSON decodes the block over the defaults, so that every key
// the manifest leaves out keeps its default (a list given replaces the
// default list whole).
func (s *Settings) UnmarshalJSON(b []byte) error {
	type plain Settings
	def := Defaults()
	d := (*plain)(Defaults())
	// Lists are replaced whole: json would decode into the default
	// elements in place.
	d.Colours, d.Simulation.Policies = nil, nil
	if err := json.Unmarshal(b, d); err != nil {
		return err
	}
	if d.Colours == nil {
		d.Colours = def.Colours
	}
	if d.Simulation.Policies == nil {
		d.Simulation.Policies = def.Simulation.Policies
	}
	*s = Settings(*d)
	return nil
}

// JustRun returns the pack's Just Run settings: the manifest's justRun:
// block with defaults, or every default when it has none. Refs point into
// the manifest where a value is written. It returns a fresh value on each
// call; nil for a pack without a manifest.
func SettingsOf(p *schema.Pack) *Settings {
	if p == nil || p.Game == nil {
		return nil
	}
	var s *Settings
	if own, ok := p.Game.Settings[Key].(*Settings); ok {
		c := *own
		s = &c
	} else {
		s = Defaults()
	}
	s.Ref = p.Game.Ref.Child("justRun")
	colours := make([]*Colour, len(s.Colours))
	own := s.Ref.Child("colours").Exists()
	for i, col := range s.Colours {
		c := *col
		if own {
			c.Ref = s.Ref.Child("colours").Index(i)
		}
		colours[i] = &c
	}
	s.Colours = colours
	return s
}

// Colour returns the palette colour with the given id, or nil.
func (s *Settings) Colour(id string) *Colour {
	for _, c := range s.Colours {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// ColourIDs lists the palette's colour ids in order.
func (s *Settings) ColourIDs() []string {
	ids := make([]string, len(s.Colours))
	for i, c := range s.Colours {
		ids[i] = c.ID
	}
	return ids
}

// IsNeutral reports whether the colour id is a neutral palette colour.
func (s *Settings) IsNeutral(id string) bool {
	c := s.Colour(id)
	return c != nil && c.Neutral
}

// FieldRef is the reference of a key of the block, e.g.
// FieldRef("players", "max"); when the manifest does not write it, the
// nearest written ancestor (the block, else the manifest's system:).
func (s *Settings) FieldRef(path ...string) schema.Ref {
	return schema.SettingsFieldRef(s.Ref, path...)
}

// DeckRole is the part a justrun/card deck plays: "search", "scavenge",
// "supplies", or "" for another deck. A deck plays the part whose
// component it counts towards; a deck without a component plays the part
// named by its id.
func (s *Settings) DeckRole(d *schema.Deck) string {
	comp := d.Component
	for _, r := range []struct{ role, comp string }{
		{"search", s.Components.Search}, {"scavenge", s.Components.Scavenge}, {"supplies", s.Components.Supplies},
	} {
		if comp != "" && comp == r.comp || comp == "" && d.ID == r.role {
			return r.role
		}
	}
	return ""
}

//go:embed jsonschema/*.schema.json
var schemaFiles embed.FS

//go:embed builtin/*.yaml
var builtinFiles embed.FS

// nameOr returns name, or id when name is empty.
func nameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}
