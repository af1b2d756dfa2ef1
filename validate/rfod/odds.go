package rfod

import (
	"errors"
	"fmt"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	"math/big"
	"slices"
	"strings"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/diceodds"
)

// OddsExplanation is the odds section of `runforge validate --explain` for
// a Run, Fight, or Die! or Reloaded pack, and the content of the kit's
// odds.pdf: every character combo's exact probability with the pack's
// action dice, under the best keep strategy for that combo, and the
// icon-count tables. RFoD combos give the default value (the character's
// rerolls, no Fleeing card, no AMULET), the value with a Fleeing card, and
// both again given that the event die shows AMULET (A6, its free flee
// counted in both); Reloaded combos apply the 5-zombie terminal rule and
// the manifest's set-aside reading (A14).
type OddsExplanation struct {
	Game string `json:"game"`
	// Dice are the action dice's faces, one entry per die copy.
	Dice []string `json:"dice"`
	// FacesAssumption is the id of the assumption the dice's faces rest on
	// (A1 in RFoD, A13 in Reloaded), printed beside every table.
	FacesAssumption string `json:"facesAssumption"`
	// Rerolls is the manifest's rfod.dice.rerolls (a character may have
	// its own).
	Rerolls int `json:"rerolls"`
	// SetAsidePermanent is the Reloaded reading of A14.
	SetAsidePermanent bool `json:"setAsidePermanent,omitempty"`
	// Threshold is rfod.dice.oddsWarningBelow.
	Threshold string `json:"threshold"`
	// Assumptions are the dice assumptions the values rest on.
	Assumptions []string `json:"assumptions"`
	// Amulet, in RFoD, says what the values given AMULET are: conditioned
	// on the event die showing AMULET (probability 1/6, A6).
	Amulet string      `json:"amulet,omitempty"`
	Combos []ComboOdds `json:"combos,omitempty"`
	// Table is the odds card's icon counts, the rows of
	// OddsRules.TableTargets: for each non-zombie face at least k (RFoD Search
	// and Book also exactly k), then RFoD's at least k zombies or
	// Reloaded's chance that zombies end the turn, under each variant
	// (RFoD: 1, 2 and 3 rerolls, with no Fleeing card and with a Fleeing
	// card, then the manifest's rerolls given AMULET, both counting its
	// free flee; Reloaded: 1, 2 and 3 rerolls).
	Table *OddsTable `json:"table,omitempty"`
	// FirstRollTurnEnds is, in Reloaded, the chance that five zombies end
	// the turn on the first roll alone.
	FirstRollTurnEnds *OddsCell `json:"firstRollTurnEnds,omitempty"`
	// Skipped says why no odds were computed (the dice are broken).
	Skipped string `json:"skipped,omitempty"`

	dieTypes []DieType
	// rules are the odds rules of the pack's game; String states the
	// zombies that end the turn and the set-aside reading from them.
	rules OddsRules
}

// DieType is one type of action die and how many copies the pack rolls.
type DieType struct {
	Count int
	Faces []string
}

// DieTypes returns the action dice grouped by die type, in pack order:
// consecutive copies with the same faces make one type. It is nil for an
// explanation read back from JSON (see Dice).
func (x *OddsExplanation) DieTypes() []DieType {
	if x == nil {
		return nil
	}
	out := make([]DieType, len(x.dieTypes))
	for i, d := range x.dieTypes {
		out[i] = DieType{Count: d.Count, Faces: slices.Clone(d.Faces)}
	}
	return out
}

// OddsTable is the odds card's table: a column per variant, a row per
// target, each cell exact and as a decimal.
type OddsTable struct {
	Variants []string `json:"variants"`
	// Columns are the variants' settings, in the order of Variants.
	Columns []OddsColumn `json:"columns"`
	Rows    []OddsRow    `json:"rows"`
}

