// Package rfodr holds Run, Fight, or Die: Reloaded's rules: its dice,
// decks, campaign and tokens, on the code it shares with Run, Fight, or
// Die! (validate/rfod), and the explain hook of its combo odds (imported as
// rfodrrules).
package rfodr

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/runforge/runforge/internal/suggest"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	rfodrschema "github.com/runforge/runforge/schema/rfodr"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/diceodds"
	rfodrules "github.com/runforge/runforge/validate/rfod"
)

// Run, Fight, or Die: Reloaded rules (rulebook lines cited as Lnnn,
// assumptions as Annn). They run on Reloaded packs and on packs that extend
// one (the Solo Campaign). The assumptions they rely on:
//   - Dice: every die of the pack with role: action (or no role) is an
//     action die; the 6 dice carry bat, gun, run, search, explore, zombie
//     (A13). The odds apply the 5-zombie terminal rule (L202, A15) and the
//     manifest's rfod.dice.setAsideIsPermanent (A14).
//   - Characters have 5 wound spaces (A24); a combo without a zombie, or
//     fewer zombies from minor to major to super, is only a warning (A17).
//   - A card's set: is base, promo or expansion (L429); a card without one
//     is a base card. Component counts count base cards only (the card
//     types' CountsCard), and so do the Location deck's sizes.
//   - Zombie and leadership tokens are the tokens whose component: is
//     rfod.components.zombieTokens / leadershipTokens (default
//     zombie-tokens, leadership-tokens).
//
//   - The Solo Campaign: the rfodr/campaign-* rules run on a Reloaded
//     pack that holds campaign content (a deck of rfodr/trauma,
//     rfodr/action, rfodr/upgrade, rfodr/experience or rfodr/supply-cache
//     cards, or kind: Mats), whether the pack extends the base pack or
//     holds it; the campaign is not a system of its own.
//
// The combo check, which mixes severities, is split into
// rfodr/combo-rollable (E) and rfodr/combo-odds (W).

// rfodrFaces are the six results of a Reloaded die (L131-196, A13).
var rfodrFaces = []string{"bat", "gun", "run", "search", "explore", "zombie"}

// rfodrDieFaces are the faces Reloaded lets an action die show.
func rfodrDieFaces(d *schema.Die) ([]string, bool) {
	if d.Role == "" || d.Role == "action" {
		return rfodrFaces, true
	}
	return nil, false
}

// rfodrRemovedNamed are the Locations the campaign removes besides the
// Town Line (L429), found by the names the rulebook gives them (L429). The
// Town Line is the location with townLine: true, whatever its name, in
// every rule: the base game and the campaign alike.
var rfodrRemovedNamed = []string{"Parking Lot", "Church", "Back Road", "Movie Theater", "Playground"}

// rfodrRemovedList names the six removed Locations for messages.
const rfodrRemovedList = "the Town Line, Parking Lot, Church, Back Road, Movie Theater and Playground"

// rfodrCharacters are the characters the rulebook names (L226, L312-316).
var rfodrCharacters = []string{"The Prom Queen", "The Coach", "The Ex-Cop"}

// rfodrPromQueenMajor is The Prom Queen's major combo (L226).
var rfodrPromQueenMajor = map[string]int{"zombie": 2, "search": 1, "explore": 1}

// System is the game system id of Run, Fight, or Die: Reloaded.
const System = rfodrschema.System

// Game is Reloaded's descriptor: its rules, its dice faces and the
// explanation of its combo odds (Odds).
func Game() validate.Game {
	return validate.Game{System: System, Docs: ruleDocs, Rules: rfodrRules, DieFaces: rfodrDieFaces, Explain: Odds().ExplainHook()}
}

// Odds returns Reloaded's odds rules, which the odds code of Run, Fight,
// or Die! computes with: its action dice (role: action or none), the
// engine's Reloaded preset (no Fleeing, no AMULET; five zombies showing
// end the turn, L202, A15), the manifest's set-aside reading (A14), each
// combo known by its tier (L206) and the manifest's rerolls for every
// character.
func Odds() rfodrules.OddsRules {
	return rfodrules.OddsRules{System: System, BoardType: rfodschema.ReloadedCharacterBoard, Base: diceodds.Reloaded(), Roles: []string{"action", ""}, DiceRule: "rfodr/dice",
		Faces: rfodrFaces, FacesAssumption: "A13",
		Assumptions: []string{"A13: the dice's faces are the pack's dice", "A14: set-aside dice are permanent only when rfod.dice.setAsideIsPermanent",
			"A15: five zombies showing, locked ones included, end the turn after any roll", "A16: each combo is computed on its own"},
		SetAsideReading: true, ComboTiers: true,
		Card: rfodrules.OddsCardNotes{
			Rules:  "Reloaded: five zombies showing end the turn after any roll (A15)",
			Combos: "with the 5-zombie rule; each combo on its own (A16)",
			Tables: "P(at least k) of each result at the end of the turn; one column per reroll count",
		}}
}

