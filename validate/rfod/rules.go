// Package rfod holds Run, Fight, or Die!'s rules: its dice, decks, boards,
// followers and guide, and its combo odds (the exact engine is diceodds)
// with the --explain hook that prints them (imported as rfodrules). The
// odds code takes a game's OddsRules, so that a game built on this one
// (Reloaded's package) computes its odds with its own.
package rfod

import (
	_ "embed"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/runforge/runforge/internal/suggest"
	rfodschema "github.com/runforge/runforge/schema/rfod"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/diceodds"
)

// Run, Fight, or Die! rules (rulebook lines cited as Lnnn, assumptions as
// Annn). The assumptions these rules rely on:
//   - Dice: the pack's Dice carry role: action (5 dice, A1), bonus (1, A2:
//     exactly 2 zombie faces, the other 4 free) and event (1, A4: one event
//     per face). The odds use the action dice only (A3).
//   - Combos are "at least" (A7); a character's rerolls: overrides the
//     manifest's rfod.dice.rerolls (L277). The warning compares the
//     default odds (no Fleeing, no AMULET) and prints the Fleeing value too.
//   - Dark Woods is a Location, required only at warning level (A26).
//   - Cards are found by name, case-insensitively, in the decks of their
//     card type.
//   - The Mutant Boss wound tokens are the tokens of component
//     mutant-wounds. They are one-sided: the "1 VP" they score (L480) is
//     their label; a value:, which RFoD does not need, must be 1.
//   - A guide option's gives: ids are named in its text by their word
//     forms (location: Location or Locations; heal: Heal, heals, healed).
//
// Checks that mix severities are split into rules of one severity each:
// rfod/named-cards (E) and rfod/named-cards-inferred (W, Dark Woods);
// rfod/solo-deck (E) and rfod/solo-deck-mutant (W); rfod/combo-rollable
// (E, P = 0) and rfod/combo-odds (W, below rfod.dice.oddsWarningBelow).

// rfodActionFaces are the six icons of the action dice (L324-392, A1).
var rfodActionFaces = []string{"bat", "run", "search", "gun", "book", "zombie"}

// rfodDieFaces are the faces RFoD lets a die of its roles show.
func rfodDieFaces(d *schema.Die) ([]string, bool) {
	switch d.Role {
	case "action", "bonus":
		return rfodActionFaces, true
	case "event":
		return rfodEvents, true
	}
	return nil, false
}

// rfodEvents are the six events of the event die (L284-304, A4).
var rfodEvents = []string{"all-quiet", "ambush", "amulet", "charge", "nurse", "zombies-rise"}

// rfodFollowerIcons are the follower icons (L406).
var rfodFollowerIcons = []string{"bonus", "penalty", "special"}

// rfodTownLineTable is the Town Line table: followers to end the game by
// players (L466-471, A9); 5 and 6 players follow from +2 per player over 4.
var rfodTownLineTable = map[int]int{2: 7, 3: 9, 4: 11, 5: 13, 6: 15}

// NamedCard is a card the rulebook names, with the line that does.
type NamedCard struct {
	// CardType is the deck's card type, Noun what a card of it is called
	// in messages, Name the card's name and Why the rule that names it.
	CardType, Noun, Name, Why string
}

// rfodNamedCards are the cards the rulebook names.
var rfodNamedCards = []NamedCard{
	{"rfod/follower", "follower", "Unnoticed Girl", "the solo set-up discards it (L506)"},
	{"rfod/event", "event", "Flames of the Dead", "the solo set-up discards it (L506)"},
	{"rfod/location", "location", "Playground", "the solo levels remove it (L509, L529)"},
	{"rfod/loot", "loot", "Book of the Dead", "\"the Loot card Book of the Dead\" (L491)"},
	{"rfod/event", "event", "Quiet Night", "\"Quiet Night Event Card\" (L449)"},
}

// rfodDarkWoods is the inferred Location (L420, A26).
var rfodDarkWoods = NamedCard{"rfod/location", "location", "Dark Woods", "\"Stay away from the Dark Woods!\" (L420, A26)"}

// rfodSpawnDecks are the card types whose cards may spawn the Mutant
// (spawnsMutant: true).
var rfodSpawnDecks = []string{"rfod/follower", "rfod/location", "rfod/loot", "rfod/event", "rfod/fleeing"}

// System is the game system id of Run, Fight, or Die!.
const System = rfodschema.System

// Game is Run, Fight, or Die!'s descriptor: its rules, its dice faces and
// the explanation of its combo odds (Odds).
func Game() validate.Game {
	return validate.Game{System: System, Docs: ruleDocs, Rules: rfodRules, DieFaces: rfodDieFaces, Explain: Odds().ExplainHook()}
}

