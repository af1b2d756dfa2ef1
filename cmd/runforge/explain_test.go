package main

import (
	"strings"
	"testing"
)

// TestValidateExplain: --explain adds, after the report, how each RUN map
// is won; the spec's worked example (base map, spawn point 3, rank 5) comes
// out word for word, the output is the same on every run, and --explain
// with another format than text is a usage error.
func TestValidateExplain(t *testing.T) {
	const pack = "../../schema/testdata/run"
	code, out, errOut := run(t, "", "validate", "--explain", pack)
	if code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	want := "rank 5 (all 4 stashes, then A or B), 14 tokens: 9 turns: C3 silent-NE D2 · silent-W C2 [stash] · silent-SE D3 · wild-diagonal E4 · " +
		"silent-E F4 [stash] · sprint-N F1 [stash] · sprint-W A1 · sprint-S A6 [stash] · sprint-E F6 [safe house A: win]"
	for _, w := range []string{"0 errors, 0 warnings", pack + "/base.yaml: map base", "spawn point 3 (C3)", want, "map water"} {
		if !strings.Contains(out, w) {
			t.Errorf("--explain output lacks %q:\n%s", w, out)
		}
	}
	if _, again, _ := run(t, "", "validate", "--explain", pack); again != out {
		t.Error("--explain differs between two runs")
	}
	if code, _, errOut := run(t, "", "validate", "--explain", "--format", "json", pack); code != 2 || !strings.Contains(errOut, "--explain writes text") {
		t.Errorf("--explain --format json: exit %d, %s", code, errOut)
	}
}
