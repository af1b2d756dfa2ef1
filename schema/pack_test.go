package schema

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

const manifest = `kind: Game
id: t
title: T
system: generic
components:
  - id: cards
    name: Cards
    expected: 1
`

func TestLoadPackSchemaProblemsArePositioned(t *testing.T) {
	cases := []struct {
		name, deck, msg string
		line, col       int
	}{
		{"unknown field", "kind: Deck\nid: d\ncardType: generic\ncards: []\ncolour: red\n", `unknown field "colour"`, 5, 1},
		{"unknown kind", "kind: Dek\nid: d\n", `unknown kind "Dek"`, 1, 7},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"game.yaml": {Data: []byte(manifest)},
				"deck.yaml": {Data: []byte(c.deck)},
			}
			_, probs := LoadPack(fsys, "p", testRegistry())
			for _, p := range probs {
				if strings.Contains(p.Message, c.msg) {
					if p.Pos.File != "p/deck.yaml" || p.Pos.Line != c.line || p.Pos.Col != c.col {
						t.Errorf("%q at %v, want p/deck.yaml:%d:%d", c.msg, p.Pos, c.line, c.col)
					}
					return
				}
			}
			t.Errorf("no problem with %q in %v", c.msg, probs)
		})
	}
}

func TestLoadPackReadsBundledShape(t *testing.T) {
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte(manifest)},
		"deck.yaml": {Data: []byte("kind: Deck\nid: d\ncomponent: cards\ncardType: generic\ncards:\n  - id: a\n    name: A\n    cost: 3\n")},
	}
	p, probs := LoadPack(fsys, "", testRegistry())
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if len(p.Decks()) != 1 || p.Decks()[0].Total() != 1 {
		t.Fatalf("decks: %+v", p.Decks())
	}
	c := p.Decks()[0].Cards[0]
	if c.Str("name") != "A" || c.Str("cost") != "3" {
		t.Errorf("fields: %v", c.Fields)
	}
	if got := c.FieldRef("cost").Pos(); got.Line != 8 || got.Col != 11 {
		t.Errorf("cost at %v", got)
	}
	if _, ok := p.Templates["generic"]; !ok {
		t.Error("built-in templates missing")
	}
}

func TestLoadPackMissingManifest(t *testing.T) {
	p, probs := LoadPack(fstest.MapFS{}, "empty", testRegistry())
	if p != nil || len(probs) == 0 || probs[0].Rule != "pack/missing-file" || probs[0].Pos.File != "empty/game.yaml" {
		t.Fatalf("got %v, %v", p, probs)
	}
}

func TestTemplatesExtend(t *testing.T) {
	tpl := `kind: Templates
templates:
  - id: generic
    extends: generic
    boxes:
      - id: name
        color: "#ff0000"
  - id: mine
    extends: generic
    background: "#000000"
    boxes:
      - id: extra
        text: hi
  - id: loop-a
    extends: loop-b
  - id: loop-b
    extends: loop-a
  - id: orphan
    extends: nothing
`
	fsys := fstest.MapFS{"game.yaml": {Data: []byte(manifest)}, "t.yaml": {Data: []byte(tpl)}}
	p, probs := LoadPack(fsys, "", testRegistry())
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	g := p.Templates["generic"]
	if g.Unresolved != "" || g.Boxes[1].ID != "name" || g.Boxes[1].Color != "#ff0000" || g.Boxes[1].Font != "bold" {
		t.Errorf("override of the built-in generic lost fields: %+v", g.Boxes[1])
	}
	m := p.Templates["mine"]
	if m.Background != "#000000" || m.Boxes[len(m.Boxes)-1].ID != "extra" || m.Boxes[1].Color != "#ff0000" {
		t.Errorf("mine = %+v", m)
	}
	if size, ok := m.TrimSize(); !ok || size.W != 63.5 {
		t.Errorf("size not inherited: %v", size)
	}
	if !p.Templates["loop-a"].Cycle || p.Templates["orphan"].Unresolved != "nothing" {
		t.Error("cycle or missing parent not recorded")
	}
	if m.Boxes[len(m.Boxes)-1].Ref.Pos().File != "t.yaml" {
		t.Errorf("box ref %v", m.Boxes[len(m.Boxes)-1].Ref.Pos())
	}
}

