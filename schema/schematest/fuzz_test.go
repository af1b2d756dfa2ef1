package schematest_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// The loader fuzzers of the content kinds added after the first hostile
// corpus: each loads a pack of a game that has the kind, whose one content
// file is the input, seeded with every file of that kind in the bundled
// packs. The loader must never panic, and every
// problem about the file must point inside it.

// fuzzKind seeds f with the files of kind and fuzzes the loader of a pack
// of system whose content file is the input.
func fuzzKind(f *testing.F, kind, system string) {
	f.Helper()
	head := regexp.MustCompile(`(?m)^kind: ` + kind + `\s*$`)
	seeds := 0
	for _, pattern := range []string{"../../data/*/*.yaml"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, name := range files {
			b, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			if head.Match(b) {
				f.Add(b)
				seeds++
			}
		}
	}
	if seeds == 0 {
		f.Fatalf("no file of kind %s to seed with", kind)
	}
	manifest := []byte("kind: Game\nid: fuzz\ntitle: Fuzz\nsystem: " + system + "\ncomponents: []\n")
	f.Fuzz(func(t *testing.T, src []byte) {
		fsys := fstest.MapFS{"game.yaml": {Data: manifest}, "content.yaml": {Data: src}}
		p, probs := schematest.LoadPack(fsys, "fuzz")
		if p == nil {
			t.Fatalf("the manifest is valid, yet no pack: %v", probs)
		}
		checkPositions(t, "fuzz/content.yaml", src, probs)
	})
}

// checkPositions fails when a problem about file points outside src.
func checkPositions(t *testing.T, file string, src []byte, probs []schema.Problem) {
	t.Helper()
	norm := bytes.ReplaceAll(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	lines := bytes.Split(norm, []byte("\n"))
	for _, p := range probs {
		if p.Rule == "" || p.Message == "" {
			t.Fatalf("problem at %s without rule or message: %+v", p.Pos, p)
		}
		if p.Pos.File != file || p.Pos.Line == 0 {
			continue
		}
		if p.Pos.Line < 0 || p.Pos.Line > len(lines)+1 || p.Pos.Col < 1 {
			t.Fatalf("problem at %s outside a %d-line file: %s", p.Pos, len(lines), p.Message)
		}
		if p.Pos.Line <= len(lines) && p.Pos.Col > len(lines[p.Pos.Line-1])+2 {
			t.Fatalf("problem at %s past the end of its %d-byte line: %s", p.Pos, len(lines[p.Pos.Line-1]), p.Message)
		}
	}
}

func FuzzLoadBoard(f *testing.F)        { fuzzKind(f, "Board", "generic") }
func FuzzLoadSheet(f *testing.F)        { fuzzKind(f, "Sheet", "generic") }
func FuzzLoadDice(f *testing.F)         { fuzzKind(f, "Dice", "generic") }
func FuzzLoadTokens(f *testing.F)       { fuzzKind(f, "Tokens", "generic") }
func FuzzLoadFigures(f *testing.F)      { fuzzKind(f, "Figures", "generic") }
func FuzzLoadMap(f *testing.F)          { fuzzKind(f, "Map", "run") }
func FuzzLoadTileSet(f *testing.F)      { fuzzKind(f, "TileSet", "just-run") }
func FuzzLoadCombinations(f *testing.F) { fuzzKind(f, "Combinations", "just-run") }
func FuzzLoadPlayerBoards(f *testing.F) { fuzzKind(f, "PlayerBoards", "run-fight-or-die") }
func FuzzLoadGuide(f *testing.F)        { fuzzKind(f, "Guide", "run-fight-or-die") }
func FuzzLoadMats(f *testing.F)         { fuzzKind(f, "Mats", "run-fight-or-die-reloaded") }
