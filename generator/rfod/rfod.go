// Package rfod is what Run, Fight, or Die! and Reloaded bring to
// rendering: the sections their cards derive, the player boards, the
// Actions & Events Guide, Reloaded's campaign mats and the kit's odds card.
package rfod

import (
	"fmt"
	"io"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	rfodrules "github.com/runforge/runforge/validate/rfod"
)

// A template can neither lead a text with an icon only when the text is
// set nor look a name up, so the card types derive the printed sections
// from the card's fields: each section is a paragraph of one text box, led
// by its icon, and the sections flow top-down whichever of them a card
// has. Tables the checker reads (the Town Line's, a Trauma card's
// requirements) print from the data, never from a hand-written copy.

// Game is what Run, Fight, or Die! brings to rendering: its card
// sections and the parts Reloaded shares (Shared), its odds card computed
// with its odds rules.
func Game() generator.Game {
	g := Shared(rfodrules.Odds())
	g.Derived = map[string]generator.DeriveFunc{
		"rfod/follower": rfodFollowerFields,
		"rfod/location": rfodLocationFields,
	}
	return g
}

// Shared is what Run, Fight, or Die! and Reloaded both bring to rendering:
// the player boards, the Actions & Events Guide and the kit's odds card,
// which a game's descriptor gives the game's odds rules (odds): the card
// is written for the packs of that game.
func Shared(odds rfodrules.OddsRules) generator.Game {
	return generator.Game{
		Kinds: map[string]generator.KindRenderer{
			// Player boards and the Actions & Events Guide
			// (playerboards.go, guide.go).
			"PlayerBoards": generator.Kind[*rfodschema.PlayerBoardSet]{Build: buildPlayerBoards, Fit: playerBoardOverflows, Index: indexPlayerBoards}.Renderer(),
			"Guide":        generator.Kind[*rfodschema.Guide]{Build: buildGuide, Fit: guideOverflows, Index: indexGuide, Stock: guideStock}.Renderer(),
		},
		Pieces: map[string]generator.PiecesFunc{"PlayerBoards": generator.PiecesOf(playerBoardPieces)},
		Press:  map[string]generator.PiecesFunc{"PlayerBoards": generator.PiecesOf(playerBoardPieces)},
		KitOutputs: []generator.KitOutput{{
			Path:   "odds.pdf",
			Wanted: func(p *schema.Pack, _ generator.PrintOptions, _ bool) bool { return HasOddsCard(p, odds) },
			Write: func(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions) (int, error) {
				return WriteOddsCard(r, w, p, odds, opts)
			},
			What:  "the odds card (added by runforge; not in the published component list)",
			Index: func(*schema.Pack, generator.PrintOptions) []string { return indexOddsCard(odds) },
			Stock: generator.PlainPaper,
		}},
	}
}

// Section is one section of a card's text: the field that holds it,
// the icon that leads it and the label set strong after the icon ("" for
// none).
type Section struct {
	Field, Icon, Label string
}

// rfodFollowerSections are an RFoD Follower's sections, in the order the
// rulebook names its icons, "Bonus, Penalty, and Special" (L406), then the
// Solitaire text the solo game follows instead (L499).
var rfodFollowerSections = []Section{
	{Field: "bonus", Icon: "bonus", Label: "BONUS"},
	{Field: "penalty", Icon: "penalty", Label: "PENALTY"},
	{Field: "special", Icon: "special", Label: "SPECIAL"},
	{Field: "solitaire", Icon: "solitaire", Label: "SOLITAIRE"},
}

// rfodFollowerFields derives an RFoD Follower's abilities: its Bonus,
// Penalty, Special and Solitaire texts, each a paragraph led by its icon
// and name (L406, L499). It needs nothing of the pack.
func rfodFollowerFields(_ *schema.Pack, card *schema.Card) map[string]string {
	return NonEmpty(map[string]string{"abilities": Sections(card, rfodFollowerSections)})
}

