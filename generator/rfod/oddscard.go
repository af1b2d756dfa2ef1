package rfod

import (
	"fmt"
	"github.com/runforge/runforge/generator"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	"io"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate/diceodds"
	rfodrules "github.com/runforge/runforge/validate/rfod"
)

// The odds card is the kit's odds.pdf for a Run, Fight, or Die! or Reloaded pack: exact
// probabilities from the dice engine (validate/diceodds), never a
// simulation, read from the one computation `runforge validate --explain`
// makes (the game's rfodrules.OddsRules.Explain), so the card and explain
// agree. It is one page per game, what a player wants at the table: the
// assumed dice with their assumption ids, every character combo (known by
// its effect, grouped by character), then the icon-count tables, one
// column per reroll count (1, 2, 3; RFoD each with no Fleeing card and
// with a Fleeing card, then the values given AMULET, A6, its free flee
// counted), the faces with the same values sharing one table. Values print
// as percentages with one decimal (only an exact 0 or 1 prints as 0% or
// 100%: diceodds.Percent); the exact fractions stay in --explain and its
// JSON. No text is set below 6 pt.

// oddsCard is the computed content of a pack's odds card.
type oddsCard struct {
	title string
	// dice are the action dice, one line per die type; facesID is the
	// assumption the faces rest on (A1, A13); assumptions the ids and texts
	// the values rest on.
	dice        []rfodrules.DieType
	facesID     string
	assumptions []string
	// amulet says what the values given AMULET are (RFoD, A6); "" when the
	// game has none.
	amulet string
	// words are how the card words what the game's rules add to the
	// values; reading is the pack's set-aside reading (A14) in a game
	// that reads one.
	words     rfodrules.OddsCardNotes
	reading   string
	comboCols []oddsCol
	combos    []oddsCombo
	cols      []oddsCol
	// groups are the icon-count tables, one per face.
	groups []oddsGroup
	notes  []string
}

// oddsCol is one column of values: whether it flees and whether it is
// given AMULET; in the icon tables its rerolls too (0 in the combo table,
// where each character has its own).
type oddsCol struct {
	rerolls int
	flee    bool
	amulet  bool
	// fleeing is set when the game has Fleeing: the column says whether
	// it flees.
	fleeing bool
}

// heads are the column's header lines: "2 rerolls" (none in the combo
// table), then in a game with Fleeing whether a Fleeing card may be drawn
// (L308-314, A5): "no Fleeing card" or "+Fleeing card".
func (c oddsCol) heads() []string {
	var out []string
	if c.rerolls > 0 {
		out = append(out, fmt.Sprintf("%d %s", c.rerolls, Plural(c.rerolls, "reroll", "rerolls")))
	}
	switch {
	case c.flee:
		out = append(out, "+Fleeing card")
	case c.fleeing:
		out = append(out, "no Fleeing card")
	case c.rerolls == 0:
		out = append(out, "P")
	}
	return out
}

// String is the column's full name: "2 rerolls, no Fleeing
// card", "2 rerolls, +Fleeing card, given AMULET (its free flee counted)".
func (c oddsCol) String() string {
	s := strings.Join(c.heads(), ", ")
	if c.amulet {
		s += ", given AMULET (" + amuletFreeFlee + ")"
	}
	return s
}

// amuletFreeFlee says that the values given AMULET count its free flee
// (A6), with or without a Fleeing card.
const amuletFreeFlee = "its free flee counted"

// oddsCombo is one character combo's row.
type oddsCombo struct {
	// character is the character's name; meta its tier (Reloaded) and
	// rerolls; effect the combo's effect, which players know it by; label
	// names it in full.
	character, meta, effect, label string
	// tier is the combo's tier ("minor", Reloaded), "" for none.
	tier    string
	dice    *rfodschema.CharacterCombo
	rerolls int
	cells   []*big.Rat // nil: not computed
	skipped string
}

// oddsGroup is the rows of one face; note says what its values assume
// beyond the best keep strategy ("" for none).
type oddsGroup struct {
	face  string
	title string
	note  string
	rows  []oddsRow
}

// oddsRow is one target under every column.
type oddsRow struct {
	label string
	// full is set when label is the whole row title.
	full  bool
	cells []*big.Rat
}

// HasOddsCard reports whether the build writes odds.pdf for the pack
// under the odds rules of a game: a pack of that game whose action dice
// the engine can compute.
func HasOddsCard(p *schema.Pack, odds rfodrules.OddsRules) bool {
	_, ok := odds.Game(p)
	return ok
}

