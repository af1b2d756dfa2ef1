// Package justrun holds Just Run's rules: the tile sets, the lab, the exits,
// the item combinations, the settings block and the board simulation
// (its simulator is jrsim), with the --explain hook that prints the
// simulation's metrics (imported as justrunrules).
package justrun

import (
	_ "embed"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/runforge/runforge/internal/suggest"
	justrunschema "github.com/runforge/runforge/schema/justrun"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
)

// Just Run structural and card rules (Just Run rulebook lines cited as
// Lnnn). The
// simulation rules (justrun/board-*, justrun/tile-rarely-placed) live
// with the simulation. The stated assumptions these rules rely on:
//   - Tiles: n faces the exit row (A1); one door per side at its centre
//     (A2); start tiles carry position: 1-5 (A14); the connecting doors are
//     those between start tiles (A15); Labs are room tiles (A17); exit
//     tiles always spawn (A19).
//   - Decks: a justrun/card deck is the search, scavenge or supplies deck
//     whose component the manifest's justRun.components names (default
//     search-cards, scavenge-cards, supplies-cards); a deck without a
//     component by its id (search, scavenge, supplies).
//   - Colours: only a neutral (black) border is neutral; a card with one
//     black border combines through the other.
//   - Weapons (for the door icon) are types melee, flail, ranged and thrown.
//   - Dice: the door die and the Wear & Tear die are the dice of the pack's
//     Dice files whose component: is justRun.components.doorDie (default
//     door-die) and .wearTearDie (default wear-tear-die); a die without a
//     component counts when its id is that name.
//   - Supplies are counted from the manifest's expected: counts, so that
//     components marked printed: false (dice, pawns) count too.
//
// The two mixed-severity checks are split into rules of one
// severity each: justrun/memento (E) and justrun/memento-count (W);
// justrun/item-range (E) and justrun/item-fields (W).

// Just Run facts of the rulebook.
const (
	// jrLabs is the number of Lab tiles: "one of the two room tiles labeled
	// Lab" (L647).
	jrLabs = 2
	// jrStartTiles is the start row: "Place the 5 start tiles face up in a
	// row" (L105).
	jrStartTiles = 5
	// jrAntidotes is "the 6 Antidote search cards" (L95, L647).
	jrAntidotes = 6
	// jrExitSearchCards is "Deal 5 search cards and place one face down
	// under each of the exit tiles" (L87).
	jrExitSearchCards = 5
	// jrKillQuota is Extermination's "5 dead zombie tokens" (L603).
	jrKillQuota = 5
	// jrLife is each survivor's "6 life tokens" (L82) and the rescuee's 6
	// life points (L689).
	jrLife = 6
	// jrDicePerPlayer is "5 dice matching the color of their player piece"
	// (L82).
	jrDicePerPlayer = 5
	// jrExitZombies is the most zombies an exit room starts with: "roll a
	// die, re-rolling 6s" (L575).
	jrExitZombies = 5
)

// jrCalmDeal is the Calm Method deal, cards per player by players: "deals
// 5/6/7/8/10 scavenge cards to the 6/5/4/3/2 players" (L210).
var jrCalmDeal = map[int]int{2: 10, 3: 8, 4: 7, 5: 6, 6: 5}

// System is the game system id of Just Run.
const System = justrunschema.System

// Game is Just Run's descriptor: its rules, settings checks and board
// simulation, and the explanation of the simulation.
func Game() validate.Game {
	return validate.Game{System: System, Docs: ruleDocs, Rules: func() []*validate.Rule { return append(justRunRules(), justRunSimRules()...) },
		Explain: func(p *schema.Pack, e *validate.PackExplanation) {
			if p.Game.System == System && len(justrunschema.TileSets(p)) > 0 {
				explainJustRun(p, e)
			}
		}}
}

