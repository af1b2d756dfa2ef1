package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPaperFlagReplacesThePacksPaper: what fits only the paper given on the
// command line builds on it, and what fits only the pack's own paper is
// refused on the other, with the position of the piece and the paper named.
func TestPaperFlagReplacesThePacksPaper(t *testing.T) {
	dir := t.TempDir()
	pack := filepath.Join(dir, "tall")
	writeFile(t, filepath.Join(pack, "game.yaml"), hostileGame+"print:\n  paper: letter\n")
	// 270mm tall: more than Letter's 266.7mm printable height, less than A4's 284.3mm.
	writeFile(t, filepath.Join(pack, "cards.yaml"), strings.Replace(cardsHeader, "cardType: generic\n",
		"cardType: generic\nsize: custom\nwidth: 100mm\nheight: 270mm\n", 1)+
		"  - {id: card-a, name: A, text: a}\n  - {id: card-b, name: B, text: b}\n")
	t.Chdir(dir)

	code, out, _ := run(t, "", "validate", "tall")
	if code != 1 || !strings.Contains(out, "tall/cards.yaml:6:8: error pack/limit") || !strings.Contains(out, "letter paper") {
		t.Fatalf("validate on the pack's Letter: exit %d\n%s", code, out)
	}
	code, stdout, stderr := run(t, "", "build", "tall", "--paper", "a4", "--no-previews", "-o", "kit")
	if code != 0 || !strings.Contains(stdout, "kit/hostile/cards.pdf") {
		t.Fatalf("build --paper a4: exit %d\n%s%s", code, stdout, stderr)
	}
	os.RemoveAll("kit")
	// The other way round: a pack on A4 built on Letter.
	writeFile(t, filepath.Join(pack, "game.yaml"), hostileGame+"print:\n  paper: a4\n")
	if code, out, _ := run(t, "", "validate", "tall"); code != 0 {
		t.Fatalf("validate on the pack's A4: exit %d\n%s", code, out)
	}
	code, _, stderr = run(t, "", "build", "tall", "--paper", "letter", "--no-previews", "-o", "kit")
	if code != 1 || !strings.Contains(stderr, "tall/cards.yaml:6:8: error pack/limit") || !strings.Contains(stderr, "letter paper") {
		t.Fatalf("build --paper letter: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat("kit"); !os.IsNotExist(err) {
		t.Error("a refused build wrote kit/")
	}
}
