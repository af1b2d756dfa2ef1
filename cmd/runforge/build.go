package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/kitbuild"
	"github.com/runforge/runforge/validate/check"
	"github.com/runforge/runforge/validate/report"
	"github.com/spf13/cobra"
)

// buildOptions are the flags of `runforge build`.
type buildOptions struct {
	kitbuild.Options
	paths []string
	// watch builds again after each change to the packs' files.
	watch bool
	// only are the ids of the elements --only rebuilds.
	only []string
}

func newBuildCmd(s streams, c *catalog) *cobra.Command {
	o := &buildOptions{}
	cmd := &cobra.Command{
		Use:   "build [PATH...]",
		Short: "Validate packs and lay them out into print-ready PDFs and PNG previews",
		Long: `Validate packs, then write their print kits under OUT/<pack>/: one PDF per
deck (n-up with bleed and crop marks, each front page followed by its back
page for duplex printing), one per sheet (player aids) and per board (at
true size: on one page, two-sided boards duplex, or tiled across pages with
a page map when larger than the paper), maps.pdf (RUN), tokens.pdf, calibration.pdf
for measuring a printer's duplex misregistration, print-run.pdf (every page
of the others in print order, grouped by paper and by one- or double-sided,
after a print plan that says which pages to print how), components.txt (what
is printed and how to assemble it), and PNG previews of every card face with
a contact sheet per deck.

Without a PATH, build builds what validate checks without one: the current
folder when it is a pack, else data/ here, else the packs in its
sub-folders, else (saying so first) every bundled pack.

A pack that extends another (extends: in its game.yaml, an add-on such as
run-promo) prints only what it adds or changes: an element it adds, one
that replaces the extended pack's element of the same kind and id, and of
a deck merged card by card only the cards it replaces or adds (each
complete, all its copies; the whole deck when it changes the deck's
template, back or size). maps.pdf, tokens.pdf and odds.pdf hold only the
add-on's maps, tokens and dice, and are left out when it adds none.
components.txt names the kit it needs for the rest and where each
component is. --with-base prints everything in one kit.

A pack with errors, or with text or boxes that would be clipped (text that
does not fit its box, a deck whose card size its template was not drawn
for; --allow-overflow builds anyway), is not built and nothing is written.
Output is written to a staging folder and swapped in at the end, so a
failed or interrupted (Ctrl-C) build leaves the previous output intact;
staging folders that a killed build left behind are removed by the next
build. The same input always gives byte-identical PDFs (SOURCE_DATE_EPOCH
sets their date).

A build keeps what it found and wrote in OUT/.cache (safe to delete). A pack
whose files, print settings and flags are those of its last build into OUT,
by the same runforge binary, and whose kit there is as that build left it
(by file size and time), is neither loaded nor written again: the build
repeats its findings and files. A pack that changed is built again, its
card previews that did not change copied from the cache; the kit is
byte-identical to a build from scratch, which --no-cache forces (it leaves
the cache alone).

Flags given on the command line override the pack's print: settings; a
flag not given leaves the pack's setting, and the built-in default only
applies when the pack has none (a pack with print: {paper: a4} prints on A4
unless you pass --paper). The build says which settings came from the pack.
Words such as a4, short or gutterfold may be written in any letter case.`,
		Example: `  runforge build
  runforge build ` + examplePack() + ` --paper a4 --duplex short
  runforge build my-pack --back-offset 0.5,-0.3 --ink-saver --grayscale`,
		ValidArgsFunction: completePacks,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.paths = args
			o.Given = func(name string) bool { return cmd.Flags().Changed(name) }
			ctx, stop := interruptible(cmd.Context())
			defer stop()
			if o.watch {
				return watchBuild(ctx, s, c, o)
			}
			return runBuild(ctx, s, c, o)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.Out, "out", "o", "out", "output folder")
	enumFlag(cmd, &o.Paper, "paper", "", []string{"letter", "a4"},
		"paper size (default: the pack's print.paper, else "+kitbuild.DefaultPaper+")")
	enumFlag(cmd, &o.Duplex, "duplex", "", []string{"long", "short", "none"},
		"duplex flip; none is single-sided: decorative backs are left out, backs that carry information print on pages of their own (default: the pack's print.duplex, else "+kitbuild.DefaultDuplex+")")
	f.StringVar(&o.BackOffset, "back-offset", "", "shift backs by X,Y mm to match a printer's misregistration, measured with calibration.pdf (default: the pack's print.backOffset, else "+kitbuild.DefaultBackOffset+")")
	f.BoolVar(&o.NoCropMarks, "no-crop-marks", false, "leave out crop marks (default: the pack's print.cropMarks, else marks are drawn)")
	f.BoolVar(&o.CutLines, "cut-lines", false, "draw thin full-length cut lines on the waste beside every trim (default: the pack's print.cutLines, else none)")
	f.StringVar(&o.Margin, "margin", "", "printer margin: no mark, line or label closer to the paper edge, e.g. 5mm, 0.25in, at most 25mm (default: the pack's print.margin, else "+kitbuild.DefaultMargin+")")
	enumFlag(cmd, &o.Layout, "layout", "", []string{"sheet", "gutterfold", "press"},
		"card layout: sheet (n-up, backs on the following page), gutterfold (fronts and backs side by side, fold; everything else prints single-sided, as with --duplex none) or press (every printed piece on pages of its own with bleed, and 300 dpi PNGs, for print shops) (default: the pack's print.layout, else "+kitbuild.DefaultLayout+")")
	f.BoolVar(&o.InkSaver, "ink-saver", false, "no full-bleed fills: white backgrounds, outlined bands (default: the pack's print.inkSaver, else off)")
	f.BoolVar(&o.Grayscale, "grayscale", false, "print every colour as grey, for monochrome printers (default: the pack's print.grayscale, else off)")
	f.BoolVar(&o.CMYK, "cmyk", false, "write the PDFs in CMYK process colour with at most 240% total ink; with --layout press, as PDF/X-1a:2001 (default: the pack's print.cmyk, else off)")
	f.BoolVar(&o.NoPreviews, "no-previews", false, "skip the PNG previews")
	f.BoolVar(&o.TTS, "tts", false, "also write a Tabletop Simulator export under OUT/<pack>/tts/: card sheets, tiles, tokens, dice and figures as images, and <pack>.json to load through Objects > Saved Objects")
	f.StringVar(&o.TTSURL, "tts-url", "", "with --tts, name each image BASE/<file> in the JSON (where you will host them) instead of its file:/// path")
	f.BoolVar(&o.WithBase, "with-base", false, "for a pack that extends another (an add-on), print everything, the extended pack's content too, not only what the pack adds or changes")
	f.StringSliceVar(&o.only, "only", nil, "rebuild only the decks, sheets, boards or maps of these ids (ID[,ID...]) in the pack's existing kit, and its components.txt and print-run.pdf; the whole pack is validated, every other file of the kit is left as it was (with no kit yet, the whole kit is built)")
	f.IntVar(&o.PNGDPI, "png", 0, fmt.Sprintf("also write every card face and back as a PNG at this resolution (%d-%d dpi) under OUT/<pack>/png/<deck>/, apart from the print layouts", generator.MinPNGDPI, generator.MaxPNGDPI))
	f.BoolVar(&o.Strict, "strict", false, "refuse to build on warnings too")
	f.BoolVar(&o.NoCache, "no-cache", false, "build every pack from scratch, without reading or writing the build cache in OUT/.cache")
	f.BoolVar(&o.AllowOverflow, "allow-overflow", false, "build even when text does not fit its box or a box falls off the card (it is clipped)")
	f.BoolVar(&o.watch, "watch", false, "build again each time a file of the packs is saved, until Ctrl-C (packs on disk only)")
	return cmd
}