func justRunRules() []*validate.Rule {
	games := []string{justrunschema.System}
	return validate.WholePack([]*validate.Rule{
		{ID: "justrun/lab-count", Severity: validate.Error, Games: games, Check: checkJRLabCount,
			Doc: "The tiles do not hold exactly 2 Lab copies: \"one of the two room tiles labeled Lab\" (L647, L677)."},
		{ID: "justrun/lab-role", Severity: validate.Error, Games: games, Check: checkJRLabRole,
			Doc: "A start or exit tile is marked lab: true; the Labs are room tiles, which are drawn (L647, L677, A17)."},
		{ID: "justrun/main-exit", Severity: validate.Error, Games: games, Check: checkJRMainExit,
			Doc: "There is not exactly one main exit, on the n side of an exit tile; another exit tile's n side is not a wall; or a room or start tile has a main exit (L46, L573, L577)."},
		{ID: "justrun/main-exit-access", Severity: validate.Error, Games: games, Check: checkJRMainExitAccess,
			Doc: "The main-exit tile has no door on e, s or w, so no room leads to it (exit-row doors are \"just like any other door\", L573, L336)."},
		{ID: "justrun/exit-tile-sealed", Severity: validate.Warning, Games: games, Check: checkJRExitSealed,
			Doc: "An exit tile has no door on e, s or w: its room and the search card under it can never be reached (L575)."},
		{ID: "justrun/start-row", Severity: validate.Error, Games: games, Check: checkJRStartRow,
			Doc: "The start row is not 5 start tiles at positions 1-5 once each, a door faces a wall between two start tiles, or no start tile has an n door (L105, L557, A14)."},
		{ID: "justrun/start-row-split", Severity: validate.Warning, Games: games, Check: checkJRStartRowSplit,
			Doc: "A start tile cannot reach an n door through the doors between start tiles, or two start tiles meet wall to wall (L105, A15)."},
		{ID: "justrun/edge-door", Severity: validate.Warning, Games: games, Check: checkJREdgeDoor,
			Doc: "A start tile has a door facing the board edge (its s side, w of position 1, e of position 5): it leads nowhere (L553, A3)."},
		{ID: "justrun/room-tile-doors", Severity: validate.Warning, Games: games, Check: checkJRRoomTileDoors,
			Doc: "A room tile has no door, so it can never be entered through one (L557)."},
		{ID: "justrun/spawn", Severity: validate.Warning, Games: games, Check: checkJRSpawn,
			Doc: "No room tile shows the spawn symbol (L301), or an exit tile says spawn: false although exit rooms always spawn (L303, A19)."},
		{ID: "justrun/event-deck", Severity: validate.Error, Games: games, Check: checkJREventDeck,
			Doc: "An event card is in another deck than the search deck: \"Event cards are only found in the search deck\" (L141)."},
		{ID: "justrun/antidote", Severity: validate.Error, Games: games, Check: checkJRAntidote,
			Doc: "The Antidotes are not exactly 6 copies, all search cards marked setAside: true, as many as the cure tokens (L95, L505, L647)."},
		{ID: "justrun/scenarios", Severity: validate.Error, Games: games, Check: checkJRScenarios,
			Doc: "The scenario cards are not the 5 scenarios once each, each with its cooperative and competitive text (L583-L701)."},
		{ID: "justrun/memento", Severity: validate.Error, Games: games, Check: checkJRMemento,
			Doc: "Memento Mori is in the pack but no card is a memento: \"Mementos are special cards found in the search deck\" (L623-L631)."},
		{ID: "justrun/memento-count", Severity: validate.Warning, Games: games, Check: checkJRMementoCount,
			Doc: "Memento Mori is in the pack with fewer mementos than players.max, so not every survivor can hold one to win (L627-L631)."},
		{ID: "justrun/scavenge-deal", Severity: validate.Error, Games: games, Check: checkJRScavengeDeal,
			Doc: "The scavenge deck has fewer item cards than the largest Calm Method deal (30: \"5/6/7/8/10 scavenge cards to the 6/5/4/3/2 players\", L210)."},
		{ID: "justrun/search-exits", Severity: validate.Error, Games: games, Check: checkJRSearchExits,
			Doc: "The search deck, without its set-aside cards, has fewer than the 5 cards placed under the exit tiles (L87)."},
		{ID: "justrun/dead-zombie-tokens", Severity: validate.Error, Games: games, Check: checkJRDeadZombieTokens,
			Doc: "Extermination is in the pack and there are fewer dead zombie tokens than 5 per player at players.max (L603, L54)."},
		{ID: "justrun/supply-counts", Severity: validate.Warning, Games: games, Check: checkJRSupplyCounts,
			Doc: "Too few life tokens (6 per player and the rescuee, L82, L689), player dice (5 per player, L82), player pawns (one per player, +1 for the rescuee with Rescue Mission, L683) or zombie pawns (5 per exit room, L575), or the manifest lists none."},
		{ID: "justrun/item-range", Severity: validate.Error, Games: games, Check: checkJRItemRange,
			Doc: "A ranged weapon has no range: \"Nearby rooms cannot be further than the weapon's maximum range\" (L460)."},
		{ID: "justrun/item-fields", Severity: validate.Warning, Games: games, Check: checkJRItemFields,
			Doc: "An item's fields disagree with its type: range on a non-ranged item (L460), armor with 0 armor tokens (it starts broken, L499), armor tokens on a non-armor item, the door icon on a non-weapon (L321), or more space than the inventory without an inventory bonus (L202)."},
		{ID: "justrun/colour-palette", Severity: validate.Error, Games: games, Check: checkJRColourPalette,
			Doc: "A border colour is not in the manifest's justRun.colours, a colour id is declared twice, or the palette does not have exactly one neutral colour (black, L165, L167)."},
		{ID: "justrun/colour-unpaired", Severity: validate.Warning, Games: games, Check: checkJRColourUnpaired,
			Doc: "A non-neutral colour on an item's left border is on no other card's right border, or the reverse, so the card can never combine through it (L165); a card pairs with itself only with 2 or more copies."},
		{ID: "justrun/combo-arity", Severity: validate.Error, Games: games, Check: checkJRComboArity,
			Doc: "A combination is not 2 item cards or 1 item card with one token or marker (L167, L190, L392)."},
		{ID: "justrun/combo-card", Severity: validate.Error, Games: games, Check: checkJRComboCard,
			Doc: "A combination names a card that is no item card of the search, scavenge or supplies decks (an event card, or no card: a misspelt id gets a did-you-mean), or a token or marker that is no component of the manifest (L141, L165, L190, L392)."},
		{ID: "justrun/combo-colours", Severity: validate.Error, Games: games, Check: checkJRComboColours,
			Doc: "Two combined cards' borders do not match: one card's left border must be the other's right, whichever is listed first (L165)."},
		{ID: "justrun/combo-black", Severity: validate.Error, Games: games, Check: checkJRComboBlack,
			Doc: "Two combined cards match only through the neutral (black) border, which \"cannot be combined with any other cards\" (L167)."},
		{ID: "justrun/combo-result", Severity: validate.Error, Games: games, Check: checkJRComboResult,
			Doc: "A combination's result space is not the larger of its cards' (L169) or its attack not their sum (L170)."},
		{ID: "justrun/rulebook-items", Severity: validate.Warning, Games: games, Check: checkJRRulebookItems,
			Doc: "An item or combination the rulebook names lacks its numbers: Baseball Bat space 2, Scissors space 1 +1, Mop +1, Hammer +1, Handgun ranged +1, Extension Cord +0, Spiked Club space 2, Spear +2 (L169, L170, L450, L468)."},
		{ID: "justrun/door-die", Severity: validate.Error, Games: games, Check: checkJRDoorDie,
			Doc: "A face of the door die is not unlocked, locked or blocked, or an outcome is on no face (L340-L352; the spread is an assumption)."},
		{ID: "justrun/wear-tear-die", Severity: validate.Error, Games: games, Check: checkJRWearTearDie,
			Doc: "A face of the Wear & Tear die is not ok or broken, or one of them is on no face (L563; the spread is an assumption)."},
	},
		"justrun/lab-count", "justrun/main-exit", "justrun/start-row", "justrun/start-row-split", "justrun/spawn", "justrun/antidote", "justrun/scenarios", "justrun/memento", "justrun/memento-count", "justrun/scavenge-deal", "justrun/search-exits", "justrun/dead-zombie-tokens", "justrun/supply-counts", "justrun/colour-unpaired", "justrun/door-die", "justrun/wear-tear-die")
}

// jrCard is an item or event card of a justrun/card deck with the part its
// deck plays.
type jrCard struct {
	*schema.Card
	role string // search, scavenge, supplies or ""
}

// jrCards lists the cards of the pack's justrun/card decks, in pack order.
func jrCards(p *schema.Pack, s *justrunschema.Settings) []jrCard {
	var out []jrCard
	for _, d := range validate.DecksOf(p, "justrun/card") {
		role := s.DeckRole(d)
		for _, c := range d.Cards {
			out = append(out, jrCard{c, role})
		}
	}
	return out
}

// jrItems lists the item cards of the pack's justrun/card decks.
func jrItems(p *schema.Pack, s *justrunschema.Settings) []jrCard {
	var out []jrCard
	for _, c := range jrCards(p, s) {
		if c.Str("category") == justrunschema.CategoryItem {
			out = append(out, c)
		}
	}
	return out
}

// jrDeckOf returns the first justrun/card deck playing role, or nil.
func jrDeckOf(p *schema.Pack, s *justrunschema.Settings, role string) *schema.Deck {
	for _, d := range validate.DecksOf(p, "justrun/card") {
		if s.DeckRole(d) == role {
			return d
		}
	}
	return nil
}

// jrCardsPos is where a finding about a whole deck points: its cards list,
// or its id when it has none.
func jrCardsPos(d *schema.Deck) schema.Pos {
	if r := d.Ref.Child("cards"); r.Exists() {
		return r.Pos()
	}
	return d.Ref.Child("id").Pos()
}

// jrFieldPos is the position of a card's field, or of its id when the
// card does not write it.
func jrFieldPos(c *schema.Card, field string) schema.Pos {
	if r := c.FieldRef(field); r.Exists() {
		return r.Pos()
	}
	return c.Ref.Child("id").Pos()
}

// jrCardWhat names a card in messages: `search card "handgun"`.
func jrCardWhat(c jrCard) string {
	if c.role != "" {
		return fmt.Sprintf("%s card %q", c.role, c.ID)
	}
	return fmt.Sprintf("card %q of deck %q", c.ID, c.Deck.ID)
}

// jrCopiesText writes n copies of ids: "lab-a (x2) and lab-b".
func jrCopiesText(ids []string, counts map[string]int) string {
	words := make([]string, len(ids))
	for i, id := range ids {
		words[i] = id
		if n := counts[id]; n != 1 {
			words[i] += fmt.Sprintf(" (x%d)", n)
		}
	}
	return validate.AndList(words)
}

// jrTileSetPos is where a finding about the tiles of a role points: the
// tiles list of the first set of that role; ok is false when there is
// none.
func jrTileSetPos(p *schema.Pack, role string) (schema.Pos, bool) {
	for _, ts := range justrunschema.TileSets(p) {
		if ts.Role == role {
			return ts.Ref.Child("tiles").Pos(), true
		}
	}
	return schema.Pos{}, false
}