func rfodrRules() []*validate.Rule {
	games := []string{rfodrschema.System}
	return validate.WholePack([]*validate.Rule{
		{ID: "rfodr/dice", Severity: validate.Error, Games: games, Check: checkRFoDRDice,
			Doc: "The pack does not have 6 action dice (L28, L120), a die has a role other than action, a face is not bat, gun, run, search, explore or zombie, or a result is on no die (L131-196, A13); or the action dice's exact odds would cost more than the engine computes (dice that differ multiply the states of a turn), so the combos and the odds card are left out."},
		{ID: "rfodr/location-deck", Severity: validate.Error, Games: games, Check: checkRFoDRLocationDeck,
			Doc: "The Location deck does not hold exactly one Town Line, or has fewer than 5 + 3 x 4 = 17 other base locations for a 4-player game (L96-97)."},
		{ID: "rfodr/location-effects", Severity: validate.Error, Games: games, Check: checkRFoDRLocationEffects,
			Doc: "A location other than the Town Line lacks its bad: or good: effect (Explore 1 runs the bad one, 3+ the good one, L188-190)."},
		{ID: "rfodr/zombie-tokens", Severity: validate.Error, Games: games, Check: checkRFoDRZombieTokens,
			Doc: "Fewer than 5 x 4 = 20 zombie tokens (\"five per player\", L98), or a zombie token without a value:, worth less than 1, or whose back does not print its value (L305, L375)."},
		{ID: "rfodr/leadership-tokens", Severity: validate.Error, Games: games, Check: checkRFoDRLeadershipTokens,
			Doc: "A leadership token has no value:, is worth less than 1, or its back does not print its value (L99, L305)."},
		{ID: "rfodr/characters", Severity: validate.Error, Games: games, Check: checkRFoDRCharacters,
			Doc: "A character lacks its minor, major or super combo (L206), or does not have 5 wound spaces (L531, A24)."},
		{ID: "rfodr/combo-rollable", Severity: validate.Error, Games: games, Check: checkRFoDRComboRollable,
			Doc: "A character combo cannot be used: a face on no die, more dice than the 6 rolled, or 5 or more zombies, which end the turn (L120, L202): exact P = 0."},
		{ID: "rfodr/combo-odds", Severity: validate.Warning, Games: games, Check: checkRFoDRComboOdds,
			Doc: "A character combo's exact P, with the 5-zombie rule and the manifest's set-aside reading, is below rfod.dice.oddsWarningBelow (default 0.01) (L120, L202)."},
		{ID: "rfodr/combo-shape", Severity: validate.Warning, Games: games, Check: checkRFoDRComboShape,
			Doc: "A combo has no zombie, the zombies fall from minor to major to super (L206, A17), or The Prom Queen's major combo is not zombie 2, search 1, explore 1 (L226)."},
		{ID: "rfodr/named", Severity: validate.Error, Games: games, Check: checkRFoDRNamed,
			Doc: "A card the rulebook names is missing: the Parking Lot, Church, Back Road, Movie Theater and Playground locations, by name (L429), The Prom Queen, The Coach and The Ex-Cop (L226, L312-316), or there is not exactly one Solo Reference card (L346, A25). The Town Line is the location with townLine: true, whatever its name; rfodr/location-deck checks it."},
		{ID: "rfodr/follower-wounds", Severity: validate.Error, Games: games, Check: checkRFoDRFollowerWounds,
			Doc: "A follower has no wound space: woundSpaces is at least 1 (L162, L284)."},
		{ID: "rfodr/set-mark", Severity: validate.Error, Games: games, Check: checkRFoDRSetMark,
			Doc: "A card's set: is not base, promo or expansion, the mark the rulebook's text lost (L429); only base cards (and cards without set:) count towards the components."},

		// The Solo Campaign: these run only on a pack with campaign
		// content (a deck of a campaign card type, or Mats).
		{ID: "rfodr/campaign-removed-card", Severity: validate.Error, Games: games, Check: checkRFoDRCampaignRemoved,
			Doc: "Campaign: a location the set-up removes is not a base card: the Town Line (townLine: true), Parking Lot, Church, Back Road, Movie Theater, Playground (L429). A missing one is rfodr/location-deck's (the Town Line) or rfodr/named's finding."},
		{ID: "rfodr/campaign-map-size", Severity: validate.Error, Games: games, Check: checkRFoDRCampaignMapSize,
			Doc: "Campaign: the base locations less the six removed ones are not the 12 of the 4 x 3 Map (L428-433, L574). Quiet while a removed location is missing: its own rule reports that."},
		{ID: "rfodr/campaign-mats", Severity: validate.Error, Games: games, Check: checkRFoDRCampaignMats,
			Doc: "Campaign: the mats are not the two double-sided mats home / department-store and courthouse / dark-courthouse (L405, L602, L676)."},
		{ID: "rfodr/campaign-starting-actions", Severity: validate.Error, Games: games, Check: checkRFoDRCampaignStarting,
			Doc: "Campaign: the Action cards do not have exactly 3 copies with starting: true, \"the three Starting Action cards\" (L606)."},
		{ID: "rfodr/campaign-action-fields", Severity: validate.Error, Games: games, Check: checkRFoDRCampaignActionFields,
			Doc: "Campaign: an Action card lacks its number, timing, action, outcome or unresolved effect (L626, L638)."},
		{ID: "rfodr/campaign-action-deck", Severity: validate.Warning, Games: games, Check: checkRFoDRCampaignActionDeck,
			Doc: "Campaign: fewer than 11 non-starting Action cards, the most Mission 2 can reveal (L566, L642-645), or a card whose number no other card shares, so its Unresolved effect never fires (L638, A20)."},
		{ID: "rfodr/campaign-trauma-count", Severity: validate.Error, Games: games, Check: checkRFoDRCampaignTraumaCount,
			Doc: "Campaign: fewer than 3 Trauma cards, which Harder and Impossible draw (L813, L821)."},
		{ID: "rfodr/campaign-trauma-requirement", Severity: validate.Error, Games: games, Check: checkRFoDRCampaignTraumaReq,
			Doc: "Campaign: a Trauma requirement visits a location that is not on the Map (missing, removed or not base) or meets a follower that is not a base card (L517, L429)."},
		{ID: "rfodr/campaign-tokens", Severity: validate.Error, Games: games, Check: checkRFoDRCampaignTokens,
			Doc: "Campaign: fewer than the \"twenty Zombie tokens\" Mission 4 places on the Mutant Zombie tile (L747)."},
	},
		"rfodr/dice", "rfodr/location-deck", "rfodr/zombie-tokens", "rfodr/leadership-tokens", "rfodr/named", "rfodr/campaign-removed-card", "rfodr/campaign-map-size", "rfodr/campaign-mats", "rfodr/campaign-starting-actions", "rfodr/campaign-action-deck", "rfodr/campaign-trauma-count", "rfodr/campaign-trauma-requirement", "rfodr/campaign-tokens")
}

