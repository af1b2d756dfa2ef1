package tts

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
)

// Sizes on the table, in TTS units (about an inch; mmPerUnit). A card at
// scale 1 is a poker card (pokerWidth mm wide); a custom tile or figurine
// at scale 1 is tileUnits wide; pieces stand gap apart and rows of a
// region wrap at rowWidth.
const (
	mmPerUnit  = 25.4
	pokerWidth = 63.5
	tileUnits  = 2.0
	gap        = 1.0
	rowWidth   = 40.0
)

// MinPiecePx is the least size in pixels of a piece's image along its
// long side, MinDieFacePx of a die's face.
const (
	MinPiecePx   = 512
	MinDieFacePx = 256
)

// d6Cells places a die's faces 1 to 6 (index 0 to 5) on its 4 x 3
// texture, as a cross around face 2 (on top at rest): 1 above it and 6
// below, 4 left, 3 right, and 5 (the bottom) right of 3.
var d6Cells = [6][2]int{{1, 0}, {1, 1}, {2, 1}, {0, 1}, {3, 1}, {1, 2}}

// d6Rotations are the rotations at which a d6 shows its faces 1 to 6 on
// top, as TTS's own dice list them in RotationValues.
var d6Rotations = [6]Vector{{X: -90}, {}, {Z: -90}, {Z: 90}, {Z: 180}, {X: 90}}

// placed is a group of objects with its footprint on the table: its
// objects stacked at its centre, or with step set, in a row along x from
// its left edge, step apart.
type placed struct {
	w, d    float64 // footprint in units
	step    float64
	objects []Object
}

// planner builds the export of one pack.
type planner struct {
	r      *generator.Renderer
	opts   Options
	ids    guids
	key    int // the last deck key used
	images []*picture
	names  map[string]bool // the images' file names
	// regions: decks, boards and tiles, then the rest.
	decks, tiles, others []placed
}

// plan lays out the export of p: its images and its save.
func plan(r *generator.Renderer, p *schema.Pack, opts Options) (*export, error) {
	pl := &planner{r: r, opts: opts, ids: guids{seed: p.Game.ID, used: map[string]bool{}}, names: map[string]bool{}}
	for _, e := range elements(p, opts.WithBase) {
		pieces, ok, err := r.Pieces(p, e)
		if err != nil {
			return nil, fmt.Errorf("%s %q: %w", e.Kind(), e.ElementID(), err)
		}
		if !ok || len(pieces) == 0 {
			continue
		}
		if err := pl.add(e, pieces); err != nil {
			return nil, fmt.Errorf("%s %q: %w", e.Kind(), e.ElementID(), err)
		}
	}
	save := &Save{
		SaveName: cmp.Or(p.Game.Title, p.Game.ID), TabStates: map[string]any{},
		Note: "Made by runforge from the pack " + p.Game.ID + ".", ObjectStates: pl.layout(),
	}
	return &export{r: r, images: pl.images, save: save}, nil
}

// add plans the objects of element e's pieces.
func (pl *planner) add(e schema.Element, pieces []generator.Piece) error {
	var cards []generator.Piece
	for _, pc := range pieces {
		if pc.Copies <= 0 || len(pc.Sides) == 0 {
			continue
		}
		switch pc.Kind {
		case generator.PieceCard:
			cards = append(cards, pc)
		case generator.PieceTile:
			g, err := pl.tile(e, pc)
			if err != nil {
				return err
			}
			pl.tiles = append(pl.tiles, g)
		default:
			plan := map[generator.PieceKind]func(schema.Element, generator.Piece) (placed, error){
				generator.PieceToken: pl.token, generator.PieceDie: pl.die, generator.PieceFigure: pl.figure,
			}[pc.Kind]
			if plan == nil {
				return fmt.Errorf("piece %q: unknown kind %d", pc.ID, pc.Kind)
			}
			g, err := plan(e, pc)
			if err != nil {
				return err
			}
			pl.others = append(pl.others, g)
		}
	}
	if len(cards) > 0 {
		g, err := pl.deck(e, cards)
		if err != nil {
			return err
		}
		pl.decks = append(pl.decks, g)
	}
	return nil
}

