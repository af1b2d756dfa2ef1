package kit

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/gamestest"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Groups: plain paper before card stock, one-sided before two-sided, each
// group's files in the kit's order; a two-sided group, and every file in
// it, starts on a front (an odd page), with a blank page before it where
// needed.
func TestPrintRunNumbering(t *testing.T) {
	card, plain := generator.CardStock, generator.PlainPaper
	long, none := layout.LongEdge, layout.NoDuplex
	files := []runFile{
		{path: "deck-a.pdf", pages: 4, stock: card, duplex: long},
		{path: "ref.pdf", pages: 1, stock: plain, duplex: none},
		{path: "boards.pdf", pages: 3, stock: card, duplex: none},
		{path: "tiles.pdf", pages: 3, stock: card, duplex: long}, // ends on a front
		{path: "guide.pdf", pages: 2, stock: plain, duplex: long},
		{path: "deck-b.pdf", pages: 2, stock: card, duplex: long},
	}
	groups := groupFiles(files)
	var order []string
	for _, g := range groups {
		var names []string
		for _, f := range g.files {
			names = append(names, f.path)
		}
		order = append(order, strings.Join(names, " "))
	}
	want := []string{"ref.pdf", "guide.pdf", "boards.pdf", "deck-a.pdf tiles.pdf deck-b.pdf"}
	if !slices.Equal(order, want) {
		t.Fatalf("groups %q, want %q", order, want)
	}
	for _, c := range []struct {
		planPages int
		// first pages of each file, group by group
		first [][]int
		lead  []int
		total int
	}{
		// plan 1; ref 2; guide needs a front: blank 3, guide 4-5? no: 3 is odd.
		{1, [][]int{{2}, {3}, {5}, {9, 13, 17}}, []int{0, 0, 0, 1}, 18},
		{2, [][]int{{3}, {5}, {7}, {11, 15, 19}}, []int{0, 1, 0, 1}, 20},
	} {
		rp := number(groups, c.planPages)
		for i := range groups {
			if !slices.Equal(rp.first[i], c.first[i]) {
				t.Errorf("plan of %d pages, group %d: files start on pages %v, want %v", c.planPages, i+1, rp.first[i], c.first[i])
			}
		}
		if !slices.Equal(rp.lead, c.lead) || rp.total != c.total {
			t.Errorf("plan of %d pages: blank pages before the groups %v, %d pages in all; want %v, %d", c.planPages, rp.lead, rp.total, c.lead, c.total)
		}
		// tiles.pdf (3 pages, two-sided, not last) is followed by a blank.
		if got := rp.blanks[3]; !slices.Equal(got, []int{0, 1, 0}) {
			t.Errorf("plan of %d pages: blanks after the two-sided files %v, want [0 1 0]", c.planPages, got)
		}
	}
}

