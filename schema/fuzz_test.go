package schema

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// fuzzManifest is a generic pack manifest whose content file the fuzzers vary.
const fuzzManifest = `kind: Game
id: fuzz
title: Fuzz
system: generic
components:
  - id: cards
    name: Cards
    expected: 2
`

// addPackSeeds seeds a fuzzer with every YAML file of the bundled packs and
// the hostile corpus.
func addPackSeeds(f *testing.F) {
	f.Helper()
	for _, pattern := range []string{"../data/*/*.yaml", "../testdata/hostile/*/pack/*.yaml", "builtin/*.yaml"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, name := range files {
			b, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	f.Add([]byte("kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: A}\n"))
}

// checkProblemPositions fails when a problem about src points outside it:
// a line past the end or a column past the end of its line.
func checkProblemPositions(t *testing.T, file string, src []byte, probs []Problem) {
	t.Helper()
	// Lines end at \n, \r\n or a lone \r, as YAML reads them.
	norm := bytes.ReplaceAll(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	lines := bytes.Split(norm, []byte("\n"))
	for _, p := range probs {
		if p.Pos.File != file || p.Pos.Line == 0 {
			continue
		}
		if p.Pos.Line < 0 || p.Pos.Line > len(lines)+1 || p.Pos.Col < 1 {
			t.Fatalf("problem at %s outside a %d-line file: %s", p.Pos, len(lines), p.Message)
		}
		if p.Pos.Line <= len(lines) && p.Pos.Col > len(lines[p.Pos.Line-1])+2 {
			t.Fatalf("problem at %s past the end of its %d-byte line: %s", p.Pos, len(lines[p.Pos.Line-1]), p.Message)
		}
		if p.Rule == "" || p.Message == "" {
			t.Fatalf("problem at %s without rule or message: %+v", p.Pos, p)
		}
	}
}

// FuzzLoadContentFile loads a pack whose one content file is the input:
// the YAML parser, the YAML-to-JSON conversion, the schema check and the
// typed decoders. It must never panic, and every problem must point inside
// the file.
func FuzzLoadContentFile(f *testing.F) {
	addPackSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		fsys := fstest.MapFS{
			"game.yaml":  {Data: []byte(fuzzManifest)},
			"cards.yaml": {Data: src},
		}
		p, probs := LoadPack(fsys, "fuzz", testRegistry())
		if p == nil {
			t.Fatalf("the manifest is valid, yet no pack: %v", probs)
		}
		checkProblemPositions(t, "fuzz/cards.yaml", src, probs)
	})
}

// FuzzLoadManifest loads a pack whose manifest is the input.
func FuzzLoadManifest(f *testing.F) {
	addPackSeeds(f)
	f.Add([]byte(fuzzManifest + "print: {paper: a4, margin: 5mm}\nrules: {deck/count: off}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		fsys := fstest.MapFS{"game.yaml": {Data: src}}
		_, probs := LoadPack(fsys, "fuzz", testRegistry())
		checkProblemPositions(t, "fuzz/game.yaml", src, probs)
	})
}