// picture adds pic to the export under a file name no other image has
// (its own, else with "-2", "-3", ... before the extension, for two
// elements whose ids give one name) and returns pic's URL.
func (pl *planner) picture(pic *picture) (string, error) {
	base, ext := strings.TrimSuffix(pic.name, ".png"), ".png"
	for n := 2; pl.names[pic.name]; n++ {
		pic.name = base + "-" + strconv.Itoa(n) + ext
	}
	pl.names[pic.name] = true
	pl.images = append(pl.images, pic)
	return fileURL(pl.opts, pic.name)
}

// image adds a picture of one cell of w x h mm drawn by side.
func (pl *planner) image(name string, w, h float64, side func(draw.Canvas)) (string, error) {
	// Small pieces (tokens, standees) get MinPiecePx on their long side,
	// so that they stay sharp when TTS scales them up.
	dpi := max(dpiFor(w, h, 1, 1), math.Ceil(MinPiecePx*mmPerUnit/max(w, h)))
	cw, ch := cellPx(w, h, dpi)
	return pl.picture(&picture{name: name, cols: 1, rows: 1, cw: cw, ch: ch, wmm: w, hmm: h, dpi: dpi, cells: []func(draw.Canvas){side}})
}

// object is a new object of type name with the fields every one has.
func (pl *planner) object(name, nickname, description string) Object {
	return Object{
		GUID: pl.ids.next(), Name: name, Nickname: nickname, Description: description,
		Transform:    Transform{ScaleX: 1, ScaleY: 1, ScaleZ: 1},
		ColorDiffuse: Color{R: 1, G: 1, B: 1},
		Grid:         true, Snap: true, DragSelectable: true, Autoraise: true, Sticky: true, Tooltip: true,
	}
}

// deck plans a deck's sheets and its DeckCustom: faces in reading order
// on sheets of up to MaxFaces, each sheet a deck key; every card listed
// with its copies, face down.
func (pl *planner) deck(e schema.Element, cards []generator.Piece) (placed, error) {
	w, h := cards[0].W, cards[0].H
	id := safeName(e.ElementID())
	sheets := (len(cards) + MaxFaces - 1) / MaxFaces
	dpi := dpiFor(w, h, MaxCols, MaxRows)
	cw, ch := cellPx(w, h, dpi)
	shared := cards[0].SharedBack || len(cards[0].Sides) < 2
	var backURL string
	var err error
	if shared {
		back := func(c draw.Canvas) { c.Rect(0, 0, w, h, 0, draw.Filled(draw.RGB(0x60, 0x60, 0x60))) }
		if len(cards[0].Sides) > 1 {
			back = cards[0].AtTrim(1)
		}
		if backURL, err = pl.image(id+"-back.png", w, h, back); err != nil {
			return placed{}, err
		}
	}
	deck := pl.object("DeckCustom", deckName(e), "")
	deck.CustomDeck = CustomDecks{}
	deck.Transform.RotY, deck.Transform.RotZ = 180, 180
	deck.Transform.ScaleX, deck.Transform.ScaleZ = round3(w/pokerWidth), round3(w/pokerWidth)
	hide := true
	deck.HideWhenFaceDown = &hide
	total := 0
	for s := range sheets {
		lo, hi := s*MaxFaces, min((s+1)*MaxFaces, len(cards))
		n := hi - lo
		cols := min(n, MaxCols)
		rows := (n + cols - 1) / cols
		suffix := ""
		if sheets > 1 {
			suffix = "-" + strconv.Itoa(s+1)
		}
		face := &picture{name: id + suffix + ".png", cols: cols, rows: rows, cw: cw, ch: ch, wmm: w, hmm: h, dpi: dpi}
		for _, c := range cards[lo:hi] {
			face.cells = append(face.cells, c.AtTrim(0))
		}
		pl.key++
		entry := DeckSheet{NumWidth: cols, NumHeight: rows, BackIsHidden: true, UniqueBack: !shared}
		if entry.FaceURL, err = pl.picture(face); err != nil {
			return placed{}, err
		}
		entry.BackURL = backURL
		if !shared {
			back := &picture{name: id + "-back" + suffix + ".png", cols: cols, rows: rows, cw: cw, ch: ch, wmm: w, hmm: h, dpi: dpi}
			for _, c := range cards[lo:hi] {
				back.cells = append(back.cells, c.AtTrim(1))
			}
			if entry.BackURL, err = pl.picture(back); err != nil {
				return placed{}, err
			}
		}
		key := strconv.Itoa(pl.key)
		deck.CustomDeck[key] = entry
		for i, c := range cards[lo:hi] {
			cid := pl.key*100 + i
			for range c.Copies {
				card := pl.object("Card", c.Name, c.Text)
				card.CardID = &cid
				card.CustomDeck = CustomDecks{key: entry}
				card.Hands = true
				card.Transform.RotY, card.Transform.RotZ = 180, 180
				card.Transform.ScaleX, card.Transform.ScaleZ = deck.Transform.ScaleX, deck.Transform.ScaleZ
				deck.DeckIDs = append(deck.DeckIDs, cid)
				deck.ContainedObjects = append(deck.ContainedObjects, card)
				total++
			}
		}
	}
	deck.Description = generator.Plural(total, "card")
	wu, du := w/mmPerUnit, h/mmPerUnit
	if total == 1 {
		card := deck.ContainedObjects[0]
		card.Transform = deck.Transform
		return placed{w: wu, d: du, objects: []Object{card}}, nil
	}
	return placed{w: wu, d: du, objects: []Object{deck}}, nil
}

