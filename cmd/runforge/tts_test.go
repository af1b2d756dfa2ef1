package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildTTS: --tts writes the Tabletop Simulator export beside the kit,
// names its images under --tts-url, and leaves every file of the kit as a
// build without it writes them; without --tts there is no export.
func TestBuildTTS(t *testing.T) {
	t.Chdir(t.TempDir())
	code, stdout, stderr := run(t, "", "build", "run-promo", "--no-previews", "-o", "plain")
	if code != 0 {
		t.Fatalf("build: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join("plain", "run-promo", "tts")); !os.IsNotExist(err) {
		t.Error("a build without --tts wrote tts/")
	}
	code, stdout, stderr = run(t, "", "build", "run-promo", "--no-previews", "--tts", "--tts-url", "https://example.org/promo/", "-o", "tts")
	if code != 0 || !strings.Contains(stdout, "tts/run-promo/tts/run-promo.json\n") {
		t.Fatalf("build --tts: exit %d\n%s%s", code, stdout, stderr)
	}
	raw, err := os.ReadFile(filepath.Join("tts", "run-promo", "tts", "run-promo.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte(`"ImageURL": "https://example.org/promo/map-5b-map-card-5.png"`)) {
		t.Errorf("the JSON does not name the map card under --tts-url:\n%.600s", raw)
	}
	if _, err := os.Stat(filepath.Join("tts", "run-promo", "tts", "map-5b-map-card-5.png")); err != nil {
		t.Error(err)
	}
	err = filepath.WalkDir(filepath.Join("plain", "run-promo"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("plain", path)
		a, _ := os.ReadFile(path)
		b, err := os.ReadFile(filepath.Join("tts", rel))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs with --tts (%v)", rel, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