func TestCustomSizeNeedsWidthAndHeight(t *testing.T) {
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte(manifest)},
		"deck.yaml": {Data: []byte("kind: Deck\nid: d\ncardType: generic\nsize: custom\nwidth: 50mm\ncards: []\n")},
	}
	_, probs := LoadPack(fsys, "", testRegistry())
	if len(probs) != 1 || !strings.Contains(probs[0].Message, `missing required field "height"`) {
		t.Fatalf("got %v", probs)
	}
	fsys["deck.yaml"] = &fstest.MapFile{Data: []byte("kind: Deck\nid: d\ncardType: generic\nsize: custom\nwidth: 50mm\nheight: 70mm\ncards: []\n")}
	if _, probs := LoadPack(fsys, "", testRegistry()); len(probs) != 0 {
		t.Fatalf("got %v", probs)
	}
}

func TestDeckSides(t *testing.T) {
	cases := []struct {
		deck        Deck
		face, back  string
		description string
	}{
		{Deck{CardType: "generic"}, "generic", "generic-back", "generic defaults"},
		{Deck{CardType: "generic", Template: "mine"}, "mine", "generic-back", "own face"},
		{Deck{CardType: "generic", Back: "plain"}, "generic", "plain", "own back"},
		{Deck{}, "", "", "no card type"},
	}
	for _, tc := range cases {
		tc.deck.cardType, _ = testRegistry().LookupCardType(tc.deck.CardType)
		face, back := tc.deck.Sides()
		if face != tc.face || back != tc.back {
			t.Errorf("%s: got %q, %q; want %q, %q", tc.description, face, back, tc.face, tc.back)
		}
	}
}

// TestManifestOfAnotherKind: a game.yaml of another kind is one problem at
// its kind: value, not the errors of the other kind's schema.
func TestManifestOfAnotherKind(t *testing.T) {
	for _, tc := range []struct{ src, msg string }{
		{"kind: Deck\nid: d\ncardType: generic\ncards: []\n", "game.yaml is the pack manifest and must declare kind: Game, not Deck"},
		{"id: t\ntitle: T\n", "game.yaml is the pack manifest and must declare kind: Game"},
	} {
		p, probs := LoadPack(fstest.MapFS{"game.yaml": {Data: []byte(tc.src)}}, "p", testRegistry())
		if p != nil || len(probs) != 1 || probs[0].Message != tc.msg || probs[0].Pos.Line != 1 {
			t.Errorf("%q: got %v", tc.src, probs)
		}
	}
}

// TestFilesOverTheLimit: a YAML file over the size limit is a yaml/limit
// problem (which a pack cannot turn off), placed at the include: entry
// that names it or at the file; a font over its limit is a pack/font one.
func TestFilesOverTheLimit(t *testing.T) {
	big := &fstest.MapFile{Data: make([]byte, MaxFileSize+1)}
	cases := []struct {
		name string
		fsys fstest.MapFS
		want Problem
	}{
		{"beside the manifest", fstest.MapFS{"game.yaml": {Data: []byte(manifest)}, "big.yaml": big},
			Problem{Pos: Pos{File: "p/big.yaml", Line: 1, Col: 1}, Rule: "yaml/limit"}},
		{"included", fstest.MapFS{"game.yaml": {Data: []byte(manifest + "include:\n  - big.yaml\n")}, "big.yaml": big},
			Problem{Pos: Pos{File: "p/game.yaml", Line: 10, Col: 5}, Rule: "yaml/limit"}},
		{"the manifest", fstest.MapFS{"game.yaml": big},
			Problem{Pos: Pos{File: "p/game.yaml", Line: 1, Col: 1}, Rule: "yaml/limit"}},
		{"a font", fstest.MapFS{"game.yaml": {Data: []byte(manifest + "fonts:\n  - {name: big, file: big.ttf}\n")},
			"big.ttf": {Data: make([]byte, MaxFontSize+1)}},
			Problem{Pos: Pos{File: "p/game.yaml", Line: 10, Col: 23}, Rule: "pack/font"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, probs := LoadPack(c.fsys, "p", testRegistry())
			var got []Problem
			for _, pr := range probs {
				if pr.Rule != "deck/count" {
					got = append(got, pr)
				}
			}
			if len(got) != 1 || got[0].Pos != c.want.Pos || got[0].Rule != c.want.Rule || !strings.Contains(got[0].Message, "the limit is") {
				t.Fatalf("got %v, want %s at %v", got, c.want.Rule, c.want.Pos)
			}
		})
	}
}

