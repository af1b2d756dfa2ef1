package deck

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// loadGang loads testdata/deckgang: deck host (7 copies) and the decks that
// print with it, extras (2, the generic shared back) and notes (3, a back
// that shows each card's name), and returns the host's gang.
func loadGang(t *testing.T) (*schema.Pack, *schema.Deck, []deckPart) {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS("testdata/deckgang"), "deckgang")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	host, face, back, _ := deckOf(t, p, "host")
	parts, err := deckGang(p, host, face, back)
	if err != nil {
		t.Fatal(err)
	}
	return p, host, parts
}

// gangSide is what the side of a card of the deckgang pack shows: every
// face its name; a note's back its name, the other backs "runforge".
func gangSide(cd *generator.CardData, back bool) string {
	if back && cd.Deck.ID != "notes" {
		return "runforge"
	}
	return cd.Card.Fields["name"].(string)
}

// textsIn returns the texts drawn on a page of an inkCanvas whose box lies
// inside r.
func textsIn(ops []rendertest.InkOp, r layout.Rect) []string {
	const eps = 0.01
	var out []string
	for _, op := range ops {
		b := op.Box
		if strings.HasPrefix(op.What, "text ") && b.X >= r.X-eps && b.Y >= r.Y-eps && b.Right() <= r.Right()+eps && b.Bottom() <= r.Bottom()+eps {
			out = append(out, strings.TrimPrefix(op.What, "text "))
		}
	}
	return out
}

// checkSlot reports a slot that does not show exactly want ("" for a blank
// slot).
func checkSlot(t *testing.T, where string, ops []rendertest.InkOp, trim layout.Rect, want string) {
	t.Helper()
	got := textsIn(ops, trim)
	switch {
	case want == "" && len(got) > 0:
		t.Errorf("%s: want a blank slot, got %q", where, got)
	case want != "" && !strings.Contains(strings.Join(got, "|"), want):
		t.Errorf("%s: want %q, got %q", where, want, got)
	}
}

// TestDeckGangSheets: on the host's sheets the decks that print with it
// follow its own cards, in pack order, each card drawn with its own deck's
// face; each back lies behind its front (mirrored and offset for duplex,
// in the fronts' order on pages of their own under duplex none) and shows
// its own deck's back; under duplex none only the backs that carry
// information print, the other slots stay blank, and a sheet without such
// backs has no page of backs. Each front page names the decks of its
// cards.
func TestDeckGangSheets(t *testing.T) {
	_, _, parts := loadGang(t)
	r := newTestRenderer(t)
	if got := len(gangCopies(parts)); got != 12 {
		t.Fatalf("%d copies, want 12", got)
	}
	for _, paper := range []string{"letter", "a4"} {
		for _, duplex := range []layout.Duplex{layout.LongEdge, layout.ShortEdge, layout.NoDuplex} {
			name := fmt.Sprintf("%s %s", paper, duplex)
			opts := deckOpts(paper, duplex)
			opts.BackOffset = layout.Point{X: 0.5, Y: -0.25}
			size, _ := parts[0].face.TrimSize()
			grid, err := deckGrid(opts, size)
			if err != nil {
				t.Fatal(err)
			}
			ink := rendertest.NewInkCanvas(r.Fonts)
			r.imposeGang(ink, grid, parts, opts, gangDrawer(r, nil, parts, opts.Bleed))

			copies := gangCopies(parts)
			per := grid.PerPage()
			sheets := (len(copies) + per - 1) / per
			// Under duplex none only the sheets with notes have a page of
			// backs, in sheet order after the fronts.
			backPages := sheets
			ownBack := map[int]int{}
			if duplex == layout.NoDuplex {
				backPages = 0
				for k := 0; k < sheets; k++ {
					if slices.ContainsFunc(copies[k*per:min((k+1)*per, len(copies))], func(cd *generator.CardData) bool { return cd.Deck.ID == "notes" }) {
						ownBack[k] = sheets + backPages
						backPages++
					}
				}
			}
			if len(ink.Pages) != sheets+backPages {
				t.Fatalf("%s: %d pages, want %d", name, len(ink.Pages), sheets+backPages)
			}
			for k := 0; k < sheets; k++ {
				sheet := copies[k*per : min((k+1)*per, len(copies))]
				var front, back []rendertest.InkOp
				var backSlots []layout.Slot
				if duplex == layout.NoDuplex {
					front = ink.Pages[k]
					if at, ok := ownBack[k]; ok {
						back = ink.Pages[at]
					}
					backSlots = grid.BackSlots(len(sheet), layout.NoDuplex, layout.Point{})
				} else {
					front, back = ink.Pages[2*k], ink.Pages[2*k+1]
					backSlots = grid.BackSlots(len(sheet), duplex, opts.BackOffset)
				}
				for i, cd := range sheet {
					where := fmt.Sprintf("%s sheet %d slot %d (%s)", name, k+1, i, cd.Card.ID)
					checkSlot(t, where+" front", front, grid.Slots(len(sheet))[i].Trim, gangSide(cd, false))
					want := gangSide(cd, true)
					if duplex == layout.NoDuplex && cd.Deck.ID != "notes" {
						want = ""
					}
					checkSlot(t, where+" back", back, backSlots[i].Trim, want)
				}
				// The last sheet has empty slots: room for its label.
				if labels := gangSheetLabels(parts, sheet); k == sheets-1 && !showsAny(front, labels) {
					t.Errorf("%s sheet %d: no label %q", name, k+1, labels)
				}
			}
		}
	}
}

