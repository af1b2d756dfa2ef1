package generator

import (
	"io"

	"github.com/runforge/runforge/schema"
)

// kitOutput is a file the build writes for the kit as a whole rather than
// for one element.
type kitOutput struct {
	path string
	// wanted reports whether a build of p with opts (the print options in
	// effect) writes the file; previews says whether it writes previews.
	wanted func(p *schema.Pack, opts PrintOptions, previews bool) bool
	// write writes the file and returns its PDF pages (0 for others).
	write func(r *Renderer, w io.Writer, p *schema.Pack, opts PrintOptions) (int, error)
	// what is the file's line in the kit's index, and index the lines
	// under it; a file with no index function is not listed there.
	what  string
	index func(p *schema.Pack, opts PrintOptions) []string
}

// kitOutputs are the files of the kit as a whole, in the order the build
// plans them and the kit's index lists them: the one list the writers and
// the index use. The games' own come first, in the order of the renderer's
// games (the shared kinds' token sheet first: generator/kinds; a path two games list is one file, see
// orElse), then the calibration sheet and the index. Their paths are
// schema.KitOutputs, which the output plan (and so validate's collision
// check) reserves; a test holds the two equal.
func (r *Renderer) kitOutputs() []kitOutput {
	var out []kitOutput
	at := map[string]int{}
	for _, g := range r.games {
		for _, k := range g.KitOutputs {
			o := kitOutput{path: k.Path, wanted: k.Wanted, write: k.Write, what: k.What, index: k.Index}
			if i, ok := at[k.Path]; ok {
				out[i] = out[i].orElse(o)
				continue
			}
			at[k.Path] = len(out)
			out = append(out, o)
		}
	}
	return append(out, r.closingOutputs()...)
}

// orElse is the one file that k's game and then o's list under one path
// (games that share a file, each with its own settings): k writes and
// indexes it for the packs it wants it for, o for the others; the file's
// line in the index is k's. Which one a pack's is does not depend on the
// build's previews.
func (k kitOutput) orElse(o kitOutput) kitOutput {
	of := func(p *schema.Pack, opts PrintOptions) kitOutput {
		if k.wanted(p, opts, false) || k.wanted(p, opts, true) {
			return k
		}
		return o
	}
	out := k
	out.wanted = func(p *schema.Pack, opts PrintOptions, previews bool) bool {
		return k.wanted(p, opts, previews) || o.wanted(p, opts, previews)
	}
	out.write = func(r *Renderer, w io.Writer, p *schema.Pack, opts PrintOptions) (int, error) {
		return of(p, opts).write(r, w, p, opts)
	}
	if k.index != nil || o.index != nil {
		out.index = func(p *schema.Pack, opts PrintOptions) []string {
			if x := of(p, opts); x.index != nil {
				return x.index(p, opts)
			}
			return nil
		}
	}
	return out
}

// closingOutputs are the kit's calibration sheet and its index, after the
// games' own files.
func (r *Renderer) closingOutputs() []kitOutput {
	return []kitOutput{
		{
			path:   "calibration.pdf",
			wanted: func(p *schema.Pack, opts PrintOptions, _ bool) bool { return r.needsCalibration(p, opts) },
			write: func(r *Renderer, w io.Writer, _ *schema.Pack, opts PrintOptions) (int, error) {
				return 2, r.WriteCalibration(w, opts)
			},
			what:  "print it on both sides of one sheet to measure your printer's duplex misregistration (--back-offset)",
			index: func(*schema.Pack, PrintOptions) []string { return nil },
		},
		{
			path:   "components.txt",
			wanted: func(*schema.Pack, PrintOptions, bool) bool { return true },
			write: func(r *Renderer, w io.Writer, p *schema.Pack, opts PrintOptions) (int, error) {
				return 0, r.writeComponents(w, p, opts)
			},
		},
	}
}