// OddsColumn is the setting of one variant of the table.
type OddsColumn struct {
	Rerolls int `json:"rerolls"`
	// Fleeing: the player may draw a Fleeing card once to add the zombie
	// dice to a reroll (L308-314), which uses up that reroll (A5). Without
	// it, no Fleeing card is drawn; given AMULET, AMULET's own free flee
	// (A6) is counted either way.
	Fleeing bool `json:"fleeing,omitempty"`
	// Amulet marks a value conditioned on the event die showing AMULET
	// (probability 1/6, A6), its free flee included.
	Amulet bool `json:"amulet,omitempty"`
}

// String names the column in full: "2 rerolls, no Fleeing card", "2
// rerolls, Fleeing card, given AMULET (its free flee counted)" (the
// table's Variants leave out "no Fleeing card" in a game without Fleeing).
func (c OddsColumn) String() string {
	return c.name(true)
}

// name is the column's name; hasFleeing is set for a game with Fleeing,
// whose columns all say whether they flee.
func (c OddsColumn) name(hasFleeing bool) string {
	name := validate.Counted(c.Rerolls, "reroll", "rerolls")
	switch {
	case c.Fleeing:
		name += ", " + withFleeingCard
	case hasFleeing:
		name += ", " + noFleeingCard
	}
	if c.Amulet {
		name += ", given AMULET (" + amuletFreeFlee + ")"
	}
	return name
}

// The names of the Fleeing settings (L308-314, A5) and what the values
// given AMULET count (A6), shared by --explain, its JSON and odds.pdf.
const (
	noFleeingCard   = "no Fleeing card"
	withFleeingCard = "Fleeing card"
	amuletFreeFlee  = "its free flee counted"
)

// TurnEndsStrategy is what the chance that zombies end a Reloaded turn
// assumes: the strategy that maximises it (diceodds.KindTurnEnds).
const TurnEndsStrategy = "rerolling every die that is not a zombie at every reroll"

// OddsRow is one target of the table.
type OddsRow struct {
	Target string `json:"target"`
	// Face is the face the row counts (the zombie face for the end of
	// the turn by zombies); odds.pdf prints a table per face.
	Face string `json:"face"`
	// Assumes says what the value assumes beyond the best keep strategy
	// for the target: for "turn ends by zombies", TurnEndsStrategy.
	Assumes string     `json:"assumes,omitempty"`
	Cells   []OddsCell `json:"cells"`
}

// OddsCell is one probability: exact and as a decimal.
type OddsCell struct {
	P        string  `json:"p"`
	PDecimal float64 `json:"pDecimal"`
}

// newOddsCell is the cell of p.
func newOddsCell(p *big.Rat) OddsCell {
	return OddsCell{P: p.RatString(), PDecimal: diceodds.Float(p)}
}

// ComboOdds is one character combo's exact probability.
type ComboOdds struct {
	Character string `json:"character"`
	Name      string `json:"name,omitempty"`
	Combo     string `json:"combo"`
	// Tier is the Reloaded combo's tier (minor, major, super: L206).
	Tier string `json:"tier,omitempty"`
	// Effect is the combo's effect text, which players know it by (RFoD
	// combos have ids, not names).
	Effect  string `json:"effect,omitempty"`
	Dice    string `json:"dice"`
	Rerolls int    `json:"rerolls"`
	// P is the exact fraction, PDecimal its decimal (RFoD: no Fleeing
	// card drawn); PFlee and PFleeDecimal are the RFoD values when a
	// Fleeing card may be drawn (L308-314, A5).
	P            string  `json:"p"`
	PDecimal     float64 `json:"pDecimal"`
	PFlee        string  `json:"pFlee,omitempty"`
	PFleeDecimal float64 `json:"pFleeDecimal,omitempty"`
	// PAmulet and PAmuletFlee are the RFoD values given that the event die
	// shows AMULET (A6), without and with a Fleeing card; both count
	// AMULET's free flee on the first reroll. Conditional values, never
	// the default.
	PAmulet            string  `json:"pAmulet,omitempty"`
	PAmuletDecimal     float64 `json:"pAmuletDecimal,omitempty"`
	PAmuletFlee        string  `json:"pAmuletFlee,omitempty"`
	PAmuletFleeDecimal float64 `json:"pAmuletFleeDecimal,omitempty"`
	// Skipped says why the combo has no value (a face that is no action
	// face).
	Skipped string `json:"skipped,omitempty"`
}

