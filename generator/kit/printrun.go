package kit

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// printRunPath is the kit's one-run file: every page of the kit's other
// PDFs (but the calibration sheet) in print order, after a print plan.
const printRunPath = "print-run.pdf"

// runFile is one PDF of the kit as the print run gathers it.
type runFile struct {
	path  string
	name  string
	pages int
	stock generator.Stock
	// duplex is how the file's pages go through the printer: the preset
	// it was written with (layout.NoDuplex: one-sided).
	duplex layout.Duplex
	// steps say what to do with the printed pages: the file's lines in
	// the kit's index.
	steps []string
}

// runGroup is the files printed in one go: one stock, one duplex setting.
type runGroup struct {
	stock  generator.Stock
	duplex layout.Duplex
	files  []runFile
}

// twoSided reports whether the group prints on both sides of the paper.
func (g runGroup) twoSided() bool { return g.duplex != layout.NoDuplex }

// runPlan is the print run laid out: the groups, with each file's first
// page and the blank pages after it, in the joined document's numbering.
type runPlan struct {
	groups []runGroup
	// planPages is the number of print plan pages the plan was numbered
	// for; first[i][j] is the 1-based first page of groups[i].files[j],
	// blanks[i][j] the blank pages that follow it, lead[i] the blank pages
	// before group i (so that a two-sided group starts on a front).
	planPages int
	first     [][]int
	blanks    [][]int
	lead      []int
	total     int
}

// number numbers the pages of the groups after planPages plan pages: a
// two-sided group starts on a front (an odd page), and so does every file
// in it, with a blank page before it where needed.
func number(groups []runGroup, planPages int) runPlan {
	rp := runPlan{groups: groups, planPages: planPages}
	page := planPages // pages so far
	for _, g := range groups {
		lead := 0
		if g.twoSided() && page%2 == 1 {
			lead = 1
		}
		page += lead
		rp.lead = append(rp.lead, lead)
		var first, blanks []int
		for k, f := range g.files {
			first = append(first, page+1)
			page += f.pages
			b := 0
			if g.twoSided() && f.pages%2 == 1 && k < len(g.files)-1 {
				b = 1
			}
			page += b
			blanks = append(blanks, b)
		}
		rp.first = append(rp.first, first)
		rp.blanks = append(rp.blanks, blanks)
	}
	rp.total = page
	return rp
}

// groupRange is the pages of group i, first to last (blank pages included
// but the one before it).
func (rp runPlan) groupRange(i int) (lo, hi int) {
	g := rp.groups[i]
	lo = rp.first[i][0]
	last := len(g.files) - 1
	hi = rp.first[i][last] + g.files[last].pages - 1
	return lo, hi
}

// sheets is the number of sheets of paper group i takes.
func (rp runPlan) sheets(i int) int {
	lo, hi := rp.groupRange(i)
	n := hi - lo + 1
	if rp.groups[i].twoSided() {
		return (n + 1) / 2
	}
	return n
}

// runFiles lists the kit's PDFs as the print run gathers them, in the
// kit's order (each element's files, then the kit's own), with what the
// kit's index says about them; the calibration sheet and the print run
// itself are left out. Only files the build wrote (arts) are listed; pdf
// reads a written file.
func runFiles(r *generator.Renderer, p *schema.Pack, opts generator.PrintOptions, arts []generator.Artifact, pdf func(path string) ([]byte, error)) ([]runFile, map[string][]byte, error) {
	opts = effectivePrint(opts)
	pages := map[string]int{}
	for _, a := range arts {
		if strings.HasSuffix(a.Path, ".pdf") {
			pages[a.Path] = a.Pages
		}
	}
	var files []runFile
	data := map[string][]byte{}
	add := func(f runFile) error {
		n, ok := pages[f.path]
		if !ok || n == 0 || data[f.path] != nil {
			return nil
		}
		b, err := pdf(f.path)
		if err != nil {
			return err
		}
		f.pages = n
		f.duplex, _ = draw.DuplexPreset(b)
		data[f.path] = b
		files = append(files, f)
		return nil
	}
	done := map[schema.Element]bool{}
	for _, o := range schema.OutputPlan(p) {
		e := o.Element
		if e == nil || !strings.HasSuffix(o.Path, ".pdf") {
			continue
		}
		f := runFile{path: o.Path, name: schema.PlanFacts(e).Name}
		if kr, ok := r.KindOf(e.Kind()); ok {
			f.stock = stockOf(r, p, e, kr, opts)
			if !done[e] {
				f.steps = indexOf(r, p, e, kr, opts)
			}
		}
		done[e] = true
		if err := add(f); err != nil {
			return nil, nil, err
		}
	}
	for _, k := range kitOutputs(r) {
		if k.path == printRunPath || k.path == "calibration.pdf" || !strings.HasSuffix(k.path, ".pdf") || !k.wanted(p, opts, false) {
			continue
		}
		f := runFile{path: k.path, name: k.what, stock: k.stockFor(p, opts)}
		if k.index != nil {
			f.steps = k.index(p, opts)
		}
		if err := add(f); err != nil {
			return nil, nil, err
		}
	}
	return files, data, nil
}

