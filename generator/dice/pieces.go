package dice

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
)

// PieceFaceMM is the side of a die's face as a piece draws it: the
// sticker's, for a 16 mm blank die.
const PieceFaceMM = stickerSize

// Pieces are the dice of ds with copies: each a six-sided piece whose
// sides are its faces 1 to 6, drawn as the stickers print them (the die's
// colour to the edge, the face's icon and word); its Text is the faces'
// words, one a line.
func Pieces(r *generator.Renderer, _ *schema.Pack, ds *schema.DiceSet) ([]generator.Piece, error) {
	rr := renderer{r}
	var out []generator.Piece
	for _, d := range ds.Dice {
		if d.Count <= 0 {
			continue
		}
		if len(d.Faces) != schema.DieFaces {
			return nil, fmt.Errorf("die %q has %d faces, want %d", d.ID, len(d.Faces), schema.DieFaces)
		}
		words := make([]string, len(d.Faces))
		pc := generator.Piece{Kind: generator.PieceDie, ID: d.ID, Copies: d.Count, Component: d.Component, W: PieceFaceMM, H: PieceFaceMM}
		for i, face := range d.Faces {
			words[i] = d.FaceWord(face)
			pc.Sides = append(pc.Sides, func(c draw.Canvas, bleed float64) {
				c = r.Surface(c)
				fill, _, _ := rr.dieColours(d)
				c.Rect(-bleed, -bleed, PieceFaceMM+2*bleed, PieceFaceMM+2*bleed, 0, draw.Filled(fill))
				rr.drawFace(c, d, face, 0, 0, PieceFaceMM)
			})
		}
		pc.Name = cmp.Or(ds.Name, ds.ID) + ": " + d.ID
		pc.Text = strings.Join(words, "\n")
		out = append(out, pc)
	}
	return out, nil
}

// PressPieces are the pieces of the dice of ds that the kit prints
// (schema.Pack.PrintsDie): a die whose component is marked printed: false
// (the game's own dice, listed for reference) is in the Tabletop Simulator
// export, which needs every die, but not on a print shop's pages.
func PressPieces(r *generator.Renderer, p *schema.Pack, ds *schema.DiceSet) ([]generator.Piece, error) {
	all, err := Pieces(r, p, ds)
	if err != nil {
		return nil, err
	}
	printed := printedDice(p, ds)
	var out []generator.Piece
	for _, pc := range all {
		if slices.ContainsFunc(printed, func(d *schema.Die) bool { return d.ID == pc.ID }) {
			out = append(out, pc)
		}
	}
	return out, nil
}
