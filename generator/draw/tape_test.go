package draw

import (
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/layout"
)

// A tape played on a recorder records what drawing on the recorder
// directly does, call for call, through the wrappers too.
func TestTapePlaysEveryCall(t *testing.T) {
	red := RGB(0xc0, 0x10, 0x10)
	path := &Path{Ops: []PathOp{{Kind: MoveTo}, {Kind: LineTo, P: [3][2]float64{{4, 5}}}, {Kind: Close}}}
	store := NewImageStore(fstest.MapFS{})
	tests := []struct {
		name  string
		paint func(c Canvas)
	}{
		{"nothing", func(Canvas) {}},
		{"shapes", func(c Canvas) {
			c.Rect(1, 2, 3, 4, 0.5, Filled(red))
			c.Ellipse(5, 6, 7, 8, Stroked(red, 0.3))
			c.Line(1, 1, 9, 9, Black, 0.2)
			c.Path(path, red)
		}},
		{"text and state", func(c Canvas) {
			c.Push()
			c.Translate(10, 20)
			c.Rotate(180, 5, 5)
			c.ClipRect(0, 0, 50, 60)
			c.Text(1, 2, "odds", Bold, 8, red)
			c.Pop()
		}},
		{"a picture", func(c Canvas) {
			DrawImage(c, store, "art/missing.png", 1, layout.Rect{X: 1, Y: 2, W: 30, H: 20}, "contain", "")
		}},
		{"through the grey and scaled wrappers", func(c Canvas) {
			Scaled(Grayscale(c), 0.5, 10, 10).Rect(2, 2, 8, 8, 1, Filled(red))
		}},
	}
	for _, tt := range tests {
		var direct, played Recorder
		tt.paint(&direct)
		var tape Tape
		tt.paint(&tape)
		tape.Play(&played)
		if len(direct.Ops) == 0 && tt.name != "nothing" {
			t.Fatalf("%s: draws nothing", tt.name)
		}
		if got, want := played.String(), direct.String(); got != want {
			t.Errorf("%s: played\n%s\nwant\n%s", tt.name, got, want)
		}
	}
	// A picture played on a canvas that draws none is left out.
	var tape Tape
	DrawImage(&tape, store, "art/missing.png", 1, layout.Rect{W: 1, H: 1}, "stretch", "")
	tape.Line(0, 0, 1, 1, Black, 0.1)
	var rec Recorder
	tape.Play(struct{ Canvas }{&rec}) // the recorder's Canvas methods only
	if len(rec.Ops) != 1 {
		t.Errorf("played on a canvas without pictures: %v", rec.Ops)
	}
}