func rfodRules() []*validate.Rule {
	games := []string{rfodschema.System}
	return validate.WholePack([]*validate.Rule{
		{ID: "rfod/dice", Severity: validate.Error, Games: games, Check: checkRFoDDice,
			Doc: "The dice are not 5 action dice, 1 bonus die and 1 event die (L60-61, L93), a die has another role, an action or bonus face is not bat, run, search, gun, book or zombie, or an action icon is on no action die (L324-392, A1); or the action dice's exact odds would cost more than the engine computes (dice that differ multiply the states of a turn), so the combos and the odds card are left out."},
		{ID: "rfod/bonus-die", Severity: validate.Error, Games: games, Check: checkRFoDBonusDie,
			Doc: "The bonus die does not have exactly 2 zombie faces: \"The Bonus Die has 2 Zombie Icons on it\" (L109, A2)."},
		{ID: "rfod/event-die", Severity: validate.Error, Games: games, Check: checkRFoDEventDie,
			Doc: "The event die's faces are not the six events once each: all-quiet, ambush, amulet, charge, nurse, zombies-rise (L284-304, A4)."},
		{ID: "rfod/town-line", Severity: validate.Error, Games: games, Check: checkRFoDTownLine,
			Doc: "The Location deck does not hold exactly one Town Line (a card with townLine:) (L143, L175-177, L422)."},
		{ID: "rfod/town-line-table", Severity: validate.Error, Games: games, Check: checkRFoDTownLineTable,
			Doc: "The Town Line's table is not 2: 7, 3: 9, 4: 11 followers with perPlayerOver4: 2; optional rows for 5 and 6 players must say 13 and 15 (L466-471, A9)."},
		{ID: "rfod/named-cards", Severity: validate.Error, Games: games, Check: checkRFoDNamedCards,
			Doc: "A card the rulebook names is missing: Unnoticed Girl (follower), Flames of the Dead (event) (L506), Playground (location, L509), Book of the Dead (loot, L491), Quiet Night (event, L449)."},
		{ID: "rfod/named-cards-inferred", Severity: validate.Warning, Games: games, Check: checkRFoDDarkWoods,
			Doc: "No location is Dark Woods, which the rulebook names only in a caption (L420; its deck is inferred, A26)."},
		{ID: "rfod/mutant-spawn", Severity: validate.Warning, Games: games, Check: checkRFoDMutantSpawn,
			Doc: "No card has spawnsMutant: true, so the Mutant, his cards and tokens are dead content (L163, L487), or Playground is not flagged (L509)."},
		{ID: "rfod/solo-deck", Severity: validate.Error, Games: games, Check: checkRFoDSoloDeck,
			Doc: "Fewer than 7 locations besides the Town Line and Playground: VERY HARD draws 2 + 5 (L511, L521, L529)."},
		{ID: "rfod/solo-deck-mutant", Severity: validate.Warning, Games: games, Check: checkRFoDSoloDeckMutant,
			Doc: "Without the Mutant-spawning locations, fewer than 7 (VERY HARD) or 6 (HARD ENOUGH) locations are left besides the Town Line and Playground (L511, L521, L529)."},
		{ID: "rfod/loot-uses", Severity: validate.Error, Games: games, Check: checkRFoDLootUses,
			Doc: "A loot card's uses: is not 1 to 3: \"Loot sometimes provides 1 – 3 uses\" (L430)."},
		{ID: "rfod/event-type", Severity: validate.Error, Games: games, Check: checkRFoDEventType,
			Doc: "A hold event has no holdCondition:, or an ongoing event no discardTrigger: (L113, L426, A12)."},
		{ID: "rfod/follower-icons", Severity: validate.Error, Games: games, Check: checkRFoDFollowerIcons,
			Doc: "A follower icon is not bonus, penalty or special, or an icon has no text in the field of its name (L406)."},
		{ID: "rfod/follower-vp", Severity: validate.Warning, Games: games, Check: checkRFoDFollowerVP,
			Doc: "A bonus-only follower is worth more VP than a penalty-only one, against \"followers with useful skills are worth fewer VP\" (L15)."},
		{ID: "rfod/board-zones", Severity: validate.Error, Games: games, Check: checkRFoDBoardZones,
			Doc: "An Action board does not have Zones 1, 2 and 3 once each, has bat outside Zone 1, or an icon that is no action face (L79-83, L324)."},
		{ID: "rfod/combo-face", Severity: validate.Error, Games: games, Check: checkRFoDComboFace,
			Doc: "A character combo names a face, or ignores one, that is no action-die face, or ignores a face it does not roll or one face twice (L243-244, L320)."},
		{ID: "rfod/combo-rollable", Severity: validate.Error, Games: games, Check: checkRFoDComboRollable,
			Doc: "A character combo cannot be rolled with the pack's 5 action dice and the character's rerolls: exact P = 0 (L243, L306)."},
		{ID: "rfod/combo-odds", Severity: validate.Warning, Games: games, Check: checkRFoDComboOdds,
			Doc: "A character combo's exact P without Fleeing is below rfod.dice.oddsWarningBelow (default 0.01); the message gives the Fleeing value too (L243, L306)."},
		{ID: "rfod/guide", Severity: validate.Error, Games: games, Check: checkRFoDGuide,
			Doc: "The Actions & Events Guide (kind: Guide) does not cover Search 1-5, Book 1-5 and the six events, or the counts that give a Location are not exactly Search 1, 2 and 4 and Book 2, or an action it explains is no action die face (L324-392, L332-341, L349-386, L536)."},
		{ID: "rfod/guide-gives", Severity: validate.Error, Games: games, Check: checkRFoDGuideGives,
			Doc: "A Search or Book option of the guide gives something its printed text does not name, or its text names a Location, Follower, Loot, Event, Heal or Clear that its gives: lacks: the printed guide contradicts the data rfod/guide reads (L332-341, L349-386). Both kinds of mismatch in one option are one finding."},
		{ID: "rfod/mutant-wound-tokens", Severity: validate.Error, Games: games, Check: checkRFoDMutantWoundTokens,
			Doc: "The Mutant Boss wound tokens (component mutant-wounds) are worth other than 1 (value:) or do not print \"1 VP\" (L207, L225, L480), or they are not 20 (L67, L273): the manifest's expected: is not 20, or the manifest lists no such component and the tokens are not 20 (deck/count checks the tokens against expected:)."},
		{ID: "rfod/players", Severity: validate.Warning, Games: games, Check: checkRFoDPlayers,
			Doc: "rfod.players.max exceeds the Action boards, or 5-6 players are declared without rfod.mutantStartWounds rows for them (L15, L62, L490, A11)."},
	},
		"rfod/dice", "rfod/bonus-die", "rfod/event-die", "rfod/town-line", "rfod/named-cards", "rfod/named-cards-inferred", "rfod/mutant-spawn", "rfod/solo-deck", "rfod/solo-deck-mutant", "rfod/guide", "rfod/mutant-wound-tokens", "rfod/players")
}

// CardPos is the position of a card's field, else of its id.
func CardPos(c *schema.Card, field string) schema.Pos {
	if r := c.FieldRef(field); r.Exists() {
		return r.Pos()
	}
	return c.Ref.Child("id").Pos()
}

// DecksPos is where a finding about a whole card type goes: the cards:
// key of its first deck (not its first card, which the finding is not
// about), else the deck's id:, else the manifest's system:.
func DecksPos(p *schema.Pack, cardType string) schema.Pos {
	if ds := rfodschema.Decks(p, cardType); len(ds) > 0 {
		if r := ds[0].Ref.Child("cards"); r.Exists() {
			return r.KeyPos()
		}
		return ds[0].Ref.Child("id").Pos()
	}
	return p.Game.Ref.Child("system").Pos()
}

