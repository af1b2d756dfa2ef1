package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWindowsStylePaths: a pack, a file and a bundled pack named with
// backslashes (data\run-promo, as typed on Windows) are found on every
// system, and findings, the report formats and components.txt name them
// with forward slashes.
func TestWindowsStylePaths(t *testing.T) {
	orig, err := filepath.Abs("../../data/run-promo/map-5b.yaml")
	if err != nil {
		t.Fatal(err)
	}
	pack := copyBundledAs(t, "run-promo", "data/run-promo", [3]string{"map-5b.yaml", "stashes: [C1, E2, A6, E5]", "stashes: [C1, E2, A6, Z9]"})
	root := filepath.Dir(filepath.Dir(pack))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"validate", `data\run-promo`}, "data/run-promo/map-5b.yaml:"},
		{[]string{"validate", `.\data\run-promo\map-5b.yaml`}, "data/run-promo/map-5b.yaml:"},
		{[]string{"validate", "--format", "junit", `data\run-promo\`}, `classname="data/run-promo/map-5b.yaml"`},
		{[]string{"validate", "--format", "gitlab", `data\`}, `"path": "data/run-promo/map-5b.yaml"`},
	} {
		code, out, errOut := run(t, root, c.args...)
		if code != exitFindings || !strings.Contains(out, c.want) || strings.Contains(out, `\run-promo`) {
			t.Errorf("%q: exit %d, want 1 and %s, no backslash\n%s%s", c.args, code, c.want, out, errOut)
		}
	}
	if code, out, errOut := run(t, root, "validate", `run-promo\`); code != exitClean || !strings.Contains(out, "in 1 pack") {
		t.Errorf("bundled pack with a backslash: exit %d\n%s%s", code, out, errOut)
	}

	if err := os.WriteFile(filepath.Join(pack, "map-5b.yaml"), mustRead(t, orig), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := run(t, root, "build", `data\run-promo`, "-o", "kits", "--no-previews"); code != exitClean {
		t.Fatalf("build: exit %d\n%s%s", code, out, errOut)
	}
	txt := string(mustRead(t, filepath.Join(root, "kits", "run-promo", "components.txt")))
	if strings.Contains(txt, `\`) || !strings.Contains(txt, "run/") {
		t.Errorf("components.txt has a backslash or does not name the run/ kit:\n%s", txt)
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
