package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/wcag"
)

// Contrast rules check the colours a pack sets for text against what the
// text is printed on (built-in templates and bundled packs are tested
// with the generator).
func contrastRules() []*Rule {
	return []*Rule{
		{ID: "style/contrast", Severity: Warning, Check: checkContrast,
			Doc: fmt.Sprintf("Text in colours the pack sets reads under %g:1 (WCAG 2 level AA) against what it is printed on: "+
				"a text box of the pack's template on the filled box under it or the card's background, a sheet's headings (accent) on its background, "+
				"a token's label (ink) on its fill. The grayscale and ink-saver prints choose readable ink themselves; the colour print keeps the pack's.", wcag.MinContrast)},
	}
}

// Defaults of the colours the renderer uses where a pack sets none.
const (
	defaultTextInk     = "#1a1a1a"
	defaultPaper       = "#ffffff"
	defaultSheetAccent = "#6b1410"
	defaultTokenFill   = "#dddddd"
	defaultTokenInk    = "#000000"
)

func checkContrast(c *Context) {
	p := c.Pack
	for _, id := range templateIDs(p) {
		if t := p.Templates[id]; !t.Builtin && !p.FromExtendedPack(t.Ref) {
			checkTemplateContrast(c, t)
		}
	}
	for _, e := range p.Elements {
		if p.FromExtendedPack(e.Source()) {
			continue
		}
		switch e := e.(type) {
		case *schema.Sheet:
			checkSheetContrast(c, e)
		case *schema.TokenSet:
			for _, t := range e.Tokens {
				if t.Label == "" {
					continue
				}
				reportLowContrast(c, t.Ink, defaultTokenInk, t.Fill, defaultTokenFill,
					fmt.Sprintf("token %q: its label", t.ID), "its fill", t.Ref.Child("ink"), t.Ref.Child("fill"), t.Ref)
			}
		}
	}
}

// checkTemplateContrast checks each text box of t against what lies under
// its middle: the filled rect or ellipse boxes drawn before it (a box
// shown only on some of the cards the text shows on, and what is under
// it, both count) and the card's background.
//
// A box whose id misspells one of the template it extends is left out, as
// text and as ground: template/override reports the misspelling, and the
// box meant, not this one, is what the author styled.
func checkTemplateContrast(c *Context, t *schema.Template) {
	misspelt := func(b *schema.Box) bool { return b.Added && suggest.Nearest(b.ID, t.ParentBoxes) != "" }
	for i, b := range t.Boxes {
		if b.Kind() != "text" || misspelt(b) {
			continue
		}
		cx, cy := b.X.MM()+b.W.MM()/2, b.Y.MM()+b.H.MM()/2
		ink := b.Color
		under := false
		for j := i - 1; j >= 0 && !under; j-- {
			g := t.Boxes[j]
			if (g.Kind() != "rect" && g.Kind() != "ellipse") || g.Fill == "" || misspelt(g) ||
				cx < g.X.MM() || cx > g.X.MM()+g.W.MM() || cy < g.Y.MM() || cy > g.Y.MM()+g.H.MM() {
				continue
			}
			reportLowContrast(c, ink, defaultTextInk, g.Fill, defaultPaper,
				fmt.Sprintf("template %q box %q", t.ID, b.ID), fmt.Sprintf("box %q", g.ID), b.Ref.Child("color"), g.Ref.Child("fill"), b.Ref)
			// A box shown on every card the text shows on hides what is
			// under it.
			under = g.When == "" || (g.When == b.When && fmt.Sprint(g.Equals) == fmt.Sprint(b.Equals))
		}
		if !under {
			reportLowContrast(c, ink, defaultTextInk, t.Background, defaultPaper,
				fmt.Sprintf("template %q box %q", t.ID, b.ID), "the card's background", b.Ref.Child("color"), t.Ref.Child("background"), b.Ref)
		}
	}
}

// checkSheetContrast checks a sheet's headings, in its accent, on its
// background, front and back.
func checkSheetContrast(c *Context, s *schema.Sheet) {
	reportLowContrast(c, s.Accent, defaultSheetAccent, s.Background, defaultPaper,
		fmt.Sprintf("sheet %q: its headings (accent)", s.ID), "its background", s.Ref.Child("accent"), s.Ref.Child("background"), s.Ref)
	if s.BackAccent == "" && s.BackBackground == "" {
		return
	}
	accent, bg := s.BackAccent, s.BackBackground
	accentRef, bgRef := s.Ref.Child("backAccent"), s.Ref.Child("backBackground")
	if accent == "" {
		accent, accentRef = s.Accent, s.Ref.Child("accent")
	}
	if bg == "" {
		bg, bgRef = s.Background, s.Ref.Child("background")
	}
	reportLowContrast(c, accent, defaultSheetAccent, bg, defaultPaper,
		fmt.Sprintf("sheet %q: the headings of its back", s.ID), "its back's background", accentRef, bgRef, s.Ref)
}

// reportLowContrast warns when text in ink (def when unset) reads under
// wcag.MinContrast on ground (groundDef when unset), at the ink's setting,
// else the ground's, else at fallback.
func reportLowContrast(c *Context, ink, inkDef, ground, groundDef, what, on string, inkRef, groundRef, fallback schema.Ref) {
	inkHex, groundHex := orDefault(ink, inkDef), orDefault(ground, groundDef)
	li, ok1 := luminance(inkHex)
	lg, ok2 := luminance(groundHex)
	if !ok1 || !ok2 {
		return // a malformed colour is the schema's finding
	}
	ratio := wcag.Ratio(li, lg)
	if ratio >= wcag.MinContrast {
		return
	}
	at := fallback
	switch {
	case packWrites(inkRef):
		at = inkRef
	case packWrites(groundRef):
		at = groundRef
	}
	c.ReportHint(at.Pos(),
		fmt.Sprintf("%s in %s on %s (%s) reads at %.2f:1, under %g:1", what, inkHex, on, groundHex, ratio, wcag.MinContrast),
		"darken the text on a light ground or the ground under light text (or use white or #1a1a1a text)")
}

// packWrites reports whether a file of the pack (not a built-in one) sets
// the value at ref.
func packWrites(ref schema.Ref) bool {
	f := ref.File()
	return ref.Exists() && f != "" && !strings.HasPrefix(f, "(built-in)")
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// luminance reads #rgb or #rrggbb.
func luminance(s string) (float64, bool) {
	if len(s) == 4 && s[0] == '#' {
		s = "#" + string([]byte{s[1], s[1], s[2], s[2], s[3], s[3]})
	}
	if len(s) != 7 || s[0] != '#' {
		return 0, false
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return 0, false
	}
	return wcag.Luminance(uint8(v>>16), uint8(v>>8), uint8(v)), true
}
