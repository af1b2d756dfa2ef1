package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runforge/runforge/cmd/runforge/internal/games"
	"github.com/runforge/runforge/schema"
)

// loaderFixtures copies the folders testdata/<name> into a temp folder and
// makes it the working folder. The packs are named as in testdata.
func loaderFixtures(t *testing.T, names ...string) {
	t.Helper()
	dst := t.TempDir()
	for _, name := range names {
		src, err := filepath.Abs(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(filepath.Join(dst, name), os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dst)
}

// runAll runs the CLI and returns its exit code and everything it wrote.
func runAll(t *testing.T, args ...string) (int, string) {
	t.Helper()
	code, stdout, stderr := run(t, "", args...)
	return code, stdout + stderr
}

// TestFindingsInAnExtendedPackLandOnTheUsersFiles: a finding the user's
// pack causes in the bundled pack it extends is placed in the user's
// files (the entry involved, else the extends: line) with the bundled
// position as related, so github and sarif output can attach it.
func TestFindingsInAnExtendedPackLandOnTheUsersFiles(t *testing.T) {
	loaderFixtures(t, "loader-extends")
	pack := "loader-extends"
	code, out := runAll(t, "validate", "--format", "github", pack)
	if code != 1 || strings.Contains(out, "file=run-for-your-life/") {
		t.Fatalf("exit %d, findings in the bundled pack's files:\n%s", code, out)
	}
	for _, want := range []string{
		"::error file=loader-extends/blood.yaml,line=7,col=9,title=pack/duplicate-id::card id \"det-01\" is used 2 times in this pack%0Arelated: run-for-your-life/determination.yaml:8:9: used again here by a card",
		"::error file=loader-extends/game.yaml,line=5,col=10,title=text/overflow::in the extended pack run-for-your-life: card \"ev-ammo-box\": name",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	code, out = runAll(t, "validate", "--format", "sarif", pack)
	if code != 1 || strings.Contains(out, `"uri": "run-for-your-life/`) && !strings.Contains(out, "relatedLocations") {
		t.Errorf("sarif: exit %d\n%s", code, out[:min(len(out), 2000)])
	}
	// The bundled pack on its own stays clean.
	if code, out := runAll(t, "validate", "--strict", "run-for-your-life"); code != 0 {
		t.Errorf("bundled pack: exit %d\n%s", code, out)
	}
}

// TestIncludeListingAFileTwice: one error at the second include: entry,
// pointing at the first, and no duplicate-id error per card.
func TestIncludeListingAFileTwice(t *testing.T) {
	loaderFixtures(t, "loader-include-twice")
	code, out := runAll(t, "validate", "loader-include-twice")
	want := "loader-include-twice/game.yaml:7:5: error schema/invalid: cards.yaml is already listed in include:; a file is loaded once\n" +
		"    hint: delete this entry\n" +
		"    loader-include-twice/game.yaml:6:5: first listed here\n" +
		"1 error, 0 warnings in 1 pack (2 files)\n"
	if code != 1 || out != want {
		t.Errorf("exit %d:\n%s\nwant:\n%s", code, out, want)
	}
}

// TestFilesThePackDoesNotLoad: a YAML file in a sub-folder is reported,
// and `validate FILE` of a file the pack never loads says so and fails.
func TestFilesThePackDoesNotLoad(t *testing.T) {
	loaderFixtures(t, "loader-subfolder", "loader-include-unlisted")
	pack := "loader-subfolder"
	code, out := runAll(t, "validate", pack)
	if code != 0 || !strings.Contains(out, "loader-subfolder/decks/extra.yaml:1:1: warning pack/unused-file: this YAML file is not part of the pack") {
		t.Errorf("validate PACK: exit %d\n%s", code, out)
	}
	code, out = runAll(t, "validate", "--strict", pack)
	if code != 1 {
		t.Errorf("validate --strict PACK: exit %d\n%s", code, out)
	}
	code, out = runAll(t, "validate", pack+"/decks/extra.yaml")
	if code != 1 || !strings.Contains(out, "loader-subfolder/decks/extra.yaml:1:1: error pack/unused-file: runforge does not load this file with its pack") || strings.Contains(out, " warning pack/") {
		t.Errorf("validate FILE in a sub-folder: exit %d\n%s", code, out)
	}
	code, out = runAll(t, "validate", pack+"/notes.txt")
	if code != 2 || !strings.Contains(out, "notes.txt is not a YAML file") {
		t.Errorf("validate a text file: exit %d\n%s", code, out)
	}
	code, out = runAll(t, "validate", pack+"/cards.yaml")
	if code != 0 || strings.Contains(out, "extra.yaml") {
		t.Errorf("validate a loaded file: exit %d\n%s", code, out)
	}
	code, out = runAll(t, "validate", "loader-include-unlisted/scratch.yaml")
	if code != 1 || !strings.Contains(out, "loader-include-unlisted/scratch.yaml:1:1: error pack/unused-file: runforge does not load this file with its pack: the include: list of game.yaml does not name it") {
		t.Errorf("validate FILE left out of include: exit %d\n%s", code, out)
	}
}

// TestSingleFileOfABrokenManifest: when the manifest cannot be read, the
// file named is not checked, and the manifest's errors say why.
func TestSingleFileOfABrokenManifest(t *testing.T) {
	loaderFixtures(t, "loader-include-twice")
	pack := "loader-include-twice"
	if err := os.WriteFile(filepath.Join(pack, "game.yaml"), []byte("kind: Game\nid: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := runAll(t, "validate", pack+"/cards.yaml")
	if code != 1 || !strings.Contains(out, "loader-include-twice/game.yaml:1:1: error schema/invalid: missing required field") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// TestManifestOfAnotherKindIsOneError: kind: Deck in game.yaml is one
// error at its kind: value.
func TestManifestOfAnotherKindIsOneError(t *testing.T) {
	loaderFixtures(t, "loader-wrong-kind")
	code, out := runAll(t, "validate", "loader-wrong-kind")
	if code != 1 || strings.Count(out, " error ") != 1 ||
		!strings.Contains(out, "loader-wrong-kind/game.yaml:1:7: error schema/invalid: game.yaml is the pack manifest and must declare kind: Game, not Deck") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// TestEveryFileReadIsCounted: the summary counts every file read: empty,
// broken and schema-invalid files too, and a manifest that failed.
func TestEveryFileReadIsCounted(t *testing.T) {
	loaderFixtures(t, "loader-counts", "loader-wrong-kind", "loader-include-twice")
	code, out := runAll(t, "validate", "loader-counts")
	if code != 1 || !strings.Contains(out, "3 errors, 0 warnings in 1 pack (5 files)") {
		t.Errorf("exit %d\n%s", code, out)
	}
	for _, tc := range []struct {
		fixture string
		files   int
	}{{"loader-counts", 5}, {"loader-wrong-kind", 1}, {"loader-include-twice", 2}} {
		_, results, _, _, err := checkPaths([]string{tc.fixture}, newCatalog(games.All()), io.Discard, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := results[0].Files; got != tc.files {
			t.Errorf("%s: %d files, want %d", tc.fixture, got, tc.files)
		}
	}
}

// TestOversizedYAMLCannotBeSwitchedOff: a YAML file over the size limit
// is a yaml/limit error; turning pack/missing-file off does not hide it.
func TestOversizedYAMLCannotBeSwitchedOff(t *testing.T) {
	loaderFixtures(t, "loader-subfolder")
	pack := "loader-subfolder"
	manifest, err := os.ReadFile(filepath.Join(pack, "game.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("# padding\n", schema.MaxFileSize/10+1)
	if err := os.WriteFile(filepath.Join(pack, "big.yaml"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pack, "game.yaml"), append(manifest, "rules:\n  pack/missing-file: off\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := runAll(t, "validate", pack)
	if code != 1 || !strings.Contains(out, "loader-subfolder/big.yaml:1:1: error yaml/limit: file too large: big.yaml is") {
		t.Errorf("exit %d\n%s", code, out)
	}
	if err := os.WriteFile(filepath.Join(pack, "game.yaml"), append(manifest, "include: [cards.yaml, big.yaml]\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out = runAll(t, "validate", pack)
	if code != 1 || !strings.Contains(out, "loader-subfolder/game.yaml:9:23: error yaml/limit: file too large: big.yaml is") {
		t.Errorf("included: exit %d\n%s", code, out)
	}
}
