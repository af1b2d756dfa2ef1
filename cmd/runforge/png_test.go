package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildPNG: --png writes every card face and the back at the
// resolution asked (a poker card at 300 dpi is 750 x 1050 px) outside the
// press layout; a resolution out of bounds is a usage error.
func TestBuildPNG(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if code, _, stderr := run(t, "", "init", "my-game"); code != 0 {
		t.Fatal(stderr)
	}
	code, stdout, stderr := run(t, "", "build", "my-game", "--png", "300", "--no-previews")
	if code != 0 || !strings.Contains(stdout, "out/my-game/png/ (3 PNGs of card faces and backs)") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, name := range []string{"scout", "ambush", "_back"} {
		f, err := os.Open(filepath.Join("out", "my-game", "png", "cards", name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != 750 || cfg.Height != 1050 {
			t.Errorf("%s.png: %dx%d, %v; want 750x1050", name, cfg.Width, cfg.Height, err)
		}
	}
	for _, dpi := range []string{"49", "1201", "0x"} {
		code, _, stderr := run(t, "", "build", "my-game", "--png", dpi)
		if code != 2 || !strings.Contains(stderr, "--png") {
			t.Errorf("--png %s: exit %d\n%s", dpi, code, stderr)
		}
	}
}
