package generator

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
)

func init() { api.DisableConfigDir() }

func TestBuildNeverReplacesForeignFolders(t *testing.T) {
	out := t.TempDir()
	mine := filepath.Join(out, "run-for-your-life")
	if err := os.MkdirAll(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mine, "NOTES.txt"), []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Stage(context.Background(), out, "run-for-your-life", func(string) ([]Artifact, error) { return nil, nil })
	if err == nil || !strings.Contains(err.Error(), "refusing to replace") {
		t.Fatalf("err = %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(mine, "NOTES.txt")); err != nil || string(b) != "keep me" {
		t.Fatal("a user's file was touched")
	}
	if entries, _ := os.ReadDir(out); len(entries) != 1 {
		t.Errorf("leftovers: %v", entries)
	}
}
