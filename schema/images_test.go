package schema

import (
	"errors"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/runforge/runforge/schema/internal/yamldoc"
)

// imageFixtures is a pack folder holding the pictures of testdata/images
// under art/.
func imageFixtures(t *testing.T) fstest.MapFS {
	t.Helper()
	entries, err := os.ReadDir("testdata/images")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("testdata/images", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		fsys["art/"+e.Name()] = &fstest.MapFile{Data: b}
	}
	return fsys
}

// Every kind of PNG and JPEG a designer exports loads and decodes to the
// size its header claims: 8- and 16-bit, grey, grey with alpha, paletted
// with transparency, interlaced.
func TestLoadImageAcceptsEveryKind(t *testing.T) {
	fsys := imageFixtures(t)
	for _, c := range []struct {
		name, format string
		gray         bool
	}{
		{"rgb8.png", PNG, false},
		{"rgba8.png", PNG, false},
		{"rgb8-interlaced.png", PNG, false},
		{"rgb16-interlaced.png", PNG, false},
		{"rgba16-interlaced.png", PNG, false},
		{"gray8.png", PNG, true},
		{"gray16.png", PNG, true},
		{"gray-alpha8.png", PNG, false},
		{"palette-trns.png", PNG, false},
		{"photo.jpg", JPEG, false},
		{"gray.jpg", JPEG, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			im, err := LoadImage(fsys, "art/"+c.name)
			if err != nil {
				t.Fatal(err)
			}
			if im.Format != c.format || im.Width != 48 || im.Height != 32 || im.Path != "art/"+c.name {
				t.Errorf("got %s %dx%d at %s", im.Format, im.Width, im.Height, im.Path)
			}
			m, err := im.Decode()
			if err != nil {
				t.Fatal(err)
			}
			if m.Bounds() != image.Rect(0, 0, 48, 32) {
				t.Errorf("decoded bounds %v", m.Bounds())
			}
			if gray := im.Model == color.GrayModel || im.Model == color.Gray16Model; gray != c.gray {
				t.Errorf("grey model %v, want %v", im.Model, c.gray)
			}
		})
	}
}

// Each way a picture can be unusable is an ImageError naming the file and
// the reason, with a hint.
func TestLoadImageRefuses(t *testing.T) {
	fsys := imageFixtures(t)
	fsys["art/empty.png"] = &fstest.MapFile{}
	fsys["art/big.png"] = &fstest.MapFile{Data: make([]byte, MaxImageFileSize+1)}
	fsys["art/folder.png/x"] = &fstest.MapFile{Data: []byte("x")}
	fsys["art/drawing.svg"] = &fstest.MapFile{Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)}
	fsys["art/random.png"] = &fstest.MapFile{Data: []byte{0x00, 0x01, 0xfe, 0x80, 0x00, 0x10}}
	photo := fsys["art/photo.jpg"].Data
	scans := append(photo[:len(photo)-2:len(photo)-2], []byte(strings.Repeat("\xff\xda\x00\x02", MaxJPEGScans))...)
	fsys["art/scans.jpg"] = &fstest.MapFile{Data: append(scans, 0xff, 0xd9)}
	for _, c := range []struct {
		path string
		want []string
	}{
		{"", []string{"image path is empty"}},
		{"/etc/passwd", []string{`"/etc/passwd" is absolute`}},
		{"C:/art/x.png", []string{"is absolute"}},
		{"../outside.png", []string{"leads outside the pack folder"}},
		{"art/../../outside.png", []string{"leads outside the pack folder"}},
		{`art\rgb8.png`, []string{"separate folders with /"}},
		{".", []string{"names no file"}},
		{"art/missing.png", []string{"art/missing.png does not exist in the pack folder"}},
		{"art/rgb9.png", []string{"does not exist"}},
		{"art/empty.png", []string{"is empty"}},
		{"art/big.png", []string{"larger than 32 MiB"}},
		{"art/folder.png", []string{"art/folder.png is a folder, not a picture"}},
		{"art/not-an-image.png", []string{"holds text, not a PNG or JPEG image"}},
		{"art/random.png", []string{"not a PNG or JPEG image"}},
		{"art/picture.gif", []string{"is a GIF image", "PNG and JPEG images only"}},
		{"art/drawing.svg", []string{"SVG"}},
		{"art/huge-header.png", []string{"100000x100000 pixels", "10000.0 megapixels", "at most 40 megapixels"}},
		{"art/truncated.png", []string{"art/truncated.png is cut short", "cannot be decoded"}},
		{"art/scans.jpg", []string{"JPEG scans"}},
	} {
		t.Run(c.path, func(t *testing.T) {
			_, err := LoadImage(fsys, c.path)
			var ie *ImageError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want an ImageError", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q lacks %q", err, w)
				}
			}
			if ie.Hint == "" {
				t.Errorf("%q has no hint", err)
			}
		})
	}
}

