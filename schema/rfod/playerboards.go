package rfod

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/runforge/runforge/schema"
)

// PlayerBoardSet is a file of player boards (kind: PlayerBoards): the Run,
// Fight, or Die! Action boards and Character boards, and the Reloaded
// Zombie boards and Character boards. It is not kind: Board, the large printed boards tiled across
// pages. Every board of the set has its boardType:
//
//   - rfod/action-board, rfodr/zombie-board: zones [{zone, icons, text}]
//     and, for RFoD, onYou (run-fight-or-die.md L79-83, L183);
//   - rfod/character: name, background, skill, life, rerolls?, combos: a
//     list of {id, dice: {face: n}, ignores, effect} (L99-101, A7);
//   - rfodr/character: name, woundSpaces, combos: {minor, major, super},
//     each {dice, effect} (run-fight-or-die-reloaded.md L206, A24).
//
// The build prints each copy of a board on a page of its own.
type PlayerBoardSet struct {
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	Component string         `json:"component"`
	BoardType string         `json:"boardType"`
	Boards    []*PlayerBoard `json:"boards"`

	Ref schema.Ref `json:"-"`
}

// Player board types.
const (
	ActionBoard            = "rfod/action-board"
	CharacterBoard         = "rfod/character"
	ReloadedZombieBoard    = "rfodr/zombie-board"
	ReloadedCharacterBoard = "rfodr/character"
	ComboMinor             = "minor"
	ComboMajor             = "major"
	ComboSuper             = "super"
	defaultPlayerBoardCnt  = 1
)

// ComboTiers are the Reloaded combo tiers in order (L206).
var ComboTiers = []string{ComboMinor, ComboMajor, ComboSuper}

// PlayerBoard is one board with its copies.
type PlayerBoard struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Count      int    `json:"count"`
	Background string `json:"background"`
	Skill      string `json:"skill"`
	// Life is an RFoD character's life points (L478).
	Life int `json:"life"`
	// Rerolls is an RFoD character's rerolls when it has its own (L277).
	Rerolls *int `json:"rerolls"`
	// WoundSpaces is a Reloaded character's wound spaces (A24).
	WoundSpaces int `json:"woundSpaces"`
	// Combos are a character's combos: the RFoD list, or the Reloaded
	// minor, major and super combos in that order (each with its tier as
	// ID).
	Combos ComboList    `json:"combos"`
	Zones  []*BoardZone `json:"zones"`
	OnYou  string       `json:"onYou"`

	Set *PlayerBoardSet `json:"-"`
	Ref schema.Ref      `json:"-"`
}

// BoardZone is one Zone of an Action or Zombie board.
type BoardZone struct {
	Zone  int      `json:"zone"`
	Icons []string `json:"icons"`
	Text  string   `json:"text"`

	Ref schema.Ref `json:"-"`
}

// IconRef is the position of the i-th icon of the zone.
func (z *BoardZone) IconRef(i int) schema.Ref { return z.Ref.Child("icons").Index(i) }

// CharacterCombo is a character's dice combo: at least Dice[face] dice
// showing each face (A7).
type CharacterCombo struct {
	// ID is the combo's id (RFoD) or its tier (Reloaded: minor, major,
	// super).
	ID      string         `json:"id"`
	Dice    map[string]int `json:"dice"`
	Ignores []string       `json:"ignores"`
	Effect  string         `json:"effect"`

	Ref schema.Ref `json:"-"`
}