// computeOddsCard computes the pack's odds card from the pack's odds as
// validate computes them under the game's odds rules.
func computeOddsCard(p *schema.Pack, odds rfodrules.OddsRules) (*oddsCard, error) {
	g, ok := odds.Game(p)
	x := odds.Explain(p)
	if !ok || x == nil || x.Skipped != "" {
		return nil, fmt.Errorf("the pack's action dice cannot be computed (see %s)", odds.DiceRule)
	}
	if x.Table == nil || len(x.Table.Columns) != len(x.Table.Variants) {
		return nil, fmt.Errorf("the odds tables could not be computed from the pack's dice")
	}
	oc := &oddsCard{title: p.Game.Title, words: odds.Card, dice: x.DieTypes(), facesID: x.FacesAssumption, assumptions: x.Assumptions, amulet: x.Amulet}
	if odds.SetAsideReading {
		oc.reading = "repick reading of set-aside dice (A14)"
		if x.SetAsidePermanent {
			oc.reading = "set-aside dice stay set aside (A14)"
		}
	}
	for _, c := range x.Table.Columns {
		oc.cols = append(oc.cols, oddsCol{rerolls: c.Rerolls, flee: c.Fleeing, amulet: c.Amulet, fleeing: g.Fleeing})
	}
	oc.comboCols = []oddsCol{{fleeing: g.Fleeing}}
	if g.Fleeing {
		oc.comboCols = append(oc.comboCols, oddsCol{flee: true, fleeing: true})
	}
	if x.Amulet != "" {
		for _, c := range slices.Clone(oc.comboCols) {
			c.amulet = true
			oc.comboCols = append(oc.comboCols, c)
		}
	}
	combos := comboIndex(p, odds.BoardType)
	for _, co := range x.Combos {
		oc.combos = append(oc.combos, newOddsCombo(co, combos[co.Character+"\x00"+co.Combo], oc.comboCols))
	}
	if err := oc.readTables(g, odds.TableTargets(p), x.Table); err != nil {
		return nil, err
	}
	if t := x.FirstRollTurnEnds; t != nil {
		if pr := parseRat(t.P); pr != nil {
			oc.notes = append(oc.notes, fmt.Sprintf("Five or more zombies on the first roll alone end the turn: %s.", pctText(pr)))
		}
	}
	return oc, nil
}

// newOddsCombo is the row of a combo: its values under cols.
func newOddsCombo(co rfodrules.ComboOdds, cb *rfodschema.CharacterCombo, cols []oddsCol) oddsCombo {
	row := oddsCombo{character: NameOr(co.Name, co.Character), effect: co.Effect, label: co.Label() + " " + co.Dice, rerolls: co.Rerolls, skipped: co.Skipped, dice: cb}
	row.meta = fmt.Sprintf("%d %s", co.Rerolls, Plural(co.Rerolls, "reroll", "rerolls"))
	if co.Tier != "" {
		row.meta, row.tier = co.Tier+" · "+row.meta, co.Tier
	}
	if row.effect == "" {
		row.effect = co.Combo
	}
	if co.Skipped != "" {
		return row
	}
	for _, c := range cols {
		p := co.P
		switch {
		case c.amulet && c.flee:
			p = co.PAmuletFlee
		case c.amulet:
			p = co.PAmulet
		case c.flee:
			p = co.PFlee
		}
		row.cells = append(row.cells, parseRat(p))
	}
	return row
}

// readTables fills the icon-count tables from the table validate
// computed, whose rows are targets (rfodrules.OddsRules.TableTargets):
// a table per face, in the rows' order.
func (oc *oddsCard) readTables(g diceodds.Game, targets []diceodds.Target, t *rfodrules.OddsTable) error {
	if len(targets) != len(t.Rows) {
		return fmt.Errorf("odds table has %d rows for %d targets", len(t.Rows), len(targets))
	}
	for i, target := range targets {
		row := t.Rows[i]
		if row.Target != target.String() {
			return fmt.Errorf("odds table row %d is %s, want %s", i+1, row.Target, target)
		}
		n := len(oc.groups)
		if n == 0 || oc.groups[n-1].face != row.Face || target.Kind == diceodds.KindTurnEnds {
			oc.groups = append(oc.groups, newOddsGroup(g, target, row))
			n++
		}
		r := oddsRow{label: rowLabel(target)}
		switch {
		case target.Kind == diceodds.KindTurnEnds:
			r.label, r.full = "turn ends", true
		case target.Face == g.Zombie && target.K > 0:
			// "≥ 1 zombie", "≥ 2 zombies": the table's title is plural.
			r.label, r.full = r.label+" "+Plural(target.K, "zombie", "zombies"), true
		}
		for _, cell := range row.Cells {
			r.cells = append(r.cells, parseRat(cell.P))
		}
		oc.groups[n-1].rows = append(oc.groups[n-1].rows, r)
	}
	return nil
}

