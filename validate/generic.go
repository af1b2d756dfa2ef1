package validate

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/schema"
)

// MaxTotalCards is the most card copies one pack may print.
const MaxTotalCards = 20_000

func genericRules() []*Rule {
	return []*Rule{
		{ID: "pack/duplicate-id", Severity: Error, Check: checkDuplicateIDs,
			Doc: "Two elements (decks, token sets, sheets, boards), cards, tokens or components of a pack share an id."},
		{ID: "pack/dangling-ref", Severity: Error, Check: checkDanglingRefs,
			Doc: "A reference (component, template, back, extends, font) names nothing in the pack or the built-ins."},
		{ID: "pack/missing-file", Severity: Error, Fixed: true, Check: checkMissingFiles,
			Doc: "A file the manifest's include: list names does not exist inside the pack folder, or is a link that leads out of it."},
		{ID: "pack/unknown-rule", Severity: Warning,
			Doc: "A rule override in the manifest names no rule (a warning, so that a pack written for a newer runforge still builds)."},
		{ID: "pack/limit", Severity: Error, Fixed: true, Check: checkLimits,
			Doc: "A hard limit: the pack prints more cards than one build allows; a length is out of its range (font sizes 0.5-200pt, tokens 5-300mm, card sides 10-300mm, boxes within the card and 10mm around it, bleed up to 10mm, margin up to 25mm); or a card, card-sized sheet or token does not fit on the paper it prints on."},
		{ID: "text/unknown-icon", Severity: Error, Check: checkInlineIcons,
			Doc: "Text uses an inline icon {name} (or a token an icon) that runforge cannot draw."},
		{ID: "deck/count", Severity: Error, Check: checkDeckCounts,
			Doc: "The copies of a printed component differ from the count in the manifest's component list."},
		{ID: "deck/card-type", Severity: Error, Check: checkDeckCardTypes,
			Doc: "A deck has a card type of another game than the pack's system, whose game rules would then not check its cards. When its cards do not match that game's schema either, this is the one finding for the file (not one per card) and the deck is not loaded."},
		{ID: "deck/empty", Severity: Warning, Check: checkEmptyDecks,
			Doc: "A deck prints no card: it has no cards, or every card has count: 0."},
		{ID: "text/glyph", Severity: Warning, Check: checkGlyphs,
			Doc: "Text of a card, sheet or board has characters its font cannot draw (they would print as empty boxes)."},
		{ID: "text/overflow", Severity: Error, Check: checkTextFit, BlocksBuild: true,
			Doc: "Text does not fit: a card's template box even at its minimum font size, a card-sized sheet, a board space; it would print clipped, so build refuses it as validate does (build --allow-overflow prints it clipped)."},
	}
}

type idSite struct {
	what string
	ref  schema.Ref
}

func checkDuplicateIDs(c *Context) {
	p := c.Pack
	report := func(scope string, sites map[string][]idSite) {
		ids := make([]string, 0, len(sites))
		for id := range sites {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			s := sites[id]
			if len(s) < 2 {
				continue
			}
			// Name every culprit: the first in the pack's own files at the
			// position, each other use as a related position.
			at := max(0, slices.IndexFunc(s, func(x idSite) bool { return !p.FromExtendedPack(x.ref) }))
			var related []Related
			for j, dup := range s {
				switch {
				case j == at:
				case j == 0:
					related = append(related, Related{Pos: dup.ref.Child("id").Pos(), Message: "first used here by a " + dup.what})
				default:
					related = append(related, Related{Pos: dup.ref.Child("id").Pos(), Message: "used again here by a " + dup.what})
				}
			}
			c.Report(s[at].ref.Child("id").Pos(), fmt.Sprintf("%s id %q is used %d times %s", s[at].what, id, len(s), scope), related...)
		}
	}
	top := map[string][]idSite{}
	items := map[string][]idSite{}
	for _, e := range p.Elements {
		top[e.ElementID()] = append(top[e.ElementID()], idSite{p.Registry().KindNoun(e), e.Source()})
		for _, it := range e.Facts().Items {
			items[it.ID] = append(items[it.ID], idSite{it.What, it.Ref})
		}
	}
	comps := map[string][]idSite{}
	for _, comp := range p.Game.Components {
		comps[comp.ID] = append(comps[comp.ID], idSite{"component", comp.Ref})
	}
	for _, d := range p.DuplicateTemplates {
		c.Report(d.Dup.Child("id").Pos(), fmt.Sprintf("template id %q is already used in this pack", d.ID),
			Related{Pos: d.First.Child("id").Pos(), Message: "first used here"})
	}
	report(fmt.Sprintf("among the elements of this pack (%s), which share one set of ids", strings.Join(p.Registry().KindNouns(), ", ")), top)
	report("in this pack", items)
	report("in the component list", comps)
}

