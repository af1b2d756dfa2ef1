package schema

import "encoding/json"

// justRunSchema is Just Run's part of the content model for cards (spec
// shared/specs/just-run.md sections 5 and 6.4; rulebook shared/rulebooks/
// just-run.md L141-L159, L581-L701). Its card schemas and the manifest's
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
var justRunSchema = GameSchema{
	System: "just-run",
	Kinds: []Kind{
		{"TileSet", "just-run-tiles.schema.json", "tile set", decodeTileSet},
		{"Combinations", "just-run-combinations.schema.json", "combination list", decodeCombinations},
	},
	CardTypes: []CardType{
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
	Settings: &SettingsBlock{Key: JustRunKey, Decode: func(raw []byte) (any, error) {
		s := &JustRunSettings{}
		return s, json.Unmarshal(raw, s)
	}},
}

// JustRunKey is the key of Just Run's block in the manifest.
const JustRunKey = "justRun"

// JustRunSystem is the manifest's system: value of Just Run.
const JustRunSystem = "just-run"

// Just Run card categories, item types and scenarios (spec 6.4).
const (
	JRCategoryItem  = "item"
	JRCategoryEvent = "event"

	JRRoleAntidote = "antidote"
	JRRoleMemento  = "memento"
)

// JRScenarios are the five scenarios in rulebook order (L583-L701).
var JRScenarios = []string{"get-out", "extermination", "memento-mori", "find-the-cure", "rescue-mission"}

// JRWeaponTypes are the item types that count as weapons (spec 7, notes:
// the door icon adds "that weapon's bonus attack dice", L321).
var JRWeaponTypes = []string{"melee", "flail", "ranged", "thrown"}

// JustRunSettings is the manifest's justRun: block (spec 6.2), with the
// spec's defaults for every key the manifest leaves out. Pack.JustRun
// returns it for any Just Run pack, whether or not the manifest has the
// block.
type JustRunSettings struct {
	Players   JRPlayers `json:"players"`
	Inventory int       `json:"inventory"`
	Board     JRBoard   `json:"board"`
	// Colours is the border palette; exactly one colour should be neutral.
	Colours    []*JRColour  `json:"colours"`
	Components JRComponents `json:"components"`
	Setup      JRSetup      `json:"setup"`
	Placement  JRPlacement  `json:"placement"`
	Simulation JRSimulation `json:"simulation"`

	// Ref is the manifest's justRun: block (which may not exist: then
	// every value is a default).
	Ref Ref `json:"-"`
}

// JRPlayers is the number of players: "For 2-6 players" (L54).
type JRPlayers struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// JRBoard is the board in tiles: "a board 5 tiles wide and a total of 10
// tiles long" (L85), 7 long in the Shorter Variation (L113).
type JRBoard struct {
	Width         int `json:"width"`
	Length        int `json:"length"`
	ShorterLength int `json:"shorterLength"`
}

// JRColour is a border colour of the palette.
type JRColour struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Hex     string `json:"hex"`
	Symbol  string `json:"symbol"`
	Neutral bool   `json:"neutral"`

	// Ref is the colour's entry; zero for a default colour.
	Ref Ref `json:"-"`
}

// Label is what the border prints: the name (else the id), upper case by
// convention of the template.
func (c *JRColour) Label() string { return nameOr(c.Name, c.ID) }