// Name is a card's name, normalised for comparison.
func Name(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// Named returns the cards of a card type with the given name.
func Named(p *schema.Pack, cardType, name string) []*schema.Card {
	var out []*schema.Card
	for _, c := range rfodschema.Cards(p, cardType) {
		if Name(c.Str("name")) == Name(name) {
			out = append(out, c)
		}
	}
	return out
}

// Flag reports whether a boolean field of a card is true.
func Flag(c *schema.Card, field string) bool {
	v, _ := c.Fields[field].(bool)
	return v
}

// DiceOfRole returns the pack's dice with one of the roles.
func DiceOfRole(p *schema.Pack, roles ...string) []*schema.Die {
	var out []*schema.Die
	for _, d := range p.AllDice() {
		if slices.Contains(roles, d.Role) {
			out = append(out, d)
		}
	}
	return out
}

// rfCopies is the number of copies of dice.
func rfCopies(dice []*schema.Die) int {
	n := 0
	for _, d := range dice {
		n += d.Count
	}
	return n
}

// rfDicePos is where a finding about the dice of a role goes: the count:
// (else the entry) of the first, else the first dice set, else system:.
func rfDicePos(p *schema.Pack, dice []*schema.Die) schema.Pos {
	if len(dice) > 0 {
		if r := dice[0].Ref.Child("count"); r.Exists() {
			return r.Pos()
		}
		return dice[0].Ref.Pos()
	}
	if sets := p.DiceSets(); len(sets) > 0 {
		return sets[0].Ref.Child("dice").Pos()
	}
	return p.Game.Ref.Child("system").Pos()
}

// CheckDiceCount reports when the dice of a role are not want copies.
func CheckDiceCount(c *validate.Context, dice []*schema.Die, role string, want int, source string) {
	got := rfCopies(dice)
	if got == want {
		return
	}
	var related []validate.Related
	for _, d := range dice[min(1, len(dice)):] {
		related = append(related, validate.Related{Pos: d.Ref.Pos(), Message: fmt.Sprintf("%d more %s %s here", d.Count, role, rfDiceWord(d.Count))})
	}
	c.ReportHint(rfDicePos(c.Pack, dice),
		fmt.Sprintf("the pack has %d %s %s; the game has %d (%s)", got, role, rfDiceWord(got), want, source),
		fmt.Sprintf("give %s with role: %s (count: %d)", validate.Counted(want, "die", "dice"), role, want), related...)
}

// rfDiceWord is "die" or "dice".
func rfDiceWord(n int) string { return Plural(n, "die", "dice") }

// Plural is one when n is 1, else many.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// CheckFaces reports the faces of a die that are not in vocab.
func CheckFaces(c *validate.Context, d *schema.Die, vocab []string, source string) {
	for i, f := range d.Faces {
		if slices.Contains(vocab, f) {
			continue
		}
		c.ReportHint(d.FaceRef(i).Pos(),
			fmt.Sprintf("%s die %q: face %d is %q; its faces are %s (%s)", d.Role, d.ID, i+1, f, validate.OrWords(vocab), source),
			suggest.Hint(f, vocab, "%q", "faces: "+strings.Join(vocab, ", ")))
	}
}

// CheckAllOnSome reports the faces of vocab that are on none of dice.
func CheckAllOnSome(c *validate.Context, dice []*schema.Die, vocab []string, what, source string) {
	if len(dice) == 0 {
		return
	}
	meant := map[string]bool{} // faces a misspelt face stands for: reported there
	for _, d := range dice {
		for _, near := range c.OffVocabularyFaces(d) {
			if slices.Contains(vocab, near) {
				meant[near] = true
			}
		}
	}
	var missing []string
	for _, f := range vocab {
		on := meant[f]
		for _, d := range dice {
			on = on || d.HasFace(f)
		}
		if !on {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		c.ReportHint(dice[0].Ref.Child("faces").Pos(),
			fmt.Sprintf("no action die shows %s; every %s must be on some action die (%s)", validate.AndList(missing), what, source),
			"put "+validate.AndList(missing)+" on a face")
	}
}

func checkRFoDDice(c *validate.Context) {
	p := c.Pack
	for _, d := range p.AllDice() {
		if !slices.Contains([]string{"action", "bonus", "event"}, d.Role) {
			at := d.Ref.Child("role")
			msg := fmt.Sprintf("die %q has role %q; RFoD dice are action, bonus or event dice (L60-61)", d.ID, d.Role)
			if !at.Exists() {
				at = d.Ref.Child("id")
				msg = fmt.Sprintf("die %q has no role; RFoD dice are action, bonus or event dice (L60-61)", d.ID)
			}
			c.ReportHint(at.Pos(), msg, "role: action, bonus or event")
		}
	}
	action := DiceOfRole(p, "action")
	CheckDiceCount(c, action, "action", 5, "\"5 Action Dice\", L60-61, L93")
	CheckDiceCount(c, DiceOfRole(p, "bonus"), "bonus", 1, "\"1 Bonus Die\", L60-61")
	CheckDiceCount(c, DiceOfRole(p, "event"), "event", 1, "\"1 Event Die\", L60-61")
	for _, d := range DiceOfRole(p, "action", "bonus") {
		CheckFaces(c, d, rfodActionFaces, "L324-392")
	}
	CheckAllOnSome(c, action, rfodActionFaces, "action icon", "L324-392, A1")
	Odds().ReportCost(c)
}

func checkRFoDBonusDie(c *validate.Context) {
	for _, d := range DiceOfRole(c.Pack, "bonus") {
		n := 0
		for _, f := range d.Faces {
			if f == "zombie" {
				n++
			}
		}
		for _, near := range c.OffVocabularyFaces(d) {
			if near == "zombie" {
				n++ // a misspelt zombie: rfod/dice reports the spelling
			}
		}
		if n != 2 {
			c.ReportHint(d.Ref.Child("faces").Pos(),
				fmt.Sprintf("bonus die %q has %d zombie %s; \"The Bonus Die has 2 Zombie Icons on it\" (L109, A2)", d.ID, n, Plural(n, "face", "faces")),
				"put zombie on exactly 2 faces")
		}
	}
}

func checkRFoDEventDie(c *validate.Context) {
	for _, d := range DiceOfRole(c.Pack, "event") {
		seen := map[string]int{}
		for i, f := range d.Faces {
			switch {
			case !slices.Contains(rfodEvents, f):
				hint := suggest.Hint(f, rfodEvents, "%q", "faces: "+strings.Join(rfodEvents, ", "))
				c.ReportHint(d.FaceRef(i).Pos(),
					fmt.Sprintf("event die %q: face %d is %q, which is no event; the events are %s (L284-304)", d.ID, i+1, f, validate.OrWords(rfodEvents)), hint)
			case seen[f] > 0:
				c.ReportHint(d.FaceRef(i).Pos(),
					fmt.Sprintf("event die %q shows %q twice; each of the six events is on one face (L284-304, A4)", d.ID, f),
					"one face per event", validate.Related{Pos: d.FaceRef(seen[f] - 1).Pos(), Message: "first " + f + " face"})
			default:
				seen[f] = i + 1
			}
		}
		meant := map[string]bool{} // events a misspelt face stands for: reported there
		for _, near := range c.OffVocabularyFaces(d) {
			meant[near] = true
		}
		var missing []string
		for _, e := range rfodEvents {
			if seen[e] == 0 && !meant[e] {
				missing = append(missing, e)
			}
		}
		if len(missing) > 0 {
			c.ReportHint(d.Ref.Child("faces").Pos(),
				fmt.Sprintf("event die %q has no %s face; the event die shows the six events (L284-304, A4)", d.ID, strings.Join(missing, " or ")),
				"put "+validate.AndList(missing)+" on a face")
		}
	}
}

// rfodTownLines returns the locations that are the Town Line.
func rfodTownLines(p *schema.Pack) []*schema.Card {
	var out []*schema.Card
	for _, c := range rfodschema.Cards(p, "rfod/location") {
		if c.Has("townLine") {
			out = append(out, c)
		}
	}
	return out
}

func checkRFoDTownLine(c *validate.Context) {
	tl := rfodTownLines(c.Pack)
	if len(tl) == 0 {
		if len(rfodschema.Decks(c.Pack, "rfod/location")) == 0 {
			return
		}
		c.ReportHint(DecksPos(c.Pack, "rfod/location"),
			"no location is the Town Line; the game ends when it is drawn (L143, L175-177, L422)",
			"give one location a townLine: table")
		return
	}
	copies := 0
	for _, card := range tl {
		copies += card.Count
	}
	if copies == 1 {
		return
	}
	first := tl[0]
	if first.Count > 1 {
		c.ReportHint(CardPos(first, "count"),
			fmt.Sprintf("location %q is the Town Line with %d copies; the deck has exactly one (L143, L175-177, L422)", first.ID, first.Count),
			"count: 1")
	}
	for _, card := range tl[1:] {
		c.ReportHint(card.FieldRef("townLine").Pos(),
			fmt.Sprintf("location %q is a Town Line too: %d Town Line copies; the deck has exactly one (L143, L175-177, L422)", card.ID, copies),
			"keep townLine: on one card with count: 1",
			validate.Related{Pos: first.FieldRef("townLine").Pos(), Message: "the first Town Line"})
	}
}

func checkRFoDTownLineTable(c *validate.Context) {
	for _, card := range rfodTownLines(c.Pack) {
		tl, _ := card.Fields["townLine"].(map[string]any)
		rows, _ := tl["followersToEnd"].([]any)
		ref := card.FieldRef("townLine")
		seen := map[int]int{}
		for i, r := range rows {
			row, _ := r.(map[string]any)
			pl, _ := row["players"].(int64)
			fo, _ := row["followers"].(int64)
			at := ref.Child("followersToEnd").Index(i)
			want, known := rfodTownLineTable[int(pl)]
			switch {
			case seen[int(pl)] > 0:
				c.ReportHint(at.Child("players").Pos(),
					fmt.Sprintf("Town Line %q has two rows for %d players (L466-471)", card.ID, pl), "keep one row per player count",
					validate.Related{Pos: ref.Child("followersToEnd").Index(seen[int(pl)] - 1).Pos(), Message: "the first row"})
			case !known:
				c.ReportHint(at.Child("players").Pos(),
					fmt.Sprintf("Town Line %q has a row for %d %s; the table starts at 2 players (L466-471)", card.ID, pl, Plural(int(pl), "player", "players")), "remove the row")
			case int(fo) != want:
				c.ReportHint(at.Child("followers").Pos(),
					fmt.Sprintf("Town Line %q ends the game at %d followers for %d players; the rulebook says %d (L466-471, A9)", card.ID, fo, pl, want),
					fmt.Sprintf("followers: %d", want))
			}
			seen[int(pl)] = i + 1
		}
		var missing []string
		for _, pl := range []int{2, 3, 4} {
			if seen[pl] == 0 {
				missing = append(missing, fmt.Sprintf("%d players: %d", pl, rfodTownLineTable[pl]))
			}
		}
		if len(missing) > 0 {
			c.ReportHint(ref.Pos(),
				fmt.Sprintf("Town Line %q has no row for %s followers (L466-471)", card.ID, validate.AndList(missing)),
				"add {players: 2, followers: 7}, {players: 3, followers: 9}, {players: 4, followers: 11}")
		}
		per, ok := tl["perPlayerOver4"].(int64)
		if !ok || per != 2 {
			at, got := ref.Child("perPlayerOver4"), fmt.Sprintf("perPlayerOver4: %d", per)
			if !at.Exists() {
				at, got = ref, "no perPlayerOver4:"
			}
			c.ReportHint(at.Pos(),
				fmt.Sprintf("Town Line %q has %s; the table adds 2 followers per player over 4 (L466-471)", card.ID, got),
				"perPlayerOver4: 2")
		}
	}
}

// CheckNamed reports a named card that is missing. When a card of the type
// has a name that is a near miss of it (a typo, letter case, accents,
// British or American spelling), the finding points at that name and says
// to fix its spelling: adding a card would give the deck one too many.
func CheckNamed(c *validate.Context, n NamedCard) {
	if len(Named(c.Pack, n.CardType, n.Name)) > 0 {
		return
	}
	cards := rfodschema.Cards(c.Pack, n.CardType)
	names := make([]string, len(cards))
	for i, card := range cards {
		names[i] = card.Str("name")
	}
	if near := suggest.Nearest(n.Name, names); near != "" {
		card := cards[slices.Index(names, near)]
		c.ReportHint(card.FieldRef("name").Pos(),
			fmt.Sprintf("no %s card is named %q; %s; card %q is named %q", n.Noun, n.Name, n.Why, card.ID, near),
			fmt.Sprintf("did you mean %q? fix the spelling of its name", n.Name))
		return
	}
	c.ReportHint(DecksPos(c.Pack, n.CardType),
		fmt.Sprintf("no %s card is named %q; %s", n.Noun, n.Name, n.Why),
		fmt.Sprintf("add a %s card with name: %s", n.CardType, n.Name))
}

func checkRFoDNamedCards(c *validate.Context) {
	for _, n := range rfodNamedCards {
		CheckNamed(c, n)
	}
}

func checkRFoDDarkWoods(c *validate.Context) { CheckNamed(c, rfodDarkWoods) }

func checkRFoDMutantSpawn(c *validate.Context) {
	p := c.Pack
	spawns := false
	for _, ct := range rfodSpawnDecks {
		for _, card := range rfodschema.Cards(p, ct) {
			spawns = spawns || Flag(card, "spawnsMutant")
		}
	}
	if !spawns {
		c.ReportHint(DecksPos(p, "rfod/location"),
			"no card has spawnsMutant: true, so the Mutant Zombie Boss never enters play and his 24 cards and 20 wound tokens are dead content (L163, L487)",
			"flag the cards that spawn the Mutant, at least Playground (L509)")
	}
	for _, pg := range Named(p, "rfod/location", "Playground") {
		if !Flag(pg, "spawnsMutant") {
			c.ReportHint(CardPos(pg, "spawnsMutant"),
				fmt.Sprintf("location %q (Playground) does not have spawnsMutant: true; the solo rules remove it because it brings out the Mutant (L509)", pg.ID),
				"spawnsMutant: true")
		}
	}
}

// rfodSoloLocations counts the locations other than the Town Line and
// Playground, and those of them that do not spawn the Mutant.
func rfodSoloLocations(p *schema.Pack) (all, calm int) {
	for _, card := range rfodschema.Cards(p, "rfod/location") {
		if card.Has("townLine") || Name(card.Str("name")) == "playground" {
			continue
		}
		all += card.Count
		if !Flag(card, "spawnsMutant") {
			calm += card.Count
		}
	}
	return all, calm
}

func checkRFoDSoloDeck(c *validate.Context) {
	if len(rfodschema.Decks(c.Pack, "rfod/location")) == 0 {
		return
	}
	if all, _ := rfodSoloLocations(c.Pack); all < 7 {
		c.ReportHint(DecksPos(c.Pack, "rfod/location"),
			fmt.Sprintf("the location deck has %d locations besides the Town Line and Playground; the VERY HARD solo deck draws 2 + 5 = 7 of them (L511, L521, L529)", all),
			"add locations")
	}
}

func checkRFoDSoloDeckMutant(c *validate.Context) {
	if len(rfodschema.Decks(c.Pack, "rfod/location")) == 0 {
		return
	}
	all, calm := rfodSoloLocations(c.Pack)
	if all < 7 || calm >= 7 {
		return
	}
	level := "VERY HARD (2 + 5 = 7)"
	if calm < 6 {
		level = "HARD ENOUGH (2 + 4 = 6) and VERY HARD (2 + 5 = 7)"
	}
	c.ReportHint(DecksPos(c.Pack, "rfod/location"),
		fmt.Sprintf("without the %d Mutant-spawning locations, %d locations are left besides the Town Line and Playground: too few for %s when the Mutant is out of play (L511, L521, L529)", all-calm, calm, level),
		"add locations that do not spawn the Mutant")
}

func checkRFoDLootUses(c *validate.Context) {
	for _, card := range rfodschema.Cards(c.Pack, "rfod/loot") {
		if n, ok := card.Int("uses"); ok && (n < 1 || n > 3) {
			c.ReportHint(card.FieldRef("uses").Pos(),
				fmt.Sprintf("loot %q has uses: %d; \"Loot sometimes provides 1 – 3 uses\" (L430)", card.ID, n),
				"uses: 1, 2 or 3, or no uses: for a card kept until played")
		}
	}
}

func checkRFoDEventType(c *validate.Context) {
	for _, card := range rfodschema.Cards(c.Pack, "rfod/event") {
		switch t := card.Str("eventType"); {
		case t == "hold" && strings.TrimSpace(card.Str("holdCondition")) == "":
			c.ReportHint(card.FieldRef("eventType").Pos(),
				fmt.Sprintf("hold event %q has no holdCondition:; a Hold card \"remains with the player until the player uses it\" (L113)", card.ID),
				"say when it may be used in holdCondition:")
		case t == "ongoing" && strings.TrimSpace(card.Str("discardTrigger")) == "":
			c.ReportHint(card.FieldRef("eventType").Pos(),
				fmt.Sprintf("ongoing event %q has no discardTrigger:; Ongoing Events remain \"until their discard trigger as stated on the card occurs\" (L426, A12)", card.ID),
				"discardTrigger: a new Event is drawn")
		}
	}
}

func checkRFoDFollowerIcons(c *validate.Context) {
	for _, card := range rfodschema.Cards(c.Pack, "rfod/follower") {
		for i, ic := range card.List("icons") {
			at := card.FieldRef("icons").Index(i).Pos()
			if !slices.Contains(rfodFollowerIcons, ic) {
				c.ReportHint(at,
					fmt.Sprintf("follower %q has the icon %q; followers have 3 possible icons: bonus, penalty and special (L406)", card.ID, ic),
					suggest.Hint(ic, rfodFollowerIcons, "%q", "icons: bonus, penalty or special"))
				continue
			}
			if strings.TrimSpace(card.Str(ic)) == "" {
				c.ReportHint(at,
					fmt.Sprintf("follower %q shows the %s icon but has no %s: text to say what it does (L406)", card.ID, ic, ic),
					fmt.Sprintf("add %s: with the card's %s", ic, ic))
			}
		}
	}
}

func checkRFoDFollowerVP(c *validate.Context) {
	var bonus, penalty *schema.Card
	bv, pv := -1, 1<<30
	for _, card := range rfodschema.Cards(c.Pack, "rfod/follower") {
		icons := card.List("icons")
		vp, _ := card.Int("vp")
		hasB, hasP := slices.Contains(icons, "bonus"), slices.Contains(icons, "penalty")
		if hasB && !hasP && vp > bv {
			bonus, bv = card, vp
		}
		if hasP && !hasB && vp < pv {
			penalty, pv = card, vp
		}
	}
	if bonus == nil || penalty == nil || bv <= pv {
		return
	}
	c.ReportHint(CardPos(bonus, "vp"),
		fmt.Sprintf("follower %q has only a bonus and is worth %d VP, more than follower %q with only a penalty (%d VP); followers with useful skills are worth fewer VP, those with penalties more (L15)", bonus.ID, bv, penalty.ID, pv),
		"lower the bonus follower's vp: or raise the penalty follower's",
		validate.Related{Pos: CardPos(penalty, "vp"), Message: "the penalty-only follower"})
}

// rfCheckZones reports zones that are not 1, 2 and 3 once each, and icons
// outside vocab; bat, when batZone1, only in Zone 1.
func rfCheckZones(c *validate.Context, b *rfodschema.PlayerBoard, noun string, vocab []string, batZone1 bool, source string) {
	seen := map[int]bool{}
	for _, z := range b.Zones {
		if z.Zone < 1 || z.Zone > 3 || seen[z.Zone] {
			c.ReportHint(z.Ref.Child("zone").Pos(),
				fmt.Sprintf("%s %q has zone %d twice or out of range; it has the 3 Zones 1, 2 and 3 (%s)", noun, b.ID, z.Zone, source),
				"zones 1, 2 and 3, once each")
		}
		seen[z.Zone] = true
		for i, ic := range z.Icons {
			switch {
			case !slices.Contains(vocab, ic):
				c.ReportHint(z.IconRef(i).Pos(),
					fmt.Sprintf("%s %q zone %d shows %q, which is no action die face (%s)", noun, b.ID, z.Zone, ic, strings.Join(vocab, ", ")),
					suggest.Hint(ic, vocab, "%q", "icons are action die faces"))
			case batZone1 && ic == "bat" && z.Zone != 1:
				c.ReportHint(z.IconRef(i).Pos(),
					fmt.Sprintf("%s %q shows bat in zone %d; the Bat hits zombies in Zone 1 only (L79-83, L324)", noun, b.ID, z.Zone),
					"move bat to zone 1")
			}
		}
	}
	var missing []string
	for _, z := range []int{1, 2, 3} {
		if !seen[z] {
			missing = append(missing, fmt.Sprint(z))
		}
	}
	if len(missing) > 0 {
		c.ReportHint(b.Ref.Child("zones").Pos(),
			fmt.Sprintf("%s %q has no zone %s; \"The 3 Zones represent the distance the zombies are from the player\" (%s)", noun, b.ID, strings.Join(missing, " or "), source),
			"add zones 1, 2 and 3")
	}
}

func checkRFoDBoardZones(c *validate.Context) {
	for _, b := range rfodschema.PlayerBoards(c.Pack, rfodschema.ActionBoard) {
		rfCheckZones(c, b, "action board", rfodActionFaces, true, "L79-83")
	}
}

// CheckComboFaces reports combo faces (and ignored faces) outside vocab.
func CheckComboFaces(c *validate.Context, b *rfodschema.PlayerBoard, vocab []string, source string) {
	for _, cb := range b.Combos {
		for _, f := range cb.Faces() {
			if !slices.Contains(vocab, f) {
				hint := suggest.Hint(f, vocab, "%q", "faces: "+strings.Join(vocab, ", "))
				c.ReportHint(cb.DiceRef(f).KeyPos(),
					fmt.Sprintf("character %q combo %q needs %q, which is no action die face (%s)", b.ID, cb.ID, f, source), hint)
			}
		}
		for i, f := range cb.Ignores {
			at := cb.Ref.Child("ignores").Index(i).Pos()
			switch {
			case !slices.Contains(vocab, f):
				c.ReportHint(at, fmt.Sprintf("character %q combo %q ignores %q, which is no action die face (%s)", b.ID, cb.ID, f, source),
					suggest.Hint(f, vocab, "%q", "faces: "+strings.Join(vocab, ", ")))
			case cb.Dice[f] == 0:
				c.ReportHint(at, fmt.Sprintf("character %q combo %q ignores %q, which the combo does not roll: a combo lets you ignore its own icons (L320)", b.ID, cb.ID, f),
					"ignore one of the combo's faces: "+strings.Join(cb.Faces(), ", "))
			case slices.Index(cb.Ignores, f) < i:
				c.ReportHint(at, fmt.Sprintf("character %q combo %q ignores %q twice", b.ID, cb.ID, f), "list each face once")
			}
		}
	}
}

func checkRFoDComboFace(c *validate.Context) {
	for _, b := range rfodschema.PlayerBoards(c.Pack, rfodschema.CharacterBoard) {
		CheckComboFaces(c, b, rfodActionFaces, "L243-244, L320")
	}
}

// rfOddsFinding is a combo finding of the odds engine with its character.
type rfOddsFinding struct {
	board *rfodschema.PlayerBoard
	combo *rfodschema.CharacterCombo
	f     diceodds.Finding
}

// rfGame builds the engine's game from the pack's action dice, without
// checking it (see OddsRules.gameErr); ok is false when a die has not 6
// faces.
func rfGame(p *schema.Pack, base diceodds.Game, roles []string, rerolls int) (diceodds.Game, bool) {
	g := base
	g.Dice = nil
	for _, d := range DiceOfRole(p, roles...) {
		if len(d.Faces) != schema.DieFaces {
			return g, false
		}
		var die diceodds.Die
		copy(die.Faces[:], d.Faces)
		for range min(d.Count, diceodds.MaxDice+1) {
			g.Dice = append(g.Dice, die)
		}
	}
	g.Rerolls = rerolls
	return g, true
}

// oddsMaxRerolls is the most rerolls the odds are computed at: the odds
// card's last column, and the schema's largest rerolls for the manifest and
// for a character.
const oddsMaxRerolls = 3

// oddsWorst is the costliest game the odds of g's pack compute: at
// oddsMaxRerolls (or more), with AMULET where the game has Fleeing (RFoD's
// AMULET columns, A6).
func oddsWorst(g diceodds.Game) diceodds.Game {
	g.Rerolls = max(g.Rerolls, oddsMaxRerolls)
	g.Amulet = g.Amulet || g.Fleeing
	return g
}

// ReportCost reports, for the rules' dice rule, action dice whose exact
// odds the engine will not compute because they are too costly
// (diceodds.MaxWork): dice that differ from one another multiply the
// states of a turn. The combos' odds and the odds card are then left out.
func (r OddsRules) ReportCost(c *validate.Context) {
	if !r.applies(c.Pack) || rfMisspeltDice(c, r.Roles) {
		return
	}
	_, err := r.gameErr(c.Pack)
	if !errors.Is(err, diceodds.ErrTooCostly) {
		return
	}
	dice := DiceOfRole(c.Pack, r.Roles...)
	var related []validate.Related
	for _, d := range dice[min(1, len(dice)):] {
		related = append(related, validate.Related{Pos: d.Ref.Child("faces").Pos(), Message: fmt.Sprintf("die %q's faces", d.ID)})
	}
	at := rfDicePos(c.Pack, dice)
	if len(dice) > 0 && dice[0].Ref.Child("faces").Exists() {
		at = dice[0].Ref.Child("faces").Pos()
	}
	c.ReportHint(at,
		fmt.Sprintf("the exact odds of the action dice are %v; the combos' odds are not checked and the odds card (1 to %d rerolls) is left out", err, oddsMaxRerolls),
		"give the action dice the same faces (identical dice make one kind and far fewer moves), or fewer kinds of dice", related...)
}

// rfMisspeltDice reports whether a die of the roles shows a face its game
// does not allow.
func rfMisspeltDice(c *validate.Context, roles []string) bool {
	return slices.ContainsFunc(DiceOfRole(c.Pack, roles...), func(d *schema.Die) bool { return len(c.OffVocabularyFaces(d)) > 0 })
}

// comboFindings computes the odds findings of every character of the
// rules' game, once per validation run.
func (r OddsRules) comboFindings(c *validate.Context) []rfOddsFinding {
	return validate.Memo(c, "rf-odds:"+r.BoardType, func() []rfOddsFinding {
		p := c.Pack
		if !r.applies(p) || rfMisspeltDice(c, r.Roles) {
			return nil // a misspelt face: its rule reports it, and the odds would be wrong
		}
		base, ok := r.game(p)
		if !ok {
			return nil // the game's dice rule reports dice the engine cannot roll
		}
		threshold := rfodschema.SettingsOf(p).Dice.Threshold()
		// Each board's combos, with the checker of its rerolls: characters
		// with the same rerolls share one, whose values of all their
		// combos are computed in one pass.
		type boardCombos struct {
			board  *rfodschema.PlayerBoard
			ch     *diceodds.ComboChecker
			named  []diceodds.NamedCombo
			combos []*rfodschema.CharacterCombo
		}
		var todo []boardCombos
		checkers := map[int]*diceodds.ComboChecker{} // by rerolls
		all := map[*diceodds.ComboChecker][]diceodds.NamedCombo{}
		for _, b := range rfodschema.PlayerBoards(p, r.BoardType) {
			g := base
			if b.Rerolls != nil && r.CharacterRerolls {
				g.Rerolls = *b.Rerolls // a character's own rerolls (L277)
				if g.Validate() != nil {
					continue
				}
			}
			ch := checkers[g.Rerolls]
			if ch == nil {
				var err error
				if ch, err = diceodds.NewComboChecker(g); err != nil {
					continue
				}
				checkers[g.Rerolls] = ch
			}
			bc := boardCombos{board: b, ch: ch}
			for _, cb := range b.Combos {
				if len(cb.Dice) == 0 || slices.ContainsFunc(cb.Faces(), func(f string) bool { return !slices.Contains(r.Faces, f) }) {
					continue // the combo-face rule reports it
				}
				bc.named = append(bc.named, diceodds.NamedCombo{Name: cb.ID, Dice: cb.Dice})
				bc.combos = append(bc.combos, cb)
			}
			all[ch] = append(all[ch], bc.named...)
			todo = append(todo, bc)
		}
		for ch, named := range all {
			if err := ch.Precompute(named); err != nil {
				continue // Check fails on the boards of the combo at fault, as it would alone
			}
		}
		var out []rfOddsFinding
		for _, bc := range todo {
			fs, err := bc.ch.Check(bc.named, threshold)
			if err != nil {
				continue
			}
			for _, f := range fs {
				for i, n := range bc.named {
					if n.Name == f.Combo {
						out = append(out, rfOddsFinding{board: bc.board, combo: bc.combos[i], f: f})
					}
				}
			}
		}
		return out
	})
}

// ReportOdds reports the combo odds findings of one severity of the
// rules' game, citing source.
func (r OddsRules) ReportOdds(c *validate.Context, sev validate.Severity, source string) {
	for _, of := range r.comboFindings(c) {
		if of.f.Severity != sev {
			continue
		}
		hint := "lower the combo's dice or change its faces"
		if sev == validate.Warning {
			hint = "make the combo easier, or lower rfod.dice.oddsWarningBelow in game.yaml if the odds are meant"
		}
		c.ReportHint(of.combo.Ref.Child("dice").Pos(),
			fmt.Sprintf("character %q: %s (%s)", of.board.ID, of.f.Message(), source), hint)
	}
}

func checkRFoDComboRollable(c *validate.Context) {
	Odds().ReportOdds(c, validate.Error, "L243, L306")
}

func checkRFoDComboOdds(c *validate.Context) {
	Odds().ReportOdds(c, validate.Warning, "L243, L306")
}

func checkRFoDPlayers(c *validate.Context) {
	p := c.Pack
	s := rfodschema.SettingsOf(p)
	boards := 0
	for _, b := range rfodschema.PlayerBoards(p, rfodschema.ActionBoard) {
		boards += b.Count
	}
	if len(rfodschema.PlayerBoards(p, rfodschema.ActionBoard)) > 0 && s.Players.Max > boards {
		c.ReportHint(s.FieldRef("players", "max").Pos(),
			fmt.Sprintf("the pack declares up to %d players but has %d Action boards, one per player (L62, L15)", s.Players.Max, boards),
			"add Action boards or lower rfod.players.max")
	}
	rows := map[int]bool{}
	for _, r := range s.MutantStartWounds {
		rows[r.Players] = true
	}
	var missing []string
	for n := 5; n <= s.Players.Max; n++ {
		if !rows[n] {
			missing = append(missing, fmt.Sprint(n))
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		c.ReportHint(s.FieldRef("players", "max").Pos(),
			fmt.Sprintf("the pack declares up to %d players, but rfod.mutantStartWounds has no row for %s players: the rulebook stops at \"4 Players = 5 Wounds\" (L490, A11)", s.Players.Max, strings.Join(missing, " or ")),
			"add rows such as {players: 5, wounds: 6} to rfod.mutantStartWounds and state the assumption")
	}
}

// rfodGuideLocation are the counts whose options give a Location: "to draw
// a Location card you need to roll 1 or 2 Follower Icons OR exactly 4
// Follower Icons OR exactly 2 Book of the Dead icons" (L536).
var rfodGuideLocation = map[string][]int{"search": {1, 2, 4}, "book": {2}}

func checkRFoDGuide(c *validate.Context) {
	for _, g := range rfodschema.Guides(c.Pack) {
		for _, t := range []struct {
			key, name, source string
			rows              []*rfodschema.GuideRow
		}{{"search", "Search", "L332-341", g.Search}, {"book", "Book", "L349-386", g.Book}} {
			byCount := map[int]*rfodschema.GuideRow{}
			for _, r := range t.rows {
				if r.Count < 1 || r.Count > 5 || byCount[r.Count] != nil {
					c.ReportHint(r.Ref.Child("count").Pos(),
						fmt.Sprintf("guide %q has a %s row for %d icons twice or out of range; the table has one row for each of 1 to 5 icons (%s)", g.ID, t.name, r.Count, t.source),
						"rows for counts 1, 2, 3, 4 and 5, once each")
					continue
				}
				byCount[r.Count] = r
				want := slices.Contains(rfodGuideLocation[t.key], r.Count)
				if got := r.Gives("location"); got != want {
					verb, hint := "gives", "remove location from the row's gives:"
					if want {
						verb, hint = "does not give", "add gives: [location] to the option that draws a Location"
					}
					c.ReportHint(r.Ref.Child("count").Pos(),
						fmt.Sprintf("guide %q: %s %d %s a Location; a Location comes from exactly %s (L536)", g.ID, t.name, r.Count, verb, "Search 1, 2 or 4, or Book 2"),
						hint)
				}
			}
			var missing []string
			for n := 1; n <= 5; n++ {
				if byCount[n] == nil {
					missing = append(missing, fmt.Sprint(n))
				}
			}
			if len(missing) > 0 {
				at := g.Ref.Child(t.key)
				if !at.Exists() {
					at = g.Ref.Child("id")
				}
				c.ReportHint(at.Pos(),
					fmt.Sprintf("guide %q has no %s row for %s icons; the guide covers 1 to 5 (%s, L536)", g.ID, t.name, strings.Join(missing, ", "), t.source),
					"add the rows")
			}
		}
		for _, e := range g.Actions {
			if e.Icon != "" && !slices.Contains(rfodActionFaces, e.Icon) {
				c.ReportHint(e.Ref.Child("icon").Pos(),
					fmt.Sprintf("guide %q explains the action %q, which is no action die face (%s) (L324-392)", g.ID, e.Icon, strings.Join(rfodActionFaces, ", ")),
					suggest.Hint(e.Icon, rfodActionFaces, "%q", "icon: one of the action die's faces"))
			}
		}
		seen := map[string]bool{}
		for _, e := range g.Events {
			seen[e.Event] = true
			if !slices.Contains(rfodEvents, e.Event) {
				// A misspelt event is reported here, not as missing too.
				seen[suggest.Nearest(e.Event, rfodEvents)] = true
				c.ReportHint(e.Ref.Child("event").Pos(),
					fmt.Sprintf("guide %q explains %q, which is no event of the event die (%s) (L284-304)", g.ID, e.Event, strings.Join(rfodEvents, ", ")),
					suggest.Hint(e.Event, rfodEvents, "%q", "event: one of the event die's faces"))
			}
		}
		var missing []string
		for _, e := range rfodEvents {
			if !seen[e] {
				missing = append(missing, e)
			}
		}
		if len(missing) > 0 {
			at := g.Ref.Child("events")
			if !at.Exists() {
				at = g.Ref.Child("id")
			}
			c.ReportHint(at.Pos(),
				fmt.Sprintf("guide %q does not explain the %s %s of the event die (L284-304)", g.ID, Plural(len(missing), "event", "events"), validate.AndList(missing)),
				"add an events: entry for each")
		}
	}
}

// rfodGives are the gives: values the guide's options use, with the word
// forms in which an option's text names them, as the guide's lines word
// them (L332-341, L349-386): Draw 1 Location,
// Keep 2 Followers, Heal 1 wound. A gives: value outside this list is
// named by its own id (hyphens as spaces, optionally plural).
var rfodGives = []struct {
	id    string
	forms []string
}{
	{"location", []string{"location", "locations"}},
	{"follower", []string{"follower", "followers"}},
	{"loot", []string{"loot", "loots"}},
	{"event", []string{"event", "events"}},
	{"heal", []string{"heal", "heals", "healed", "healing"}},
	{"clear", []string{"clear", "clears", "cleared", "clearing"}},
}

// rfGiveForms are the words or phrases that name a gives: value.
func rfGiveForms(give string) []string {
	for _, g := range rfodGives {
		if g.id == give {
			return g.forms
		}
	}
	phrase := strings.Join(strings.FieldsFunc(strings.ToLower(give), func(r rune) bool { return r == '-' || r == '_' }), " ")
	return []string{phrase, phrase + "s"}
}

// rfGiveWord is a gives: value as the text would print it: "Location".
func rfGiveWord(give string) string {
	w := strings.ReplaceAll(give, "-", " ")
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// rfTextWords is a text as lower-case words, each between spaces, for
// whole-word and phrase look-ups.
func rfTextWords(text string) string {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	})
	for i, w := range words {
		words[i] = strings.TrimSuffix(w, "'s")
	}
	return " " + strings.Join(words, " ") + " "
}

// rfNames reports whether words (from rfTextWords) name a gives: value.
func rfNames(words, give string) bool {
	for _, f := range rfGiveForms(give) {
		if f != "" && strings.Contains(words, " "+f+" ") {
			return true
		}
	}
	return false
}

func checkRFoDGuideGives(c *validate.Context) {
	for _, g := range rfodschema.Guides(c.Pack) {
		for _, t := range []struct {
			name, source string
			rows         []*rfodschema.GuideRow
		}{{"Search", "L332-341", g.Search}, {"Book", "L349-386", g.Book}} {
			for _, r := range t.rows {
				for i, o := range r.Options {
					if o == nil {
						continue
					}
					what := fmt.Sprintf("guide %q: %s %d option %d", g.ID, t.name, r.Count, i+1)
					rfCheckOptionGives(c, r.Ref.Child("options").Index(i).Pos(), what, o, t.source)
				}
			}
		}
	}
}

// rfCheckOptionGives reports, in one finding, the gives: values the
// option's text does not name and the known givable things the text names
// that gives: lacks.
func rfCheckOptionGives(c *validate.Context, at schema.Pos, what string, o *rfodschema.GuideOption, source string) {
	words := rfTextWords(o.Text)
	var unnamed, unlisted []string
	for _, give := range o.Gives {
		if !rfNames(words, give) {
			unnamed = append(unnamed, give)
		}
	}
	for _, g := range rfodGives {
		if rfNames(words, g.id) && !slices.Contains(o.Gives, g.id) {
			unlisted = append(unlisted, g.id)
		}
	}
	if len(unnamed) == 0 && len(unlisted) == 0 {
		return
	}
	text := validate.Shorten(o.Text, 60)
	const disagree = "the printed guide and the data the rules read disagree"
	var msg, hint string
	switch {
	case len(unlisted) == 0:
		msg = fmt.Sprintf("%s gives %s, but its text %q does not say %s: %s (%s)", what, validate.AndList(unnamed), text, validate.AndList(rfGiveWords(unnamed)), disagree, source)
		hint = fmt.Sprintf("name %s in the option's text, or remove %s from its gives:", validate.AndList(rfGiveWords(unnamed)), validate.AndList(unnamed))
	case len(unnamed) == 0:
		msg = fmt.Sprintf("%s: its text %q says %s, but its gives: does not list %s: %s (%s)", what, text, validate.AndList(rfGiveWords(unlisted)), validate.AndList(unlisted), disagree, source)
		hint = fmt.Sprintf("add %s to the option's gives:, or reword the text", validate.AndList(unlisted))
	default:
		msg = fmt.Sprintf("%s gives %s, but its text %q says %s instead: %s (%s)", what, validate.AndList(unnamed), text, validate.AndList(rfGiveWords(unlisted)), disagree, source)
		hint = fmt.Sprintf("gives: [%s] to match the text, or reword the text to name %s", strings.Join(rfMatchingGives(o.Gives, unnamed, unlisted), ", "), validate.AndList(rfGiveWords(unnamed)))
	}
	c.ReportHint(at, msg, hint)
}

// rfGiveWords are gives: values as the text would print them.
func rfGiveWords(gives []string) []string {
	out := make([]string, len(gives))
	for i, g := range gives {
		out[i] = rfGiveWord(g)
	}
	return out
}

// rfMatchingGives is the gives: list that matches an option's text: its
// gives less those the text does not name, plus those it names.
func rfMatchingGives(gives, unnamed, unlisted []string) []string {
	var out []string
	for _, g := range gives {
		if !slices.Contains(unnamed, g) {
			out = append(out, g)
		}
	}
	return append(out, unlisted...)
}

// rfodMutantWounds is the manifest component of the 20 Mutant Boss wound
// tokens (L67), the "1 VP" tokens (L207, L273, L480).
const rfodMutantWounds = "mutant-wounds"

// rfodMutantWoundCount is their number: "20 Mutant Boss Wound Tokens"
// (L67); the game ends when all 20 are awarded (L273).
const rfodMutantWoundCount = 20

// rfOneVP matches a printed "1 VP".
var rfOneVP = regexp.MustCompile(`(?i)(^|[^0-9])1\s*VP\b`)

func checkRFoDMutantWoundTokens(c *validate.Context) {
	p := c.Pack
	tokens := TokensOf(p, rfodMutantWounds)
	rfCheckMutantWoundCount(c, tokens)
	for _, t := range tokens {
		if t.Value != nil && *t.Value != 1 {
			c.ReportHint(t.Ref.Child("value").Pos(),
				fmt.Sprintf("Mutant wound token %q has value: %d; each Mutant Boss wound token is worth 1 VP: \"Gain 1 Point for each Mutant Boss (1 VP) token\" (L480)", t.ID, *t.Value),
				"value: 1, or no value:")
		}
		rfCheckPrintsOneVP(c, t)
	}
}

// rfCheckPrintsOneVP reports a Mutant wound token whose label (front or
// back) does not print "1 VP".
func rfCheckPrintsOneVP(c *validate.Context, t *schema.Token) {
	back := t.BackFace()
	if rfOneVP.MatchString(t.Label) || (back != nil && rfOneVP.MatchString(back.Label)) {
		return
	}
	at, prints := t.Ref.Child("id"), "no label"
	if r := t.Ref.Child("label"); r.Exists() {
		at, prints = r, fmt.Sprintf("%q", t.Label)
	}
	c.ReportHint(at.Pos(),
		fmt.Sprintf("Mutant wound token %q prints %s; the Mutant Boss wound tokens are the \"1 VP\" tokens the players score (L207, L273, L480)", t.ID, prints),
		"label: \"1 VP\"")
}

// rfCheckMutantWoundCount reports when the pack does not have the 20
// Mutant wound tokens. deck/count checks the tokens against the manifest's
// expected: count, so this reports an expected: other than 20 only when
// deck/count is quiet (the tokens match it, or they are not printed), and
// the tokens' total only when the manifest lists no such component.
func rfCheckMutantWoundCount(c *validate.Context, tokens []*schema.Token) {
	p := c.Pack
	total := 0
	for _, t := range tokens {
		total += t.Count
	}
	source := "\"20 Mutant Boss Wound Tokens\" (L67); the game ends when all 20 are awarded (L273)"
	if comp := p.Component(rfodMutantWounds); comp != nil {
		if comp.Expected != rfodMutantWoundCount && (total == comp.Expected || !comp.IsPrinted()) {
			c.ReportHint(comp.Ref.Child("expected").Pos(),
				fmt.Sprintf("component %q expects %d Mutant Boss wound tokens; the game has %s", comp.ID, comp.Expected, source),
				fmt.Sprintf("expected: %d, with %d tokens", rfodMutantWoundCount, rfodMutantWoundCount))
		}
		return
	}
	if misspeltMutantWounds(c) || total == rfodMutantWoundCount {
		return
	}
	at := p.Game.Ref.Child("components")
	if !at.Exists() {
		at = p.Game.Ref.Child("system")
	}
	if len(tokens) > 0 {
		at = tokens[0].Ref.Child("count")
	}
	c.ReportHint(at.Pos(),
		fmt.Sprintf("the pack has %d Mutant Boss wound tokens (component %s) and its manifest lists no such component; the game has %s", total, rfodMutantWounds, source),
		fmt.Sprintf("list {id: %s, expected: %d} under components: and give the tokens component: %s", rfodMutantWounds, rfodMutantWoundCount, rfodMutantWounds))
}

// misspeltMutantWounds reports a manifest component whose id is a near miss
// of mutant-wounds (mutant-wound, Mutant-Wounds), the id the rules count the
// wound tokens by, and says whether it did: the pack then has the component,
// spelt otherwise, and is not told to add one.
func misspeltMutantWounds(c *validate.Context) bool {
	var ids []string
	for _, comp := range c.Pack.Game.Components {
		ids = append(ids, comp.ID)
	}
	near := suggest.Nearest(rfodMutantWounds, ids)
	if near == "" {
		return false
	}
	comp := c.Pack.Component(near)
	c.ReportHint(comp.Ref.Child("id").Pos(),
		fmt.Sprintf("component %q is not %s, the id the rules count the Mutant Boss wound tokens by (\"20 Mutant Boss Wound Tokens\", L67)", near, rfodMutantWounds),
		fmt.Sprintf("did you mean %q? fix the spelling, here and in the tokens' component:", rfodMutantWounds))
	return true
}

// TokensOf returns the tokens of a component.
func TokensOf(p *schema.Pack, component string) []*schema.Token {
	var out []*schema.Token
	for _, ts := range p.TokenSets() {
		for _, t := range ts.Tokens {
			if t.Component == component {
				out = append(out, t)
			}
		}
	}
	return out
}

// ruleDocs are the long explanations of the rules (validate.ParseRuleDocs).
//
//go:embed ruledocs.txt
var ruleDocs string
