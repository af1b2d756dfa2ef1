package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/runforge/runforge/schema"
)

// The hostile corpus: testdata/hostile/<case>/pack is a pack a stranger
// might send, README says what is wrong with it, args (if any) holds extra
// flags for validate and build, and want.txt holds what `runforge
// validate` answers (rewrite with -update-hostile). Some cases
// are too big, binary or system-dependent to keep as files: hostileExtras
// generates those parts when the case is copied out.
var (
	updateHostile = flag.Bool("update-hostile", false, "rewrite testdata/hostile/*/want.txt")
	hostileOut    = flag.String("hostile-out", "", "also write every hostile case, generated files included, into this folder (scripts/hostile.sh times them)")
)

const hostileDir = "../../testdata/hostile"

// minHostileCases is the corpus size: the first corpus of 77 cases and
// the cases of the kinds added after it.
const minHostileCases = 170

// hostileExtras writes the generated parts of a case into its pack folder
// (root holds the pack folder and may hold siblings).
var hostileExtras = map[string]func(t *testing.T, root, pack string){
	"yaml-too-large": func(t *testing.T, root, pack string) {
		var b strings.Builder
		b.WriteString(cardsHeader)
		for b.Len() < 4<<20+1000 {
			b.WriteString("# padding to push the file over the 4 MiB limit ........................\n")
		}
		b.WriteString("  - {id: card-a, name: A, text: a}\n  - {id: card-b, name: B, text: b}\n")
		writeFile(t, filepath.Join(pack, "cards.yaml"), b.String())
	},
	"yaml-million-entries": func(t *testing.T, root, pack string) {
		var b strings.Builder
		b.WriteString(strings.TrimSuffix(cardsHeader, "cards:\n") + "cards: [")
		b.WriteString(strings.Repeat("{},", 1_000_000))
		b.WriteString("{}]\n")
		writeFile(t, filepath.Join(pack, "cards.yaml"), b.String())
	},
	"deck-too-many-cards": func(t *testing.T, root, pack string) {
		var b strings.Builder
		b.WriteString(cardsHeader)
		for i := 0; i < 41; i++ {
			fmt.Fprintf(&b, "  - {id: card-%02d, count: 500, name: Card %d, text: filler}\n", i, i)
		}
		writeFile(t, filepath.Join(pack, "cards.yaml"), b.String())
	},
	"deck-megabyte-text": func(t *testing.T, root, pack string) {
		long := strings.Repeat("The horde moves closer. ", 1<<20/24)
		writeFile(t, filepath.Join(pack, "cards.yaml"), cardsHeader+
			"  - {id: card-a, name: A, text: \""+long+"\"}\n  - {id: card-b, name: B, text: b}\n")
	},
	"include-symlink-escape": func(t *testing.T, root, pack string) {
		outside := filepath.Join(root, "outside.yaml")
		writeFile(t, outside, "kind: Deck\nid: stolen\ncardType: generic\ncards: []\n")
		if err := os.Symlink(outside, filepath.Join(pack, "escape.yaml")); err != nil {
			t.Skipf("symlinks: %v", err)
		}
	},
	"font-broken-glyphs": func(t *testing.T, root, pack string) {
		writeBytes(t, filepath.Join(pack, "fonts", "stencil.ttf"), brokenGlyphFont(t))
	},
}

func init() {
	for name, big := range sizeLimitCases {
		hostileExtras[name] = func(t *testing.T, root, pack string) {
			writeFile(t, filepath.Join(pack, "big.yaml"), atSizeLimit(big.head, big.entry))
		}
	}
}

