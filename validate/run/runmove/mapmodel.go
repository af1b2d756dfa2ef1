package runmove

import (
	"fmt"
	"slices"
)

// Ref is an opaque source reference carried by every map feature (for
// example a schema.Pos or a YAML node), so that findings can point at the
// entry at fault. The package never looks inside it.
type Ref = any

// Space is one cell of the map. Level is explicit (A4): water -1, ground 0,
// terrain and roofs >= 1; Building is separate from the level ("whenever they
// stand on a space with a building, they're considered to be on roof level",
// L111).
type Space struct {
	Level    int
	Building bool // a building: the Runner stands on its roof (L111)
	Water    bool // "a new level below the ground level" (L558)
	Ice      bool // ground level, not water (L654)
	Bridge   bool // promo map: ground for movement, water joins under it (A9)
	Current  Dir  // a current's arrow on a water space (L576), NoDir if none
	Src      Ref
}

// Stash is a stash space (L117, L169).
type Stash struct {
	At  Cell
	Src Ref
}

// SafeHouse is a safe house, lettered A or B (L117).
type SafeHouse struct {
	Letter byte // 'A' or 'B'
	At     Cell
	Src    Ref
}

// Spawn is a spawn point numbered 1-8 (L119). A list, so that a duplicated
// number stays representable (M4).
type Spawn struct {
	Number int
	At     Cell
	Src    Ref
}

// AccessKind is the kind of an access feature (L249, L552). The kind is
// checked by structural rules (A6); movement only reads the icons.
type AccessKind uint8

// Access feature kinds.
const (
	FireEscape AccessKind = iota
	Ladder
	Vine
	Pier
)

// String is the enum value.
func (k AccessKind) String() string {
	return [...]string{"fire-escape", "ladder", "vine", "pier"}[k]
}

// Access is a fire escape, ladder, vine or pier leading from the lower space
// From up to the adjacent space To. Actions are its icons: the silent moves
// that climb it (L249, L552; one feature may show several icons, A6).
type Access struct {
	Kind     AccessKind
	From, To Cell
	Actions  []Action
	Src      Ref
}

// TunnelIcon is an extra movement icon drawn at one end of a tunnel (L600).
type TunnelIcon struct {
	From   Cell
	Action Action
	Src    Ref
}

// Tunnel links its two ends, in one row or column, under the spaces between
// them (L592-600, A14).
type Tunnel struct {
	Ends  [2]Cell
	Icons []TunnelIcon
	Src   Ref
}

// ZipLine is a zip line, or a suspension bridge when Bridge is set (L606-616).
// Action is the icon at Start. A two-way line has EndAction at End; a
// one-way line works only from Start (L612).
type ZipLine struct {
	Start, End Cell
	Action     Action
	OneWay     bool
	EndAction  Action
	Bridge     bool
	Src        Ref
}

// Link is a pair of linked spaces (L620-622): Action at From moves to To;
// BackAction, when set, at To moves back to From (A16).
type Link struct {
	From, To   Cell
	Action     Action
	BackAction Action
	Src        Ref
}

// ForbiddenMove is a machine-readable map-specific rule (L661-663): no move
// from From to To with one of Actions (any move, gadgets included, when
// Actions is empty). It applies to every step of a move and to tunnel, zip
// line and link passages; a forbidden zip line or link is not triggered, so
// the token moves regularly. Forced displacements are not moves and ignore it.
type ForbiddenMove struct {
	From, To Cell
	Actions  []Action
	Src      Ref
}

// Overrides are the machine-readable map-specific effects.
type Overrides struct {
	ForbiddenMoves []ForbiddenMove
}

// Options are engine options, not map content.
type Options struct {
	// WildsForceSpecials is the documented A15 option: a wild that can perform
	// a zip-line, suspension-bridge, link or extra tunnel icon uses it, and is
	// then forced onto zip lines and links like the exact token. Off by default
	// (strict reading of "exactly", L606).
	WildsForceSpecials bool
}

// Gadget is a gadget token (L266-296, L673-685).
type Gadget uint8

// The basic (L270-296) and advanced (L677-685) gadgets.
const (
	SmokeBomb Gadget = iota
	Crowbar
	Hook
	Jetpack
	JetSki
	ScubaGear
	numGadgets
)

// String is the gadget id.
func (g Gadget) String() string {
	if g < numGadgets {
		return [...]string{"smoke-bomb", "crowbar", "hook", "jetpack", "jet-ski", "scuba-gear"}[g]
	}
	return fmt.Sprintf("Gadget(%d)", uint8(g))
}

