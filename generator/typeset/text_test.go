package typeset

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/schema"
)

func TestLayoutText(t *testing.T) {
	f, err := draw.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("Zombies shamble toward the nearest survivor. ", 12)
	cases := []struct {
		name      string
		text      string
		st        Style
		w, h      float64
		fits      bool
		sizeBelow float64 // the size used must be below this (0: equal to the style's size)
		lines     int
		overflow  string
	}{
		{"fits at size", "Draw a blood card.", Style{Size: 10, MinSize: 7}, 50, 10, true, 0, 1, ""},
		{"wraps", "Place 2 {zombie} on your space. They fight during the combat phase.", Style{Size: 10, MinSize: 7}, 50, 30, true, 0, 2, ""},
		{"shrinks", long, Style{Size: 11, MinSize: 6}, 50, 40, true, 11, 0, ""},
		{"overflows", long + long, Style{Size: 11, MinSize: 9}, 50, 20, false, 0, 0, "needs"},
		{"long word", "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Style{Size: 12, MinSize: 12}, 20, 50, false, 0, 0, "wider than the box"},
		{"newline", "one\ntwo", Style{Size: 10}, 50, 20, true, 0, 2, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := Layout(f, c.text, c.st, c.w, c.h)
			if b.Fits != c.fits {
				t.Fatalf("fits = %v (%s)", b.Fits, b.Overflow)
			}
			if c.sizeBelow == 0 && b.Fits && b.Size != c.st.Size {
				t.Errorf("size %v, want %v", b.Size, c.st.Size)
			}
			if c.sizeBelow != 0 && (b.Size >= c.sizeBelow || b.Size < c.st.MinSize) {
				t.Errorf("size %v, want below %v and at least %v", b.Size, c.sizeBelow, c.st.MinSize)
			}
			if c.lines != 0 && len(b.Lines) != c.lines {
				t.Errorf("%d lines, want %d", len(b.Lines), c.lines)
			}
			if !strings.Contains(b.Overflow, c.overflow) {
				t.Errorf("overflow %q, want %q", b.Overflow, c.overflow)
			}
			for _, l := range b.Lines {
				if l.Width > c.w+1e-6 && c.fits {
					t.Errorf("line %v is %.2fmm wide in a %.2fmm box", l.Items, l.Width, c.w)
				}
			}
		})
	}
}

func TestInlineIcons(t *testing.T) {
	f, _ := draw.NewFonts()
	b := Layout(f, "Gain 2 {bullet}. {nope} stays text", Style{Size: 10}, 100, 10)
	var icons, texts []string
	for _, it := range b.Lines[0].Items {
		if it.Icon != "" {
			icons = append(icons, it.Icon)
		} else {
			texts = append(texts, it.Text)
		}
	}
	if strings.Join(icons, ",") != "bullet" {
		t.Errorf("icons %v", icons)
	}
	if !strings.Contains(strings.Join(texts, "|"), "{nope}") {
		t.Errorf("unknown icon not kept as text: %v", texts)
	}
}

func TestWidthMatchesAcrossStyles(t *testing.T) {
	f, _ := draw.NewFonts()
	if f.Width("MMMM", draw.Bold, 10) <= f.Width("iiii", draw.Bold, 10) {
		t.Error("widths are not proportional")
	}
	if w := f.Width("abc", draw.Regular, 20); w < 2*f.Width("abc", draw.Regular, 10)-1e-9 || w > 2*f.Width("abc", draw.Regular, 10)+1e-9 {
		t.Error("width does not scale with size")
	}
}

func TestBuiltinFontNamesMatchSchema(t *testing.T) {
	f, _ := draw.NewFonts()
	for i, name := range schema.BuiltinFonts {
		if got := f.Style(name); int(got) != i || draw.FontStyle(i).String() != name {
			t.Errorf("font %q: style %v", name, got)
		}
	}
	if f.Count() != len(schema.BuiltinFonts) {
		t.Errorf("%d built-in fonts, schema lists %d", f.Count(), len(schema.BuiltinFonts))
	}
}

