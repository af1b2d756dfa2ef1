package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema/scaffold"
)

var modelineRE = regexp.MustCompile(`(?m)^# yaml-language-server: \$schema=(\S+)$`)

// checkModelines: every YAML file of pack starts with a modeline naming
// the schema of its kind, which exists at that path from the file and
// accepts the file.
func checkModelines(t *testing.T, pack, wantPrefix string, minFiles int) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(pack, "*.yaml"))
	if len(files) < minFiles {
		t.Fatalf("%s: %d YAML files", pack, len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m := modelineRE.FindSubmatch(src)
		if m == nil || !bytes.HasPrefix(src, m[0]) {
			t.Errorf("%s: no modeline on line 1", f)
			continue
		}
		target := string(m[1])
		if !strings.HasPrefix(target, wantPrefix) {
			t.Errorf("%s: modeline names %s, want %s...", f, target, wantPrefix)
		}
		schemaFile := filepath.Join(filepath.Dir(f), filepath.FromSlash(target))
		if _, err := os.Stat(schemaFile); err != nil {
			t.Errorf("%s: modeline names %s, which does not resolve: %v", f, target, err)
			continue
		}
		if err := compileOffline(t, schemaFile).Validate(yamlAsJSON(t, src)); err != nil {
			t.Errorf("%s: the schema its modeline names rejects it: %v", f, err)
		}
	}
}

// TestInit: init copies a bundled pack under the folder's id, writes the
// schemas beside it and points every modeline at them; the copy validates
// clean, and is byte for byte the bundled pack but for modelines, id and
// title (its own, from the folder's name).
func TestInit(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, stdout, stderr := run(t, "", "init", "my-pack", "--from", "run-for-your-life")
	if code != 0 || stderr != "" || !strings.Contains(stdout, "runforge validate my-pack") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	checkModelines(t, "my-pack", "../runforge-schemas/", 10)
	src := filepath.Join(testRoot, "data", "run-for-your-life")
	orig, _ := filepath.Glob(filepath.Join(src, "*.yaml"))
	for _, o := range orig {
		want, _ := os.ReadFile(o)
		got, err := os.ReadFile(filepath.Join("my-pack", filepath.Base(o)))
		if err != nil {
			t.Fatal(err)
		}
		want = modelineRE.ReplaceAll(want, nil)
		got = modelineRE.ReplaceAll(got, nil)
		if filepath.Base(o) == "game.yaml" {
			want = bytes.Replace(want, []byte("\nid: run-for-your-life\n"), []byte("\nid: my-pack\n"), 1)
			want = bytes.Replace(want, []byte("\ntitle: Run For Your Life\n"), []byte("\ntitle: My Pack\n"), 1)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the bundled file beyond modeline and id", filepath.Base(o))
		}
	}
	if code, out, errs := run(t, "", "validate", "--strict", "my-pack"); code != 0 || !strings.Contains(out, "0 errors, 0 warnings") {
		t.Fatalf("validate: exit %d\n%s\n%s", code, out, errs)
	}

	// --schemas elsewhere and a nested folder; --id.
	code, _, stderr = run(t, "", "init", "packs/variant", "--from", "run-for-your-life", "--schemas", "editor/schemas", "--id", "v2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	checkModelines(t, "packs/variant", "../../editor/schemas/", 10)
	if b, _ := os.ReadFile("packs/variant/game.yaml"); !bytes.Contains(b, []byte("\nid: v2\n")) {
		t.Errorf("--id not applied:\n%s", b)
	}
}

// TestInitRefuses: a usage error writes nothing, not even a temp folder.
func TestInitRefuses(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.MkdirAll("full", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("full/keep.txt", []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"init", "full", "--from", "run-for-your-life"}, "not empty"},
		{[]string{"init", "new", "--from", "nope"}, "bundled: " + strings.Join(data.Packs(), ", ")},
		{[]string{"init", "full"}, "not empty"},
		{[]string{"init", "My Pack", "--from", "run-for-your-life"}, "--id"},
		{[]string{"init", "new", "--from", "run-for-your-life", "--id", "Bad"}, "--id"},
	} {
		code, stdout, stderr := run(t, "", c.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d\nstdout %s\nstderr %s", c.args, code, stdout, stderr)
		}
	}
	entries, _ := os.ReadDir(".")
	if len(entries) != 1 || entries[0].Name() != "full" {
		t.Errorf("a refused init left files: %v", entries)
	}
	if b, _ := os.ReadFile("full/keep.txt"); string(b) != "mine" {
		t.Error("a refused init touched an existing file")
	}
}

