package draw

import (
	"strings"
	"testing"
)

// drawSample draws a shape, a clip and text at 4 and 8 pt, scaled by half.
func drawSample(c Canvas) {
	s := Scaled(c, 0.5, 10, 10)
	s.Push()
	s.ClipRect(0, 0, 100, 100)
	s.Rect(0, 0, 20, 20, 0, Filled(Black))
	s.Line(0, 0, 5, 5, Black, 0.2)
	s.Text(1, 1, "small", Regular, 8, Black)
	s.Text(1, 5, "large", Regular, 16, Black)
	s.Pop()
}

func TestShapesAndTextOnly(t *testing.T) {
	cases := []struct {
		name   string
		canvas func(Canvas) Canvas
		want   []string
		absent []string
	}{
		{"shapes", Shapes, []string{"rect", "line", "clip", "push", "pop"}, []string{"text"}},
		{"text of 6 pt or more", func(c Canvas) Canvas { return TextOnly(c, 6) }, []string{`"large"`, "clip", "push", "pop"}, []string{"rect", "line", `"small"`}},
		{"all text", func(c Canvas) Canvas { return TextOnly(c, 0) }, []string{`"large"`, `"small"`}, []string{"rect"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var rec Recorder
			drawSample(c.canvas(&rec))
			got := rec.String()
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("no %s in\n%s", w, got)
				}
			}
			for _, a := range c.absent {
				if strings.Contains(got, a) {
					t.Errorf("%s drawn:\n%s", a, got)
				}
			}
		})
	}
}
