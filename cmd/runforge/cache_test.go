package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/runforge/runforge/generator/buildcache"
)

// kitFiles reads every file under out but the cache folder, by path.
func kitFiles(t *testing.T, out string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == buildcache.DirName {
			return fs.SkipDir
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(out, p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return files
}

// sameKits reports how the kits under two output folders differ.
func sameKits(t *testing.T, got, want string) []string {
	t.Helper()
	g, w := kitFiles(t, got), kitFiles(t, want)
	var diffs []string
	for p, b := range w {
		if gb, ok := g[p]; !ok {
			diffs = append(diffs, p+" missing")
		} else if !bytes.Equal(gb, b) {
			diffs = append(diffs, p+" differs")
		}
	}
	for p := range g {
		if _, ok := w[p]; !ok {
			diffs = append(diffs, p+" extra")
		}
	}
	return diffs
}

// copyImagePack copies the generator's image test pack (three decks with
// PNG and JPEG art) into a temporary folder.
func copyImagePack(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs("../../generator/testdata/images/pack")
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "pack")
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// edit replaces old by new in the file name of the pack folder dir.
func edit(t *testing.T, dir, name, old, new string) {
	t.Helper()
	p := filepath.Join(dir, name)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("%s has no %q", name, old)
	}
	if err := os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestIncrementalBuildIsAFullBuild builds a pack through a series of
// edits, each time into one output folder that keeps its cache and into a
// fresh one with --no-cache, and checks that both kits are byte-identical
// and that the command says the same; a rebuild with nothing changed
// writes nothing.
func TestIncrementalBuildIsAFullBuild(t *testing.T) {
	pack := copyImagePack(t)
	root := t.TempDir()
	inc := filepath.Join(root, "inc")
	const id = "image-test"
	steps := []struct {
		name  string
		edit  func()
		args  []string
		fresh bool // the kit must be rebuilt
	}{
		{"first build", func() {}, nil, true},
		{"nothing changed", func() {}, nil, false},
		{"text edit of one card", func() {
			edit(t, pack, "contain.yaml", `text: "240x480 JPEG."`, `text: "240x480 JPEG, edited."`)
		}, nil, true},
		{"a card added", func() {
			edit(t, pack, "cover.yaml", "cards:\n", "cards:\n  - {id: cover-new, name: New card, art: art/tall.jpg, text: \"Added.\"}\n")
			edit(t, pack, "game.yaml", "(cover), expected: 8", "(cover), expected: 9")
		}, nil, true},
		{"an image changed", func() {
			b, err := os.ReadFile(filepath.Join(pack, "art", "palette-trns.png"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(pack, "art", "wide.png"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}, nil, true},
		{"print settings on the command line", func() {}, []string{"--paper", "a4", "--duplex", "short"}, true},
		{"the same settings again", func() {}, []string{"--paper", "a4", "--duplex", "short"}, false},
		{"print settings in the pack", func() {
			edit(t, pack, "game.yaml", "title: Image test pack\n", "title: Image test pack\nprint: {paper: a4, cutLines: true}\n")
		}, nil, true},
		{"a file deleted", func() {
			if err := os.Remove(filepath.Join(pack, "stretch.yaml")); err != nil {
				t.Fatal(err)
			}
			edit(t, pack, "game.yaml", "  - {id: stretch, name: Cards with art (stretch), expected: 8}\n", "")
		}, nil, true},
		{"an image deleted (refused)", func() {
			if err := os.Rename(filepath.Join(pack, "art", "gray16.png"), filepath.Join(root, "gray16.png")); err != nil {
				t.Fatal(err)
			}
		}, nil, false},
		{"the image back", func() {
			if err := os.Rename(filepath.Join(root, "gray16.png"), filepath.Join(pack, "art", "gray16.png")); err != nil {
				t.Fatal(err)
			}
		}, nil, false},
		{"an output file deleted", func() {
			if err := os.Remove(filepath.Join(inc, id, "components.txt")); err != nil {
				t.Fatal(err)
			}
		}, nil, true},
		{"an output file touched", func() {
			p := filepath.Join(inc, id, "contain.pdf")
			info, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			later := info.ModTime().Add(3e9)
			if err := os.Chtimes(p, later, later); err != nil {
				t.Fatal(err)
			}
		}, nil, true},
		{"the cache's records truncated", func() {
			truncateRecords(t, inc)
		}, nil, true},
		{"the cache deleted", func() {
			if err := os.RemoveAll(filepath.Join(inc, buildcache.DirName)); err != nil {
				t.Fatal(err)
			}
		}, nil, true},
		{"the first text back", func() {
			edit(t, pack, "contain.yaml", `text: "240x480 JPEG, edited."`, `text: "240x480 JPEG."`)
		}, nil, true},
		{"previews off", func() {}, []string{"--no-previews"}, true},
	}
	for i, st := range steps {
		st.edit()
		before, _ := buildcache.StatTree(filepath.Join(inc, id))
		incCode, incOut, incErr := run(t, "", append([]string{"build", pack, "-o", inc}, st.args...)...)
		full := filepath.Join(root, "full", strings.ReplaceAll(st.name, " ", "-"))
		fullCode, fullOut, fullErr := run(t, "", append([]string{"build", pack, "-o", full, "--no-cache"}, st.args...)...)
		if i == 0 && incCode != 0 {
			t.Fatalf("%s: exit %d: %s", st.name, incCode, incErr)
		}
		incOut = strings.ReplaceAll(incOut, inc, "OUT")
		fullOut = strings.ReplaceAll(fullOut, full, "OUT")
		if incCode != fullCode || incOut != fullOut || incErr != fullErr {
			t.Errorf("%s: incremental build: exit %d\n%s%s\nfull build: exit %d\n%s%s", st.name, incCode, incOut, incErr, fullCode, fullOut, fullErr)
		}
		if fullCode == 0 {
			if d := sameKits(t, inc, full); len(d) > 0 {
				t.Errorf("%s: the incremental kit differs from the full build: %v", st.name, d)
			}
		}
		after, _ := buildcache.StatTree(filepath.Join(inc, id))
		if rebuilt := !slicesEqual(before, after); rebuilt != st.fresh {
			t.Errorf("%s: kit rewritten = %v, want %v", st.name, rebuilt, st.fresh)
		}
	}
}

// slicesEqual compares two stat lists.
func slicesEqual(a, b []buildcache.FileStat) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// truncateRecords cuts every entry of the cache under out in half.
func truncateRecords(t *testing.T, out string) {
	t.Helper()
	n := 0
	err := filepath.WalkDir(filepath.Join(out, buildcache.DirName), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "README.txt" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		return os.WriteFile(p, b[:len(b)/2], 0o644)
	})
	if err != nil || n == 0 {
		t.Fatalf("truncating the cache: %d entries, %v", n, err)
	}
}

// TestConcurrentBuildsKeepTheCacheRight runs builds of one pack with two
// settings into one output folder at once; a build of either afterwards
// gives the kit a full build of it gives.
func TestConcurrentBuildsKeepTheCacheRight(t *testing.T) {
	pack := copyImagePack(t)
	root := t.TempDir()
	out := filepath.Join(root, "out")
	settings := [][]string{{"--paper", "letter"}, {"--paper", "a4"}}
	var wg sync.WaitGroup
	codes := make([]int, 6)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var o, e bytes.Buffer
			codes[i] = Main(append([]string{"build", pack, "-o", out, "--no-previews"}, settings[i%2]...), &o, &e)
		}()
	}
	wg.Wait()
	for i, c := range codes {
		if c != 0 {
			t.Fatalf("build %d: exit %d", i, c)
		}
	}
	for i, s := range settings {
		if code, _, stderr := run(t, "", append([]string{"build", pack, "-o", out, "--no-previews"}, s...)...); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		full := filepath.Join(root, "full", s[1])
		if code, _, stderr := run(t, "", append([]string{"build", pack, "-o", full, "--no-previews", "--no-cache"}, s...)...); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if d := sameKits(t, out, full); len(d) > 0 {
			t.Errorf("settings %d: the kit differs from a full build: %v", i, d)
		}
	}
}