// Label is how a player knows the combo: its character's name, with the
// Reloaded tier (minor, major, super); an RFoD combo is known by its effect
// (see Effect), its id only when it has none.
func (c ComboOdds) Label() string {
	name := c.Name
	if name == "" {
		name = c.Character
	}
	switch {
	case c.Tier != "":
		return name + " " + c.Tier
	case c.Effect == "":
		return name + " " + c.Combo
	}
	return name
}

// OddsRules is what the combo odds of a game rest on: the packs and
// character boards they read, the engine's preset, the dice and faces they
// roll, the assumptions they state, what the tables and combos give, and
// how odds.pdf words what the rules add. Odds returns Run, Fight, or Die!'s;
// a game that shares the odds (Reloaded) builds its own. A value of it is
// the one description of a game's odds that --explain, the combo rules and
// odds.pdf share.
type OddsRules struct {
	// System is the game system whose packs the rules apply to.
	System string
	// BoardType is the board type of the game's characters.
	BoardType string
	// Base is the engine's preset of the game (Fleeing, AMULET, the
	// zombies that end the turn); the pack's dice and rerolls fill it in.
	Base diceodds.Game
	// Roles are the roles of the dice the odds roll.
	Roles []string
	// DiceRule is the rule that reports dice the engine cannot compute.
	DiceRule string
	// Faces are the faces those dice may show; a combo that needs another
	// face is not computed.
	Faces []string
	// FacesAssumption is the id of the assumption the dice's faces rest
	// on, printed beside every table.
	FacesAssumption string
	// Assumptions are the dice assumptions the values rest on, each led by
	// its id.
	Assumptions []string
	// Amulet: the event die has AMULET (L292), whose values are reported
	// as conditional values (A6).
	Amulet bool
	// ExactFaces are the faces whose tables also give "exactly k" (RFoD
	// Search and Book cannot be split: L536, A8).
	ExactFaces []string
	// ZombieCounts: the tables give "at least k zombies". A game whose
	// Base ends the turn on zombies gives that chance in any case.
	ZombieCounts bool
	// SetAsideReading: the manifest's rfod.dice.setAsideIsPermanent says
	// whether set-aside dice stay set aside (A14); without it, the Base
	// decides.
	SetAsideReading bool
	// ComboTiers: a combo's id is its tier (minor, major, super), which
	// the odds report with it.
	ComboTiers bool
	// CharacterRerolls: a character's rerolls: replaces the manifest's
	// rfod.dice.rerolls for its combos (L277).
	CharacterRerolls bool
	// Card is how odds.pdf words what the rules add to the values.
	Card OddsCardNotes
}

// OddsCardNotes are how odds.pdf words what a game's rules add to its
// values.
type OddsCardNotes struct {
	// Rules is a paragraph under the assumptions ("" for none), followed
	// by the pack's set-aside reading in a game that reads one.
	Rules string
	// Combos heads the combo table; the card adds the AMULET columns to it
	// in a game with AMULET.
	Combos string
	// Tables heads the icon-count tables.
	Tables string
}

// Odds returns the odds rules of Run, Fight, or Die!: its action dice with
// Fleeing and AMULET, tables of at least k of every face (exactly k too for
// Search and Book) and of zombies, and a character's own rerolls.
func Odds() OddsRules {
	return OddsRules{System: System, BoardType: rfodschema.CharacterBoard, Base: diceodds.RFoD(), Roles: []string{"action"}, DiceRule: "rfod/dice", Faces: rfodActionFaces, FacesAssumption: "A1",
		Assumptions: []string{"A1: the action dice's faces are the pack's dice (role: action)", "A3: the bonus and event dice are not rolled with them",
			"A5: a Fleeing reroll uses up one of the rerolls",
			"A6: AMULET (L292) applies right after the first roll: one non-zombie die changed to any face (it may be rerolled later), or a free flee on the first reroll that leaves Fleeing available",
			"A7: combos are \"at least\"", "the threshold is compared with the value without a Fleeing card and without AMULET"},
		Amulet: true, ExactFaces: []string{"search", "book"}, ZombieCounts: true, CharacterRerolls: true,
		Card: OddsCardNotes{
			Combos: "at the character's rerolls; with no Fleeing card drawn, and with a Fleeing card allowed",
			Tables: "P(at least k) and P(exactly k) icons at the end of the turn; one column per reroll count",
		}}
}

