package rfyl

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema/schematest"

	"github.com/runforge/runforge/validate"
)

// FuzzRules runs the core rules and Run For Your Life's on a Run For Your Life pack whose event deck is
// the input: no rule may panic, and every diagnostic has a rule, a
// message and a file.
func FuzzRules(f *testing.F) {
	for _, pattern := range []string{"../../data/run-for-your-life/*.yaml", "../../testdata/hostile/*/pack/*.yaml"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			if b, err := os.ReadFile(name); err == nil {
				f.Add(b)
			}
		}
	}
	manifest := []byte(`kind: Game
id: fuzz
title: Fuzz
system: run-for-your-life
components:
  - {id: events, name: Events, expected: 3}
  - {id: bullets, name: Bullets, expected: 2}
`)
	reg := validate.ForGames([]validate.Game{Game()})
	f.Fuzz(func(t *testing.T, src []byte) {
		fsys := fstest.MapFS{
			"game.yaml":   {Data: manifest},
			"events.yaml": {Data: src},
		}
		p, probs := schematest.LoadPack(fsys, "fuzz")
		for _, d := range validate.Pack(p, probs, validate.Options{Registry: reg}) {
			if d.Rule == "" || d.Message == "" || d.Pos.File == "" {
				t.Fatalf("incomplete diagnostic %+v", d)
			}
		}
	})
}