// deckName is what a deck is called on the table.
func deckName(e schema.Element) string {
	return cmp.Or(e.Facts().Name, e.ElementID())
}

// sides writes a two-sided piece's images: its front and back URLs.
func (pl *planner) sides(e schema.Element, pc generator.Piece) (front, back string, err error) {
	base := safeName(e.ElementID())
	if pc.ID != "" && pc.ID != e.ElementID() {
		base += "-" + safeName(pc.ID)
	}
	if front, err = pl.image(base+".png", pc.W, pc.H, pc.AtTrim(0)); err != nil {
		return "", "", err
	}
	if len(pc.Sides) > 1 {
		back, err = pl.image(base+"-back.png", pc.W, pc.H, pc.AtTrim(1))
	}
	return front, back, err
}

// tile plans a board, map card or tile: a Custom_Tile with both sides,
// its copies stacked.
func (pl *planner) tile(e schema.Element, pc generator.Piece) (placed, error) {
	front, back, err := pl.sides(e, pc)
	g := placed{w: pc.W / mmPerUnit, d: pc.H / mmPerUnit}
	if err != nil {
		return g, err
	}
	for i := range pc.Copies {
		o := pl.object("Custom_Tile", pc.Name, pc.Text)
		o.CustomImage = &Image{ImageURL: front, ImageSecondaryURL: back, ImageScalar: 1,
			CustomTile: &CustomTile{Type: TileBox, Thickness: 0.1, Stackable: true, Stretch: true}}
		s := round3(pc.W / mmPerUnit / tileUnits)
		o.Transform.ScaleX, o.Transform.ScaleZ = s, s
		o.Transform.PosY = round3(0.2 * float64(i))
		g.objects = append(g.objects, o)
	}
	return g, nil
}

// token plans a token or pawn: a round or square Custom_Tile with both
// sides; several copies go in a bag named after it.
func (pl *planner) token(e schema.Element, pc generator.Piece) (placed, error) {
	front, back, err := pl.sides(e, pc)
	g := placed{w: max(pc.W/mmPerUnit, 1.5), d: max(pc.H/mmPerUnit, 1.5)}
	if err != nil {
		return g, err
	}
	shape := TileBox
	if pc.Round {
		shape = TileCircle
	}
	one := func() Object {
		o := pl.object("Custom_Tile", pc.Name, pc.Text)
		o.CustomImage = &Image{ImageURL: front, ImageSecondaryURL: back, ImageScalar: 1,
			CustomTile: &CustomTile{Type: shape, Thickness: 0.1, Stackable: true, Stretch: true}}
		s := round3(pc.W / mmPerUnit / tileUnits)
		o.Transform.ScaleX, o.Transform.ScaleZ = s, s
		return o
	}
	if pc.Copies == 1 {
		g.objects = []Object{one()}
		return g, nil
	}
	bag := pl.object("Bag", pc.Name, fmt.Sprintf("%d x %s", pc.Copies, pc.Name))
	bag.Bag = &BagState{}
	for range pc.Copies {
		bag.ContainedObjects = append(bag.ContainedObjects, one())
	}
	g.objects = []Object{bag}
	return g, nil
}

