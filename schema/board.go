package schema

import "fmt"

// Board is a game board (kind: Board): one physical board with one or two
// sides, each a grid or winding path of spaces with labels and icons, at
// true size. A side larger than the printable area is tiled across pages.
type Board struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Component string `json:"component"`
	// Count is the number of copies of the board (default 1).
	Count int          `json:"count"`
	Sides []*BoardSide `json:"sides"`

	Ref Ref `json:"-"`
}

// BoardSide is one printed side of a board.
type BoardSide struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Width      Length `json:"width"`
	Height     Length `json:"height"`
	Background string `json:"background"`
	// Space is the default look of the side's spaces.
	Space SpaceStyle `json:"space"`
	// Grid places the spaces that give no x and y, in list order.
	Grid *BoardGrid `json:"grid"`
	// Path draws a connector from each space to the next, in list order.
	Path   bool         `json:"path"`
	Spaces []*Space     `json:"spaces"`
	Texts  []*BoardText `json:"texts"`
	// Joins says how this side joins the next (e.g. "continue on side B,
	// space 26"); it is printed on the side and in the kit's index.
	Joins string `json:"joins"`

	Ref Ref `json:"-"`
}

// SpaceStyle is how spaces look.
type SpaceStyle struct {
	// Size is the diameter of a round space or the side of a square one.
	Size   Length `json:"size"`
	Shape  string `json:"shape"` // round (default) or square
	Fill   string `json:"fill"`
	Stroke string `json:"stroke"`
	Ink    string `json:"ink"`
}

// BoardGrid lays out spaces in rows from (X, Y), the centre of the first
// space, DX and DY apart; Order "serpentine" reverses every other row so
// that the spaces form a winding path.
type BoardGrid struct {
	Columns int    `json:"columns"`
	X       Length `json:"x"`
	Y       Length `json:"y"`
	DX      Length `json:"dx"`
	DY      Length `json:"dy"`
	Order   string `json:"order"` // rows (default) or serpentine
}

// Space is one space of a board.
type Space struct {
	// Number is the space's number on a numbered track.
	Number *int     `json:"number"`
	Label  string   `json:"label"`
	X      *Length  `json:"x"`
	Y      *Length  `json:"y"`
	Icons  []string `json:"icons"`
	// Note is small text printed under the number (e.g. "Simple: victory").
	Note string  `json:"note"`
	Fill string  `json:"fill"`
	Size *Length `json:"size"`

	Ref Ref `json:"-"`
}

// BoardText is free text printed on a board side; X and Y are the top-left
// of its box.
type BoardText struct {
	Text   string `json:"text"`
	X      Length `json:"x"`
	Y      Length `json:"y"`
	W      Length `json:"w"`
	H      Length `json:"h"`
	Size   Length `json:"size"`
	Font   string `json:"font"`
	Align  string `json:"align"`
	Color  string `json:"color"`
	Rotate int    `json:"rotate"`

	Ref Ref `json:"-"`
}

func decodeBoard(obj map[string]any, ref Ref) (Element, []Problem) {
	b := &Board{Count: 1}
	if err := DecodeInto(obj, b); err != nil {
		return nil, []Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	b.Ref = ref
	for i, side := range b.Sides {
		side.Ref = ref.Child("sides").Index(i)
		for j, sp := range side.Spaces {
			sp.Ref = side.Ref.Child("spaces").Index(j)
		}
		for j, t := range side.Texts {
			t.Ref = side.Ref.Child("texts").Index(j)
		}
	}
	return b, nil
}

// Kind implements Element.
func (b *Board) Kind() string { return "Board" }

// ElementID implements Element.
func (b *Board) ElementID() string { return b.ID }

// Source implements Element.
func (b *Board) Source() Ref { return b.Ref }

// Facts implements Element.
func (b *Board) Facts() Facts {
	f := Facts{Name: nameOr(b.Name, b.ID), Printed: b.Count > 0, Outputs: []string{b.ID + ".pdf"}}
	if b.Component != "" {
		f.Copies = []Contribution{{What: fmt.Sprintf("board %q", b.ID), Component: b.Component, Copies: b.Count, Ref: b.Ref.Child("component"), Count: b.Ref.Child("count")}}
	}
	for _, side := range b.Sides {
		what := fmt.Sprintf("board %q side %q", b.ID, side.ID)
		for i, sp := range side.Spaces {
			sw := fmt.Sprintf("%s space %d", what, i+1)
			if sp.Label != "" {
				f.Texts = append(f.Texts, TextSite{What: sw + " label", Text: sp.Label, Ref: sp.Ref.Child("label")})
			}
			if sp.Note != "" {
				f.Texts = append(f.Texts, TextSite{What: sw + " note", Text: sp.Note, Ref: sp.Ref.Child("note")})
			}
			for k, icon := range sp.Icons {
				f.Icons = append(f.Icons, IconSite{What: sw, Name: icon, Ref: sp.Ref.Child("icons").Index(k)})
			}
		}
		for _, t := range side.Texts {
			f.Texts = append(f.Texts, TextSite{What: what + " text", Text: t.Text, Ref: t.Ref.Child("text")})
		}
		if side.Joins != "" {
			f.Texts = append(f.Texts, TextSite{What: what + " joins", Text: side.Joins, Ref: side.Ref.Child("joins")})
		}
	}
	return f
}

// SpaceCentres returns the centre of every space of the side, in list
// order: its own x and y, or its place on the side's grid. Spaces with
// neither are placed at the origin (the schema requires one of them).
func (s *BoardSide) SpaceCentres() [][2]float64 {
	out := make([][2]float64, len(s.Spaces))
	slot := 0
	for i, sp := range s.Spaces {
		if sp.X != nil && sp.Y != nil {
			out[i] = [2]float64{sp.X.MM(), sp.Y.MM()}
			continue
		}
		if g := s.Grid; g != nil && g.Columns > 0 {
			row, col := slot/g.Columns, slot%g.Columns
			if g.Order == "serpentine" && row%2 == 1 {
				col = g.Columns - 1 - col
			}
			out[i] = [2]float64{g.X.MM() + float64(col)*g.DX.MM(), g.Y.MM() + float64(row)*g.DY.MM()}
		}
		slot++
	}
	return out
}

// SpaceSize is the size of a space: its own or the side's default (25mm
// when neither is set).
func (s *BoardSide) SpaceSize(sp *Space) float64 {
	switch {
	case sp.Size != nil:
		return sp.Size.MM()
	case s.Space.Size > 0:
		return s.Space.Size.MM()
	}
	return 25
}

// Boards returns the pack's boards.
func (p *Pack) Boards() []*Board { return ElementsOf[*Board](p) }
