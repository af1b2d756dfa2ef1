package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/runforge/runforge/data"
)

var modelineRE = regexp.MustCompile(`(?m)^# yaml-language-server: \$schema=(\S+)$`)

// checkModelines: every YAML file of pack starts with a modeline naming
// the schema of its kind, which exists at that path from the file and
// accepts the file.
func checkModelines(t *testing.T, pack, wantPrefix string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(pack, "*.yaml"))
	if len(files) < 10 {
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
// clean, and is byte for byte the bundled pack but for modelines and id.
func TestInit(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, stdout, stderr := run(t, "", "init", "my-pack", "--from", "run-for-your-life")
	if code != 0 || stderr != "" || !strings.Contains(stdout, "runforge validate my-pack") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	checkModelines(t, "my-pack", "../runforge-schemas/")
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
	checkModelines(t, "packs/variant", "../../editor/schemas/")
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
		{[]string{"init", "new"}, "--from"},
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
	checkModelines(t, "my-pack", "../runforge-schemas/")
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