// groupFiles puts the files into print groups: plain paper before card
// stock, one-sided before two-sided, each group's files in kit order.
func groupFiles(files []runFile) []runGroup {
	var groups []runGroup
	for _, f := range files {
		i := slices.IndexFunc(groups, func(g runGroup) bool { return g.stock == f.stock && g.duplex == f.duplex })
		if i < 0 {
			groups = append(groups, runGroup{stock: f.stock, duplex: f.duplex})
			i = len(groups) - 1
		}
		groups[i].files = append(groups[i].files, f)
	}
	rank := func(g runGroup) int {
		r := 0
		switch g.stock {
		case generator.CardStock:
			r += 2
		case generator.PrintShop:
			r += 4
		}
		if g.twoSided() {
			r++
		}
		return r
	}
	slices.SortStableFunc(groups, func(a, b runGroup) int { return rank(a) - rank(b) })
	return groups
}

// Layout of the print plan pages.
const (
	planTitlePt = 14.0
	planHeadPt  = 10.5
	planTextPt  = 8.5
	planStepPt  = 7.5
	planIndent  = 5.0 // mm, file lines under a group heading
	planStepIn  = 9.0 // mm, a file's steps under its line
	planGap     = 1.6 // mm between paragraphs
)

// planPara is one paragraph of the print plan.
type planPara struct {
	text   string
	font   draw.FontStyle
	size   float64
	indent float64
	gap    float64 // extra space above, mm
}

// planParas is the text of the print plan of rp.
func planParas(p *schema.Pack, opts generator.PrintOptions, rp runPlan, calibration bool) []planPara {
	var out []planPara
	para := func(text string, font draw.FontStyle, size, indent, gap float64) {
		out = append(out, planPara{text: text, font: font, size: size, indent: indent, gap: gap})
	}
	para("Print plan: "+p.Game.Title, draw.Bold, planTitlePt, 0, 0)
	plain, card, shop := 0, 0, 0
	for i, g := range rp.groups {
		switch g.stock {
		case generator.PlainPaper:
			plain += rp.sheets(i)
		case generator.CardStock:
			card += rp.sheets(i)
		case generator.PrintShop:
			lo, hi := rp.groupRange(i)
			shop += hi - lo + 1
		}
	}
	para(fmt.Sprintf("This file holds every page of the kit (%s after this plan) in print order, in %s. "+
		"Print each group as one job, with its paper loaded and its duplex setting, at 100%% (actual size, no fit to page). "+
		"In all: %s.", generator.Plural(rp.total-rp.planPages, "page"), generator.Plural(len(rp.groups), "group"), sheetTotals(plain, card, shop)),
		draw.Regular, planTextPt, 0, planGap)
	if p.Whole() != p {
		para(addOnNeeds(p), draw.Regular, planTextPt, 0, planGap)
	}
	if calibration {
		para("Before the double-sided groups: print calibration.pdf (not in this file) on both sides of one sheet, "+
			"and if its backs miss, rebuild with the --back-offset it gives.", draw.Regular, planTextPt, 0, planGap)
	}
	for i, g := range rp.groups {
		lo, hi := rp.groupRange(i)
		sides := "one-sided"
		if g.twoSided() {
			sides = "double-sided, flip on the " + g.duplex.String() + " edge"
		}
		head := fmt.Sprintf("%d. %s: %s, %s (%s)", i+1, capital(generator.PageRange(lo, hi)), g.stock, sides, rp.amount(i))
		if rp.lead[i] > 0 {
			head += fmt.Sprintf("; page %d before it is left blank so that the group starts on a front", lo-1)
		}
		para(head, draw.Bold, planHeadPt, 0, 2*planGap)
		seen := map[string]bool{}
		for k, f := range g.files {
			first := rp.first[i][k]
			line := fmt.Sprintf("%s: %s, %s", capital(generator.PageRange(first, first+f.pages-1)), f.path, f.name)
			if b := rp.blanks[i][k]; b > 0 {
				line += fmt.Sprintf(" (page %d is left blank so that the next file starts on a front)", first+f.pages)
			}
			para(line, draw.Bold, planTextPt, planIndent, planGap)
			repeated := false
			for _, s := range f.steps {
				if seen[s] {
					repeated = true
					continue
				}
				seen[s] = true
				para(s, draw.Regular, planStepPt, planStepIn, 0)
			}
			if repeated {
				para("otherwise as the files above", draw.Regular, planStepPt, planStepIn, 0)
			}
		}
	}
	return out
}