// amuletText says what "given AMULET" means (A6).
const amuletText = "conditioned on the event die showing AMULET (probability 1/6): never the default odds, never compared with the threshold"

// applies reports whether p is a pack of the rules' game.
func (r OddsRules) applies(p *schema.Pack) bool {
	return p != nil && p.Game != nil && p.Game.System == r.System
}

// Game returns the engine game of the pack's action dice at the
// manifest's rerolls, with the game's rules and, where the game reads it,
// the manifest's set-aside reading (A14); ok is false for a pack of
// another game or dice the engine cannot compute (the game's dice rule
// reports those). It is the one description of the pack's dice that
// --explain and odds.pdf share.
func (r OddsRules) Game(p *schema.Pack) (diceodds.Game, bool) {
	if !r.applies(p) {
		return diceodds.Game{}, false
	}
	return r.game(p)
}

// TableTargets are the rows of the pack's odds tables, the same in
// --explain and odds.pdf, grouped by face in die order: for each non-zombie
// face at least k for k = 1 to the number of dice (and exactly k for the
// ExactFaces); then, with ZombieCounts, at least k zombies; then, in a game
// where zombies end the turn, the end of the turn by zombies. It is nil
// for a pack of another game or dice the engine cannot compute.
func (r OddsRules) TableTargets(p *schema.Pack) []diceodds.Target {
	g, ok := r.Game(p)
	if !ok {
		return nil
	}
	return r.tableTargets(g)
}

// tableTargets are the table's rows for g (see TableTargets).
func (r OddsRules) tableTargets(g diceodds.Game) []diceodds.Target {
	n := len(g.Dice)
	var out []diceodds.Target
	for _, f := range g.Faces() {
		if f == g.Zombie {
			continue
		}
		for k := 1; k <= n; k++ {
			out = append(out, diceodds.AtLeast(f, k))
			if slices.Contains(r.ExactFaces, f) {
				out = append(out, diceodds.Exactly(f, k))
			}
		}
	}
	if g.Zombie == "" || !g.HasFace(g.Zombie) {
		return out
	}
	if r.ZombieCounts {
		for k := 1; k <= n; k++ {
			out = append(out, diceodds.AtLeast(g.Zombie, k))
		}
	}
	if g.ZombieLimit > 0 {
		out = append(out, diceodds.TurnEnds())
	}
	return out
}

// game is the pack's dice game under the rules at the manifest's rerolls;
// ok is false when the engine cannot compute it (see gameErr).
func (r OddsRules) game(p *schema.Pack) (diceodds.Game, bool) {
	g, err := r.gameErr(p)
	return g, err == nil
}

// gameErr is game, with the reason the engine cannot compute the pack's
// dice: no dice, too many, a die without 6 faces (the game's dice rule
// reports those), or odds too costly at the most rerolls they are computed
// at (diceodds.ErrTooCostly, which ReportCost reports).
func (r OddsRules) gameErr(p *schema.Pack) (diceodds.Game, error) {
	s := rfodschema.SettingsOf(p)
	g, ok := rfGame(p, r.Base, r.Roles, s.Dice.Rerolls)
	if !ok {
		return g, errors.New("a die has not 6 faces")
	}
	if r.SetAsideReading {
		g.SetAsidePermanent = s.Dice.SetAsideIsPermanent
	}
	if err := g.Validate(); err != nil {
		return g, err
	}
	return g, oddsWorst(g).Validate()
}

