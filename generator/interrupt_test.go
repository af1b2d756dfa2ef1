package generator

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/runforge/runforge/generator/internal/rendertest"
)

func TestRemoveStale(t *testing.T) {
	cases := []struct {
		name   string
		marker bool // holds OutputMarker
		file   bool // a file, not a folder
		other  bool // holds a file that is not runforge's
		remove bool
	}{
		{name: ".run-for-your-life.tmp-123", marker: true, remove: true},
		{name: ".run-for-your-life.tmp-4294967295.old", marker: true, remove: true},
		{name: ".run-for-your-life.tmp-77", remove: true}, // killed before the marker was written
		{name: ".run-for-your-life.tmp-", marker: true},
		{name: ".run-for-your-life.tmp-12x", marker: true},
		{name: ".run-for-your-life.tmp-12.old.old", marker: true},
		{name: ".run-for-your-life.tmp-12.bak", marker: true},
		{name: ".run-for-your-life.tmp-99", file: true},
		{name: ".run-for-your-life.tmp-98", other: true},
		{name: ".run-for-your-life-2.tmp-123", marker: true},
		{name: ".other.tmp-123", marker: true},
		{name: "run-for-your-life.tmp-123", marker: true},
		{name: "run-for-your-life", marker: true},
		{name: ".run-for-your-life.old", marker: true},
	}
	out := t.TempDir()
	for _, c := range cases {
		p := filepath.Join(out, c.name)
		if c.file {
			if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Join(p, "preview"), 0o755); err != nil {
			t.Fatal(err)
		}
		if c.marker {
			if err := os.WriteFile(filepath.Join(p, OutputMarker), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		} else if c.other {
			if err := os.WriteFile(filepath.Join(p, "NOTES.txt"), []byte("keep"), 0o644); err != nil {
				t.Fatal(err)
			}
		} else if err := os.Remove(filepath.Join(p, "preview")); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := RemoveStale(out, "run-for-your-life")
	if err != nil {
		t.Fatal(err)
	}
	left := rendertest.ListDir(t, out)
	for _, c := range cases {
		gone := !slices.Contains(left, c.name)
		reported := slices.Contains(removed, filepath.Join(out, c.name))
		if gone != c.remove || reported != c.remove {
			t.Errorf("%s: removed %v, reported %v; want %v", c.name, gone, reported, c.remove)
		}
	}
	if removed, err := RemoveStale(filepath.Join(out, "missing"), "run-for-your-life"); err != nil || removed != nil {
		t.Errorf("a missing output folder: %v, %v", removed, err)
	}
}

// errOnSecondCall is a context whose Err reports it cancelled from the
// second call on: a cancellation that arrives in the middle of the swap.
type errOnSecondCall struct {
	context.Context
	calls atomic.Int32
}

func (c *errOnSecondCall) Err() error {
	if c.calls.Add(1) > 1 {
		return context.Canceled
	}
	return nil
}

// A cancellation that arrives once the previous kit is moved aside puts it
// back.
func TestSwapInterruptedPutsPreviousKitBack(t *testing.T) {
	out := t.TempDir()
	final, stage := filepath.Join(out, "kit"), filepath.Join(out, ".kit.tmp-1")
	for dir, content := range map[string]string{final: "old", stage: "new"} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, OutputMarker), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	err := swapInto(&errOnSecondCall{Context: context.Background()}, stage, final, nil)
	if err == nil {
		t.Fatal("the swap went through")
	}
	if b, _ := os.ReadFile(filepath.Join(final, OutputMarker)); string(b) != "old" {
		t.Errorf("%s holds %q, want the previous kit", final, b)
	}
	if got := rendertest.ListDir(t, out); !slices.Equal(got, []string{".kit.tmp-1", "kit"}) {
		t.Errorf("output folder: %v (the staging folder is the build's to remove)", got)
	}
}

// Once the context is cancelled no further job starts.
func TestRunJobsStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var ran atomic.Int32
	jobs := make([]job, 200)
	for i := range jobs {
		jobs[i] = job{run: func(string) ([]Artifact, error) {
			if ran.Add(1) == 1 {
				cancel()
			}
			return nil, nil
		}}
	}
	_, err := runJobsContext(ctx, t.TempDir(), jobs)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	// Jobs already handed to a worker when the first one cancelled may run.
	if n := ran.Load(); n > 10 {
		t.Errorf("%d jobs ran after the build was cancelled", n)
	}
}

// Runs of jobs given one pool share its slots: however many run at once,
// no more than GOMAXPROCS renderers do, and every job runs.
func TestJobPoolBoundsRunsTogether(t *testing.T) {
	pool := NewJobPool()
	var running, most, ran atomic.Int32
	work := func(string) ([]Artifact, error) {
		n := running.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(time.Millisecond)
		running.Add(-1)
		ran.Add(1)
		return nil, nil
	}
	var wg sync.WaitGroup
	for range 4 {
		jobs := make([]Job, 10)
		for i := range jobs {
			jobs[i] = Job{j: job{run: work}}
		}
		wg.Go(func() {
			if _, err := pool.Run(context.Background(), t.TempDir(), jobs); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n, max := most.Load(), int32(runtime.GOMAXPROCS(0)); n > max {
		t.Errorf("%d jobs ran at once in a pool of %d", n, max)
	}
	if n := ran.Load(); n != 40 {
		t.Errorf("%d of 40 jobs ran", n)
	}
}

// A kit written but refused its turn is not swapped in: the previous kit
// stays and the staging folder is removed.
func TestStageInTurnRefused(t *testing.T) {
	out := t.TempDir()
	write := func(content string) func(string) ([]Artifact, error) {
		return func(stage string) ([]Artifact, error) {
			return []Artifact{{Path: "a.txt"}}, os.WriteFile(filepath.Join(stage, "a.txt"), []byte(content), 0o644)
		}
	}
	if _, err := StageInTurn(context.Background(), out, "kit", func() error { return nil }, nil, write("old")); err != nil {
		t.Fatal(err)
	}
	refused := errors.New("not your turn")
	if _, err := StageInTurn(context.Background(), out, "kit", func() error { return refused }, func() { t.Error("swapped in a kit refused its turn") }, write("new")); !errors.Is(err, refused) {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "kit", "a.txt")); string(b) != "old" {
		t.Errorf("kit holds %q, want the previous one", b)
	}
	if got := rendertest.ListDir(t, out); !slices.Equal(got, []string{"kit"}) {
		t.Errorf("output folder: %v", got)
	}
}
