package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readKit reads every file of a kit folder, by its path in the kit.
func readKit(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestBuildOnly: --only rebuilds the named decks (with the kit's index and
// print run) and leaves every other file byte for byte, saying which of
// them the pack has changed since; an unknown id is a usage error with a
// did-you-mean; with no kit yet the whole kit is built.
func TestBuildOnly(t *testing.T) {
	pack := copyPack(t)
	out := filepath.Join(t.TempDir(), "out")
	kit := filepath.Join(out, "run-for-your-life")

	code, stdout, stderr := run(t, "", "build", pack, "-o", out, "--only", "events")
	if code != 0 || !strings.Contains(stderr, "no kit in") || !strings.Contains(stdout, "determination.pdf") {
		t.Fatalf("--only with no kit: exit %d\n%s\n%s", code, stdout, stderr)
	}
	before := readKit(t, kit)

	edit := func(file, old, new string) {
		p := filepath.Join(pack, file)
		b, _ := os.ReadFile(p)
		if !bytes.Contains(b, []byte(old)) {
			t.Fatalf("%s has no %q", file, old)
		}
		if err := os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("events.yaml", "It fights during the combat phase.", "It fights at once.")
	edit("blood.yaml", "name: Blood Cards", "name: Bloody Cards")

	code, stdout, stderr = run(t, "", "build", pack, "-o", out, "--only", "events")
	if code != 0 {
		t.Fatalf("--only events: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "/events.pdf") || strings.Contains(stdout, "/blood.pdf") || !strings.Contains(stdout, "/print-run.pdf") {
		t.Errorf("--only events lists other files than its own and the kit's:\n%s", stdout)
	}
	if !strings.Contains(stderr, "left these files as they were") || !strings.Contains(stderr, "blood.pdf") || strings.Contains(stderr, "events.pdf") {
		t.Errorf("no word of the files the pack changed but --only left:\n%s", stderr)
	}
	after := readKit(t, kit)
	// The deck's files and the kit's index and print run may change; no
	// other file may.
	rebuilt := func(path string) bool {
		return path == "events.pdf" || path == "preview/events.png" || strings.HasPrefix(path, "preview/events/") ||
			path == "components.txt" || path == "print-run.pdf"
	}
	for path, b := range before {
		switch {
		case after[path] == nil:
			t.Errorf("%s is gone", path)
		case !rebuilt(path) && !bytes.Equal(after[path], b):
			t.Errorf("%s changed, though --only names another deck", path)
		}
	}
	for _, path := range []string{"events.pdf", "print-run.pdf", "preview/events/ev-lone-shambler.png"} {
		if bytes.Equal(after[path], before[path]) {
			t.Errorf("%s was not rebuilt", path)
		}
	}
	if len(after) != len(before) {
		t.Errorf("%d files before, %d after", len(before), len(after))
	}

	code, _, stderr = run(t, "", "build", pack, "-o", out, "--only", "event")
	if code != 2 || !strings.Contains(stderr, "--only event: run-for-your-life prints nothing of that id (did you mean events?)") {
		t.Errorf("--only with an unknown id: exit %d\n%s", code, stderr)
	}
	if !bytes.Equal(readKit(t, kit)["events.pdf"], after["events.pdf"]) {
		t.Error("a refused --only changed the kit")
	}
}

// TestBuildOnlyGanged: an element the kit gangs onto another's sheets
// (RUN's exhausted card, on the action tiles' sheet) prints in that one's
// PDF, which --only of the element rebuilds; nothing else changes.
func TestBuildOnlyGanged(t *testing.T) {
	pack := copyBundled(t, "run")
	out := filepath.Join(t.TempDir(), "out")
	kit := filepath.Join(out, "run")
	if code, stdout, stderr := run(t, "", "build", pack, "-o", out); code != 0 {
		t.Fatalf("build: exit %d\n%s\n%s", code, stdout, stderr)
	}
	before := readKit(t, kit)
	edit(t, pack, "exhausted-card.yaml", "heading: EXHAUSTED", "heading: WORN OUT")
	code, stdout, stderr := run(t, "", "build", pack, "-o", out, "--only", "exhausted-card")
	if code != 0 {
		t.Fatalf("--only exhausted-card: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "/action-tiles.pdf") || strings.Contains(stderr, "left these files as they were") {
		t.Errorf("--only exhausted-card did not rebuild the PDF its sheet is in:\n%s\n%s", stdout, stderr)
	}
	after := readKit(t, kit)
	for path, b := range before {
		changed := !bytes.Equal(after[path], b)
		want := path == "action-tiles.pdf" || path == "components.txt" || path == "print-run.pdf"
		if changed && !want {
			t.Errorf("%s changed, though --only names the exhausted card", path)
		}
		if path == "action-tiles.pdf" && !changed {
			t.Error("action-tiles.pdf, which holds the exhausted card, was not rebuilt")
		}
	}
}
