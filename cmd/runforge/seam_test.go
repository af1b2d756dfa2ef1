package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles writes name -> content files under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The README's tour: a pack that extends run-for-your-life and replaces one
// event card by id prints that card; with --with-base, 72 events with the
// new card in them.
func TestReplaceOneBundledCard(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFiles(t, "house-rules", map[string]string{
		"game.yaml": "kind: Game\nid: house-rules\ntitle: House rules\nsystem: run-for-your-life\nextends: run-for-your-life\n",
		"events.yaml": `kind: Deck
id: events
cardType: rfyl/event
cards:
  - id: ev-lone-shambler
    count: 3
    name: Lone Sprinter
    icons: [zombies]
    text: "Place 1 {zombie} on your space. It moves first next turn."
`,
	})
	code, stderr, _ := run(t, "", "validate", "--strict", "house-rules")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	// The kit prints the new card's 3 copies only; --with-base all 72
	// events, the new card in them.
	for _, tc := range []struct {
		args []string
		want string
	}{{nil, "out/house-rules/events.pdf (2 pages)"}, {[]string{"--with-base"}, "out/house-rules/events.pdf (16 pages)"}} {
		code, stdout, stderr := run(t, "", append([]string{"build", "house-rules", "--no-previews"}, tc.args...)...)
		if code != 0 || !strings.Contains(stdout, tc.want) {
			t.Fatalf("%v: exit %d:\n%s\n%s", tc.args, code, stdout, stderr)
		}
		if _, err := exec.LookPath("pdftotext"); err == nil {
			text, err := exec.Command("pdftotext", "out/house-rules/events.pdf", "-").Output()
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(text), "Lone Sprinter"); n != 3 || strings.Contains(string(text), "Lone Shambler") {
				t.Errorf("%v: the new card printed %d times (want 3) or the old one is still there", tc.args, n)
			}
		}
	}
	// Removing a card without a replacement breaks the count, in the pack's
	// own manifest terms.
	writeFiles(t, "house-rules", map[string]string{"events.yaml": "kind: Deck\nid: events\ncardType: rfyl/event\ncards:\n  - {id: ev-lone-shambler, remove: true}\n"})
	code, stderr, _ = run(t, "", "validate", "house-rules")
	if code != 1 || !strings.Contains(stderr, `component "events" expects 72 copies but the pack has 69`) {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	writeFiles(t, "house-rules", map[string]string{"events.yaml": "kind: Deck\nid: events\ncardType: rfyl/event\ncards:\n  - {id: ev-lone-shamble, remove: true}\n"})
	code, stderr, _ = run(t, "", "validate", "house-rules")
	if code != 1 || !strings.Contains(stderr, `house-rules/events.yaml:5:10: error pack/dangling-ref: card "ev-lone-shamble" is marked remove: true`) {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
}

// A deck whose output would overwrite a file of the kit is a positioned
// error, and nothing is written.
func TestOutputCollisionWritesNothing(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFiles(t, "p", map[string]string{
		"game.yaml":  "kind: Game\nid: p\ntitle: P\nsystem: generic\ncomponents: []\n",
		"cards.yaml": "kind: Deck\nid: tokens\ncardType: generic\ncards:\n  - {id: a, name: A}\n",
	})
	code, stderr, _ := run(t, "", "validate", "p")
	if code != 1 || !strings.Contains(stderr, `p/cards.yaml:2:5: error pack/output-collision: deck "tokens" would write tokens.pdf`) {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	code, _, _ = run(t, "", "build", "p")
	if _, err := os.Stat("out/p"); code != 1 || err == nil {
		t.Fatalf("build exit %d, out/p exists: %v", code, err == nil)
	}
}

// Every layout builds the bundled kit; press also writes its 300 dpi PNGs.
func TestBuildLayouts(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, lay := range []string{"gutterfold", "press"} {
		code, stdout, stderr := run(t, "", "build", "run-for-your-life", "--layout", lay, "--no-previews", "-o", lay)
		if code != 0 || !strings.Contains(stdout, lay+"/run-for-your-life/events.pdf") {
			t.Fatalf("%s: exit %d\n%s\n%s", lay, code, stdout, stderr)
		}
	}
	if _, err := os.Stat("press/run-for-your-life/press/blood/_back.png"); err == nil {
		t.Error("blood cards have per-card backs, yet a shared back was written")
	}
	entries, err := os.ReadDir("press/run-for-your-life/press/events")
	if err != nil || len(entries) == 0 {
		t.Fatalf("no press PNGs: %v", err)
	}
}