// Faces returns the combo's face ids, sorted.
func (c *CharacterCombo) Faces() []string {
	out := make([]string, 0, len(c.Dice))
	for f := range c.Dice {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// Total is the number of dice the combo needs.
func (c *CharacterCombo) Total() int {
	n := 0
	for _, k := range c.Dice {
		n += k
	}
	return n
}

// DiceRef is the position of the count of a face in the combo's dice:.
func (c *CharacterCombo) DiceRef(face string) schema.Ref { return c.Ref.Child("dice").Child(face) }

// ComboList is a character's combos, written as a list (RFoD) or as a
// mapping of tiers (Reloaded); tiers come in the order minor, major, super.
type ComboList []*CharacterCombo

// UnmarshalJSON accepts a list of combos or a mapping of tiers.
func (l *ComboList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '{' {
		var m map[string]*CharacterCombo
		if err := json.Unmarshal(b, &m); err != nil {
			return err
		}
		var out ComboList
		for _, tier := range ComboTiers {
			if c := m[tier]; c != nil {
				c.ID = tier
				out = append(out, c)
			}
		}
		*l = out
		return nil
	}
	var list []*CharacterCombo
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	*l = list
	return nil
}

// Tier returns the Reloaded combo of a tier, or nil.
func (l ComboList) Tier(tier string) *CharacterCombo {
	for _, c := range l {
		if c.ID == tier {
			return c
		}
	}
	return nil
}

func decodePlayerBoards(obj map[string]any, ref schema.Ref) (schema.Element, []schema.Problem) {
	s := &PlayerBoardSet{}
	if err := schema.DecodeInto(obj, s); err != nil {
		return nil, []schema.Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	s.Ref = ref
	for i, b := range s.Boards {
		if b == nil {
			return nil, []schema.Problem{{Pos: ref.Child("boards").Index(i).Pos(), Rule: "schema/invalid", Message: "a board is empty"}}
		}
		b.Ref = ref.Child("boards").Index(i)
		b.Set = s
		if !b.Ref.Child("count").Exists() {
			b.Count = defaultPlayerBoardCnt
		}
		for j, z := range b.Zones {
			if z != nil {
				z.Ref = b.Ref.Child("zones").Index(j)
			}
		}
		list := b.Ref.Child("combos")
		for j, c := range b.Combos {
			if c == nil {
				continue
			}
			if list.Index(0).Exists() || !list.Child(c.ID).Exists() {
				c.Ref = list.Index(j)
			} else {
				c.Ref = list.Child(c.ID)
			}
		}
	}
	return s, nil
}

// Kind implements Element.
func (s *PlayerBoardSet) Kind() string { return "PlayerBoards" }

// ElementID implements Element.
func (s *PlayerBoardSet) ElementID() string { return s.ID }

// Source implements Element.
func (s *PlayerBoardSet) Source() schema.Ref { return s.Ref }

// Facts implements Element: every board's copies count towards the set's
// component; boards are pack-wide items; names, texts and effects are
// checked for icons. The set prints one PDF, a page per board copy; boards
// are one-sided.
func (s *PlayerBoardSet) Facts() schema.Facts {
	f := schema.Facts{Name: nameOr(s.Name, s.ID), Outputs: []string{s.ID + ".pdf"}}
	for _, b := range s.Boards {
		if b.Count > 0 {
			f.Printed = true
		}
		what := fmt.Sprintf("board %q", b.ID)
		if s.Component != "" {
			f.Copies = append(f.Copies, schema.Contribution{What: what, Component: s.Component, Copies: b.Count, Ref: s.Ref.Child("component"), Count: b.Ref.Child("count")})
		}
		f.Items = append(f.Items, schema.Item{What: "board", ID: b.ID, Ref: b.Ref})
		for _, t := range []struct{ field, text string }{{"name", b.Name}, {"background", b.Background}, {"skill", b.Skill}, {"onYou", b.OnYou}} {
			if t.text != "" {
				f.Texts = append(f.Texts, schema.TextSite{What: what + " " + t.field, Text: t.text, Ref: b.Ref.Child(t.field)})
			}
		}
		for _, z := range b.Zones {
			if z.Text != "" {
				f.Texts = append(f.Texts, schema.TextSite{What: fmt.Sprintf("%s zone %d text", what, z.Zone), Text: z.Text, Ref: z.Ref.Child("text")})
			}
		}
		for _, c := range b.Combos {
			if c.Effect != "" {
				f.Texts = append(f.Texts, schema.TextSite{What: fmt.Sprintf("%s combo %q effect", what, c.ID), Text: c.Effect, Ref: c.Ref.Child("effect")})
			}
		}
	}
	return f
}

// PlayerBoards returns the pack's player boards of a board type, in pack
// order.
func PlayerBoards(p *schema.Pack, boardType string) []*PlayerBoard {
	var out []*PlayerBoard
	for _, s := range schema.ElementsOf[*PlayerBoardSet](p) {
		if s.BoardType == boardType {
			out = append(out, s.Boards...)
		}
	}
	return out
}

// OwnParts implements schema.Parted: a set of the extending pack's own
// files that overlays a set of an extended pack prints only its own boards
// (the characters it replaces or adds); a set of an extended pack's files
// prints none.
func (s *PlayerBoardSet) OwnParts(own func(schema.Ref) bool) schema.Element {
	if !own(s.Ref) {
		return nil
	}
	var mine []*PlayerBoard
	for _, b := range s.Boards {
		if b != nil && own(b.Ref) {
			mine = append(mine, b)
		}
	}
	switch {
	case len(mine) == len(s.Boards):
		return s
	case len(mine) == 0:
		return nil
	}
	part := *s
	part.Boards = mine
	return &part
}

// OverlayOn merges the player board set of an extended pack into s: s's
// boards replace the base boards of the same id in place, new boards are
// added at the end, and the base's other boards stay, so that a pack can
// change one character without copying the rest. Set fields s leaves
// unset keep the base's values.
func (s *PlayerBoardSet) OverlayOn(base schema.Element) []schema.Problem {
	b := base.(*PlayerBoardSet)
	if s.BoardType != b.BoardType {
		return []schema.Problem{{Pos: s.Ref.Child("boardType").Pos(), Rule: "schema/invalid",
			Message: fmt.Sprintf("player boards %q overlay the extended pack's set of board type %q, so they must have that board type, not %q", s.ID, b.BoardType, s.BoardType),
			Hint:    "give the set another id to add a new set of boards"}}
	}
	if s.Name == "" {
		s.Name = b.Name
	}
	if s.Component == "" {
		s.Component = b.Component
	}
	own := map[string]*PlayerBoard{}
	for _, pb := range s.Boards {
		if pb != nil {
			own[pb.ID] = pb
		}
	}
	inBase := map[string]bool{}
	merged := make([]*PlayerBoard, 0, len(b.Boards)+len(s.Boards))
	for _, pb := range b.Boards {
		inBase[pb.ID] = true
		if o := own[pb.ID]; o != nil {
			merged = append(merged, o)
			continue
		}
		merged = append(merged, pb)
	}
	for _, pb := range s.Boards {
		if pb != nil && !inBase[pb.ID] {
			merged = append(merged, pb)
		}
	}
	for _, pb := range merged {
		pb.Set = s
	}
	s.Boards = merged
	return nil
}
