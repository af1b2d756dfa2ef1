package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/cmd/runforge/internal/games"
	"github.com/runforge/runforge/generator/kitbuild"
	"github.com/runforge/runforge/validate/check"
)

// TestLimitBuildMemory: a build that writes only PDFs gets a soft memory
// limit from the size of its packs' files, never under the floor, and
// collects at pdfOnlyGCPercent; a build that draws pictures keeps Go's
// settings, and so does a user's GOMEMLIMIT or GOGC; lifting restores
// the settings before.
func TestLimitBuildMemory(t *testing.T) {
	small := fstest.MapFS{"game.yaml": {Data: []byte("kind: Game\n")}}
	big := fstest.MapFS{
		"game.yaml":    {Data: []byte("kind: Game\n")},
		"deck/a.yaml":  {Data: make([]byte, 3<<20)},
		"deck/b.yaml":  {Data: make([]byte, 1<<20)},
		"art/face.png": {Data: make([]byte, 1<<20)},
	}
	bigSize := int64(len("kind: Game\n") + 5<<20)
	tests := []struct {
		name    string
		targets []check.Target
		opts    buildOptions
		env     string
		want    int64 // 0: no limit set
		gogc    string
		wantGC  int // 0: GOGC as before
	}{
		{"small pack, PDFs only: the floor", []check.Target{{FS: small}}, pdfOnly(), "", memLimitFloor, "", pdfOnlyGCPercent},
		{"large packs: base and a share of each byte", []check.Target{{FS: big}, {FS: big}}, pdfOnly(), "", memLimitBase + memLimitPerByte*2*bigSize, "", pdfOnlyGCPercent},
		{"previews", []check.Target{{FS: big}}, buildOptions{}, "", 0, "", 0},
		{"PNGs", []check.Target{{FS: big}}, with(func(o *buildOptions) { o.PNGDPI = 150 }), "", 0, "", 0},
		{"TTS export", []check.Target{{FS: big}}, with(func(o *buildOptions) { o.TTS = true }), "", 0, "", 0},
		{"press layout", []check.Target{{FS: big}}, with(func(o *buildOptions) { o.Layout = "Press" }), "", 0, "", 0},
		{"the user's GOMEMLIMIT", []check.Target{{FS: big}}, pdfOnly(), "300MiB", 0, "", pdfOnlyGCPercent},
		{"the user's GOGC", []check.Target{{FS: big}}, pdfOnly(), "", memLimitBase + memLimitPerByte*bigSize, "150", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GOMEMLIMIT", tt.env)
			t.Setenv("GOGC", tt.gogc)
			before := debug.SetMemoryLimit(-1)
			beforeGC := gcPercent()
			lift := limitBuildMemory(tt.targets, &tt.opts)
			got := debug.SetMemoryLimit(-1)
			gotGC := gcPercent()
			lift()
			if after := debug.SetMemoryLimit(-1); after != before {
				t.Errorf("after lifting, the limit is %d, want %d as before", after, before)
			}
			if after := gcPercent(); after != beforeGC {
				t.Errorf("after lifting, GOGC is %d, want %d as before", after, beforeGC)
			}
			wantGC := tt.wantGC
			if wantGC == 0 {
				wantGC = beforeGC
			}
			if gotGC != wantGC {
				t.Errorf("GOGC %d, want %d", gotGC, wantGC)
			}
			want := tt.want
			if want == 0 {
				want = before
			}
			if got != want {
				t.Errorf("limit %d, want %d", got, want)
			}
		})
	}
}

func pdfOnly() buildOptions { return with(nil) }

// gcPercent is the collector's GOGC as set now.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// with is a PDF-only build's options changed by f.
func with(f func(*buildOptions)) buildOptions {
	var o buildOptions
	o.NoPreviews = true
	if f != nil {
		f(&o)
	}
	return o
}

// TestTreeSize: the size is that of every file of
// the packs, pictures and fonts included.
func TestTreeSize(t *testing.T) {
	fsys := fstest.MapFS{
		"a.yaml":       {Data: []byte(strings.Repeat("x", 10))},
		"sub/b.yaml":   {Data: []byte(strings.Repeat("y", 5))},
		"sub/font.ttf": {Data: []byte("zz")},
	}
	if got, err := treeSize(fsys); err != nil || got != 17 {
		t.Errorf("treeSize = %d, %v; want 17", got, err)
	}
}

// TestLiftForPictures: the limit is lifted when a pack's manifest chooses
// the press layout, which draws 300 dpi pictures, and kept otherwise.
func TestLiftForPictures(t *testing.T) {
	c := newCatalog(games.All())
	for _, tt := range []struct {
		name   string
		layout string
		lifted bool
	}{
		{"sheet layout", "", false},
		{"the manifest's press layout", "  layout: press\n", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range []string{"game.yaml", "cards.yaml"} {
				b, err := os.ReadFile(filepath.Join("..", "..", "generator", "testdata", "deck200", f))
				if err != nil {
					t.Fatal(err)
				}
				if f == "game.yaml" {
					b = append(b, tt.layout...)
				}
				if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			targets, err := check.Resolve([]string{dir}, c.checkOptions())
			if err != nil {
				t.Fatal(err)
			}
			o := with(func(o *buildOptions) { o.NoCache, o.Out = true, t.TempDir() })
			checked, err := o.Validate(targets, kitbuild.Env{Check: c.checkOptions(), Renderer: c.renderer}, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			lifted := false
			liftForPictures(checked, &o, func() { lifted = true })
			if lifted != tt.lifted {
				t.Errorf("lifted = %v, want %v", lifted, tt.lifted)
			}
		})
	}
}
