package schema

import "fmt"

// FigureSet is a set of figures (kind: Figures): the pieces that stand for
// players and zombies on the board, printed either as fold-over paper
// standees or as pawns (round or square tokens), as the set chooses.
type FigureSet struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Standee makes every figure of the set a fold-over standee; Pawn a
	// flat pawn. A set has exactly one of the two (the decoder says so).
	Standee *StandeeForm `json:"standee"`
	Pawn    *PawnForm    `json:"pawn"`
	Figures []*Figure    `json:"figures"`

	Ref Ref `json:"-"`
}

// StandeeForm is the size of a set's standees: each face is Width x
// Height, front and back joined at a fold line along the head, with a base
// tab under each face (Base "tab": the tabs fold outwards to stand, or
// glue to a coin) or shorter tabs and a separate slotted base (Base
// "slot").
type StandeeForm struct {
	Width  Length `json:"width"`
	Height Length `json:"height"`
	Base   string `json:"base"`
}

// PawnForm is the shape and size of a set's pawns: round discs or squares
// of Size across, printed on the kit's token sheets.
type PawnForm struct {
	Shape string `json:"shape"`
	Size  Length `json:"size"`
}

// Figure is one kind of figure with its copies.
type Figure struct {
	ID        string `json:"id"`
	Component string `json:"component"`
	Name      string `json:"name"`
	Count     int    `json:"count"`
	// Icon and Label tell the figure apart at arm's length; the label
	// prints at FigureLabelMinPt or more.
	Icon  string `json:"icon"`
	Label string `json:"label"`
	// Color is the player colour, if the figure has one; Mark is the
	// letter or number printed with it, so that colour is never the only
	// difference (grayscale, colour blindness). The JSON Schema requires
	// a mark with a colour.
	Color string `json:"color"`
	Mark  string `json:"mark"`

	// Set is the figure set the figure belongs to.
	Set *FigureSet `json:"-"`
	Ref Ref        `json:"-"`
}

// FigureLabelMinPt is the smallest size a figure's label prints at, in
// points: readable at arm's length.
const FigureLabelMinPt = 8.0

// Ranges of figure sizes (rule pack/limit); standees are further bounded
// by the paper they print on.
var (
	PawnSizeRange      = LengthRange{What: "pawn size", Min: 12, Max: 60, Unit: "mm"}
	StandeeWidthRange  = LengthRange{What: "standee width", Min: 15, Max: 100, Unit: "mm"}
	StandeeHeightRange = LengthRange{What: "standee height", Min: 20, Max: 120, Unit: "mm"}
)

// Standee base kinds.
const (
	StandeeBaseTab  = "tab"
	StandeeBaseSlot = "slot"
)

// IsStandee reports whether the figure prints as a standee.
func (f *Figure) IsStandee() bool { return f.Set != nil && f.Set.Standee != nil }

// PawnToken is the figure as a token of the kit's token sheets: its pawn's
// shape and size, its copies, and the figure itself (Token.Pawn), which
// draws its face. Nil for a standee.
func (f *Figure) PawnToken() *Token {
	if f.Set == nil || f.Set.Pawn == nil {
		return nil
	}
	return &Token{ID: f.ID, Component: f.Component, Name: f.Name, Count: f.Count,
		Shape: f.Set.Pawn.Shape, Size: f.Set.Pawn.Size, Ref: f.Ref, Pawn: f}
}

func decodeFigureSet(obj map[string]any, ref Ref) (Element, []Problem) {
	fs := &FigureSet{}
	if err := DecodeInto(obj, fs); err != nil {
		return nil, []Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	fs.Ref = ref
	switch {
	case fs.Standee == nil && fs.Pawn == nil:
		at := ref.Child("figures")
		if !at.Exists() {
			at = ref
		}
		return nil, []Problem{{Pos: at.KeyPos(), Rule: "schema/invalid",
			Message: fmt.Sprintf("figure set %q needs standee: (fold-over standees, on figures.pdf) or pawn: (round or square pawns, on the token sheets)", fs.ID)}}
	case fs.Standee != nil && fs.Pawn != nil:
		return nil, []Problem{{Pos: ref.Child("pawn").KeyPos(), Rule: "schema/invalid",
			Message: fmt.Sprintf("figure set %q has both standee: and pawn:; its figures print one way: keep one", fs.ID)}}
	}
	if fs.Standee != nil && fs.Standee.Base == "" {
		fs.Standee.Base = StandeeBaseTab
	}
	for i, f := range fs.Figures {
		f.Ref = ref.Child("figures").Index(i)
		f.Set = fs
	}
	return fs, nil
}

// Kind implements Element.
func (fs *FigureSet) Kind() string { return "Figures" }

// ElementID implements Element.
func (fs *FigureSet) ElementID() string { return fs.ID }

// Source implements Element.
func (fs *FigureSet) Source() Ref { return fs.Ref }

// Facts implements Element. Standees print on the kit's figures.pdf,
// pawns on its tokens.pdf with the tokens.
func (fs *FigureSet) Facts() Facts {
	f := Facts{Name: nameOr(fs.Name, fs.ID)}
	for _, fg := range fs.Figures {
		what := fmt.Sprintf("figure %q", fg.ID)
		f.Printed = f.Printed || fg.Count > 0
		if fg.Component != "" {
			f.Copies = append(f.Copies, Contribution{What: what, Component: fg.Component, Copies: fg.Count, Ref: fg.Ref.Child("component"), Count: fg.Ref.Child("count")})
		}
		f.Items = append(f.Items, Item{What: "figure", ID: fg.ID, Ref: fg.Ref})
		if fg.Icon != "" {
			f.Icons = append(f.Icons, IconSite{What: what, Name: fg.Icon, Ref: fg.Ref.Child("icon")})
		}
		if fg.Label != "" {
			f.Texts = append(f.Texts, TextSite{What: what + " label", Text: fg.Label, Ref: fg.Ref.Child("label")})
		}
		if fg.Mark != "" {
			f.Texts = append(f.Texts, TextSite{What: what + " mark", Text: fg.Mark, Ref: fg.Ref.Child("mark")})
		}
	}
	return f
}

// FigureSets returns the pack's figure sets.
func (p *Pack) FigureSets() []*FigureSet { return ElementsOf[*FigureSet](p) }

// PrintedFigures lists the pack's figures that print, in pack order: those
// with copies in sets the build prints; standees reports whether to list
// the standees (else the pawns).
func (p *Pack) PrintedFigures(standees bool) []*Figure {
	var out []*Figure
	for _, fs := range p.FigureSets() {
		if (fs.Standee != nil) != standees || !p.Prints(fs) {
			continue
		}
		for _, f := range fs.Figures {
			if f.Count <= 0 {
				continue
			}
			if c := p.Component(f.Component); f.Component != "" && c != nil && !c.IsPrinted() {
				continue
			}
			out = append(out, f)
		}
	}
	return out
}