// showsAny reports whether a page shows one of the texts.
func showsAny(ops []rendertest.InkOp, texts []string) bool {
	for _, op := range ops {
		for _, s := range texts {
			if op.What == "text "+s {
				return true
			}
		}
	}
	return false
}

// TestDeckGangOrder: the gang is the host, then its guests in pack order
// (files in name order: extras.yaml before notes.yaml),
// and each sheet's labels name the decks of its cards in order.
func TestDeckGangOrder(t *testing.T) {
	_, _, parts := loadGang(t)
	var ids []string
	for _, part := range parts {
		ids = append(ids, fmt.Sprintf("%s:%d", part.deck.ID, len(part.copies)))
	}
	if got := strings.Join(ids, " "); got != "host:7 extras:2 notes:3" {
		t.Errorf("gang %s, want host:7 extras:2 notes:3", got)
	}
	copies := gangCopies(parts)
	for _, c := range []struct {
		sheet []*generator.CardData
		want  []string
	}{
		{copies[:9], []string{"cards of this sheet, in order: Host cards (7), Extra cards (2)", "host 7, extras 2"}},
		{copies[9:], []string{"cards of this sheet, in order: Note cards (3)", "notes 3"}},
	} {
		if got := gangSheetLabels(parts, c.sheet); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("labels %q, want %q", got, c.want)
		}
	}
	if got := gangSheetLabels(parts[:1], copies[:7]); got != nil {
		t.Errorf("a deck of its own gets labels %q", got)
	}
}

// TestDeckGangGutterfold: on gutterfold pages each guest card's back lies
// in the back slot of its front, drawn with its own deck's back.
func TestDeckGangGutterfold(t *testing.T) {
	_, _, parts := loadGang(t)
	r := newTestRenderer(t)
	for _, paper := range []string{"letter", "a4"} {
		opts := gutterfoldTestOpts(paper)
		size, _ := parts[0].face.TrimSize()
		g, err := layout.NewGutterfold(gutterfoldSpec(opts, size))
		if err != nil {
			t.Fatal(err)
		}
		art := newGangSideArt(r, nil, parts, opts.Bleed)
		copies := gangCopies(parts)
		for start := 0; start < len(copies); start += g.PerPage() {
			sheet := copies[start:min(start+g.PerPage(), len(copies))]
			ink := rendertest.NewInkCanvas(r.Fonts)
			r.drawGutterfoldPage(ink.AddPage(g.PageW, g.PageH), g, sheet, art, opts)
			for i, cd := range sheet {
				where := fmt.Sprintf("%s card %d (%s)", paper, start+i, cd.Card.ID)
				checkSlot(t, where+" front", ink.Pages[0], g.Fronts(len(sheet))[i].Trim, gangSide(cd, false))
				checkSlot(t, where+" back", ink.Pages[0], g.Backs(len(sheet))[i].Trim, gangSide(cd, true))
			}
		}
	}
}