// newOddsGroup is the table that target's row opens: the end of the turn
// by zombies, the zombie counts, or another face's counts.
func newOddsGroup(g diceodds.Game, target diceodds.Target, row rfodrules.OddsRow) oddsGroup {
	grp := oddsGroup{face: row.Face, title: faceTitle(row.Face)}
	switch {
	case target.Kind == diceodds.KindTurnEnds:
		grp.title = fmt.Sprintf("%d+ ZOMBIES END THE TURN", g.ZombieLimit)
		grp.note = "assumes " + row.Assumes
	case row.Face == g.Zombie:
		grp.title = "ZOMBIES"
	}
	return grp
}

// rowLabel is the row's label in its face's table: "≥ 3", "= 3".
func rowLabel(t diceodds.Target) string {
	if t.Kind == diceodds.KindExactly {
		return fmt.Sprintf("= %d", t.K)
	}
	return fmt.Sprintf("≥ %d", t.K)
}

// comboIndex maps "character\x00combo" to the combo of a character of
// the board type.
func comboIndex(p *schema.Pack, boardType string) map[string]*rfodschema.CharacterCombo {
	out := map[string]*rfodschema.CharacterCombo{}
	for _, b := range rfodschema.PlayerBoards(p, boardType) {
		for _, c := range b.Combos {
			if c != nil {
				out[b.ID+"\x00"+c.ID] = c
			}
		}
	}
	return out
}

// parseRat reads an exact fraction; nil when s is not one.
func parseRat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil
	}
	return r
}

// pctText is a probability as a percentage with one decimal: "23.8%";
// "0%" and "100%" only when exact, "<0.1%" and ">99.9%" for a value that
// rounds to either (diceodds.Percent, the rule --explain uses too).
func pctText(p *big.Rat) string {
	if p == nil {
		return "—"
	}
	return diceodds.Percent(p, 1)
}

// ---- printing ----

// Odds card type sizes, in points. Nothing on the card is set below
// oddsMinPt.
const (
	oddsMinPt   = 6.0
	oddsCellPt  = 7.5
	oddsHeadPt  = 6.5
	oddsNotePt  = 6.5
	oddsLabelPt = 7.0
)

// oddsExactNote says where the exact fractions are: the card prints
// percentages only.
const oddsExactNote = "The exact fractions are in runforge validate --explain (and --format json)."

// indexOddsCard describes odds.pdf in the kit's index under the game's
// odds rules.
func indexOddsCard(odds rfodrules.OddsRules) []string {
	combos := "every character combo"
	if odds.Amulet {
		combos += " (also given AMULET, A6)"
	}
	return []string{"the odds in percent, from the dice engine's exact values: " + combos + " and the icon-count tables for 1, 2 and 3 rerolls, on one page; print one-sided. " + oddsExactNote}
}

// WriteOddsCard writes the pack's odds.pdf, computed under the game's odds
// rules.
func WriteOddsCard(r *generator.Renderer, w io.Writer, p *schema.Pack, odds rfodrules.OddsRules, opts generator.PrintOptions) (int, error) {
	oc, err := computeOddsCard(p, odds)
	if err != nil {
		return 0, fmt.Errorf("odds card: %w", err)
	}
	return r.WriteDocument(w, p, "Odds card", "odds card", opts, func(doc *draw.PDF) error {
		doc.SetDuplex(layout.NoDuplex)
		return imposeOddsCard(r, generator.PDFSink(doc), oc, opts)
	})
}

// oddsFlow places blocks down pages, starting a new page when one does
// not fit. Each page is kept on a tape until the flow ends: then the
// pages are known and imposeOddsCard prints them.
type oddsFlow struct {
	r      *generator.Renderer
	opts   generator.PrintOptions
	c      draw.Canvas
	x0, x1 float64
	y, bot float64
	pages  []*draw.Tape
	title  string
}

