package kitbuild

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/buildcache"
	"github.com/runforge/runforge/generator/internal/gamestest"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/check"
)

// TestValidateAndBuildFromTheCache checks the library's incremental
// build: a second check of an unchanged pack comes from the cache (the
// pack is not loaded, nothing is written, the findings and files are the
// first build's), and a changed pack is loaded and built again.
func TestValidateAndBuildFromTheCache(t *testing.T) {
	dir, write, targets := smallPack(t)
	env := testEnv(schematest.Registry())
	reg := env.Check.Registry
	o := Options{Out: filepath.Join(dir, "out"), Registry: reg, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NoPreviews: true, Version: "test"}
	build := func(o Options) (*Checked, []generator.Artifact) {
		t.Helper()
		c, err := o.Validate(targets, env, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if c.Summary.Errors > 0 {
			t.Fatalf("findings: %v", c.Diags)
		}
		arts, err := c.Build(context.Background(), 0, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		return c, arts
	}
	first, arts := build(o)
	if first.Cached(0) || len(arts) == 0 {
		t.Fatalf("first build: cached %v, %d files", first.Cached(0), len(arts))
	}
	kit := filepath.Join(o.Out, "small")
	before, err := os.Stat(filepath.Join(kit, "cards.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	again, arts2 := build(o)
	if !again.Cached(0) || again.ID(0) != "small" || !slices.Equal(arts, arts2) || again.Summary != first.Summary {
		t.Errorf("unchanged pack: cached %v, id %q, files %v (want %v), summary %+v (want %+v)",
			again.Cached(0), again.ID(0), arts2, arts, again.Summary, first.Summary)
	}
	if _, loaded := again.Result(0); loaded {
		t.Error("an unchanged pack was loaded")
	}
	if after, err := os.Stat(filepath.Join(kit, "cards.pdf")); err != nil || !after.ModTime().Equal(before.ModTime()) {
		t.Error("an unchanged pack's kit was written again")
	}
	noCache := o
	noCache.NoCache = true
	if c, _ := build(noCache); c.Cached(0) {
		t.Error("--no-cache took the pack from the cache")
	}
	write("cards.yaml", "kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: B}\n")
	if c, _ := build(o); c.Cached(0) {
		t.Error("a changed pack came from the cache")
	}
	if c, _ := build(o); !c.Cached(0) {
		t.Error("the changed pack, unchanged since, did not come from the cache")
	}
	paper := o
	paper.Paper, paper.Given = "a4", given("paper")
	if c, _ := build(paper); c.Cached(0) {
		t.Error("other print settings came from the cache")
	}
}

// TestFilesKeptParsed: a build keeps the pack's files that loaded clean
// (and the built-in templates) in the cache, a file that changed replaces
// its entry, and the renderer, made while the packs load, still stops the
// check when it cannot be made.
func TestFilesKeptParsed(t *testing.T) {
	dir, write, targets := smallPack(t)
	// A registry of its own reads the built-in templates anew.
	env := testEnv(schema.NewRegistry())
	reg := env.Check.Registry
	o := Options{Out: filepath.Join(dir, "out"), Registry: reg, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NoPreviews: true, Version: "test"}
	entries := func() []string {
		t.Helper()
		groups, _ := filepath.Glob(filepath.Join(o.Out, buildcache.DirName, "files-*"))
		if len(groups) != 1 {
			t.Fatalf("file groups: %v", groups)
		}
		names, err := os.ReadDir(groups[0])
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, n := range names {
			out = append(out, n.Name())
		}
		return out
	}
	build := func() {
		t.Helper()
		c, err := o.Validate(targets, env, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if c.Summary.Errors > 0 {
			t.Fatalf("findings: %v", c.Diags)
		}
		if _, err := c.Build(context.Background(), 0, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	build()
	first := entries()
	if len(first) != 3 { // the manifest, the deck and base.yaml
		t.Fatalf("entries after the first build: %v", first)
	}
	write("cards.yaml", "kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: B}\n")
	build()
	second := entries()
	if len(second) != 3 || len(slices.DeleteFunc(slices.Clone(second), func(n string) bool { return slices.Contains(first, n) })) != 1 {
		t.Errorf("after an edit of the deck: %v, before %v", second, first)
	}

	// A later process reads the built-in templates again and drops the
	// entries of other runforge builds.
	groups, _ := filepath.Glob(filepath.Join(o.Out, buildcache.DirName, "files-*"))
	stale := filepath.Join(groups[0], schema.BuiltinKeyPrefix+"0000")
	if err := os.WriteFile(stale, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	write("cards.yaml", "kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: D}\n")
	build() // the same process: the built-in templates are not read
	if _, err := os.Stat(stale); err != nil {
		t.Errorf("a build that read no built-in template dropped their entries: %v", err)
	}
	write("cards.yaml", "kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: E}\n")
	env.Check.Games = schema.NewRegistry()
	build()
	if _, err := os.Stat(stale); err == nil || len(entries()) != 3 {
		t.Errorf("a build that read the built-in templates kept another build's: %v", entries())
	}

	write("cards.yaml", "kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: C}\n")
	env.Renderer = func() (*generator.Renderer, error) { return nil, errors.New("no fonts") }
	if _, err := o.Validate(targets, env, io.Discard); err == nil || err.Error() != "no fonts" {
		t.Errorf("Validate with a renderer that fails: %v", err)
	}
}

// smallPack writes a generic pack of one card into a temporary folder and
// returns the folder, a writer of the pack's files (to change them between
// builds) and the pack as a check target.
func smallPack(t *testing.T) (dir string, write func(name, data string), targets []check.Target) {
	t.Helper()
	dir = t.TempDir()
	pack := filepath.Join(dir, "small")
	if err := os.MkdirAll(pack, 0o755); err != nil {
		t.Fatal(err)
	}
	write = func(name, data string) {
		if err := os.WriteFile(filepath.Join(pack, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("game.yaml", "kind: Game\nid: small\ntitle: Small\nsystem: generic\ncomponents:\n  - id: cards\n    name: Cards\n    expected: 1\n")
	write("cards.yaml", "kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: A}\n")
	root, err := os.OpenRoot(pack)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = root.Close() })
	return dir, write, []check.Target{{Name: filepath.ToSlash(pack), FS: root.FS()}}
}

// TestBuildAllInPackOrder: packs built at once are seen as if built one
// after the other: their files are handed over in pack order, and when a
// pack fails, the packs after it are not swapped in (their kits stay as
// they were) and its error is returned.
func TestBuildAllInPackOrder(t *testing.T) {
	dir := t.TempDir()
	targets := onePackEach(t, dir, "first", "second", "third")
	env := testEnv(schematest.Registry())
	reg := env.Check.Registry
	o := Options{Out: filepath.Join(dir, "out"), Registry: reg, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NoPreviews: true, NoCache: true}
	buildAll := func() ([]int, error) {
		t.Helper()
		c, err := o.Validate(targets, env, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		var order []int
		err = c.BuildAll(context.Background(), io.Discard, func(i int, arts []generator.Artifact) {
			if len(arts) == 0 {
				t.Errorf("pack %d: no files", i)
			}
			order = append(order, i)
		})
		return order, err
	}
	if order, err := buildAll(); err != nil || !slices.Equal(order, []int{0, 1, 2}) {
		t.Fatalf("BuildAll: files of packs %v, %v", order, err)
	}
	third := filepath.Join(o.Out, "third", "cards.pdf")
	before, err := os.Stat(third)
	if err != nil {
		t.Fatal(err)
	}
	// A folder runforge did not write cannot be replaced: the second pack
	// fails, and the third, built at once, must stay as it was.
	second := filepath.Join(o.Out, "second")
	if err := os.RemoveAll(second); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(second, 0o755); err != nil {
		t.Fatal(err)
	}
	order, err := buildAll()
	if err == nil || !strings.Contains(err.Error(), "refusing to replace") || !slices.Equal(order, []int{0}) {
		t.Errorf("BuildAll with the second kit's folder not runforge's: files of packs %v, %v", order, err)
	}
	if after, err := os.Stat(third); err != nil || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("the pack after a failed one was swapped in (%v)", err)
	}
	if left, _ := filepath.Glob(filepath.Join(o.Out, ".third.tmp-*")); len(left) > 0 {
		t.Errorf("staging folders left: %v", left)
	}
	// The error says what became of the failed pack's kit and the next's.
	for _, want := range []string{
		"second was not built; " + second + " is as it was",
		"third was not built, as second failed; " + filepath.Join(o.Out, "third") + " is as it was",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("BuildAll's error does not say %q: %v", want, err)
		}
	}
}

// onePackEach writes a pack of one card under dir for each id and returns
// them as targets.
func onePackEach(t *testing.T, dir string, ids ...string) []check.Target {
	t.Helper()
	var targets []check.Target
	for _, id := range ids {
		pack := filepath.Join(dir, id)
		if err := os.MkdirAll(pack, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string]string{
			"game.yaml":  "kind: Game\nid: " + id + "\ntitle: T\nsystem: generic\ncomponents:\n  - id: cards\n    name: Cards\n    expected: 1\n",
			"cards.yaml": "kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: A}\n",
		} {
			if err := os.WriteFile(filepath.Join(pack, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		root, err := os.OpenRoot(pack)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = root.Close() })
		targets = append(targets, check.Target{Name: filepath.ToSlash(pack), FS: root.FS()})
	}
	return targets
}

// TestBuildAllKeepsEveryCacheEntry builds several packs at once with the
// cache: the leftovers of a killed build are swept before they build, and
// no pack's entries are swept while another writes them (a sweep after
// each pack removed the others' temporary files before their rename).
func TestBuildAllKeepsEveryCacheEntry(t *testing.T) {
	dir := t.TempDir()
	ids := []string{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"}
	targets := onePackEach(t, dir, ids...)
	env := testEnv(schematest.Registry())
	reg := env.Check.Registry
	o := Options{Out: filepath.Join(dir, "out"), Registry: reg, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	leftover := filepath.Join(o.Out, ".cache", "kits", ".tmp-killed")
	if err := os.MkdirAll(filepath.Dir(leftover), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(leftover, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	for round := range 5 {
		if err := os.RemoveAll(filepath.Join(o.Out, ".cache", "previews-p1")); err != nil {
			t.Fatal(err)
		}
		c, err := o.Validate(targets, env, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		var status bytes.Buffer
		if err := c.BuildAll(context.Background(), &status, func(int, []generator.Artifact) {}); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if strings.Contains(status.String(), "warning") {
			t.Fatalf("round %d: %s", round, status.String())
		}
		if _, err := os.Stat(leftover); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("round %d: a killed build's temporary file is still in the cache (%v)", round, err)
		}
		// Every pack's kit is recorded: a second check finds all of them.
		c, err = o.Validate(targets, env, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ids {
			if !c.Cached(i) {
				t.Errorf("round %d: pack %s was not recorded in the cache", round, ids[i])
			}
		}
		if err := os.RemoveAll(filepath.Join(o.Out, ".cache", "kits")); err != nil {
			t.Fatal(err)
		}
	}
}

// testEnv is the check and renderer of these tests' builds, with the
// game registry games.
func testEnv(games *schema.Registry) Env {
	return Env{
		Check:    check.Options{Games: games, Registry: validate.ForGames(nil)},
		Renderer: func() (*generator.Renderer, error) { return generator.NewRenderer(false, gamestest.All()...) },
	}
}