// A missing picture's hint names the nearest file of its folder.
func TestMissingImageHint(t *testing.T) {
	_, err := LoadImage(imageFixtures(t), "art/rgb9.png")
	var ie *ImageError
	if !errors.As(err, &ie) || ie.Hint != `did you mean "art/rgb8.png"? fix the spelling` {
		t.Fatalf("got %v (hint %q)", err, ie.Hint)
	}
}

// A PNG whose header claims 100000 x 100000 pixels is refused from its
// header, at once and without allocating the picture.
func TestHugeHeaderRefusedCheaply(t *testing.T) {
	fsys := imageFixtures(t)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	if _, err := LoadImage(fsys, "art/huge-header.png"); err == nil {
		t.Fatal("accepted")
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	if elapsed > 500*time.Millisecond {
		t.Errorf("took %v", elapsed)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Errorf("allocated %d bytes", grew)
	}
}

// A link to a file outside the pack folder is refused, as the CLI opens
// packs (os.Root).
func TestImageSymlinkOutOfThePack(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "secret.png")
	src, err := os.ReadFile("testdata/images/rgb8.png")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(outside, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "art.png")); err != nil {
		t.Skipf("symlinks: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "inside.png"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if _, err := LoadImage(root.FS(), "art.png"); err == nil || !strings.Contains(err.Error(), "link to a file outside the pack folder") {
		t.Errorf("got %v", err)
	}
	if _, err := LoadImage(root.FS(), "inside.png"); err != nil {
		t.Errorf("a file inside: %v", err)
	}
}

func TestCleanImagePath(t *testing.T) {
	for in, want := range map[string]string{
		"art/zombie.png":       "art/zombie.png",
		"./art/zombie.png":     "art/zombie.png",
		"art//x/../zombie.png": "art/zombie.png",
		"zombie.png":           "zombie.png",
	} {
		if got, err := CleanImagePath(in); err != nil || got != want {
			t.Errorf("CleanImagePath(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// Image boxes show their file:, else the card's field when it is text.
func TestBoxImagePath(t *testing.T) {
	card := &Card{Fields: map[string]any{"art": "art/a.png", "cost": int64(3)}}
	half := 0.5
	for _, c := range []struct {
		box  Box
		want string
	}{
		{Box{Type: "image", File: "art/b.png", Field: "art"}, "art/b.png"},
		{Box{Type: "image", Field: "art"}, "art/a.png"},
		{Box{Type: "image", Field: "cost"}, ""},
		{Box{Type: "image", Field: "missing"}, ""},
		{Box{Type: "text", Field: "art"}, ""},
	} {
		if got := c.box.ImagePath(card); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.box, got, c.want)
		}
	}
	b := Box{Type: "image"}
	if b.FitMode() != "contain" || b.Alpha() != 1 {
		t.Errorf("defaults: fit %q, opacity %v", b.FitMode(), b.Alpha())
	}
	b = Box{Type: "image", Fit: "cover", Opacity: &half}
	if b.FitMode() != "cover" || b.Alpha() != 0.5 {
		t.Errorf("set: fit %q, opacity %v", b.FitMode(), b.Alpha())
	}
}

// The template schema takes image boxes, and refuses an unknown fit or an
// opacity out of range.
func TestImageBoxSchema(t *testing.T) {
	const head = "kind: Templates\ntemplates:\n  - id: art\n    boxes:\n      - "
	for _, c := range []struct {
		box, problem string
	}{
		{"{id: art, type: image, field: art, x: 4mm, y: 12mm, w: 55.5mm, h: 40mm, fit: cover}", ""},
		{"{id: art, type: image, file: art/zombie.png, w: 10mm, h: 10mm, opacity: 0.4}", ""},
		{"{id: art, type: image, file: art/zombie.png, fit: fill}", "fit"},
		{"{id: art, type: image, file: art/zombie.png, opacity: 2}", "opacity"},
		{"{id: art, type: image, file: \"\"}", "file"},
		{"{id: art, type: picture, file: art/zombie.png}", "type"},
	} {
		d, probs := yamldoc.Parse("t.yaml", []byte(head+c.box+"\n"))
		if len(probs) == 0 {
			_, probs = testRegistry().checkSchema(d)
		}
		if c.problem == "" && len(probs) > 0 {
			t.Errorf("%s: %v", c.box, probs)
		}
		if c.problem != "" && (len(probs) == 0 || !strings.Contains(probs[0].Message+probs[0].Pos.String(), c.problem)) {
			t.Errorf("%s: got %v, want a problem with %s", c.box, probs, c.problem)
		}
	}
}
