package schema

import (
	"fmt"
	"sort"
	"strings"
)

// DiceSet is a file of custom dice (kind: Dice): six-sided dice whose faces
// print as stickers for blank 16 mm dice and as cube nets to fold.
type DiceSet struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Dice []*Die `json:"dice"`

	Ref Ref `json:"-"`
}

// DieFaces is the number of faces of a die: every die is a d6.
const DieFaces = 6

// MaxDieCopies is the largest count: a die may print at most this many
// copies.
const MaxDieCopies = 100

// Die is one kind of die with its copies.
type Die struct {
	ID        string `json:"id"`
	Component string `json:"component"`
	// Role is a free id saying what the die is for in its game (action,
	// bonus, event, ...); empty when the game needs none.
	Role string `json:"role"`
	// Color is the die's colour (#rgb, #rrggbb or a colour name, see
	// ColorHex); Ink is the colour of its icons and words. Both may be
	// empty: white, and black or white to contrast with the colour.
	Color string `json:"color"`
	Ink   string `json:"ink"`
	// Count is the number of copies of the die (1 to MaxDieCopies,
	// default 1).
	Count int `json:"count"`
	// Faces are the face ids in order; faces 1-6, 2-5 and 3-4 are opposite
	// each other, as on a standard die.
	Faces []string `json:"faces"`
	// Labels override the word printed for a face id.
	Labels map[string]string `json:"labels"`

	// Set is the dice set the die belongs to.
	Set *DiceSet `json:"-"`
	Ref Ref      `json:"-"`
}

// FaceRef is the position of face i (0-based) in the die's faces: list.
func (d *Die) FaceRef(i int) Ref { return d.Ref.Child("faces").Index(i) }

// LabelRef is the position of the label of a face id in the die's labels:.
func (d *Die) LabelRef(face string) Ref { return d.Ref.Child("labels").Child(face) }

// LabelKeys returns the face ids the die's labels: name, sorted.
func (d *Die) LabelKeys() []string {
	keys := make([]string, 0, len(d.Labels))
	for k := range d.Labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// HasFace reports whether id is one of the die's faces.
func (d *Die) HasFace(id string) bool {
	for _, f := range d.Faces {
		if f == id {
			return true
		}
	}
	return false
}

// FaceWord is the word printed for a face: its label if the die gives one,
// else the face id in capitals with hyphens as spaces ("all-quiet" prints
// ALL QUIET).
func (d *Die) FaceWord(face string) string {
	if l, ok := d.Labels[face]; ok && l != "" {
		return l
	}
	return strings.ToUpper(strings.ReplaceAll(face, "-", " "))
}

// ColorHex is the die's colour as #rgb or #rrggbb: a colour name (white,
// black, grey, ...; see DieColorNames) becomes its hex value, an empty colour is white.
func (d *Die) ColorHex() string { return DieColorHex(d.Color, "#ffffff") }

// InkHex is the die's ink as #rgb or #rrggbb; "" when the die names none
// (the generator then picks black or white to contrast with the colour).
func (d *Die) InkHex() string { return DieColorHex(d.Ink, "") }

// DieColorNames are the colour names a die's color: and ink: may use besides
// #rgb and #rrggbb, with their values.
func DieColorNames() map[string]string {
	return map[string]string{
		"white":  "#ffffff",
		"black":  "#1a1a1a",
		"grey":   "#8c8c8c",
		"gray":   "#8c8c8c",
		"red":    "#c62828",
		"green":  "#2e7d32",
		"blue":   "#1565c0",
		"yellow": "#f9d71c",
		"orange": "#ef6c00",
		"purple": "#6a1b9a",
		"brown":  "#6d4c41",
		"pink":   "#f48fb1",
	}
}

// DieColorHex returns s as #rgb or #rrggbb: a colour name becomes its value
// (DieColorNames), "" becomes def, anything else is returned as written.
func DieColorHex(s, def string) string {
	if s == "" {
		return def
	}
	if v, ok := DieColorNames()[s]; ok {
		return v
	}
	return s
}

func decodeDiceSet(obj map[string]any, ref Ref) (Element, []Problem) {
	ds := &DiceSet{}
	if err := DecodeInto(obj, ds); err != nil {
		return nil, []Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	ds.Ref = ref
	for i, d := range ds.Dice {
		d.Ref = ref.Child("dice").Index(i)
		d.Set = ds
		if !d.Ref.Child("count").Exists() {
			d.Count = 1
		}
	}
	return ds, nil
}

// Kind implements Element.
func (ds *DiceSet) Kind() string { return "Dice" }

// ElementID implements Element.
func (ds *DiceSet) ElementID() string { return ds.ID }

// Source implements Element.
func (ds *DiceSet) Source() Ref { return ds.Ref }

// Facts implements Element: every copy of a die counts towards its
// component, die ids are pack-wide item ids, and labels are printed texts.
// Faces are not icon sites: a face that is no icon prints as a word (see
// the dice/face-word rule).
func (ds *DiceSet) Facts() Facts {
	f := Facts{Name: nameOr(ds.Name, ds.ID), Outputs: []string{ds.ID + ".pdf", DicePreviewPath(ds)}}
	for _, d := range ds.Dice {
		f.Printed = f.Printed || d.Count > 0
		what := fmt.Sprintf("die %q", d.ID)
		if d.Component != "" {
			f.Copies = append(f.Copies, Contribution{What: what, Component: d.Component, Copies: d.Count, Ref: d.Ref.Child("component"), Count: d.Ref.Child("count")})
		}
		f.Items = append(f.Items, Item{What: "die", ID: d.ID, Ref: d.Ref})
		for _, k := range d.LabelKeys() {
			f.Texts = append(f.Texts, TextSite{What: fmt.Sprintf("%s label of face %q", what, k), Text: d.Labels[k], Ref: d.LabelRef(k)})
		}
	}
	return f
}

// DicePreviewPath is where a build writes the preview of a dice set.
func DicePreviewPath(ds *DiceSet) string { return "preview/" + ds.ID + ".png" }

// DiceSets returns the pack's dice sets.
func (p *Pack) DiceSets() []*DiceSet { return ElementsOf[*DiceSet](p) }

// AllDice returns every die of the pack's dice sets, in pack order.
func (p *Pack) AllDice() []*Die {
	var out []*Die
	for _, ds := range p.DiceSets() {
		out = append(out, ds.Dice...)
	}
	return out
}

// PrintsDie reports whether the build prints a die: it has copies and six
// faces, and counts towards no component, an unlisted one (validate reports
// it) or one not marked printed: false.
func (p *Pack) PrintsDie(d *Die) bool {
	if d.Count <= 0 || len(d.Faces) != DieFaces {
		return false
	}
	if d.Component != "" && p != nil && p.Game != nil {
		if c := p.Component(d.Component); c != nil && !c.IsPrinted() {
			return false
		}
	}
	return true
}
