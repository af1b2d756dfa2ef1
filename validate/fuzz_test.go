package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema/schematest"
)

// FuzzUnknownIcons parses inline {icon} references: every name it reports
// must be written in braces in the text.
func FuzzUnknownIcons(f *testing.F) {
	for _, s := range []string{"Place 1 {zombie} here.", "{zomby} and {", "}{", "{{bullet}}", "{a b}", "{é}", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, name := range UnknownIcons(schematest.Registry(), text) {
			if !strings.Contains(text, "{"+name+"}") {
				t.Fatalf("reported %q, which is not in braces in %q", name, text)
			}
		}
	})
}

// FuzzRules runs every rule on a Run For Your Life pack whose event deck is
// the input: no rule may panic, and every diagnostic has a rule, a
// message and a file.
func FuzzRules(f *testing.F) {
	for _, pattern := range []string{"../data/run-for-your-life/*.yaml", "../testdata/hostile/*/pack/*.yaml"} {
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
	f.Fuzz(func(t *testing.T, src []byte) {
		fsys := fstest.MapFS{
			"game.yaml":   {Data: manifest},
			"events.yaml": {Data: src},
		}
		p, probs := schematest.LoadPack(fsys, "fuzz")
		for _, d := range Pack(p, probs, Options{}) {
			if d.Rule == "" || d.Message == "" || d.Pos.File == "" {
				t.Fatalf("incomplete diagnostic %+v", d)
			}
		}
	})
}