// Explain computes the odds section of a pack of the rules' game: the
// characters' combos and the odds card's tables; nil for a pack of another
// game or with neither characters nor action dice.
func (r OddsRules) Explain(p *schema.Pack) *OddsExplanation {
	if !r.applies(p) {
		return nil
	}
	boards := rfodschema.PlayerBoards(p, r.BoardType)
	if len(boards) == 0 && len(DiceOfRole(p, r.Roles...)) == 0 {
		return nil // neither characters nor dice: nothing to compute
	}
	s := rfodschema.SettingsOf(p)
	x := &OddsExplanation{Game: p.Game.System, FacesAssumption: r.FacesAssumption, Rerolls: s.Dice.Rerolls, Threshold: s.Dice.OddsWarningBelow.String(), Assumptions: r.Assumptions, rules: r}
	if r.Amulet {
		x.Amulet = amuletText
	}
	g, ok := r.game(p)
	if !ok {
		x.Skipped = fmt.Sprintf("the pack's action dice cannot be computed (see %s)", r.DiceRule)
		return x
	}
	x.SetAsidePermanent = g.SetAsidePermanent
	for _, d := range g.Dice {
		x.Dice = append(x.Dice, strings.Join(d.Faces[:], " "))
	}
	x.dieTypes = dieTypesOf(g)
	x.computeOdds(g, r, boards)
	return x
}

// firstRoll is the variant of the first roll alone.
var firstRoll = OddsColumn{Rerolls: 0}

// computeOdds computes every value of the section in one computation: the
// table's columns, each combo's variants, and in Reloaded the chance that
// zombies end the turn on the first roll alone.
func (x *OddsExplanation) computeOdds(g diceodds.Game, r OddsRules, boards []*rfodschema.PlayerBoard) {
	combos := r.combos(boards, x.Rerolls)
	columns := oddsColumns(g, r.Amulet, x.Rerolls)
	targets := r.tableTargets(g)
	work := []oddsWork{{variants: columns, targets: targets}}
	for _, co := range combos {
		if co.target != nil {
			work = addOddsWork(work, co.variants, *co.target)
		}
	}
	zombiesEnd := g.ZombieLimit > 0 && g.HasFace(g.Zombie)
	if zombiesEnd {
		work = addOddsWork(work, []OddsColumn{firstRoll}, diceodds.TurnEnds())
	}
	es := newOddsEngines(g, work)
	if t, err := es.table(columns, targets, g); err == nil {
		x.Table = t
	}
	if zombiesEnd {
		if pr, err := es.probability(firstRoll, diceodds.TurnEnds()); err == nil {
			c := newOddsCell(pr)
			x.FirstRollTurnEnds = &c
		}
	}
	for _, co := range combos {
		x.Combos = append(x.Combos, co.compute(es))
	}
}

// dieTypesOf groups g's dice by die type, in order: consecutive copies
// with the same faces make one type.
func dieTypesOf(g diceodds.Game) []DieType {
	var out []DieType
	for _, d := range g.Dice {
		if n := len(out); n > 0 && slices.Equal(out[n-1].Faces, d.Faces[:]) {
			out[n-1].Count++
			continue
		}
		out = append(out, DieType{Count: 1, Faces: slices.Clone(d.Faces[:])})
	}
	return out
}

// oddsColumns are the odds table's columns: 1, 2 and 3 rerolls, in RFoD
// without and with Fleeing; then, with amulet, the manifest's rerolls given
// AMULET without and with Fleeing (the optional AMULET variant, A6).
func oddsColumns(g diceodds.Game, amulet bool, rerolls int) []OddsColumn {
	var out []OddsColumn
	for _, r := range []int{1, 2, 3} {
		out = append(out, OddsColumn{Rerolls: r})
		if g.Fleeing {
			out = append(out, OddsColumn{Rerolls: r, Fleeing: true})
		}
	}
	if amulet {
		out = append(out, OddsColumn{Rerolls: rerolls, Amulet: true})
		if g.Fleeing {
			out = append(out, OddsColumn{Rerolls: rerolls, Fleeing: true, Amulet: true})
		}
	}
	return out
}

// rfOddsCombo is one combo to compute: its row, its target (nil when it
// is skipped) and its variants (default, Fleeing, AMULET, AMULET with
// Fleeing as the game has them).
type rfOddsCombo struct {
	row      ComboOdds
	target   *diceodds.Target
	variants []OddsColumn
}