// amount is what group i takes: its sheets of paper, or for a print shop
// its pages (one piece's side each).
func (rp runPlan) amount(i int) string {
	if rp.groups[i].stock == generator.PrintShop {
		lo, hi := rp.groupRange(i)
		return generator.Plural(hi-lo+1, "press page")
	}
	return generator.Plural(rp.sheets(i), "sheet")
}

// sheetTotals says how many sheets of each stock a kit takes, and how many
// pages it has for a print shop.
func sheetTotals(plain, card, shop int) string {
	var parts []string
	if card > 0 {
		parts = append(parts, fmt.Sprintf("%d %s of card stock", card, generator.PluralOf(card, "sheet", "sheets")))
	}
	if plain > 0 {
		parts = append(parts, fmt.Sprintf("%d %s of plain paper", plain, generator.PluralOf(plain, "sheet", "sheets")))
	}
	if shop > 0 {
		parts = append(parts, generator.Plural(shop, "press page")+" for a print shop")
	}
	if n := len(parts); n > 2 {
		return strings.Join(parts[:n-1], ", ") + " and " + parts[n-1]
	}
	return strings.Join(parts, " and ")
}

// capital is s with its first letter in capitals (ASCII).
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// placedPara is a laid-out paragraph of the plan on its page.
type placedPara struct {
	page  int
	y     float64
	block typeset.Block
	x, w  float64
}

// layoutPlan lays the plan's paragraphs out on pages of the paper, inside
// the printer margin, and returns where each goes and the page count.
func layoutPlan(f *draw.Fonts, paras []planPara, opts generator.PrintOptions) ([]placedPara, int) {
	m := max(opts.Margin, 6.35) + 4
	top, bottom := m, opts.Paper.H-m
	page, y := 0, top
	var out []placedPara
	for i, pp := range paras {
		x := m + pp.indent
		w := opts.Paper.W - m - x
		st := typeset.Style{Font: pp.font, Size: pp.size, LineHeight: 1.25}
		b := typeset.Layout(f, pp.text, st, w, 10000)
		if i > 0 {
			y += pp.gap
		}
		if y+b.Height > bottom && y > top {
			page++
			y = top
		}
		out = append(out, placedPara{page: page, y: y, block: b, x: x, w: w})
		y += b.Height
	}
	return out, page + 1
}

// printRun plans the print run of files: it numbers the pages for the
// plan's own page count (which the numbers it prints may change, so until
// the two agree) and lays out the plan.
func printRun(f *draw.Fonts, p *schema.Pack, opts generator.PrintOptions, files []runFile, calibration bool) (runPlan, []placedPara, int) {
	groups := groupFiles(files)
	planPages := 1
	for {
		rp := number(groups, planPages)
		placed, n := layoutPlan(f, planParas(p, opts, rp, calibration), opts)
		if n == planPages {
			return rp, placed, n
		}
		if n < planPages {
			// Fewer plan pages than numbered for: pad the plan.
			return rp, placed, planPages
		}
		planPages = n
	}
}

// kitRun is what the files written after the others share: the files the
// build wrote (arts, in the folder stage) and, worked out once, the print
// run they make.
type kitRun struct {
	ctx   context.Context // the build's (nil: none)
	stage string
	arts  []generator.Artifact
	// bases are the files of the kits of the packs an add-on extends, by
	// pack id, as their own builds in the same command wrote them (none
	// for a pack whose kit basePlaces must render).
	bases map[string][]generator.Artifact

	once      sync.Once
	err       error
	data      map[string][]byte
	rp        runPlan
	placed    []placedPara
	planPages int
}

// context is the build's context (Background without one, or without k).
func (k *kitRun) context() context.Context {
	if k == nil || k.ctx == nil {
		return context.Background()
	}
	return k.ctx
}

// baseFiles are the files of the extended packs' kits that other builds
// shared (nil without k).
func (k *kitRun) baseFiles() map[string][]generator.Artifact {
	if k == nil {
		return nil
	}
	return k.bases
}