// TestDeckGangPDFs: the host's PDF holds every card of the gang in each
// layout (valid PDFs, the expected page counts) and names the guests in its
// title; the guests have no PDF of their own and the kit index says where
// their cards are.
func TestDeckGangPDFs(t *testing.T) {
	p, host, parts := loadGang(t)
	r := newTestRenderer(t)
	face, back := parts[0].face, parts[0].back
	writers := map[generator.Layout]func(io.Writer, *schema.Pack, *schema.Deck, *schema.Template, *schema.Template, generator.PrintOptions) (int, error){
		"": r.WriteDeck, generator.LayoutGutterfold: r.WriteDeckGutterfold, generator.LayoutPress: r.WriteDeckPress}
	for _, c := range []struct {
		name  string
		opts  generator.PrintOptions
		pages int
	}{
		{"sheet letter long", deckOpts("letter", layout.LongEdge), 4},
		{"sheet letter none", deckOpts("letter", layout.NoDuplex), 3}, // sheet 1 has no backs to keep
		{"gutterfold letter", gutterfoldTestOpts("letter"), 4},
		{"press", pressTestOpts("letter"), 24},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			pages, err := writers[c.opts.Layout](&buf, p, host, face, back, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if pages != c.pages {
				t.Errorf("%d pages, want %d", pages, c.pages)
			}
			pdftest.CheckPages(t, buf.Bytes(), c.pages)
		})
	}
	if got, want := gangTitle(p, host), "Host cards, with Extra cards and Note cards"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	for _, d := range p.Decks() {
		outs := strings.Join(d.Facts().Outputs, " ")
		if hasPDF := strings.Contains(outs, d.ID+".pdf"); hasPDF != (d.PrintWith == "") {
			t.Errorf("deck %s (printWith %q): outputs %s", d.ID, d.PrintWith, outs)
		}
	}
	index := strings.Join(indexDeck(r.Renderer, p, host, deckOpts("letter", layout.NoDuplex)), "\n")
	for _, want := range []string{"Host cards (7), then on the same sheets: Extra cards (2), Note cards (3)", "12 cards", "(page 3)"} {
		if !strings.Contains(index, want) {
			t.Errorf("index lacks %q:\n%s", want, index)
		}
	}
}

// TestDeckGangLeavesOutUnprinted: a deck the build does not print (here:
// no cards left) is not on the host's sheets.
func TestDeckGangLeavesOutUnprinted(t *testing.T) {
	p, host, parts := loadGang(t)
	for _, d := range p.Decks() {
		if d.ID == "notes" {
			d.Cards = nil
		}
	}
	gang, err := deckGang(p, host, parts[0].face, parts[0].back)
	if err != nil {
		t.Fatal(err)
	}
	if len(gang) != 2 || gang[1].deck.ID != "extras" {
		t.Errorf("gang of %d decks, want host and extras", len(gang))
	}
	if got, want := gangTitle(p, host), "Host cards, with Extra cards"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
}

// TestDeckGangSizeMismatch: a guest of another card size is an error, not
// cards drawn at the wrong size.
func TestDeckGangSizeMismatch(t *testing.T) {
	p, host, parts := loadGang(t)
	for _, d := range p.Decks() {
		if d.ID == "extras" {
			d.Size = "mini"
		}
	}
	_, err := deckGang(p, host, parts[0].face, parts[0].back)
	if err == nil || !strings.Contains(err.Error(), "deck extras prints with host, but its cards are 44x67mm") {
		t.Fatalf("got %v", err)
	}
}
