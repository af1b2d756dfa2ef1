package generator

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/runforge/runforge/layout"
)

// rfylOptions are the build options of the bundled kit on Letter.
func rfylOptions(out string, previews bool) BuildOptions {
	return BuildOptions{
		Print: PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
			Duplex: layout.LongEdge, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
		OutDir: out, Previews: previews,
	}
}

// listDir lists the names in dir.
func listDir(t *testing.T, dir string) []string {
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
	left := listDir(t, out)
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

// A cancelled build writes nothing, leaves the previous kit as it was and
// no staging folder, whether it is cancelled before it starts or while it
// renders.
func TestCancelledBuildKeepsPreviousKit(t *testing.T) {
	out := t.TempDir()
	p := loadRFYL(t)
	r, err := NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Build(p, rfylOptions(out, false)); err != nil {
		t.Fatal(err)
	}
	events := filepath.Join(out, "run-for-your-life", "events.pdf")
	before, err := os.ReadFile(events)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(out, "run-for-your-life", "combat.pdf")); err != nil {
		t.Fatal(err)
	}
	check := func(t *testing.T, err error) {
		t.Helper()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
		if got := listDir(t, out); !slices.Equal(got, []string{"run-for-your-life"}) {
			t.Errorf("left in the output folder: %v", got)
		}
		after, err := os.ReadFile(events)
		if err != nil || !bytes.Equal(before, after) {
			t.Error("the previous kit was changed")
		}
		if _, err := os.Stat(filepath.Join(out, "run-for-your-life", "combat.pdf")); err == nil {
			t.Error("the previous kit was replaced")
		}
	}
	t.Run("before it starts", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := r.BuildContext(ctx, p, rfylOptions(out, true))
		check(t, err)
	})
	t.Run("while it renders", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		// Cancel as soon as the staging folder appears: the build has just
		// started and takes far longer than a poll.
		go func() {
			for ctx.Err() == nil {
				entries, _ := os.ReadDir(out)
				for _, e := range entries {
					if strings.HasPrefix(e.Name(), ".run-for-your-life.tmp-") {
						cancel()
					}
				}
				time.Sleep(100 * time.Microsecond)
			}
		}()
		_, err := r.BuildContext(ctx, p, rfylOptions(out, true))
		check(t, err)
	})
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
	err := swapInto(&errOnSecondCall{Context: context.Background()}, stage, final)
	if err == nil {
		t.Fatal("the swap went through")
	}
	if b, _ := os.ReadFile(filepath.Join(final, OutputMarker)); string(b) != "old" {
		t.Errorf("%s holds %q, want the previous kit", final, b)
	}
	if got := listDir(t, out); !slices.Equal(got, []string{".kit.tmp-1", "kit"}) {
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