// sizeLimitCases add to a pack of each kind a second file of that kind of
// exactly the size limit, filled with entries: the loader must read it
// and answer (its keys are past the per-file limit) within the time and
// memory of every case.
var sizeLimitCases = map[string]struct {
	head, entry string // entry has one %d
}{
	"board-at-size-limit": {"kind: Board\nid: big-board\nsides:\n  - id: big-side\n    width: 200mm\n    height: 100mm\n    space: {size: 30mm}\n    spaces:\n",
		"      - {label: S%d, x: 30mm, y: 50mm}\n"},
	"sheet-at-size-limit": {"kind: Sheet\nid: big-sheet\nsize: custom\nwidth: 50mm\nheight: 35mm\nfront:\n", "  - paragraph: \"Run, number %d.\"\n"},
	"dice-at-size-limit":  {"kind: Dice\nid: big-dice\ndice:\n", "  - {id: die-%d, component: dice, faces: [zombie, zombie, blood, bullet, flag, death]}\n"},
	"tokens-at-size-limit": {"kind: Tokens\nid: big-tokens\ntokens:\n",
		"  - {id: t-%d, component: counters, count: 1, shape: square, size: 14mm, label: ROAD, back: {label: BLOCK, icon: zombie}}\n"},
	"figures-at-size-limit": {"kind: Figures\nid: big-figures\npawn: {shape: square, size: 15mm}\nfigures:\n",
		"  - {id: z-%d, component: zombies, count: 1, icon: zombie, label: Z}\n"},
	"map-at-size-limit": {"kind: Map\nid: big\ncard: 9\nside: a\nnumber: \"9a\"\nname: Big\nlevels: |\n  #  A B\n  1  . .\n  2  . .\nrulesText:\n",
		"  - {text: \"You may not step from A1 to A2 (%d).\"}\n"},
	"tiles-at-size-limit": {"kind: TileSet\nid: big-tiles\ncomponent: room-tiles\nrole: room\ntiles:\n",
		"  - {id: t%d, count: 1, sides: {n: door, e: wall, s: door, w: wall}}\n"},
	"combos-at-size-limit": {"kind: Combinations\nid: big-combinations\ncombinations:\n",
		"  - {id: c%d, name: C, cards: [mop, scissors], result: {type: melee, space: 2, attack: 2}}\n"},
	"pboards-at-size-limit": {"kind: PlayerBoards\nid: big-boards\nboardType: rfod/action-board\nboards:\n",
		"  - {id: b%d, count: 1, zones: [{zone: 1, icons: [bat]}, {zone: 2, icons: [gun]}, {zone: 3, icons: [run]}], onYou: \"On you!\"}\n"},
	"guide-at-size-limit": {"kind: Guide\nid: big-guide\nevents:\n", "  - {event: nurse, text: \"Heal a wound (%d).\"}\n"},
	"mats-at-size-limit":  {"kind: Mats\nid: big-mats\nmats:\n", "  - {id: m%d, sides: [{id: a-side, name: A}, {id: b-side, name: B}]}\n"},
}

// atSizeLimit is a YAML file of exactly the size limit: head, then entry
// numbered 0, 1, ... while it fits, then a comment to the last byte.
func atSizeLimit(head, entry string) string {
	limit := schema.MaxFileSize
	var b strings.Builder
	b.WriteString(head)
	for i := 0; ; i++ {
		e := fmt.Sprintf(entry, i)
		if b.Len()+len(e)+2 > limit {
			break
		}
		b.WriteString(e)
	}
	b.WriteString("#" + strings.Repeat(" ", limit-b.Len()-2) + "\n")
	return b.String()
}

const hostileGame = `kind: Game
id: hostile
title: Hostile case
system: generic
components:
  - id: cards
    name: Cards
    expected: 2
`

const cardsHeader = `kind: Deck
id: cards
component: cards
cardType: generic
cards:
`

// brokenGlyphFont is Go Regular with its glyph outlines overwritten: the
// table directory still parses, the glyphs do not.
func brokenGlyphFont(t *testing.T) []byte {
	f := bytes.Clone(goregular.TTF)
	n := int(binary.BigEndian.Uint16(f[4:6]))
	for i := 0; i < n; i++ {
		rec := f[12+16*i : 28+16*i]
		if string(rec[:4]) != "glyf" {
			continue
		}
		off, length := binary.BigEndian.Uint32(rec[8:12]), binary.BigEndian.Uint32(rec[12:16])
		for j := off; j < off+length; j++ {
			f[j] = 0xff
		}
		return f
	}
	t.Fatal("Go Regular has no glyf table")
	return nil
}

func writeFile(t *testing.T, path, s string) { writeBytes(t, path, []byte(s)) }

