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
	"unicode/utf8"

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
// agree. Its first
// page has the assumed dice with their assumption ids and every character
// combo, known by its effect; then come the icon-count tables, one column
// per reroll count (1, 2, 3; RFoD each with no Fleeing card and with a
// Fleeing card, then the values given AMULET, A6, its free flee counted); last, an appendix with the exact fraction of
// every value. Values print as percentages with one decimal (only an exact
// 0 or 1 prints as 0% or 100%: diceodds.Percent), with the exact fraction
// beneath in a small font; a value whose fraction does not fit its column
// is marked † and has it in the appendix only. The combo columns are as
// wide as their widest fraction, so every combo has it beneath.

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

// String is the column's name in the appendix: "2 rerolls, no Fleeing
// card", "2 rerolls, +Fleeing card, given AMULET (its free flee counted)".
func (c oddsCol) String() string {
	s := strings.Join(c.heads(), ", ")
	if c.amulet {
		s += ", given AMULET (" + amuletFreeFlee + ")"
	}
	return s
}

// appendixName is the column's name in the appendix, whose heading says
// what "given AMULET" counts: "2 rerolls, +Fleeing card, given AMULET".
func (c oddsCol) appendixName() string {
	s := strings.Join(c.heads(), ", ")
	if c.amulet {
		s += ", given AMULET"
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
	// names it in the appendix.
	character, meta, effect, label string
	dice                           *rfodschema.CharacterCombo
	rerolls                        int
	cells                          []*big.Rat // nil: not computed
	skipped                        string
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
			oc.notes = append(oc.notes, fmt.Sprintf("Five or more zombies on the first roll alone end the turn with P = %s (%s).", pctText(pr), pr.RatString()))
		}
	}
	return oc, nil
}