// combos lists the characters' combos with their variants.
func (r OddsRules) combos(boards []*rfodschema.PlayerBoard, rerolls int) []rfOddsCombo {
	var out []rfOddsCombo
	for _, b := range boards {
		n := rerolls
		if b.Rerolls != nil && r.CharacterRerolls {
			n = *b.Rerolls
		}
		for _, cb := range b.Combos {
			if cb == nil {
				continue
			}
			co := rfOddsCombo{row: ComboOdds{Character: b.ID, Name: b.Name, Combo: cb.ID, Effect: cb.Effect, Dice: diceodds.Combo(cb.Dice).String(), Rerolls: n}}
			if r.ComboTiers {
				co.row.Tier = cb.ID
			}
			for _, f := range cb.Faces() {
				if !slices.Contains(r.Faces, f) {
					co.row.Skipped = fmt.Sprintf("%q is no action die face", f)
				}
			}
			if co.row.Skipped == "" {
				t := diceodds.Combo(cb.Dice)
				co.target = &t
				co.variants = []OddsColumn{{Rerolls: n}}
				if r.Base.Fleeing {
					co.variants = append(co.variants, OddsColumn{Rerolls: n, Fleeing: true})
				}
				if r.Amulet {
					co.variants = append(co.variants, OddsColumn{Rerolls: n, Amulet: true})
					if r.Base.Fleeing {
						co.variants = append(co.variants, OddsColumn{Rerolls: n, Fleeing: true, Amulet: true})
					}
				}
			}
			out = append(out, co)
		}
	}
	return out
}

// compute fills the combo's values from es.
func (co rfOddsCombo) compute(es *oddsEngines) ComboOdds {
	row := co.row
	if co.target == nil {
		return row
	}
	for _, v := range co.variants {
		pr, err := es.probability(v, *co.target)
		if err != nil {
			row.Skipped = err.Error()
			return row
		}
		c := newOddsCell(pr)
		switch {
		case v.Amulet && v.Fleeing:
			row.PAmuletFlee, row.PAmuletFleeDecimal = c.P, c.PDecimal
		case v.Amulet:
			row.PAmulet, row.PAmuletDecimal = c.P, c.PDecimal
		case v.Fleeing:
			row.PFlee, row.PFleeDecimal = c.P, c.PDecimal
		default:
			row.P, row.PDecimal = c.P, c.PDecimal
		}
	}
	return row
}

// maxSharedRerolls bounds the rerolls of the variants that share one
// decision graph: the table's 1 to 3 (and 0, the first roll alone). A
// character with more rerolls gets a graph of its own, so that its larger
// denominator does not move the shared one beyond uint64 (diceodds.Set).
const maxSharedRerolls = 3

// oddsEngines are the engines of a game's variants, every value computed
// together: the variants with up to maxSharedRerolls rerolls form one
// diceodds.Set (one graph, one pass), any other rerolls count a set of its
// own.
type oddsEngines struct {
	engines map[OddsColumn]*diceodds.Engine
	// errs are the variants the engine cannot compute (a character's
	// rerolls out of range), with why.
	errs map[OddsColumn]error
}

// oddsWork is some targets to compute under some variants.
type oddsWork struct {
	variants []OddsColumn
	targets  []diceodds.Target
}

// addOddsWork adds target under variants to work: to the first item that
// has every one of the variants, or as an item of its own. The table's
// item takes the combos at the table's rerolls, so that one pass computes
// them all; a character's own rerolls make a pass with its combos only.
func addOddsWork(work []oddsWork, variants []OddsColumn, target diceodds.Target) []oddsWork {
	for i, w := range work {
		if !slices.ContainsFunc(variants, func(v OddsColumn) bool { return !slices.Contains(w.variants, v) }) {
			work[i].targets = append(work[i].targets, target)
			return work
		}
	}
	return append(work, oddsWork{variants: variants, targets: []diceodds.Target{target}})
}

