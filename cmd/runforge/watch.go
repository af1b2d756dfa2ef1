package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/runforge/runforge/cmd/runforge/internal/follow"
)

// followRoots are the folders on disk that hold the packs the paths name
// (as check.Resolve reads them): a folder itself, a file's folder, data/
// when no path is given and it exists. A bundled pack's name is no folder
// and is left out: it does not change.
func followRoots(paths []string) []string {
	if len(paths) == 0 {
		if info, err := os.Stat("data"); err == nil && info.IsDir() {
			return []string{"data"}
		}
		return nil
	}
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			continue
		}
		if !info.IsDir() {
			p = filepath.Dir(p)
		}
		out = append(out, filepath.Clean(p))
	}
	return out
}

// watchBuild builds the packs, then again each time one of their files
// changes, until ctx is done (Ctrl-C). A build that fails or is refused
// is reported, and the next save tries again.
func watchBuild(ctx context.Context, s streams, c *catalog, o *buildOptions) error {
	roots := followRoots(o.paths)
	if len(roots) == 0 {
		return usageError("--watch follows pack folders on disk, and none is named here (bundled packs do not change): name a pack folder")
	}
	fl, err := follow.New(roots, 0)
	if err != nil {
		return usageError("%v", err)
	}
	build := func() {
		err := runBuild(ctx, s, c, o)
		var ee *exitError
		switch {
		case err == nil:
			fmt.Fprintln(s.err, "runforge: built; waiting for changes (Ctrl-C stops)")
		case errors.As(err, &ee) && ee.err == nil:
			fmt.Fprintln(s.err, "runforge: not built; waiting for changes (Ctrl-C stops)")
		default:
			fmt.Fprintf(s.err, "runforge: %v; waiting for changes (Ctrl-C stops)\n", err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil
	}
	build()
	err = fl.Run(ctx, func(changed []string) {
		if ctx.Err() != nil {
			return
		}
		fmt.Fprintf(s.err, "runforge: changed: %s\n", strings.Join(changed, ", "))
		build()
	})
	if err != nil {
		return usageError("%v", err)
	}
	return nil
}
