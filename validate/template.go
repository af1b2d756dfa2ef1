package validate

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/schema"
)

// Template rules check the templates a pack writes itself (built-in
// templates are tested with the generator): what their boxes bind to, where
// the boxes lie, and which boxes an override changes.
func templateRules() []*Rule {
	return []*Rule{
		{ID: "template/field", Severity: Warning, Check: checkTemplateFields,
			Doc: "A template box binds a field (field:, ${field} or when:) that no card of a deck using the template has; or a card of a generic deck has a field no box shows whose name is a near miss of one a box shows (nmae: for name:), or a template: or back: of its own, which only a deck takes."},
		{ID: "template/geometry", Severity: Warning, Check: checkTemplateGeometry,
			Doc: "A template box lies outside the card, or its minSize is larger than its size."},
		{ID: "template/card-size", Severity: Error, BlocksBuild: true, Check: checkTemplateCardSize,
			Doc: "A deck's cards are of another size than its face or back template is drawn for, and a box of the template then lies outside the card: the build would clip it."},
		{ID: "template/override", Severity: Warning, Check: checkTemplateOverrides,
			Doc: "A template box draws nothing: an override names a box the extended template does not have (likely a misspelt id) and gives it no area, text, icon or paint of its own; or a new box lacks them. A pack font only such a box names is reported with it. A new box that draws but whose id is a near miss of a box the template extends (a misspelt override with full geometry) is reported too: the box meant stays as it was."},
		{ID: "pack/output-collision", Severity: Error, Fixed: true, Check: checkOutputCollisions,
			Doc: "Two elements, or an element and a file of the kit (tokens.pdf, calibration.pdf, ...), would be written to one output file."},
	}
}

// ownBoxes are the boxes of a template that the pack wrote (not built-in).
func ownBoxes(t *schema.Template) []*schema.Box {
	var out []*schema.Box
	for _, b := range t.Boxes {
		if packWrote(b) {
			out = append(out, b)
		}
	}
	return out
}

// packWrote reports whether the pack wrote the box (it is not built-in).
func packWrote(b *schema.Box) bool {
	f := b.Ref.File()
	return f != "" && !strings.HasPrefix(f, "(built-in)")
}

// decksByTemplate lists, for each template id, the printed decks that use it
// as face or back.
func decksByTemplate(p *schema.Pack) map[string][]*schema.Deck {
	out := map[string][]*schema.Deck{}
	for _, d := range p.Decks() {
		if !p.Prints(d) {
			continue
		}
		face, back := d.Sides()
		out[face] = append(out[face], d)
		if back != "" && back != face {
			out[back] = append(out[back], d)
		}
	}
	return out
}

var fieldRef = regexp.MustCompile(`\$\{([A-Za-z0-9_-]+)\}`)

// boxBindings lists the card fields a box reads, with the box field that
// names each.
func boxBindings(b *schema.Box) [][2]string {
	var out [][2]string
	if b.Field != "" {
		out = append(out, [2]string{"field", b.Field})
	}
	if b.When != "" {
		out = append(out, [2]string{"when", strings.TrimPrefix(b.When, "!")})
	}
	for _, m := range fieldRef.FindAllStringSubmatch(b.Text, -1) {
		out = append(out, [2]string{"text", m[1]})
	}
	return out
}

// deckFields are the fields cards of the deck have, plus those the card
// type derives.
func deckFields(d *schema.Deck) map[string]bool {
	have := map[string]bool{"id": true, "count": true}
	for _, card := range d.Cards {
		for k := range card.Fields {
			have[k] = true
		}
	}
	if ct, ok := d.Type(); ok {
		for _, f := range ct.Derived {
			have[f] = true
		}
	}
	return have
}

