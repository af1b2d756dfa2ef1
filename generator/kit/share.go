package kit

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/buildcache"
	"github.com/runforge/runforge/schema"
)

// How the packs one command builds at once share their kits' files
// (generator.SharedKits): an add-on's index (basePlaces) needs the pages
// of every PDF of the kit of each pack it extends, which that pack's own
// build, when the command runs it too, has just written.

// shareKit shares the files arts of the kit of the loaded pack p, as the
// build with opts wrote them, with the add-ons of the command that extend
// it. A kit basePlaces would not plan so is dropped, and those add-ons
// render it: in the press layout (the kit presses pieces with other jobs
// than the kinds' own, which basePlaces runs) or an add-on's kit printed
// with its base (basePlaces plans what the add-on adds or changes).
func shareKit(r *generator.Renderer, p *schema.Pack, opts generator.BuildOptions, arts []generator.Artifact) {
	id := p.Game.ID
	if !opts.Kits.Wants(id) {
		return
	}
	pr := effectivePrint(opts.Print)
	if pr.Layout == generator.LayoutPress || (opts.WithBase && p.IsAddOn()) {
		opts.Kits.Drop(id)
		return
	}
	// A copy: the build goes on to add its other files to arts and sort
	// them while the add-ons read these.
	opts.Kits.Share(id, kitKey(r, p.FontData, p, pr), slices.Clone(arts))
}

// awaitBases are, when p (as the kit prints it) is what an add-on adds or
// changes, the files of the kits of the packs it extends that the
// command's builds of those packs shared (opts.Kits), by pack id: those
// written from the same pack files, fonts, colour variant and print
// options as basePlaces would render them with. It waits for those builds'
// jobs, outside the job pool, and returns the context's cause when ctx
// ends first.
func awaitBases(ctx context.Context, r *generator.Renderer, p *schema.Pack, opts generator.BuildOptions) (map[string][]generator.Artifact, error) {
	whole := p.Whole()
	pr := effectivePrint(opts.Print)
	if p == whole || opts.Kits == nil || pr.Layout == generator.LayoutPress {
		return nil, nil
	}
	var out map[string][]generator.Artifact
	for bp := whole.Extended(); bp != nil; bp = bp.Extended() {
		id := bp.Game.ID
		if !opts.Kits.Wants(id) {
			continue
		}
		files, ok, err := opts.Kits.Await(ctx, id, kitKey(r, whole.FontData, bp, pr))
		if err != nil {
			return nil, err
		}
		if ok {
			if out == nil {
				out = map[string][]generator.Artifact{}
			}
			out[id] = files
		}
	}
	return out, nil
}

// kitKey says what the kit of the loaded pack p is rendered from by r,
// made for a pack with the fonts fonts, with the print options opts in
// effect: the bytes of every file p was loaded from and of those of the
// packs it extends, the fonts, r's colour variant and the options. Two
// kits of one key print the same files with the same pages; the pictures
// r draws (from the folder of the pack it was made for) change no page
// and are left out. It is "" when a file cannot be read again.
func kitKey(r *generator.Renderer, fonts map[string][]byte, p *schema.Pack, opts generator.PrintOptions) string {
	k := buildcache.NewKey("shared kit")
	k.String("print", fmt.Sprintf("%#v", opts))
	k.Bool("ink saver", r.InkSaver)
	k.Bool("grayscale", r.Grayscale)
	k.Bool("cmyk", r.CMYK)
	for _, name := range slices.Sorted(maps.Keys(fonts)) {
		k.String("font", name)
		k.Bytes("font data", fonts[name])
	}
	for q := p; q != nil; q = q.Extended() {
		k.String("pack", q.Game.ID)
		for _, f := range q.Files {
			if slices.Contains(q.BaseFiles, f) {
				continue
			}
			name, ok := f, true
			if q.Root != "" {
				name, ok = strings.CutPrefix(f, q.Root+"/")
			}
			data, err := fs.ReadFile(q.FS, name)
			if !ok || err != nil {
				return ""
			}
			k.String("file", name)
			k.Bytes("file data", data)
		}
	}
	return k.Sum()
}