func writeBytes(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// positioned matches a diagnostic line with its file, line and column.
var positioned = regexp.MustCompile(`^\S+:\d+:\d+: (error|warning) [a-z0-9-]+/[a-z0-9-]+: \S`)

// TestHostileCorpus runs validate and build on every hostile case: each
// must end in exit 1 with at least one error, every diagnostic about the
// case's files positioned (file:line:col), no panic, and nothing written
// by build. The validate output must match want.txt.
func TestHostileCorpus(t *testing.T) {
	dir, err := filepath.Abs(hostileDir)
	if err != nil {
		t.Fatal(err)
	}
	cases, err := filepath.Glob(filepath.Join(dir, "*", "pack"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < minHostileCases {
		t.Fatalf("%d hostile cases, want at least %d", len(cases), minHostileCases)
	}
	for _, src := range cases {
		name := filepath.Base(filepath.Dir(src))
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			materializeHostile(t, name, src, root)
			if *hostileOut != "" {
				materializeHostile(t, name, src, *hostileOut)
			}
			t.Chdir(root)
			flags := hostileFlags(t, filepath.Dir(src))
			code, stdout, stderr := run(t, "", append([]string{"validate", name}, flags...)...)
			text := strings.ReplaceAll(stdout+stderr, root, "$ROOT")
			checkHostileOutput(t, name, code, text)
			bcode, bout, berr := run(t, "", append([]string{"build", name, "-o", "kit", "--no-previews"}, flags...)...)
			checkNoGoRuntimeText(t, text+bout+berr)
			if bcode != 1 {
				t.Errorf("build: exit %d, want 1\n%s%s", bcode, bout, berr)
			}
			if entries, err := os.ReadDir("kit"); err == nil && len(entries) > 0 {
				t.Errorf("build wrote %d entries into kit/ for a pack with errors", len(entries))
			}
			checkGoldenText(t, filepath.Join(dir, name, "want.txt"), fmt.Sprintf("exit %d\n%s", code, text))
		})
	}
}

// hostileFlags are the extra flags of a case (its args file): --strict
// for a case whose finding is a warning, such as a file the pack does not
// load.
func hostileFlags(t *testing.T, dir string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "args"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(b))
}

// checkNoGoRuntimeText fails when an answer to a hostile case quotes the Go
// runtime: a message says what is wrong with the input, in the user's terms.
func checkNoGoRuntimeText(t *testing.T, text string) {
	t.Helper()
	for _, w := range []string{"runtime error", "index out of range", "nil pointer", "goroutine"} {
		if strings.Contains(text, w) {
			t.Errorf("the answer quotes the Go runtime (%q):\n%s", w, text)
		}
	}
}

// checkHostileOutput checks validate's answer to a hostile case.
func checkHostileOutput(t *testing.T, name string, code int, text string) {
	t.Helper()
	if code != 1 {
		t.Errorf("validate: exit %d, want 1\n%s", code, text)
	}
	found := 0
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, name+"/") && !strings.HasPrefix(line, "$ROOT/") {
			continue
		}
		if !positioned.MatchString(line) {
			t.Errorf("not a positioned diagnostic: %s", line)
		}
		if strings.Contains(line, ": error ") || strings.Contains(line, ": warning ") {
			found++
		}
	}
	if found == 0 {
		t.Errorf("no positioned diagnostic in:\n%s", text)
	}
}

// materializeHostile copies the pack of a case to root/name and writes its
// generated parts.
func materializeHostile(t *testing.T, name, src, root string) {
	t.Helper()
	pack := filepath.Join(root, name)
	if err := os.RemoveAll(pack); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(pack, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	if extra := hostileExtras[name]; extra != nil {
		extra(t, root, pack)
	}
}

// checkGoldenText compares got with the golden file, or rewrites it under
// -update-hostile.
func checkGoldenText(t *testing.T, path, got string) {
	t.Helper()
	if *updateHostile {
		writeFile(t, path, got)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/runforge -run TestHostileCorpus -update-hostile)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (run with -update-hostile if intended):\n--- want\n%s--- got\n%s", path, want, got)
	}
}