// plan gathers the kit's PDFs and plans their print run, once.
func (k *kitRun) plan(r *generator.Renderer, p *schema.Pack, opts generator.PrintOptions) error {
	k.once.Do(func() {
		files, data, err := runFiles(r, p, opts, k.arts, func(path string) ([]byte, error) {
			return os.ReadFile(filepath.Join(k.stage, filepath.FromSlash(path)))
		})
		if err != nil {
			k.err = fmt.Errorf("gathering the print run: %w", err)
			return
		}
		if len(files) == 0 {
			k.err = fmt.Errorf("gathering the print run: the kit has no PDF to gather")
			return
		}
		opts = effectivePrint(opts)
		k.data = data
		k.rp, k.placed, k.planPages = printRun(r.Fonts, p, opts, files, needsCalibration(r, p, opts))
	})
	return k.err
}

// writePrintRun writes the kit's one-run file from the PDFs the build wrote:
// the print plan, then every file's pages, group by group, with blank pages
// where a double-sided group or file must start on a front. It returns the
// file's page count.
func writePrintRun(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions, run *kitRun) (int, error) {
	if err := run.plan(r, p, opts); err != nil {
		return 0, err
	}
	opts = effectivePrint(opts)
	rp, placed, planPages, data := run.rp, run.placed, run.planPages, run.data
	plan := draw.NewPDF(draw.PDFInfo{Title: p.Game.Title + " - print plan", Created: opts.Created, Duplex: layout.NoDuplex, CMYK: r.CMYK}, r.Fonts)
	pw, ph := opts.Paper.W, opts.Paper.H
	ink := draw.RGB(0x20, 0x20, 0x20)
	m := max(opts.Margin, 6.35) + 4
	// A page is drawn while it is the document's last: draw each before
	// adding the next.
	for i := range planPages {
		c := plan.AddPage(pw, ph)
		for _, pp := range placed {
			if pp.page == i {
				typeset.Draw(r.Fonts, c, pp.block, pp.x, pp.y, pp.w, pp.block.Height, ink, draw.White)
			}
		}
		if planPages > 1 {
			label := fmt.Sprintf("print plan, page %d of %d", i+1, planPages)
			lw := r.Fonts.Width(label, draw.Regular, planStepPt)
			c.Text(generator.Round2(pw-m-lw), generator.Round2(ph-m+r.Fonts.Ascent(draw.Regular, planStepPt)+1), label, draw.Regular, planStepPt, ink)
		}
	}
	var planPDF strings.Builder
	if err := plan.Write(&planPDF); err != nil {
		return 0, fmt.Errorf("writing the print plan: %w", err)
	}
	parts := []draw.JoinPart{{PDF: []byte(planPDF.String())}}
	blank := draw.JoinPart{W: pw, H: ph}
	for i, g := range rp.groups {
		for range rp.lead[i] {
			parts = append(parts, blank)
		}
		for k, f := range g.files {
			parts = append(parts, draw.JoinPart{PDF: data[f.path]})
			for range rp.blanks[i][k] {
				parts = append(parts, blank)
			}
		}
	}
	// In process colour every part is CMYK without transparency, with a
	// TrimBox on every page: the whole run is PDF/X-1a, as the press PDFs
	// are, for a shop that takes one file.
	// Written as it is joined: the run is as large as the rest of the kit.
	if err := draw.WriteJoinedPDF(w, draw.PDFInfo{Title: p.Game.Title + " - print run", Created: opts.Created, PDFX: r.CMYK}, parts); err != nil {
		return 0, fmt.Errorf("writing the print run: %w", err)
	}
	return rp.total, nil
}

// indexPrintRun is the print run's lines in the kit's index: each group's
// pages, paper and duplex setting and its files, and the sheets of each
// stock.
func indexPrintRun(rp runPlan) []string {
	var out []string
	plain, card, shop := 0, 0, 0
	for i, g := range rp.groups {
		lo, hi := rp.groupRange(i)
		sides := "one-sided"
		if g.twoSided() {
			sides = "double-sided, flip on the " + g.duplex.String() + " edge"
		}
		var names []string
		for _, f := range g.files {
			names = append(names, f.path)
		}
		out = append(out, fmt.Sprintf("%s: %s, %s, %s: %s", generator.PageRange(lo, hi), g.stock, sides, rp.amount(i), strings.Join(names, ", ")))
		switch g.stock {
		case generator.PlainPaper:
			plain += rp.sheets(i)
		case generator.CardStock:
			card += rp.sheets(i)
		case generator.PrintShop:
			shop += hi - lo + 1
		}
	}
	return append([]string{fmt.Sprintf("%s: the print plan; in all %s", generator.PageRange(1, rp.planPages), sheetTotals(plain, card, shop))}, out...)
}
