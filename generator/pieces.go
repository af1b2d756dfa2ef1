package generator

import (
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
)

// The pieces of a pack as pictures: what exports that show a pack's
// components one by one (generator/tts, the Tabletop Simulator export) and
// the press layout (generator/press: one piece a page at trim plus bleed)
// draw, each with the kind's own renderer so that a piece looks as it
// prints.

// PieceKind is what sort of physical component a piece is.
type PieceKind int

const (
	// PieceCard is a card of a deck.
	PieceCard PieceKind = iota
	// PieceTile is a flat rectangular piece: a board, a map card, a tile,
	// a player board or mat.
	PieceTile
	// PieceToken is a small flat piece, round or square.
	PieceToken
	// PieceDie is a six-sided die: Sides are its faces 1 to 6 (faces 1-6,
	// 2-5 and 3-4 opposite).
	PieceDie
	// PieceFigure is a standee or pawn that stands on the table.
	PieceFigure
)

// Piece is one distinct component of an element with its copies.
type Piece struct {
	Kind PieceKind
	// ID is the piece's id, unique within its element.
	ID string
	// Name and Text are what the piece is called and what it says.
	Name, Text string
	// Copies is how many of it the pack declares.
	Copies int
	// Component is the component of the manifest the piece counts towards,
	// set by the kinds whose elements count towards several (a token set,
	// a dice set); "" when the element counts as a whole (a deck, a board,
	// a sheet) or the piece towards none.
	Component string
	// W and H are its trim size in millimetres (a die's: one face).
	W, H float64
	// Round is set for a round token or pawn.
	Round bool
	// Sides draw the piece's sides at trim size, the top-left trim corner
	// at the origin: the front and, for a two-sided piece, the back; a
	// die's six faces.
	Sides []Side
	// SharedBack is set on the cards of a deck whose cards all have the
	// same back (Sides[1] draws it).
	SharedBack bool
}

// Side draws one side of a piece at trim size, the top-left trim corner at
// the origin, its art and background carried bleed mm past the trim on
// every side (0: to the trim; what lies beyond it is cut away).
type Side func(c draw.Canvas, bleed float64)

// AtTrim is side i of the piece drawn to its trim, without bleed.
func (pc Piece) AtTrim(i int) func(draw.Canvas) {
	side := pc.Sides[i]
	return func(c draw.Canvas) { side(c, 0) }
}

// PiecesFunc returns the pieces of the element e of p, drawn with r, in
// the pack's order; none for an element with nothing to show.
type PiecesFunc func(r *Renderer, p *schema.Pack, e schema.Element) ([]Piece, error)

// Pieces returns the pieces of the element e of p as the first of the
// renderer's games that knows its kind draws them; ok is false when none
// does.
func (r *Renderer) Pieces(p *schema.Pack, e schema.Element) (_ []Piece, ok bool, _ error) {
	for _, g := range r.games {
		if f, ok := g.Pieces[e.Kind()]; ok {
			ps, err := f(r, p, e)
			return ps, true, err
		}
	}
	return nil, false, nil
}

// PiecesOf is f for elements of Go type E: an element of another type has
// no pieces.
func PiecesOf[E schema.Element](f func(r *Renderer, p *schema.Pack, e E) ([]Piece, error)) PiecesFunc {
	return func(r *Renderer, p *schema.Pack, e schema.Element) ([]Piece, error) {
		el, ok := e.(E)
		if !ok {
			return nil, nil
		}
		return f(r, p, el)
	}
}

// PressPieces returns the pieces the press layout prints of the element e
// of p, as the first of the renderer's games that lists its kind for press
// draws them; ok is false when none does.
func (r *Renderer) PressPieces(p *schema.Pack, e schema.Element) (_ []Piece, ok bool, _ error) {
	for _, g := range r.games {
		if f, ok := g.Press[e.Kind()]; ok {
			ps, err := f(r, p, e)
			return ps, true, err
		}
	}
	return nil, false, nil
}