// newOddsCombo is the row of a combo: its values under cols.
func newOddsCombo(co rfodrules.ComboOdds, cb *rfodschema.CharacterCombo, cols []oddsCol) oddsCombo {
	row := oddsCombo{character: NameOr(co.Name, co.Character), effect: co.Effect, label: co.Label() + " " + co.Dice, rerolls: co.Rerolls, skipped: co.Skipped, dice: cb}
	row.meta = fmt.Sprintf("%d %s", co.Rerolls, Plural(co.Rerolls, "reroll", "rerolls"))
	if co.Tier != "" {
		row.meta = co.Tier + " · " + row.meta
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

// Odds card type sizes, in points.
const (
	oddsCellPt = 7.5
	oddsFracPt = 4.2
	oddsHeadPt = 7
)

// indexOddsCard describes odds.pdf in the kit's index under the game's
// odds rules.
func indexOddsCard(odds rfodrules.OddsRules) []string {
	combos := "every character combo"
	if odds.Amulet {
		combos += " (also given AMULET, A6)"
	}
	return []string{"exact odds from the dice engine: " + combos + ", the icon-count tables for 1, 2 and 3 rerolls, and an appendix of exact fractions; print one-sided"}
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

// newPage starts a page with its running head.
func (f *oddsFlow) newPage() {
	pw, ph := f.opts.Paper.W, f.opts.Paper.H
	m := max(f.opts.Margin, layout.DefaultMargin) + 4
	f.pages = append(f.pages, &draw.Tape{})
	f.c = f.r.Surface(f.pages[len(f.pages)-1])
	f.x0, f.x1, f.bot = m, pw-m, ph-m-4
	f.c.Text(f.x0, m+2, f.r.ClipText(f.title, draw.Bold, 8, f.x1-f.x0-30), draw.Bold, 8, Muted)
	pg := fmt.Sprintf("page %d", len(f.pages))
	f.c.Text(generator.Round2(f.x1-f.r.Fonts.Width(pg, draw.Regular, 7)), m+2, pg, draw.Regular, 7, Muted)
	f.c.Line(f.x0, m+3.5, f.x1, m+3.5, Rule, 0.3)
	f.y = m + 8
}

// need starts a new page unless h mm fit below y.
func (f *oddsFlow) need(h float64) {
	if f.c == nil || f.y+h > f.bot {
		f.newPage()
	}
}

// heading draws a section heading.
func (f *oddsFlow) heading(title, note string) {
	f.need(14)
	f.c.Text(f.x0, f.y+4, title, draw.Bold, 11, Blood)
	tw := f.r.Fonts.Width(title, draw.Bold, 11)
	if note != "" {
		f.c.Text(generator.Round2(f.x0+tw+3), f.y+4, f.r.ClipText(note, draw.Italic, 7, f.x1-f.x0-tw-3), draw.Italic, 7, Muted)
	}
	f.c.Line(f.x0, f.y+5.5, f.x1, f.y+5.5, Blood, 0.4)
	f.y += 8
}

// para draws wrapped text.
func (f *oddsFlow) para(text string, st typeset.Style, col draw.Color) {
	w := f.x1 - f.x0
	b := typeset.Layout(f.r.Fonts, text, st, w, 1000)
	h := b.Height
	if h == 0 {
		h = float64(len(b.Lines)) * st.Size * 1.15 * draw.PtMM
	}
	f.need(h + 1)
	typeset.Draw(f.r.Fonts, f.c, b, f.x0, f.y, w, h+1, col, draw.White)
	f.y += h + 1.5
}

// appendixMark marks a value whose exact fraction does not fit beneath
// it: the appendix has it.
const appendixMark = "†"

// fractionFits reports whether p's exact fraction fits beneath it in a
// column w mm wide.
func fractionFits(r *generator.Renderer, p *big.Rat, w float64) bool {
	return r.Fonts.Width(p.RatString(), draw.Regular, oddsFracPt) <= w-1
}

// cell draws a probability centred in a column: the percentage and the
// exact fraction beneath, or, where the fraction does not fit, the
// percentage marked † (the fraction is in the appendix). A value of
// exactly 0 or 1 is its own fraction.
func (f *oddsFlow) cell(p *big.Rat, cx, y, w float64, bold bool) {
	font := draw.Regular
	if bold {
		font = draw.Bold
	}
	pct := pctText(p)
	CentredText(f.r, f.c, cx, y, pct, font, oddsCellPt, Ink)
	if p == nil || p.IsInt() {
		return
	}
	if fractionFits(f.r, p, w) {
		CentredText(f.r, f.c, cx, y+2.2, p.RatString(), draw.Regular, oddsFracPt, Muted)
		return
	}
	x := cx + f.r.Fonts.Width(pct, font, oddsCellPt)/2 + 0.3
	f.c.Text(generator.Round2(x), y, appendixMark, draw.Regular, oddsCellPt, Blood)
}

// fitPt is the largest size from pt down to 5 points at which s fits in
// w mm (5 points when none does).
func fitPt(r *generator.Renderer, s string, font draw.FontStyle, pt, w float64) float64 {
	for ; pt > 5 && r.Fonts.Width(s, font, pt) > w; pt -= 0.25 {
	}
	return max(pt, 5)
}

// imposeOddsCard flows the odds card onto pages, then adds them to sink.
func imposeOddsCard(r *generator.Renderer, sink generator.PageSink, oc *oddsCard, opts generator.PrintOptions) error {
	f := &oddsFlow{r: r, opts: opts, title: oc.title + " · odds card"}
	f.newPage()
	f.c.Text(f.x0, f.y+7, "ODDS CARD", draw.Bold, 20, Ink)
	f.c.Text(generator.Round2(f.x0+r.Fonts.Width("ODDS CARD", draw.Bold, 20)+4), f.y+7, r.ClipText(oc.title, draw.Regular, 11, f.x1-f.x0-60), draw.Regular, 11, Muted)
	f.y += 11
	f.para("Exact probabilities computed by runforge's dice engine, not simulated: for each target the best keep strategy for that target alone. Percentages have one decimal (100% and 0% only when certain or impossible: >99.9% and <0.1% otherwise). "+
		"The exact fraction is printed beneath each value; a value marked "+appendixMark+" has a fraction too long for its column, given in the appendix, which lists every value's fraction.",
		typeset.Style{Size: 7.5, LineHeight: 1.2}, Muted)
	// The assumed dice.
	f.heading("ASSUMED DICE", "the faces the values rest on")
	drawOddsDice(r, f, oc)
	for _, a := range oc.assumptions {
		f.para("Assumes "+a+".", typeset.Style{Size: 7, LineHeight: 1.15}, Ink)
	}
	if rules := oc.words.Rules; rules != "" {
		if oc.reading != "" {
			rules += "; " + oc.reading
		}
		f.para(rules+".", typeset.Style{Size: 7, LineHeight: 1.15}, Ink)
	}
	if oc.amulet != "" {
		f.para("Values given AMULET (A6): "+oc.amulet+". Both AMULET columns count AMULET's free flee (the zombie dice join the first reroll without a Fleeing card); \"+Fleeing card\" may also draw a Fleeing card later.", typeset.Style{Size: 7, LineHeight: 1.15}, Blood)
	}
	// Combos.
	if len(oc.combos) > 0 {
		note := oc.words.Combos
		if oc.amulet != "" {
			note += "; and given AMULET (1/6)"
		}
		f.heading("CHARACTER COMBOS", note)
		drawOddsComboTable(r, f, oc)
	}
	for _, n := range oc.notes {
		f.para(n, typeset.Style{Size: 7.5, LineHeight: 1.15}, Ink)
	}
	// Icon tables.
	f.newPage()
	f.heading("ICON COUNTS", oc.words.Tables)
	drawOddsDice(r, f, oc)
	drawOddsTables(r, f, oc)
	// Appendix.
	drawOddsAppendix(r, f, oc)
	plan := impose.Sheets(impose.Spec{Items: len(f.pages), PerSheet: 1, W: opts.Paper.W, H: opts.Paper.H})
	impose.Draw(sink, plan, func(c draw.Canvas, pg impose.Page) { f.pages[pg.Lo].Play(c) })
	return nil
}

// drawOddsDice draws the assumed dice, one line per die type, with the
// assumption id they rest on (the rules' FacesAssumption).
func drawOddsDice(r *generator.Renderer, f *oddsFlow, oc *oddsCard) {
	for _, d := range oc.dice {
		f.need(10)
		const size = 7.0
		label := fmt.Sprintf("Assumed faces (%s): %d × action die", oc.facesID, d.Count)
		f.c.Text(f.x0, f.y+size/2+1.3, label, draw.Bold, 8, Ink)
		x := f.x0 + r.Fonts.Width(label, draw.Bold, 8) + 3
		for _, face := range d.Faces {
			drawDieFace(r, f.c, face, x, f.y, size)
			x += size + 1.2
		}
		f.c.Text(generator.Round2(x+2), f.y+size/2+1.3, r.ClipText(strings.Join(d.Faces, " · "), draw.Regular, 7, max(1, f.x1-x-2)), draw.Regular, 7, Muted)
		f.y += size + 2.5
	}
}

// amuletHead is the heading over the columns given AMULET.
const amuletHead = "GIVEN AMULET (1/6, A6)"

// drawColumnHeads draws the heads of cols from x0, each colW wide, with
// AMULET's heading over its columns and a rule on their left; it returns
// the height used.
func drawColumnHeads(r *generator.Renderer, f *oddsFlow, cols []oddsCol, x0, colW, pt float64) float64 {
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
		CentredText(r, f.c, ax+aw/2, y+2.6, r.ClipText(amuletHead, draw.Bold, pt, aw-1), draw.Bold, pt, Blood)
		sub := amuletFreeFlee + " in both"
		subPt := fitPt(r, sub, draw.Italic, pt-0.5, aw-1)
		CentredText(r, f.c, ax+aw/2, y+5.2, r.ClipText(sub, draw.Italic, subPt, aw-1), draw.Italic, subPt, Blood)
		f.c.Line(ax+1, y+6, ax+aw-1, y+6, Blood, 0.3)
		y += 6.2
	}
	for i, c := range cols {
		for j, h := range c.heads() {
			h = strings.ToUpper(h)
			hp := fitPt(r, h, draw.Bold, pt, colW-1)
			CentredText(r, f.c, x0+float64(i)*colW+colW/2, y+2.6+float64(j)*2.8, r.ClipText(h, draw.Bold, hp, colW-1), draw.Bold, hp, Muted)
		}
	}
	return y - f.y + float64(lines)*2.8 + 1.6
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

// drawOddsComboTable draws the combos: the character with its rerolls and
// the combo's effect, the combo's dice, then one cell per column.
func drawOddsComboTable(r *generator.Renderer, f *oddsFlow, oc *oddsCard) {
	colW := comboColWidth(r, oc)
	cx0 := f.x1 - float64(len(oc.comboCols))*colW
	const size = 5.6
	dice := 1
	for _, co := range oc.combos {
		if co.dice != nil {
			dice = max(dice, len(comboFaces(co.dice)))
		}
	}
	diceX := cx0 - 2 - float64(dice)*(size+0.8)
	nameW := diceX - 3 - f.x0
	const minRowH = 8.5
	header := func() {
		f.need(minRowH + 10)
		h := drawColumnHeads(r, f, oc.comboCols, cx0, colW, oddsHeadPt)
		f.c.Text(f.x0, f.y+h-1.6, "CHARACTER · COMBO EFFECT", draw.Bold, oddsHeadPt, Muted)
		f.c.Text(diceX, f.y+h-1.6, "DICE (AT LEAST)", draw.Bold, oddsHeadPt, Muted)
		f.y += h
	}
	header()
	for i, co := range oc.combos {
		// The character and the effect wrap in their column; the row
		// grows to hold them, so nothing is cut off.
		head, effect := comboLabel(r, co, nameW)
		rowH := max(minRowH, 1.2+head.Height+effect.Height+1.2)
		if f.y+rowH > f.bot {
			f.newPage()
			header()
		}
		paper := Background(r)
		if i%2 == 0 && !r.InkSaver {
			f.c.Rect(f.x0-1, f.y, f.x1-f.x0+2, rowH, 0, draw.Filled(Panel))
			paper = Panel
		}
		typeset.Draw(r.Fonts, f.c, head, f.x0, f.y+1.2, nameW, head.Height, Ink, paper)
		typeset.Draw(r.Fonts, f.c, effect, f.x0, f.y+1.2+head.Height, nameW, effect.Height, Muted, paper)
		if co.dice != nil {
			x := diceX
			for _, face := range comboFaces(co.dice) {
				if x+size > cx0-2 {
					break
				}
				drawDieFace(r, f.c, face, x, f.y+1.4, size)
				x += size + 0.8
			}
		}
		if co.skipped != "" {
			f.c.Text(cx0, f.y+4.5, r.ClipText("not computed: "+co.skipped, draw.Italic, 6.5, f.x1-cx0), draw.Italic, 6.5, Blood)
		} else {
			for j, p := range co.cells {
				f.cell(p, cx0+float64(j)*colW+colW/2, f.y+3.8, colW, j == 0)
			}
			amuletRule(f, oc.comboCols, cx0, colW, f.y, rowH)
		}
		f.y += rowH
	}
	f.y += 2
}

// wrapWords breaks s into lines of at most first (the first line) and
// then rest millimetres at the font and size, between words; a word wider
// than its line is broken between characters, so that nothing is cut off.
func wrapWords(r *generator.Renderer, s string, font draw.FontStyle, pt, first, rest float64) []string {
	var lines []string
	line, w := "", first
	flush := func() {
		lines = append(lines, line)
		line, w = "", rest
	}
	for _, word := range strings.Fields(s) {
		cand := word
		if line != "" {
			cand = line + " " + word
		}
		if r.Fonts.Width(cand, font, pt) <= w {
			line = cand
			continue
		}
		if line != "" {
			flush()
		}
		for r.Fonts.Width(word, font, pt) > w {
			n := len(word) - 1
			for n > 1 && r.Fonts.Width(word[:n], font, pt) > w {
				n--
			}
			for n > 1 && !utf8.RuneStart(word[n]) {
				n--
			}
			if _, size := utf8.DecodeRuneInString(word); n < size {
				n = size // at least one whole character a line
			}
			line = word[:n]
			flush()
			word = word[n:]
		}
		line = word
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}

// comboLabel lays out a combo row's label in width w: the character in
// bold with the combo's tier and rerolls, then its effect, each wrapping
// onto as many lines as it needs.
func comboLabel(r *generator.Renderer, co oddsCombo, w float64) (head, effect typeset.Block) {
	text := "**" + co.character + "**"
	if co.meta != "" {
		text += " · " + co.meta
	}
	head = typeset.Layout(r.Fonts, text, typeset.Style{Size: 7.5, MinSize: 7.5, LineHeight: 1.1}, w, generator.Unbounded)
	effect = typeset.Layout(r.Fonts, co.effect, typeset.Style{Size: 6.5, MinSize: 6.5, LineHeight: 1.1}, w, generator.Unbounded)
	return head, effect
}

// comboColWidth is the width of the combo table's columns: 24 mm, or as
// wide as the widest exact fraction, so that every combo has its fraction
// beneath.
func comboColWidth(r *generator.Renderer, oc *oddsCard) float64 {
	w := 24.0
	for _, co := range oc.combos {
		for _, p := range co.cells {
			if p != nil {
				w = max(w, r.Fonts.Width(p.RatString(), draw.Regular, oddsFracPt)+1.5)
			}
		}
	}
	return math.Ceil(w)
}

// drawOddsTables draws the icon-count groups: the face and the row label,
// then one cell per column.
func drawOddsTables(r *generator.Renderer, f *oddsFlow, oc *oddsCard) {
	labelW := 24.0
	n := len(oc.cols)
	x0 := f.x0 + labelW
	colW := (f.x1 - x0) / float64(max(n, 1))
	const rowH = 6.2
	header := func() {
		f.need(rowH + 12)
		f.y += drawColumnHeads(r, f, oc.cols, x0, colW, 6.5)
	}
	header()
	for _, g := range oc.groups {
		if f.y+rowH*float64(len(g.rows))+8 > f.bot {
			f.newPage()
			header()
		}
		drawDieFace(r, f.c, g.face, f.x0, f.y+0.5, 5)
		f.c.Text(f.x0+6.5, f.y+4.3, g.title, draw.Bold, 8, Ink)
		if g.note != "" {
			nx := f.x0 + 6.5 + r.Fonts.Width(g.title, draw.Bold, 8) + 3
			f.c.Text(generator.Round2(nx), f.y+4.3, r.ClipText(g.note, draw.Italic, 7, max(1, f.x1-nx)), draw.Italic, 7, Ink)
		}
		f.c.Line(f.x0, f.y+6, f.x1, f.y+6, Rule, 0.3)
		f.y += 6.5
		for i, row := range g.rows {
			if f.y+rowH > f.bot {
				f.newPage()
				header()
			}
			if i%2 == 0 && !r.InkSaver {
				f.c.Rect(f.x0-1, f.y, f.x1-f.x0+2, rowH, 0, draw.Filled(Panel))
			}
			f.c.Text(f.x0+6.5, f.y+3.4, r.ClipText(row.title(g), draw.Regular, 7, labelW-7), draw.Regular, 7, Ink)
			for j, p := range row.cells {
				f.cell(p, x0+float64(j)*colW+colW/2, f.y+3.2, colW, false)
			}
			amuletRule(f, oc.cols, x0, colW, f.y, rowH)
			f.y += rowH
		}
		f.y += 1.5
	}
}

// title is the row's title in its group: "≥ 3 search".
func (row oddsRow) title(g oddsGroup) string {
	if row.full {
		return row.label
	}
	return row.label + " " + strings.ToLower(g.title)
}

// drawOddsAppendix lists every value's exact fraction, in the card's
// order: the combos, then each icon table row by row. An entry too long
// for its column puts its value on a second, indented line, so that no
// fraction is ever clipped.
func drawOddsAppendix(r *generator.Renderer, f *oddsFlow, oc *oddsCard) {
	f.newPage()
	f.heading("APPENDIX: EXACT FRACTIONS", "every value of the card as the engine computed it; "+appendixMark+" on the card points here")
	if oc.amulet != "" {
		f.para("Given AMULET: conditioned on the event die showing AMULET (1/6, A6), "+amuletFreeFlee+" with and without a Fleeing card.", typeset.Style{Size: 6.5, LineHeight: 1.15}, Blood)
	}
	const lineH = 2.7
	const pt = 5.6
	const gap = 6.0
	colW := (f.x1 - f.x0 - gap) / 2
	col, top := 0, f.y
	text := func(s string, indent float64) {
		if f.y+lineH > f.bot {
			if col == 0 {
				col, f.y = 1, top
			} else {
				f.newPage()
				col, top = 0, f.y
			}
		}
		x := f.x0 + float64(col)*(colW+gap) + indent
		f.c.Text(generator.Round2(x), f.y+2.2, s, draw.Regular, pt, Ink)
		f.y += lineH
	}
	// wrapped draws s on as many lines as it needs, the later ones indented.
	wrapped := func(s string, indent float64) {
		for i, line := range wrapWords(r, s, draw.Regular, pt, colW-indent, colW-indent-3) {
			if i == 0 {
				text(line, indent)
			} else {
				text(line, indent+3)
			}
		}
	}
	entry := func(label string, p *big.Rat) {
		value := pctText(p) + " = " + p.RatString()
		if one := label + ": " + value; r.Fonts.Width(one, draw.Regular, pt) <= colW {
			text(one, 0)
			return
		}
		wrapped(label+":", 0)
		wrapped(value, 3)
	}
	for _, co := range oc.combos {
		for j, p := range co.cells {
			if p != nil && j < len(oc.comboCols) {
				entry(fmt.Sprintf("%s (%s)", co.label, oc.comboCols[j].appendixName()), p)
			}
		}
	}
	for _, g := range oc.groups {
		for _, row := range g.rows {
			for j, p := range row.cells {
				if p != nil && j < len(oc.cols) {
					entry(row.appendixLabel(g)+", "+oc.cols[j].appendixName(), p)
				}
			}
		}
	}
}

// appendixLabel names the row in the appendix: "≥ 3 search", "5+ zombies
// end the turn (assumes …)".
func (row oddsRow) appendixLabel(g oddsGroup) string {
	if !row.full {
		return row.title(g)
	}
	label := strings.ToLower(g.title)
	if g.note != "" {
		label += " (" + g.note + ")"
	}
	return label
}