// newPage starts a page; a page after the first has a running head.
func (f *oddsFlow) newPage() {
	pw, ph := f.opts.Paper.W, f.opts.Paper.H
	m := max(f.opts.Margin, layout.DefaultMargin) + 2
	f.pages = append(f.pages, &draw.Tape{})
	f.c = f.r.Surface(f.pages[len(f.pages)-1])
	f.x0, f.x1, f.bot, f.y = m, pw-m, ph-m, m
	if n := len(f.pages); n > 1 {
		f.c.Text(f.x0, m+2.5, f.r.ClipText(f.title, draw.Bold, 7, f.x1-f.x0-30), draw.Bold, 7, Muted)
		pg := fmt.Sprintf("page %d", n)
		f.c.Text(generator.Round2(f.x1-f.r.Fonts.Width(pg, draw.Regular, 7)), m+2.5, pg, draw.Regular, 7, Muted)
		f.c.Line(f.x0, m+3.5, f.x1, m+3.5, Rule, 0.3)
		f.y = m + 5
	}
}

// need starts a new page unless h mm fit below y.
func (f *oddsFlow) need(h float64) {
	if f.c == nil || f.y+h > f.bot {
		f.newPage()
	}
}

// heading draws a section heading with a note beside it.
func (f *oddsFlow) heading(title, note string) {
	f.need(14)
	const pt = 9.5
	f.c.Text(f.x0, f.y+3.6, title, draw.Bold, pt, Blood)
	tw := f.r.Fonts.Width(title, draw.Bold, pt)
	if note != "" {
		f.c.Text(generator.Round2(f.x0+tw+3), f.y+3.6, f.r.ClipText(note, draw.Italic, oddsNotePt, f.x1-f.x0-tw-3), draw.Italic, oddsNotePt, Muted)
	}
	f.c.Line(f.x0, f.y+5, f.x1, f.y+5, Blood, 0.4)
	f.y += 6.5
}

// para draws wrapped text.
func (f *oddsFlow) para(text string, st typeset.Style, col draw.Color) {
	w := f.x1 - f.x0
	b := typeset.Layout(f.r.Fonts, text, st, w, generator.Unbounded)
	h := b.Height
	f.need(h + 1)
	typeset.Draw(f.r.Fonts, f.c, b, f.x0, f.y, w, h+1, col, draw.White)
	f.y += h + 1
}

// fitPt is the largest size from pt down to oddsMinPt at which s fits in
// w mm (oddsMinPt when none does: the caller clips).
func fitPt(r *generator.Renderer, s string, font draw.FontStyle, pt, w float64) float64 {
	for ; pt > oddsMinPt && r.Fonts.Width(s, font, pt) > w; pt -= 0.25 {
	}
	return max(pt, oddsMinPt)
}

// imposeOddsCard flows the odds card onto pages, then adds them to sink:
// the title, the assumed dice and assumptions, the combos, the icon-count
// tables. The bundled games' cards fit one page; a card that does not
// goes on, never set smaller.
func imposeOddsCard(r *generator.Renderer, sink generator.PageSink, oc *oddsCard, opts generator.PrintOptions) error {
	f := &oddsFlow{r: r, opts: opts, title: oc.title + " · odds card"}
	f.newPage()
	f.c.Text(f.x0, f.y+5.5, "ODDS CARD", draw.Bold, 16, Ink)
	f.c.Text(generator.Round2(f.x0+r.Fonts.Width("ODDS CARD", draw.Bold, 16)+3), f.y+5.5, r.ClipText(oc.title, draw.Regular, 10, f.x1-f.x0-50), draw.Regular, 10, Muted)
	f.y += 8
	f.para("The chance, in percent, that a result shows after your last reroll when you keep and reroll dice for that result alone. "+
		"Exact values from runforge's dice engine, not a simulation, rounded to one decimal (0% and 100% only when impossible or certain). "+oddsExactNote,
		typeset.Style{Size: 7, LineHeight: 1.15}, Muted)
	drawOddsDice(r, f, oc)
	note := typeset.Style{Size: oddsNotePt, LineHeight: 1.15}
	if len(oc.assumptions) > 0 {
		f.para("Assumes "+strings.Join(oc.assumptions, "; ")+".", note, Ink)
	}
	if rules := oc.words.Rules; rules != "" {
		if oc.reading != "" {
			rules += "; " + oc.reading
		}
		f.para(rules+".", note, Ink)
	}
	if oc.amulet != "" {
		f.para("Given AMULET (A6): "+oc.amulet+". Both AMULET columns count its free flee (the zombie dice join the first reroll without a Fleeing card); \"+Fleeing card\" may also draw a Fleeing card later.", note, Blood)
	}
	if len(oc.combos) > 0 {
		f.y += 1
		head := oc.words.Combos
		if oc.amulet != "" {
			head += "; and given AMULET (1/6)"
		}
		f.heading("CHARACTER COMBOS", head)
		drawOddsComboTable(r, f, oc)
	}
	for _, n := range oc.notes {
		f.para(n, typeset.Style{Size: oddsNotePt + 0.5, LineHeight: 1.15}, Ink)
	}
	f.y += 1
	f.heading("ICON COUNTS", oc.words.Tables)
	drawOddsTables(r, f, oc)
	plan := impose.Sheets(impose.Spec{Items: len(f.pages), PerSheet: 1, W: opts.Paper.W, H: opts.Paper.H})
	impose.Draw(sink, plan, func(c draw.Canvas, pg impose.Page) { f.pages[pg.Lo].Play(c) })
	return nil
}

