package main

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/report"
	"github.com/spf13/cobra"
)

// buildOptions are the flags of `runforge build`.
type buildOptions struct {
	out         string
	paper       string
	duplex      string
	backOffset  string
	noCropMarks bool
	cutLines    bool
	margin      string
	layout      string
	inkSaver    bool
	grayscale   bool
	noPreviews  bool
	strict      bool
	allowClip   bool
	paths       []string
	changed     func(string) bool
}

// Built-in print settings: what a build uses when neither a flag nor the
// pack's print: sets one.
const (
	defaultPaper      = "letter"
	defaultDuplex     = "long"
	defaultLayout     = "sheet"
	defaultMargin     = "0.25in"
	defaultBackOffset = "0,0"
)

func newBuildCmd(s streams) *cobra.Command {
	o := &buildOptions{}
	cmd := &cobra.Command{
		Use:   "build [PATH...]",
		Short: "Validate packs and lay them out into print-ready PDFs and PNG previews",
		Long: `Validate packs, then write their print kits under OUT/<pack>/: one PDF per
deck (n-up with bleed and crop marks, each front page followed by its back
page for duplex printing), one per sheet (player aids) and per board (at
true size: on one page, two-sided boards duplex, or tiled across pages with
a page map when larger than the paper), maps.pdf (RUN), tokens.pdf, calibration.pdf
for measuring a printer's duplex misregistration, components.txt (what is
printed and how to assemble it), and PNG previews of every card face with a
contact sheet per deck.

A pack with errors, or with text or boxes that would be clipped (text that
does not fit its box, a deck whose card size its template was not drawn
for; --allow-overflow builds anyway), is not built and nothing is written.
Output is written to a staging folder and swapped in at the end, so a
failed or interrupted (Ctrl-C) build leaves the previous output intact;
staging folders that a killed build left behind are removed by the next
build. The same input always gives byte-identical PDFs (SOURCE_DATE_EPOCH
sets their date).

Flags given on the command line override the pack's print: settings; a
flag not given leaves the pack's setting, and the built-in default only
applies when the pack has none (a pack with print: {paper: a4} prints on A4
unless you pass --paper). The build says which settings came from the pack.
Words such as a4, short or gutterfold may be written in any letter case.`,
		Example: `  runforge build
  runforge build run-for-your-life --paper a4 --duplex short
  runforge build my-pack --back-offset 0.5,-0.3 --ink-saver --grayscale`,
		ValidArgsFunction: completePacks,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.paths = args
			o.changed = func(name string) bool { return cmd.Flags().Changed(name) }
			ctx, stop := interruptible(cmd.Context())
			defer stop()
			return runBuild(ctx, s, o)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.out, "out", "o", "out", "output folder")
	enumFlag(cmd, &o.paper, "paper", "", []string{"letter", "a4"},
		"paper size (default: the pack's print.paper, else "+defaultPaper+")")
	enumFlag(cmd, &o.duplex, "duplex", "", []string{"long", "short", "none"},
		"duplex flip; none is single-sided: decorative backs are left out, backs that carry information print on pages of their own (default: the pack's print.duplex, else "+defaultDuplex+")")
	f.StringVar(&o.backOffset, "back-offset", "", "shift backs by X,Y mm to match a printer's misregistration, measured with calibration.pdf (default: the pack's print.backOffset, else "+defaultBackOffset+")")
	f.BoolVar(&o.noCropMarks, "no-crop-marks", false, "leave out crop marks (default: the pack's print.cropMarks, else marks are drawn)")
	f.BoolVar(&o.cutLines, "cut-lines", false, "draw thin full-length cut lines on the waste beside every trim (default: the pack's print.cutLines, else none)")
	f.StringVar(&o.margin, "margin", "", "printer margin: no mark, line or label closer to the paper edge, e.g. 5mm, 0.25in, at most 25mm (default: the pack's print.margin, else "+defaultMargin+")")
	enumFlag(cmd, &o.layout, "layout", "", []string{"sheet", "gutterfold", "press"},
		"card layout: sheet (n-up, backs on the following page), gutterfold (fronts and backs side by side, fold; everything else prints single-sided, as with --duplex none) or press (one card per page with bleed, for print shops) (default: the pack's print.layout, else "+defaultLayout+")")
	f.BoolVar(&o.inkSaver, "ink-saver", false, "no full-bleed fills: white backgrounds, outlined bands (default: the pack's print.inkSaver, else off)")
	f.BoolVar(&o.grayscale, "grayscale", false, "print every colour as grey, for monochrome printers (default: the pack's print.grayscale, else off)")
	f.BoolVar(&o.noPreviews, "no-previews", false, "skip the PNG previews")
	f.BoolVar(&o.strict, "strict", false, "refuse to build on warnings too")
	f.BoolVar(&o.allowClip, "allow-overflow", false, "build even when text does not fit its box or a box falls off the card (it is clipped)")
	return cmd
}

