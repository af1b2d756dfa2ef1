package schema

import "testing"

func TestParseLength(t *testing.T) {
	cases := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"63mm", 63, true}, {"2.5in", 63.5, true}, {"72pt", 25.4, true}, {"1cm", 10, true},
		{"63", 0, false}, {"-1mm", 0, false}, {"abcmm", 0, false},
	}
	for _, c := range cases {
		got, err := ParseLength(c.in)
		if (err == nil) != c.ok || (c.ok && abs(got.MM()-c.want) > 1e-9) {
			t.Errorf("ParseLength(%q) = %v, %v", c.in, got, err)
		}
	}
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}