func checkDanglingRefs(c *Context) {
	p := c.Pack
	componentHint := func(id string) string {
		ids := []string{}
		for _, comp := range p.Game.Components {
			ids = append(ids, comp.ID)
		}
		return suggest.Hint(id, ids, "%q", "components in game.yaml: "+strings.Join(ids, ", "))
	}
	for _, e := range p.Elements {
		for _, cp := range e.Facts().Copies {
			if p.Component(cp.Component) == nil {
				c.ReportHint(cp.Ref.Pos(),
					fmt.Sprintf("%s counts towards component %q, which the manifest does not list", cp.What, cp.Component), componentHint(cp.Component))
			}
		}
	}
	for _, d := range p.Decks() {
		face, back := d.Sides()
		for _, ref := range []struct{ field, id string }{{"template", face}, {"back", back}} {
			if ref.id == "" {
				continue
			}
			if _, ok := p.Templates[ref.id]; !ok {
				pos := d.Ref.Child(ref.field).Pos()
				if !d.Ref.Child(ref.field).Exists() {
					pos = d.Ref.Child("cardType").Pos()
				}
				what := "template"
				if ref.field == "back" {
					what = "back template"
				}
				c.ReportHint(pos, fmt.Sprintf("deck %q uses %s %q, which does not exist", d.ID, what, ref.id),
					suggest.Hint(ref.id, templateIDs(p), "%q", "templates: "+strings.Join(templateIDs(p), ", ")))
			}
		}
	}
	fonts := append([]string(nil), schema.BuiltinFonts...)
	for _, f := range p.Game.Fonts {
		fonts = append(fonts, f.Name)
	}
	for _, id := range templateIDs(p) {
		t := p.Templates[id]
		for _, b := range t.Boxes {
			if b.Font != "" && !t.Builtin && !slices.Contains(fonts, b.Font) {
				c.ReportHint(b.Ref.Child("font").Pos(), fmt.Sprintf("template %q box %q uses font %q, which the pack does not define", id, b.ID, b.Font),
					suggest.Hint(b.Font, fonts, "%q", "fonts: "+strings.Join(fonts, ", ")+" (add yours under fonts: in game.yaml)"))
			}
		}
		if t.Unresolved == "" {
			continue
		}
		if t.Cycle {
			c.Report(t.Ref.Child("extends").Pos(), fmt.Sprintf("template %q: its extends chain loops back to %q", id, t.Unresolved))
			continue
		}
		c.ReportHint(t.Ref.Child("extends").Pos(), fmt.Sprintf("template %q extends %q, which does not exist", id, t.Unresolved),
			suggest.Hint(t.Unresolved, templateIDs(p), "%q", ""))
	}
}