// die plans a die: its faces on a d6 texture, a Custom_Dice per copy in a
// row.
func (pl *planner) die(e schema.Element, pc generator.Piece) (placed, error) {
	if len(pc.Sides) != len(d6Cells) {
		return placed{}, fmt.Errorf("die %q has %d faces, want %d", pc.ID, len(pc.Sides), len(d6Cells))
	}
	dpi := math.Ceil(MinDieFacePx * mmPerUnit / max(pc.W, pc.H))
	cw, ch := cellPx(pc.W, pc.H, dpi)
	pic := &picture{name: safeName(e.ElementID()) + "-" + safeName(pc.ID) + "-d6.png", cols: 4, rows: 3, cw: cw, ch: ch, wmm: pc.W, hmm: pc.H, dpi: dpi,
		cells: make([]func(draw.Canvas), 12)}
	for i, cell := range d6Cells {
		pic.cells[cell[1]*4+cell[0]] = pc.AtTrim(i)
	}
	u, err := pl.picture(pic)
	if err != nil {
		return placed{}, err
	}
	words := FaceWords(pc.Text)
	g := placed{w: float64(pc.Copies) * 1.5, d: 1.5, step: 1.5}
	for range pc.Copies {
		o := pl.object("Custom_Dice", pc.Name, pc.Text)
		o.CustomImage = &Image{ImageURL: u, ImageScalar: 1, CustomDice: &CustomDice{Type: DiceD6}}
		for j, rot := range d6Rotations {
			v := strconv.Itoa(j + 1)
			if j < len(words) && words[j] != "" {
				v = words[j]
			}
			o.RotationValues = append(o.RotationValues, Rotation{Value: v, Rotation: rot})
		}
		g.objects = append(g.objects, o)
	}
	return g, nil
}

// FaceWords are the words of a die's faces 1 to 6 as its piece's Text
// lists them, one a line.
func FaceWords(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// figure plans a standee: a Figurine_Custom per copy, front and back, in
// a row.
func (pl *planner) figure(e schema.Element, pc generator.Piece) (placed, error) {
	front, back, err := pl.sides(e, pc)
	step := round3(pc.W/mmPerUnit + 0.5)
	g := placed{w: float64(pc.Copies) * step, d: 1, step: step}
	if err != nil {
		return g, err
	}
	s := round3(pc.H / mmPerUnit / tileUnits)
	for range pc.Copies {
		o := pl.object("Figurine_Custom", pc.Name, pc.Text)
		o.CustomImage = &Image{ImageURL: front, ImageSecondaryURL: back, ImageScalar: 1}
		o.Transform.ScaleX, o.Transform.ScaleY, o.Transform.ScaleZ = s, s, s
		g.objects = append(g.objects, o)
	}
	return g, nil
}

// layout places the regions on the table: the decks in a row along the
// far edge, the boards and tiles in the middle, tokens, dice and figures
// along the near edge; each region in rows of at most rowWidth, centred.
func (pl *planner) layout() []Object {
	var out []Object
	z := 0.0
	for _, region := range [][]placed{pl.decks, pl.tiles, pl.others} {
		objs, depth := shelve(region, z)
		out = append(out, objs...)
		if depth > 0 {
			z -= depth + 2*gap
		}
	}
	// Centre the whole arrangement on the table along z.
	shift := -z / 2
	for i := range out {
		out[i].Transform.PosZ = round3(out[i].Transform.PosZ + shift)
		out[i].Transform.PosY = round3(out[i].Transform.PosY + 1)
	}
	return out
}

// shelve places groups in rows from z downwards and returns the objects
// and the depth used.
func shelve(groups []placed, z0 float64) ([]Object, float64) {
	var out []Object
	z := z0
	for lo := 0; lo < len(groups); {
		hi, w, d := lo, 0.0, 0.0
		for hi < len(groups) && (hi == lo || w+gap+groups[hi].w <= rowWidth) {
			if hi > lo {
				w += gap
			}
			w += groups[hi].w
			d = max(d, groups[hi].d)
			hi++
		}
		x := -w / 2
		for _, g := range groups[lo:hi] {
			for i, o := range g.objects {
				o.Transform.PosX = round3(x + g.w/2)
				if g.step > 0 {
					o.Transform.PosX = round3(x + (float64(i)+0.5)*g.step)
				}
				o.Transform.PosZ = round3(z - d/2)
				out = append(out, o)
			}
			x += g.w + gap
		}
		z -= d + gap
		lo = hi
	}
	return out, z0 - z
}

// round3 rounds to three decimals, so that the file stays readable.
func round3(v float64) float64 { return math.Round(v*1000) / 1000 }
