package validate_test

import (
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
)

// diagLess is the documented order: file, line, column, then rule and message.
func diagLess(a, b validate.Diagnostic) bool {
	if a.Pos != b.Pos {
		return a.Pos.Less(b.Pos)
	}
	if a.Rule != b.Rule {
		return a.Rule < b.Rule
	}
	return a.Message < b.Message
}

func validateDir(t *testing.T, dir string) (*schema.Pack, []validate.Diagnostic) {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS(dir), dir)
	return p, validate.Pack(p, probs, withGames(validate.Options{}))
}

// TestOutputSortedAndStable: a pack with problems in every file gives its
// diagnostics sorted by file, line and column, and the same on every run.
func TestOutputSortedAndStable(t *testing.T) {
	const dir = "testdata/many-problems"
	_, first := validateDir(t, dir)

	files := map[string]bool{}
	for _, d := range first {
		files[d.Pos.File] = true
		if !strings.HasPrefix(d.Pos.File, dir+"/") {
			t.Errorf("diagnostic outside the pack: %s", d)
		}
		if d.Pos.Line == 0 {
			t.Errorf("diagnostic without a line: %s", d)
		}
	}
	if len(first) < 20 || len(files) < 7 {
		t.Fatalf("the fixture should give 20+ diagnostics over 7 files; got %d over %d:\n%s", len(first), len(files), dump(first))
	}
	for i := 1; i < len(first); i++ {
		if diagLess(first[i], first[i-1]) {
			t.Errorf("not sorted at %d:\n  %s\nbefore\n  %s", i, first[i-1], first[i])
		}
	}

	for run := 2; run <= 3; run++ {
		_, again := validateDir(t, dir)
		if !reflect.DeepEqual(first, again) {
			t.Fatalf("run %d differs from run 1:\n%s\nvs\n%s", run, dump(again), dump(first))
		}
	}

	// Sort restores the order from any permutation.
	shuffled := append([]validate.Diagnostic(nil), first...)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	validate.Sort(shuffled)
	if !reflect.DeepEqual(first, shuffled) {
		t.Errorf("Sort of a shuffled copy differs:\n%s", dump(shuffled))
	}
}

// TestSortTieBreaks: equal positions are ordered by rule, then message.
func TestSortTieBreaks(t *testing.T) {
	at := func(file string, line, col int) schema.Pos { return schema.Pos{File: file, Line: line, Col: col} }
	want := []validate.Diagnostic{
		{Pos: at("a.yaml", 0, 0), Rule: "pack/missing-file", Message: "whole file"},
		{Pos: at("a.yaml", 2, 9), Rule: "z/rule", Message: "m"},
		{Pos: at("a.yaml", 10, 1), Rule: "a/rule", Message: "m"},
		{Pos: at("a.yaml", 10, 3), Rule: "a/rule", Message: "a"},
		{Pos: at("a.yaml", 10, 3), Rule: "a/rule", Message: "b"},
		{Pos: at("a.yaml", 10, 3), Rule: "b/rule", Message: "a"},
		{Pos: at("b.yaml", 1, 1), Rule: "a/rule", Message: "m"},
	}
	got := []validate.Diagnostic{want[5], want[6], want[2], want[0], want[4], want[1], want[3]}
	validate.Sort(got)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", dump(got), dump(want))
	}
}

// TestBundledPackValidatesClean: the Run For Your Life pack that ships with
// runforge has no diagnostic at all.
func TestBundledPackValidatesClean(t *testing.T) {
	const dir = "../data/run-for-your-life"
	p, probs := schematest.LoadPack(os.DirFS(dir), "data/run-for-your-life")
	if p == nil {
		t.Fatalf("the bundled pack does not load: %v", probs)
	}
	if got := validate.Pack(p, probs, withGames(validate.Options{})); len(got) != 0 {
		t.Fatalf("want no diagnostic, got:\n%s", dump(got))
	}
	// Guard against a vacuous pass: the pack really holds its content.
	if p.Game.System != "run-for-your-life" || len(p.Decks()) == 0 || len(p.TokenSets()) == 0 {
		t.Errorf("pack loaded %d decks and %d token sets for system %q",
			len(p.Decks()), len(p.TokenSets()), p.Game.System)
	}
}