// Every bundled kit has a print run: its first page is the print plan, then
// every page of every other PDF but calibration.pdf, each exactly once and
// not redrawn (its page contents are the same bytes), plus blank pages only
// where a double-sided file must start on a front. So its page count is the
// pages it gathers plus its plan and blank pages. The kit's index lists it.
func TestPrintRunOfEveryBundledKit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every bundled kit")
	}
	r, err := generator.NewRenderer(false, gamestest.All()...)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range data.Packs() {
		t.Run(name, func(t *testing.T) {
			p := rendertest.LoadBundled(t, name)
			out := t.TempDir()
			opts := generator.BuildOptions{OutDir: out, Print: generator.PrintOptions{
				Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed, Duplex: layout.LongEdge, CropMarks: true,
				Layout: generator.LayoutSheet, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			}}
			arts, err := Build(r, p, opts)
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(out, p.Game.ID)
			sources := map[string]int{} // page contents -> pages with them
			gathered, runPages := 0, 0
			var fronts []string // the first page of each double-sided file
			for _, a := range arts {
				if !strings.HasSuffix(a.Path, ".pdf") || a.Path == "calibration.pdf" {
					continue
				}
				b, err := os.ReadFile(filepath.Join(dir, a.Path))
				if err != nil {
					t.Fatal(err)
				}
				if a.Path == printRunPath {
					runPages = a.Pages
					continue
				}
				gathered += a.Pages
				contents := pageContents(t, b)
				for _, c := range contents {
					sources[string(c)]++
				}
				if d, _ := draw.DuplexPreset(b); d != layout.NoDuplex {
					fronts = append(fronts, string(contents[0]))
				}
			}
			run, err := os.ReadFile(filepath.Join(dir, printRunPath))
			if err != nil {
				t.Fatalf("no print run: %v", err)
			}
			pdftest.CheckPages(t, run, runPages)
			pages := pageContents(t, run)
			plan, blanks, copied := 0, 0, 0
			for i, c := range pages {
				switch {
				case c == nil:
					blanks++
				case sources[string(c)] > 0:
					sources[string(c)]--
					copied++
				case copied == 0 && blanks == 0:
					plan++
				default:
					t.Errorf("page %d is neither the plan, a blank, nor a page of the kit", i+1)
				}
			}
			// A double-sided file starts on a front: an odd page. (Checked
			// for the files whose first page is like no other page.)
			for _, f := range fronts {
				if n := slices.IndexFunc(pages, func(c []byte) bool { return string(c) == f }); n >= 0 && n%2 == 1 && countOf(pages, f) == 1 {
					t.Errorf("page %d: a double-sided file starts on a back", n+1)
				}
			}
			// The plan's own text is checked by TestPrintPlanText; here, the
			// first page is text that is no page of the kit.
			if plan < 1 || !bytes.Contains(pageText(t, run, 1), []byte("BT")) {
				t.Errorf("the first page is not the print plan")
			}
			if copied != gathered {
				t.Errorf("the print run holds %d of the kit's %d pages", copied, gathered)
			}
			if len(pages) != gathered+plan+blanks {
				t.Errorf("%d pages, want %d gathered + %d plan + %d blank", len(pages), gathered, plan, blanks)
			}
			if blanks > len(arts) {
				t.Errorf("%d blank pages for %d files", blanks, len(arts))
			}
			index, err := os.ReadFile(filepath.Join(dir, "components.txt"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(index, []byte("- print-run.pdf: ")) || !bytes.Contains(index, []byte("of card stock")) {
				t.Errorf("components.txt does not describe the print run")
			}
			// Every component of the list says where it is printed, with
			// its file and pages, or what to use instead.
			lines := strings.Split(string(index), "\n")
			for _, c := range p.Game.Components {
				i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, " x "+c.Name+" [") })
				if i < 0 {
					t.Errorf("components.txt does not list %q", c.Name)
					continue
				}
				var said []string
				for _, l := range lines[i+1:] {
					if !strings.HasPrefix(l, "      ") {
						break
					}
					said = append(said, strings.TrimSpace(l))
				}
				where := slices.ContainsFunc(said, func(l string) bool { return strings.HasPrefix(l, "printed in: ") && strings.Contains(l, ".pdf (page") })
				instead := slices.ContainsFunc(said, func(l string) bool { return strings.HasPrefix(l, "use instead: ") })
				// An add-on's index says which kit holds what it leaves
				// to the pack it extends.
				inBase := p.IsAddOn() && strings.Contains(lines[i], "[in the ")
				if (c.IsPrinted() != where && !inBase) || (!where && !instead && !inBase) {
					t.Errorf("components.txt, %q: printed %v, but says %q", c.Name, c.IsPrinted(), said)
				}
			}
		})
	}
}