func checkJRLabCount(c *validate.Context) {
	pos, ok := jrTileSetPos(c.Pack, justrunschema.TileRoom)
	if !ok {
		return
	}
	var ids []string
	counts := map[string]int{}
	total := 0
	var labs []*justrunschema.Tile
	for _, ts := range justrunschema.TileSets(c.Pack) {
		for _, t := range ts.Tiles {
			if t.Lab && t.Count > 0 {
				labs = append(labs, t)
				ids = append(ids, t.ID)
				counts[t.ID] = t.Count
				total += t.Count
			}
		}
	}
	if total == jrLabs {
		return
	}
	if total == 0 {
		c.ReportHint(pos, fmt.Sprintf("no room tile is a Lab; Just Run has exactly %d Lab tiles: \"one of the two room tiles labeled Lab\" (L647, L677)", jrLabs),
			"mark two room tiles lab: true")
		return
	}
	var related []validate.Related
	for _, t := range labs[1:] {
		related = append(related, validate.Related{Pos: t.Ref.Child("lab").Pos(), Message: "also a Lab"})
	}
	hint := "mark one more room tile lab: true"
	if total > jrLabs {
		hint = fmt.Sprintf("keep lab: true on %d copies only", jrLabs)
	}
	c.ReportHint(labs[0].Ref.Child("lab").Pos(),
		fmt.Sprintf("the tiles have %d Lab copies (%s); Just Run has exactly %d: \"one of the two room tiles labeled Lab\" (L647, L677)", total, jrCopiesText(ids, counts), jrLabs),
		hint, related...)
}

func checkJRLabRole(c *validate.Context) {
	for _, ts := range justrunschema.TileSets(c.Pack) {
		if ts.Role == justrunschema.TileRoom {
			continue
		}
		for _, t := range ts.Tiles {
			if t.Lab {
				c.ReportHint(t.Ref.Child("lab").Pos(),
					fmt.Sprintf("%s tile %q is marked lab: true; the Labs are room tiles, drawn and placed like any other (L647, L677, A17)", ts.Role, t.ID),
					"remove lab: true here and mark a room tile instead")
			}
		}
	}
}

// jrMainExits lists the exit tiles with a main exit on their n side.
func jrMainExits(p *schema.Pack) []*justrunschema.Tile {
	var out []*justrunschema.Tile
	for _, t := range justrunschema.TilesOf(p, justrunschema.TileExit) {
		if t.Sides.N == justrunschema.SideMainExit && t.Count > 0 {
			out = append(out, t)
		}
	}
	return out
}

func checkJRMainExit(c *validate.Context) {
	for _, ts := range justrunschema.TileSets(c.Pack) {
		for _, t := range ts.Tiles {
			for _, d := range justrunschema.TileDirections {
				if t.Side(d) != justrunschema.SideMainExit {
					continue
				}
				switch {
				case ts.Role != justrunschema.TileExit:
					c.ReportHint(t.SideRef(d).Pos(),
						fmt.Sprintf("%s tile %q has the main exit on its %s side; \"the only exterior door\" is on an exit tile, in the last row (L573)", ts.Role, t.ID, d),
						"make this side a door or a wall")
				case d != "n":
					c.ReportHint(t.SideRef(d).Pos(),
						fmt.Sprintf("exit tile %q has the main exit on its %s side; the main exit is on the n side, the outer edge of the exit row (A5)", t.ID, d),
						"move main-exit to sides.n")
				}
			}
		}
	}
	pos, ok := jrTileSetPos(c.Pack, justrunschema.TileExit)
	if !ok {
		return
	}
	mains := jrMainExits(c.Pack)
	copies := 0
	for _, t := range mains {
		copies += t.Count
	}
	switch {
	case copies == 0:
		c.ReportHint(pos, "no exit tile has the main exit; the exit row holds \"the only exterior door\" (L573), on the n side of one exit tile",
			"write n: main-exit on one exit tile")
	case copies > 1:
		// Name every culprit: the first at the position, the others as
		// related positions.
		what := fmt.Sprintf("exit tile %q has the main exit and %d copies", mains[0].ID, mains[0].Count)
		var related []validate.Related
		if len(mains) > 1 {
			ids := make([]string, len(mains))
			for i, t := range mains {
				ids[i] = strconv.Quote(t.ID)
				if i > 0 {
					related = append(related, validate.Related{Pos: t.SideRef("n").Pos(),
						Message: fmt.Sprintf("exit tile %q has the main exit too", t.ID)})
				}
			}
			what = fmt.Sprintf("exit tiles %s have the main exit", validate.AndList(ids))
		}
		c.ReportHint(mains[0].SideRef("n").Pos(),
			fmt.Sprintf("%s: %d main exits; the building has \"one and only exit\" (L46, L573)", what, copies),
			"keep main-exit on one exit tile of count 1; the other exit tiles' n side is a wall", related...)
	}
	for _, t := range justrunschema.TilesOf(c.Pack, justrunschema.TileExit) {
		if t.Sides.N == justrunschema.SideDoor {
			c.ReportHint(t.SideRef("n").Pos(),
				fmt.Sprintf("exit tile %q has a door on its n side, the outside of the building; only the main exit leads out and exit-row walls are unbashable (L573, L577)", t.ID),
				"make it a wall, or the main exit if this is the main-exit tile")
		}
	}
}

// jrInnerDoors lists the sides e, s and w of a tile that have a door.
func jrInnerDoors(t *justrunschema.Tile) []string {
	var out []string
	for _, d := range []string{"e", "s", "w"} {
		if t.IsOpen(d) {
			out = append(out, d)
		}
	}
	return out
}

func checkJRMainExitAccess(c *validate.Context) {
	for _, t := range jrMainExits(c.Pack) {
		if len(jrInnerDoors(t)) == 0 {
			c.ReportHint(t.Ref.Child("sides").Pos(),
				fmt.Sprintf("main-exit tile %q has walls on e, s and w, so no room leads to the main exit; exit-row walls cannot be bashed (L573, L336)", t.ID),
				"give it a door on e, s or w")
		}
	}
}

func checkJRExitSealed(c *validate.Context) {
	for _, t := range justrunschema.TilesOf(c.Pack, justrunschema.TileExit) {
		if t.Sides.N == justrunschema.SideMainExit || len(jrInnerDoors(t)) > 0 {
			continue
		}
		c.ReportHint(t.Ref.Child("sides").Pos(),
			fmt.Sprintf("exit tile %q has walls on e, s and w: its room and the search card under it can never be reached, and exit-row walls cannot be bashed (L573, L575)", t.ID),
			"give it a door on e, s or w")
	}
}

// jrStartRow returns the start tiles by position 1-5 when every position
// has exactly one tile of count 1, else nil.
func jrStartRow(p *schema.Pack) []*justrunschema.Tile {
	tiles := justrunschema.TilesOf(p, justrunschema.TileStart)
	if len(tiles) != jrStartTiles {
		return nil
	}
	row := make([]*justrunschema.Tile, jrStartTiles)
	for _, t := range tiles {
		if t.Count != 1 || t.Position < 1 || t.Position > jrStartTiles || row[t.Position-1] != nil {
			return nil
		}
		row[t.Position-1] = t
	}
	return row
}

