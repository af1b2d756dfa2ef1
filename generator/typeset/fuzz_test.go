package typeset

import (
	"math"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator/draw"
)

// FuzzParseRich parses card text with inline icons and strong runs: every
// line is a paragraph whose words spell back the line's space-separated
// fields once its paired ** marks are taken out.
func FuzzParseRich(f *testing.F) {
	for _, s := range []string{"Place 1 {zombie} here.", "a\n\nb", "{zomby", "}{", "{{bullet}}", "x{bullet}y", "  ", "\t{ }",
		"**1 ACTION:** roll", "2 ** 3", "***a***", "** **", "**{bat}**x", "{**bat**}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		paras := parseRich(text)
		if len(paras) != len(lines) {
			t.Fatalf("%d paragraphs for %d lines", len(paras), len(lines))
		}
		for i, para := range paras {
			fields := strings.Fields(withoutPairedMarks(lines[i]))
			if len(para) != len(fields) {
				t.Fatalf("line %d: %d words for %d fields", i, len(para), len(fields))
			}
			for j, w := range para {
				if got := wordText(w); got != fields[j] {
					t.Fatalf("line %d word %d spells %q, the text %q", i, j, got, fields[j])
				}
			}
		}
	})
}

// FuzzLayoutText lays text out in a box: it must end (no size or width
// makes it loop), use a size between the minimum and the preferred one,
// and, when it says the text fits, keep every line within the box's width
// and all lines within its height.
func FuzzLayoutText(f *testing.F) {
	fonts, err := draw.NewFonts()
	if err != nil {
		f.Fatal(err)
	}
	f.Add("Place 1 {zombie} on your space. It moves first next turn.", 9.0, 5.0, 40.0, 20.0)
	f.Add("Supercalifragilisticexpialidocious", 12.0, 12.0, 5.0, 5.0)
	f.Add("a\n\nb {bullet}{bullet}", 200.0, 0.5, 0.1, 0.1)
	f.Add("**1 ACTION:** roll all 6 dice.\n**2** ** MUTANT", 10.0, 5.0, 30.0, 20.0)
	f.Fuzz(func(t *testing.T, text string, size, minSize, w, h float64) {
		clamp := func(v, lo, hi float64) float64 {
			if math.IsNaN(v) {
				return lo
			}
			return math.Max(lo, math.Min(hi, math.Abs(v)))
		}
		st := Style{Size: clamp(size, 0.5, 200), MinSize: clamp(minSize, 0.5, 200), LineHeight: 1.2}
		w, h = clamp(w, 0.1, 500), clamp(h, 0.1, 500)
		b := Layout(fonts, text, st, w, h)
		lo := math.Min(st.MinSize, st.Size)
		if math.IsNaN(b.Size) || b.Size < lo-1e-9 || b.Size > st.Size+1e-9 {
			t.Fatalf("size %v outside [%v, %v]", b.Size, lo, st.Size)
		}
		if !b.Fits {
			return
		}
		const eps = 0.01
		for i, l := range b.Lines {
			if l.Width > w+eps {
				t.Fatalf("line %d is %.3fmm wide in a %.3fmm box", i, l.Width, w)
			}
		}
		if b.Height > h+eps {
			t.Fatalf("%d lines are %.3fmm high in a %.3fmm box", len(b.Lines), b.Height, h)
		}
	})
}

// withoutPairedMarks is a line with its ** marks taken out but for a last
// one without a partner.
func withoutPairedMarks(line string) string {
	n := strings.Count(line, strongMark)
	if n%2 == 0 {
		return strings.ReplaceAll(line, strongMark, "")
	}
	last := strings.LastIndex(line, strongMark)
	return strings.ReplaceAll(line[:last], strongMark, "") + line[last:]
}