func runBuild(ctx context.Context, s streams, o *buildOptions) error {
	created, err := buildTime()
	if err != nil {
		return err
	}
	if o.changed("back-offset") {
		if _, err := parseOffset(o.backOffset); err != nil {
			return err
		}
	}
	if o.changed("margin") {
		if _, err := parseMargin(o.margin); err != nil {
			return usageError("--margin: %v", err)
		}
	}
	r, results, all, sum, err := checkPaths(o.paths)
	if err != nil {
		return err
	}
	if all, err = o.checkBuildTargets(results, all, created); err != nil {
		return err
	}
	sum.Errors, sum.Warnings = validate.Count(all)
	if msg := o.refusal(sum, blocksBuild(all)); msg != "" {
		_ = report.Text{}.Write(s.err, all, sum)
		fmt.Fprintln(s.err, msg)
		return errFindings
	}
	if len(all) > 0 {
		_ = report.Text{}.Write(s.err, all, sum)
	}
	seen := map[string]string{}
	for _, c := range results {
		id := c.pack.Game.ID
		if first, dup := seen[id]; dup {
			return &exitError{code: exitFindings, err: fmt.Errorf("%s: pack id %q is also the id of %s; both would be written to %s/%s: give one another id",
				c.pack.Game.Ref.Child("id").Pos(), id, first, o.out, id)}
		}
		seen[id] = c.target.name
	}
	unlock, err := lockOutDir(ctx, o.out, s.err)
	if err != nil {
		return err
	}
	defer unlock()
	for _, c := range results {
		if err := o.buildPack(ctx, s, r, c, created); err != nil {
			return err
		}
	}
	return nil
}

// checkBuildTargets adds to validate's findings what only this build can
// find: cards, sheets and tokens that do not fit the paper, margin, bleed
// or layout the command line chose instead of the pack's print: settings.
// With --allow-overflow, clipped text is a warning rather than an error.
func (o *buildOptions) checkBuildTargets(results []checked, all []validate.Diagnostic, created time.Time) ([]validate.Diagnostic, error) {
	if o.allowClip {
		all = validate.AllowBlocked(all, nil)
	}
	for _, c := range results {
		if c.pack == nil || c.pack.Game == nil {
			continue
		}
		eff, err := o.resolve(c.pack, created)
		if err != nil {
			return nil, err
		}
		t := validate.PrintTarget{Paper: eff.print.Paper, Margin: eff.print.Margin, Bleed: eff.print.Bleed, Layout: string(eff.print.Layout)}
		if own := validate.PackPrintTarget(c.pack); t != own {
			// The flags' paper replaces the pack's: what does not fit the
			// pack's paper may fit this one, and the other way round.
			all = withoutFindings(all, validate.CheckPrint(c.pack, own))
			t.Flags = true
			all = append(all, validate.CheckPrint(c.pack, t)...)
		}
	}
	validate.Sort(all)
	return all, nil
}

// withoutFindings drops from all the diagnostics that drop lists.
func withoutFindings(all, drop []validate.Diagnostic) []validate.Diagnostic {
	gone := map[string]bool{}
	for _, d := range drop {
		gone[d.String()] = true
	}
	out := all[:0:0]
	for _, d := range all {
		if !gone[d.String()] {
			out = append(out, d)
		}
	}
	return out
}

// refusal is the reason a build stops before writing anything, or "": an
// error, text or a box that would be clipped (unless --allow-overflow) or, with
// --strict, a warning.
func (o *buildOptions) refusal(sum report.Summary, clipped int) string {
	switch {
	case sum.Errors > 0 && sum.Errors == clipped && !o.allowClip:
		return "nothing was built: the findings above would print clipped (fix them, or pass --allow-overflow to print anyway)"
	case sum.Errors > 0:
		return fmt.Sprintf("nothing was built: fix the %s above first", plural(sum.Errors, "error"))
	case clipped > 0 && !o.allowClip:
		return "nothing was built: the findings above would print clipped (fix them, or pass --allow-overflow)"
	case o.strict && sum.Warnings > 0:
		return fmt.Sprintf("nothing was built: --strict stops on the %s above", plural(sum.Warnings, "warning"))
	}
	return ""
}