// JRComponents names the manifest components that play a part in the
// rules. Each defaults to the component id the spec proposes (3.2).
type JRComponents struct {
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

// JRSetup holds the single-value setup assumptions A14 A15 A16 A17 A19
// A20: stated in the pack, not hidden in code.
type JRSetup struct {
	StartOrder      string `json:"startOrder"`
	ConnectingDoors string `json:"connectingDoors"`
	TilePools       string `json:"tilePools"`
	Labs            string `json:"labs"`
	ExitSpawn       string `json:"exitSpawn"`
	ShorterDeck     string `json:"shorterDeck"`
}

// JRPlacement holds the placement assumptions of spec 4.4.
type JRPlacement struct {
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

// JRSimulation configures the board simulation (spec section 8).
type JRSimulation struct {
	Boards     int          `json:"boards"`
	Seed       int64        `json:"seed"`
	Policies   []string     `json:"policies"`  // A12: explore, run
	StartFrom  string       `json:"startFrom"` // A13: start-row
	Thresholds JRThresholds `json:"thresholds"`
}

// JRThresholds are the thresholds of the simulated metrics (spec 8.3).
type JRThresholds struct {
	ExitReachable          JRThreshold `json:"exitReachable"`
	ExitReachableEachStart JRThreshold `json:"exitReachableEachStart"`
	LabReachable           JRThreshold `json:"labReachable"`
	RescueeReachable       JRThreshold `json:"rescueeReachable"`
	ExhaustedBeforeExit    JRThreshold `json:"exhaustedBeforeExit"`
	FaceDownBeforeExit     JRThreshold `json:"faceDownBeforeExit"`
	TilePlacedShare        JRThreshold `json:"tilePlacedShare"`
}

// JRThreshold is a share with its direction: a minimum (and, for the
// shorter board, its own minimum) or a maximum. Unset bounds are nil.
type JRThreshold struct {
	Min        *float64 `json:"min"`
	MinShorter *float64 `json:"minShorter"`
	Max        *float64 `json:"max"`
}

// MinFor returns the minimum for a board: MinShorter on the shorter board
// when it is set, else Min.
func (t JRThreshold) MinFor(shorter bool) (float64, bool) {
	if shorter && t.MinShorter != nil {
		return *t.MinShorter, true
	}
	if t.Min != nil {
		return *t.Min, true
	}
	return 0, false
}

func jrShare(v float64) *float64 { return &v }

// DefaultJustRun returns the settings of spec 6.2 with every default.
func DefaultJustRun() *JustRunSettings {
	return &JustRunSettings{
		Players:   JRPlayers{Min: 2, Max: 6},
		Inventory: 5,
		Board:     JRBoard{Width: 5, Length: 10, ShorterLength: 7},
		Colours: []*JRColour{
			{ID: "black", Hex: "#1b1b1b", Symbol: "bar", Neutral: true},
			{ID: "red", Hex: "#c1121f", Symbol: "circle"},
			{ID: "orange", Hex: "#e36414", Symbol: "triangle"},
			{ID: "yellow", Hex: "#e9c46a", Symbol: "star"},
			{ID: "green", Hex: "#2a9d8f", Symbol: "square"},
			{ID: "blue", Hex: "#1d4e89", Symbol: "diamond"},
			{ID: "purple", Hex: "#6a4c93", Symbol: "cross"},
		},
		Components: JRComponents{
			Search: "search-cards", Scavenge: "scavenge-cards", Supplies: "supplies-cards", Scenarios: "scenario-cards",
			PlayerPawns: "player-pawns", RescueePawn: "rescuee-pawn", ZombiePawns: "zombie-pawns",
			PlayerDice: "player-zombie-dice", LifeTokens: "life-tokens", DeadZombieTokens: "dead-zombie-tokens",
			CureTokens: "cure-tokens", DoorDie: "door-die", WearTearDie: "wear-tear-die",
		},
		Setup: JRSetup{StartOrder: "fixed", ConnectingDoors: "between-start-tiles", TilePools: "separate",
			Labs: "room-tiles", ExitSpawn: "always", ShorterDeck: "all"},
		Placement: JRPlacement{Rotation: "none", RotationChoice: "most-doors", EdgeDoors: "dead", ExitAlignment: "on-reveal",
			FaceDown: "wildcard", WallBash: "excluded", RescueRows: "from-start", DoorPosition: "centre", ExitOrientation: "fixed",
			GiveUp: "all-tried-for-cell", FaceDownTile: "last-tried", AfterFaceDown: "reshuffle-all", DiscardReturn: "when-empty",
			RescuePlacement: "isolated", FacingDoors: "connect"},
		Simulation: JRSimulation{Boards: 10000, Seed: 20200209, Policies: []string{"explore", "run"}, StartFrom: "start-row",
			Thresholds: JRThresholds{
				ExitReachable:          JRThreshold{Min: jrShare(0.95)},
				ExitReachableEachStart: JRThreshold{Min: jrShare(0.95)},
				LabReachable:           JRThreshold{Min: jrShare(0.90), MinShorter: jrShare(0.75)},
				RescueeReachable:       JRThreshold{Min: jrShare(0.90)},
				ExhaustedBeforeExit:    JRThreshold{Max: jrShare(0.10)},
				FaceDownBeforeExit:     JRThreshold{Max: jrShare(0.05)},
				TilePlacedShare:        JRThreshold{Min: jrShare(0.01)},
			}},
	}
}

// UnmarshalJSON decodes the block over the defaults, so that every key
// the manifest leaves out keeps its default (a list given replaces the
// default list whole).
func (s *JustRunSettings) UnmarshalJSON(b []byte) error {
	type plain JustRunSettings
	def := DefaultJustRun()
	d := (*plain)(DefaultJustRun())
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
	*s = JustRunSettings(*d)
	return nil
}

// JustRun returns the pack's Just Run settings: the manifest's justRun:
// block with defaults, or every default when it has none. Refs point into
// the manifest where a value is written. It returns a fresh value on each
// call; nil for a pack without a manifest.
func (p *Pack) JustRun() *JustRunSettings {
	if p == nil || p.Game == nil {
		return nil
	}
	var s *JustRunSettings
	if own, ok := p.Game.Settings[JustRunKey].(*JustRunSettings); ok {
		c := *own
		s = &c
	} else {
		s = DefaultJustRun()
	}
	s.Ref = p.Game.Ref.Child("justRun")
	colours := make([]*JRColour, len(s.Colours))
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
func (s *JustRunSettings) Colour(id string) *JRColour {
	for _, c := range s.Colours {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// ColourIDs lists the palette's colour ids in order.
func (s *JustRunSettings) ColourIDs() []string {
	ids := make([]string, len(s.Colours))
	for i, c := range s.Colours {
		ids[i] = c.ID
	}
	return ids
}

// IsNeutral reports whether the colour id is a neutral palette colour.
func (s *JustRunSettings) IsNeutral(id string) bool {
	c := s.Colour(id)
	return c != nil && c.Neutral
}

// FieldRef is the reference of a key of the block, e.g.
// FieldRef("players", "max"); when the manifest does not write it, the
// nearest written ancestor (the block, else the manifest's system:).
func (s *JustRunSettings) FieldRef(path ...string) Ref {
	return settingsFieldRef(s.Ref, path...)
}

// settingsFieldRef is the reference of a key under a game's settings block
// (block): the key when the manifest writes it, else its nearest written
// ancestor, else the manifest's system: line.
func settingsFieldRef(block Ref, path ...string) Ref {
	r := block
	for _, k := range path {
		r = r.Child(k)
	}
	for at := r; ; {
		if at.Exists() {
			return at
		}
		if at.Pointer == block.Pointer {
			break
		}
		at = Ref{doc: at.doc, Pointer: jrParentPointer(at.Pointer)}
	}
	return Ref{doc: block.doc, Pointer: "/system"}
}

// jrParentPointer returns the JSON pointer of the parent of p.
func jrParentPointer(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return p[:i]
		}
	}
	return ""
}

// JRDeckRole is the part a justrun/card deck plays: "search", "scavenge",
// "supplies", or "" for another deck. A deck plays the part whose
// component it counts towards; a deck without a component plays the part
// named by its id.
func (s *JustRunSettings) JRDeckRole(d *Deck) string {
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
