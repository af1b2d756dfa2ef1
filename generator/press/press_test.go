package press

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
)

// side is a side that draws nothing.
func side(draw.Canvas, float64) {}

// TestFromPieces: cards keep their shared back as one image ordered once
// per card; a die is six one-sided stickers ordered once per die; pieces
// of no copies are left out; a one-sided item has no back image.
func TestFromPieces(t *testing.T) {
	pieces := []generator.Piece{
		{Kind: generator.PieceCard, ID: "a", Copies: 2, W: 63.5, H: 88.9, Sides: []generator.Side{side, side}, SharedBack: true},
		{Kind: generator.PieceCard, ID: "b", Copies: 3, W: 63.5, H: 88.9, Sides: []generator.Side{side, side}, SharedBack: true},
		{Kind: generator.PieceTile, ID: "board", Copies: 1, W: 200, H: 300, Sides: []generator.Side{side}},
		{Kind: generator.PieceToken, ID: "gone", Copies: 0, W: 20, H: 20, Sides: []generator.Side{side, side}},
		{Kind: generator.PieceToken, ID: "tok", Copies: 4, W: 20, H: 20, Sides: []generator.Side{side, side}},
		{Kind: generator.PieceDie, ID: "d6", Copies: 2, W: 14, H: 14, Sides: []generator.Side{side, side, side, side, side, side}},
	}
	s, err := FromPieces(DirOf("x"), pieces)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, im := range s.Images() {
		side := "front"
		if im.Back {
			side = "back"
		}
		got = append(got, strings.TrimPrefix(im.Path, "press/x/")+" "+side+" "+im.Item+" "+strings.TrimPrefix(im.Pairs, "press/x/")+" "+strconv.Itoa(im.Copies))
	}
	want := []string{
		"a.png front a _back.png 2", "b.png front b _back.png 3", "board.png front board  1",
		"tok.png front tok tok_back.png 4", "tok_back.png back tok  4",
		"d6_1.png front d6_1  2", "d6_2.png front d6_2  2", "d6_3.png front d6_3  2", "d6_4.png front d6_4  2", "d6_5.png front d6_5  2", "d6_6.png front d6_6  2",
		"_back.png back   5",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("images:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A page per copy of each side: 2+3 cards and 4 tokens two-sided,
	// the board once, 6 stickers twice.
	if n := s.Pages(); n != 2*5+1+2*4+12 {
		t.Errorf("%d pages, want 31", n)
	}
	if !s.Fits() {
		t.Error("a 300 mm board does not fit")
	}
	big, _ := FromPieces("press/big", []generator.Piece{{Kind: generator.PieceTile, ID: "b", Copies: 1, W: 300, H: 600, Sides: []generator.Side{side}}})
	if big.Fits() {
		t.Errorf("a 600 mm board fits (max %g mm)", MaxSide)
	}
	if _, err := FromPieces("press/x", []generator.Piece{pieces[2], pieces[2]}); err == nil {
		t.Error("two pieces of one id: no error")
	}
}

// TestManifestSides: the manifest says which images belong to one-sided
// items, and sizes each with bleed.
func TestManifestSides(t *testing.T) {
	s := Set{Dir: "press/x", Items: []Item{
		{Name: "one", Copies: 1, W: 63.5, H: 88.9, Front: side},
		{Name: "two", Copies: 2, W: 20, H: 20, Front: side, Back: side},
	}}
	var b bytes.Buffer
	if err := WriteManifest(&b, s.Images()); err != nil {
		t.Fatal(err)
	}
	want := strings.Join(ManifestHeader, ",") + "\n" +
		"one.png,front,1,one,,1,825,1125,69.85,95.25,300,3.175\n" +
		"two.png,front,2,two,two_back.png,2,311,311,26.35,26.35,300,3.175\n" +
		"two_back.png,back,2,two,,2,311,311,26.35,26.35,300,3.175\n"
	if b.String() != want {
		t.Errorf("manifest:\n%s\nwant\n%s", b.String(), want)
	}
}

func TestSortPageBoxes(t *testing.T) {
	in := "1 0 obj\n<</Type /Page\n/Parent 1 0 R\n/MediaBox [0 0 10.00 20.00]\n/TrimBox [1.00 1.00 9.00 19.00]\n/BleedBox [0.00 0.00 10.00 20.00]\n/Resources 2 0 R\n" +
		"<</Type /Page\n/Parent 1 0 R\n/ArtBox [2.00 2.00 8.00 18.00]\n/TrimBox [1.00 1.00 9.00 19.00]\n/CropBox [0.00 0.00 10.00 20.00]\n/Resources 2 0 R\n" +
		"<</Type /Pages\n/TrimBox [x]\n/BleedBox [y]\n"
	want := "1 0 obj\n<</Type /Page\n/Parent 1 0 R\n/MediaBox [0 0 10.00 20.00]\n/BleedBox [0.00 0.00 10.00 20.00]\n/TrimBox [1.00 1.00 9.00 19.00]\n/Resources 2 0 R\n" +
		"<</Type /Page\n/Parent 1 0 R\n/CropBox [0.00 0.00 10.00 20.00]\n/TrimBox [1.00 1.00 9.00 19.00]\n/ArtBox [2.00 2.00 8.00 18.00]\n/Resources 2 0 R\n" +
		"<</Type /Pages\n/TrimBox [x]\n/BleedBox [y]\n"
	if got := string(SortPageBoxes([]byte(in))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestJobsReuseCanvases: a set's jobs render on canvases they pass on to
// the next job of the same size (sizes taking turns), and each image is
// the one a canvas of its own renders, whatever the image before it left
// on the canvas (a colour over the whole bleed, an open clip, a
// transformation).
func TestJobsReuseCanvases(t *testing.T) {
	colour := func(i int) generator.Side {
		return func(c draw.Canvas, bleed float64) {
			c.Push()
			c.ClipRect(-bleed, -bleed, 5+float64(i), 5)
			c.Translate(float64(i), 1)
			c.Rect(-bleed, -bleed, 30, 30, 0, draw.Filled(draw.RGB(uint8(40*i), 90, uint8(255-30*i))))
			// No Pop: the clip and translation stay for the next image.
		}
	}
	s := Set{Dir: DirOf("x")}
	for i := range 19 {
		w, h := 20.0, 30.0
		if i%4 == 3 {
			w, h = 15, 15
		}
		s.Items = append(s.Items, Item{Name: "i" + strconv.Itoa(i), Copies: 1, W: w, H: h, Front: colour(i)})
	}
	r := &generator.Renderer{}
	pool := &canvasPool{}
	stage := t.TempDir()
	images := s.Images()
	for _, im := range images {
		if err := renderImage(r, pool, stage, im); err != nil {
			t.Fatal(err)
		}
	}
	if len(pool.free) != 2 {
		t.Errorf("%d canvases left in the pool, want one of each size", len(pool.free))
	}
	for _, im := range images {
		alone := t.TempDir()
		if err := renderImage(r, &canvasPool{}, alone, im); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(stage, im.Path))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(alone, im.Path))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the image a canvas of its own renders", im.Path)
		}
	}
}
