package kitbuild

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate/check"
)

// kitWide are the files of a kit that describe or gather all the others:
// a build with --only rewrites them with the files it replaces, so that
// they stay true to the kit.
var kitWide = []string{"components.txt", "print-run.pdf"}

// PrintedIDs are the ids of the elements of p that the kit prints a file
// of, sorted: what --only may name.
func PrintedIDs(p *schema.Pack) []string {
	var ids []string
	for _, e := range p.Elements {
		if p.Prints(e) && len(e.Facts().Outputs) > 0 && !slices.Contains(ids, e.ElementID()) {
			ids = append(ids, e.ElementID())
		}
	}
	sort.Strings(ids)
	return ids
}

// BuildOnly rebuilds, of the existing kit Out/<id>, only the files of the
// elements ids names (their PDFs, previews and press images) and the
// kit-wide files that describe and gather the others (kitWide), leaving
// every other file of the kit byte for byte as it was. The whole kit is
// built into a scratch folder beside it (cached work makes that cheap),
// the files to replace are taken from there, and the result is swapped in
// as a full build's is. A file of another element that the pack has
// changed since is left as it was and named on status. With no kit of the
// pack yet, it builds the whole kit and says so.
func BuildOnly(ctx context.Context, r *generator.Renderer, c check.Result, o Options, ids []string, status Status) (_ []generator.Artifact, err error) {
	id := c.Pack.Game.ID
	final := filepath.Join(o.Out, id)
	if info, err := os.Stat(final); err != nil || !info.IsDir() {
		fmt.Fprintf(status, "%s: no kit in %s yet to rebuild only %s in: building all of it\n", c.Target.Name, final, strings.Join(ids, ", "))
		return BuildPack(ctx, r, c, o, status)
	}
	removed, err := generator.RemoveStale(o.Out, id)
	for _, dir := range removed {
		fmt.Fprintf(status, "runforge: removed %s, left behind by an interrupted build\n", dir)
	}
	if err != nil {
		fmt.Fprintf(status, "runforge: warning: %v\n", err)
	}
	scratch, err := os.MkdirTemp(o.Out, "."+id+".tmp-")
	if err != nil {
		return nil, fmt.Errorf("creating a scratch folder: %w", err)
	}
	defer func() {
		if rmErr := os.RemoveAll(scratch); rmErr != nil {
			err = errors.Join(err, fmt.Errorf("removing the scratch folder: %w", rmErr))
		}
	}()
	// The marker lets the next build remove the scratch folder of a killed
	// one (generator.RemoveStale).
	if err := os.WriteFile(filepath.Join(scratch, generator.OutputMarker), nil, 0o644); err != nil {
		return nil, err
	}
	so := o
	so.Out = scratch
	arts, err := BuildPack(ctx, r, c, so, status)
	if err != nil {
		return nil, err
	}
	built := filepath.Join(scratch, id)
	// The pack as the kit prints it: an element the kit gangs onto
	// another's sheets prints in that one's PDF, which --only rebuilds too.
	printed, err := o.asPrinted(r, c)
	if err != nil {
		return nil, err
	}
	mine := func(rel string) bool { return ownedBy(printed, ids, rel) || slices.Contains(kitWide, rel) }
	var stale []string
	out, err := generator.Stage(ctx, o.Out, id, func(stage string) ([]generator.Artifact, error) {
		// Every other file of the kit, as it was.
		err := filepath.WalkDir(final, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(final, p)
			if err != nil {
				return err
			}
			rel = filepath.ToSlash(rel)
			if rel == generator.OutputMarker || mine(rel) {
				return nil
			}
			if newer, err := os.ReadFile(filepath.Join(built, filepath.FromSlash(rel))); err == nil {
				if older, err := os.ReadFile(p); err == nil && !bytes.Equal(newer, older) {
					stale = append(stale, rel)
				}
			}
			return copyFile(p, filepath.Join(stage, filepath.FromSlash(rel)))
		})
		if err != nil {
			return nil, err
		}
		var written []generator.Artifact
		for _, a := range arts {
			if !mine(a.Path) {
				if _, err := os.Stat(filepath.Join(final, filepath.FromSlash(a.Path))); err != nil {
					stale = append(stale, a.Path)
				}
				continue
			}
			if err := copyFile(filepath.Join(built, filepath.FromSlash(a.Path)), filepath.Join(stage, filepath.FromSlash(a.Path))); err != nil {
				return nil, err
			}
			written = append(written, a)
		}
		return written, nil
	})
	if err != nil {
		return nil, err
	}
	if len(stale) > 0 {
		sort.Strings(stale)
		fmt.Fprintf(status, "%s: --only left these files as they were, though the pack now builds them otherwise: %s (build without --only, or name their ids, to bring them up to date)\n",
			c.Target.Name, strings.Join(stale, ", "))
	}
	return out, nil
}

// asPrinted is pack c as its kit prints it with o's settings
// (kit.AsPrinted).
func (o Options) asPrinted(r *generator.Renderer, c check.Result) (*schema.Pack, error) {
	eff, err := o.Resolve(c.Pack, o.Created)
	if err != nil {
		return nil, err
	}
	pr, err := r.ForPack(c.Pack)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.Target.Name, err)
	}
	pr = pr.WithOptions(eff.InkSaver, eff.Grayscale).WithCMYK(eff.CMYK)
	return kit.AsPrinted(pr, c.Pack, generator.BuildOptions{Print: eff.Print, WithBase: o.WithBase}), nil
}

// ownedBy reports whether the kit file rel (slash-separated) is one of the
// elements ids names: one of its outputs or those of the element it prints
// with (printWith:), its previews (preview/<id>.png, preview/<id>/...) or
// its press images (press/<id>/...). An element with no PDF of its own (a
// RUN map, a token set, figures) prints in a file of the kit it shares
// with the others of its kind (maps.pdf, tokens.pdf, figures.pdf): those
// files are rebuilt whole.
func ownedBy(p *schema.Pack, ids []string, rel string) bool {
	selected := slices.Clone(ids)
	for _, e := range p.Elements {
		if f := e.Facts(); slices.Contains(ids, e.ElementID()) && f.PrintsWith != "" {
			selected = append(selected, f.PrintsWith)
		}
	}
	shared := false
	for _, e := range p.Elements {
		if !slices.Contains(selected, e.ElementID()) {
			continue
		}
		f := e.Facts()
		outs := f.Outputs
		if slices.Contains(outs, rel) {
			return true
		}
		// One that prints on another's sheets is in that one's PDF.
		if f.PrintsWith == "" && !slices.ContainsFunc(outs, func(o string) bool { return strings.HasSuffix(o, ".pdf") }) {
			shared = true
		}
	}
	if shared && slices.ContainsFunc(schema.OutputPlan(p), func(o schema.PlannedOutput) bool { return o.Element == nil && o.Path == rel }) {
		return true
	}
	ids = selected
	first, rest, nested := strings.Cut(rel, "/")
	if !nested || (first != "preview" && first != "press" && first != "png") {
		return false
	}
	name, _, _ := strings.Cut(rest, "/")
	name = strings.TrimSuffix(name, path.Ext(name))
	return slices.Contains(ids, name)
}

// copyFile copies the file src to dst, creating dst's folder.
func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}