func checkTemplateFields(c *Context) {
	users := decksByTemplate(c.Pack)
	for _, id := range templateIDs(c.Pack) {
		decks := users[id]
		if len(decks) == 0 {
			continue
		}
		for _, b := range ownBoxes(c.Pack.Templates[id]) {
			for _, bind := range boxBindings(b) {
				if bind[0] == "when" && c.Pack.FromExtendedPack(b.Ref) {
					// The extended pack's box shows only on cards with the
					// field; a pack that removes them removes the box too.
					continue
				}
				var missing []string
				var known []string
				for _, d := range decks {
					have := deckFields(d)
					if !have[bind[1]] {
						missing = append(missing, d.ID)
						for f := range have {
							known = append(known, f)
						}
					}
				}
				if len(missing) == 0 {
					continue
				}
				sort.Strings(known)
				hint := suggest.Hint(bind[1], known, "%q", "fields of its cards: "+strings.Join(dedupeSorted(known), ", "))
				c.ReportHint(b.Ref.Child(bind[0]).Pos(),
					fmt.Sprintf("template %q box %q binds field %q, which no card of deck %s has", id, b.ID, bind[1], quoteAll(missing)), hint)
			}
		}
	}
	checkGenericCardFields(c)
}

// checkGenericCardFields reports, on the cards of generic decks (whose
// fields are free), a field no box of the deck's templates shows whose name
// is a near miss of one they show (nmae: for name:), and a template: or
// back: on a card, which only a deck takes.
func checkGenericCardFields(c *Context) {
	for _, d := range c.Pack.Decks() {
		if d.CardType != "generic" {
			continue
		}
		face, back := d.Sides()
		// shown are the fields the templates' boxes show; misbound those a
		// box of the pack's own binds that no card has: the box's finding
		// above reports the pair from that side.
		shown, misbound, have := map[string]bool{}, map[string]bool{}, deckFields(d)
		for _, tid := range []string{face, back} {
			if t, ok := c.Pack.Templates[tid]; ok {
				for _, b := range t.Boxes {
					for _, bind := range boxBindings(b) {
						shown[bind[1]] = true
						if !have[bind[1]] && packWrote(b) {
							misbound[bind[1]] = true
						}
					}
				}
			}
		}
		names := make([]string, 0, len(shown))
		for f := range shown {
			names = append(names, f)
		}
		sort.Strings(names)
		for _, card := range d.Cards {
			for _, f := range sortedKeys(card.Fields) {
				switch {
				case shown[f]:
				case f == "template" || f == "back":
					c.ReportHint(card.FieldRef(f).KeyPos(),
						fmt.Sprintf("card %q has %s: %v, which a card does not take: every card of deck %q prints with the deck's %s", card.ID, f, card.Fields[f], d.ID, f),
						fmt.Sprintf("move %s: to the deck, or put the cards of another %s in a deck of their own", f, f))
				default:
					if near := suggest.Nearest(f, names); near != "" && !misbound[near] {
						c.ReportHint(card.FieldRef(f).KeyPos(),
							fmt.Sprintf("card %q has field %q, which no box of its deck's templates shows, so it prints nowhere", card.ID, f),
							fmt.Sprintf("did you mean %q? fix the spelling", near))
					}
				}
			}
		}
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// bleedAllowance is how far a shape or a picture may reach past the trim
// (into the bleed), as full-bleed art does.
const bleedAllowance = 3.0

func checkTemplateGeometry(c *Context) {
	users := decksByTemplate(c.Pack)
	for _, id := range templateIDs(c.Pack) {
		t := c.Pack.Templates[id]
		sizes := map[schema.Size]bool{}
		drawn, hasSize := t.TrimSize()
		for _, d := range users[id] {
			if s, ok := deckSize(c.Pack, d); ok && (!hasSize || sameCardSize(s, drawn)) {
				sizes[s] = true // a deck of another size: template/card-size
			}
		}
		if len(sizes) == 0 {
			if s, ok := t.TrimSize(); ok {
				sizes[s] = true
			}
		}
		card := largestCard(c.Pack, t, users[id])
		for _, b := range ownBoxes(t) {
			if beyondReach(b, card) {
				continue // a hard limit: pack/limit reports it
			}
			for size := range sizes {
				if msg := boxOutside(b, size); msg != "" {
					c.ReportHint(b.Ref.Child("id").Pos(), fmt.Sprintf("template %q box %q %s", id, b.ID, msg),
						"boxes are measured from the trim's top-left corner; keep text 3mm inside the trim")
					break
				}
			}
			if b.Kind() == "text" && b.MinSize > 0 && b.MinSize.Pt() > boxSizePt(b)+1e-9 {
				c.ReportHint(b.Ref.Child("minSize").Pos(),
					fmt.Sprintf("template %q box %q: minSize %gpt is larger than its size %gpt", id, b.ID, round(b.MinSize.Pt()), round(boxSizePt(b))),
					"minSize is the smallest size text shrinks to; make it at most size")
			}
		}
	}
}

// checkTemplateCardSize reports a printed deck whose cards are of another
// size than its face or back template is drawn for (size: mini with a
// template drawn for poker cards) when a box of the template, built-in or
// the pack's own, then lies outside the card: the build draws the template
// unchanged on the smaller card and clips it there.
func checkTemplateCardSize(c *Context) {
	for _, d := range c.Pack.Decks() {
		if !c.Pack.Prints(d) {
			continue
		}
		size, ok := deckSize(c.Pack, d)
		if !ok {
			continue
		}
		face, back := d.Sides()
		type clipped struct {
			what, id string
			drawn    schema.Size
			outside  []*schema.Box
			msg      string
		}
		var found []clipped
		for _, side := range []struct{ what, id string }{{"face", face}, {"back", back}} {
			t, ok := c.Pack.Templates[side.id]
			if !ok || side.id == "" || (side.what == "back" && side.id == face) {
				continue
			}
			drawn, ok := t.TrimSize()
			if !ok || sameCardSize(drawn, size) {
				continue
			}
			if outside, msg := boxesOutside(t, size); len(outside) > 0 {
				found = append(found, clipped{side.what, side.id, drawn, outside, msg})
			}
		}
		if len(found) == 0 {
			continue
		}
		// One finding for the deck: the size is one cause, whether it
		// clips the face, the back or both.
		first := found[0]
		what := fmt.Sprintf("box %q", first.outside[0].ID)
		switch n := len(first.outside) - 1; {
		case n == 1:
			what += " (and 1 other box)"
		case n > 1:
			what += fmt.Sprintf(" (and %d other boxes)", n)
		}
		templates := fmt.Sprintf("its %s template %q is", first.what, first.id)
		if len(found) == 2 {
			templates = fmt.Sprintf("its face template %q and back template %q are", found[0].id, found[1].id)
		}
		var related []Related
		for _, f := range found {
			if packWrote(f.outside[0]) {
				related = append(related, Related{Pos: f.outside[0].Ref.Child("id").Pos(), Message: "the box " + f.msg})
			}
		}
		c.ReportHint(cardSizeRef(c.Pack, d, first.what).Pos(),
			fmt.Sprintf("deck %q prints %s cards (%s), but %s drawn for %s cards: %s %s, so the build would clip it",
				d.ID, mmSize(size), deckSizeText(d, size), templates, mmSize(first.drawn), what, first.msg),
			fmt.Sprintf("use a template drawn for %s cards, or give the deck the card size its template has (%s)", mmSize(size), sizeText(first.drawn)),
			related...)
	}
}

// boxesOutside lists the boxes of a template that draw something and lie
// outside a card of the given size, with how the first leaves it.
func boxesOutside(t *schema.Template, size schema.Size) ([]*schema.Box, string) {
	var out []*schema.Box
	first := ""
	for _, b := range t.Boxes {
		if drawsNothing(b) != "" {
			continue
		}
		if msg := boxOutside(b, size); msg != "" {
			if first == "" {
				first = msg
			}
			out = append(out, b)
		}
	}
	return out, first
}

// cardSizeRef is where a deck's card size is set: its width: or size:, or
// for a back drawn for another size than the face, its back:.
func cardSizeRef(p *schema.Pack, d *schema.Deck, side string) schema.Ref {
	for _, f := range []string{"width", "size"} {
		if r := d.Ref.Child(f); r.Exists() {
			return r
		}
	}
	if r := d.Ref.Child(side); side == "back" && r.Exists() {
		return r
	}
	return deckSizeRef(p, d)
}

// deckSizeText is how a deck's card size is set, as the deck writes it.
func deckSizeText(d *schema.Deck, size schema.Size) string {
	if d.Width != nil && d.Height != nil {
		return fmt.Sprintf("width: %gmm, height: %gmm", round(size.W.MM()), round(size.H.MM()))
	}
	if d.Size != "" {
		return "size: " + d.Size
	}
	return "the size of its face template"
}

// sizeText is how a deck asks for cards of a size: size: <name> for a named
// size, else width: and height:.
func sizeText(s schema.Size) string {
	names := make([]string, 0, len(schema.CardSizes))
	for name := range schema.CardSizes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if sameCardSize(schema.CardSizes[name], s) {
			return "size: " + name
		}
	}
	return fmt.Sprintf("width: %gmm, height: %gmm", round(s.W.MM()), round(s.H.MM()))
}

// mmSize is "44x67mm".
func mmSize(s schema.Size) string { return fmt.Sprintf("%gx%gmm", round(s.W.MM()), round(s.H.MM())) }

// sameCardSize reports whether two card sizes are the same to 0.01 mm.
func sameCardSize(a, b schema.Size) bool {
	return math.Abs(a.W.MM()-b.W.MM()) <= 0.01 && math.Abs(a.H.MM()-b.H.MM()) <= 0.01
}

// boxSizePt is a text box's font size in points (10pt by default).
func boxSizePt(b *schema.Box) float64 {
	if b.Size > 0 {
		return b.Size.Pt()
	}
	return 10
}

func round(v float64) float64 { return float64(int(v*100+0.5)) / 100 }

// boxOutside says how a box leaves the card, or "" when it does not.
func boxOutside(b *schema.Box, size schema.Size) string {
	allow := 0.0
	switch b.Kind() {
	case "rect", "ellipse", "line", "image":
		allow = bleedAllowance
	}
	w, h := size.W.MM(), size.H.MM()
	right, bottom := b.X.MM()+b.W.MM(), b.Y.MM()+b.H.MM()
	if right <= w+allow+1e-6 && bottom <= h+allow+1e-6 {
		return ""
	}
	return fmt.Sprintf("reaches %gx%gmm, outside the %gx%gmm card", round(right), round(bottom), round(w), round(h))
}

// deckSize is the trim size a deck prints at.
func deckSize(p *schema.Pack, d *schema.Deck) (schema.Size, bool) {
	if d.Width != nil && d.Height != nil {
		return schema.Size{W: *d.Width, H: *d.Height}, true
	}
	if s, ok := schema.CardSizes[d.Size]; ok {
		return s, true
	}
	face, _ := d.Sides()
	if t, ok := p.Templates[face]; ok {
		return t.TrimSize()
	}
	return schema.Size{}, false
}

func checkTemplateOverrides(c *Context) {
	uses := fontUses(c.Pack)
	for _, id := range templateIDs(c.Pack) {
		t := c.Pack.Templates[id]
		if t.Unresolved != "" {
			continue // pack/dangling-ref reports the template
		}
		for _, b := range ownBoxes(t) {
			if t.Extends != "" && !b.Added {
				continue // it changes a box of the template it extends
			}
			lack := drawsNothing(b)
			if lack == "" {
				// A new box that draws, with the id of a box it extends
				// misspelt: the box meant stays as it was, and this one is
				// drawn besides it.
				if near := suggest.Nearest(b.ID, t.ParentBoxes); b.Added && near != "" {
					c.ReportHint(b.Ref.Child("id").Pos(),
						fmt.Sprintf("template %q: box %q is not in the template it extends (%q), so it is drawn as a new box and box %q stays as it was", id, b.ID, t.Extends, near),
						fmt.Sprintf("did you mean %q? fix the spelling to change that box, or give a new box an id further from it", near))
				}
				continue
			}
			msg := fmt.Sprintf("template %q: box %q %s, so it draws nothing", id, b.ID, lack)
			hint := "give the box what it draws and where: x, y, w and h, and its text, field, icon, fill or stroke"
			if b.Added {
				msg = fmt.Sprintf("template %q: box %q is not in the template it extends (%q); as a new box it %s, so it draws nothing", id, b.ID, t.Extends, lack)
				hint = suggest.Hint(b.ID, t.ParentBoxes, "%q", "boxes it extends: "+strings.Join(t.ParentBoxes, ", "))
			}
			if b.Font != "" && !slices.Contains(schema.BuiltinFonts, b.Font) && uses[b.Font] == 0 {
				msg += fmt.Sprintf("; no other box uses its font %q, so the font is not printed either", b.Font)
			}
			c.ReportHint(b.Ref.Child("id").Pos(), msg, hint)
		}
	}
}

// drawsNothing says what a box lacks to draw anything ("has no area (w
// and h)"), or "" when it draws.
func drawsNothing(b *schema.Box) string {
	switch kind := b.Kind(); {
	case kind == "line":
		if b.W <= 0 && b.H <= 0 {
			return "has no length (w or h)"
		}
		return ""
	case b.W <= 0 || b.H <= 0:
		return "has no area (w and h)"
	case kind == "text" && b.Text == "" && b.Field == "":
		return "has no text (text: or field:)"
	case kind == "icons" && b.Text == "" && b.Field == "":
		return "has no icons (field: or text:)"
	case kind == "icon" && b.Icon == "":
		return "has no icon (icon:)"
	case (kind == "rect" || kind == "ellipse") && b.Fill == "" && b.Stroke == "":
		return "has neither fill nor stroke"
	}
	return ""
}

// fontUses counts, for each font name, the template boxes that draw in it
// and the board texts set in it.
func fontUses(p *schema.Pack) map[string]int {
	out := map[string]int{}
	for _, t := range p.Templates {
		for _, b := range t.Boxes {
			if b.Font != "" && drawsNothing(b) == "" {
				out[b.Font]++
			}
		}
	}
	for _, bd := range p.Boards() {
		for _, side := range bd.Sides {
			for _, t := range side.Texts {
				out[t.Font]++
			}
		}
	}
	return out
}

func checkOutputCollisions(c *Context) {
	for _, col := range schema.Collisions(schema.OutputPlan(c.Pack)) {
		msg := fmt.Sprintf("%s would write %s, a file runforge writes for the kit itself", c.Pack.Registry().Describe(col.Then.Element), col.Path)
		var related []Related
		if col.First.Element != nil {
			msg = fmt.Sprintf("%s would write %s, which %s writes too", c.Pack.Registry().Describe(col.Then.Element), col.Path, c.Pack.Registry().Describe(col.First.Element))
			related = append(related, Related{Pos: col.First.Ref.Pos(), Message: "also written by " + c.Pack.Registry().Describe(col.First.Element)})
		}
		c.ReportHint(col.Then.Ref.Pos(), msg, "give it another id; outputs are named after ids", related...)
	}
}

func quoteAll(ids []string) string {
	q := make([]string, len(ids))
	for i, id := range ids {
		q[i] = fmt.Sprintf("%q", id)
	}
	return strings.Join(q, ", ")
}

func dedupeSorted(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