func runBuild(ctx context.Context, s streams, c *catalog, o *buildOptions) error {
	created, err := buildTime()
	if err != nil {
		return err
	}
	o.Created = created
	o.Registry = c.rules
	if err := o.Check(); err != nil {
		return usageError("%v", err)
	}
	if o.PNGDPI != 0 && (o.PNGDPI < generator.MinPNGDPI || o.PNGDPI > generator.MaxPNGDPI) {
		return usageError("--png %d: the resolution must be %d to %d dpi (a poker card at 300 dpi is 750 x 1050 px)", o.PNGDPI, generator.MinPNGDPI, generator.MaxPNGDPI)
	}
	if len(o.only) > 0 {
		// --only swaps part of a kit in: the kit is then no build's as a
		// whole, so it neither takes a record from the cache nor makes one.
		o.NoCache = true
	}
	if len(o.paths) == 0 {
		o.paths = localPacks(s.err)
	}
	o.Version = versionString()
	targets, err := check.Resolve(o.paths, c.checkOptions())
	if err != nil {
		return usageError("%v", err)
	}
	lift := func() {}
	if c.ownsProcess {
		lift = limitBuildMemory(targets, o)
	}
	defer lift()
	checked, err := o.Validate(targets, kitbuild.Env{Check: c.checkOptions(), Renderer: c.renderer}, s.err)
	if err != nil {
		return usageError("%v", err)
	}
	liftForPictures(checked, o, lift)
	if !o.watch {
		// The packs are checked: laying out their kits needs the
		// findings, not the compiled JSON Schemas (--watch keeps them
		// for the next check).
		c.schemas.ReleaseSchemas()
	}
	all, sum := checked.Diags, checked.Summary
	if msg := o.Refusal(sum, kitbuild.BlocksBuild(o.Registry, all)); msg != "" {
		if err := (report.Text{}).Write(s.err, all, sum); err != nil {
			return fmt.Errorf("writing the findings: %w", err)
		}
		fmt.Fprintln(s.err, msg)
		return errFindings
	}
	if len(all) > 0 {
		if err := (report.Text{}).Write(s.err, all, sum); err != nil {
			return fmt.Errorf("writing the findings: %w", err)
		}
	}
	if err := checked.CheckIDs(); err != nil {
		return &exitError{code: exitFindings, err: err}
	}
	if err := checkOnly(o.only, checked); err != nil {
		return err
	}
	unlock, err := kitbuild.LockOutDir(ctx, o.Out, s.err)
	if err != nil {
		return buildError(ctx, err)
	}
	defer unlock()
	if len(o.only) == 0 {
		err := checked.BuildAll(ctx, s.err, func(i int, arts []generator.Artifact) {
			printArtifacts(s, o.Out, checked.ID(i), arts)
		})
		if err != nil {
			return buildError(ctx, err)
		}
		return nil
	}
	for i := range checked.Len() {
		var arts []generator.Artifact
		if res, loaded := checked.Result(i); loaded && len(o.only) > 0 {
			r, rerr := c.renderer()
			if rerr != nil {
				return rerr
			}
			arts, err = kitbuild.BuildOnly(ctx, r, res, o.Options, o.only, s.err)
		} else {
			arts, err = checked.Build(ctx, i, s.err)
		}
		if err != nil {
			return buildError(ctx, err)
		}
		printArtifacts(s, o.Out, checked.ID(i), arts)
		checked.Release(i)
	}
	return nil
}

