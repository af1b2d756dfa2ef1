package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNearest(t *testing.T) {
	flags := []string{"out", "paper", "duplex", "back-offset", "no-crop-marks", "cut-lines", "margin", "layout",
		"ink-saver", "grayscale", "no-previews", "strict", "allow-overflow", "help"}
	cases := []struct {
		word       string
		candidates []string
		want       string
	}{
		{"papper", flags, "paper"},
		{"dupex", flags, "duplex"},
		{"dpulex", flags, "duplex"}, // two letters swapped: one edit
		{"stirct", flags, "strict"},
		{"greyscale", flags, "grayscale"},
		{"nopreviews", flags, "no-previews"},
		{"no-crop", flags, "no-crop-marks"}, // the only flag it starts
		{"no", flags, ""},                   // starts two, and too short
		{"PAPER", flags, "paper"},
		{"outt", flags, "out"},
		{"colour", flags, ""},
		{"frobnicate", flags, ""},
		{"", flags, ""},
		{"rfyl/trak", []string{"rfyl/ammo-bands", "rfyl/track", "rfyl/track-distances", "text/overflow"}, "rfyl/track"},
		{"text/overflw", []string{"text/glyph", "text/overflow", "text/unknown-icon"}, "text/overflow"},
		{"gutterfol", []string{"sheet", "gutterfold", "press"}, "gutterfold"},
		{"tcsh", []string{"bash", "zsh", "fish", "powershell"}, ""},
		{"bsh", []string{"bash", "zsh", "fish", "powershell"}, "bash"},
		{"a5", []string{"letter", "a4"}, "a4"},
	}
	for _, c := range cases {
		if got := nearest(c.word, c.candidates); got != c.want {
			t.Errorf("nearest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

// Mistyped flags, values and arguments are usage errors (exit 2) that say
// what would have been right.
func TestFlagAndValueErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"build", "--dupex", "long"}, "unknown flag --dupex (did you mean --duplex?)"},
		{[]string{"build", "--papper", "a4"}, "unknown flag --papper (did you mean --paper?)"},
		{[]string{"build", "--frobnicate"}, "unknown flag --frobnicate\nRun 'runforge build --help' for usage."},
		{[]string{"validate", "--stirct"}, "unknown flag --stirct (did you mean --strict?)"},
		{[]string{"build", "--paper", "legal"}, `--paper "legal": want letter or a4`},
		{[]string{"build", "--paper", "a5"}, `--paper "a5": want letter or a4 (did you mean a4?)`},
		{[]string{"build", "--duplex", "sideways"}, `--duplex "sideways": want long, short or none`},
		{[]string{"build", "--layout", "gutterfolds"}, `--layout "gutterfolds": want sheet, gutterfold or press (did you mean gutterfold?)`},
		{[]string{"build", "--grayscale=yes"}, "--grayscale=yes: the value must be true or false"},
		{[]string{"build", "--no-previews=1x"}, "--no-previews=1x: the value must be true or false"},
		{[]string{"build", "-o", ""}, "--out (-o) is empty: give it a value"},
		{[]string{"build", "--out="}, "--out (-o) is empty"},
		{[]string{"schema", "-o", ""}, "--out (-o) is empty"},
		{[]string{"completion", "tcsh"}, `unsupported shell "tcsh" (want bash, zsh, fish or powershell)`},
		{[]string{"completion", "bsh"}, `(did you mean bash?)`},
		{[]string{"rules", "rfyl/trak"}, `unknown rule "rfyl/trak" (did you mean rfyl/track?)`},
		{[]string{"rules", "text/overflow", "nonsense"}, `unknown rule "nonsense"; 'runforge rules' lists them`},
	}
	for _, c := range cases {
		code, stdout, stderr := run(t, "", c.args...)
		if code != 2 || !strings.HasPrefix(stderr, "runforge: ") || !strings.Contains(stderr, c.want) || stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
	if entries, _ := os.ReadDir("."); len(entries) != 0 {
		t.Errorf("usage errors wrote %v", entries)
	}
}

// --paper A4, --duplex SHORT, --layout Gutterfold: any letter case.
func TestEnumFlagsTakeAnyCase(t *testing.T) {
	t.Chdir(t.TempDir())
	code, stdout, stderr := run(t, "", "build", "run-for-your-life", "--paper", "A4", "--duplex", "SHORT", "--no-previews")
	if code != 0 || !strings.Contains(stdout, "out/run-for-your-life/events.pdf (18 pages)") {
		t.Fatalf("exit %d:\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr = run(t, "", "build", "run-for-your-life", "--layout", "Gutterfold", "--no-previews", "-o", "g")
	if code != 0 || !strings.Contains(stdout, "g/run-for-your-life/events.pdf") {
		t.Fatalf("exit %d:\n%s\n%s", code, stdout, stderr)
	}
	comps, _ := os.ReadFile("g/run-for-your-life/components.txt")
	if !strings.Contains(strings.ToLower(string(comps)), "fold") {
		t.Errorf("--layout Gutterfold did not build the gutterfold layout:\n%s", comps)
	}
}

func TestCompletionShells(t *testing.T) {
	for _, sh := range completionShells() {
		code, stdout, stderr := run(t, "", "completion", sh)
		if code != 0 || len(stdout) < 100 {
			t.Errorf("completion %s: exit %d, %d bytes, %s", sh, code, len(stdout), stderr)
		}
	}
	code, stdout, _ := run(t, "", "completion")
	if code != 0 || !strings.Contains(stdout, "Available Commands:") {
		t.Errorf("completion alone: exit %d\n%s", code, stdout)
	}
}

// TestRulesByID: a rule named explains itself at length: what it checks,
// the rulebook lines behind a game's rule, an example finding, the fix.
func TestRulesByID(t *testing.T) {
	code, stdout, stderr := run(t, "", "rules", "text/overflow", "rfyl/track")
	if code != 0 {
		t.Fatalf("exit %d:\n%s\n%s", code, stdout, stderr)
	}
	overflow, track, ok := strings.Cut(stdout, "\n\nrfyl/track: error, run-for-your-life\n")
	if !ok || !strings.HasPrefix(overflow, "text/overflow: error, every game\n") {
		t.Fatalf("not one explanation per rule, in order:\n%s", stdout)
	}
	for _, want := range []string{"What it checks:\n  Text does not fit", "Example finding:\n  pack/", " error text/overflow: ", "How to fix it:\n  "} {
		if !strings.Contains(overflow, want) {
			t.Errorf("text/overflow lacks %q:\n%s", want, overflow)
		}
	}
	if strings.Contains(overflow, "Rulebook lines") {
		t.Errorf("a rule of every game cites a rulebook:\n%s", overflow)
	}
	for _, want := range []string{"Rulebook lines behind it", "\n  L20 - 2 Dual-sided \"boards\"\n", "Example finding:", " error rfyl/track: ", "How to fix it:"} {
		if !strings.Contains(track, want) {
			t.Errorf("rfyl/track lacks %q:\n%s", want, track)
		}
	}
}

// With --strict, a build stopped by warnings alone says so.
func TestBuildStrictSaysWarnings(t *testing.T) {
	dir := copyPack(t, [3]string{"events.yaml", "Place 1 {zombie} on your space. It fights", "Place 1 {zombie} 🧟 on your space. It fights"})
	broken := copyPack(t, [3]string{"determination.yaml", "value: 5", "value: 11"})
	t.Chdir(filepath.Dir(dir))
	code, _, stderr := run(t, "", "build", "rfyl", "--strict", "--no-previews")
	if code != 1 || !strings.Contains(stderr, "nothing was built: --strict stops on the 1 warning above") || strings.Contains(stderr, "fix the") {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	t.Chdir(filepath.Dir(broken))
	code, _, stderr = run(t, "", "build", "rfyl", "--strict", "--no-previews")
	if code != 1 || !strings.Contains(stderr, "nothing was built: fix the 1 error above first") {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
}

// addOnNote is what a build of the house-rules test pack says of what its
// kit holds.
const addOnNote = "house-rules: extends run-for-your-life: the kit holds only what it adds or changes; the rest is in the Run For Your Life kit (--with-base prints everything)\n"

// The help says the pack's print: settings win over the built-in defaults,
// and a build says which settings the pack chose, and where.
func TestPackPrintSettingsAreShownWithTheirSource(t *testing.T) {
	code, stdout, _ := run(t, "", "build", "--help")
	for _, want := range []string{"--paper letter|a4", "(default: the pack's print.paper, else letter)",
		"(default: the pack's print.duplex, else long)", "(default: the pack's print.layout, else sheet)"} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("build --help lacks %q", want)
		}
	}
	if strings.Contains(stdout, `(default "letter")`) || strings.Contains(stdout, `(default "long")`) {
		t.Errorf("build --help gives a default the pack overrides:\n%s", stdout)
	}
	src, _ := filepath.Abs("testdata/house-rules")
	t.Chdir(t.TempDir())
	if err := os.CopyFS("house-rules", os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile("house-rules/game.yaml")
	if err := os.WriteFile("house-rules/game.yaml", []byte(strings.Replace(string(b), "  paper: a4\n", "  paper: a4\n  layout: gutterfold\n  duplex: long\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "", "build", "house-rules", "--no-previews")
	want := "house-rules: paper a4 (from house-rules/game.yaml:12:10 print.paper; --paper overrides it)\n" +
		"house-rules: layout gutterfold (from house-rules/game.yaml:13:11 print.layout; --layout overrides it)\n" +
		"house-rules: duplex long (from house-rules/game.yaml:14:11 print.duplex) is not used: the gutterfold layout prints every file single-sided\n" + addOnNote
	if code != 0 || stderr != want || !strings.Contains(stdout, "out/house-rules/events.pdf") {
		t.Fatalf("exit %d; stderr:\n%s\nwant:\n%s\nstdout:\n%s", code, stderr, want, stdout)
	}
	code, stdout, stderr = run(t, "", "build", "house-rules", "--no-previews", "--paper", "letter", "--layout", "sheet")
	if code != 0 || stderr != addOnNote || !strings.Contains(stdout, "events.pdf (16 pages)") {
		t.Fatalf("flags given: exit %d; stderr:\n%s\nstdout:\n%s", code, stderr, stdout)
	}
}
