package runmove

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it):\n got:\n%s\nwant:\n%s", path, got, want)
	}
}

// fixtures are the maps in testdata.
func fixtures(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*.map"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	var names []string
	for _, p := range paths {
		names = append(names, strings.TrimSuffix(filepath.Base(p), ".map"))
	}
	return names
}

// renderFindings is one line per finding: position, severity, rule,
// message, then the related positions.
func renderFindings(fs []Finding) string {
	var sb strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&sb, "%v: %v\n", f.Src, f)
		for _, r := range f.Related() {
			fmt.Fprintf(&sb, "    related %v\n", r)
		}
	}
	return sb.String()
}

func TestFindingsGolden(t *testing.T) {
	for _, name := range fixtures(t) {
		t.Run(name, func(t *testing.T) {
			fs, err := Check(loadFixture(t, name), DefaultTokens())
			if err != nil {
				t.Fatal(err)
			}
			golden(t, name+".findings", renderFindings(fs))
		})
	}
}

func TestExplainGolden(t *testing.T) {
	for _, name := range fixtures(t) {
		t.Run(name, func(t *testing.T) {
			e, err := Explain(loadFixture(t, name), DefaultTokens())
			if err != nil {
				t.Fatal(err)
			}
			golden(t, name+".explain", e.String())
		})
	}
}