// readContext reads a PDF back with its page count.
func readContext(t *testing.T, pdf []byte) *model.Context {
	t.Helper()
	ctx, err := api.ReadContext(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err != nil {
		t.Fatal(err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// pageContents is the raw content stream of each page of a PDF (nil for a
// page without one).
func pageContents(t *testing.T, pdf []byte) [][]byte {
	t.Helper()
	ctx := readContext(t, pdf)
	var out [][]byte
	for i := 1; i <= ctx.PageCount; i++ {
		sd := contentStream(t, ctx, i)
		if sd == nil {
			out = append(out, nil)
			continue
		}
		out = append(out, sd.Raw)
	}
	return out
}

// pageText is the decoded content stream of page i.
func pageText(t *testing.T, pdf []byte, i int) []byte {
	t.Helper()
	ctx := readContext(t, pdf)
	sd := contentStream(t, ctx, i)
	if sd == nil {
		return nil
	}
	if err := sd.Decode(); err != nil {
		t.Fatal(err)
	}
	return sd.Content
}

// contentStream is page i's content stream, nil when it has none.
func contentStream(t *testing.T, ctx *model.Context, i int) *types.StreamDict {
	t.Helper()
	d, _, _, err := ctx.PageDict(i, false)
	if err != nil {
		t.Fatal(err)
	}
	ref := d.IndirectRefEntry("Contents")
	if ref == nil {
		return nil
	}
	sd, _, err := ctx.DereferenceStreamDict(*ref)
	if err != nil {
		t.Fatal(err)
	}
	return sd
}

// countOf is how many pages have the contents c.
func countOf(pages [][]byte, c string) int {
	n := 0
	for _, p := range pages {
		if string(p) == c {
			n++
		}
	}
	return n
}

// The plan says, for each group, its pages, paper and duplex setting and
// its files with their pages and what to do with them (an instruction the
// group already gave is not repeated), where a page is left blank and why,
// and the sheets of each stock; the calibration sheet comes first when a
// group is double-sided.
func TestPrintPlanText(t *testing.T) {
	p := &schema.Pack{Game: &schema.Game{Title: "Test Game"}}
	cut := "cut along the crop marks"
	files := []runFile{
		{path: "a.pdf", name: "Deck A", pages: 3, stock: generator.CardStock, duplex: layout.LongEdge, steps: []string{"3 cards", cut}},
		{path: "b.pdf", name: "Deck B", pages: 2, stock: generator.CardStock, duplex: layout.LongEdge, steps: []string{"2 cards", cut}},
		{path: "ref.pdf", name: "Reference", pages: 1, stock: generator.PlainPaper, duplex: layout.NoDuplex},
	}
	rp := number(groupFiles(files), 1)
	var lines []string
	for _, pp := range planParas(p, generator.PrintOptions{}, rp, true) {
		lines = append(lines, pp.text)
	}
	text := strings.Join(lines, "\n")
	for _, want := range []string{
		"Print plan: Test Game",
		"In all: 3 sheets of card stock and 1 sheet of plain paper.",
		"print calibration.pdf (not in this file)",
		"1. Page 2: plain paper, one-sided (1 sheet)",
		"Page 2: ref.pdf, Reference",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the plan does not say %q:\n%s", want, text)
		}
	}
	for _, want := range []string{
		"2. Pages 3-8: card stock, double-sided, flip on the long edge (3 sheets)",
		"Pages 3-5: a.pdf, Deck A (page 6 is left blank so that the next file starts on a front)",
		"Pages 7-8: b.pdf, Deck B",
		"otherwise as the files above",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the plan does not say %q:\n%s", want, text)
		}
	}
	if strings.Count(text, cut) != 1 {
		t.Errorf("the plan repeats %q:\n%s", cut, text)
	}
	without := planParas(p, generator.PrintOptions{}, rp, false)
	for _, pp := range without {
		if strings.Contains(pp.text, "calibration") {
			t.Errorf("a kit without a calibration sheet is told to print one: %q", pp.text)
		}
	}
}

// Pages for a print shop (the press layout: a piece a page at trim +
// bleed) form a group of their own after everything a home printer
// prints, and count as press pages, not sheets of the kit's paper.
func TestPrintRunPrintShopGroup(t *testing.T) {
	files := []runFile{
		{path: "deck.pdf", pages: 4, stock: generator.PrintShop, duplex: layout.LongEdge},
		{path: "board.pdf", pages: 1, stock: generator.CardStock, duplex: layout.NoDuplex},
		{path: "ref.pdf", pages: 1, stock: generator.PlainPaper, duplex: layout.NoDuplex},
	}
	groups := groupFiles(files)
	if len(groups) != 3 || groups[2].stock != generator.PrintShop {
		t.Fatalf("groups %+v: want the print shop's last", groups)
	}
	rp := number(groups, 1)
	if got := rp.amount(2); got != "4 press pages" {
		t.Errorf("the print shop's group takes %q, want 4 press pages", got)
	}
	text := ""
	for _, pp := range planParas(&schema.Pack{Game: &schema.Game{Title: "T"}}, generator.PrintOptions{}, rp, false) {
		text += pp.text + "\n"
	}
	if !strings.Contains(text, "In all: 1 sheet of card stock, 1 sheet of plain paper and 4 press pages for a print shop.") || !strings.Contains(text, "not for a home printer") {
		t.Errorf("the plan counts or names the print shop's pages wrong:\n%s", text)
	}
}
