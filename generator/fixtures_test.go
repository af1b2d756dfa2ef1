package generator

import (
	"testing"
)

// testRenderer is a renderer of no game, with the embedded fonts.
func testRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
