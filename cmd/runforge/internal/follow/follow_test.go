package follow

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestPollSeesWritesAddsAndRemoves(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.yaml")
	img := filepath.Join(dir, "art", "x.png")
	write(t, a, "id: a\n")
	write(t, img, "png")
	write(t, filepath.Join(dir, ".git", "HEAD"), "ref")
	f, err := New([]string{dir}, time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	poll := func() []string {
		t.Helper()
		got, err := f.Poll()
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := poll(); got != nil {
		t.Fatalf("nothing changed, Poll = %v", got)
	}
	// The same size, within the same second: the bytes tell.
	write(t, a, "id: b\n")
	b := filepath.Join(dir, "b.yaml")
	write(t, b, "new")
	write(t, filepath.Join(dir, ".a.yaml.swp"), "swap")
	write(t, filepath.Join(dir, "a.yaml~"), "backup")
	write(t, filepath.Join(dir, ".git", "HEAD"), "ref2")
	if got, want := poll(), []string{a, b}; !reflect.DeepEqual(got, want) {
		t.Errorf("Poll = %v, want %v", got, want)
	}
	if err := os.Remove(img); err != nil {
		t.Fatal(err)
	}
	if got, want := poll(), []string{img}; !reflect.DeepEqual(got, want) {
		t.Errorf("after a removal, Poll = %v, want %v", got, want)
	}
	if got := poll(); got != nil {
		t.Errorf("nothing changed since, Poll = %v", got)
	}
}

func TestRunCallsBackUntilDone(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.yaml")
	write(t, a, "1")
	f, err := New([]string{dir, filepath.Join(dir, "missing")}, 5*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan []string, 10)
	done := make(chan error, 1)
	go func() { done <- f.Run(ctx, func(p []string) { got <- p }) }()
	write(t, a, "22")
	select {
	case p := <-got:
		if !reflect.DeepEqual(p, []string{a}) {
			t.Errorf("changed %v, want %v", p, []string{a})
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no change reported within 5 s")
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}

func TestTooManyFiles(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a", "b", "c"} {
		write(t, filepath.Join(dir, n), "")
	}
	f := &Follower{roots: []string{dir}, max: 2}
	if _, err := f.scan(); err == nil {
		t.Error("scan follows more files than max")
	}
	f.max = 3
	if _, err := f.scan(); err != nil {
		t.Errorf("scan of max files: %v", err)
	}
}