// checkOnly checks the ids of --only against the one pack it may be given
// with: each must be an element its kit prints, else a usage error names
// the nearest.
func checkOnly(ids []string, checked *kitbuild.Checked) error {
	if len(ids) == 0 {
		return nil
	}
	if checked.Len() != 1 {
		return usageError("--only rebuilds part of one pack's kit: name one pack (%d given)", checked.Len())
	}
	res, loaded := checked.Result(0)
	if !loaded {
		// --only sets NoCache, so the pack is always loaded; say so plainly
		// should that ever change.
		return usageError("--only: %s was checked from the build cache, not loaded; add --no-cache", checked.ID(0))
	}
	p := res.Pack
	known := kitbuild.PrintedIDs(p)
	for _, id := range ids {
		if !slices.Contains(known, id) {
			return usageError("--only %s: %s prints nothing of that id%s; its ids: %s", id, p.Game.ID, didYouMean(id, known, "%s"), strings.Join(known, ", "))
		}
	}
	return nil
}

// buildError is the exit of a build that failed: 128 plus the signal's
// number when it was interrupted, else a usage or I/O error.
func buildError(ctx context.Context, err error) error {
	if errors.Is(err, kitbuild.ErrInterrupted) {
		return &exitError{code: interruptCode(ctx), err: err}
	}
	return usageError("%v", err)
}

func printArtifacts(s streams, out, id string, arts []generator.Artifact) {
	pngs, faces := 0, 0
	for _, a := range arts {
		if strings.HasPrefix(a.Path, "preview/") {
			pngs++
			continue
		}
		if strings.HasPrefix(a.Path, "png/") {
			faces++
			continue
		}
		switch {
		case a.Pages == 1:
			fmt.Fprintf(s.out, "%s/%s/%s (1 page)\n", out, id, a.Path)
		case a.Pages > 1:
			fmt.Fprintf(s.out, "%s/%s/%s (%d pages)\n", out, id, a.Path, a.Pages)
		default:
			fmt.Fprintf(s.out, "%s/%s/%s\n", out, id, a.Path)
		}
	}
	if faces > 0 {
		fmt.Fprintf(s.out, "%s/%s/png/ (%s of card faces and backs)\n", out, id, generator.Plural(faces, "PNG"))
	}
	if pngs > 0 {
		fmt.Fprintf(s.out, "%s/%s/preview/ (%s)\n", out, id, generator.Plural(pngs, "PNG preview"))
	}
}