func checkJRStartRow(c *validate.Context) {
	pos, ok := jrTileSetPos(c.Pack, justrunschema.TileStart)
	if !ok {
		return
	}
	tiles := justrunschema.TilesOf(c.Pack, justrunschema.TileStart)
	total := 0
	for _, t := range tiles {
		total += t.Count
	}
	if total != jrStartTiles {
		c.ReportHint(pos, fmt.Sprintf("the start tiles have %d copies; the start row is \"the 5 start tiles face up in a row\" (L105)", total),
			"list 5 start tiles of count 1, positions 1 to 5")
	}
	byPos := map[int]*justrunschema.Tile{}
	for _, t := range tiles {
		switch {
		case !t.Ref.Child("position").Exists():
			c.ReportHint(t.Ref.Child("id").Pos(), fmt.Sprintf("start tile %q has no position; each start tile has its place 1-5 in the row (A14)", t.ID),
				"add position: 1 to 5")
		case t.Position > jrStartTiles:
			c.ReportHint(t.Ref.Child("position").Pos(), fmt.Sprintf("start tile %q is at position %d; the start row has positions 1-5 (L105, A14)", t.ID, t.Position),
				"use a position 1 to 5")
		case byPos[t.Position] != nil:
			c.ReportHint(t.Ref.Child("position").Pos(), fmt.Sprintf("start tiles %q and %q are both at position %d; each position 1-5 holds one tile (A14)", byPos[t.Position].ID, t.ID, t.Position),
				"give each start tile its own position",
				validate.Related{Pos: byPos[t.Position].Ref.Child("position").Pos(), Message: "also at this position"})
		default:
			byPos[t.Position] = t
		}
	}
	row := jrStartRow(c.Pack)
	if row == nil {
		return
	}
	for i := 0; i+1 < len(row); i++ {
		a, b := row[i], row[i+1]
		if a.IsOpen("e") == b.IsOpen("w") {
			continue
		}
		door, wall, dd, wd := a, b, "e", "w"
		if !a.IsOpen("e") {
			door, wall, dd, wd = b, a, "w", "e"
		}
		c.ReportHint(door.SideRef(dd).Pos(),
			fmt.Sprintf("start tile %q (position %d) has a door on its %s side facing the wall of start tile %q (position %d); tiles align door to door and wall to wall (L105, L557)",
				door.ID, door.Position, dd, wall.ID, wall.Position),
			"make both sides doors or both walls",
			validate.Related{Pos: wall.SideRef(wd).Pos(), Message: "the facing wall"})
	}
	if !slices.ContainsFunc(row, func(t *justrunschema.Tile) bool { return t.IsOpen("n") }) {
		c.ReportHint(pos, "no start tile has a door on its n side, so nothing leads from the start row into the building (L105)",
			"give at least one start tile n: door")
	}
}

func checkJRStartRowSplit(c *validate.Context) {
	row := jrStartRow(c.Pack)
	if row == nil {
		return
	}
	// Connected groups of the row through the doors between start tiles.
	group := make([]int, len(row))
	for i := 1; i < len(row); i++ {
		group[i] = group[i-1]
		if !(row[i-1].IsOpen("e") && row[i].IsOpen("w")) {
			group[i]++
		}
	}
	hasN := map[int]bool{}
	for i, t := range row {
		if t.IsOpen("n") {
			hasN[group[i]] = true
		}
	}
	for i, t := range row {
		if !hasN[group[i]] {
			c.ReportHint(t.Ref.Child("id").Pos(),
				fmt.Sprintf("start tile %q (position %d) reaches no n door through the doors between start tiles: survivors starting there cannot leave the start row without bashing (L105, A15)", t.ID, t.Position),
				"give it, or a start tile it connects to, n: door")
		}
	}
	for i := 0; i+1 < len(row); i++ {
		a, b := row[i], row[i+1]
		if a.Sides.E == justrunschema.SideWall && b.Sides.W == justrunschema.SideWall {
			c.ReportHint(a.SideRef("e").Pos(),
				fmt.Sprintf("start tiles %q (position %d) and %q (position %d) meet wall to wall; the rulebook places an open door marker \"on each of the connecting doors\" of the start row (L105, A15)", a.ID, a.Position, b.ID, b.Position),
				"make both sides doors if the tiles should connect",
				validate.Related{Pos: b.SideRef("w").Pos(), Message: "the facing wall"})
		}
	}
}

func checkJREdgeDoor(c *validate.Context) {
	for _, t := range justrunschema.TilesOf(c.Pack, justrunschema.TileStart) {
		edges := []string{"s"}
		if t.Position == 1 {
			edges = append(edges, "w")
		}
		if t.Position == jrStartTiles {
			edges = append(edges, "e")
		}
		for _, d := range edges {
			if t.IsOpen(d) {
				c.ReportHint(t.SideRef(d).Pos(),
					fmt.Sprintf("start tile %q (position %d) has a door on its %s side, which faces the board edge: exterior walls cannot be bashed, so it leads nowhere (L553, A3)", t.ID, t.Position, d),
					"make it a wall")
			}
		}
	}
}

func checkJRRoomTileDoors(c *validate.Context) {
	for _, t := range justrunschema.TilesOf(c.Pack, justrunschema.TileRoom) {
		if t.Doors() == 0 {
			c.ReportHint(t.Ref.Child("sides").Pos(),
				fmt.Sprintf("room tile %q has no door, so it never fits an opening and can never be entered through a door (L557)", t.ID),
				"give it at least one door")
		}
	}
}

func checkJRSpawn(c *validate.Context) {
	if pos, ok := jrTileSetPos(c.Pack, justrunschema.TileRoom); ok &&
		!slices.ContainsFunc(justrunschema.TilesOf(c.Pack, justrunschema.TileRoom), func(t *justrunschema.Tile) bool { return t.Spawns() && t.Count > 0 }) {
		c.ReportHint(pos, "no room tile shows the spawn symbol, so no zombie spawns outside the exit rooms (L301)",
			"mark some room tiles spawn: true")
	}
	for _, t := range justrunschema.TilesOf(c.Pack, justrunschema.TileExit) {
		if t.Spawn != nil && !*t.Spawn {
			c.ReportHint(t.Ref.Child("spawn").Pos(),
				fmt.Sprintf("exit tile %q says spawn: false; exit rooms \"will always spawn new zombies\" (L303, A19)", t.ID),
				"remove spawn: false; exit tiles print the spawn symbol")
		}
	}
}

func checkJREventDeck(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	for _, card := range jrCards(c.Pack, s) {
		if card.Str("category") == justrunschema.CategoryEvent && card.role != "search" {
			c.ReportHint(card.FieldRef("category").Pos(),
				fmt.Sprintf("%s is an event card; \"Event cards are only found in the search deck\" (L141)", jrCardWhat(card)),
				fmt.Sprintf("move it to the search deck (component %s)", s.Components.Search))
		}
	}
}

func checkJRAntidote(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	cards := jrCards(c.Pack, s)
	if len(cards) == 0 {
		return
	}
	var antidotes []jrCard
	total := 0
	for _, card := range cards {
		if card.Str("role") != justrunschema.RoleAntidote {
			continue
		}
		antidotes = append(antidotes, card)
		total += card.Count
		if card.role != "search" {
			c.ReportHint(card.FieldRef("role").Pos(),
				fmt.Sprintf("%s is an Antidote; the Antidotes are search cards (\"Remove the 6 Antidote search cards\", L95)", jrCardWhat(card)),
				"move it to the search deck")
		}
		if v, _ := card.Fields["setAside"].(bool); !v {
			c.ReportHint(card.FieldRef("role").Pos(),
				fmt.Sprintf("%s is an Antidote but not setAside: true; the Antidotes are set aside at setup (L95, L647)", jrCardWhat(card)),
				"add setAside: true")
		}
	}
	if total != jrAntidotes {
		pos := jrCardsPos(jrFirstDeck(c.Pack, s))
		if len(antidotes) > 0 {
			pos = antidotes[0].FieldRef("role").Pos()
		}
		c.ReportHint(pos, fmt.Sprintf("the pack has %d Antidote copies; Just Run has \"the 6 Antidote search cards\" (L95, L647)", total),
			"mark 6 search card copies role: antidote")
	}
	cure, comp := jrComponentCount(c.Pack, s.Components.CureTokens)
	if cure == total {
		return
	}
	pos := jrManifestPos(c.Pack, s, "cureTokens")
	if comp != nil {
		pos = comp.Ref.Child("expected").Pos()
	}
	c.ReportHint(pos, fmt.Sprintf("the pack has %d cure tokens (component %s) and %d Antidote copies; Find the Cure swaps each cure token for an Antidote (\"the 6 Antidote cards and 6 cure tokens\", L647)", cure, s.Components.CureTokens, total),
		"make the cure tokens as many as the Antidotes")
}

