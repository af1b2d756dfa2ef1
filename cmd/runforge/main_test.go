package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/runforge/runforge/data"
	"golang.org/x/image/font/gofont/gomonobold"
)

// run runs the CLI in dir and returns the exit code and output.
func run(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	if dir != "" {
		t.Chdir(dir)
	}
	var out, errb bytes.Buffer
	code := Main(args, &out, &errb)
	return code, out.String(), errb.String()
}

// copyPack copies the bundled RFYL pack into a temp folder, applying
// edits (file -> old -> new) and returns the pack folder.
func copyPack(t *testing.T, edits ...[3]string) string {
	t.Helper()
	return copyBundledAs(t, "run-for-your-life", "rfyl", edits...)
}

// copyBundled copies the bundled pack id into a temporary folder of the
// same name, applying edits, and returns the copy's path.
func copyBundled(t *testing.T, id string, edits ...[3]string) string {
	t.Helper()
	return copyBundledAs(t, id, id, edits...)
}

// copyBundledAs copies the bundled pack id into the temporary folder dir,
// applying edits (file -> old -> new), and returns the pack folder.
func copyBundledAs(t *testing.T, id, dir string, edits ...[3]string) string {
	t.Helper()
	src, err := filepath.Abs(filepath.Join("../../data", id))
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), dir)
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		p := filepath.Join(dst, e[0])
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), e[1]) {
			t.Fatalf("%s has no %q", e[0], e[1])
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), e[1], e[2], 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func TestValidateBundledIsClean(t *testing.T) {
	code, stderr, _ := run(t, t.TempDir(), "validate")
	if want := fmt.Sprintf("0 errors, 0 warnings in %d packs", len(data.Packs())); code != 0 || !strings.Contains(stderr, want) {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	code, stderr, _ = run(t, "", "validate", "--strict", "run-for-your-life")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

func TestBrokenPacks(t *testing.T) {
	cases := []struct {
		name   string
		edit   [3]string
		strict bool
		code   int
		want   string // substring of stderr: file:line:col: severity rule
		msg    string
	}{
		{"wrong type", [3]string{"determination.yaml", "value: 5", "value: five"}, false, 1,
			"rfyl/determination.yaml:22:12: error schema/invalid", "value must be a whole number, not text"},
		{"unknown field", [3]string{"events.yaml", "    flavor: \"Just one.", "    flavour: \"Just one."}, false, 1,
			"rfyl/events.yaml:14:5: error schema/invalid", `unknown field "flavour"`},
		{"card removed", [3]string{"events.yaml", "    count: 3\n    name: Lone Shambler", "    count: 2\n    name: Lone Shambler"}, false, 1,
			"rfyl/game.yaml:", "component \"events\" expects 72 copies but the pack has 71 ("},
		{"text too long", [3]string{"events.yaml", "text: \"Place 1 {zombie} on your space. It fights during the combat phase.\"",
			"text: \"" + strings.Repeat("Place 1 {zombie} on your space. It fights during the combat phase. ", 14) + "\""}, false, 1,
			"rfyl/events.yaml:13:11: error text/overflow", "card \"ev-lone-shambler\": text"},
		{"text too long strict", [3]string{"events.yaml", "text: \"Place 1 {zombie} on your space. It fights during the combat phase.\"",
			"text: \"" + strings.Repeat("Place 1 {zombie} on your space. It fights during the combat phase. ", 14) + "\""}, true, 1,
			"error text/overflow", ""},
		{"unknown icon", [3]string{"events.yaml", "Place 1 {zombie} on your space. It", "Place 1 {zombi} on your space. It"}, false, 1,
			"rfyl/events.yaml:13:11: error text/unknown-icon", "did you mean {zombie}?"},
		{"yaml syntax", [3]string{"blood.yaml", "kind: Deck", "kind: [Deck"}, false, 1,
			"rfyl/blood.yaml:", "error yaml/syntax"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := copyPack(t, c.edit)
			t.Chdir(filepath.Dir(dir))
			args := []string{"validate", "rfyl"}
			if c.strict {
				args = append(args, "--strict")
			}
			code, stderr, _ := run(t, "", args...)
			if code != c.code || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, c.msg) {
				t.Fatalf("exit %d, want %d; stderr:\n%s\nwant %q and %q", code, c.code, stderr, c.want, c.msg)
			}
			// The same input gives the same report.
			_, again, _ := run(t, "", args...)
			if again != stderr {
				t.Error("report differs between two runs")
			}
			if c.code == 1 || strings.Contains(c.want, "overflow") {
				code, stdout, _ := run(t, "", "build", "rfyl", "-o", "out")
				if code != 1 || stdout != "" {
					t.Errorf("build: exit %d, stdout %q", code, stdout)
				}
				if _, err := os.Stat("out"); !os.IsNotExist(err) {
					t.Error("a refused build wrote output")
				}
			}
		})
	}
}

