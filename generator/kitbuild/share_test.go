package kitbuild

import (
	"context"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/gamestest"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/check"
)

// TestBuildAllSharesBaseKit: an add-on built with the pack it extends by
// one BuildAll takes the pages of that pack's kit from its build, which
// renders each of its pages once, and its index is the one it has when
// built alone. An add-on whose print settings differ renders the kit for
// its index itself, as when built alone.
func TestBuildAllSharesBaseKit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the RUN kit several times")
	}
	bundled := func(name string) check.Target {
		fsys, ok := data.Pack(name)
		if !ok {
			t.Fatalf("no bundled pack %s", name)
		}
		return check.Target{Name: name, FS: fsys}
	}
	promo, err := fs.ReadFile(bundled("run-promo").FS, "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a4 := fstest.MapFS{}
	if err := fs.WalkDir(bundled("run-promo").FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(bundled("run-promo").FS, path)
		a4[path] = &fstest.MapFile{Data: b}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	a4["game.yaml"] = &fstest.MapFile{Data: append(slices.Clone(promo), "print:\n  paper: a4\n"...)}
	addOnA4 := check.Target{Name: "run-promo", FS: a4}

	for _, tc := range []struct {
		name   string
		addOn  check.Target
		shared bool
	}{
		{"same settings", bundled("run-promo"), true},
		{"the add-on on other paper", addOnA4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			texts, alone := buildObserved(t, tc.addOn)
			_, base := buildObserved(t, bundled("run"))
			both, pages := buildObserved(t, bundled("run"), tc.addOn)
			want := texts["run-promo/components.txt"]
			if got := both["run-promo/components.txt"]; got != want || want == "" {
				t.Errorf("the add-on's index built with its base:\n%s\nbuilt alone:\n%s", got, want)
			}
			// Built alone, the add-on renders the base's PDFs for its
			// index; built with its base, it renders them only when it
			// prints them otherwise.
			saved := 0
			for _, doc := range slices.Sorted(maps.Keys(pages)) {
				apart := base[doc] + alone[doc]
				saved += apart - pages[doc]
				if pages[doc] > apart || pages[doc] < base[doc] || (!tc.shared && pages[doc] != apart) {
					t.Errorf("%s: %d pages rendered by the build of both packs, %d by the base's alone and %d by the add-on's", doc, pages[doc], base[doc], alone[doc])
				}
			}
			if tc.shared && saved == 0 {
				t.Errorf("the build of both packs rendered the pages of the base's kit twice")
			}
		})
	}
}

// buildObserved builds the targets with one BuildAll (the settings' own
// print options, no previews) and returns the text files it wrote, by
// path under the output folder, and how many pages it rendered of each
// PDF, by document title.
func buildObserved(t *testing.T, targets ...check.Target) (texts map[string]string, pages map[string]int) {
	t.Helper()
	var mu sync.Mutex
	pages = map[string]int{}
	env := Env{
		Check: check.Options{Games: schematest.Registry(), Registry: validate.ForGames(nil), Bundled: data.Pack, BundledNames: data.Packs()},
		Renderer: func() (*generator.Renderer, error) {
			r, err := generator.NewRenderer(false, gamestest.All()...)
			if err != nil {
				return nil, err
			}
			return r.Observed(func(doc string, _, _ float64) draw.Canvas {
				mu.Lock()
				defer mu.Unlock()
				pages[doc]++
				return &draw.Recorder{}
			}), nil
		},
	}
	out := filepath.Join(t.TempDir(), "out")
	o := Options{Out: out, Registry: env.Check.Registry, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NoPreviews: true, NoCache: true}
	c, err := o.Validate(targets, env, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.BuildAll(context.Background(), io.Discard, func(int, []generator.Artifact) {}); err != nil {
		t.Fatal(err)
	}
	texts = map[string]string{}
	err = filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || filepath.Ext(path) != ".txt" {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(out, path)
		texts[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return texts, maps.Clone(pages)
}
