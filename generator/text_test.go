package generator

import (
	"strings"
	"testing"

	"github.com/runforge/runforge/schema"
)

func TestLayoutText(t *testing.T) {
	f, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("Zombies shamble toward the nearest survivor. ", 12)
	cases := []struct {
		name      string
		text      string
		st        TextStyle
		w, h      float64
		fits      bool
		sizeBelow float64 // the size used must be below this (0: equal to the style's size)
		lines     int
		overflow  string
	}{
		{"fits at size", "Draw a blood card.", TextStyle{Size: 10, MinSize: 7}, 50, 10, true, 0, 1, ""},
		{"wraps", "Place 2 {zombie} on your space. They fight during the combat phase.", TextStyle{Size: 10, MinSize: 7}, 50, 30, true, 0, 2, ""},
		{"shrinks", long, TextStyle{Size: 11, MinSize: 6}, 50, 40, true, 11, 0, ""},
		{"overflows", long + long, TextStyle{Size: 11, MinSize: 9}, 50, 20, false, 0, 0, "needs"},
		{"long word", "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", TextStyle{Size: 12, MinSize: 12}, 20, 50, false, 0, 0, "wider than the box"},
		{"newline", "one\ntwo", TextStyle{Size: 10}, 50, 20, true, 0, 2, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := f.LayoutText(c.text, c.st, c.w, c.h)
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
	f, _ := NewFonts()
	b := f.LayoutText("Gain 2 {bullet}. {nope} stays text", TextStyle{Size: 10}, 100, 10)
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
	f, _ := NewFonts()
	if f.Width("MMMM", Bold, 10) <= f.Width("iiii", Bold, 10) {
		t.Error("widths are not proportional")
	}
	if w := f.Width("abc", Regular, 20); w < 2*f.Width("abc", Regular, 10)-1e-9 || w > 2*f.Width("abc", Regular, 10)+1e-9 {
		t.Error("width does not scale with size")
	}
}

func TestBuiltinFontNamesMatchSchema(t *testing.T) {
	f, _ := NewFonts()
	for i, name := range schema.BuiltinFonts {
		if got := f.Style(name); int(got) != i || FontStyle(i).String() != name {
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
	f, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat("Zombies shamble toward the nearest survivor. ", 6)
	// One layout at 200pt, where every word is broken at its characters,
	// costs more than one at any smaller size.
	one := testing.AllocsPerRun(3, func() { f.LayoutText(text, TextStyle{Size: 200, MinSize: 200}, 50, 40) })
	var b TextBlock
	big := testing.AllocsPerRun(3, func() { b = f.LayoutText(text, TextStyle{Size: 200, MinSize: 0.5}, 50, 40) })
	if !b.Fits || b.Size < 5 || b.Size > 20 {
		t.Fatalf("set at %vpt, fits %v; want the largest size that fits, between 5 and 20pt", b.Size, b.Fits)
	}
	if big > 20*one {
		t.Errorf("200pt text took %.0f allocations, %.0f times one layout's %.0f; want at most 20 layouts", big, big/one, one)
	}
	// The size found is the one stepping down finds: the next step up
	// does not fit.
	if up := f.LayoutText(text, TextStyle{Size: b.Size + shrinkStep, MinSize: b.Size + shrinkStep}, 50, 40); up.Fits {
		t.Errorf("fits at %vpt too, above the %vpt chosen", up.Size, b.Size)
	}
}