func templateIDs(p *schema.Pack) []string {
	ids := make([]string, 0, len(p.Templates))
	for id := range p.Templates {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func checkMissingFiles(c *Context) {
	p := c.Pack
	for _, ref := range p.MissingIncludes {
		c.ReportHint(ref.Pos(), fmt.Sprintf("included file %q does not exist inside the pack folder", ref.Text()),
			"paths are relative to game.yaml and may not leave the pack folder")
	}
}

func checkLimits(c *Context) {
	checkLengths(c)
	checkPaperFit(c, c.target)
	if m := c.Pack.Game.Print.Margin; m != nil && m.MM() > schema.MaxMargin {
		c.ReportHint(c.Pack.Game.Ref.Child("print").Child("margin").Pos(),
			fmt.Sprintf("print margin %gmm is more than %gmm", m.MM(), schema.MaxMargin),
			"home printers need about 4-5mm; the default is 0.25in (6.35mm)")
	}
	total := 0
	for _, d := range c.Pack.Decks() {
		total += d.Total()
	}
	if total > MaxTotalCards {
		c.Reportf(c.Pack.Game.Ref.Child("id").Pos(), "the pack prints %d cards; the limit is %d", total, MaxTotalCards)
	}
}

// inlineIcon matches {name}, and ${name} (a field a template inserts) so
// that it can be told apart.
var inlineIcon = regexp.MustCompile(`\$?\{([A-Za-z0-9_-]+)\}`)

// UnknownIcons returns the {names} in text that are not drawable icons.
func UnknownIcons(reg *schema.Registry, text string) []string {
	var out []string
	for _, m := range inlineIcon.FindAllStringSubmatch(text, -1) {
		if m[0][0] == '$' {
			continue
		}
		if !reg.HasIcon(m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// iconHint suggests the closest icon of any game, and lists those of the
// pack's game (with the shared ones).
func iconHint(c *Context, name string) string {
	system := ""
	if c.Pack != nil && c.Pack.Game != nil {
		system = c.Pack.Game.System
	}
	own := c.Pack.Registry().IconNamesFor(system)
	list := "icons: " + strings.Join(own, ", ")
	if more := len(c.Pack.Registry().IconNames()) - len(own); more > 0 {
		list += fmt.Sprintf(" (and %d of other games; `runforge icons` lists all)", more)
	}
	return suggest.Hint(name, c.Pack.Registry().IconNames(), "{%s}", list)
}

func checkInlineIcons(c *Context) {
	p := c.Pack
	for _, e := range p.Elements {
		f := e.Facts()
		for _, t := range f.Texts {
			for _, name := range UnknownIcons(c.Pack.Registry(), t.Text) {
				c.ReportHint(t.Ref.Pos(), fmt.Sprintf("%s: unknown inline icon {%s}", t.What, name), iconHint(c, name))
			}
		}
		for _, ic := range f.Icons {
			if !c.Pack.Registry().HasIcon(ic.Name) {
				c.ReportHint(ic.Ref.Pos(), fmt.Sprintf("%s: unknown icon %q", ic.What, ic.Name), iconHint(c, ic.Name))
			}
		}
	}
	checkIconRows(c)
	for _, id := range templateIDs(p) {
		t := p.Templates[id]
		if t.Builtin {
			continue
		}
		for _, b := range t.Boxes {
			if b.Kind() == "icons" {
				continue // its text is a row of icon names: checkIconRows
			}
			for _, name := range UnknownIcons(c.Pack.Registry(), b.Text) {
				c.ReportHint(b.Ref.Child("text").Pos(), fmt.Sprintf("template %q box %q: unknown inline icon {%s}", id, b.ID, name), iconHint(c, name))
			}
			if b.Icon != "" && !c.Pack.Registry().HasIcon(b.Icon) {
				c.ReportHint(b.Ref.Child("icon").Pos(), fmt.Sprintf("template %q box %q: unknown icon %q", id, b.ID, b.Icon), iconHint(c, b.Icon))
			}
		}
	}
}

// checkIconRows reports the names an icon row (a template box of type
// icons) would draw for a card that are no icon: the build would leave
// them out. Each is reported where it is written: the card's field, or
// the box's text.
func checkIconRows(c *Context) {
	p := c.Pack
	for _, d := range p.Decks() {
		face, back := d.Sides()
		for _, tid := range []string{face, back} {
			t, ok := p.Templates[tid]
			if !ok || (tid == back && back == face) {
				continue
			}
			for _, b := range t.Boxes {
				if b.Kind() == "icons" {
					checkIconRow(c, d, t, tid, b)
				}
			}
		}
	}
}

// checkIconRow checks one icon row for every card of the deck.
func checkIconRow(c *Context, d *schema.Deck, t *schema.Template, tid string, b *schema.Box) {
	report := func(pos schema.Pos, what, name string) {
		c.ReportHint(pos, fmt.Sprintf("%s: unknown icon %q in the icon row %q of template %q", what, name, b.ID, tid), iconHint(c, name))
	}
	if b.Field == "" && !t.Builtin {
		for _, name := range strings.Fields(fieldRef.ReplaceAllString(b.Text, " ")) {
			if !c.Pack.Registry().HasIcon(name) {
				report(b.Ref.Child("text").Pos(), fmt.Sprintf("template %q box %q", tid, b.ID), name)
			}
		}
	}
	fields := []string{b.Field}
	if b.Field == "" {
		fields = nil
		for _, m := range fieldRef.FindAllStringSubmatch(b.Text, -1) {
			fields = append(fields, m[1])
		}
	}
	for _, card := range d.Cards {
		for _, f := range fields {
			what := fmt.Sprintf("card %q %s", card.ID, f)
			if list := card.List(f); list != nil {
				for i, name := range list {
					if !c.Pack.Registry().HasIcon(name) {
						report(card.FieldRef(f).Index(i).Pos(), what, name)
					}
				}
				continue
			}
			for _, name := range strings.Fields(card.Str(f)) {
				if !c.Pack.Registry().HasIcon(name) {
					report(card.FieldRef(f).Pos(), what, name)
				}
			}
		}
	}
}

// countSource is copies counted towards a component, and where; byFile,
// when set, says in which files the copies are written.
type countSource struct {
	file   string
	copies int
	ref    schema.Ref
	// count is the count: field that sets the copies, when one does.
	count  schema.Ref
	deck   *schema.Deck
	byFile []fileCopies
}

// related is the related position of a source of copies: the count: that
// sets them, else the component: line that counts them. A deck's copies are
// set by many cards' counts, and which of them changed cannot be told from
// the pack, so the deck's component: line stands for them.
func (s countSource) related() Related {
	msg := Counted(s.copies, "copy", "copies") + " counted here"
	if packWrites(s.count) {
		return Related{Pos: s.count.Pos(), Message: msg}
	}
	return Related{Pos: s.ref.Pos(), Message: msg}
}

// files is where the source's copies are written.
func (s countSource) files() []fileCopies {
	if s.byFile != nil {
		return s.byFile
	}
	return []fileCopies{{file: s.file, copies: s.copies}}
}

func (s countSource) pos() schema.Pos { return s.ref.Pos() }

// deckCopiesByFile splits the copies a deck counts towards its
// component by the file its cards are written in: a deck that overlays one
// of an extended pack holds cards of both packs. The deck's own file comes
// first, with 0 when it adds no counted card (it only removes some).
func deckCopiesByFile(d *schema.Deck) []fileCopies {
	ct, _ := d.Type()
	out := []fileCopies{{file: d.Ref.File(), removed: d.Removed}}
	index := map[string]int{d.Ref.File(): 0}
	for _, card := range d.Cards {
		if ct.CountsCard != nil && !ct.CountsCard(card) {
			continue
		}
		f := card.Ref.File()
		i, seen := index[f]
		if !seen {
			i = len(out)
			index[f] = i
			out = append(out, fileCopies{file: f})
		}
		out[i].copies += card.Count
	}
	return out
}

// fileCopies is a number of copies written in one file.
type fileCopies struct {
	file   string
	copies int
	// removed are the copies the file's remove: true entries took out of
	// the extended pack's deck.
	removed int
}

func checkDeckCounts(c *Context) {
	p := c.Pack
	type source = countSource
	sources := map[string][]source{}
	var ids []string
	for _, comp := range p.Game.Components {
		ids = append(ids, comp.ID)
	}
	for _, e := range p.Elements {
		for _, cp := range e.Facts().Copies {
			src := source{file: e.Source().File(), copies: cp.Copies, ref: cp.Ref, count: cp.Count}
			if d, ok := e.(*schema.Deck); ok {
				src.byFile = deckCopiesByFile(d)
				src.deck = d
			}
			comp := cp.Component
			if p.Component(comp) == nil {
				// A misspelt component: pack/dangling-ref reports it with
				// the near miss, and its copies count towards the component
				// meant, so that the count is not a second finding.
				comp = suggest.Nearest(comp, ids)
			}
			sources[comp] = append(sources[comp], src)
		}
	}
	for _, comp := range p.Game.Components {
		srcs := sources[comp.ID]
		if !comp.IsPrinted() || p.Unloaded[comp.ID] || p.Unreadable {
			continue
		}
		if len(srcs) == 0 {
			c.ReportHint(comp.Ref.Child("id").Pos(),
				fmt.Sprintf("component %q (%s) is printed but nothing in the pack provides it", comp.ID, comp.Name),
				"add a deck, tokens, sheet or board with component: "+comp.ID+", or mark the component printed: false with a substitute")
			continue
		}
		total := 0
		perFile := map[string]int{}
		removedIn := map[string]int{}
		var files []string
		for _, s := range srcs {
			total += s.copies
			for _, fc := range s.files() {
				if _, seen := perFile[fc.file]; !seen {
					files = append(files, fc.file)
				}
				perFile[fc.file] += fc.copies
				removedIn[fc.file] += fc.removed
			}
		}
		if total == comp.Expected {
			continue
		}
		var parts []string
		var related []Related
		var none []string
		for _, f := range files {
			switch {
			case perFile[f] > 0 && removedIn[f] > 0:
				parts = append(parts, fmt.Sprintf("%d in %s, which also removes %d", perFile[f], f, removedIn[f]))
			case perFile[f] > 0:
				parts = append(parts, fmt.Sprintf("%d in %s", perFile[f], f))
			case removedIn[f] > 0:
				none = append(none, fmt.Sprintf("%s removes %d and adds none", f, removedIn[f]))
			default:
				none = append(none, f+" adds none")
			}
		}
		parts = append(parts, none...)
		for _, s := range srcs {
			related = append(related, s.related())
		}
		at := comp.Ref.Child("expected").Pos()
		if own := ownSource(p, srcs); !inPack(p, at) && own != nil {
			// The component comes from an extended (bundled) pack: point at
			// the pack's own file that changed the count.
			related = append(related, Related{Pos: at, Message: "the component list of the extended pack"})
			at = *own
		}
		c.ReportHint(at,
			fmt.Sprintf("component %q expects %d copies but the pack has %d (%s)", comp.ID, comp.Expected, total, strings.Join(parts, ", ")),
			countHint(comp.ID, total, inPack(p, comp.Ref.Child("expected").Pos())),
			related...)
	}
}

// countHint says how to settle a count that differs from the component
// list: when the pack's own game.yaml holds the component, raise or lower
// its expected:; else (a bundled pack's list) the copies are what changes.
func countHint(id string, total int, ownList bool) string {
	if ownList {
		return fmt.Sprintf("if the pack is meant to have %d (a card you added, say), raise or lower expected: to %d on component %q in game.yaml; else change the cards' count: values", total, total, id)
	}
	return fmt.Sprintf("the count comes from the extended pack's component list: add or remove copies, or list component %q in this pack's game.yaml with expected: %d", id, total)
}

// inPack reports whether a position is in one of the pack's own files (not
// in a pack it extends).
func inPack(p *schema.Pack, pos schema.Pos) bool {
	return p.Root == "" || strings.HasPrefix(pos.File, p.Root+"/")
}

// ownSource returns the first source of copies in the pack's own files.
func ownSource(p *schema.Pack, srcs []countSource) *schema.Pos {
	for _, s := range srcs {
		if pos := s.pos(); inPack(p, pos) {
			return &pos
		}
	}
	return nil
}

func checkDeckCardTypes(c *Context) {
	for _, d := range c.Pack.Decks() {
		if msg, hint, ok := c.Pack.Registry().ForeignCardType(d.ID, d.CardType, c.Pack.Game.System); ok {
			c.ReportHint(d.Ref.Child("cardType").Pos(), msg, hint)
		}
	}
}

func checkEmptyDecks(c *Context) {
	for _, d := range c.Pack.Decks() {
		if d.Total() > 0 {
			continue
		}
		what := "has no cards"
		if len(d.Cards) > 0 {
			what = "has only cards with count: 0"
		}
		c.ReportHint(d.Ref.Child("cards").Pos(), fmt.Sprintf("deck %q %s, so it prints nothing", d.ID, what),
			"add cards or copies; build skips the deck")
	}
}

func checkTextFit(c *Context) {
	if c.Fitter == nil {
		return
	}
	// A box whose id misspells one of the template it extends is drawn as
	// a new box: its overflows are one finding at its id, not one per card.
	misspelt := misspeltBoxes(c.Pack)
	cascades := map[*schema.Box][]string{}
	reportBoxes(c, func(p *schema.Pack, d *schema.Deck, card *schema.Card) []Overflow {
		var keep []Overflow
		for _, o := range c.Fitter.Overflows(p, d, card) {
			if b := misspelt[[2]string{o.Template, o.Box}]; b != nil {
				if !slices.Contains(cascades[b], card.ID) {
					cascades[b] = append(cascades[b], card.ID)
				}
				continue
			}
			keep = append(keep, o)
		}
		return keep
	}, "does not fit", "shorten the text, or lower the box's minSize in a template override")
	for _, id := range templateIDs(c.Pack) {
		t := c.Pack.Templates[id]
		for _, b := range t.Boxes {
			cards := cascades[b]
			if len(cards) == 0 {
				continue
			}
			shown := cards
			if len(shown) > 3 {
				shown = append(shown[:3:3], fmt.Sprintf("%d more", len(cards)-3))
			}
			near := suggest.Nearest(b.ID, t.ParentBoxes)
			c.ReportHint(b.Ref.Child("id").Pos(),
				fmt.Sprintf("template %q: box %q is not in the template it extends (%q), so it is drawn as a new box, and its text does not fit on %s (%s)",
					id, b.ID, t.Extends, Counted(len(cards), "card", "cards"), AndList(shown)),
				fmt.Sprintf("did you mean %q? fix the spelling to change that box", near))
		}
	}
	for i := range c.Pack.Elements {
		reportTextIssues(c, elementTextIssues(c, i).overflows, "shorten the text, split it, or choose a larger size")
	}
}

// elementIssuesKey is the memo key of the text issues of the pack's i-th
// element.
type elementIssuesKey struct{ i int }

// elementIssues are the texts of one element that do not fit and those
// with characters the font cannot draw.
type elementIssues struct{ overflows, glyphs []schema.TextIssue }

// elementTextIssues checks the texts of the pack's i-th element once per
// validation run: text/overflow and text/glyph report the two halves of one
// check, which lays out (and for some kinds draws) the whole element.
func elementTextIssues(c *Context, i int) elementIssues {
	return Memo(c, elementIssuesKey{i}, func() elementIssues {
		overflows, glyphs := c.Fitter.ElementIssues(c.Pack, c.Pack.Elements[i])
		return elementIssues{overflows: overflows, glyphs: glyphs}
	})
}

// misspeltBoxes are the boxes a pack adds to a template it extends whose id
// is a near miss of one the template has, by template and box id.
func misspeltBoxes(p *schema.Pack) map[[2]string]*schema.Box {
	out := map[[2]string]*schema.Box{}
	for _, id := range templateIDs(p) {
		t := p.Templates[id]
		for _, b := range ownBoxes(t) {
			if b.Added && suggest.Nearest(b.ID, t.ParentBoxes) != "" {
				out[[2]string{id, b.ID}] = b
			}
		}
	}
	return out
}

// reportTextIssues reports issues of elements' texts at their fields.
func reportTextIssues(c *Context, issues []schema.TextIssue, hint string) {
	for _, is := range issues {
		c.ReportHint(is.Ref.Pos(), fmt.Sprintf("%s: %s", is.What, is.Detail), hint)
	}
}

func checkGlyphs(c *Context) {
	if c.Fitter == nil {
		return
	}
	reportBoxes(c, c.Fitter.MissingGlyphs, "cannot be drawn", "use other characters, or a pack font that has them (fonts: in game.yaml)")
	for i := range c.Pack.Elements {
		reportTextIssues(c, elementTextIssues(c, i).glyphs, "use other characters")
	}
}

// checkFonts reports the pack fonts that fail to load, embed or draw the
// characters the pack sets in them, at their file in the manifest.
func checkFonts(c *Context) {
	fc, ok := c.Fitter.(FontChecker)
	if !ok {
		return
	}
	for _, is := range fc.FontIssues(c.Pack) {
		c.ReportHint(is.Ref.Pos(), fmt.Sprintf("%s: %s", is.What, is.Detail),
			"the font file is damaged: export or download it again, or use another font")
	}
}

// reportBoxes reports the boxes a fitter finds, at the card field they show.
func reportBoxes(c *Context, find func(*schema.Pack, *schema.Deck, *schema.Card) []Overflow, what, hint string) {
	for _, d := range c.Pack.Decks() {
		for _, card := range d.Cards {
			for _, o := range find(c.Pack, d, card) {
				pos := card.Ref.Child("id").Pos()
				where := fmt.Sprintf("box %q of template %q", o.Box, o.Template)
				if o.Field != "" && card.Has(o.Field) {
					pos = card.FieldRef(o.Field).Pos()
					where = fmt.Sprintf("%s (box %q of template %q)", o.Field, o.Box, o.Template)
				}
				c.ReportHint(pos, fmt.Sprintf("card %q: %s %s: %s", card.ID, where, what, o.Detail), hint)
			}
		}
	}
}

// Counted is "1 copy" or "n copies".
func Counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// DecksOf returns the pack's decks of the given card type, in pack order.
func DecksOf(p *schema.Pack, cardType string) []*schema.Deck {
	var out []*schema.Deck
	for _, d := range p.Decks() {
		if d.CardType == cardType {
			out = append(out, d)
		}
	}
	return out
}
