// Package kitbuild is the build policy of runforge's build command, apart
// from its flags: which print settings a pack is built with (a flag over
// the pack's print: over the built-in default, and where each came from),
// which findings stop a build before it writes anything, the lock on the
// output folder, and the per-pack build that clears what interrupted
// builds left and writes the kit through the generator.
package kitbuild

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/check"
)

// Options are what a build is asked for.
type Options struct {
	// Flags are the print settings the command line gives.
	Flags
	// Out is the output folder; each pack is written to Out/<id>.
	Out string
	// NoPreviews leaves out the PNG previews.
	NoPreviews bool
	// Strict refuses to build on warnings too.
	Strict bool
	// AllowOverflow builds even when text or a box would be clipped.
	AllowOverflow bool
	// PNGDPI, when above 0, also writes every card face and back as a PNG
	// at that resolution (generator.BuildOptions.PNGDPI).
	PNGDPI int
	// WithBase prints everything of a pack that extends another; without
	// it, such a pack's kit holds only what the pack adds or changes.
	WithBase bool
	// Registry is the rule set the packs were validated with.
	Registry *validate.Registry
	// Created is the date written into the PDFs.
	Created time.Time
	// TTS also writes the Tabletop Simulator export beside the kit
	// (generator/tts), its images named under TTSURL when set.
	TTS    bool
	TTSURL string
	// NoCache builds every pack from scratch: Validate loads and checks
	// each, and Checked.Build writes each kit, without reading or writing
	// the cache in Out/.cache.
	NoCache bool
	// Version is runforge's version; the cache keys on it, besides the
	// running executable's build ID.
	Version string

	// jobs, kits, turn and swapped are the job pool, the kits shared and
	// the swap turn of a pack built at once with others
	// (Checked.BuildAll); see generator.BuildOptions.
	jobs    *generator.JobPool
	kits    *generator.SharedKits
	turn    func() error
	swapped func()
}

// ErrInterrupted is what the errors of a build stopped by its context
// wrap.
var ErrInterrupted = errors.New("interrupted")

// BuildPack removes what interrupted builds of the pack left in the output
// folder, then builds it with r, saying on status which print settings the
// pack chose. It returns the files written, relative to Out/<id>. An
// error wraps ErrInterrupted when ctx stopped the build.
//
// BuildPack uses no cache: Validate and Checked.Build are the build that
// does only the work its changes need.
func BuildPack(ctx context.Context, r *generator.Renderer, c check.Result, o Options, status Status) ([]generator.Artifact, error) {
	arts, _, err := o.buildPack(ctx, r, c, nil, status)
	return arts, err
}

// buildPack is BuildPack, returning besides the files the lines it said
// about the pack's settings, which a build the cache skips says again.
// With previews, the card previews come from and go into that cache.
func (o Options) buildPack(ctx context.Context, r *generator.Renderer, c check.Result, previews *previewStore, status Status) ([]generator.Artifact, []string, error) {
	id := c.Pack.Game.ID
	if err := ctx.Err(); err != nil {
		return nil, nil, interruptedError(o.Out, id)
	}
	eff, err := o.Resolve(c.Pack, o.Created)
	if err != nil {
		return nil, nil, err
	}
	removeStale(o.Out, id, status)
	var notes []string
	for _, n := range eff.FromPack {
		notes = append(notes, fmt.Sprintf("%s: %s", c.Target.Name, n))
	}
	pr, err := r.ForPack(c.Pack)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", c.Target.Name, err)
	}
	pr = pr.WithOptions(eff.InkSaver, eff.Grayscale).WithCMYK(eff.CMYK)
	if previews != nil {
		pr = pr.WithPreviewCache(previews, previews.base)
	}
	if c.Pack.IsAddOn() && !o.WithBase {
		base := c.Pack.Bases[0]
		notes = append(notes, fmt.Sprintf("%s: extends %s: the kit holds only what it adds or changes; the rest is in the %s kit (--with-base prints everything)", c.Target.Name, base.ID, base.Title))
	}
	for _, n := range notes {
		fmt.Fprintf(status, "%s\n", n)
	}
	arts, err := kit.BuildContext(ctx, pr, c.Pack, generator.BuildOptions{
		Print: eff.Print, OutDir: o.Out, Previews: !o.NoPreviews, WithBase: o.WithBase, PNGDPI: o.PNGDPI,
		Jobs: o.jobs, Kits: o.kits, Turn: o.turn, Swapped: o.swapped,
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, interruptedError(o.Out, id)
		}
		return nil, nil, fmt.Errorf("building %s: %w", c.Target.Name, err)
	}
	if o.TTS {
		if arts, err = exportTTS(ctx, pr, c, o, arts); err != nil {
			return nil, nil, err
		}
	}
	return arts, notes, nil
}

// removeStale removes what interrupted builds of pack id left in out,
// saying so on status.
func removeStale(out, id string, status Status) {
	removed, err := generator.RemoveStale(out, id)
	for _, dir := range removed {
		fmt.Fprintf(status, "runforge: removed %s, left behind by an interrupted build\n", dir)
	}
	if err != nil {
		fmt.Fprintf(status, "runforge: warning: %v\n", err)
	}
}

// interruptedError is the error of a build of pack id that was stopped,
// saying what is left in out.
func interruptedError(out, id string) error {
	return fmt.Errorf("%w: %s was not built; %s", ErrInterrupted, id, kitLeft(out, id))
}

// kitLeft says what is in out for pack id after a build that did not
// swap its kit in: its previous kit, as it was, or nothing.
func kitLeft(out, id string) string {
	final := filepath.Join(out, id)
	if _, err := os.Stat(final); err == nil {
		return final + " is as it was"
	}
	return "nothing was written for it"
}
