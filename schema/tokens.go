package schema

import "fmt"

// TokenSet is a sheet of tokens (kind: Tokens).
type TokenSet struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	Tokens []*Token `json:"tokens"`

	Ref Ref `json:"-"`
}

// Token is one kind of token with its copies.
type Token struct {
	ID        string `json:"id"`
	Component string `json:"component"`
	Name      string `json:"name"`
	Count     int    `json:"count"`
	Shape     string `json:"shape"`
	Size      Length `json:"size"`
	Fill      string `json:"fill"`
	Ink       string `json:"ink"`
	Icon      string `json:"icon"`
	Label     string `json:"label"`

	Ref Ref `json:"-"`
}

func decodeTokenSet(obj map[string]any, ref Ref) (Element, []Problem) {
	ts := &TokenSet{}
	if err := decodeInto(obj, ts); err != nil {
		return nil, []Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	ts.Ref = ref
	for i, t := range ts.Tokens {
		t.Ref = ref.Child("tokens").Index(i)
	}
	return ts, nil
}

// Kind implements Element.
func (ts *TokenSet) Kind() string { return "Tokens" }

// ElementID implements Element.
func (ts *TokenSet) ElementID() string { return ts.ID }

// Source implements Element.
func (ts *TokenSet) Source() Ref { return ts.Ref }

// Facts implements Element. Token sets print on the kit's tokens.pdf.
func (ts *TokenSet) Facts() Facts {
	f := Facts{Name: nameOr(ts.Name, ts.ID)}
	for _, t := range ts.Tokens {
		f.Printed = f.Printed || t.Count > 0
		if t.Component != "" {
			f.Copies = append(f.Copies, Contribution{What: fmt.Sprintf("token %q", t.ID), Component: t.Component, Copies: t.Count, Ref: t.Ref.Child("component")})
		}
		f.Items = append(f.Items, Item{What: "token", ID: t.ID, Ref: t.Ref})
		if t.Icon != "" {
			f.Icons = append(f.Icons, IconSite{What: fmt.Sprintf("token %q", t.ID), Name: t.Icon, Ref: t.Ref.Child("icon")})
		}
		if t.Label != "" {
			f.Texts = append(f.Texts, TextSite{What: fmt.Sprintf("token %q label", t.ID), Text: t.Label, Ref: t.Ref.Child("label")})
		}
	}
	return f
}

// TokenSets returns the pack's token sets.
func (p *Pack) TokenSets() []*TokenSet { return ElementsOf[*TokenSet](p) }