// TestSymlinkOutOfThePack: a link that leaves the pack folder is refused
// at the include: entry that names it, or at the link beside game.yaml.
func TestSymlinkOutOfThePack(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.yaml")
	dir := t.TempDir()
	for name, src := range map[string]string{outside: "kind: Deck\nid: s\ncardType: generic\ncards: []\n", filepath.Join(dir, "game.yaml"): manifest} {
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link.yaml")); err != nil {
		t.Skip(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	_, probs := LoadPack(root.FS(), "p", testRegistry())
	if len(probs) != 1 || probs[0].Pos != (Pos{File: "p/link.yaml", Line: 1, Col: 1}) || !strings.Contains(probs[0].Message, "a link to a file outside the pack folder") {
		t.Errorf("beside game.yaml: got %v", probs)
	}
	if err := os.WriteFile(filepath.Join(dir, "game.yaml"), []byte(manifest+"include: [link.yaml]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, probs = LoadPack(root.FS(), "p", testRegistry())
	if len(probs) != 1 || probs[0].Pos != (Pos{File: "p/game.yaml", Line: 9, Col: 11}) || !strings.Contains(probs[0].Message, "a link to a file outside the pack folder") {
		t.Errorf("included: got %v", probs)
	}
}

// TestEveryFileReadIsCounted: Files lists every file read, whatever its
// state: empty, broken, or against the schema.
func TestEveryFileReadIsCounted(t *testing.T) {
	fsys := fstest.MapFS{
		"game.yaml":   {Data: []byte(manifest)},
		"empty.yaml":  {Data: nil},
		"broken.yaml": {Data: []byte("kind: [Deck\n")},
		"schema.yaml": {Data: []byte("kind: Deck\nid: s\n")},
		"good.yaml":   {Data: []byte("kind: Deck\nid: g\ncardType: generic\ncards: []\n")},
		"notes.txt":   {Data: []byte("not content")},
	}
	p, _ := LoadPack(fsys, "p", testRegistry())
	want := []string{"p/game.yaml", "p/broken.yaml", "p/empty.yaml", "p/good.yaml", "p/schema.yaml"}
	if strings.Join(p.Files, " ") != strings.Join(want, " ") {
		t.Errorf("files %v, want %v", p.Files, want)
	}
}

// TestYAMLInSubFolders: without an include: list, a YAML file in a
// sub-folder is reported as not loaded (hidden folders aside); with one,
// the list chooses the files.
func TestYAMLInSubFolders(t *testing.T) {
	deck := &fstest.MapFile{Data: []byte("kind: Deck\nid: x\ncardType: generic\ncards: []\n")}
	fsys := fstest.MapFS{
		"game.yaml":         {Data: []byte(manifest)},
		"decks/extra.yaml":  deck,
		"decks/a/b/c.yml":   deck,
		".git/config.yaml":  deck,
		"decks/.hidden.yml": deck,
		"decks/notes.md":    {Data: []byte("# notes")},
	}
	_, probs := LoadPack(fsys, "p", testRegistry())
	var got []string
	for _, pr := range probs {
		if pr.Rule == "pack/unused-file" {
			got = append(got, pr.Pos.String())
		}
	}
	if want := "p/decks/a/b/c.yml:1:1 p/decks/extra.yaml:1:1"; strings.Join(got, " ") != want {
		t.Errorf("unused files %v, want %s (all: %v)", got, want, probs)
	}
	fsys["game.yaml"] = &fstest.MapFile{Data: []byte(manifest + "include: [decks/extra.yaml]\n")}
	_, probs = LoadPack(fsys, "p", testRegistry())
	for _, pr := range probs {
		if pr.Rule == "pack/unused-file" {
			t.Errorf("with include: %v", pr)
		}
	}
}

// TestIncludeTwice: a file listed twice in include: is one problem at the
// second entry, with the first as related, and is loaded once.
func TestIncludeTwice(t *testing.T) {
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte(manifest + "include:\n  - deck.yaml\n  - ./deck.yaml\n")},
		"deck.yaml": {Data: []byte("kind: Deck\nid: d\ncomponent: cards\ncardType: generic\ncards:\n  - id: a\n")},
	}
	p, probs := LoadPack(fsys, "p", testRegistry())
	if len(probs) != 1 {
		t.Fatalf("got %v", probs)
	}
	pr := probs[0]
	if pr.Pos != (Pos{File: "p/game.yaml", Line: 11, Col: 5}) || !strings.Contains(pr.Message, "deck.yaml is already listed in include:") ||
		len(pr.Related) != 1 || pr.Related[0].Pos != (Pos{File: "p/game.yaml", Line: 10, Col: 5}) {
		t.Errorf("got %+v", pr)
	}
	if len(p.Decks()) != 1 || len(p.Files) != 2 {
		t.Errorf("decks %d, files %v", len(p.Decks()), p.Files)
	}
}

// TestAliasDuplicatedCard: a card repeated by an alias is placed at the
// alias, so "first used here" (the anchor) differs from the duplicate.
func TestAliasDuplicatedCard(t *testing.T) {
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte(manifest)},
		"deck.yaml": {Data: []byte("kind: Deck\nid: d\ncomponent: cards\ncardType: generic\ncards:\n  - &c\n    id: a\n  - *c\n")},
	}
	p, probs := LoadPack(fsys, "p", testRegistry())
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	cards := p.Decks()[0].Cards
	first, dup := cards[0].Ref.Child("id").Pos(), cards[1].Ref.Child("id").Pos()
	if first != (Pos{File: "p/deck.yaml", Line: 7, Col: 9}) || dup != (Pos{File: "p/deck.yaml", Line: 8, Col: 5}) {
		t.Errorf("anchor at %v, alias at %v", first, dup)
	}
}

