package rfod

import (
	"fmt"

	"github.com/runforge/runforge/schema"
)

// Guide is the Run, Fight, or Die! two-sided Actions & Events Guide (kind:
// Guide; run-fight-or-die.md L72, L117-119): the six events,
// the Bat, Run and Gun actions, and the Search and Book tables by icon
// count, each option with what it gives, so that rules can find the counts
// that give a Location (L536). The build prints it as a two-sided sheet.
type Guide struct {
	ID        string        `json:"id"`
	Name      string        `json:"name"`
	Component string        `json:"component"`
	Events    []*GuideEntry `json:"events"`
	Actions   []*GuideEntry `json:"actions"`
	Search    []*GuideRow   `json:"search"`
	Book      []*GuideRow   `json:"book"`

	Ref schema.Ref `json:"-"`
}

// GuideEntry is an event or an action with its text.
type GuideEntry struct {
	Event string `json:"event"`
	Icon  string `json:"icon"`
	Text  string `json:"text"`

	Ref schema.Ref `json:"-"`
}

// GuideRow is one row of the Search or Book table: the icons rolled and
// the options the player chooses from.
type GuideRow struct {
	Count   int            `json:"count"`
	Options []*GuideOption `json:"options"`

	Ref schema.Ref `json:"-"`
}

// GuideOption is one option of a row.
type GuideOption struct {
	Text  string   `json:"text"`
	Gives []string `json:"gives"`
}

// Gives reports whether some option of the row gives what.
func (r *GuideRow) Gives(what string) bool {
	for _, o := range r.Options {
		for _, g := range o.Gives {
			if g == what {
				return true
			}
		}
	}
	return false
}

func decodeGuide(obj map[string]any, ref schema.Ref) (schema.Element, []schema.Problem) {
	g := &Guide{}
	if err := schema.DecodeInto(obj, g); err != nil {
		return nil, []schema.Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	g.Ref = ref
	for _, list := range []struct {
		key     string
		entries []*GuideEntry
	}{{"events", g.Events}, {"actions", g.Actions}} {
		for i, e := range list.entries {
			if e != nil {
				e.Ref = ref.Child(list.key).Index(i)
			}
		}
	}
	for _, table := range []struct {
		key  string
		rows []*GuideRow
	}{{"search", g.Search}, {"book", g.Book}} {
		for i, r := range table.rows {
			if r != nil {
				r.Ref = ref.Child(table.key).Index(i)
			}
		}
	}
	return g, nil
}

// Kind implements Element.
func (g *Guide) Kind() string { return "Guide" }

// ElementID implements Element.
func (g *Guide) ElementID() string { return g.ID }

// Source implements Element.
func (g *Guide) Source() schema.Ref { return g.Ref }

// Facts implements Element: the guide is one copy of its component, and
// its texts are checked for icons. It prints one two-sided sheet: side B is
// a back page with duplex.
func (g *Guide) Facts() schema.Facts {
	f := schema.Facts{Name: nameOr(g.Name, g.ID), Outputs: []string{g.ID + ".pdf"}, Printed: true, Backs: true}
	if g.Component != "" {
		f.Copies = []schema.Contribution{{What: fmt.Sprintf("guide %q", g.ID), Component: g.Component, Copies: 1, Ref: g.Ref.Child("component")}}
	}
	for _, e := range append(append([]*GuideEntry(nil), g.Events...), g.Actions...) {
		f.Texts = append(f.Texts, schema.TextSite{What: fmt.Sprintf("guide %q %s%s text", g.ID, e.Event, e.Icon), Text: e.Text, Ref: e.Ref.Child("text")})
	}
	for _, r := range append(append([]*GuideRow(nil), g.Search...), g.Book...) {
		for i, o := range r.Options {
			f.Texts = append(f.Texts, schema.TextSite{What: fmt.Sprintf("guide %q row %d option %d", g.ID, r.Count, i+1), Text: o.Text, Ref: r.Ref.Child("options").Index(i).Child("text")})
		}
	}
	return f
}

// Guides returns the pack's guides.
func Guides(p *schema.Pack) []*Guide { return schema.ElementsOf[*Guide](p) }