// rfodrBase reports whether a card is a base card (no set:, or base).
func rfodrBase(c *schema.Card) bool {
	return !c.Has("set") || c.Str("set") == rfodrschema.SetBase
}

// rfodrActionDice are the Reloaded action dice: role action or none.
func rfodrActionDice(p *schema.Pack) []*schema.Die { return rfodrules.DiceOfRole(p, "action", "") }

func checkRFoDRDice(c *validate.Context) {
	p := c.Pack
	for _, d := range p.AllDice() {
		if d.Role != "" && d.Role != "action" {
			c.ReportHint(d.Ref.Child("role").Pos(),
				fmt.Sprintf("die %q has role %q; Reloaded has only its 6 action dice (L28)", d.ID, d.Role), "role: action")
		}
	}
	dice := rfodrActionDice(p)
	rfodrules.CheckDiceCount(c, dice, "action", 6, "\"6 Custom Action Dice\", L28, L120")
	for _, d := range dice {
		rfodrules.CheckFaces(c, d, rfodrFaces, "L131-196")
	}
	rfodrules.CheckAllOnSome(c, dice, rfodrFaces, "result", "L131-196, A13")
	Odds().ReportCost(c)
}

// rfodrTownLines returns the locations that are the Town Line.
func rfodrTownLines(p *schema.Pack) []*schema.Card {
	var out []*schema.Card
	for _, c := range rfodschema.Cards(p, "rfodr/location") {
		if rfodrules.Flag(c, "townLine") {
			out = append(out, c)
		}
	}
	return out
}

func checkRFoDRLocationDeck(c *validate.Context) {
	p := c.Pack
	if len(rfodschema.Decks(p, "rfodr/location")) == 0 {
		return
	}
	tl := rfodrTownLines(p)
	copies := 0
	for _, card := range tl {
		copies += card.Count
	}
	switch {
	case copies == 0:
		c.ReportHint(rfodrules.DecksPos(p, "rfodr/location"),
			"no location is the Town Line (townLine: true); the set-up shuffles it into the bottom of the deck (L96-97)",
			"add a location with townLine: true")
	case copies > 1:
		for _, card := range tl[1:] {
			c.ReportHint(card.FieldRef("townLine").Pos(),
				fmt.Sprintf("location %q is a Town Line too: %d Town Line copies; the deck has exactly one (L96-97)", card.ID, copies),
				"keep townLine: true on one card with count: 1",
				validate.Related{Pos: tl[0].FieldRef("townLine").Pos(), Message: "the first Town Line"})
		}
		if len(tl) == 1 {
			c.ReportHint(rfodrules.CardPos(tl[0], "count"),
				fmt.Sprintf("location %q is the Town Line with %d copies; the deck has exactly one (L96-97)", tl[0].ID, copies), "count: 1")
		}
	}
	others := 0
	for _, card := range rfodschema.Cards(p, "rfodr/location") {
		if !rfodrules.Flag(card, "townLine") && rfodrBase(card) {
			others += card.Count
		}
	}
	if others < 17 {
		c.ReportHint(rfodrules.DecksPos(p, "rfodr/location"),
			fmt.Sprintf("the location deck has %d base locations besides the Town Line; a 4-player game uses 5 + 3 x 4 = 17 (L96-97)", others),
			"add base locations")
	}
}

