package kitbuild

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/tts"
	"github.com/runforge/runforge/validate/check"
)

// exportTTS writes the Tabletop Simulator export of the pack beside its
// kit, just built (arts), and returns the kit's files and the export's
// JSON (its images are in the same folder).
func exportTTS(ctx context.Context, r *generator.Renderer, c check.Result, o Options, arts []generator.Artifact) ([]generator.Artifact, error) {
	files, err := tts.Write(ctx, r, c.Pack, tts.Options{
		KitDir: filepath.Join(o.Out, c.Pack.Game.ID), URLBase: o.TTSURL, WithBase: o.WithBase,
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, interruptedError(o.Out, c.Pack.Game.ID)
		}
		return nil, fmt.Errorf("exporting %s to Tabletop Simulator: %w", c.Target.Name, err)
	}
	return append(arts, generator.Artifact{Path: files[0]}), nil
}