// newOddsEngines builds the engines of every variant of work and
// precomputes each item's targets under its variants. A variant the
// engine cannot compute makes its values fail, not the others.
func newOddsEngines(g diceodds.Game, work []oddsWork) *oddsEngines {
	groups := map[int][]OddsColumn{}
	var keys []int
	for _, w := range work {
		for _, v := range w.variants {
			key := max(v.Rerolls, maxSharedRerolls)
			if v.Rerolls < 0 {
				key = v.Rerolls // rejected by the engine: reported on its own
			}
			if !slices.Contains(groups[key], v) {
				if len(groups[key]) == 0 {
					keys = append(keys, key)
				}
				groups[key] = append(groups[key], v)
			}
		}
	}
	es := &oddsEngines{engines: map[OddsColumn]*diceodds.Engine{}, errs: map[OddsColumn]error{}}
	for _, key := range keys {
		games := make([]diceodds.Game, len(groups[key]))
		for i, v := range groups[key] {
			games[i] = g
			games[i].Rerolls, games[i].Fleeing, games[i].Amulet = v.Rerolls, v.Fleeing, v.Amulet
		}
		set, err := diceodds.NewSet(games)
		if err != nil {
			for _, v := range groups[key] {
				es.errs[v] = fmt.Errorf("the odds with %s cannot be computed: %w", validate.Counted(v.Rerolls, "reroll", "rerolls"), err)
			}
			continue
		}
		for _, w := range work {
			var in []int
			for i, v := range groups[key] {
				if slices.Contains(w.variants, v) {
					in = append(in, i)
				}
			}
			set.PrecomputeFor(in, w.targets)
		}
		for i, v := range groups[key] {
			es.engines[v] = set.Engine(i)
		}
	}
	return es
}

// engine is the engine of variant v.
func (es *oddsEngines) engine(v OddsColumn) (*diceodds.Engine, error) {
	if err := es.errs[v]; err != nil {
		return nil, err
	}
	e, ok := es.engines[v]
	if !ok {
		return nil, fmt.Errorf("no engine for %s", v)
	}
	return e, nil
}

// probability is t under variant v.
func (es *oddsEngines) probability(v OddsColumn, t diceodds.Target) (*big.Rat, error) {
	e, err := es.engine(v)
	if err != nil {
		return nil, err
	}
	return e.Probability(t)
}