// jrFirstDeck returns the search deck, else the first justrun/card deck.
func jrFirstDeck(p *schema.Pack, s *justrunschema.Settings) *schema.Deck {
	if d := jrDeckOf(p, s, "search"); d != nil {
		return d
	}
	return validate.DecksOf(p, "justrun/card")[0]
}

// jrComponentCount returns the expected count of a manifest component and
// the component; 0 and nil when the manifest does not list it.
func jrComponentCount(p *schema.Pack, id string) (int, *schema.Component) {
	comp := p.Component(id)
	if comp == nil {
		return 0, nil
	}
	return comp.Expected, comp
}

// jrManifestPos is where a finding about a component the manifest
// does not list points: the justRun.components key naming it, else the
// manifest's components list.
func jrManifestPos(p *schema.Pack, s *justrunschema.Settings, key string) schema.Pos {
	if r := s.Ref.Child("components").Child(key); r.Exists() {
		return r.Pos()
	}
	if r := p.Game.Ref.Child("components"); r.Exists() {
		return r.Pos()
	}
	return p.Game.Ref.Child("id").Pos()
}

// jrScenarios lists the scenario cards by scenario id (a card of count n
// n times).
func jrScenarios(p *schema.Pack) map[string][]*schema.Card {
	out := map[string][]*schema.Card{}
	for _, d := range validate.DecksOf(p, "justrun/scenario") {
		for _, card := range d.Cards {
			for range card.Count {
				out[card.Str("scenario")] = append(out[card.Str("scenario")], card)
			}
		}
	}
	return out
}

func checkJRScenarios(c *validate.Context) {
	decks := validate.DecksOf(c.Pack, "justrun/scenario")
	if len(decks) == 0 {
		return
	}
	byID := jrScenarios(c.Pack)
	var missing []string
	for _, id := range justrunschema.Scenarios {
		cards := byID[id]
		switch {
		case len(cards) == 0:
			missing = append(missing, id)
		case len(cards) > 1:
			last := cards[len(cards)-1]
			var related []validate.Related
			if last != cards[0] {
				related = append(related, validate.Related{Pos: cards[0].FieldRef("scenario").Pos(), Message: "first card of this scenario"})
			}
			c.ReportHint(last.FieldRef("scenario").Pos(),
				fmt.Sprintf("scenario %s is on %d scenario cards (%s); each of the 5 scenarios is one card (L583)", id, len(cards), validate.CardIDs(cards)),
				"keep one card of count 1 per scenario", related...)
		}
	}
	if len(missing) > 0 {
		c.ReportHint(jrCardsPos(decks[0]),
			fmt.Sprintf("no scenario card for %s; Just Run has 5 scenarios: get-out, extermination, memento-mori, find-the-cure and rescue-mission (L583-L701)", validate.AndList(missing)),
			"add a card with scenario: "+missing[0])
	}
	for _, d := range decks {
		for _, card := range d.Cards {
			var lacks []string
			for _, f := range []string{"cooperative", "competitive"} {
				if strings.TrimSpace(card.Str(f)) == "" {
					lacks = append(lacks, f)
				}
			}
			if len(lacks) > 0 {
				c.ReportHint(card.Ref.Child("id").Pos(),
					fmt.Sprintf("scenario card %q has no %s text; every scenario can be played cooperatively or competitively (L583, L585)", card.ID, strings.Join(lacks, " or ")),
					"add "+strings.Join(lacks, ": and ")+": with who wins")
			}
		}
	}
}

// jrScenarioCard returns the first card of a scenario, or nil.
func jrScenarioCard(p *schema.Pack, id string) *schema.Card {
	if cards := jrScenarios(p)[id]; len(cards) > 0 {
		return cards[0]
	}
	return nil
}

// jrMementos returns the memento copies of the pack and the cards.
func jrMementos(p *schema.Pack, s *justrunschema.Settings) (int, []jrCard) {
	n := 0
	var out []jrCard
	for _, card := range jrCards(p, s) {
		if card.Str("role") == justrunschema.RoleMemento || card.Str("type") == "memento" {
			n += card.Count
			out = append(out, card)
		}
	}
	return n, out
}

func checkJRMemento(c *validate.Context) {
	sc := jrScenarioCard(c.Pack, "memento-mori")
	if sc == nil {
		return
	}
	if n, _ := jrMementos(c.Pack, justrunschema.SettingsOf(c.Pack)); n == 0 {
		c.ReportHint(sc.FieldRef("scenario").Pos(),
			"Memento Mori is in the pack but no card is a memento; survivors win by holding \"at least one memento\" (L623, L627)",
			"add search cards with role: memento")
	}
}

func checkJRMementoCount(c *validate.Context) {
	sc := jrScenarioCard(c.Pack, "memento-mori")
	if sc == nil {
		return
	}
	s := justrunschema.SettingsOf(c.Pack)
	n, cards := jrMementos(c.Pack, s)
	if n == 0 || n >= s.Players.Max {
		return
	}
	c.ReportHint(jrFieldPos(cards[0].Card, "role"),
		fmt.Sprintf("the pack has %d memento copies for up to %d players; a cooperative Memento Mori needs \"every survivor\" to hold one (L627)", n, s.Players.Max),
		fmt.Sprintf("add mementos up to %d", s.Players.Max),
		validate.Related{Pos: sc.FieldRef("scenario").Pos(), Message: "the Memento Mori scenario"})
}

// jrScavengeNeed is the largest Calm Method deal for the pack's players.
func jrScavengeNeed(s *justrunschema.Settings) int {
	need := 0
	for n := s.Players.Min; n <= s.Players.Max; n++ {
		if per, ok := jrCalmDeal[n]; ok {
			need = max(need, per*n)
		}
	}
	if need == 0 {
		need = 30
	}
	return need
}

func checkJRScavengeDeal(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	d := jrDeckOf(c.Pack, s, "scavenge")
	if d == nil {
		return
	}
	items := 0
	for _, card := range d.Cards {
		if card.Str("category") == justrunschema.CategoryItem {
			items += card.Count
		}
	}
	if need := jrScavengeNeed(s); items < need {
		c.ReportHint(jrCardsPos(d),
			fmt.Sprintf("scavenge deck %q has %d item cards; the Calm Method deals up to %d (\"5/6/7/8/10 scavenge cards to the 6/5/4/3/2 players\", L210)", d.ID, items, need),
			fmt.Sprintf("add %d item card(s)", need-items))
	}
}

func checkJRSearchExits(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	d := jrDeckOf(c.Pack, s, "search")
	if d == nil {
		return
	}
	n := 0
	for _, card := range d.Cards {
		if v, _ := card.Fields["setAside"].(bool); !v {
			n += card.Count
		}
	}
	if n < jrExitSearchCards {
		c.ReportHint(jrCardsPos(d),
			fmt.Sprintf("search deck %q has %d cards that are not set aside; setup places one under each of the 5 exit tiles (\"Deal 5 search cards\", L87)", d.ID, n),
			fmt.Sprintf("add %d search card(s)", jrExitSearchCards-n))
	}
}

