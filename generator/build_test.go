package generator

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
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

// TestDryRunJobs: DryRunJobs returns what RunJobs returns, but creates a
// file only for a job that writes into the staging folder itself, in a
// temporary folder it removes again; a failing job fails it as it fails
// RunJobs.
func TestDryRunJobs(t *testing.T) {
	file := func(path string, pages int) Job {
		return FileJob(path, func(w io.Writer) (int, error) {
			_, err := io.WriteString(w, strings.Repeat("x", 100<<10))
			return pages, err
		})
	}
	staged := StageJob("staged", func(stage string) ([]Artifact, error) {
		if err := os.WriteFile(filepath.Join(stage, "staged.pdf"), nil, 0o644); err != nil {
			return nil, err
		}
		return []Artifact{{Path: "staged.pdf", Pages: 3}}, nil
	})
	boom := errors.New("boom")
	tests := []struct {
		name    string
		jobs    []Job
		err     string
		tempDir bool // a temporary folder is made
	}{
		{"file jobs", []Job{file("b.pdf", 2), file("a.pdf", 1), file("a.png", 0)}, "", false},
		{"a job of the staging folder", []Job{file("b.pdf", 2), staged}, "", true},
		{"an error job", []Job{file("b.pdf", 2), ErrorJob(boom)}, "boom", false},
		{"a file job that fails", []Job{FileJob("c.pdf", func(io.Writer) (int, error) { return 0, boom })}, "c.pdf: boom", false},
	}
	// A file job writes into no staging folder, not even the one it runs
	// in.
	cwd := t.TempDir()
	t.Chdir(cwd)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if left, _ := os.ReadDir(cwd); len(left) > 0 {
					t.Errorf("written into the working folder: %v", left)
				}
			}()
			want, wantErr := RunJobs(context.Background(), t.TempDir(), tt.jobs)
			// With no temporary folder to be had, only a job of the staging
			// folder stops DryRunJobs: the others create no file.
			tmp := t.TempDir()
			t.Setenv("TMPDIR", filepath.Join(tmp, "no-such-folder"))
			got, err := DryRunJobs(context.Background(), tt.jobs)
			if tt.tempDir {
				if err == nil {
					t.Errorf("DryRunJobs made no temporary folder for the job of the staging folder")
				}
				t.Setenv("TMPDIR", tmp)
				got, err = DryRunJobs(context.Background(), tt.jobs)
				if left, _ := os.ReadDir(tmp); len(left) > 0 {
					t.Errorf("left in the temporary folder: %v", left)
				}
			}
			if tt.err != "" {
				if err == nil || wantErr == nil || err.Error() != wantErr.Error() || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, RunJobs's %v", err, wantErr)
				}
				return
			}
			if err != nil || wantErr != nil || !slices.Equal(got, want) {
				t.Errorf("DryRunJobs: %v, %v; RunJobs: %v, %v", got, err, want, wantErr)
			}
		})
	}
}