func TestValidateSingleFile(t *testing.T) {
	dir := copyPack(t, [3]string{"determination.yaml", "value: 5", "value: 11"},
		[3]string{"events.yaml", "icons: [zombies]", "icons: [zombie]"})
	t.Chdir(filepath.Dir(dir))
	code, stderr, _ := run(t, "", "validate", "rfyl/events.yaml")
	if code != 1 || !strings.Contains(stderr, "rfyl/events.yaml:12:13: error rfyl/event-icons") || strings.Contains(stderr, "determination.yaml") {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
}

func TestFormats(t *testing.T) {
	dir := copyPack(t, [3]string{"determination.yaml", "value: 5", "value: 11"})
	t.Chdir(filepath.Dir(dir))
	code, stdout, _ := run(t, "", "validate", "--format", "json", "rfyl")
	var rep struct {
		Diagnostics []struct {
			Rule string `json:"rule"`
			Pos  struct {
				File string `json:"file"`
				Line int    `json:"line"`
			} `json:"pos"`
			Severity string `json:"severity"`
		} `json:"diagnostics"`
	}
	if code != 1 || json.Unmarshal([]byte(stdout), &rep) != nil || len(rep.Diagnostics) != 1 ||
		rep.Diagnostics[0].Rule != "rfyl/determination-range" || rep.Diagnostics[0].Pos.Line != 22 || rep.Diagnostics[0].Severity != "error" {
		t.Fatalf("exit %d: %s", code, stdout)
	}
	code, stdout, _ = run(t, "", "validate", "--format", "github", "rfyl")
	if code != 1 || !strings.HasPrefix(stdout, "::error file=rfyl/determination.yaml,line=22,col=12,title=rfyl/determination-range::") {
		t.Fatalf("exit %d: %s", code, stdout)
	}
	code, stdout, _ = run(t, "", "validate", "--format", "sarif", "rfyl")
	if code != 1 || !strings.Contains(stdout, `"ruleId": "rfyl/determination-range"`) {
		t.Fatalf("exit %d: %s", code, stdout)
	}
}

func TestUsageErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, args := range [][]string{
		{"validate", "--format", "xml"},
		{"validate", "no-such-pack"},
		{"build", "--paper", "legal"},
		{"build", "--duplex", "sideways"},
		{"build", "--back-offset", "1"},
		{"build", "--back-offset", "a,b"},
		{"build", "--back-offset", "NaN,0"},
		{"build", "--back-offset", "0,Inf"},
		{"build", "--margin", "1in"},
		{"build", "--margin", "wide"},
		{"build", "--margin", "-3mm"},
		{"build", "--layout", "booklet"},
		{"frobnicate"},
		{"validate", "--nope"},
	} {
		code, _, stderr := run(t, "", args...)
		if code != 2 || !strings.HasPrefix(stderr, "runforge: ") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	if _, err := os.Stat("out"); !os.IsNotExist(err) {
		t.Error("a usage error wrote output")
	}
}

func TestBuildBundledFromAnyFolder(t *testing.T) {
	t.Chdir(t.TempDir())
	code, stdout, stderr := run(t, "", "build", "run-for-your-life", "--paper", "a4", "--no-previews")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, f := range []string{"events.pdf", "determination.pdf", "blood.pdf", "tokens.pdf", "figures.pdf", "calibration.pdf", "components.txt"} {
		if !strings.Contains(stdout, "out/run-for-your-life/"+f) {
			t.Errorf("stdout does not list %s:\n%s", f, stdout)
		}
		if _, err := os.Stat(filepath.Join("out", "run-for-your-life", f)); err != nil {
			t.Error(err)
		}
	}
	comps, _ := os.ReadFile("out/run-for-your-life/components.txt")
	// Every component of the kit is printed, the figures on the pages
	// components.txt names.
	for _, s := range []string{"8 x Custom Zombies (for player zombies) [printed]\n      printed in: figures.pdf (page 1)\n",
		"30 x Zombie \"Babes\" (generic zombies) [printed]\n      printed in: tokens.pdf (page 1)\n"} {
		if !strings.Contains(string(comps), s) {
			t.Errorf("components.txt lacks %q:\n%s", s, comps)
		}
	}
	if strings.Contains(string(comps), "NOT PRINTED") || strings.Contains(string(comps), "use instead:") {
		t.Errorf("components.txt:\n%s", comps)
	}
}

func TestPathOnDiskWinsOverBundledName(t *testing.T) {
	dir := copyPack(t, [3]string{"game.yaml", "title: Run For Your Life", "title: My Local Copy"})
	t.Chdir(filepath.Dir(dir))
	if err := os.Rename("rfyl", "run-for-your-life"); err != nil {
		t.Fatal(err)
	}
	code, stderr, _ := run(t, "", "validate", "run-for-your-life/game.yaml", "--format", "text")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if err := os.WriteFile("run-for-your-life/extra.yaml", []byte("kind: Deck\nid: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stderr, _ = run(t, "", "validate", "run-for-your-life")
	if code != 1 || !strings.Contains(stderr, "run-for-your-life/extra.yaml:1:1") {
		t.Fatalf("the local folder was not used: exit %d\n%s", code, stderr)
	}
}

func TestSymlinkEscapeIsRefused(t *testing.T) {
	dir := copyPack(t)
	secret := filepath.Join(t.TempDir(), "secret.yaml")
	if err := os.WriteFile(secret, []byte("kind: Deck\nid: secret\ncardType: generic\ncards: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "link.yaml")); err != nil {
		t.Skip(err)
	}
	t.Chdir(filepath.Dir(dir))
	code, stderr, _ := run(t, "", "validate", "rfyl")
	if code != 1 || !strings.Contains(stderr, "rfyl/link.yaml") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

func TestInfoCommands(t *testing.T) {
	t.Chdir(t.TempDir())
	code, stdout, _ := run(t, "", "packs")
	if code != 0 || !strings.Contains(stdout, "run-for-your-life") || !strings.Contains(stdout, "(177 cards)") {
		t.Errorf("packs: %d %s", code, stdout)
	}
	// A pack that extends another counts the cards it prints, its base's
	// included, and the titles line up after the longest pack name.
	if !strings.Contains(stdout, "(138 cards, extends run-fight-or-die-reloaded)") {
		t.Errorf("packs: the campaign's line lacks its cards or base:\n%s", stdout)
	}
	col := -1
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		name, _, _ := strings.Cut(line, " ")
		at := len(name) + len(line[len(name):]) - len(strings.TrimLeft(line[len(name):], " "))
		if col >= 0 && at != col {
			t.Errorf("packs: titles start at columns %d and %d:\n%s", col, at, stdout)
			break
		}
		col = at
	}
	code, stdout, _ = run(t, "", "rules")
	for _, id := range []string{"deck/count", "text/overflow", "rfyl/bullet-cost", "schema/invalid"} {
		if code != 0 || !strings.Contains(stdout, id) {
			t.Errorf("rules lacks %s", id)
		}
	}
	code, stdout, _ = run(t, "", "schema", "-o", "schemas")
	if code != 0 || !strings.Contains(stdout, "deck.schema.json") {
		t.Errorf("schema: %d %s", code, stdout)
	}
	n := 0
	_ = fs.WalkDir(os.DirFS("schemas"), ".", func(p string, d fs.DirEntry, err error) error {
		if strings.HasSuffix(p, ".json") {
			n++
		}
		return nil
	})
	if n < 5 {
		t.Errorf("%d schemas written", n)
	}
	code, stdout, _ = run(t, "", "--version")
	if code != 0 || !strings.Contains(stdout, "runforge version") {
		t.Errorf("version: %d %q", code, stdout)
	}
	code, stdout, _ = run(t, "", "completion", "bash")
	if code != 0 || !strings.Contains(stdout, "bash completion") {
		t.Errorf("completion: %d", code)
	}
}

func TestPackExtendsBundled(t *testing.T) {
	src, _ := filepath.Abs("testdata/house-rules")
	t.Chdir(t.TempDir())
	if err := os.CopyFS("house-rules", os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	code, stderr, _ := run(t, "", "validate", "house-rules")
	if code != 0 || !strings.Contains(stderr, "0 errors, 0 warnings in 1 pack (15 files)") {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	// The kit holds what the pack adds (its deck) or changes (the events,
	// whose template it changes); --with-base prints the base's files too.
	for _, tc := range []struct {
		args          []string
		want, without []string
	}{
		{nil, []string{"house-events.pdf (2 pages)", "events.pdf (18 pages)"}, []string{"blood.pdf", "tokens.pdf"}},
		{[]string{"--with-base"}, []string{"house-events.pdf (2 pages)", "events.pdf (18 pages)", "blood.pdf", "tokens.pdf"}, nil},
	} {
		code, stdout, stderr := run(t, "", append([]string{"build", "house-rules", "--no-previews"}, tc.args...)...)
		if code != 0 {
			t.Fatalf("exit %d:\n%s", code, stderr)
		}
		for _, f := range tc.want {
			if !strings.Contains(stdout, "out/house-rules/"+f) {
				t.Errorf("%v: missing %s in:\n%s", tc.args, f, stdout)
			}
		}
		for _, f := range tc.without {
			if strings.Contains(stdout, "out/house-rules/"+f) {
				t.Errorf("%v: %s, which the base's kit prints, in:\n%s", tc.args, f, stdout)
			}
		}
	}
	// A mistake in the extending pack is reported in its own file.
	b, _ := os.ReadFile("house-rules/house-events.yaml")
	os.WriteFile("house-rules/house-events.yaml", []byte(strings.Replace(string(b), "count: 2\n    name: Hidden", "count: 1\n    name: Hidden", 1)), 0o644)
	code, stderr, _ = run(t, "", "validate", "house-rules")
	if code != 1 || !strings.Contains(stderr, `house-rules/game.yaml:10:15: error deck/count: component "house-events" expects 4 copies but the pack has 3`) {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	os.WriteFile("house-rules/game.yaml", []byte("kind: Game\nid: x\ntitle: X\nsystem: run-for-your-life\nextends: no-such-pack\n"), 0o644)
	code, stderr, _ = run(t, "", "validate", "house-rules")
	if code != 1 || !strings.Contains(stderr, `house-rules/game.yaml:5:10: error pack/dangling-ref: extends "no-such-pack"`) {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
}

func TestBuildRefusesClippedTextUnlessAllowed(t *testing.T) {
	dir := copyPack(t, [3]string{"events.yaml", "text: \"Place 1 {zombie} on your space. It fights during the combat phase.\"",
		"text: \"" + strings.Repeat("Place 1 {zombie} on your space. It fights during the combat phase. ", 14) + "\""})
	t.Chdir(filepath.Dir(dir))
	code, _, stderr := run(t, "", "build", "rfyl", "--no-previews")
	if code != 1 || !strings.Contains(stderr, "would print clipped") {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	if _, err := os.Stat("out"); !os.IsNotExist(err) {
		t.Fatal("a refused build wrote output")
	}
	code, stdout, stderr := run(t, "", "build", "rfyl", "--no-previews", "--allow-overflow")
	if code != 0 || !strings.Contains(stdout, "out/run-for-your-life/events.pdf") || !strings.Contains(stderr, "warning text/overflow") {
		t.Fatalf("exit %d:\n%s\n%s", code, stdout, stderr)
	}
}

func TestPackFonts(t *testing.T) {
	src, _ := filepath.Abs("testdata/house-rules")
	t.Chdir(t.TempDir())
	if err := os.CopyFS("hr", os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("hr/stencil.ttf", gomonobold.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("hr/broken.ttf", []byte("not a font"), 0o644); err != nil {
		t.Fatal(err)
	}
	manifest, _ := os.ReadFile("hr/game.yaml")
	write := func(fonts, font string) {
		t.Helper()
		os.WriteFile("hr/game.yaml", []byte(string(manifest)+fonts), 0o644)
		os.WriteFile("hr/templates.yaml", []byte("kind: Templates\ntemplates:\n  - id: rfyl-event\n    extends: rfyl-event\n    boxes:\n      - id: name\n        font: "+font+"\n"), 0o644)
	}
	write("fonts:\n  - name: stencil\n    file: stencil.ttf\n", "stencil")
	code, stdout, stderr := run(t, "", "build", "hr", "--no-previews")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	pdf, _ := os.ReadFile("out/house-rules/events.pdf")
	if !regexp.MustCompile(`/BaseFont /[A-Z]{6}\+GoMono-Bold`).Match(pdf) || !strings.Contains(stdout, "events.pdf") {
		t.Error("the pack font is not embedded in events.pdf")
	}
	cases := []struct{ fonts, font, want string }{
		{"fonts:\n  - name: stencil\n    file: missing.ttf\n", "stencil", "hr/game.yaml:17:11: error pack/missing-file"},
		{"fonts:\n  - name: stencil\n    file: broken.ttf\n", "stencil", "hr/game.yaml:17:11: error pack/font: broken.ttf is not a TrueType font"},
		{"fonts:\n  - name: bold\n    file: stencil.ttf\n", "bold", "hr/game.yaml:16:11: error pack/font: font name \"bold\" is a built-in font"},
		{"", "stencil", "hr/templates.yaml:7:15: error pack/dangling-ref: template \"rfyl-event\" box \"name\" uses font \"stencil\""},
	}
	for _, c := range cases {
		write(c.fonts, c.font)
		code, stderr, _ := run(t, "", "validate", "hr")
		if code != 1 || !strings.Contains(stderr, c.want) || strings.Count(stderr, " error ") != 1 {
			t.Errorf("exit %d, want only %q in:\n%s", code, c.want, stderr)
		}
	}
}

func TestEmojiDoesNotBreakTheBuild(t *testing.T) {
	dir := copyPack(t, [3]string{"events.yaml", "Place 1 {zombie} on your space. It fights", "Place 1 {zombie} 🧟 on your space. It fights"})
	t.Chdir(filepath.Dir(dir))
	code, _, stderr := run(t, "", "build", "rfyl", "--no-previews")
	if code != 0 || !strings.Contains(stderr, "warning text/glyph") {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
}

func TestBuildRefusesTwoPacksWithOneID(t *testing.T) {
	dir := copyPack(t)
	t.Chdir(filepath.Dir(dir))
	code, _, stderr := run(t, "", "build", "rfyl", "run-for-your-life", "--no-previews")
	if code != 1 || !strings.Contains(stderr, `pack id "run-for-your-life" is also the id of rfyl`) {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	if _, err := os.Stat("out"); !os.IsNotExist(err) {
		t.Error("output was written")
	}
}
