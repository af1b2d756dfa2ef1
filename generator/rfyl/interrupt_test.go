package rfyl

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/generator/kinds"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/layout"
)

// A cancelled build writes nothing, leaves the previous kit as it was and
// no staging folder, whether it is cancelled before it starts or while it
// renders.
func TestCancelledBuildKeepsPreviousKit(t *testing.T) {
	out := t.TempDir()
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, err := generator.NewRenderer(false, kinds.Shared(), Game())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kit.Build(r, p, rfylOptions(out, false)); err != nil {
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
		if got := rendertest.ListDir(t, out); !slices.Equal(got, []string{"run-for-your-life"}) {
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
		_, err := kit.BuildContext(ctx, r, p, rfylOptions(out, true))
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
		_, err := kit.BuildContext(ctx, r, p, rfylOptions(out, true))
		check(t, err)
	})
}

// rfylOptions are the build options of the bundled kit on Letter.
func rfylOptions(out string, previews bool) generator.BuildOptions {
	return generator.BuildOptions{
		Print: generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Bleed: layout.DefaultBleed,
			Duplex: layout.LongEdge, CropMarks: true, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
		OutDir: out, Previews: previews,
	}
}
