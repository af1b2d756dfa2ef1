package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runforge/runforge/cmd/runforge/internal/games"
	"github.com/runforge/runforge/internal/pdftext"
)

func TestIcons(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		code     int
		want     []string // lines or fragments that must appear
		wantNone []string // fragments that must not
	}{
		{args: []string{"icons"}, want: []string{"ICON", "zombie ", "silent-ne ", "run ", "run-for-your-life"}},
		{args: []string{"icons", "--game", "run"}, want: []string{"silent-ne ", "zombie "}, wantNone: []string{"run-for-your-life"}},
		{args: []string{"icons", "--game", "RUN"}, want: []string{"silent-ne "}, wantNone: []string{"run-for-your-life"}},
		{args: []string{"icons", "--game", "rnu"}, code: 2, want: []string{`--game "rnu" is not a game system; did you mean run?`}},
		{args: []string{"icons", "extra"}, code: 2, want: []string{"unknown command"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stderr, stdout := run(t, "", tc.args...)
			out := stdout + stderr
			if code != tc.code {
				t.Fatalf("exit %d, want %d:\n%s", code, tc.code, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.wantNone {
				if strings.Contains(out, w) {
					t.Errorf("output has %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestIconSheet: --sheet draws every icon once, with its name, on pages of
// the paper asked for; --game keeps the shared icons and one game's.
func TestIconSheet(t *testing.T) {
	dir := t.TempDir()
	all := filepath.Join(dir, "icons.pdf")
	code, stdout, stderr := run(t, "", "icons", "--sheet", all, "--paper", "a4")
	names := map[string]bool{}
	for _, ic := range newCatalog(games.All()).schemas.IconTable() {
		names[ic.Name] = true
	}
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("%d icons", len(names))) {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	b, err := os.ReadFile(all)
	if err != nil {
		t.Fatal(err)
	}
	spans, err := pdftext.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for _, s := range spans {
		text.WriteString(s.Text + "\n")
	}
	for name := range names {
		if !strings.Contains(text.String(), "{"+name+"}") {
			t.Errorf("the sheet lacks {%s}", name)
		}
	}
	code, stdout, _ = run(t, "", "icons", "--sheet", filepath.Join(dir, "run.pdf"), "--game", "run")
	if code != 0 || strings.Contains(stdout, fmt.Sprintf("%d icons", len(names))) {
		t.Errorf("--game run: exit %d\n%s", code, stdout)
	}
	if code, _, stderr := run(t, "", "icons", "--sheet", all, "--paper", "a5"); code != 2 || !strings.Contains(stderr, "--paper") {
		t.Errorf("--paper a5: exit %d\n%s", code, stderr)
	}
}
