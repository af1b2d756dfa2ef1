package fpdf

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestCharWidthsAsSlice checks charWidths against the []int it stands
// for: the same width at every code point, the same non-zero widths in
// order, the same JSON (generateFontID hashes it) and the same widths
// read back from that JSON.
func TestCharWidthsAsSlice(t *testing.T) {
	full := make([]int, 256*256)
	for _, r := range []int{0, 1, 32, 65, 255, 256, 0x2122, 0xfb01, 0xfffd, 0xffff} {
		full[r] = 500 + r%700
	}
	full[0x41] = 65535 // a zero-width glyph's marker
	cases := []struct {
		name string
		ws   []int
	}{
		{"none", nil},
		{"core font", full[:256]},
		{"BMP", full},
		{"all zero", make([]int, 300)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cw := charWidthsOf(c.ws)
			if c.ws == nil {
				cw = charWidths{}
			}
			if cw.Len() != len(c.ws) {
				t.Fatalf("Len %d, want %d", cw.Len(), len(c.ws))
			}
			var nonZero []int
			for r := -1; r <= len(c.ws); r++ {
				want := 0
				if r >= 0 && r < len(c.ws) {
					want = c.ws[r]
				}
				if got := int(cw.at(r)); got != want {
					t.Fatalf("at(%d) = %d, want %d", r, got, want)
				}
				if want != 0 {
					nonZero = append(nonZero, r)
				}
			}
			var seen []int
			cw.each(1, len(c.ws), func(r int, w int32) { seen = append(seen, r) })
			wantSeen := slices.DeleteFunc(slices.Clone(nonZero), func(r int) bool { return r < 1 })
			if !slices.Equal(seen, wantSeen) {
				t.Errorf("each visits %v, want %v", seen, wantSeen)
			}
			got, err := json.Marshal(struct{ Cw charWidths }{cw})
			if err != nil {
				t.Fatal(err)
			}
			want, err := json.Marshal(struct{ Cw []int }{c.ws})
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("JSON differs from the slice's: %.80s... want %.80s...", got, want)
			}
			var back struct{ Cw charWidths }
			if err := json.Unmarshal(want, &back); err != nil {
				t.Fatal(err)
			}
			again, err := json.Marshal(back)
			if err != nil {
				t.Fatal(err)
			}
			if string(again) != string(want) {
				t.Error("widths read back from JSON differ")
			}
		})
	}
}