// TestLayoutTextLargeSizeIsFast guards against shrinking text one step at a
// time: text set at 200pt that fits only near its minimum size must take a
// handful of layouts, not the 770 steps down to it. Layouts are counted by
// their allocations, which do not depend on the machine's speed: at most
// those of 20 layouts at 200pt, the costliest size.
func TestLayoutTextLargeSizeIsFast(t *testing.T) {
	f, err := draw.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat("Zombies shamble toward the nearest survivor. ", 6)
	// One layout at 200pt, where every word is broken at its characters,
	// costs more than one at any smaller size.
	one := testing.AllocsPerRun(3, func() { Layout(f, text, Style{Size: 200, MinSize: 200}, 50, 40) })
	var b Block
	big := testing.AllocsPerRun(3, func() { b = Layout(f, text, Style{Size: 200, MinSize: 0.5}, 50, 40) })
	if !b.Fits || b.Size < 5 || b.Size > 20 {
		t.Fatalf("set at %vpt, fits %v; want the largest size that fits, between 5 and 20pt", b.Size, b.Fits)
	}
	if big > 20*one {
		t.Errorf("200pt text took %.0f allocations, %.0f times one layout's %.0f; want at most 20 layouts", big, big/one, one)
	}
	// The size found is the one stepping down finds: the next step up
	// does not fit.
	if up := Layout(f, text, Style{Size: b.Size + ShrinkStep, MinSize: b.Size + ShrinkStep}, 50, 40); up.Fits {
		t.Errorf("fits at %vpt too, above the %vpt chosen", up.Size, b.Size)
	}
}

// Text between a pair of ** marks is strong; marks pair up within a
// paragraph, and a last mark without a partner stays text.
func TestParseRichStrong(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string // each word's segments: text, *strong*, or {icon}
	}{
		{"lead words", "**1 ACTION:** roll", []string{"*1*", "*ACTION:*", "roll"}},
		{"inside a word", "a**b**c", []string{"a|*b*|c"}},
		{"odd mark stays text", "2 ** 3", []string{"2", "**", "3"}},
		{"last odd mark stays text", "**a** b**", []string{"*a*", "b**"}},
		{"marks alone are no word", "x ** ** y", []string{"x", "y"}},
		{"strong icon word", "**{bat} BAT:**", []string{"{bat}", "*BAT:*"}},
		{"ends with the paragraph", "**a\nb**", []string{"**a", "/", "b**"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for i, para := range parseRich(c.text) {
				if i > 0 {
					got = append(got, "/")
				}
				for _, wd := range para {
					var segs []string
					for _, s := range wd {
						switch {
						case s.icon != "":
							segs = append(segs, "{"+s.icon+"}")
						case s.strong:
							segs = append(segs, "*"+s.text+"*")
						default:
							segs = append(segs, s.text)
						}
					}
					got = append(got, strings.Join(segs, "|"))
				}
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("parseRich(%q) = %q, want %q", c.text, got, c.want)
			}
		})
	}
}

// Strong runs are measured and drawn in the strong variant of the box's
// font, and do not merge with the plain runs beside them.
func TestLayoutStrongRuns(t *testing.T) {
	f, err := draw.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	for _, base := range []draw.FontStyle{draw.Regular, draw.Italic} {
		b := Layout(f, "**1 ACTION:** roll the dice", Style{Font: base, Size: 10}, 100, 10)
		items := b.Lines[0].Items
		if len(items) != 2 || !items[0].Strong || items[0].Text != "1 ACTION:" || items[1].Strong || items[1].Text != "roll the dice" {
			t.Fatalf("%v: items %+v, want a strong \"1 ACTION:\" then a plain run", base, items)
		}
		if want := f.Width("1 ACTION:", base.Strong(), 10); math.Abs(items[0].W-want) > 1e-9 {
			t.Errorf("%v: strong run is %.3fmm wide, want %.3fmm (the %v width)", base, items[0].W, want, base.Strong())
		}
		rec := &draw.Recorder{}
		Draw(f, rec, b, 0, 0, 100, 10, draw.Black, draw.White)
		ops := strings.Join(rec.Ops, "\n")
		strong := fmt.Sprintf("%s 10.00pt %s %q", base.Strong(), draw.Black.Hex(), "1 ACTION:")
		plain := fmt.Sprintf("%s 10.00pt %s %q", base, draw.Black.Hex(), "roll the dice")
		if !strings.Contains(ops, strong) || !strings.Contains(ops, plain) {
			t.Errorf("%v: drawn as\n%s\nwant the strong run in %v", base, ops, base.Strong())
		}
	}
}

