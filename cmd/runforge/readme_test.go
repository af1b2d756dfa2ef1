package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeBrokenJustRun: the README's broken Just Run example (the
// bundled pack with the corridors' and four-door rooms' north doors taken
// off) prints the findings the README shows, in that order: a line ending
// in " ..." is the start of one, a lone "..." stands for lines left out.
func TestReadmeBrokenJustRun(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "runforge validate broken\n```\n\n```\n")
	if !ok {
		t.Fatal("README: the broken Just Run example is gone")
	}
	block, _, _ = strings.Cut(block, "```\n")
	t.Chdir(t.TempDir())
	if code, _, stderr := run(t, "", "init", "broken", "--from", "just-run"); code != 0 {
		t.Fatalf("init: exit %d: %s", code, stderr)
	}
	tiles := filepath.Join("broken", "room-tiles.yaml")
	src, err := os.ReadFile(tiles)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.NewReplacer(
		"{n: door, e: wall, s: door, w: wall}", "{n: wall, e: door, s: wall, w: door}",
		"{n: door, e: door, s: door, w: door}", "{n: wall, e: door, s: door, w: door}").Replace(string(src))
	if err := os.WriteFile(tiles, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "", "validate", "broken")
	if code != 1 {
		t.Fatalf("validate: exit %d: %s", code, stderr)
	}
	got := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	i := 0
	for _, want := range strings.Split(strings.TrimSuffix(block, "\n"), "\n") {
		if want == "..." {
			continue
		}
		prefix, cut := strings.CutSuffix(want, " ...")
		for i < len(got) && !(got[i] == want || cut && strings.HasPrefix(got[i], prefix)) {
			i++
		}
		if i == len(got) {
			t.Fatalf("README line not printed (in order):\n%s\noutput:\n%s", want, stdout)
		}
		i++
	}
	if strings.Contains(stdout, "justrun/board-start") {
		t.Errorf("board-start repeats board-exit's figures:\n%s", stdout)
	}
}
