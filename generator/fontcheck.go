package generator

import (
	"fmt"
	"sort"
	"strings"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/schema"
)

// FontIssues loads every font of the pack the way a build uses it, with
// every character the pack sets in it (printable ASCII for a font no text
// uses yet): embedded and subset into a PDF by
// fpdf, and drawn by x/image/font/opentype as the PNG previews draw it. A
// font whose file parses but whose glyph data is broken fails there, as an
// error or a panic of the font library; each is returned at the font's file
// in the manifest, so that validate refuses what the build would crash on.
// With the TextFitter methods it makes a Renderer a validate.FontChecker.
func (r *Renderer) FontIssues(p *schema.Pack) []schema.TextIssue {
	if p == nil || p.Game == nil {
		return nil
	}
	used := r.packFontText(p)
	var out []schema.TextIssue
	for _, f := range p.Game.Fonts {
		st, ok := r.Fonts.Lookup(f.Name)
		if !ok || r.Fonts.Builtin(st) {
			continue // not loaded: the loader reported it
		}
		text := used[st]
		if text == "" {
			// No text is set in it yet: a damaged file is found before
			// any is.
			text = printableASCII
		}
		what := fmt.Sprintf("font %q (%s)", f.Name, f.File)
		for _, check := range []func(*draw.Fonts, draw.FontStyle, string) error{typeset.CheckPDFFont, typeset.CheckRasterFont} {
			if err := check(r.Fonts, st, text); err != nil {
				out = append(out, schema.TextIssue{Ref: f.Ref.Child("file"), What: what, Detail: err.Error()})
				break
			}
		}
	}
	return out
}

// printableASCII is what a pack font no text uses is checked with.
const printableASCII = "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

// packFontText collects, for each pack font, the characters the pack's
// cards and boards set in it, each once, sorted.
func (r *Renderer) packFontText(p *schema.Pack) map[draw.FontStyle]string {
	sets := map[draw.FontStyle]map[rune]bool{}
	add := func(st draw.FontStyle, text string) {
		if r.Fonts.Builtin(st) {
			return
		}
		if sets[st] == nil {
			sets[st] = map[rune]bool{}
		}
		for _, c := range plainText(text) {
			if c > ' ' {
				sets[st][c] = true
			}
		}
	}
	for _, d := range p.Decks() {
		for _, card := range d.Cards {
			r.eachTextBox(p, d, card, func(_ string, b *schema.Box, text string) {
				add(r.Fonts.Style(b.Font), text)
			})
		}
	}
	for _, b := range p.Boards() {
		for _, side := range b.Sides {
			for _, t := range side.Texts {
				add(r.Fonts.Style(t.Font), t.Text)
			}
		}
	}
	out := map[draw.FontStyle]string{}
	for st, set := range sets {
		runes := make([]rune, 0, len(set))
		for c := range set {
			runes = append(runes, c)
		}
		sort.Slice(runes, func(i, j int) bool { return runes[i] < runes[j] })
		out[st] = string(runes)
	}
	return out
}

// plainText is rich text without its inline icons.
func plainText(s string) string {
	var b strings.Builder
	for _, wd := range typeset.Words(s, draw.Regular) {
		for _, run := range wd {
			b.WriteString(run.Text)
		}
		b.WriteByte(' ')
	}
	return b.String()
}