// TestSchemaFixModelines: a pack copied as `cp -r data/... my-pack` keeps
// modelines into ../../schema/jsonschema, which do not resolve from the
// copy; `schema -o DIR --fix-modelines PACK` points them at DIR, adds one
// to a file without, and says which files it leaves alone.
func TestSchemaFixModelines(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "my-pack"), os.DirFS(filepath.Join(testRoot, "data", "run-for-your-life"))); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	tokens, _ := os.ReadFile("my-pack/tokens.yaml")
	if err := os.WriteFile("my-pack/tokens.yaml", modelineRE.ReplaceAll(tokens, nil)[1:], 0o644); err != nil {
		t.Fatal(err)
	}
	foreign := "# yaml-language-server: $schema=https://example.com/other.json\nkind: Templates\n"
	if err := os.WriteFile("my-pack/custom.yml", []byte(foreign), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "", "schema", "-o", "runforge-schemas", "--fix-modelines", "my-pack")
	if code != 0 || !strings.Contains(stdout, filepath.Join("my-pack", "events.yaml")) || !strings.Contains(stderr, "custom.yml") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if err := os.Remove("my-pack/custom.yml"); err != nil {
		t.Fatal(err)
	}
	checkModelines(t, "my-pack", "../runforge-schemas/", 10)
	if b, _ := os.ReadFile("my-pack/tokens.yaml"); !bytes.HasPrefix(b, []byte("# yaml-language-server: $schema=../runforge-schemas/tokens.schema.json\n")) {
		t.Errorf("no modeline added to tokens.yaml:\n%.200s", b)
	}
	// A second run changes nothing.
	_, stdout, _ = run(t, "", "schema", "-o", "runforge-schemas", "--fix-modelines", "my-pack")
	if strings.Contains(stdout, "my-pack") {
		t.Errorf("second run rewrote files:\n%s", stdout)
	}
}

// testRoot is the repository root, for tests that change folder.
var testRoot = func() string {
	abs, err := filepath.Abs("../..")
	if err != nil {
		panic(err)
	}
	return abs
}()

// TestInitGameOfYourOwn: init without --from starts a pack of the generic
// system that builds clean with --strict at once, titled after its folder;
// adding a card makes deck/count say to raise expected: in game.yaml, and a
// deck of the user's without a component is not called runforge's.
func TestInitGameOfYourOwn(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, stdout, stderr := run(t, "", "init", "my-game")
	if code != 0 || stderr != "" || !strings.Contains(stdout, "runforge build my-game") {
		t.Fatalf("init: exit %d\n%s\n%s", code, stdout, stderr)
	}
	checkModelines(t, "my-game", "../runforge-schemas/", 3)
	// The schemas go beside the pack's folder: the output says so.
	if !strings.Contains(stdout, "runforge-schemas: JSON Schemas (beside the pack's folder") {
		t.Errorf("init does not say where the JSON Schemas went:\n%s", stdout)
	}
	game, _ := os.ReadFile("my-game/game.yaml")
	for _, want := range []string{"\nid: my-game\n", "\ntitle: My Game\n", "\nsystem: generic\n", "\ncomponents:\n"} {
		if !bytes.Contains(game, []byte(want)) {
			t.Errorf("game.yaml lacks %q:\n%s", want, game)
		}
	}
	cards, _ := os.ReadFile("my-game/cards.yaml")
	if !regexp.MustCompile(`text: ".*\{[a-z-]+\}`).Match(cards) || bytes.Count(cards, []byte("\n  - id: ")) != 2 || !bytes.Contains(cards, []byte("\nback: ")) {
		t.Errorf("cards.yaml is not two cards with a back and an icon in text:\n%s", cards)
	}
	code, stdout, stderr = run(t, "", "build", "my-game", "--strict")
	if code != 0 || stderr != "" || !strings.Contains(stdout, "out/my-game/cards.pdf") {
		t.Fatalf("build --strict: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if b, _ := os.ReadFile("out/my-game/components.txt"); !bytes.HasPrefix(b, []byte("My Game: components\n")) {
		t.Errorf("components.txt is not headed with the pack's own title:\n%.200s", b)
	}

	// A third card: the count rule says where to raise the count.
	extra := "  - id: medic\n    count: 1\n    name: Medic\n    cost: 2\n    type: Ally\n    text: \"Heal 1.\"\n"
	if err := os.WriteFile("my-game/cards.yaml", append(cards, extra...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ = run(t, "", "validate", "my-game")
	if code != 1 || !strings.Contains(stdout, "error deck/count") || !strings.Contains(stdout, `hint: if the pack is meant to have 4 (a card you added, say), raise or lower expected: to 4 on component "cards" in game.yaml`) {
		t.Errorf("validate after adding a card: exit %d\n%s", code, stdout)
	}
	if err := os.WriteFile("my-game/game.yaml", bytes.Replace(game, []byte("expected: 3"), []byte("expected: 4"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	// A deck of the user's that counts towards no component (in the
	// gutterfold layout, which gives it a PDF of its own rather than
	// ganging it onto the sheets of cards).
	spare := "kind: Deck\nid: spares\ncardType: generic\nback: card-back\ncards:\n  - {id: blank, count: 1, name: Blank}\n"
	if err := os.WriteFile("my-game/spares.yaml", []byte(spare), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = run(t, "", "build", "my-game", "--strict", "--layout", "gutterfold")
	if code != 0 {
		t.Fatalf("build after raising expected: exit %d\n%s\n%s", code, stdout, stderr)
	}
	b, _ := os.ReadFile("out/my-game/components.txt")
	if bytes.Contains(b, []byte("added by runforge")) || !bytes.Contains(b, []byte("- spares.pdf: spares (in no component of game.yaml")) {
		t.Errorf("components.txt on a deck of the user's:\n%s", b)
	}
}

// TestInitTitle: a new pack's title is made from its id.
func TestInitTitle(t *testing.T) {
	for id, want := range map[string]string{"my-game": "My Game", "x": "X", "deck-2": "Deck 2", "a--b": "A B"} {
		if got := scaffold.Title(id); got != want {
			t.Errorf("Title(%q) = %q, want %q", id, got, want)
		}
	}
}
