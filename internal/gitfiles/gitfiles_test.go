package gitfiles

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runforge/runforge/internal/gitfiles/gitfilestest"
)

func TestChangedSince(t *testing.T) {
	dir := gitfilestest.Repo(t, map[string]string{"a/one.yaml": "1", "a/two.yaml": "2", "b/three.yaml": "3", "c/four.yaml": "4", ".gitignore": "*.tmp\n"})
	gitfilestest.Write(t, dir, map[string]string{"b/three.yaml": "3 committed"})
	gitfilestest.Run(t, dir, "commit", "-q", "-am", "second")
	gitfilestest.Write(t, dir, map[string]string{"a/one.yaml": "1 unstaged", "d/new.yaml": "untracked", "d/x.tmp": "ignored", "c/staged.yaml": "s"})
	gitfilestest.Run(t, dir, "add", "c/staged.yaml")
	gitfilestest.Run(t, dir, "rm", "-q", "a/two.yaml")

	rel := func(files []string) string {
		var out []string
		for _, f := range files {
			r, err := filepath.Rel(dir, f)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, filepath.ToSlash(r))
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct{ ref, from, want string }{
		{"HEAD~1", ".", "a/one.yaml a/two.yaml b/three.yaml c/staged.yaml d/new.yaml"},
		{"HEAD", "a", "a/one.yaml a/two.yaml c/staged.yaml d/new.yaml"},
		{"main", "d", "a/one.yaml a/two.yaml c/staged.yaml d/new.yaml"},
	} {
		got, err := ChangedSince(context.Background(), filepath.Join(dir, c.from), c.ref)
		if err != nil {
			t.Fatalf("%s: %v", c.ref, err)
		}
		if rel(got) != c.want {
			t.Errorf("since %s from %s: %s, want %s", c.ref, c.from, rel(got), c.want)
		}
	}

	for _, c := range []struct{ ref, want string }{
		{"no-such-branch", `"no-such-branch" names no commit`},
		{"--output=x", `"--output=x" is not a git revision`},
		{"", `"" is not a git revision`},
	} {
		if _, err := ChangedSince(context.Background(), dir, c.ref); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ref %q: %v, want %s", c.ref, err, c.want)
		}
	}
}

func TestOutsideARepository(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
	if _, err := ChangedSince(context.Background(), dir, "HEAD"); !errors.Is(err, ErrNotRepository) {
		t.Errorf("%v, want ErrNotRepository", err)
	}
	t.Setenv("PATH", t.TempDir())
	if _, err := ChangedSince(context.Background(), dir, "HEAD"); !errors.Is(err, ErrNoGit) {
		t.Errorf("without git: %v, want ErrNoGit", err)
	}
}
