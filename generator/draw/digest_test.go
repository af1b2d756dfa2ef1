package draw

import (
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/layout"
)

// TestDigestTellsDrawingsApart checks that every kind of call, and every
// value of one, counts in the sum, and that the same calls sum alike.
func TestDigestTellsDrawingsApart(t *testing.T) {
	store := NewImageStore(fstest.MapFS{})
	box := layout.Rect{X: 1, Y: 2, W: 30, H: 20}
	drawings := map[string]func(Canvas){
		"empty":        func(Canvas) {},
		"rect":         func(c Canvas) { c.Rect(1, 2, 3, 4, 0, Filled(Black)) },
		"rect moved":   func(c Canvas) { c.Rect(1, 2.0000001, 3, 4, 0, Filled(Black)) },
		"rect stroked": func(c Canvas) { c.Rect(1, 2, 3, 4, 0, Stroked(Black, 0.2)) },
		"rect white":   func(c Canvas) { c.Rect(1, 2, 3, 4, 0, Filled(White)) },
		"ellipse":      func(c Canvas) { c.Ellipse(1, 2, 3, 4, Filled(Black)) },
		"line":         func(c Canvas) { c.Line(1, 2, 3, 4, Black, 0.2) },
		"text":         func(c Canvas) { c.Text(1, 2, "ab", Regular, 8, Black) },
		"text bold":    func(c Canvas) { c.Text(1, 2, "ab", Bold, 8, Black) },
		"text other":   func(c Canvas) { c.Text(1, 2, "abc", Regular, 8, Black) },
		"texts split":  func(c Canvas) { c.Text(1, 2, "a", Regular, 8, Black); c.Text(1, 2, "b", Regular, 8, Black) },
		"path": func(c Canvas) {
			c.Path(&Path{Ops: []PathOp{{Kind: MoveTo}, {Kind: LineTo, P: [3][2]float64{{1, 1}}}}}, Black)
		},
		"push pop":      func(c Canvas) { c.Push(); c.Pop() },
		"translate":     func(c Canvas) { c.Push(); c.Translate(1, 2); c.Pop() },
		"rotate":        func(c Canvas) { c.Push(); c.Rotate(90, 1, 2); c.Pop() },
		"clip":          func(c Canvas) { c.Push(); c.ClipRect(1, 2, 3, 4); c.Pop() },
		"image a":       func(c Canvas) { DrawImage(c, store, "art/a.png", 1, box, "contain", "") },
		"image b":       func(c Canvas) { DrawImage(c, store, "art/b.png", 1, box, "contain", "") },
		"image a faded": func(c Canvas) { DrawImage(c, store, "art/a.png", 0.5, box, "contain", "") },
		"image a grey":  func(c Canvas) { DrawImage(Grayscale(c), store, "art/a.png", 1, box, "contain", "") },
	}
	seen := map[[32]byte]string{}
	for name, draw := range drawings {
		d := NewDigest()
		draw(d)
		sum := d.Sum()
		if other, dup := seen[sum]; dup {
			t.Errorf("%s and %s sum alike", name, other)
		}
		seen[sum] = name
		again := NewDigest()
		draw(again)
		if again.Sum() != sum {
			t.Errorf("%s: two sums", name)
		}
	}
}
