package justrun

import (
	"fmt"

	"github.com/runforge/runforge/schema"
)

// TileSet is a set of Just Run tiles of one role (kind: TileSet): the room
// tiles that are drawn,
// the 5 start tiles laid face up in row 1, or the 5 exit tiles laid face
// down in the last row (L85, L105). Each side of a tile is a wall or one
// door at the side's centre (A2); n faces the exit row (A1). Every side is
// positioned on its own (Tile.SideRef) so that a finding points at it.
type TileSet struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Component is the manifest component the tiles count towards.
	Component string `json:"component"`
	// Role is TileRoom, TileStart or TileExit.
	Role  string  `json:"role"`
	Tiles []*Tile `json:"tiles"`
	// PrintWith names the tile set on whose sheets this one's tiles print
	// (set by the kit when the sets share sheets, never written in a
	// file): the set then has no PDF of its own.
	PrintWith string `json:"-"`

	Ref schema.Ref `json:"-"`
}

// Tile roles.
const (
	TileRoom  = "room"
	TileStart = "start"
	TileExit  = "exit"
)

// Side values.
const (
	SideDoor     = "door"
	SideWall     = "wall"
	SideMainExit = "main-exit"
)

// TileDirections are the sides of a tile in order n, e, s, w; n faces the
// exit row.
var TileDirections = []string{"n", "e", "s", "w"}

// OppositeSide returns the side facing d across a boundary ("s" for "n"),
// or "" for no side.
func OppositeSide(d string) string {
	switch d {
	case "n":
		return "s"
	case "s":
		return "n"
	case "e":
		return "w"
	case "w":
		return "e"
	}
	return ""
}

// Tile is one tile with its copies.
type Tile struct {
	ID    string    `json:"id"`
	Name  string    `json:"name"`
	Count int       `json:"count"`
	Sides TileSides `json:"sides"`
	// Lab marks one of the tiles labelled Lab (L647).
	Lab bool `json:"lab"`
	// Spawn is the bloody hand print (L301); nil when not written (exit
	// tiles always spawn, A19).
	Spawn *bool `json:"spawn"`
	// Position is a start tile's place 1-5 in the start row (A14); 0 when
	// not written.
	Position int    `json:"position"`
	Art      string `json:"art"`

	// Set is the tile set the tile belongs to.
	Set *TileSet   `json:"-"`
	Ref schema.Ref `json:"-"`
}

// TileSides are the four sides of a tile.
type TileSides struct {
	N string `json:"n"`
	E string `json:"e"`
	S string `json:"s"`
	W string `json:"w"`
}

// Side returns the value of side d ("n", "e", "s" or "w"), "" for another d.
func (t *Tile) Side(d string) string {
	switch d {
	case "n":
		return t.Sides.N
	case "e":
		return t.Sides.E
	case "s":
		return t.Sides.S
	case "w":
		return t.Sides.W
	}
	return ""
}

// SideRef is the reference of the value of side d.
func (t *Tile) SideRef(d string) schema.Ref { return t.Ref.Child("sides").Child(d) }

// IsOpen reports whether side d has a door, the main exit included.
func (t *Tile) IsOpen(d string) bool {
	v := t.Side(d)
	return v == SideDoor || v == SideMainExit
}

// Doors counts the tile's doors, the main exit included.
func (t *Tile) Doors() int {
	n := 0
	for _, d := range TileDirections {
		if t.IsOpen(d) {
			n++
		}
	}
	return n
}

// Spawns reports whether the tile shows the spawn symbol: as written, and
// always on an exit tile (A19).
func (t *Tile) Spawns() bool {
	if t.Set != nil && t.Set.Role == TileExit && t.Spawn == nil {
		return true
	}
	return t.Spawn != nil && *t.Spawn
}

// Label names the tile in messages: `tile "lab-west"`.
func (t *Tile) Label() string { return fmt.Sprintf("tile %q", t.ID) }

func decodeTileSet(obj map[string]any, ref schema.Ref) (schema.Element, []schema.Problem) {
	ts := &TileSet{}
	if err := schema.DecodeInto(obj, ts); err != nil {
		return nil, []schema.Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	ts.Ref = ref
	for i, t := range ts.Tiles {
		t.Ref = ref.Child("tiles").Index(i)
		t.Set = ts
	}
	return ts, nil
}

// Kind implements Element.
func (ts *TileSet) Kind() string { return "TileSet" }

// ElementID implements Element.
func (ts *TileSet) ElementID() string { return ts.ID }

// Source implements Element.
func (ts *TileSet) Source() schema.Ref { return ts.Ref }

// Total is the number of tile copies of the set.
func (ts *TileSet) Total() int {
	n := 0
	for _, t := range ts.Tiles {
		n += t.Count
	}
	return n
}

// Facts implements Element. The set's copies count towards its component
// (so the generic deck/count rule checks 45 room, 5 start and 5 exit
// tiles); its tiles are pack-wide items. The set prints on <id>.pdf like a
// deck, with one back per role for duplex, and a preview contact sheet.
func (ts *TileSet) Facts() schema.Facts {
	f := schema.Facts{Name: nameOr(ts.Name, ts.ID), Printed: ts.Total() > 0, Backs: true,
		Outputs: []string{ts.ID + ".pdf", "preview/" + ts.ID + ".png"}}
	if ts.PrintWith != "" {
		f.Outputs = f.Outputs[1:] // its tiles print in the host set's PDF
		f.PrintsWith = ts.PrintWith
	}
	if ts.Component != "" {
		f.Copies = []schema.Contribution{{What: fmt.Sprintf("tile set %q", ts.ID), Component: ts.Component, Copies: ts.Total(),
			Ref: ts.Ref.Child("component")}}
	}
	for _, t := range ts.Tiles {
		f.Items = append(f.Items, schema.Item{What: "tile", ID: t.ID, Ref: t.Ref})
		if t.Name != "" {
			f.Texts = append(f.Texts, schema.TextSite{What: t.Label() + " name", Text: t.Name, Ref: t.Ref.Child("name")})
		}
	}
	return f
}

// Pictures implements schema.Pictured: the art of the set's tiles.
func (ts *TileSet) Pictures() []schema.Picture {
	var out []schema.Picture
	for _, t := range ts.Tiles {
		if t.Art != "" {
			out = append(out, schema.Picture{Path: t.Art, What: fmt.Sprintf("tile %q art", t.ID), Ref: t.Ref.Child("art")})
		}
	}
	return out
}

// TileSets returns the pack's tile sets.
func TileSets(p *schema.Pack) []*TileSet { return schema.ElementsOf[*TileSet](p) }

// TilesOf returns the tiles of every tile set of the given role, in pack
// order.
func TilesOf(p *schema.Pack, role string) []*Tile {
	var out []*Tile
	for _, ts := range TileSets(p) {
		if ts.Role == role {
			out = append(out, ts.Tiles...)
		}
	}
	return out
}