// plural is "1 warning", "2 warnings".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// buildPack removes what interrupted builds of the pack left in the output
// folder, then builds it, saying which print settings the pack chose.
func (o *buildOptions) buildPack(ctx context.Context, s streams, r *generator.Renderer, c checked, created time.Time) error {
	id := c.pack.Game.ID
	if err := ctx.Err(); err != nil {
		return interruptedError(ctx, o.out, id)
	}
	eff, err := o.resolve(c.pack, created)
	if err != nil {
		return err
	}
	removed, err := generator.RemoveStale(o.out, id)
	for _, dir := range removed {
		fmt.Fprintf(s.err, "runforge: removed %s, left behind by an interrupted build\n", dir)
	}
	if err != nil {
		fmt.Fprintf(s.err, "runforge: warning: %v\n", err)
	}
	for _, n := range eff.fromPack {
		fmt.Fprintf(s.err, "%s: %s\n", c.target.name, n)
	}
	pr, err := r.ForPack(c.pack)
	if err != nil {
		return usageError("%s: %v", c.target.name, err)
	}
	pr = pr.WithOptions(eff.inkSaver, eff.grayscale)
	arts, err := pr.BuildContext(ctx, c.pack, generator.BuildOptions{
		Print: eff.print, OutDir: o.out, Previews: !o.noPreviews,
	})
	if err != nil {
		if ctx.Err() != nil {
			return interruptedError(ctx, o.out, id)
		}
		return usageError("building %s: %v", c.target.name, err)
	}
	printArtifacts(s, o.out, c.pack, arts)
	return nil
}

// blocksBuild counts warnings of rules that would print broken components.
func blocksBuild(diags []validate.Diagnostic) int {
	reg := ruleRegistry()
	n := 0
	for _, d := range diags {
		if r, ok := reg.Lookup(d.Rule); ok && r.BlocksBuild && d.Severity != validate.Off {
			n++
		}
	}
	return n
}

// effective are the print settings a pack is built with.
type effective struct {
	print               generator.PrintOptions
	inkSaver, grayscale bool
	// fromPack says, for each setting the pack's print: chose and that
	// differs from the built-in default, its value and where it is set.
	fromPack []string
}

// resolve merges flags over the pack's print settings over the built-in
// defaults: a flag given on the command line wins, else the pack's setting.
func (o *buildOptions) resolve(p *schema.Pack, created time.Time) (effective, error) {
	ps := p.Game.Print
	var eff effective
	note := func(key, flag, what string, isDefault bool) {
		if !isDefault {
			eff.fromPack = append(eff.fromPack, fmt.Sprintf("%s (from %s; --%s overrides it)", what, printSource(p, key), flag))
		}
	}
	paperName := o.paper
	if !o.changed("paper") {
		paperName = cmp.Or(ps.Paper, defaultPaper)
		note("paper", "paper", "paper "+ps.Paper, ps.Paper == "" || ps.Paper == defaultPaper)
	}
	duplexName := o.duplex
	if !o.changed("duplex") {
		duplexName = cmp.Or(ps.Duplex, defaultDuplex)
		note("duplex", "duplex", "duplex "+ps.Duplex, ps.Duplex == "" || ps.Duplex == defaultDuplex)
	}
	paper, err := layout.PaperByName(paperName)
	if err != nil {
		return eff, usageError("%v", err)
	}
	duplex, err := layout.ParseDuplex(duplexName)
	if err != nil {
		return eff, usageError("%v", err)
	}
	bleed := layout.DefaultBleed
	if ps.Bleed != nil {
		bleed = ps.Bleed.MM()
	}
	crop := !o.noCropMarks
	if !o.changed("no-crop-marks") && ps.CropMarks != nil {
		crop = *ps.CropMarks
		note("cropMarks", "no-crop-marks=false", "crop marks off", crop)
	}
	cutLines := o.cutLines
	if !o.changed("cut-lines") && ps.CutLines != nil {
		cutLines = *ps.CutLines
		note("cutLines", "cut-lines=false", "cut lines on", !cutLines)
	}
	margin, _ := parseMargin(cmp.Or(o.margin, defaultMargin))
	if !o.changed("margin") && ps.Margin != nil {
		margin = ps.Margin.MM()
		note("margin", "margin", fmt.Sprintf("margin %gmm", round2(margin)), math.Abs(margin-layout.DefaultMargin) < 1e-9)
	}
	lay, _ := parseLayout(cmp.Or(o.layout, defaultLayout))
	if !o.changed("layout") && ps.Layout != "" {
		lay = generator.Layout(ps.Layout)
		note("layout", "layout", "layout "+ps.Layout, lay == defaultLayout)
	}
	if lay == generator.LayoutGutterfold && duplex != layout.NoDuplex && (o.changed("duplex") || ps.Duplex != "") {
		// Gutterfold is for printers without duplex: the asked-for flip
		// would be ignored without a word.
		eff.fromPack = append(eff.fromPack, fmt.Sprintf("duplex %s is not used: the gutterfold layout prints every file single-sided", duplex))
	}
	offset, _ := parseOffset(cmp.Or(o.backOffset, defaultBackOffset))
	if !o.changed("back-offset") && ps.BackOffset != nil {
		offset = layout.Point{X: ps.BackOffset.X, Y: ps.BackOffset.Y}
		note("backOffset", "back-offset", fmt.Sprintf("back offset %g,%g mm", offset.X, offset.Y), offset == layout.Point{})
	}
	eff.inkSaver, eff.grayscale = o.inkSaver, o.grayscale
	if !o.changed("ink-saver") && ps.InkSaver {
		eff.inkSaver = true
		note("inkSaver", "ink-saver=false", "ink saver on", false)
	}
	if !o.changed("grayscale") && ps.Grayscale {
		eff.grayscale = true
		note("grayscale", "grayscale=false", "grayscale on", false)
	}
	eff.print = generator.PrintOptions{
		Paper: paper, Margin: margin, Bleed: bleed, Duplex: duplex,
		BackOffset: offset, CropMarks: crop, CutLines: cutLines, Layout: lay, Created: created,
	}
	return eff, nil
}