// drawOddsDice draws the assumed dice, one line per die type, with the
// assumption id they rest on (the rules' FacesAssumption).
func drawOddsDice(r *generator.Renderer, f *oddsFlow, oc *oddsCard) {
	for _, d := range oc.dice {
		f.need(8)
		const size = 5.5
		label := fmt.Sprintf("Assumed faces (%s): %d × action die", oc.facesID, d.Count)
		f.c.Text(f.x0, f.y+size/2+1.1, label, draw.Bold, 7.5, Ink)
		x := f.x0 + r.Fonts.Width(label, draw.Bold, 7.5) + 3
		for _, face := range d.Faces {
			drawDieFace(r, f.c, face, x, f.y, size)
			x += size + 1
		}
		f.c.Text(generator.Round2(x+2), f.y+size/2+1.1, r.ClipText(strings.Join(d.Faces, " · "), draw.Regular, 7, max(1, f.x1-x-2)), draw.Regular, 7, Muted)
		f.y += size + 1.5
	}
}

// amuletHead is the heading over the columns given AMULET.
const amuletHead = "GIVEN AMULET (1/6, A6)"

// colHeadW is the width the column heads of cols need at the heads' size.
func colHeadW(r *generator.Renderer, cols []oddsCol) float64 {
	w := 0.0
	for _, c := range cols {
		for _, h := range c.heads() {
			w = max(w, r.Fonts.Width(strings.ToUpper(h), draw.Bold, oddsHeadPt))
		}
	}
	return w + 1.5
}

// drawColumnHeads draws the heads of cols from x0, each colW wide, with
// AMULET's heading over its columns; it returns the height used.
func drawColumnHeads(r *generator.Renderer, f *oddsFlow, cols []oddsCol, x0, colW float64) float64 {
	const pt, lineH = oddsHeadPt, 2.6
	lines, first := 0, -1
	for i, c := range cols {
		lines = max(lines, len(c.heads()))
		if c.amulet && first < 0 {
			first = i
		}
	}
	y := f.y
	if first >= 0 {
		ax := x0 + float64(first)*colW
		aw := float64(len(cols)-first) * colW
		hp := fitPt(r, amuletHead, draw.Bold, pt, aw-1)
		CentredText(r, f.c, ax+aw/2, y+2.4, r.ClipText(amuletHead, draw.Bold, hp, aw-1), draw.Bold, hp, Blood)
		sub := amuletFreeFlee + " in both"
		sp := fitPt(r, sub, draw.Italic, oddsMinPt, aw-1)
		CentredText(r, f.c, ax+aw/2, y+4.8, r.ClipText(sub, draw.Italic, sp, aw-1), draw.Italic, sp, Blood)
		f.c.Line(ax+1, y+5.6, ax+aw-1, y+5.6, Blood, 0.3)
		y += 5.8
	}
	for i, c := range cols {
		for j, h := range c.heads() {
			h = strings.ToUpper(h)
			hp := fitPt(r, h, draw.Bold, pt, colW-1)
			CentredText(r, f.c, x0+float64(i)*colW+colW/2, y+2.4+float64(j)*lineH, r.ClipText(h, draw.Bold, hp, colW-1), draw.Bold, hp, Muted)
		}
	}
	return y - f.y + float64(lines)*lineH + 1
}