// rfodLocationFields derives the Town Line's table (townLineTable) from
// its townLine: data, so that the printed table and the one the checker
// reads (rfod/town-line-table) cannot disagree: one line per player count
// the pack supports, "**2 players:** 7 Followers" (L466-471, A9). Other
// locations derive nothing.
func rfodLocationFields(p *schema.Pack, card *schema.Card) map[string]string {
	tl, ok := card.Fields["townLine"].(map[string]any)
	if !ok {
		return nil
	}
	maxPlayers := rfodschema.Defaults().Players.Max
	if s := rfodschema.SettingsOf(p); s != nil {
		maxPlayers = s.Players.Max
	}
	var lines []string
	for _, r := range rfodTownLineRows(tl, maxPlayers) {
		lines = append(lines, fmt.Sprintf("**%s:** %d Followers", plural(r.players, "player"), r.followers))
	}
	return NonEmpty(map[string]string{"townLineTable": strings.Join(lines, "\n")})
}

// rfodTownLineRow is one row of the Town Line's table.
type rfodTownLineRow struct {
	players, followers int
}

// rfodTownLineRows are the rows of a townLine: table for the player counts
// up to maxPlayers, by player count: the rows written in followersToEnd,
// and for a count over 4 that has none, the 4-player row plus
// perPlayerOver4 for each player over 4 ("+2 Followers for each
// additional Player over 4", L470). A row for more players than the pack
// supports does not print. Malformed rows are skipped: validate reports
// them (rfod/town-line-table).
func rfodTownLineRows(tl map[string]any, maxPlayers int) []rfodTownLineRow {
	written := map[int]int{}
	rows, _ := tl["followersToEnd"].([]any)
	for _, r := range rows {
		row, _ := r.(map[string]any)
		pl, okP := row["players"].(int64)
		fo, okF := row["followers"].(int64)
		if _, dup := written[int(pl)]; okP && okF && !dup {
			written[int(pl)] = int(fo)
		}
	}
	perOver4, hasPer := tl["perPlayerOver4"].(int64)
	var out []rfodTownLineRow
	for pl := 1; pl <= maxPlayers; pl++ {
		fo, ok := written[pl]
		if !ok && pl > 4 && hasPer {
			if four, ok4 := written[4]; ok4 {
				fo, ok = four+int(perOver4)*(pl-4), true
			}
		}
		if ok {
			out = append(out, rfodTownLineRow{pl, fo})
		}
	}
	return out
}

// Sections joins the card's sections that have text, one paragraph
// each: "{icon} **LABEL:** text", or "{icon} text" for a section without a
// label.
func Sections(card *schema.Card, sections []Section) string {
	var paras []string
	for _, s := range sections {
		text := strings.TrimSpace(card.Str(s.Field))
		if text == "" {
			continue
		}
		lead := "{" + s.Icon + "}"
		if s.Label != "" {
			lead += " **" + s.Label + ":**"
		}
		paras = append(paras, lead+" "+text)
	}
	return strings.Join(paras, "\n")
}

// CardNames maps the ids of the pack's cards of a card type to their
// names; nil for a nil pack.
func CardNames(p *schema.Pack, cardType string) map[string]string {
	if p == nil {
		return nil
	}
	out := map[string]string{}
	for _, c := range rfodschema.Cards(p, cardType) {
		if _, dup := out[c.ID]; !dup {
			out[c.ID] = c.Str("name")
		}
	}
	return out
}

// NameIn is the name of id in names, or id itself when it has none.
func NameIn(names map[string]string, id string) string {
	if n := names[id]; n != "" {
		return n
	}
	return id
}

// plural is "1 noun" or "n nouns".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// NonEmpty drops the fields without text, so that a box's when: does not
// show them.
func NonEmpty(fields map[string]string) map[string]string {
	for k, v := range fields {
		if v == "" {
			delete(fields, k)
		}
	}
	if len(fields) == 0 {
		return nil
	}
	return fields
}

// guideStock is the paper of the Actions & Events guide: it is read at the
// table, not handled, so plain paper.
func guideStock(*rfodschema.Guide, generator.PrintOptions) generator.Stock {
	return generator.PlainPaper
}