// jrSupplyFinding reports a supply count below need.
func jrSupplyFinding(c *validate.Context, s *justrunschema.Settings, key, id, what string, need int, why string, related ...validate.Related) {
	have, comp := jrComponentCount(c.Pack, id)
	if comp == nil {
		var ids []string
		for _, m := range c.Pack.Game.Components {
			ids = append(ids, m.ID)
		}
		c.ReportHint(jrManifestPos(c.Pack, s, key),
			fmt.Sprintf("the manifest lists no %s (component %s); %s", what, id, why),
			suggest.Hint(id, ids, "%q", fmt.Sprintf("add component %s with expected: %d or more, or name yours in justRun.components.%s", id, need, key)), related...)
		return
	}
	if have < need {
		c.ReportHint(comp.Ref.Child("expected").Pos(),
			fmt.Sprintf("component %s has %d %s; %s", id, have, what, why),
			fmt.Sprintf("raise expected: to %d", need), related...)
	}
}

func checkJRDeadZombieTokens(c *validate.Context) {
	sc := jrScenarioCard(c.Pack, "extermination")
	if sc == nil {
		return
	}
	s := justrunschema.SettingsOf(c.Pack)
	need := jrKillQuota * s.Players.Max
	have, comp := jrComponentCount(c.Pack, s.Components.DeadZombieTokens)
	if have >= need {
		return
	}
	pos := jrManifestPos(c.Pack, s, "deadZombieTokens")
	if comp != nil {
		pos = comp.Ref.Child("expected").Pos()
	}
	c.ReportHint(pos,
		fmt.Sprintf("Extermination needs %d dead zombie tokens (5 per survivor, \"must have 5 dead zombie tokens\", for %d players, L603, L54); component %s has %d", need, s.Players.Max, s.Components.DeadZombieTokens, have),
		fmt.Sprintf("raise expected: to %d", need),
		validate.Related{Pos: sc.FieldRef("scenario").Pos(), Message: "the Extermination scenario"})
}

func checkJRSupplyCounts(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	players := s.Players.Max
	cs := s.Components
	jrSupplyFinding(c, s, "lifeTokens", cs.LifeTokens, "life tokens", jrLife*players+jrLife,
		fmt.Sprintf("%d players take \"6 life tokens\" each (L82) and the rescuee has 6 life points (L689): %d", players, jrLife*players+jrLife))
	jrSupplyFinding(c, s, "playerDice", cs.PlayerDice, "player dice", jrDicePerPlayer*players,
		fmt.Sprintf("%d players take \"5 dice matching the color of their player piece\" each (L82): %d", players, jrDicePerPlayer*players))
	pawns := players
	why := fmt.Sprintf("%d players need a player pawn each (L82): %d", players, pawns)
	var related []validate.Related
	if sc := jrScenarioCard(c.Pack, "rescue-mission"); sc != nil && c.Pack.Component(cs.RescueePawn) == nil {
		pawns++
		why = fmt.Sprintf("%d players need a player pawn each (L82) and Rescue Mission a rescuee piece (L683), with no separate rescuee pawn (component %s): %d", players, cs.RescueePawn, pawns)
		related = append(related, validate.Related{Pos: sc.FieldRef("scenario").Pos(), Message: "the Rescue Mission scenario"})
	}
	jrSupplyFinding(c, s, "playerPawns", cs.PlayerPawns, "player pawns", pawns, why, related...)
	zombies := jrExitZombies * s.Board.Width
	jrSupplyFinding(c, s, "zombiePawns", cs.ZombiePawns, "zombie pawns", zombies,
		fmt.Sprintf("each of the %d exit rooms starts with up to 5 zombies (\"roll a die, re-rolling 6s\", L575): %d", s.Board.Width, zombies))
}

func checkJRItemRange(c *validate.Context) {
	for _, card := range jrItems(c.Pack, justrunschema.SettingsOf(c.Pack)) {
		if card.Str("type") == "ranged" && !card.Has("range") {
			c.ReportHint(card.FieldRef("type").Pos(),
				fmt.Sprintf("%s is a ranged weapon without a range; targets \"cannot be further than the weapon's maximum range\" (L460)", jrCardWhat(card)),
				"add range: (rooms, 1 or more)")
		}
	}
}

func checkJRItemFields(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	for _, card := range jrItems(c.Pack, s) {
		typ := card.Str("type")
		what := jrCardWhat(card)
		if card.Has("range") && typ != "ranged" {
			c.ReportHint(card.FieldRef("range").Pos(),
				fmt.Sprintf("%s has a range but is %s, not ranged; only ranged weapons have a maximum range (L460)", what, typ),
				"remove range:, or make it type: ranged")
		}
		armor, _ := card.Int("armor")
		if typ == "armor" && armor == 0 {
			c.ReportHint(jrFieldPos(card.Card, "armor"),
				fmt.Sprintf("%s is armor with 0 armor life tokens: \"When an item of armor has no life tokens on it, it is broken\" (L499)", what),
				"set armor: to its life tokens")
		}
		if typ != "armor" && armor > 0 {
			c.ReportHint(card.FieldRef("armor").Pos(),
				fmt.Sprintf("%s has %d armor life tokens but is %s, not armor (L153, L495)", what, armor, typ),
				"make it type: armor, or remove armor:")
		}
		if v, _ := card.Fields["bash"].(bool); v && !slices.Contains(justrunschema.WeaponTypes, typ) {
			c.ReportHint(card.FieldRef("bash").Pos(),
				fmt.Sprintf("%s has the door icon but is %s, not a weapon; the icon adds \"that weapon's bonus attack dice\" to a bash (L321)", what, typ),
				"remove bash:, or make it a weapon (melee, flail, ranged or thrown)")
		}
		if space, _ := card.Int("space"); space > s.Inventory && !card.Has("inventoryBonus") {
			c.ReportHint(card.FieldRef("space").Pos(),
				fmt.Sprintf("%s takes %d spaces and the inventory holds %d; it can never be carried without an item that adds space (L202)", what, space, s.Inventory),
				fmt.Sprintf("lower space: to %d or less", s.Inventory))
		}
	}
}

func checkJRColourPalette(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	seen := map[string]*justrunschema.Colour{}
	var neutral []*justrunschema.Colour
	for _, col := range s.Colours {
		if first, dup := seen[col.ID]; dup {
			c.ReportHint(col.Ref.Child("id").Pos(), fmt.Sprintf("border colour %q is declared twice in justRun.colours", col.ID),
				"give each colour its own id", validate.Related{Pos: first.Ref.Child("id").Pos(), Message: "first declared here"})
			continue
		}
		seen[col.ID] = col
		if col.Neutral {
			neutral = append(neutral, col)
		}
	}
	if len(neutral) != 1 {
		var ids []string
		for _, col := range neutral {
			ids = append(ids, col.ID)
		}
		msg := "the border palette has no neutral colour; black is neutral and \"cannot be combined with any other cards\" (L167)"
		if len(neutral) > 1 {
			msg = fmt.Sprintf("the border palette has %d neutral colours (%s); the rulebook has one, black (L167)", len(neutral), validate.AndList(ids))
		}
		c.ReportHint(s.FieldRef("colours").Pos(), msg, "mark exactly one colour neutral: true")
	}
	ids := s.ColourIDs()
	for _, card := range jrItems(c.Pack, s) {
		for _, side := range []string{"left", "right"} {
			id := card.Str(side)
			if id == "" || s.Colour(id) != nil {
				continue
			}
			c.ReportHint(card.FieldRef(side).Pos(),
				fmt.Sprintf("%s has %s border colour %q, which is not in the palette (justRun.colours); borders are matched by colour (L165)", jrCardWhat(card), side, id),
				suggest.Hint(id, ids, "%q", "colours: "+strings.Join(ids, ", ")+" (add yours under justRun.colours in game.yaml)"))
		}
	}
}

