package schema

import "fmt"

// TokenSet is a sheet of tokens (kind: Tokens).
type TokenSet struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	Tokens []*Token `json:"tokens"`
	// Back, if set, is the back of every token of the set that has no
	// back of its own.
	Back *TokenFace `json:"back"`

	Ref Ref `json:"-"`
}

// TokenFace is what one side of a token shows: the face fields of a token.
// A back leaves unset what it does not show; its colour and ink default as
// a front's do (light grey, black), not to its front's.
type TokenFace struct {
	Fill  string `json:"fill"`
	Ink   string `json:"ink"`
	Icon  string `json:"icon"`
	Label string `json:"label"`
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
	// Back, if set, is this token's back; it replaces the set's back.
	Back *TokenFace `json:"back"`
	// Action is, in a RUN pack, the move this gray action token makes
	// (e.g. "silent-NE"); empty for every other token.
	Action string `json:"action"`
	// Value is, when set, the number on the token's back (Reloaded zombie
	// and leadership tokens, run-fight-or-die-reloaded.md L305).
	Value *int `json:"value"`
	// Pawn is, for a figure's pawn printed on the token sheets
	// (Figure.PawnToken), the figure, which draws the face; nil for a
	// token of a token set.
	Pawn *Figure `json:"-"`

	// Set is the token set the token belongs to.
	Set *TokenSet `json:"-"`
	Ref Ref       `json:"-"`
}

// BackFace is the back the token prints with: its own, else its set's, else
// nil (a one-sided token).
func (t *Token) BackFace() *TokenFace {
	if t.Back != nil {
		return t.Back
	}
	if t.Set != nil {
		return t.Set.Back
	}
	return nil
}

// BackRef is where the token's back is written: the token's back: or the
// set's.
func (t *Token) BackRef() Ref {
	if t.Back == nil && t.Set != nil && t.Set.Back != nil {
		return t.Set.Ref.Child("back")
	}
	return t.Ref.Child("back")
}

// WithFace returns a copy of the token showing face f (its back): same id,
// shape and size.
func (t *Token) WithFace(f *TokenFace) *Token {
	c := *t
	c.Fill, c.Ink, c.Icon, c.Label = f.Fill, f.Ink, f.Icon, f.Label
	c.Back = nil
	return &c
}

// TwoSidedTokens reports whether any token of the pack has a back.
func (p *Pack) TwoSidedTokens() bool {
	for _, ts := range p.TokenSets() {
		for _, t := range ts.Tokens {
			if t.BackFace() != nil {
				return true
			}
		}
	}
	return false
}

func decodeTokenSet(obj map[string]any, ref Ref) (Element, []Problem) {
	ts := &TokenSet{}
	if err := DecodeInto(obj, ts); err != nil {
		return nil, []Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	ts.Ref = ref
	for i, t := range ts.Tokens {
		t.Ref = ref.Child("tokens").Index(i)
		t.Set = ts
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
			f.Copies = append(f.Copies, Contribution{What: fmt.Sprintf("token %q", t.ID), Component: t.Component, Copies: t.Count, Ref: t.Ref.Child("component"), Count: t.Ref.Child("count")})
		}
		f.Items = append(f.Items, Item{What: "token", ID: t.ID, Ref: t.Ref})
		if t.Icon != "" {
			f.Icons = append(f.Icons, IconSite{What: fmt.Sprintf("token %q", t.ID), Name: t.Icon, Ref: t.Ref.Child("icon")})
		}
		if t.Label != "" {
			f.Texts = append(f.Texts, TextSite{What: fmt.Sprintf("token %q label", t.ID), Text: t.Label, Ref: t.Ref.Child("label")})
		}
		if t.Back != nil {
			f.addBackFace(fmt.Sprintf("token %q back", t.ID), t.Back, t.Ref.Child("back"))
		}
	}
	if ts.Back != nil {
		f.addBackFace(fmt.Sprintf("token set %q back", ts.ID), ts.Back, ts.Ref.Child("back"))
	}
	return f
}

// TokenSets returns the pack's token sets.
func (p *Pack) TokenSets() []*TokenSet { return ElementsOf[*TokenSet](p) }

// addBackFace adds the icon and label of a token back.
func (f *Facts) addBackFace(what string, b *TokenFace, ref Ref) {
	if b.Icon != "" {
		f.Icons = append(f.Icons, IconSite{What: what, Name: b.Icon, Ref: ref.Child("icon")})
	}
	if b.Label != "" {
		f.Texts = append(f.Texts, TextSite{What: what + " label", Text: b.Label, Ref: ref.Child("label")})
	}
}