// printSource says where a pack's print setting key is written: the
// position in its game.yaml, or the pack it extends.
func printSource(p *schema.Pack, key string) string {
	ref := p.Game.Ref.Child("print").Child(key)
	if ref.Exists() {
		return ref.Pos().String() + " print." + key
	}
	if p.Game.Extends != "" {
		return fmt.Sprintf("print.%s of %s, which %s extends", key, p.Game.Extends, p.Game.ID)
	}
	return "print." + key
}

// round2 rounds to two decimals, for messages.
func round2(v float64) float64 { return math.Round(v*100) / 100 }

// parseMargin parses a printer margin such as 6.35mm or 0.25in.
func parseMargin(s string) (float64, error) {
	l, err := schema.ParseLength(s)
	if err != nil {
		return 0, err
	}
	if l.MM() > schema.MaxMargin {
		return 0, fmt.Errorf("%s is more than %gmm", s, schema.MaxMargin)
	}
	return l.MM(), nil
}

// parseLayout parses a card layout name.
func parseLayout(s string) (generator.Layout, error) {
	switch l := generator.Layout(strings.ToLower(s)); l {
	case generator.LayoutSheet, generator.LayoutGutterfold, generator.LayoutPress:
		return l, nil
	}
	return "", fmt.Errorf("unknown layout %q (want sheet, gutterfold or press)", s)
}

func parseOffset(s string) (layout.Point, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return layout.Point{}, usageError("--back-offset %q: want X,Y in millimetres, e.g. 0.5,-0.25", s)
	}
	var v [2]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || f < -20 || f > 20 {
			return layout.Point{}, usageError("--back-offset %q: want X,Y in millimetres between -20 and 20", s)
		}
		v[i] = f
	}
	return layout.Point{X: v[0], Y: v[1]}, nil
}

func printArtifacts(s streams, out string, p *schema.Pack, arts []generator.Artifact) {
	pngs := 0
	for _, a := range arts {
		if strings.HasPrefix(a.Path, "preview/") {
			pngs++
			continue
		}
		switch {
		case a.Pages == 1:
			fmt.Fprintf(s.out, "%s/%s/%s (1 page)\n", out, p.Game.ID, a.Path)
		case a.Pages > 1:
			fmt.Fprintf(s.out, "%s/%s/%s (%d pages)\n", out, p.Game.ID, a.Path, a.Pages)
		default:
			fmt.Fprintf(s.out, "%s/%s/%s\n", out, p.Game.ID, a.Path)
		}
	}
	if pngs > 0 {
		fmt.Fprintf(s.out, "%s/%s/preview/ (%d PNG previews)\n", out, p.Game.ID, pngs)
	}
}
