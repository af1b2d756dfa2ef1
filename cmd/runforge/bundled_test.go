package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/runforge/runforge/data"
)

// Every bundled pack builds in every layout and print variant, previews
// once, and no PDF of any prints text under 6 pt (checkTextSize). Run
// under `go test -race` it checks the parallel build (jobs and the preview
// helpers that borrow idle cores) for data races.
func TestBuildEveryBundledPack(t *testing.T) {
	packs := data.Packs()
	if len(packs) == 0 {
		t.Fatal("no bundled packs")
	}
	variants := []struct {
		name string
		args []string
	}{
		{"sheet", []string{"--layout", "sheet"}},
		{"gutterfold", []string{"--layout", "gutterfold", "--no-previews"}},
		{"gutterfold-a4-short", []string{"--layout", "gutterfold", "--paper", "a4", "--duplex", "short", "--no-previews"}},
		{"press", []string{"--layout", "press", "--no-previews"}},
		{"single-sided", []string{"--duplex", "none", "--ink-saver", "--grayscale", "--cut-lines", "--no-previews"}},
	}
	if testing.Short() {
		// -short (CI's race run): the parallel build with previews, and
		// the variant that prints the most pages; every layout runs in the
		// full test.
		variants = []struct {
			name string
			args []string
		}{variants[0], variants[len(variants)-1]}
	}
	// An add-on's kit holds what it adds or changes; --with-base prints
	// everything, as the kit of the whole pack: its hashes are those the
	// kit had before add-ons printed only their own content.
	withBase := struct {
		name string
		args []string
	}{"with-base", []string{"--layout", "sheet", "--with-base", "--no-previews"}}
	var hashes outputHashes
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	for _, pack := range packs {
		packVariants := variants
		if extendsAnother(t, pack) {
			packVariants = append(slices.Clone(variants), withBase)
		}
		for _, v := range packVariants {
			t.Run(pack+"/"+v.name, func(t *testing.T) {
				out := filepath.Join("kits", pack, v.name)
				code, stdout, stderr := run(t, "", append([]string{"build", pack, "-o", out}, v.args...)...)
				if code != 0 || strings.Contains(stderr, "runforge:") {
					t.Fatalf("exit %d:\n%s", code, stderr)
				}
				if got := listNames(t, out); !slices.Equal(got, []string{".cache", pack}) {
					t.Errorf("%s holds %v", out, got)
				}
				pdfs, colours := 0, 0
				for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
					path, _, _ := strings.Cut(line, " (")
					if !strings.HasSuffix(path, ".pdf") {
						continue
					}
					pdfs++
					b, err := os.ReadFile(path)
					if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b[max(0, len(b)-32):], []byte("%%EOF")) {
						t.Errorf("%s is not a whole PDF (%v)", path, err)
						continue
					}
					checkTextSize(t, path)
					if !slices.Contains(v.args, "--grayscale") {
						colours += checkPalette(t, path)
					}
				}
				if colours == 0 && !slices.Contains(v.args, "--grayscale") {
					t.Errorf("the PDFs paint with no RGB colour")
				}
				if pdfs == 0 {
					t.Errorf("no PDF built:\n%s", stdout)
				}
				hashes.addTree(t, "build/"+v.name, out)
				if previews := strings.Contains(stdout, " PNG preview"); previews != !slices.Contains(v.args, "--no-previews") {
					t.Errorf("previews written: %v\n%s", previews, stdout)
				}
			})
		}
	}
	prefixes := []string{"build/" + withBase.name}
	for _, v := range variants {
		prefixes = append(prefixes, "build/"+v.name)
	}
	t.Chdir(wd)
	hashes.check(t, prefixes, true)
}

// extendsAnother reports whether the bundled pack's manifest extends
// another pack (an add-on).
func extendsAnother(t *testing.T, pack string) bool {
	t.Helper()
	fsys, ok := data.Pack(pack)
	if !ok {
		t.Fatalf("no bundled pack %s", pack)
	}
	b, err := fs.ReadFile(fsys, "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return slices.ContainsFunc(strings.Split(string(b), "\n"), func(l string) bool { return strings.HasPrefix(l, "extends:") })
}
