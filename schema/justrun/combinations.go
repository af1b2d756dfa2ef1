package justrun

import (
	"fmt"

	"github.com/runforge/runforge/schema"
)

// CombinationList is a list of Just Run combinations (kind: Combinations):
// items made by
// combining two item cards whose borders match (L165), or one card with a
// token or marker (the Vile Disguise, L190; the Fire Barricade, L392).
// Results are structured fields, checked by max space and summed attack
// (L169, L170), never by parsing text.
type CombinationList struct {
	ID           string         `json:"id"`
	Name         string         `json:"name"`
	Combinations []*Combination `json:"combinations"`

	Ref schema.Ref `json:"-"`
}

// Combination is one combination.
type Combination struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Cards are the ids of the item cards combined (1 or 2, L167).
	Cards []string `json:"cards"`
	// Token and Marker name a component of tokens or markers combined with
	// a single card.
	Token  string            `json:"token"`
	Marker string            `json:"marker"`
	Result CombinationResult `json:"result"`
	Text   string            `json:"text"`

	List *CombinationList `json:"-"`
	Ref  schema.Ref       `json:"-"`
}

// CombinationResult is the combined item.
type CombinationResult struct {
	Type     string `json:"type"`
	Space    int    `json:"space"`
	Attack   int    `json:"attack"`
	Armor    int    `json:"armor"`
	Range    int    `json:"range"`
	Flaming  bool   `json:"flaming"`
	Spiked   bool   `json:"spiked"`
	WearTear bool   `json:"wearTear"`
	Bash     bool   `json:"bash"`
}

// CardRef is the reference of the i-th card id of the combination.
func (c *Combination) CardRef(i int) schema.Ref { return c.Ref.Child("cards").Index(i) }

// ResultRef is the reference of a field of the result.
func (c *Combination) ResultRef(field string) schema.Ref { return c.Ref.Child("result").Child(field) }

func decodeCombinations(obj map[string]any, ref schema.Ref) (schema.Element, []schema.Problem) {
	cl := &CombinationList{}
	if err := schema.DecodeInto(obj, cl); err != nil {
		return nil, []schema.Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	cl.Ref = ref
	for i, c := range cl.Combinations {
		c.Ref = ref.Child("combinations").Index(i)
		c.List = cl
	}
	return cl, nil
}

// Kind implements Element.
func (cl *CombinationList) Kind() string { return "Combinations" }

// ElementID implements Element.
func (cl *CombinationList) ElementID() string { return cl.ID }

// Source implements Element.
func (cl *CombinationList) Source() schema.Ref { return cl.Ref }

// Facts implements Element. Combinations print nothing of their own (the
// cards' descriptions explain them, L165) and count towards no component;
// their ids are pack-wide items and their names and texts are checked for
// icons like any text.
func (cl *CombinationList) Facts() schema.Facts {
	f := schema.Facts{Name: nameOr(cl.Name, cl.ID)}
	for _, c := range cl.Combinations {
		what := fmt.Sprintf("combination %q", c.ID)
		f.Items = append(f.Items, schema.Item{What: "combination", ID: c.ID, Ref: c.Ref})
		f.Texts = append(f.Texts, schema.TextSite{What: what + " name", Text: c.Name, Ref: c.Ref.Child("name")})
		if c.Text != "" {
			f.Texts = append(f.Texts, schema.TextSite{What: what + " text", Text: c.Text, Ref: c.Ref.Child("text")})
		}
	}
	return f
}

// Combinations returns every combination of the pack's combination lists,
// in pack order.
func Combinations(p *schema.Pack) []*Combination {
	var out []*Combination
	for _, cl := range schema.ElementsOf[*CombinationList](p) {
		out = append(out, cl.Combinations...)
	}
	return out
}