// table computes the odds card's table: targets under columns of g.
func (es *oddsEngines) table(columns []OddsColumn, targets []diceodds.Target, g diceodds.Game) (*OddsTable, error) {
	t := &OddsTable{Columns: columns}
	cells := make([][]*big.Rat, len(columns))
	for i, c := range columns {
		t.Variants = append(t.Variants, c.name(g.Fleeing))
		e, err := es.engine(c)
		if err != nil {
			return nil, err
		}
		ps, err := e.Probabilities(targets)
		if err != nil {
			return nil, err
		}
		cells[i] = ps
	}
	for j, target := range targets {
		row := OddsRow{Target: target.String(), Face: target.Face}
		if target.Kind == diceodds.KindTurnEnds {
			row.Face, row.Assumes = g.Zombie, TurnEndsStrategy
		}
		for i := range columns {
			row.Cells = append(row.Cells, newOddsCell(cells[i][j]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// String is the text form: the dice and assumptions, the icon-count table,
// then each combo with its effect and values. Its first line states the
// zombies that end the turn and the set-aside reading where the game's
// rules have them, which an explanation read back from JSON lacks.
func (x *OddsExplanation) String() string {
	if x == nil {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "combo odds (%s, exact, best keep strategy per combo; %d rerolls unless a character says otherwise", x.Game, x.Rerolls)
	if n := x.rules.Base.ZombieLimit; n > 0 {
		fmt.Fprintf(&sb, "; %d zombies end the turn", n)
	}
	if x.rules.SetAsideReading {
		reading := "set-aside dice may be picked up again when you reroll (A14, repick reading)"
		if x.SetAsidePermanent {
			reading = "set-aside dice stay set aside (A14, rfod.dice.setAsideIsPermanent)"
		}
		fmt.Fprintf(&sb, "; %s", reading)
	}
	fmt.Fprintf(&sb, "; warning below %s)\n", x.Threshold)
	if x.Skipped != "" {
		fmt.Fprintf(&sb, "  not computed: %s\n", x.Skipped)
		return sb.String()
	}
	fmt.Fprintf(&sb, "  dice (%s): %s\n", x.FacesAssumption, strings.Join(x.Dice, " | "))
	for _, a := range x.Assumptions {
		fmt.Fprintf(&sb, "  assumes %s\n", a)
	}
	if x.Amulet != "" {
		fmt.Fprintf(&sb, "  values given AMULET (A6): %s\n", x.Amulet)
	}
	x.Table.writeText(&sb)
	if x.FirstRollTurnEnds != nil {
		fmt.Fprintf(&sb, "  turn ends by zombies on the first roll alone: %s\n", x.FirstRollTurnEnds.exactText())
	}
	for _, c := range x.Combos {
		c.writeText(&sb)
	}
	return sb.String()
}

// writeText writes the table: its columns, then a line per target.
func (t *OddsTable) writeText(sb *strings.Builder) {
	if t == nil {
		return
	}
	sb.WriteString("  icon counts (exact values in --format json):\n")
	for i, v := range t.Variants {
		note := ""
		if i < len(t.Columns) && t.Columns[i].Amulet {
			note = " (conditional: AMULET has probability 1/6, A6)"
		}
		fmt.Fprintf(sb, "    column %d: %s%s\n", i+1, v, note)
	}
	for _, r := range t.Rows {
		fmt.Fprintf(sb, "    %-24s", r.Target)
		for _, c := range r.Cells {
			fmt.Fprintf(sb, " %7s", c.percent())
		}
		sb.WriteString("\n")
		if r.Assumes != "" {
			fmt.Fprintf(sb, "      (%s: assumes %s)\n", r.Target, r.Assumes)
		}
	}
}

// percent is the cell as a percentage with two decimals, "100%" and "0%"
// only when exact (diceodds.Percent).
func (c OddsCell) percent() string {
	p, ok := new(big.Rat).SetString(c.P)
	if !ok {
		return "?"
	}
	return diceodds.Percent(p, 2)
}

// exactText is the cell's fraction and decimal: "31/46656 ≈ 0.0007"
// (diceodds.Odds).
func (c OddsCell) exactText() string {
	return exactText(c.P)
}

// exactText is the exact probability p with its decimal, "?" when p is no
// fraction.
func exactText(p string) string {
	r, ok := new(big.Rat).SetString(p)
	if !ok {
		return "?"
	}
	return diceodds.Odds{Exact: r}.String()
}

// writeText writes the combo: who and what, then its values.
func (c ComboOdds) writeText(sb *strings.Builder) {
	fmt.Fprintf(sb, "  %s %s (%s)", c.Label(), c.Dice, validate.Counted(c.Rerolls, "reroll", "rerolls"))
	if c.Effect != "" {
		fmt.Fprintf(sb, ": %q", c.Effect)
	}
	sb.WriteString("\n")
	switch {
	case c.Skipped != "":
		fmt.Fprintf(sb, "    not computed: %s\n", c.Skipped)
	case c.PFlee != "":
		fmt.Fprintf(sb, "    P = %s with %s, %s with a %s\n", exactText(c.P), noFleeingCard, exactText(c.PFlee), withFleeingCard)
	default:
		fmt.Fprintf(sb, "    P = %s\n", exactText(c.P))
	}
	if c.Skipped == "" && c.PAmulet != "" {
		fmt.Fprintf(sb, "    given AMULET (1/6, A6; %s): P = %s with %s", amuletFreeFlee, exactText(c.PAmulet), noFleeingCard)
		if c.PAmuletFlee != "" {
			fmt.Fprintf(sb, ", %s with a %s", exactText(c.PAmuletFlee), withFleeingCard)
		}
		sb.WriteString("\n")
	}
}

// ExplainHook is the explain hook of the rules' game: it adds the odds
// section (Explain) to the packs of that game.
func (r OddsRules) ExplainHook() func(*schema.Pack, *validate.PackExplanation) {
	return func(p *schema.Pack, e *validate.PackExplanation) {
		if x := r.Explain(p); x != nil {
			e.Add(validate.ExplainPart{Key: "odds", Value: x, Text: fmt.Sprintf("%s: %s", e.Pack, x.String())})
		}
	}
}