func checkJRColourUnpaired(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	items := jrItems(c.Pack, s)
	pairs := func(card jrCard, side, colour string) bool {
		other := map[string]string{"left": "right", "right": "left"}[side]
		for _, o := range items {
			if o.Card == card.Card {
				if card.Count >= 2 && card.Str(other) == colour {
					return true
				}
				continue
			}
			if o.Count > 0 && o.Str(other) == colour {
				return true
			}
		}
		return false
	}
	for _, card := range items {
		if card.Count == 0 {
			continue
		}
		for _, side := range []string{"left", "right"} {
			colour := card.Str(side)
			if colour == "" || s.Colour(colour) == nil || s.IsNeutral(colour) || pairs(card, side, colour) {
				continue
			}
			other := map[string]string{"left": "right", "right": "left"}[side]
			c.ReportHint(card.FieldRef(side).Pos(),
				fmt.Sprintf("%s has %s border %s, which no other card has on its %s border, so it can never combine through it: players match \"a card's left border color to another card's right border color\" (L165)", jrCardWhat(card), side, colour, other),
				fmt.Sprintf("give another item %s: %s, or change this border", other, colour))
		}
	}
}

// jrItemIndex indexes the item cards by id.
func jrItemIndex(items []jrCard) map[string]jrCard {
	out := map[string]jrCard{}
	for _, it := range items {
		if _, ok := out[it.ID]; !ok {
			out[it.ID] = it
		}
	}
	return out
}

// jrComboCards returns the item cards a combination names, or false when it
// does not name 1 or 2 known item cards.
func jrComboCards(cb *justrunschema.Combination, index map[string]jrCard) ([]jrCard, bool) {
	if len(cb.Cards) == 0 || len(cb.Cards) > 2 {
		return nil, false
	}
	var out []jrCard
	for _, id := range cb.Cards {
		it, ok := index[id]
		if !ok {
			return nil, false
		}
		out = append(out, it)
	}
	return out, true
}

func checkJRComboArity(c *validate.Context) {
	for _, cb := range justrunschema.Combinations(c.Pack) {
		what := fmt.Sprintf("combination %q", cb.ID)
		extra := 0
		if cb.Token != "" {
			extra++
		}
		if cb.Marker != "" {
			extra++
		}
		switch {
		case len(cb.Cards) > 2:
			c.ReportHint(cb.CardRef(2).Pos(),
				fmt.Sprintf("%s combines %d cards; \"You cannot combine more than two cards\" (L167)", what, len(cb.Cards)),
				"combine two cards, then describe further steps in their text")
		case extra == 2:
			c.ReportHint(cb.Ref.Child("marker").Pos(),
				fmt.Sprintf("%s names both a token and a marker; a card combines with one token or one marker (the Vile Disguise, L190; the Fire Barricade, L392)", what),
				"keep token: or marker:")
		case len(cb.Cards) == 2 && extra == 1:
			field := "token"
			if cb.Marker != "" {
				field = "marker"
			}
			c.ReportHint(cb.Ref.Child(field).Pos(),
				fmt.Sprintf("%s combines 2 cards and a %s; a combination is 2 cards, or 1 card with a token or marker (L167, L190, L392)", what, field),
				"drop the "+field+" or one card")
		case len(cb.Cards) == 1 && extra == 0:
			c.ReportHint(cb.Ref.Child("cards").Pos(),
				fmt.Sprintf("%s has 1 card and no token or marker; a combination is 2 cards, or 1 card with a token or marker (L167, L190, L392)", what),
				"add a second card, or token: or marker: with a component id")
		}
	}
}

// checkJRComboCard reports the cards, tokens and markers a combination
// names that the pack does not have as such.
func checkJRComboCard(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	index := jrItemIndex(jrItems(c.Pack, s))
	events := map[string]bool{}
	for _, card := range jrCards(c.Pack, s) {
		if card.Str("category") == justrunschema.CategoryEvent {
			events[card.ID] = true
		}
	}
	itemIDs := make([]string, 0, len(index))
	for id := range index {
		itemIDs = append(itemIDs, id)
	}
	sort.Strings(itemIDs)
	var components []string
	for _, comp := range c.Pack.Game.Components {
		components = append(components, comp.ID)
	}
	for _, cb := range justrunschema.Combinations(c.Pack) {
		what := fmt.Sprintf("combination %q", cb.ID)
		for i, id := range cb.Cards {
			if _, ok := index[id]; ok {
				continue
			}
			if events[id] {
				c.ReportHint(cb.CardRef(i).Pos(),
					fmt.Sprintf("%s names %q, an event card; only item cards combine (L141, L165)", what, id),
					"name an item card of the search, scavenge or supplies decks")
				continue
			}
			c.ReportHint(cb.CardRef(i).Pos(),
				fmt.Sprintf("%s names card %q, which is no item card of the pack's search, scavenge or supplies decks", what, id),
				suggest.Hint(id, itemIDs, "%q", "item cards: "+strings.Join(itemIDs, ", ")))
		}
		for _, f := range []struct{ field, id string }{{"token", cb.Token}, {"marker", cb.Marker}} {
			if f.id != "" && c.Pack.Component(f.id) == nil {
				c.ReportHint(cb.Ref.Child(f.field).Pos(),
					fmt.Sprintf("%s combines with %s %q, which the manifest does not list as a component", what, f.field, f.id),
					suggest.Hint(f.id, components, "%q", "name a component of game.yaml, e.g. dead-zombie-tokens or barricade-markers"))
			}
		}
	}
}

// jrComboMatch says how two cards' borders match: through a colour that is
// not neutral, only through the neutral one, or not at all.
func jrComboMatch(s *justrunschema.Settings, a, b jrCard) (live, neutral []string) {
	for _, m := range [][2]jrCard{{a, b}, {b, a}} {
		l, r := m[0].Str("left"), m[1].Str("right")
		if l == "" || l != r {
			continue
		}
		text := fmt.Sprintf("%s's left and %s's right are %s", m[0].ID, m[1].ID, l)
		if s.IsNeutral(l) {
			neutral = append(neutral, text)
		} else {
			live = append(live, text)
		}
	}
	return live, neutral
}

// jrCombo is a combination with the item cards it names.
type jrCombo struct {
	cb    *justrunschema.Combination
	cards []jrCard
}

// jrCombosWithCards returns the pack's combinations of one or two cards
// that are all items of the pack, with those items; the arity and
// reference rules report the others.
func jrCombosWithCards(c *validate.Context) []jrCombo {
	index := jrItemIndex(jrItems(c.Pack, justrunschema.SettingsOf(c.Pack)))
	var out []jrCombo
	for _, cb := range justrunschema.Combinations(c.Pack) {
		if cards, ok := jrComboCards(cb, index); ok {
			out = append(out, jrCombo{cb, cards})
		}
	}
	return out
}

func checkJRComboColours(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	for _, jc := range jrCombosWithCards(c) {
		cb, cards := jc.cb, jc.cards
		if len(cards) != 2 {
			continue
		}
		a, b := cards[0], cards[1]
		if live, neutral := jrComboMatch(s, a, b); len(live)+len(neutral) > 0 {
			continue
		}
		c.ReportHint(cb.Ref.Child("cards").Pos(),
			fmt.Sprintf("combination %q: the borders of %s (left %s, right %s) and %s (left %s, right %s) do not match; one card's left border must be the other's right (L165)",
				cb.ID, a.ID, a.Str("left"), a.Str("right"), b.ID, b.Str("left"), b.Str("right")),
			"change a border of one card, or combine other cards")
	}
}