func checkRFoDRLocationEffects(c *validate.Context) {
	for _, card := range rfodschema.Cards(c.Pack, "rfodr/location") {
		if rfodrules.Flag(card, "townLine") {
			continue
		}
		var missing []string
		for _, f := range []string{"bad", "good"} {
			if strings.TrimSpace(card.Str(f)) == "" {
				missing = append(missing, f+":")
			}
		}
		if len(missing) > 0 {
			c.ReportHint(card.Ref.Child("id").Pos(),
				fmt.Sprintf("location %q has no %s effect; Explore 1 runs the bad effect only, 3 or more the good effect only (L188-190)", card.ID, strings.Join(missing, " or ")),
				"write both bad: and good:")
		}
	}
}

// rfodrCheckValues reports tokens without a value.
func rfodrCheckValues(c *validate.Context, tokens []*schema.Token, noun, source string) {
	for _, t := range tokens {
		if t.Value == nil {
			c.ReportHint(t.Ref.Child("id").Pos(),
				fmt.Sprintf("%s token %q has no value:; its back shows the points it scores (%s)", noun, t.ID, source),
				"value: the number on the back, and state the value spread in the manifest's assumptions:")
			continue
		}
		v := *t.Value
		switch back := t.BackFace(); {
		case v < 1:
			c.ReportHint(t.Ref.Child("value").Pos(),
				fmt.Sprintf("%s token %q is worth %d; a token's back shows the Leadership points it scores, at least 1 (%s)", noun, t.ID, v, source),
				"value: 1 or more")
		case back == nil:
			c.ReportHint(t.Ref.Child("value").Pos(),
				fmt.Sprintf("%s token %q is worth %d but has no back, so its value prints nowhere (%s)", noun, t.ID, v, source),
				fmt.Sprintf("give it a back: {label: \"%d LP\"}", v))
		case !strings.Contains(back.Label, strconv.Itoa(v)):
			c.ReportHint(t.BackRef().Pos(),
				fmt.Sprintf("%s token %q is worth %d, but its back prints %q (%s)", noun, t.ID, v, back.Label, source),
				fmt.Sprintf("make the back's label show %d, or the value match the back", v))
		}
	}
}

func checkRFoDRZombieTokens(c *validate.Context) {
	p := c.Pack
	comp := rfodschema.SettingsOf(p).Components.ZombieTokens
	tokens := rfodrules.TokensOf(p, comp)
	n := 0
	for _, t := range tokens {
		n += t.Count
	}
	if n < 20 {
		at := p.Game.Ref.Child("system").Pos()
		if len(tokens) > 0 {
			at = tokens[0].Ref.Child("count").Pos()
		} else if sets := p.TokenSets(); len(sets) > 0 {
			at = sets[0].Ref.Child("tokens").Pos()
		}
		hint := "add zombie tokens with component: " + comp
		if t := tokenNear(p, comp); n == 0 && t != nil {
			at = t.Ref.Child("component").Pos()
			hint = fmt.Sprintf("did you mean %q? fix the spelling, here and in the manifest", comp)
		}
		c.ReportHint(at,
			fmt.Sprintf("the pack has %d zombie tokens (component %s); the set-up places \"five per player\", 20 for 4 players (L98)", n, comp),
			hint)
	}
	rfodrCheckValues(c, tokens, "zombie", "\"the Leadership value shown on the back of each Leadership token and Zombie token\", L305")
}

// tokenNear is the first token whose component: is a near miss of comp
// (zombie-token for zombie-tokens), or nil.
func tokenNear(p *schema.Pack, comp string) *schema.Token {
	for _, ts := range p.TokenSets() {
		for _, t := range ts.Tokens {
			if t.Component != comp && suggest.Nearest(t.Component, []string{comp}) == comp {
				return t
			}
		}
	}
	return nil
}

func checkRFoDRLeadershipTokens(c *validate.Context) {
	p := c.Pack
	rfodrCheckValues(c, rfodrules.TokensOf(p, rfodschema.SettingsOf(p).Components.LeadershipTokens), "leadership", "\"the Leadership value shown on the back of each Leadership token\", L305")
}

func checkRFoDRCharacters(c *validate.Context) {
	for _, b := range rfodschema.PlayerBoards(c.Pack, rfodschema.ReloadedCharacterBoard) {
		var missing []string
		for _, tier := range rfodschema.ComboTiers {
			if b.Combos.Tier(tier) == nil {
				missing = append(missing, tier)
			}
		}
		if len(missing) > 0 {
			at := b.Ref.Child("combos")
			if !at.Exists() {
				at = b.Ref.Child("id")
			}
			c.ReportHint(at.Pos(),
				fmt.Sprintf("character %q has no %s combo; \"Each Character has three special powers … a minor combo, a major combo, and a super combo\" (L206)", b.ID, strings.Join(missing, " or ")),
				"add "+validate.AndList(missing)+" under combos:")
		}
		if b.WoundSpaces != 5 {
			c.ReportHint(b.Ref.Child("woundSpaces").Pos(),
				fmt.Sprintf("character %q has %d wound spaces; a character dies at \"the fifth and final wound\" (L531, A24)", b.ID, b.WoundSpaces),
				"woundSpaces: 5")
		}
	}
}