// TestExtendsDidYouMean: an extends: that names no bundled pack suggests
// the closest one, and the files of the extended pack are told apart.
func TestExtendsDidYouMean(t *testing.T) {
	base := fstest.MapFS{"game.yaml": {Data: []byte(strings.Replace(manifest, "id: t", "id: base-pack", 1))}}
	opts := LoadOptions{Registry: testRegistry(), BaseNames: []string{"base-pack"}, Base: func(name string) (fs.FS, bool) { return base, name == "base-pack" }}
	mine := fstest.MapFS{"game.yaml": {Data: []byte("kind: Game\nid: mine\ntitle: M\nsystem: generic\nextends: base-pak\n")}}
	_, probs := LoadPackWith(mine, "p", opts)
	if len(probs) != 1 || probs[0].Hint != `did you mean "base-pack"? fix the spelling` || probs[0].Pos.Line != 5 {
		t.Errorf("got %v", probs)
	}
	mine["game.yaml"] = &fstest.MapFile{Data: []byte("kind: Game\nid: mine\ntitle: M\nsystem: generic\nextends: base-pack\n")}
	p, probs := LoadPackWith(mine, "p", opts)
	if len(probs) > 0 || strings.Join(p.BaseFiles, " ") != "base-pack/game.yaml" || strings.Join(p.Files, " ") != "base-pack/game.yaml p/game.yaml" {
		t.Errorf("base files %v, files %v, problems %v", p.BaseFiles, p.Files, probs)
	}
}

