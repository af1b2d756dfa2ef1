package scaffold

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema/schematest"
)

// TestCopyPack: the copy gets the new id, the schemas are written, every
// modeline points at them, and a failed copy leaves nothing behind.
func TestCopyPack(t *testing.T) {
	src := fstest.MapFS{
		"game.yaml":  {Data: []byte("# yaml-language-server: $schema=../../schema/jsonschema/game.schema.json\nkind: Game\nid: small # keep\ntitle: Small\n")},
		"cards.yaml": {Data: []byte("kind: Deck\nid: cards\n")},
	}
	root := t.TempDir()
	dir := filepath.Join(root, "mine")
	schemas := filepath.Join(root, "schemas")
	var warn bytes.Buffer
	if err := CopyPack(Options{Src: src, From: "small", Dir: dir, ID: "mine", Schemas: schemas, Registry: schematest.Registry()}, &warn); err != nil {
		t.Fatal(err)
	}
	game, _ := os.ReadFile(filepath.Join(dir, "game.yaml"))
	if want := "# yaml-language-server: $schema=../schemas/game.schema.json\nkind: Game\nid: mine # keep\ntitle: Mine\n"; string(game) != want {
		t.Errorf("game.yaml:\n%s\nwant:\n%s", game, want)
	}
	cards, _ := os.ReadFile(filepath.Join(dir, "cards.yaml"))
	if !strings.HasPrefix(string(cards), "# yaml-language-server: $schema=../schemas/deck.schema.json\n") {
		t.Errorf("cards.yaml:\n%s", cards)
	}
	if _, err := os.Stat(filepath.Join(schemas, "deck.schema.json")); err != nil {
		t.Error(err)
	}
	if warn.Len() > 0 {
		t.Errorf("warnings: %s", warn.String())
	}

	other := filepath.Join(root, "other")
	err := CopyPack(Options{Src: src, From: "nope", Dir: other, ID: "other", Schemas: schemas, Registry: schematest.Registry()}, &warn)
	if err == nil || !strings.Contains(err.Error(), "has no line id: nope to rename") {
		t.Errorf("wrong id: %v", err)
	}
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if e.Name() != "mine" && e.Name() != "schemas" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}
