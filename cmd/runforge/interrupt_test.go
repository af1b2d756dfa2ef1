package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// listNames lists the names in dir.
func listNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// An interrupted build exits 130, says what is left, and leaves the
// previous kit and no staging folder.
func TestBuildInterruptedKeepsPreviousKit(t *testing.T) {
	t.Chdir(t.TempDir())
	if code, _, stderr := run(t, "", "build", "run-for-your-life", "--no-previews"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	before, err := os.ReadFile("out/run-for-your-life/events.pdf")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct{ out, want string }{
		{"out", "runforge: interrupted: run-for-your-life was not built; out/run-for-your-life is as it was\n"},
		{"fresh", "runforge: interrupted: run-for-your-life was not built; nothing was written for it\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := mainContext(ctx, []string{"build", "run-for-your-life", "--paper", "a4", "-o", c.out}, &stdout, &stderr)
		if code != 130 || stderr.String() != c.want || stdout.Len() != 0 {
			t.Errorf("-o %s: exit %d, stdout %q, stderr %q; want 130 and %q", c.out, code, stdout.String(), stderr.String(), c.want)
		}
	}
	if got := listNames(t, "out"); !slices.Equal(got, []string{".cache", "run-for-your-life"}) {
		t.Errorf("out holds %v", got)
	}
	if got := listNames(t, "fresh"); len(got) != 0 {
		t.Errorf("fresh holds %v", got)
	}
	after, _ := os.ReadFile("out/run-for-your-life/events.pdf")
	if !bytes.Equal(before, after) {
		t.Error("the previous kit was changed")
	}
}

// A build removes the staging folders and set-aside kits that killed
// builds of the same pack left beside its output, and nothing else.
func TestBuildRemovesStaleStagingFolders(t *testing.T) {
	t.Chdir(t.TempDir())
	stale := []string{".run-for-your-life.tmp-42", ".run-for-your-life.tmp-43.old"}
	kept := []string{".run-for-your-life.tmp-44", ".house-rules.tmp-45", ".run-for-your-life.tmp-46x", "notes"}
	for _, d := range append(append([]string{}, stale...), kept...) {
		file, content := ".runforge-output", ""
		if d == ".run-for-your-life.tmp-44" || d == "notes" {
			file, content = "NOTES.txt", "keep me"
		}
		writeFiles(t, filepath.Join("out", d), map[string]string{file: content})
	}
	code, _, stderr := run(t, "", "build", "run-for-your-life", "--no-previews")
	want := "runforge: removed out/.run-for-your-life.tmp-42, left behind by an interrupted build\n" +
		"runforge: removed out/.run-for-your-life.tmp-43.old, left behind by an interrupted build\n"
	if code != 0 || stderr != want {
		t.Fatalf("exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
	}
	got := listNames(t, "out")
	wantLeft := append(append([]string{}, kept...), ".cache", "run-for-your-life")
	slices.Sort(wantLeft)
	if !slices.Equal(got, wantLeft) {
		t.Errorf("out holds %v, want %v", got, wantLeft)
	}
}
