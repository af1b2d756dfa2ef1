package check

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
)

// smallPack is a generic pack whose include: list leaves scratch.yaml out.
var smallPack = map[string]string{
	"game.yaml": `kind: Game
id: small
title: A file the include list leaves out
system: generic
include: [cards.yaml]
components:
  - id: cards
    name: Cards
    expected: 3
`,
	"cards.yaml": `kind: Deck
id: cards
component: cards
cardType: generic
cards:
  - {id: a, name: A}
  - {id: b, name: B}
  - {id: c, name: C}
`,
	"scratch.yaml": "kind: Deck\nid: scratch\ncardType: generic\ncards: []\n",
	"notes.txt":    "not content\n",
}

// packDir writes smallPack into dir/small and makes dir the working folder.
func packDir(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	for name, text := range smallPack {
		p := filepath.Join(dir, "small", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// bundled is one bundled pack, "small", held in memory.
func bundled() Options {
	m := fstest.MapFS{}
	for name, text := range smallPack {
		m["small/"+name] = &fstest.MapFile{Data: []byte(text)}
	}
	return Options{
		Bundled: func(name string) (fs.FS, bool) {
			if name != "small" {
				return nil, false
			}
			sub, err := fs.Sub(m, name)
			return sub, err == nil
		},
		BundledNames: []string{"small"},
		Games:        schematest.Registry(),
		Registry:     validate.ForGames(nil),
	}
}

func TestResolve(t *testing.T) {
	packDir(t)
	o := bundled()
	for _, tc := range []struct {
		arg, name, file, err string
	}{
		{arg: "small", name: "small"},
		{arg: "small/cards.yaml", name: "small", file: "small/cards.yaml"},
		{arg: `small\cards.yaml`, name: "small", file: "small/cards.yaml"},
		{arg: `.\small\`, name: "small"},
		{arg: `small\notes.txt`, err: "small/notes.txt is not a YAML file"},
		{arg: "small/notes.txt", err: "small/notes.txt is not a YAML file"},
		{arg: "nowhere", err: "nowhere: no such file or folder, and no bundled pack of that name (bundled: small)"},
	} {
		ts, err := Resolve([]string{tc.arg}, o)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.arg, err, tc.err)
			}
			continue
		}
		if err != nil || len(ts) != 1 || ts[0].Name != tc.name || ts[0].File != tc.file {
			t.Errorf("%s: %+v, %v", tc.arg, ts, err)
		}
	}
}

// TestCheckedFiles: the files a report counts are the pack's own, or the
// one file a target names, with slashes however the path was written.
func TestCheckedFiles(t *testing.T) {
	packDir(t)
	o := bundled()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"small"}, "small/cards.yaml small/game.yaml"},
		{[]string{`small\`}, "small/cards.yaml small/game.yaml"},
		{[]string{`small\cards.yaml`}, "small/cards.yaml"},
		{[]string{"small/cards.yaml", "small"}, "small/cards.yaml small/game.yaml"},
	} {
		ts, err := Resolve(c.args, o)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(CheckedFiles(Targets(ts, o)), " "); got != c.want {
			t.Errorf("%q: %s, want %s", c.args, got, c.want)
		}
	}
}

// TestBundledNameWhenNoPathMatches: a name that is no path on disk is a
// bundled pack, and no argument at all means every bundled pack.
func TestBundledNameWhenNoPathMatches(t *testing.T) {
	t.Chdir(t.TempDir())
	o := bundled()
	for _, args := range [][]string{{"small"}, nil} {
		ts, err := Resolve(args, o)
		if err != nil || len(ts) != 1 || ts[0].Name != "small" || ts[0].FS == nil {
			t.Errorf("%q: %+v, %v", args, ts, err)
		}
	}
}

// TestFindingsOfTheFileAsked: a file the include: list leaves out is not
// part of the pack; naming it is an error that says why.
func TestFindingsOfTheFileAsked(t *testing.T) {
	packDir(t)
	o := bundled()
	check := func(arg string) ([]validate.Diagnostic, int) {
		ts, err := Resolve([]string{arg}, o)
		if err != nil {
			t.Fatal(err)
		}
		results := Targets(ts, o)
		all, sum := Collect(results)
		if sum.Packs != 1 || sum.Files != results[0].Files {
			t.Errorf("%s: summary %+v", arg, sum)
		}
		return all, results[0].Files
	}
	all, files := check("small")
	if len(all) != 0 || files != 2 {
		t.Errorf("pack: %d files, %v", files, all)
	}
	all, _ = check("small/scratch.yaml")
	if len(all) != 1 || all[0].Severity != validate.Error || !strings.Contains(all[0].Message, "the include: list of game.yaml does not name it") {
		t.Errorf("unused file: %v", all)
	}
	if all, _ = check("small/cards.yaml"); len(all) != 0 {
		t.Errorf("loaded file: %v", all)
	}
}
