package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestBuildWatchRebuildsOnSave(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "deckgang")
	if err := os.CopyFS(dir, os.DirFS("../../generator/deck/testdata/deckgang")); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr lockedBuffer
	code := make(chan int, 1)
	go func() {
		code <- mainContext(ctx, []string{"build", dir, "--watch", "--no-previews", "-o", out}, &stdout, &stderr)
	}()
	waitLog := func(what string, n int) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for strings.Count(stderr.String(), what) < n {
			if time.Now().After(deadline) {
				t.Fatalf("no %q (%d) within 60 s:\n%s", what, n, stderr.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitLog("runforge: built;", 1)
	host := filepath.Join(dir, "host.yaml")
	b, err := os.ReadFile(host)
	if err != nil {
		t.Fatal(err)
	}
	// A broken file: reported, nothing built, still watching.
	if err := os.WriteFile(host, append(b, []byte("\n  - {id: [broken\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	waitLog("runforge: not built;", 1)
	if !strings.Contains(stderr.String(), "yaml/syntax") || !strings.Contains(stderr.String(), "changed: "+host) {
		t.Errorf("the broken save is not reported:\n%s", stderr.String())
	}
	if err := os.WriteFile(host, b, 0o644); err != nil {
		t.Fatal(err)
	}
	waitLog("runforge: built;", 2)
	cancel()
	select {
	case c := <-code:
		if c != 0 {
			t.Errorf("exit %d after Ctrl-C, want 0\n%s", c, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("build --watch did not stop")
	}
	if strings.Count(stdout.String(), "deckgang/host.pdf") != 2 {
		t.Errorf("want two builds listed:\n%s", stdout.String())
	}
}

func TestBuildWatchNeedsAFolder(t *testing.T) {
	var stdout, stderr lockedBuffer
	if code := mainContext(context.Background(), []string{"build", "run-for-your-life", "--watch", "-o", t.TempDir()}, &stdout, &stderr); code != exitUsage {
		t.Errorf("exit %d, want %d\n%s", code, exitUsage, stderr.String())
	}
	if !strings.Contains(stderr.String(), "name a pack folder") {
		t.Errorf("stderr: %s", stderr.String())
	}
}