func checkJRComboBlack(c *validate.Context) {
	s := justrunschema.SettingsOf(c.Pack)
	for _, jc := range jrCombosWithCards(c) {
		cb, cards := jc.cb, jc.cards
		if len(cards) != 2 {
			continue
		}
		live, neutral := jrComboMatch(s, cards[0], cards[1])
		if len(live) > 0 || len(neutral) == 0 {
			continue
		}
		c.ReportHint(cb.Ref.Child("cards").Pos(),
			fmt.Sprintf("combination %q matches only through the neutral border (%s); \"Black is a neutral color and cannot be combined with any other cards\" (L167)", cb.ID, strings.Join(neutral, "; ")),
			"match the cards through a colour that is not neutral")
	}
}

func checkJRComboResult(c *validate.Context) {
	for _, jc := range jrCombosWithCards(c) {
		cb, cards := jc.cb, jc.cards
		space, attack := 0, 0
		var spaces, attacks []string
		for _, it := range cards {
			sp, _ := it.Int("space")
			at, _ := it.Int("attack")
			space = max(space, sp)
			attack += at
			spaces = append(spaces, fmt.Sprintf("%s %d", it.ID, sp))
			attacks = append(attacks, fmt.Sprintf("%s +%d", it.ID, at))
		}
		if cb.Result.Space != space {
			c.ReportHint(cb.ResultRef("space").Pos(),
				fmt.Sprintf("combination %q has space %d; combined items \"only take up the inventory space of the largest item\": %d (%s) (L169)", cb.ID, cb.Result.Space, space, strings.Join(spaces, ", ")),
				fmt.Sprintf("set space: %d", space))
		}
		if cb.Result.Attack != attack {
			c.ReportHint(cb.ResultRef("attack").Pos(),
				fmt.Sprintf("combination %q has attack +%d; \"Combined weapons also combine their attack bonuses\": +%d (%s) (L170)", cb.ID, cb.Result.Attack, attack, strings.Join(attacks, ", ")),
				fmt.Sprintf("set attack: %d", attack))
		}
	}
}

// jrRulebookStat is a number the rulebook gives an item or combination.
type jrRulebookStat struct {
	name, field string
	want        int
	wantText    string // for type
	source      string
}

// jrRulebookItems are the items with numbers in the rulebook.
var jrRulebookItems = []jrRulebookStat{
	{"baseball bat", "space", 2, "", "\"the Baseball Bat takes up 2 spaces\" (L169)"},
	{"scissors", "space", 1, "", "\"the Scissors take up 1 space\" (L169)"},
	{"scissors", "attack", 1, "", "\"the Mop and the Scissors each have a +1 attack bonus\" (L170)"},
	{"mop", "attack", 1, "", "\"the Mop and the Scissors each have a +1 attack bonus\" (L170)"},
	{"hammer", "attack", 1, "", "the Hammer gives 3 attack dice: 2 base and +1 (L450)"},
	{"handgun", "type", 0, "ranged", "the Handgun makes a ranged attack (L468)"},
	{"handgun", "attack", 1, "", "the Handgun gives \"a total of three attack dice\": 2 base and +1 (L468)"},
	{"extension cord", "attack", 0, "", "the Hammer with an Extension Cord still rolls 3 dice, so the cord adds +0 (L450)"},
}

// jrRulebookCombos are the combinations with numbers in the rulebook.
var jrRulebookCombos = []jrRulebookStat{
	{"spiked club", "space", 2, "", "\"Combining them creates a Spiked Club that only takes up 2 spaces\" (L169)"},
	{"spear", "attack", 2, "", "\"If they are combined into a Spear, the new item has a +2 attack bonus\" (L170)"},
}

func checkJRRulebookItems(c *validate.Context) {
	for _, card := range jrItems(c.Pack, justrunschema.SettingsOf(c.Pack)) {
		name := strings.ToLower(strings.TrimSpace(card.Str("name")))
		for _, st := range jrRulebookItems {
			if st.name != name {
				continue
			}
			if st.field == "type" {
				if got := card.Str("type"); got != st.wantText {
					c.ReportHint(card.FieldRef("type").Pos(),
						fmt.Sprintf("%s (%s) is %s; %s", jrCardWhat(card), card.Str("name"), got, st.source), "set type: "+st.wantText)
				}
				continue
			}
			if got, _ := card.Int(st.field); got != st.want {
				c.ReportHint(jrFieldPos(card.Card, st.field),
					fmt.Sprintf("%s (%s) has %s %d; %s", jrCardWhat(card), card.Str("name"), st.field, got, st.source),
					fmt.Sprintf("set %s: %d", st.field, st.want))
			}
		}
	}
	for _, cb := range justrunschema.Combinations(c.Pack) {
		name := strings.ToLower(strings.TrimSpace(cb.Name))
		for _, st := range jrRulebookCombos {
			if st.name != name {
				continue
			}
			got := cb.Result.Space
			if st.field == "attack" {
				got = cb.Result.Attack
			}
			if got != st.want {
				c.ReportHint(cb.ResultRef(st.field).Pos(),
					fmt.Sprintf("combination %q (%s) has %s %d; %s", cb.ID, cb.Name, st.field, got, st.source),
					fmt.Sprintf("set %s: %d", st.field, st.want))
			}
		}
	}
}

// jrDie returns the die of a component: the die whose component: it is,
// else a die without a component whose id it is; nil when there is none.
func jrDie(p *schema.Pack, component string) *schema.Die {
	var byID *schema.Die
	for _, d := range p.AllDice() {
		if d.Component == component {
			return d
		}
		if d.Component == "" && d.ID == component && byID == nil {
			byID = d
		}
	}
	return byID
}

// checkJRDieFaces reports the faces of a die that are not allowed, and the
// outcomes on no face.
func checkJRDieFaces(c *validate.Context, d *schema.Die, name string, allowed []string, source string) {
	for i, f := range d.Faces {
		if slices.Contains(allowed, f) {
			continue
		}
		c.ReportHint(d.FaceRef(i).Pos(),
			fmt.Sprintf("%s %q: face %d is %q; its faces are %s (%s)", name, d.ID, i+1, f, validate.OrWords(allowed), source),
			suggest.Hint(f, allowed, "%q", "faces: "+strings.Join(allowed, ", ")))
	}
	var missing []string
	for _, a := range allowed {
		if !slices.Contains(d.Faces, a) {
			missing = append(missing, a)
		}
	}
	if len(missing) > 0 {
		c.ReportHint(d.Ref.Child("faces").Pos(),
			fmt.Sprintf("%s %q has no %s face; every outcome must be on at least one face (%s)", name, d.ID, strings.Join(missing, " or "), source),
			"put "+validate.AndList(missing)+" on a face")
	}
}

func checkJRDoorDie(c *validate.Context) {
	if d := jrDie(c.Pack, justrunschema.SettingsOf(c.Pack).Components.DoorDie); d != nil {
		checkJRDieFaces(c, d, "door die", []string{"unlocked", "locked", "blocked"}, "checking a door shows unlocked, locked or blocked, L340-L352")
	}
}

func checkJRWearTearDie(c *validate.Context) {
	if d := jrDie(c.Pack, justrunschema.SettingsOf(c.Pack).Components.WearTearDie); d != nil {
		checkJRDieFaces(c, d, "Wear & Tear die", []string{"ok", "broken"}, "\"A failed roll means your item is damaged\", L563")
	}
}

// ruleDocs are the long explanations of the rules (validate.ParseRuleDocs).
//
//go:embed ruledocs.txt
var ruleDocs string
