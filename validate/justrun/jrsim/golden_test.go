package jrsim

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// The explain text of the illustrative mix, 300 boards per line, both
// scenarios: a change here is a change of the model, its PRNG use or its
// output. Rewrite with go test -run TestExplainGolden -update.
func TestExplainGolden(t *testing.T) {
	set := DefaultSettings()
	set.Boards = 300
	set.Scenarios = Scenarios{FindTheCure: true, RescueMission: true}
	e, err := Explain(illustrativeMix(), set)
	if err != nil {
		t.Fatal(err)
	}
	got := e.String()
	path := filepath.Join("testdata", "explain-illustrative.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("explain text differs from %s; run with -update if the change is intended", path)
	}
}