// amuletRule draws the rule left of the first column given AMULET, from y
// down h.
func amuletRule(f *oddsFlow, cols []oddsCol, x0, colW, y, h float64) {
	for i, c := range cols {
		if c.amulet {
			x := x0 + float64(i)*colW
			f.c.Line(x, y, x, y+h, Blood, 0.3)
			return
		}
	}
}

// comboGroup is a character's consecutive combos: the rows of the combo
// table under one character line.
type comboGroup struct {
	character string
	rerolls   int
	combos    []oddsCombo
}

// comboGroups groups the card's combos by character, in card order.
func comboGroups(combos []oddsCombo) []comboGroup {
	var out []comboGroup
	for _, co := range combos {
		if n := len(out); n > 0 && out[n-1].character == co.character && out[n-1].rerolls == co.rerolls {
			out[n-1].combos = append(out[n-1].combos, co)
			continue
		}
		out = append(out, comboGroup{character: co.character, rerolls: co.rerolls, combos: []oddsCombo{co}})
	}
	return out
}

// drawOddsComboTable draws the combos, grouped by character: a line with
// the character and their rerolls, then a row per combo with its tier
// (Reloaded), its dice, its effect and one percentage per column.
func drawOddsComboTable(r *generator.Renderer, f *oddsFlow, oc *oddsCard) {
	colW := math.Ceil(max(15, colHeadW(r, oc.comboCols)))
	cx0 := f.x1 - float64(len(oc.comboCols))*colW
	const size, gap = 4.2, 0.6
	dice, tierW := 1, 0.0
	for _, co := range oc.combos {
		if co.dice != nil {
			dice = max(dice, len(comboFaces(co.dice)))
		}
		if co.tier != "" {
			tierW = max(tierW, r.Fonts.Width(strings.ToUpper(co.tier), draw.Bold, oddsNotePt)+2)
		}
	}
	diceX := f.x0 + 1 + tierW
	effX := diceX + float64(dice)*(size+gap) + 1.5
	effW := cx0 - 2 - effX
	header := func() {
		f.need(16)
		h := drawColumnHeads(r, f, oc.comboCols, cx0, colW)
		f.c.Text(f.x0, f.y+h-1.2, "CHARACTER · DICE (AT LEAST) · EFFECT", draw.Bold, oddsHeadPt, Muted)
		f.y += h
	}
	header()
	const nameH = 3.4
	for gi, g := range comboGroups(oc.combos) {
		effects := make([]typeset.Block, len(g.combos))
		h := nameH
		for i, co := range g.combos {
			effects[i] = typeset.Layout(r.Fonts, co.effect, typeset.Style{Size: oddsNotePt, MinSize: oddsNotePt, LineHeight: 1.1}, effW, generator.Unbounded)
			h += max(size+0.8, effects[i].Height+0.8)
		}
		if f.y+h > f.bot {
			f.newPage()
			header()
		}
		paper := Background(r)
		if gi%2 == 0 && !r.InkSaver {
			f.c.Rect(f.x0-1, f.y, f.x1-f.x0+2, h, 0, draw.Filled(Panel))
			paper = Panel
		}
		top := f.y
		name := g.character + " · " + fmt.Sprintf("%d %s", g.rerolls, Plural(g.rerolls, "reroll", "rerolls"))
		f.c.Text(f.x0, f.y+2.7, r.ClipText(name, draw.Bold, 7.5, cx0-f.x0-2), draw.Bold, 7.5, Ink)
		f.y += nameH
		for i, co := range g.combos {
			rowH := max(size+0.8, effects[i].Height+0.8)
			mid := f.y + rowH/2
			if co.tier != "" {
				f.c.Text(f.x0+1, mid+0.8, strings.ToUpper(co.tier), draw.Bold, oddsNotePt, Blood)
			}
			if co.dice != nil {
				x := diceX
				for _, face := range comboFaces(co.dice) {
					drawDieFace(r, f.c, face, x, mid-size/2, size)
					x += size + gap
				}
			}
			typeset.Draw(r.Fonts, f.c, effects[i], effX, mid-effects[i].Height/2, effW, effects[i].Height, Muted, paper)
			if co.skipped != "" {
				f.c.Text(cx0, mid+0.8, r.ClipText("not computed: "+co.skipped, draw.Italic, oddsNotePt, f.x1-cx0), draw.Italic, oddsNotePt, Blood)
			} else {
				for j, p := range co.cells {
					font := draw.Regular
					if j == 0 {
						font = draw.Bold
					}
					CentredText(r, f.c, cx0+float64(j)*colW+colW/2, mid+1.1, pctText(p), font, oddsCellPt, Ink)
				}
			}
			f.y += rowH
		}
		amuletRule(f, oc.comboCols, cx0, colW, top, f.y-top)
	}
	f.y += 1.5
}

