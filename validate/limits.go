package validate

import (
	"fmt"
	"math"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Hard limits on lengths (rule pack/limit): every length and size of a
// template, token, sheet, board and print setting lies in a range, stated in
// the unit the pack wrote it in; and every card, card-sized sheet and token
// that prints fits on the paper it prints on, the way the build lays it out.

// PrintTarget is the paper and card layout a build prints on: the pack's
// own print: settings (PackPrintTarget), or those a build's flags choose.
type PrintTarget struct {
	Paper  layout.Paper
	Margin float64 // printer margin, mm
	Bleed  float64 // mm
	// Layout is the card layout: sheet (the default), gutterfold or press.
	Layout string
	// Flags is set when the target comes from the command line: messages
	// then name it as such rather than the manifest's print: settings.
	Flags bool
}

// PackPrintTarget is where a pack prints by its own print: settings, with
// the build's defaults (letter paper, a 1/4 in margin, 1/8 in bleed, the
// sheet layout) for what it leaves unset.
func PackPrintTarget(p *schema.Pack) PrintTarget {
	t := PrintTarget{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed, Layout: "sheet"}
	if p == nil || p.Game == nil {
		return t
	}
	ps := p.Game.Print
	if paper, err := layout.PaperByName(ps.Paper); err == nil {
		t.Paper = paper
	}
	if ps.Margin != nil {
		t.Margin = ps.Margin.MM()
	}
	if ps.Bleed != nil {
		t.Bleed = ps.Bleed.MM()
	}
	if ps.Layout != "" {
		t.Layout = ps.Layout
	}
	return t
}

// CheckPrint reports what of the pack cannot be laid out on the target's
// paper: the pack/limit findings a build with these settings would fail
// on. validate checks the pack's own settings; a build whose flags choose
// other paper, margin, bleed or layout calls this before writing anything.
func CheckPrint(p *schema.Pack, t PrintTarget) []Diagnostic {
	if p == nil || p.Game == nil {
		return nil
	}
	rule, _ := NewRegistry(CoreRules()...).Lookup("pack/limit")
	c := &Context{Pack: p, rule: rule}
	checkPaperFit(c, t)
	Sort(c.diags)
	return c.diags
}

// printable is the area inside the target's margin.
func (t PrintTarget) printable() (w, h float64) {
	return t.Paper.W - 2*t.Margin, t.Paper.H - 2*t.Margin
}

// where names the paper in messages: "letter paper inside a 6.35mm margin".
func (t PrintTarget) where(unit string) string {
	return fmt.Sprintf("%s paper inside a %s margin", t.Paper.Name, schema.FormatIn(t.Margin, unit))
}

// settingsHint says how to print larger pieces; byLayout says whether the
// card layout matters.
func (t PrintTarget) settingsHint(byLayout bool) string {
	switch {
	case t.Flags && byLayout:
		return "choose a smaller size, or other --paper, --margin or --layout"
	case t.Flags:
		return "choose a smaller size, or other --paper or --margin"
	case byLayout:
		return "choose a smaller size, or other paper, margin or layout under print: in game.yaml (a4 is taller, letter wider)"
	}
	return "choose a smaller size, or other paper or margin under print: in game.yaml (a4 is taller, letter wider)"
}

// boxReach is how far past the trim a template box may reach: the largest
// bleed a pack may set.
var boxReach = schema.BleedRange.Max

// checkLengths reports every length a pack wrote outside its range.
func checkLengths(c *Context) {
	p := c.Pack
	if b := p.Game.Print.Bleed; b != nil {
		checkLength(c, p.Game.Ref.Child("print").Child("bleed"), "print", *b, schema.BleedRange)
	}
	checkCardSides(c)
	checkTemplateLengths(c)
	for _, ts := range p.TokenSets() {
		for _, t := range ts.Tokens {
			checkLength(c, t.Ref.Child("size"), fmt.Sprintf("token %q", t.ID), t.Size, schema.TokenSizeRange)
		}
	}
	for _, s := range p.Sheets() {
		if s.FontSize != nil {
			checkLength(c, s.Ref.Child("fontSize"), fmt.Sprintf("sheet %q", s.ID), *s.FontSize, schema.FontSizeRange)
		}
	}
	checkFigureLengths(c)
	for _, b := range p.Boards() {
		for _, side := range b.Sides {
			for i, t := range side.Texts {
				what := fmt.Sprintf("board %q side %q text %d", b.ID, side.ID, i+1)
				checkLength(c, t.Ref.Child("size"), what, t.Size, schema.FontSizeRange)
				checkBoardTextReach(c, side, t, what)
			}
		}
	}
}

// checkLength reports a length written at ref that lies outside r.
func checkLength(c *Context, ref schema.Ref, what string, l schema.Length, r schema.LengthRange) bool {
	if !ref.Exists() {
		return true
	}
	written := ref.Text()
	msg := r.Check(l, written)
	if msg == "" {
		return true
	}
	c.ReportHint(ref.Pos(), fmt.Sprintf("%s: %s %s", what, r.What, msg),
		fmt.Sprintf("a %s runs from %s", r.What, r.Span(schema.UnitOf(written, r.Unit))))
	return false
}

// checkCardSides bounds the sides of custom card and sheet sizes.
func checkCardSides(c *Context) {
	side := func(ref schema.Ref, what string, l *schema.Length) {
		if l != nil {
			checkLength(c, ref, what, *l, schema.CardSideRange)
		}
	}
	for _, d := range c.Pack.Decks() {
		side(d.Ref.Child("width"), fmt.Sprintf("deck %q width", d.ID), d.Width)
		side(d.Ref.Child("height"), fmt.Sprintf("deck %q height", d.ID), d.Height)
	}
	for _, id := range templateIDs(c.Pack) {
		if t := c.Pack.Templates[id]; !t.Builtin {
			side(t.Ref.Child("width"), fmt.Sprintf("template %q width", id), t.Width)
			side(t.Ref.Child("height"), fmt.Sprintf("template %q height", id), t.Height)
		}
	}
	for _, s := range c.Pack.Sheets() {
		side(s.Ref.Child("width"), fmt.Sprintf("sheet %q width", s.ID), s.Width)
		side(s.Ref.Child("height"), fmt.Sprintf("sheet %q height", s.ID), s.Height)
	}
}

// checkTemplateLengths bounds the font sizes, strokes, radii and extents of
// the boxes a pack writes.
func checkTemplateLengths(c *Context) {
	users := decksByTemplate(c.Pack)
	for _, id := range templateIDs(c.Pack) {
		t := c.Pack.Templates[id]
		if t.Builtin {
			continue
		}
		card := largestCard(c.Pack, t, users[id])
		for _, b := range ownBoxes(t) {
			what := fmt.Sprintf("template %q box %q", id, b.ID)
			checkLength(c, b.Ref.Child("size"), what, b.Size, schema.FontSizeRange)
			checkLength(c, b.Ref.Child("minSize"), what+" minSize", b.MinSize, schema.FontSizeRange)
			checkLength(c, b.Ref.Child("strokeWidth"), what, b.StrokeWidth, schema.StrokeWidthRange)
			checkLength(c, b.Ref.Child("radius"), what, b.Radius, schema.RadiusRange)
			checkBoxReach(c, b, card, what)
		}
	}
}

// largestCard is the largest trim a template is drawn at: its own size or
// that of a deck using it, the largest of each side. Without any, it is the
// largest card runforge prints.
func largestCard(p *schema.Pack, t *schema.Template, decks []*schema.Deck) schema.Size {
	var out schema.Size
	grow := func(s schema.Size) {
		out.W, out.H = max(out.W, s.W), max(out.H, s.H)
	}
	if s, ok := t.TrimSize(); ok {
		grow(s)
	}
	for _, d := range decks {
		if s, ok := deckSize(p, d); ok {
			grow(s)
		}
	}
	if out.W <= 0 || out.H <= 0 {
		m := schema.Length(schema.CardSideRange.Max)
		out = schema.Size{W: m, H: m}
	}
	return out
}

// checkBoxReach reports a box that reaches beyond the card and the bleed
// around it, along either axis, at the length that takes it there.
func checkBoxReach(c *Context, b *schema.Box, card schema.Size, what string) {
	axes := []struct {
		pos, ext   string
		at, length schema.Length
		side       schema.Length
		dim        string
	}{
		{"x", "w", b.X, b.W, card.W, "wide"},
		{"y", "h", b.Y, b.H, card.H, "tall"},
	}
	for _, a := range axes {
		limit := a.side.MM() + boxReach
		if a.at.MM()+a.length.MM() <= limit+1e-6 {
			continue
		}
		field, val := a.ext, a.length
		if a.at.MM() > limit || !b.Ref.Child(a.ext).Exists() {
			field, val = a.pos, a.at
		}
		ref := b.Ref.Child(field)
		if !ref.Exists() {
			ref = b.Ref.Child("id")
		}
		unit := schema.UnitOf(ref.Text(), "mm")
		c.ReportHint(ref.Pos(), fmt.Sprintf("%s: %s %s takes it to %s, beyond the %s %s card and the %s its bleed may reach",
			what, field, schema.FormatIn(val.MM(), unit), schema.FormatIn(a.at.MM()+a.length.MM(), unit),
			schema.FormatIn(a.side.MM(), unit), a.dim, schema.FormatIn(boxReach, unit)),
			fmt.Sprintf("%s+%s may be at most %s: boxes are measured from the trim's top-left corner", a.pos, a.ext, schema.FormatIn(limit, unit)))
	}
}

// beyondReach reports whether a box reaches beyond the card and the bleed
// around it.
func beyondReach(b *schema.Box, card schema.Size) bool {
	return b.X.MM()+b.W.MM() > card.W.MM()+boxReach+1e-6 || b.Y.MM()+b.H.MM() > card.H.MM()+boxReach+1e-6
}

// checkBoardTextReach reports a board text box reaching beyond its side.
func checkBoardTextReach(c *Context, side *schema.BoardSide, t *schema.BoardText, what string) {
	w, h := side.Width.MM(), side.Height.MM()
	if w <= 0 || h <= 0 || w > MaxBoardSide || h > MaxBoardSide {
		return // board/geometry reports the side
	}
	type axis struct {
		pos, ext   string
		at, length float64
		limit      float64
	}
	axes := []axis{{"x", "w", t.X.MM(), t.W.MM(), w}, {"y", "h", t.Y.MM(), t.H.MM(), h}}
	if t.Rotate%180 != 0 {
		// A quarter-turned box turns about its centre: its w runs down
		// the side and its h across.
		cx, cy := t.X.MM()+t.W.MM()/2, t.Y.MM()+t.H.MM()/2
		axes = []axis{{"x", "h", cx - t.H.MM()/2, t.H.MM(), w}, {"y", "w", cy - t.W.MM()/2, t.W.MM(), h}}
	}
	for _, a := range axes {
		if a.at+a.length <= a.limit+boardEps {
			continue
		}
		field := a.ext
		if a.at > a.limit || !t.Ref.Child(a.ext).Exists() {
			field = a.pos
		}
		ref := t.Ref.Child(field)
		unit := schema.UnitOf(ref.Text(), "mm")
		c.ReportHint(ref.Pos(), fmt.Sprintf("%s: %s+%s reaches %s, beyond the %s side", what,
			a.pos, a.ext, schema.FormatIn(a.at+a.length, unit), boardSizeMM(w, h)),
			fmt.Sprintf("%s+%s may be at most %s", a.pos, a.ext, schema.FormatIn(a.limit, unit)))
	}
}

// checkPaperFit reports every printed card, card-sized sheet and token that
// the build could not lay out on the target's paper.
func checkPaperFit(c *Context, t PrintTarget) {
	p := c.Pack
	for _, d := range p.Decks() {
		if !p.Prints(d) {
			continue
		}
		size, ok := deckSize(p, d)
		ref := deckSizeRef(p, d)
		if !ok {
			if face, _ := d.Sides(); p.Templates[face] != nil {
				c.ReportHint(ref.Pos(), fmt.Sprintf("deck %q has no card size: neither it nor its template %q sets one", d.ID, face),
					"give the deck or the template size: poker (or bridge, mini, tarot, square), or size: custom with width and height")
			}
			continue
		}
		checkCardFits(c, t, ref, fmt.Sprintf("deck %q", d.ID), size, t.Layout)
	}
	for _, s := range p.Sheets() {
		if !p.Prints(s) || s.Size == schema.SheetPage || s.Size == schema.SheetHalfPage {
			continue
		}
		size, ok := sheetSize(s)
		if !ok {
			continue
		}
		ref := s.Ref.Child("width")
		if !ref.Exists() {
			ref = s.Ref.Child("size")
		}
		// Card-sized sheets print on sheets of their own, always n-up.
		checkCardFits(c, t, ref, fmt.Sprintf("sheet %q", s.ID), size, "sheet")
	}
	checkTokensFit(c, t)
	checkStandeesFit(c, t)
}

// deckSizeRef is where a deck's card size is written: its own width or
// size, else its template's, else its card type.
func deckSizeRef(p *schema.Pack, d *schema.Deck) schema.Ref {
	for _, f := range []string{"width", "size"} {
		if r := d.Ref.Child(f); r.Exists() {
			return r
		}
	}
	face, _ := d.Sides()
	if t, ok := p.Templates[face]; ok && !t.Builtin {
		for _, f := range []string{"width", "size"} {
			if r := t.Ref.Child(f); r.Exists() {
				return r
			}
		}
	}
	if r := d.Ref.Child("template"); r.Exists() {
		return r
	}
	return d.Ref.Child("cardType")
}

// sheetSize is the trim of a card-sized sheet, as the build takes it.
func sheetSize(s *schema.Sheet) (schema.Size, bool) {
	if s.Width != nil && s.Height != nil {
		return schema.Size{W: *s.Width, H: *s.Height}, true
	}
	size, ok := schema.CardSizes[s.Size]
	return size, ok
}

// checkCardFits reports a card the build's layout cannot place on the
// paper: the sheet layout turns cards sideways when only that fits; the
// gutterfold layout needs a card and its back side by side; the press
// layout prints a card a page, at its own size.
func checkCardFits(c *Context, t PrintTarget, ref schema.Ref, what string, size schema.Size, lay string) {
	w, h := size.W.MM(), size.H.MM()
	if w < schema.CardSideRange.Min || h < schema.CardSideRange.Min || w > schema.CardSideRange.Max || h > schema.CardSideRange.Max {
		return // checkCardSides reports it
	}
	unit := schema.UnitOf(ref.Text(), "mm")
	cards := fmt.Sprintf("%sx%s", trimUnit(schema.FormatIn(w, unit), unit), schema.FormatIn(h, unit))
	switch lay {
	case "press":
		return
	case "gutterfold":
		_, err := layout.NewGutterfold(layout.GutterfoldSpec{Paper: t.Paper, Margin: t.Margin, CardW: w, CardH: h, Bleed: t.Bleed})
		if err == nil {
			return
		}
		c.ReportHint(ref.Pos(), fmt.Sprintf("%s: its %s cards do not fit the gutterfold layout on %s: a card and its back side by side, with %s bleed and the fold between them",
			what, cards, t.where(unit), schema.FormatIn(t.Bleed, unit)), t.settingsHint(true))
		return
	}
	_, err := layout.NewGrid(layout.GridSpec{Paper: t.Paper, Margin: t.Margin, CardW: w, CardH: h, Bleed: t.Bleed, MayTurn: true})
	if err == nil {
		return
	}
	aw, ah := t.printable()
	c.ReportHint(ref.Pos(), fmt.Sprintf("%s: its %s cards do not fit on %s, upright or turned: a card may be at most %s on one side and %s on the other",
		what, cards, t.where(unit), schema.FormatIn(math.Min(aw, ah), unit), schema.FormatIn(math.Max(aw, ah), unit)), t.settingsHint(true))
}

// trimUnit drops the unit from a formatted length: "63.5mm" -> "63.5".
func trimUnit(s, unit string) string { return s[:len(s)-len(unit)] }

// checkTokensFit reports tokens too large for the token sheet's paper.
func checkTokensFit(c *Context, t PrintTarget) {
	p := c.Pack
	printed := false
	for _, ts := range p.TokenSets() {
		printed = printed || p.PrintsToken(ts)
	}
	if !printed {
		return
	}
	for _, ts := range p.TokenSets() {
		for _, tk := range ts.Tokens {
			s := tk.Size.MM()
			if tk.Count <= 0 || s < schema.TokenSizeRange.Min || s > schema.TokenSizeRange.Max {
				continue
			}
			d := s + 2*layout.TokenBleed
			if _, _, err := layout.PackShelves(t.Paper, t.Margin, layout.TokenGap, [][2]float64{{d, d}}); err == nil {
				continue
			}
			ref := tk.Ref.Child("size")
			unit := schema.UnitOf(ref.Text(), "mm")
			aw, ah := t.printable()
			c.ReportHint(ref.Pos(), fmt.Sprintf("token %q is %s across; with its %s bleed it does not fit on %s: a token may be at most %s",
				tk.ID, schema.FormatIn(s, unit), schema.FormatIn(layout.TokenBleed, unit), t.where(unit),
				schema.FormatIn(math.Min(aw, ah)-2*layout.TokenBleed, unit)), t.settingsHint(false))
		}
	}
}