func checkRFoDRComboRollable(c *validate.Context) {
	for _, b := range rfodschema.PlayerBoards(c.Pack, rfodschema.ReloadedCharacterBoard) {
		rfodrules.CheckComboFaces(c, b, rfodrFaces, "L131-196")
	}
	Odds().ReportOdds(c, validate.Error, "L120, L202")
}

func checkRFoDRComboOdds(c *validate.Context) {
	Odds().ReportOdds(c, validate.Warning, "L120, L202")
}

func checkRFoDRComboShape(c *validate.Context) {
	for _, b := range rfodschema.PlayerBoards(c.Pack, rfodschema.ReloadedCharacterBoard) {
		prev, prevTier := -1, ""
		for _, tier := range rfodschema.ComboTiers {
			cb := b.Combos.Tier(tier)
			if cb == nil {
				continue
			}
			z := cb.Dice["zombie"]
			if z == 0 {
				c.ReportHint(cb.Ref.Child("dice").Pos(),
					fmt.Sprintf("character %q %s combo has no zombie; combos \"turn the normally detrimental Zombie results … into powerful positive effects\" (L206, A17)", b.ID, tier),
					"add zombie to the combo's dice")
				continue // one finding: the next combo is compared with the last one that has zombies
			}
			if prev >= 0 && z < prev {
				c.ReportHint(cb.Ref.Child("dice").Pos(),
					fmt.Sprintf("character %q %s combo needs %d %s, fewer than its %s combo (%d); zombies should not fall from minor to major to super (L206, A17)", b.ID, tier, z, rfodrules.Plural(z, "zombie", "zombies"), prevTier, prev),
					"order the combos by the zombies they need")
			}
			prev, prevTier = z, tier
		}
		if rfodrules.Name(b.Name) != rfodrules.Name("The Prom Queen") {
			continue
		}
		if cb := b.Combos.Tier(rfodschema.ComboMajor); cb != nil && !equalCounts(cb.Dice, rfodrPromQueenMajor) {
			c.ReportHint(cb.Ref.Child("dice").Pos(),
				fmt.Sprintf("character %q (The Prom Queen) has the major combo %s; the rulebook's is \"two Zombies, one Search, and one Explore\" (L226)", b.ID, diceodds.Combo(cb.Dice)),
				"dice: {zombie: 2, search: 1, explore: 1}")
		}
	}
}

// equalCounts reports whether two face counts are equal.
func equalCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func checkRFoDRNamed(c *validate.Context) {
	p := c.Pack
	if len(rfodschema.Decks(p, "rfodr/location")) > 0 {
		for _, name := range rfodrRemovedNamed {
			rfodrules.CheckNamed(c, rfodrules.NamedCard{CardType: "rfodr/location", Noun: "location", Name: name, Why: "the Solo Campaign removes it from the Location deck (L429)"})
		}
	}
	if chars := rfodschema.PlayerBoards(p, rfodschema.ReloadedCharacterBoard); len(chars) > 0 {
		for _, name := range rfodrCharacters {
			found := false
			var names []string
			for _, b := range chars {
				found = found || rfodrules.Name(b.Name) == rfodrules.Name(name)
				names = append(names, b.Name)
			}
			if near := suggest.Nearest(name, names); !found && near != "" {
				b := chars[slices.Index(names, near)]
				c.ReportHint(b.Ref.Child("name").Pos(),
					fmt.Sprintf("no character is named %q; the rulebook names The Prom Queen, The Coach and The Ex-Cop (L226, L312-316); character %q is named %q", name, b.ID, near),
					fmt.Sprintf("did you mean %q? fix the spelling of its name", name))
				continue
			}
			if !found {
				c.ReportHint(chars[0].Set.Ref.Child("boards").Pos(),
					fmt.Sprintf("no character is named %q; the rulebook names The Prom Queen, The Coach and The Ex-Cop (L226, L312-316)", name),
					"add a character board with name: "+name)
			}
		}
	}
	if len(rfodschema.Decks(p, "rfodr/reference")) == 0 {
		return
	}
	var solo []*schema.Card
	n := 0
	for _, card := range rfodschema.Cards(p, "rfodr/reference") {
		if card.Str("audience") == "solo" {
			solo = append(solo, card)
			n += card.Count
		}
	}
	switch {
	case n == 0:
		c.ReportHint(rfodrules.DecksPos(p, "rfodr/reference"),
			"no reference card has audience: solo; \"Place the Solo Reference card in your play area\" (L346, A25)",
			"give one reference card audience: solo")
	case n > 1:
		c.ReportHint(rfodrules.CardPos(solo[len(solo)-1], "audience"),
			fmt.Sprintf("the reference deck has %d Solo Reference copies; there is exactly one (L346, A25)", n),
			"keep audience: solo on one card with count: 1")
	}
}

