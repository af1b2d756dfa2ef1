package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateSubFolderOfAPack: naming a folder inside a pack checks the
// pack and reports what concerns that folder, rather than taking the folder
// for a pack without its manifest.
func TestValidateSubFolderOfAPack(t *testing.T) {
	dir := t.TempDir()
	pack := filepath.Join(dir, "p")
	writeFile(t, filepath.Join(pack, "game.yaml"), hostileGame)
	cards := cardsHeader + "  - {id: card-a, name: A, text: a}\n  - {id: card-b, name: B, text: b}\n"
	writeFile(t, filepath.Join(pack, "cards.yaml"), cards)
	writeFile(t, filepath.Join(pack, "old", "cards.yaml"), strings.Replace(cards, "id: cards", "id: old-cards", 1))
	if err := os.WriteFile(filepath.Join(pack, "notes.yaml"), []byte("kind: Nope\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	code, out, errOut := run(t, "", "validate", "p/old")
	if code != 0 || !strings.Contains(out, "p/old/cards.yaml:1:1: warning pack/unused-file") {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	if strings.Contains(out, "notes.yaml") || strings.Contains(out, "missing-file") {
		t.Errorf("reports beyond the folder, or takes it for a pack:\n%s", out)
	}
}
