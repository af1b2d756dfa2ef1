package rfodr

import (
	"fmt"

	"github.com/runforge/runforge/schema"
)

// MatSet is a file of double-sided Location mats (kind: Mats): the Run,
// Fight, or Die: Reloaded Solo Campaign's Home / Department Store and
// Courthouse / Dark Courthouse (run-fight-or-die-reloaded.md L405, L602,
// L676). A side that holds face-down cards says so with holds:
// {follower: 2} (L545) or {loot: 2} (L602). The build prints each mat at
// true size in two halves, side B's half on the back of side A's
// (generator/mats.go).
type MatSet struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Mats []*Mat `json:"mats"`

	Ref schema.Ref `json:"-"`
}

// Mat is one double-sided mat.
type Mat struct {
	ID        string     `json:"id"`
	Component string     `json:"component"`
	Sides     []*MatSide `json:"sides"`

	Ref schema.Ref `json:"-"`
}

// MatSide is one side of a mat.
type MatSide struct {
	ID    string         `json:"id"`
	Name  string         `json:"name"`
	Holds map[string]int `json:"holds"`

	Ref schema.Ref `json:"-"`
}

func decodeMats(obj map[string]any, ref schema.Ref) (schema.Element, []schema.Problem) {
	s := &MatSet{}
	if err := schema.DecodeInto(obj, s); err != nil {
		return nil, []schema.Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	s.Ref = ref
	for i, m := range s.Mats {
		if m == nil {
			return nil, []schema.Problem{{Pos: ref.Child("mats").Index(i).Pos(), Rule: "schema/invalid", Message: "a mat is empty"}}
		}
		m.Ref = ref.Child("mats").Index(i)
		for j, side := range m.Sides {
			if side != nil {
				side.Ref = m.Ref.Child("sides").Index(j)
			}
		}
	}
	return s, nil
}

// Kind implements Element.
func (s *MatSet) Kind() string { return "Mats" }

// ElementID implements Element.
func (s *MatSet) ElementID() string { return s.ID }

// Source implements Element.
func (s *MatSet) Source() schema.Ref { return s.Ref }

// Facts implements Element: each mat is one copy of its component; mats
// and their sides are pack-wide items; side names are texts. The set prints
// one PDF: each mat in two halves at true size, printed duplex.
func (s *MatSet) Facts() schema.Facts {
	f := schema.Facts{Name: nameOr(s.Name, s.ID), Outputs: []string{s.ID + ".pdf"}, Printed: len(s.Mats) > 0}
	for _, m := range s.Mats {
		what := fmt.Sprintf("mat %q", m.ID)
		if m.Component != "" {
			f.Copies = append(f.Copies, schema.Contribution{What: what, Component: m.Component, Copies: 1, Ref: m.Ref.Child("component")})
		}
		f.Items = append(f.Items, schema.Item{What: "mat", ID: m.ID, Ref: m.Ref})
		for _, side := range m.Sides {
			if side == nil {
				continue
			}
			f.Items = append(f.Items, schema.Item{What: "mat side", ID: side.ID, Ref: side.Ref})
			f.Texts = append(f.Texts, schema.TextSite{What: fmt.Sprintf("%s side %q name", what, side.ID), Text: side.Name, Ref: side.Ref.Child("name")})
		}
	}
	return f
}

// Mats returns every mat of the pack's mat sets, in pack order.
func Mats(p *schema.Pack) []*Mat {
	var out []*Mat
	for _, s := range schema.ElementsOf[*MatSet](p) {
		out = append(out, s.Mats...)
	}
	return out
}