func checkRFoDRFollowerWounds(c *validate.Context) {
	for _, card := range rfodschema.Cards(c.Pack, "rfodr/follower") {
		if n, ok := card.Int("woundSpaces"); ok && n < 1 {
			c.ReportHint(card.FieldRef("woundSpaces").Pos(),
				fmt.Sprintf("follower %q has %d wound spaces; wounds go on the spaces \"on the bottom of their card\" and it dies when they are full (L162, L284)", card.ID, n),
				"woundSpaces: 1 or more")
		}
	}
}

func checkRFoDRSetMark(c *validate.Context) {
	for _, d := range c.Pack.Decks() {
		if ct, ok := c.Pack.Registry().CardTypeSystem(d.CardType); !ok || ct != rfodrschema.System {
			continue
		}
		for _, card := range d.Cards {
			if !card.Has("set") || slices.Contains(rfodrschema.Sets, card.Str("set")) {
				continue
			}
			c.ReportHint(card.FieldRef("set").Pos(),
				fmt.Sprintf("card %q has set: %q; the set is base, promo or expansion (L429), and only base cards count towards the components", card.ID, card.Str("set")),
				suggest.Hint(card.Str("set"), rfodrschema.Sets, "%q", "set: base, promo or expansion"))
		}
	}
}

// rfodrCampaignTypes are the card types of the Solo Campaign.
var rfodrCampaignTypes = []string{"rfodr/trauma", "rfodr/action", "rfodr/upgrade", "rfodr/experience", "rfodr/supply-cache"}

// rfodrIsCampaign reports whether a pack holds Solo Campaign content.
func rfodrIsCampaign(p *schema.Pack) bool {
	for _, ct := range rfodrCampaignTypes {
		if len(rfodschema.Decks(p, ct)) > 0 {
			return true
		}
	}
	return len(rfodrschema.Mats(p)) > 0
}

// rfodrRemovedCard reports whether a location is one the campaign
// removes: the Town Line or a location of rfodrRemovedNamed.
func rfodrRemovedCard(c *schema.Card) bool {
	return rfodrules.Flag(c, "townLine") || slices.ContainsFunc(rfodrRemovedNamed, func(n string) bool { return rfodrules.Name(n) == rfodrules.Name(c.Str("name")) })
}

// rfodrRemovedGroup is one location the campaign removes, with the cards
// of the pack that are it.
type rfodrRemovedGroup struct {
	name  string
	cards []*schema.Card
}

// rfodrRemovedGroups are the removed locations: the Town Line first, then
// the named ones.
func rfodrRemovedGroups(p *schema.Pack) []rfodrRemovedGroup {
	groups := []rfodrRemovedGroup{{"Town Line", rfodrTownLines(p)}}
	for _, name := range rfodrRemovedNamed {
		groups = append(groups, rfodrRemovedGroup{name, rfodrules.Named(p, "rfodr/location", name)})
	}
	return groups
}

func checkRFoDRCampaignRemoved(c *validate.Context) {
	p := c.Pack
	if !rfodrIsCampaign(p) {
		return
	}
	if len(rfodschema.Decks(p, "rfodr/location")) == 0 {
		c.ReportHint(p.Game.Ref.Child("system").Pos(),
			fmt.Sprintf("the pack has no rfodr/location deck; the campaign removes %s from the Location deck and lays out the other 12 as the Map (L429, L574)", rfodrRemovedList),
			"add the Location deck, or extend run-fight-or-die-reloaded")
		return
	}
	for _, g := range rfodrRemovedGroups(p) {
		if len(g.cards) == 0 || slices.ContainsFunc(g.cards, rfodrBase) {
			continue // a missing one is rfodr/location-deck's or rfodr/named's
		}
		card := g.cards[0]
		c.ReportHint(rfodrules.CardPos(card, "set"),
			fmt.Sprintf("location %q (%s) is not a base card; the campaign removes the base %s (L429)", card.ID, g.name, g.name),
			"set: base")
	}
}

func checkRFoDRCampaignMapSize(c *validate.Context) {
	p := c.Pack
	if !rfodrIsCampaign(p) || len(rfodschema.Decks(p, "rfodr/location")) == 0 {
		return
	}
	for _, g := range rfodrRemovedGroups(p) {
		if len(g.cards) == 0 {
			return // the Map cannot be told from the cards until it is there
		}
	}
	base, removed := 0, 0
	for _, card := range rfodschema.Cards(p, "rfodr/location") {
		if !rfodrBase(card) {
			continue
		}
		base += card.Count
		if rfodrRemovedCard(card) {
			removed += card.Count
		}
	}
	if n := base - removed; n != 12 {
		c.ReportHint(rfodrules.DecksPos(p, "rfodr/location"),
			fmt.Sprintf("the campaign Map has %d locations: %d base locations less the %d the set-up removes (L429); it is \"a grid of twelve Location cards (four cards wide)\" (L428-433, L574)", n, base, removed),
			fmt.Sprintf("keep 12 base locations besides %s", rfodrRemovedList))
	}
}