// ParseGadget parses a gadget id.
func ParseGadget(s string) (Gadget, error) {
	for g := SmokeBomb; g < numGadgets; g++ {
		if g.String() == s {
			return g, nil
		}
	}
	return 0, fmt.Errorf("gadget %q: want smoke-bomb, crowbar, hook, jetpack, jet-ski or scuba-gear", s)
}

// Map is one side of a map card, typed for movement and reachability.
type Map struct {
	ID         string
	Src        Ref
	Spaces     [NumCells]Space
	Stashes    []Stash
	SafeHouses []SafeHouse
	Spawns     []Spawn
	Access     []Access
	Tunnels    []Tunnel
	ZipLines   []ZipLine
	Links      []Link
	CrossedOut []Gadget // "a crossed-out gadget may not be used on this map" (L667)
	Overrides  Overrides
	Options    Options
}

// Limits of the search encoding.
const (
	// MaxStashes is the rulebook's 4 stashes (L169; a map with more is a
	// run/stashes error and is not searched). Stash sets are 4-bit masks:
	// with 6 stashes the one-board search of one map took 4 s of CPU.
	MaxStashes = 4
	MaxTokens  = 16 // token sets are bitmasks over at most 16 tokens
)

// Validate reports features the movement model cannot represent: a cell off
// the map, a safe-house letter other than A or B, more than MaxStashes
// stashes. Structural defects the model can represent (a duplicated spawn
// number, a current onto ground) are left to the structural rules.
func (m *Map) Validate() error {
	for _, c := range m.cells() {
		if !c.Valid() {
			return fmt.Errorf("map %q: %v is not on the map", m.ID, c)
		}
	}
	for _, h := range m.SafeHouses {
		if h.Letter != 'A' && h.Letter != 'B' {
			return fmt.Errorf("map %q: safe house letter %q is not A or B", m.ID, h.Letter)
		}
	}
	if len(m.Stashes) > MaxStashes {
		return fmt.Errorf("map %q: %d stashes; reachability handles at most %d", m.ID, len(m.Stashes), MaxStashes)
	}
	return nil
}

func (m *Map) cells() []Cell {
	var cs []Cell
	for _, s := range m.Stashes {
		cs = append(cs, s.At)
	}
	for _, h := range m.SafeHouses {
		cs = append(cs, h.At)
	}
	for _, s := range m.Spawns {
		cs = append(cs, s.At)
	}
	for _, a := range m.Access {
		cs = append(cs, a.From, a.To)
	}
	for _, t := range m.Tunnels {
		cs = append(cs, t.Ends[0], t.Ends[1])
		for _, i := range t.Icons {
			cs = append(cs, i.From)
		}
	}
	for _, z := range m.ZipLines {
		cs = append(cs, z.Start, z.End)
	}
	for _, l := range m.Links {
		cs = append(cs, l.From, l.To)
	}
	for _, f := range m.Overrides.ForbiddenMoves {
		cs = append(cs, f.From, f.To)
	}
	return cs
}

// level is the level of a space.
func (m *Map) level(c Cell) int { return m.Spaces[c].Level }

// HasWater reports whether any space is water.
func (m *Map) HasWater() bool {
	for _, s := range m.Spaces {
		if s.Water {
			return true
		}
	}
	return false
}

// forbidden reports whether an override forbids moving from p to q with the
// token a performing icon via (either listed forbids it).
func (m *Map) forbidden(p, q Cell, a, via Action) bool {
	for _, f := range m.Overrides.ForbiddenMoves {
		if f.From == p && f.To == q &&
			(len(f.Actions) == 0 || slices.Contains(f.Actions, a) || slices.Contains(f.Actions, via)) {
			return true
		}
	}
	return false
}

// climbs reports an access feature from p up to q showing the icon via
// (L249: "use the action indicated by the icon next to it").
func (m *Map) climbs(p, q Cell, via Action) bool {
	for _, f := range m.Access {
		if f.From == p && f.To == q && slices.Contains(f.Actions, via) {
			return true
		}
	}
	return false
}

// anyAccess reports an access feature from p to q, whatever its icon (the
// Smoke Bomb may use any fire escape, L250).
func (m *Map) anyAccess(p, q Cell) bool {
	for _, f := range m.Access {
		if f.From == p && f.To == q {
			return true
		}
	}
	return false
}

// GadgetPool is the pool of gadgets for the stashes: the 4 basic gadgets
// (L169), plus Jet Ski and Scuba Gear on maps with water (L673), minus the
// crossed-out ones (L667).
func (m *Map) GadgetPool() []Gadget {
	var pool []Gadget
	for g := SmokeBomb; g < numGadgets; g++ {
		if (g == JetSki || g == ScubaGear) && !m.HasWater() {
			continue
		}
		if !slices.Contains(m.CrossedOut, g) {
			pool = append(pool, g)
		}
	}
	return pool
}
