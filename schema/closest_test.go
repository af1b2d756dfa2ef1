package schema

import "testing"

func TestClosest(t *testing.T) {
	actions := []string{"silent-N", "silent-NE", "silent-E", "silent-NW", "sprint-N"}
	for _, c := range []struct{ in, want string }{
		{"silent-ne", "silent-NE"}, // only the case differs: not silent-N, one edit away
		{"silent-nw", "silent-NW"},
		{"silent-NNE", "silent-NE"},
		{"sprint-n", "sprint-N"},
		{"jump", ""},
	} {
		if got := Closest(c.in, actions); got != c.want {
			t.Errorf("Closest(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