// rfodrMatPairs are the campaign's mats, side by side, with the line that
// flips each (L602, L676).
var rfodrMatPairs = [][3]string{
	{"home", "department-store", "\"Flip over the Home Location mat so it shows the Department Store\" (L602)"},
	{"courthouse", "dark-courthouse", "\"Flip over the Courthouse Location mat so it shows the Dark Courthouse\" (L676)"},
}

func checkRFoDRCampaignMats(c *validate.Context) {
	p := c.Pack
	if !rfodrIsCampaign(p) {
		return
	}
	mats := rfodrschema.Mats(p)
	var sides []string
	for _, pair := range rfodrMatPairs {
		sides = append(sides, pair[0], pair[1])
	}
	found := make([]bool, len(rfodrMatPairs))
	for _, m := range mats {
		if len(m.Sides) != 2 {
			continue
		}
		// A side id that is a near miss of a campaign side is a
		// misspelling: reported at the side, and the mat taken as meant.
		ids := [2]string{m.Sides[0].ID, m.Sides[1].ID}
		misspelt := false
		for i, id := range ids {
			if near := suggest.Nearest(id, sides); near != "" && near != id {
				c.ReportHint(m.Sides[i].Ref.Child("id").Pos(),
					fmt.Sprintf("mat %q has a side %q, which is no side of the campaign's mats: home / department-store and courthouse / dark-courthouse (L602, L676)", m.ID, id),
					fmt.Sprintf("did you mean %q? fix the spelling", near))
				ids[i], misspelt = near, true
			}
		}
		a, b := ids[0], ids[1]
		match := -1
		for i, pair := range rfodrMatPairs {
			if a == pair[0] && b == pair[1] || a == pair[1] && b == pair[0] {
				match = i
			}
		}
		if misspelt && match >= 0 && !found[match] {
			found[match] = true
			continue
		}
		if match < 0 || found[match] {
			c.ReportHint(m.Ref.Child("sides").Pos(),
				fmt.Sprintf("mat %q has the sides %s and %s; the campaign's mats are home / department-store and courthouse / dark-courthouse, once each (L602, L676)", m.ID, m.Sides[0].ID, m.Sides[1].ID),
				"sides: [{id: home, ...}, {id: department-store, ...}] or [{id: courthouse, ...}, {id: dark-courthouse, ...}]")
			continue
		}
		found[match] = true
	}
	at := p.Game.Ref.Child("system").Pos()
	if sets := schema.ElementsOf[*rfodrschema.MatSet](p); len(sets) > 0 {
		at = sets[0].Ref.Child("mats").Pos()
	}
	for i, pair := range rfodrMatPairs {
		if !found[i] {
			c.ReportHint(at,
				fmt.Sprintf("no mat has the sides %s and %s; %s", pair[0], pair[1], pair[2]),
				fmt.Sprintf("add a mat with sides %s and %s", pair[0], pair[1]))
		}
	}
}

func checkRFoDRCampaignStarting(c *validate.Context) {
	p := c.Pack
	if !rfodrIsCampaign(p) {
		return
	}
	n := 0
	for _, card := range rfodschema.Cards(p, "rfodr/action") {
		if rfodrules.Flag(card, "starting") {
			n += card.Count
		}
	}
	if n != 3 {
		c.ReportHint(rfodrules.DecksPos(p, "rfodr/action"),
			fmt.Sprintf("the Action cards have %d starting copies; Mission 2 lays out \"the three Starting Action cards\" (L606)", n),
			"mark exactly 3 Action cards starting: true")
	}
}

func checkRFoDRCampaignActionFields(c *validate.Context) {
	for _, card := range rfodschema.Cards(c.Pack, "rfodr/action") {
		var missing []string
		for _, f := range []string{"number", "timing", "action", "outcome", "unresolved"} {
			if !card.Has(f) || card.Str(f) == "" && f != "number" {
				missing = append(missing, f)
			}
		}
		if len(missing) > 0 {
			c.ReportHint(card.Ref.Child("id").Pos(),
				fmt.Sprintf("Action card %q has no %s; an Action card has a number, a timing, an action, a reward or penalty and an Unresolved effect (L626, L638)", card.ID, validate.AndList(missing)),
				"add "+strings.Join(missing, ", "))
		}
	}
}

func checkRFoDRCampaignActionDeck(c *validate.Context) {
	p := c.Pack
	if !rfodrIsCampaign(p) || len(rfodschema.Decks(p, "rfodr/action")) == 0 {
		return
	}
	deck, byNumber := 0, map[int]int{}
	for _, card := range rfodschema.Cards(p, "rfodr/action") {
		if !rfodrules.Flag(card, "starting") {
			deck += card.Count
		}
		if n, ok := card.Int("number"); ok {
			byNumber[n] += card.Count
		}
	}
	if deck < 11 {
		c.ReportHint(rfodrules.DecksPos(p, "rfodr/action"),
			fmt.Sprintf("the Action deck has %d cards besides the starting ones; Mission 2 can reveal 11, one per Spread before the 12th token ends it (L566, L642-645)", deck),
			"add Action cards")
	}
	for _, card := range rfodschema.Cards(p, "rfodr/action") {
		if n, ok := card.Int("number"); ok && byNumber[n] < 2 {
			c.ReportHint(card.FieldRef("number").Pos(),
				fmt.Sprintf("Action card %q has the number %d, which no other card shares, so its Unresolved effect can never fire (L638, A20)", card.ID, n),
				"give it the number of another Action card")
		}
	}
}

