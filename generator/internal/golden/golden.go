// Package golden compares the recordings of the game packages' tests with
// their golden files.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// Check compares got with the file at path, or rewrites it when the test
// runs with -update; the first line that differs fails the test.
func Check(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if string(want) != got {
		wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
		for i := 0; i < max(len(wl), len(gl)); i++ {
			var w, g string
			if i < len(wl) {
				w = wl[i]
			}
			if i < len(gl) {
				g = gl[i]
			}
			if w != g {
				t.Fatalf("%s differs at line %d:\nwant: %s\ngot:  %s\n(run the test with -update if the change is intended)", path, i+1, w, g)
			}
		}
	}
}

// CheckNamed is Check of the golden file testdata/golden/name of the
// package under test.
func CheckNamed(t *testing.T, name, got string) {
	t.Helper()
	Check(t, filepath.Join("testdata", "golden", name), got)
}
