package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoPath: validate and build without a path check the pack of the
// current folder, or the packs in its sub-folders; in a folder without
// one they say so before the report and check the bundled packs.
func TestNoPath(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if code, _, stderr := run(t, "", "init", "games/broken"); code != 0 {
		t.Fatal(stderr)
	}
	cards := filepath.Join("games", "broken", "cards.yaml")
	b, _ := os.ReadFile(cards)
	if err := os.WriteFile(cards, []byte(strings.Replace(string(b), "count: 2", "count: two", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	notice := "no pack here"

	// A sub-folder holds a (broken) pack: it is what is checked.
	code, stdout, stderr := run(t, "", "validate")
	if code != 1 || !strings.Contains(stdout, "games/broken/cards.yaml:") || !strings.Contains(stdout, "in 1 pack") || strings.Contains(stderr, notice) {
		t.Errorf("validate in a folder holding a broken pack: exit %d\n%s\n%s", code, stdout, stderr)
	}
	code, _, stderr = run(t, "", "build", "-o", filepath.Join(dir, "out"))
	if code != 1 || !strings.Contains(stderr, "games/broken/cards.yaml:") {
		t.Errorf("build in a folder holding a broken pack: exit %d\n%s", code, stderr)
	}

	// The current folder is the pack: positions are relative to it.
	t.Chdir(filepath.Join(dir, "games", "broken"))
	code, stdout, stderr = run(t, "", "validate")
	if code != 1 || !strings.HasPrefix(stdout, "cards.yaml:") {
		t.Errorf("validate in the pack's folder: exit %d\n%s\n%s", code, stdout, stderr)
	}

	// No pack anywhere below: said plainly, then the bundled packs.
	empty := t.TempDir()
	t.Chdir(empty)
	code, stdout, stderr = run(t, "", "validate")
	if code != 0 || !strings.HasPrefix(stderr, "runforge: "+notice) || !strings.Contains(stdout, "0 errors") {
		t.Errorf("validate where there is no pack: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