func checkRFoDRCampaignTraumaCount(c *validate.Context) {
	p := c.Pack
	if !rfodrIsCampaign(p) {
		return
	}
	n := 0
	for _, card := range rfodschema.Cards(p, "rfodr/trauma") {
		n += card.Count
	}
	if n < 3 {
		c.ReportHint(rfodrules.DecksPos(p, "rfodr/trauma"),
			fmt.Sprintf("the campaign has %d Trauma cards; Harder and Impossible \"Begin the Game with three Trauma cards\" (L813, L821)", n),
			"add Trauma cards")
	}
}

func checkRFoDRCampaignTraumaReq(c *validate.Context) {
	p := c.Pack
	locations, followers := map[string]*schema.Card{}, map[string]*schema.Card{}
	for _, card := range rfodschema.Cards(p, "rfodr/location") {
		locations[card.ID] = card
	}
	for _, card := range rfodschema.Cards(p, "rfodr/follower") {
		followers[card.ID] = card
	}
	for _, card := range rfodschema.Cards(p, "rfodr/trauma") {
		reqs, _ := card.Fields["requires"].([]any)
		for i, r := range reqs {
			req, _ := r.(map[string]any)
			at := card.FieldRef("requires").Index(i)
			if id, ok := req["visit"].(string); ok {
				loc := locations[id]
				why := ""
				switch {
				case loc == nil:
					why = "no location has that id"
				case rfodrules.Flag(loc, "townLine"):
					why = "the set-up removes the Town Line (L429)"
				case rfodrRemovedCard(loc):
					why = fmt.Sprintf("the set-up removes %s (L429)", loc.Str("name"))
				case !rfodrBase(loc):
					why = fmt.Sprintf("the set-up removes %s cards (L429)", loc.Str("set"))
				}
				if why != "" {
					hint := "visit a base location of the Map"
					if loc == nil {
						hint = suggest.Hint(id, rfodrMapIDs(p), "%q", hint)
					}
					c.ReportHint(at.Child("visit").Pos(),
						fmt.Sprintf("Trauma %q requires a visit to location %q, which is not on the Map: %s; requirements are met on the Map (L517)", card.ID, id, why),
						hint)
				}
			}
			if id, ok := req["meet"].(string); ok {
				f := followers[id]
				why := ""
				switch {
				case f == nil:
					why = "no follower has that id"
				case !rfodrBase(f):
					why = fmt.Sprintf("the set-up removes %s cards (L429)", f.Str("set"))
				}
				if why != "" {
					hint := "meet a base follower"
					if f == nil {
						hint = suggest.Hint(id, rfodrCardIDs(p, "rfodr/follower", rfodrBase), "%q", hint)
					}
					c.ReportHint(at.Child("meet").Pos(),
						fmt.Sprintf("Trauma %q requires meeting follower %q, who is not in the campaign: %s; requirements are met in play (L517)", card.ID, id, why),
						hint)
				}
			}
		}
	}
}

// rfodrMapIDs are the ids of the locations of the campaign Map: the base
// locations the set-up does not remove.
func rfodrMapIDs(p *schema.Pack) []string {
	return rfodrCardIDs(p, "rfodr/location", func(c *schema.Card) bool { return rfodrBase(c) && !rfodrRemovedCard(c) })
}

// rfodrCardIDs are the ids of the cards of a card type that keep accepts.
func rfodrCardIDs(p *schema.Pack, cardType string, keep func(*schema.Card) bool) []string {
	var ids []string
	for _, card := range rfodschema.Cards(p, cardType) {
		if keep(card) {
			ids = append(ids, card.ID)
		}
	}
	return ids
}

func checkRFoDRCampaignTokens(c *validate.Context) {
	p := c.Pack
	if !rfodrIsCampaign(p) {
		return
	}
	comp := rfodschema.SettingsOf(p).Components.ZombieTokens
	tokens := rfodrules.TokensOf(p, comp)
	n := 0
	for _, t := range tokens {
		n += t.Count
	}
	if n >= 20 {
		return
	}
	at := p.Game.Ref.Child("system").Pos()
	if len(tokens) > 0 {
		at = tokens[0].Ref.Child("count").Pos()
	}
	c.ReportHint(at,
		fmt.Sprintf("the campaign has %d zombie tokens (component %s); Mission 4 places \"twenty Zombie tokens\" on the Mutant Zombie tile (L747)", n, comp),
		"add zombie tokens with component: "+comp)
}

// ruleDocs are the long explanations of the rules (validate.ParseRuleDocs).
//
//go:embed ruledocs.txt
var ruleDocs string
