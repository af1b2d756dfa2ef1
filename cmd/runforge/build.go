package main

import (
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

func newBuildCmd(s streams) *cobra.Command {
	o := &buildOptions{}
	cmd := &cobra.Command{
		Use:   "build [PATH...]",
		Short: "Validate packs and lay them out into print-ready PDFs and PNG previews",
		Long: `Validate packs, then write their print kits under OUT/<pack>/: one PDF per
deck (n-up with bleed and crop marks, each front page followed by its back
page for duplex printing), one per sheet (player aids) and per board (tiled
at true size across pages, with a page map), tokens.pdf, calibration.pdf
for measuring a printer's duplex misregistration, components.txt (what is
printed and how to assemble it), and PNG previews of every card face with a
contact sheet per deck.

A pack with errors, or with text that does not fit (it would be clipped;
--allow-overflow builds anyway), is not built and nothing is written.
Output is written to a staging folder and swapped in at the end, so a
failed build leaves the previous output intact. The same input always
gives byte-identical PDFs (SOURCE_DATE_EPOCH sets their date).

Flags given on the command line override the pack's print: settings; a
flag left at its default does not (a pack with print: {paper: a4} prints on
A4 unless you pass --paper).`,
		Example: `  runforge build
  runforge build run-for-your-life --paper a4 --duplex short
  runforge build my-pack --back-offset 0.5,-0.3 --ink-saver --grayscale`,
		ValidArgsFunction: completePacks,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.paths = args
			o.changed = func(name string) bool { return cmd.Flags().Changed(name) }
			return runBuild(s, o)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.out, "out", "o", "out", "output folder")
	f.StringVar(&o.paper, "paper", "letter", "paper size: letter or a4")
	f.StringVar(&o.duplex, "duplex", "long", "duplex flip: long, short or none (single-sided: decorative backs are left out, backs that carry information print on pages of their own)")
	f.StringVar(&o.backOffset, "back-offset", "0,0", "shift backs by X,Y mm to match a printer's misregistration (see calibration.pdf; print.backOffset stores it)")
	f.BoolVar(&o.noCropMarks, "no-crop-marks", false, "leave out crop marks")
	f.BoolVar(&o.cutLines, "cut-lines", false, "draw thin full-length cut lines on the waste beside every trim")
	f.StringVar(&o.margin, "margin", "0.25in", "printer margin: no mark, line or label closer to the paper edge (e.g. 5mm, 0.25in; at most 25mm)")
	f.StringVar(&o.layout, "layout", "sheet", "card layout: sheet (n-up, backs on the following page), gutterfold (fronts and backs side by side, fold) or press (one card per page with bleed, for print shops)")
	f.BoolVar(&o.inkSaver, "ink-saver", false, "no full-bleed fills: white backgrounds, outlined bands")
	f.BoolVar(&o.grayscale, "grayscale", false, "print every colour as grey, for monochrome printers")
	f.BoolVar(&o.noPreviews, "no-previews", false, "skip the PNG previews")
	f.BoolVar(&o.strict, "strict", false, "refuse to build on warnings too")
	f.BoolVar(&o.allowClip, "allow-overflow", false, "build even when text does not fit its box (it is clipped)")
	_ = cmd.RegisterFlagCompletionFunc("paper", cobra.FixedCompletions([]string{"letter", "a4"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("layout", cobra.FixedCompletions([]string{"sheet", "gutterfold", "press"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("duplex", cobra.FixedCompletions([]string{"long", "short", "none"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runBuild(s streams, o *buildOptions) error {
	created, err := buildTime()
	if err != nil {
		return err
	}
	offset, err := parseOffset(o.backOffset)
	if err != nil {
		return err
	}
	if _, err := layout.PaperByName(o.paper); err != nil {
		return usageError("--paper: %v", err)
	}
	if _, err := layout.ParseDuplex(o.duplex); err != nil {
		return usageError("--duplex: %v", err)
	}
	if _, err := parseMargin(o.margin); err != nil {
		return usageError("--margin: %v", err)
	}
	if _, err := parseLayout(o.layout); err != nil {
		return usageError("--layout: %v", err)
	}
	r, results, all, sum, err := checkPaths(o.paths)
	if err != nil {
		return err
	}
	if blocked := blocksBuild(all); sum.Errors > 0 || (o.strict && sum.Warnings > 0) || (blocked > 0 && !o.allowClip) {
		_ = report.Text{}.Write(s.err, all, sum)
		msg := "nothing was built: fix the errors above first"
		if sum.Errors == 0 && blocked > 0 {
			msg = "nothing was built: text would be clipped (shorten it, or pass --allow-overflow)"
		}
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
	for _, c := range results {
		po, err := o.printOptions(c.pack, offset, created)
		if err != nil {
			return err
		}
		ps := c.pack.Game.Print
		pr, err := r.ForPack(c.pack)
		if err != nil {
			return usageError("%s: %v", c.target.name, err)
		}
		pr = pr.WithOptions(o.inkSaver || ps.InkSaver, o.grayscale || ps.Grayscale)
		arts, err := pr.Build(c.pack, generator.BuildOptions{
			Print: po, OutDir: o.out, Previews: !o.noPreviews,
		})
		if err != nil {
			return usageError("building %s: %v", c.target.name, err)
		}
		printArtifacts(s, o.out, c.pack, arts)
	}
	return nil
}

// blocksBuild counts warnings of rules that would print broken components.
func blocksBuild(diags []validate.Diagnostic) int {
	reg := validate.Default()
	n := 0
	for _, d := range diags {
		if r, ok := reg.Lookup(d.Rule); ok && r.BlocksBuild && d.Severity != validate.Off {
			n++
		}
	}
	return n
}

// printOptions merges flags over the pack's print settings.
func (o *buildOptions) printOptions(p *schema.Pack, offset layout.Point, created time.Time) (generator.PrintOptions, error) {
	ps := p.Game.Print
	paperName, duplexName := o.paper, o.duplex
	if !o.changed("paper") && ps.Paper != "" {
		paperName = ps.Paper
	}
	if !o.changed("duplex") && ps.Duplex != "" {
		duplexName = ps.Duplex
	}
	paper, err := layout.PaperByName(paperName)
	if err != nil {
		return generator.PrintOptions{}, usageError("%v", err)
	}
	duplex, err := layout.ParseDuplex(duplexName)
	if err != nil {
		return generator.PrintOptions{}, usageError("%v", err)
	}
	bleed := layout.DefaultBleed
	if ps.Bleed != nil {
		bleed = ps.Bleed.MM()
	}
	crop := !o.noCropMarks
	if !o.changed("no-crop-marks") && ps.CropMarks != nil {
		crop = *ps.CropMarks
	}
	cutLines := o.cutLines
	if !o.changed("cut-lines") && ps.CutLines != nil {
		cutLines = *ps.CutLines
	}
	margin, _ := parseMargin(o.margin)
	if !o.changed("margin") && ps.Margin != nil {
		margin = ps.Margin.MM()
	}
	lay, _ := parseLayout(o.layout)
	if !o.changed("layout") && ps.Layout != "" {
		lay = generator.Layout(ps.Layout)
	}
	if !o.changed("back-offset") && ps.BackOffset != nil {
		offset = layout.Point{X: ps.BackOffset.X, Y: ps.BackOffset.Y}
	}
	return generator.PrintOptions{
		Paper: paper, Margin: margin, Bleed: bleed, Duplex: duplex,
		BackOffset: offset, CropMarks: crop, CutLines: cutLines, Layout: lay, Created: created,
	}, nil
}

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
	switch l := generator.Layout(s); l {
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