// TestPackNodeBudget: the files of a pack together hold at most
// MaxPackNodes keys and values; the file that passes it is refused where
// it does.
func TestPackNodeBudget(t *testing.T) {
	// Each deck is 10 keys and values of head and 90,000 list items.
	deck := "kind: Deck\nid: %s\ncomponent: cards\ncardType: generic\ncards:\n" + strings.Repeat("  - a\n", 90_000)
	fsys := fstest.MapFS{"game.yaml": {Data: []byte(manifest)}}
	for _, id := range []string{"a", "b", "c"} {
		fsys[id+".yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(deck, "%s", id, 1))}
	}
	_, probs := LoadPack(fsys, "p", testRegistry())
	var limits []Problem
	for _, pr := range probs {
		if pr.Rule == "yaml/limit" {
			limits = append(limits, pr)
		}
	}
	// The manifest is 18 nodes (its root mapping counted), a and b 90,011
	// each. The scan of c counts 10 nodes of head, then one per item: the
	// item that passes what is left is the (left-10+1)th.
	left := MaxPackNodes - 18 - 2*90_011
	want := Pos{File: "p/c.yaml", Line: 5 + left - 10 + 1, Col: 3}
	if len(limits) != 1 || limits[0].Pos != want || !strings.Contains(limits[0].Message, "the pack's files hold more than 200000 keys and values") {
		t.Errorf("got %v, want the pack limit at %v", limits, want)
	}
}

// TestIncludeListingTheManifest: include: naming game.yaml is one error at
// that entry, not a second manifest found in the file.
func TestIncludeListingTheManifest(t *testing.T) {
	fsys := fstest.MapFS{
		"game.yaml":  {Data: []byte(fuzzManifest + "include:\n  - cards.yaml\n  - game.yaml\n")},
		"cards.yaml": {Data: []byte("kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: A, count: 2}\n")},
	}
	_, probs := LoadPack(fsys, "p", testRegistry())
	if len(probs) != 1 || probs[0].Pos.String() != "p/game.yaml:11:5" || !strings.Contains(probs[0].Message, "the manifest itself") {
		t.Fatalf("got %v", probs)
	}
}

// testRegistry is the registry of no game: the shared kinds and card
// types, which the tests of this package load packs with.
var testRegistry = sync.OnceValue(func() *Registry { return NewRegistry() })

// TestFilesReadAtOnce: the content files are read, parsed and
// schema-checked on every core; the pack, its file list and its problems
// are what reading them one by one gives.
func TestFilesReadAtOnce(t *testing.T) {
	deck := func(id string) string {
		return "kind: Deck\nid: " + id + "\ncomponent: cards\ncardType: generic\ncards:\n  - {id: " + id + "-1, name: A}\n  - {id: " + id + "-2, name: B}\n"
	}
	fsys := fstest.MapFS{"game.yaml": {Data: []byte(manifest)}}
	for i, body := range []string{
		deck("a"),
		"kind: Deck\nid: broken\ncards: [\n", // YAML syntax
		"kind: Deck\nid: d\ncardType: generic\ncards: []\ncolour: red\n", // schema
		deck("b"),
		"kind: Dek\nid: e\n", // unknown kind
		deck("c"),
		"- not a mapping\n",
		deck("f"),
	} {
		fsys[string(rune('a'+i))+".yaml"] = &fstest.MapFile{Data: []byte(body)}
	}
	load := func(procs int) (*Pack, []Problem) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		return LoadPack(fsys, "p", testRegistry())
	}
	one, oneProbs := load(1)
	if len(oneProbs) < 4 {
		t.Fatalf("want a problem in each broken file, got %v", oneProbs)
	}
	for _, procs := range []int{2, 4, 8} {
		p, probs := load(procs)
		if !reflect.DeepEqual(p.Files, one.Files) {
			t.Errorf("%d cores: files %v, one by one %v", procs, p.Files, one.Files)
		}
		if !reflect.DeepEqual(probs, oneProbs) {
			t.Errorf("%d cores: problems\n%v\none by one\n%v", procs, probs, oneProbs)
		}
		var ids, oneIDs []string
		for _, e := range p.Elements {
			ids = append(ids, e.ElementID())
		}
		for _, e := range one.Elements {
			oneIDs = append(oneIDs, e.ElementID())
		}
		if !slices.Equal(ids, oneIDs) {
			t.Errorf("%d cores: elements %v, one by one %v", procs, ids, oneIDs)
		}
	}
}
