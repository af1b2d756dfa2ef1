package generator

import (
	"fmt"
	justrunschema "github.com/runforge/runforge/schema/justrun"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	rfodrschema "github.com/runforge/runforge/schema/rfodr"
	runschema "github.com/runforge/runforge/schema/run"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// gameRenderer is what one game adds to rendering. Each game declares one
// in its own file (generator/<game>.go).
type gameRenderer struct {
	// derived computes extra template fields of a card, by card type.
	derived map[string]deriveFunc
	// boxes draws the game's template box types (schema.GameSchema.BoxTypes).
	boxes map[string]boxDrawer
}

// deriveFunc computes the extra template fields of a card of the pack p.
// p may be nil (a card drawn without its pack, as in some tests): a
// function that needs the pack's settings then uses the defaults.
type deriveFunc func(p *schema.Pack, card *schema.Card) map[string]string

// boxDrawer draws a game-specific box type.
type boxDrawer func(r *Renderer, c draw.Canvas, b *schema.Box, box layout.Rect, d *CardData, ink, paper draw.Color)

// gameRenderers is the table of games' rendering: one line per game.
var gameRenderers = []gameRenderer{
	rfylRenderer,
	runRenderer,
	justRunRenderer,
	rfodRenderer,
}

// derivedFields adds the fields a game computes from a card of the pack p
// (nil: the game's defaults stand for the pack's settings).
func derivedFields(p *schema.Pack, deck *schema.Deck, card *schema.Card) map[string]string {
	for _, g := range gameRenderers {
		if f, ok := g.derived[deck.CardType]; ok {
			return f(p, card)
		}
	}
	return nil
}

// boxDrawerFor returns the drawer of a game's box type.
func boxDrawerFor(kind string) (boxDrawer, bool) {
	for _, g := range gameRenderers {
		if d, ok := g.boxes[kind]; ok {
			return d, true
		}
	}
	return nil, false
}

// kindBuilder plans the output jobs of one element of a kind.
type kindBuilder func(r *Renderer, p *schema.Pack, e schema.Element, opts BuildOptions) []job

// kindFitter lists the texts of an element that do not print as written.
type kindFitter func(r *Renderer, p *schema.Pack, e schema.Element) []schema.TextIssue

// kindRenderer is how one content kind is built and checked: one line per
// kind. Token sets print together on the kit's tokens.pdf (see build.go).
type kindRenderer struct {
	build kindBuilder
	fit   kindFitter
	// index describes the element's file in components.txt: what it holds
	// and how to assemble it (nil: its name).
	index kindIndexer
}

// kindIndexer describes an element's output for the kit's index.
type kindIndexer func(r *Renderer, p *schema.Pack, e schema.Element, opts PrintOptions) []string

// kind is how the elements of one content kind, of Go type E, are built,
// checked and indexed; any of the three may be nil.
type kind[E schema.Element] struct {
	build func(r *Renderer, p *schema.Pack, e E, opts BuildOptions) []job
	fit   func(r *Renderer, p *schema.Pack, e E) []schema.TextIssue
	index func(r *Renderer, p *schema.Pack, e E, opts PrintOptions) []string
}

// renderer is k for any element: each function is given the element as an
// E. An element of another Go type (a kind registered with the wrong type)
// fails its build with an error and has nothing to fit or index.
func (k kind[E]) renderer() kindRenderer {
	var kr kindRenderer
	if k.build != nil {
		kr.build = func(r *Renderer, p *schema.Pack, e schema.Element, opts BuildOptions) []job {
			el, ok := e.(E)
			if !ok {
				return []job{{name: e.Kind(), run: func(string) ([]Artifact, error) {
					return nil, fmt.Errorf("%s: a %s element of Go type %T, want %T", e.Source().Pos(), e.Kind(), e, el)
				}}}
			}
			return k.build(r, p, el, opts)
		}
	}
	if k.fit != nil {
		kr.fit = func(r *Renderer, p *schema.Pack, e schema.Element) []schema.TextIssue {
			if el, ok := e.(E); ok {
				return k.fit(r, p, el)
			}
			return nil
		}
	}
	if k.index != nil {
		kr.index = func(r *Renderer, p *schema.Pack, e schema.Element, opts PrintOptions) []string {
			if el, ok := e.(E); ok {
				return k.index(r, p, el, opts)
			}
			return nil
		}
	}
	return kr
}

// kindRenderers is the table of content kinds the build writes.
var kindRenderers = map[string]kindRenderer{
	"Deck":  kind[*schema.Deck]{build: buildDeck, index: indexDeck}.renderer(),
	"Sheet": kind[*schema.Sheet]{build: buildSheet, fit: sheetOverflows, index: indexSheet}.renderer(),
	"Board": kind[*schema.Board]{build: buildBoard, fit: boardOverflows, index: indexBoard}.renderer(),
	"Dice":  kind[*schema.DiceSet]{build: buildDice, fit: diceOverflows, index: indexDice}.renderer(),
	// RUN maps print together on the kit's maps.pdf (see build.go); their
	// build writes each map's preview.
	"Map": kind[*runschema.Map]{build: buildMap, fit: mapOverflows}.renderer(),
	// Just Run combinations print nothing of their own: the cards' texts
	// explain them (L165).
	"Combinations": {},
	"TileSet":      kind[*justrunschema.TileSet]{build: buildTileSet, fit: tileSetOverflows, index: indexTileSet}.renderer(),
	// Run, Fight, or Die! player boards, Reloaded campaign mats and the
	// Actions & Events Guide (playerboards.go, mats.go, guide.go).
	"PlayerBoards": kind[*rfodschema.PlayerBoardSet]{build: buildPlayerBoards, fit: playerBoardOverflows, index: indexPlayerBoards}.renderer(),
	"Mats":         kind[*rfodrschema.MatSet]{build: buildMats, index: indexMats}.renderer(),
	"Guide":        kind[*rfodschema.Guide]{build: buildGuide, fit: guideOverflows, index: indexGuide}.renderer(),
}

// notPrintedYet lists the pack's elements of kinds the build cannot print
// yet (no line in kindRenderers), such as RUN maps; token sets have none
// either but print together on the kit's tokens.pdf.
func notPrintedYet(p *schema.Pack) []schema.Element {
	var out []schema.Element
	for _, e := range p.Elements {
		_, rendered := kindRenderers[e.Kind()]
		if _, tokens := e.(*schema.TokenSet); !rendered && !tokens {
			out = append(out, e)
		}
	}
	return out
}
