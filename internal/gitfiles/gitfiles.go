// Package gitfiles asks git which files of a work tree changed since a
// commit, for commands that check only what changed.
package gitfiles

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// ErrNoGit is returned when no git program is found on PATH.
var ErrNoGit = errors.New("git was not found on PATH")

// ErrNotRepository is returned when the folder is in no git work tree.
var ErrNotRepository = errors.New("not inside a git repository")

// ChangedSince returns the files of the git work tree holding dir that
// differ from the commit ref names: changed in commits since it, staged,
// changed in the work tree, or untracked and not ignored. Deleted and
// renamed-away files are included (their packs changed too). Paths are
// absolute, sorted.
func ChangedSince(ctx context.Context, dir, ref string) ([]string, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, ErrNoGit
	}
	if ref == "" || strings.HasPrefix(ref, "-") {
		return nil, fmt.Errorf("%q is not a git revision", ref)
	}
	top, err := git(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		if strings.Contains(err.Error(), "not a git repository") {
			return nil, fmt.Errorf("%s: %w", dir, ErrNotRepository)
		}
		return nil, err
	}
	root := strings.TrimSpace(top)
	if _, err := git(ctx, root, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}"); err != nil {
		return nil, fmt.Errorf("%q names no commit of the repository at %s", ref, root)
	}
	diff, err := git(ctx, root, "diff", "--name-only", "-z", "--no-renames", "--end-of-options", ref, "--")
	if err != nil {
		return nil, err
	}
	untracked, err := git(ctx, root, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for _, name := range strings.Split(diff+untracked, "\x00") {
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, filepath.Join(root, filepath.FromSlash(name)))
	}
	sort.Strings(out)
	return out, nil
}

// git runs git in dir and returns its standard output; its error carries
// git's standard error.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
		}
		return "", fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return stdout.String(), nil
}
