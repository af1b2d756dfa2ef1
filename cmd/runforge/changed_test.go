package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/runforge/runforge/internal/gitfiles/gitfilestest"
)

// changedRepo makes a git repository holding copies of the bundled RUN
// pack, its promo (which extends run) and a pack of a game of its own, all
// committed, and returns its folder.
func changedRepo(t *testing.T) string {
	t.Helper()
	files := map[string]string{"README.md": "content\n"}
	for _, id := range []string{"run", "run-promo"} {
		src, err := filepath.Abs(filepath.Join("../../data", id))
		if err != nil {
			t.Fatal(err)
		}
		err = filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(src, p)
			if err != nil {
				return err
			}
			b, err := os.ReadFile(p)
			files["data/"+id+"/"+filepath.ToSlash(rel)] = string(b)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	dir := gitfilestest.Repo(t, files)
	if code, _, errOut := run(t, dir, "init", "data/mine"); code != exitClean {
		t.Fatalf("init: %s", errOut)
	}
	gitfilestest.Run(t, dir, "add", "-A")
	gitfilestest.Run(t, dir, "commit", "-q", "-m", "mine")
	return dir
}

// TestChangedSince: validate --changed-since checks the packs holding the
// files git says changed (committed since, unstaged, untracked), and the
// packs that extend them; --changed reads the files from the command line.
func TestChangedSince(t *testing.T) {
	dir := changedRepo(t)
	packs := func(out string) string {
		var names []string
		for _, line := range strings.Split(out, "\n") {
			if f, ok := strings.CutSuffix(line, "/game.yaml valid"); ok {
				names = append(names, f[strings.LastIndex(f, " ")+1:])
			}
		}
		sort.Strings(names)
		return strings.Join(names, " ")
	}
	validateTAP := func(args ...string) (int, string, string) {
		return run(t, dir, append([]string{"validate", "--format", "tap"}, args...)...)
	}

	code, out, errOut := validateTAP("--changed-since", "HEAD")
	if code != exitClean || packs(out) != "" || !strings.Contains(errOut, "no file has changed since HEAD: nothing to check") {
		t.Errorf("nothing changed: exit %d, packs %q\n%s", code, packs(out), errOut)
	}

	gitfilestest.Write(t, dir, map[string]string{"data/run-promo/notes.yaml": "kind: Deck\n", "README.md": "changed\n"})
	if code, out, _ = validateTAP("--changed-since", "HEAD"); packs(out) != "data/run-promo" || code != exitFindings {
		t.Errorf("untracked file in the promo: exit %d, packs %q\n%s", code, packs(out), out)
	}
	if err := os.Remove(filepath.Join(dir, "data/run-promo/notes.yaml")); err != nil {
		t.Fatal(err)
	}

	b, err := os.ReadFile(filepath.Join(dir, "data/run/game.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	gitfilestest.Write(t, dir, map[string]string{"data/run/game.yaml": string(b) + "# a comment\n"})
	gitfilestest.Run(t, dir, "commit", "-q", "-am", "run changed")
	gitfilestest.Write(t, dir, map[string]string{"data/mine/cards.yaml": "kind: Deck\nid: [\n"})
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--changed-since", "HEAD~1"}, exitFindings, "data/mine data/run data/run-promo"},
		{[]string{"--changed-since", "HEAD"}, exitFindings, "data/mine"},
		{[]string{"--changed-since", "HEAD~1", "data/run-promo"}, exitClean, "data/run-promo"},
		{[]string{"--changed", "data/run/game.yaml", "README.md"}, exitClean, "data/run data/run-promo"},
		{[]string{"--changed", `data\run-promo\map-5b.yaml`}, exitClean, "data/run-promo"},
	} {
		code, out, errOut := validateTAP(c.args...)
		if code != c.code || packs(out) != c.want {
			t.Errorf("%q: exit %d, packs %q; want %d, %q\n%s%s", c.args, code, packs(out), c.code, c.want, out, errOut)
		}
	}

	// Files changed, but none in the packs asked for.
	if code, out, errOut := validateTAP("--changed-since", "HEAD", "data/run"); code != exitClean || packs(out) != "" ||
		!strings.Contains(errOut, "no pack under data/run holds any of the files changed since HEAD") {
		t.Errorf("changes outside the PATH given: exit %d, packs %q\n%s", code, packs(out), errOut)
	}

	// Run from outside the repository with a PATH inside it: git is asked
	// in the PATH's repository.
	if code, out, errOut := run(t, t.TempDir(), "validate", "--format", "tap", "--changed-since", "HEAD", filepath.Join(dir, "data", "mine")); code != exitFindings || strings.Contains(errOut, "not inside a git repository") {
		t.Errorf("a PATH in a repository, run from outside it: exit %d\n%s%s", code, out, errOut)
	}

	for _, c := range []struct {
		name, dir, path string
		args            []string
		want            string
	}{
		{"no such commit", dir, "", []string{"--changed-since", "nope"}, `--changed-since: "nope" names no commit`},
		{"both flags", dir, "", []string{"--changed-since", "HEAD", "--changed"}, "give one"},
		{"outside a repository", t.TempDir(), "", []string{"--changed-since", "HEAD"}, "is not inside a git repository"},
		{"without git", dir, t.TempDir(), []string{"--changed-since", "HEAD"}, "needs git, which was not found on PATH"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(c.dir))
			if c.path != "" {
				t.Setenv("PATH", c.path)
			}
			code, out, errOut := run(t, c.dir, append([]string{"validate"}, c.args...)...)
			if code != exitUsage || !strings.Contains(errOut, c.want) || out != "" {
				t.Errorf("exit %d, want 2 and %q\n%s%s", code, c.want, out, errOut)
			}
		})
	}
}