// paragraphSpacing adds its space above every paragraph but the first,
// and the block's height counts it, whatever the vertical alignment.
func TestParagraphSpacing(t *testing.T) {
	f, err := draw.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	const size, spacing = 10.0, 0.5
	text := "one\ntwo\nthree"
	plain := Layout(f, text, Style{Size: size}, 50, 40)
	spaced := Layout(f, text, Style{Size: size, ParagraphSpacing: spacing}, 50, 40)
	gap := spacing * size * draw.PtMM
	if d := spaced.Height - plain.Height; math.Abs(d-2*gap) > 1e-9 {
		t.Errorf("spacing adds %.3fmm, want %.3fmm for two gaps", d, 2*gap)
	}
	for i, l := range spaced.Lines {
		if want := map[bool]float64{true: 0, false: gap}[i == 0]; math.Abs(l.Space-want) > 1e-9 {
			t.Errorf("line %d: space %.3f, want %.3f", i, l.Space, want)
		}
	}
	// A paragraph that wraps adds no space between its own lines.
	wrapped := Layout(f, strings.Repeat("word ", 30), Style{Size: size, ParagraphSpacing: spacing}, 30, 100)
	for i, l := range wrapped.Lines {
		if l.Space != 0 {
			t.Errorf("wrapped line %d has space %.3f", i, l.Space)
		}
	}
	// The space tips a block that just fits over its box's height.
	if tight := Layout(f, text, Style{Size: size, ParagraphSpacing: spacing}, 50, plain.Height+gap); tight.Fits {
		t.Error("text fits a box one gap short of its spaced height")
	}
	for _, valign := range []string{"top", "middle", "bottom"} {
		st := Style{Size: size, ParagraphSpacing: spacing, VAlign: valign}
		b := Layout(f, text, st, 50, 40)
		rec := &draw.Recorder{}
		Draw(f, rec, b, 0, 0, 50, 40, draw.Black, draw.White)
		ys := textBaselines(t, rec.Ops)
		lineH := size * 1.15 * draw.PtMM
		for i := 1; i < len(ys); i++ {
			if d := ys[i] - ys[i-1]; math.Abs(d-(lineH+gap)) > 0.02 {
				t.Errorf("%s: baselines %d and %d are %.2fmm apart, want %.2fmm", valign, i-1, i, d, lineH+gap)
			}
		}
		if valign == "bottom" {
			if last := ys[len(ys)-1]; last+f.Descent(draw.Regular, size) > 40+0.02 {
				t.Errorf("bottom: last baseline %.2f leaves the box", last)
			}
		}
	}
}

// textBaselines are the y of the text the recorder logged, in order.
func textBaselines(t *testing.T, ops []string) []float64 {
	t.Helper()
	var ys []float64
	for _, op := range ops {
		var x, y float64
		if _, err := fmt.Sscanf(op, "text %f %f", &x, &y); err == nil {
			ys = append(ys, y)
		}
	}
	if len(ys) == 0 {
		t.Fatalf("no text drawn: %v", ops)
	}
	return ys
}

// TestPunctuationAfterAnIcon: text set right after an inline icon in the
// same word ("{flag}," or "{zombie}s") starts iconBearing after the icon's
// ink, as after a letter, not after the icon's whole advance (which left a
// gap before the comma nearly a space wide); an icon followed by a space
// keeps its whole advance.
func TestPunctuationAfterAnIcon(t *testing.T) {
	f, err := draw.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	const size = 10.0
	em := size * draw.PtMM
	space := f.Width(" ", draw.Regular, size)
	for _, c := range []struct{ text, icon, after string }{
		{"Run to the {flag}, then hide.", "flag", ","},
		{"Run to the {flag}.", "flag", "."},
		{"Two {zombie}s.", "zombie", "s."},
		{"Spend a {bullet}: move.", "bullet", ":"},
	} {
		t.Run(c.text, func(t *testing.T) {
			b := Layout(f, c.text, Style{Size: size, LineHeight: 1.2}, 200, 20)
			items := b.Lines[0].Items
			i := slices.IndexFunc(items, func(it Item) bool { return it.Icon == c.icon })
			if i < 0 || i+1 >= len(items) || !strings.HasPrefix(items[i+1].Text, c.after) {
				t.Fatalf("want icon %s then %q, got %+v", c.icon, c.after, items)
			}
			ink := items[i].X + (iconEm*em-iconInk*em)/2 + iconInk*em*icons.InkRight(c.icon)/100
			gap := items[i+1].X - ink
			if math.Abs(gap-iconBearing*em) > 1e-9 {
				t.Errorf("%q starts %.3fmm after the icon's ink, want %.3fmm", c.after, gap, iconBearing*em)
			}
			if gap > space/2 {
				t.Errorf("gap before %q is %.3fmm, over half a space (%.3fmm)", c.after, gap, space/2)
			}
		})
	}
	b := Layout(f, "the {flag} then", Style{Size: size, LineHeight: 1.2}, 200, 20)
	for _, it := range b.Lines[0].Items {
		if it.Icon == "flag" && math.Abs(it.W-iconEm*em) > 1e-9 {
			t.Errorf("an icon followed by a space advances %.3fmm, want %.3fmm", it.W, iconEm*em)
		}
	}
}
