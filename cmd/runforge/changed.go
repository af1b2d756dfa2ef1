package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/runforge/runforge/internal/gitfiles"
	"github.com/runforge/runforge/validate/check"
)

// changedTargets are the packs validate --changed-since or --changed
// checks: those holding the changed files, and the packs that extend
// them among the candidates (the PATHs of --changed-since, else the packs
// a validate without PATH finds here, the bundled ones aside).
func changedTargets(o *validateOptions, c *catalog, note console) ([]check.Target, error) {
	if o.changedSince != "" && o.changed {
		return nil, usageError("--changed-since and --changed: give one (--changed reads the PATHs as the changed files)")
	}
	wd := workDir()
	if wd == "" {
		return nil, usageError("--changed-since: the working folder cannot be found")
	}
	files, restrict := o.paths, len(o.paths) > 0 && !o.changed
	what := "the files given"
	if o.changedSince != "" {
		// The repository is the one holding the first PATH on disk, else
		// the working folder's.
		repo := wd
		if restrict {
			if info, err := os.Stat(o.paths[0]); err == nil {
				d := o.paths[0]
				if !info.IsDir() {
					d = filepath.Dir(d)
				}
				if abs, err := filepath.Abs(d); err == nil {
					repo = abs
				}
			}
		}
		changed, err := gitfiles.ChangedSince(context.Background(), repo, o.changedSince)
		switch {
		case errors.Is(err, gitfiles.ErrNoGit):
			return nil, usageError("--changed-since needs git, which was not found on PATH: install git, or validate without --changed-since")
		case errors.Is(err, gitfiles.ErrNotRepository):
			return nil, usageError("--changed-since: %s is not inside a git repository: run it in a clone, or validate without --changed-since", repo)
		case err != nil:
			return nil, usageError("--changed-since: %v", err)
		}
		files = files[:0:0]
		for _, f := range changed {
			if rel, err := filepath.Rel(wd, f); err == nil {
				f = rel
			}
			files = append(files, f)
		}
		what = "the files changed since " + o.changedSince
	}
	candPaths := localPackDirs()
	if restrict {
		candPaths = o.paths
	}
	var candidates []check.Target
	if len(candPaths) > 0 {
		var err error
		if candidates, err = check.Resolve(candPaths, c.checkOptions()); err != nil {
			return nil, usageError("%v", err)
		}
	}
	targets, err := check.PacksOf(files, candidates)
	if err != nil {
		return nil, usageError("%v", err)
	}
	if restrict {
		targets = check.Within(targets, candidates)
	}
	if len(targets) == 0 {
		switch {
		case o.changedSince != "" && len(files) == 0:
			fmt.Fprintf(note, "runforge: no file has changed since %s: nothing to check\n", o.changedSince)
		case restrict:
			fmt.Fprintf(note, "runforge: no pack under %s holds any of %s: nothing to check\n", strings.Join(o.paths, ", "), what)
		default:
			fmt.Fprintf(note, "runforge: no pack holds any of %s: nothing to check\n", what)
		}
	}
	return targets, nil
}