// printGroup is a table of the icon counts as printed: the faces whose
// rows are the same (the same targets and values) share one table.
type printGroup struct {
	faces  []string
	titles []string
	note   string
	rows   []oddsRow
}

// printGroups merges the card's face tables whose rows are the same, in
// card order: with uniform dice, one table for the faces counted only
// "at least" and one for those counted "exactly" too.
func (oc *oddsCard) printGroups() []printGroup {
	var out []printGroup
	for _, g := range oc.groups {
		merged := false
		for i := range out {
			if out[i].note == g.note && sameRows(out[i].rows, g.rows) {
				out[i].faces = append(out[i].faces, g.face)
				out[i].titles = append(out[i].titles, g.title)
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, printGroup{faces: []string{g.face}, titles: []string{g.title}, note: g.note, rows: g.rows})
		}
	}
	return out
}

// sameRows reports whether two tables have the same targets with the same
// values; a row titled in full (zombies, the end of the turn) is never
// the same as another.
func sameRows(a, b []oddsRow) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].full || b[i].full || a[i].label != b[i].label || len(a[i].cells) != len(b[i].cells) {
			return false
		}
		for j, p := range a[i].cells {
			q := b[i].cells[j]
			if (p == nil) != (q == nil) || (p != nil && p.Cmp(q) != 0) {
				return false
			}
		}
	}
	return true
}

// drawOddsTables draws the icon-count tables: a heading with the faces,
// then a row per target with one percentage per column.
func drawOddsTables(r *generator.Renderer, f *oddsFlow, oc *oddsCard) {
	const rowH, headH, size = 4.4, 5.4, 4.0
	labelW := 12.0
	for _, g := range oc.groups {
		for _, row := range g.rows {
			labelW = max(labelW, r.Fonts.Width(row.label, draw.Regular, oddsLabelPt)+4)
		}
	}
	n := len(oc.cols)
	x0 := f.x0 + labelW
	colW := (f.x1 - x0) / float64(max(n, 1))
	header := func() {
		f.need(rowH + 12)
		f.y += drawColumnHeads(r, f, oc.cols, x0, colW)
	}
	header()
	for _, g := range oc.printGroups() {
		if f.y+headH+rowH*float64(len(g.rows)) > f.bot {
			f.newPage()
			header()
		}
		x := f.x0
		for _, face := range g.faces {
			drawDieFace(r, f.c, face, x, f.y+0.3, size)
			x += size + 0.6
		}
		title := strings.Join(g.titles, " · ")
		f.c.Text(generator.Round2(x+1.5), f.y+3.5, title, draw.Bold, 7.5, Ink)
		note := g.note
		if len(g.faces) > 1 {
			note = "the same odds for each of these icons"
		}
		if note != "" {
			nx := x + 1.5 + r.Fonts.Width(title, draw.Bold, 7.5) + 3
			f.c.Text(generator.Round2(nx), f.y+3.5, r.ClipText(note, draw.Italic, oddsNotePt, max(1, f.x1-nx)), draw.Italic, oddsNotePt, Muted)
		}
		f.c.Line(f.x0, f.y+headH-0.6, f.x1, f.y+headH-0.6, Rule, 0.3)
		f.y += headH
		top := f.y
		for i, row := range g.rows {
			if i%2 == 0 && !r.InkSaver {
				f.c.Rect(f.x0-1, f.y, f.x1-f.x0+2, rowH, 0, draw.Filled(Panel))
			}
			f.c.Text(f.x0+1.5, f.y+3.1, r.ClipText(row.label, draw.Regular, oddsLabelPt, labelW-2), draw.Regular, oddsLabelPt, Ink)
			for j, p := range row.cells {
				CentredText(r, f.c, x0+float64(j)*colW+colW/2, f.y+3.2, pctText(p), draw.Regular, oddsCellPt, Ink)
			}
			f.y += rowH
		}
		amuletRule(f, oc.cols, x0, colW, top, f.y-top)
		f.y += 1.2
	}
}
