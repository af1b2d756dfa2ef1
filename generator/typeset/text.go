// Package typeset sets rich text in boxes: it parses the inline markup
// (**strong**, {icon}), breaks lines, shrinks the size until the text fits,
// draws the laid-out block on a canvas, measures text, and checks that a
// pack's font embeds and draws.
package typeset

import (
	"fmt"
	"math"
	"strings"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/schema"
)

// Style is how a text box sets its text.
type Style struct {
	Font       draw.FontStyle
	Size       float64 // points, the preferred size
	MinSize    float64 // points, the smallest size auto-shrink may use
	LineHeight float64 // multiple of the size
	Align      string  // left, center, right
	VAlign     string  // top, middle, bottom
	// ParagraphSpacing is the extra space between paragraphs, a multiple
	// of the size (0: none).
	ParagraphSpacing float64
}

// segment is a piece of a word: text, or an inline icon. strong text is
// set in the strong variant of the box's font (see FontStyle.Strong).
type segment struct {
	text   string
	icon   string
	strong bool
}

// word is a run of segments without spaces.
type word []segment

// Item is a placed run of text or an icon on a line, x from the line
// start. Strong text is set in the strong variant of the style's font.
type Item struct {
	Text   string
	Icon   string
	Strong bool
	X, W   float64
}

// Line is one laid-out line.
type Line struct {
	Items []Item
	Width float64
	// Space is the extra space above the line, in millimetres: the
	// paragraph spacing on the first line of every paragraph but the first.
	Space float64
}

// Block is text laid out in a box.
type Block struct {
	Lines []Line
	Size  float64 // the size used, points
	Style Style
	// Fits is false when the text overflows even at the minimum size.
	Fits bool
	// Height is the height the lines need, in millimetres.
	Height float64
	// Overflow says what does not fit, when Fits is false.
	Overflow string
}

// iconEm is the advance of an inline icon, in em, and iconInk the size
// its square is drawn at: the rest is its side bearings.
const (
	iconEm  = 1.1
	iconInk = 0.95
)

// iconBearing is the room, in em, between an icon's ink and text set right
// after it in the same word ("{flag}," or "{zombie}s"): about a letter's
// right side bearing, so that punctuation sits after an icon as after a
// word.
const iconBearing = 0.06

// iconAdvance is the advance of the icon segment wd[i] at size pt, in mm:
// iconEm, or when text follows it in the same word, up to the icon's ink
// and iconBearing.
func iconAdvance(wd word, i int, size float64) float64 {
	full := iconEm * size * draw.PtMM
	if i+1 >= len(wd) || wd[i+1].icon != "" || wd[i+1].text == "" {
		return full
	}
	ink := iconInk * size * draw.PtMM
	pad := (full - ink) / 2
	return min(full, pad+ink*icons.InkRight(wd[i].icon)/100+iconBearing*size*draw.PtMM)
}

// strongMark opens and closes a strong run in rich text: **1 ACTION:**.
const strongMark = "**"

// parseRich splits text into paragraphs (one a line) of words; {name}
// becomes an inline icon when the generator can draw it, and text between
// a pair of ** marks is strong. A strong run ends with its paragraph; the
// marks pair up in order, and a last mark without a partner stays text.
// A word of nothing but marks is no word.
func parseRich(s string) [][]word {
	// The segments of all words share one array, and the words of all
	// paragraphs another: a card's text is parsed for every check and
	// every drawing of it, and a slice per word made most of the
	// garbage of a large build. A finished word is never appended to.
	segs := make([]segment, 0, fieldCount(s))
	words := make([]word, 0, cap(segs))
	paras := make([][]word, 0, strings.Count(s, "\n")+1)
	for para := range strings.SplitSeq(s, "\n") {
		paired := strings.Count(para, strongMark) &^ 1
		strong := false
		first := len(words)
		for field := range strings.FieldsSeq(para) {
			start := len(segs)
			for field != "" {
				i := strings.Index(field, strongMark)
				if i < 0 || paired == 0 {
					segs = appendWordSegs(segs, start, field, strong)
					break
				}
				segs = appendWordSegs(segs, start, field[:i], strong)
				strong, paired = !strong, paired-1
				field = field[i+len(strongMark):]
			}
			if len(segs) > start {
				words = append(words, segs[start:len(segs):len(segs)])
			}
		}
		paras = append(paras, words[first:len(words):len(words)])
	}
	return paras
}

// fieldCount is about the number of space-separated fields of s: what
// parseRich sizes its arrays by.
func fieldCount(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		sp := s[i] == ' ' || s[i] == '\n' || s[i] == '\t'
		if !sp && !in {
			n++
		}
		in = !sp
	}
	return n
}

// appendWordSegs appends a piece of a word, all strong or not, to segs as
// text and inline icons, joining a text segment to the text segment of the
// same weight before it in the word that began at start.
func appendWordSegs(segs []segment, start int, w string, strong bool) []segment {
	add := func(sg segment) {
		if n := len(segs); n > start && sg.icon == "" && segs[n-1].icon == "" && sg.strong == segs[n-1].strong {
			segs[n-1].text += sg.text
			return
		}
		segs = append(segs, sg)
	}
	for len(w) > 0 {
		open := strings.IndexByte(w, '{')
		if open < 0 {
			add(segment{text: w, strong: strong})
			break
		}
		end := strings.IndexByte(w[open:], '}')
		if end < 0 {
			add(segment{text: w, strong: strong})
			break
		}
		name := w[open+1 : open+end]
		if !icons.Has(name) {
			add(segment{text: w[:open+end+1], strong: strong})
			w = w[open+end+1:]
			continue
		}
		if open > 0 {
			add(segment{text: w[:open], strong: strong})
		}
		add(segment{icon: name})
		w = w[open+end+1:]
	}
	return segs
}

// mergeText joins neighbouring text segments of the same weight.
func mergeText(w word) word {
	var out word
	for _, s := range w {
		if n := len(out); n > 0 && s.icon == "" && out[n-1].icon == "" && s.strong == out[n-1].strong {
			out[n-1].text += s.text
			continue
		}
		out = append(out, s)
	}
	return out
}

// Run is a piece of a word set in one font; an inline icon is a run
// without text.
type Run struct {
	Text string
	Font draw.FontStyle
}

// Words returns the words of rich text s, paragraph after paragraph, each as
// its runs with the font each is set in when the box's font is base (strong
// text in base.Strong()).
func Words(s string, base draw.FontStyle) [][]Run {
	var out [][]Run
	for _, para := range parseRich(s) {
		for _, wd := range para {
			runs := make([]Run, len(wd))
			for i, seg := range wd {
				runs[i] = Run{Text: seg.text, Font: seg.font(base)}
			}
			out = append(out, runs)
		}
	}
	return out
}

// font is the font a segment of a word set in base is drawn in.
func (s segment) font(base draw.FontStyle) draw.FontStyle {
	if s.strong {
		return base.Strong()
	}
	return base
}

// ShrinkStep is how much auto-shrink lowers the font size at a time, in
// points: the sizes tried are the style's size, a step less, and so on down
// to the minimum size.
const ShrinkStep = 0.25

// maxTextPt caps the size text is set at, whatever a style asks for, so
// that no input makes laying out text slow; validate refuses sizes above
// schema.FontSizeRange long before this.
const maxTextPt = 1000

// Layout sets text in a w x h box at the largest of the sizes from the
// style's size down to its minimum, shrinkStep apart, at which it fits (at
// the minimum when none does). Text that fits at a size fits at every
// smaller one, so the sizes are searched by halving: a 200pt box that fits
// at 6pt takes ten layouts, not eight hundred.
func Layout(f *draw.Fonts, text string, st Style, w, h float64) Block {
	if st.LineHeight == 0 {
		st.LineHeight = 1.15
	}
	st.Size = min(st.Size, maxTextPt)
	if st.MinSize == 0 || st.MinSize > st.Size {
		st.MinSize = st.Size
	}
	paras := parseRich(text)
	sizes := shrinkSizes(st.Size, st.MinSize)
	first := layoutAt(f, paras, st, sizes[0], w, h)
	if first.Fits || len(sizes) == 1 {
		return first
	}
	last := len(sizes) - 1
	best := layoutAt(f, paras, st, sizes[last], w, h)
	if !best.Fits {
		return best
	}
	// sizes[lo] does not fit, sizes[hi] does: halve the gap.
	lo, hi := 0, last
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if b := layoutAt(f, paras, st, sizes[mid], w, h); b.Fits {
			hi, best = mid, b
		} else {
			lo = mid
		}
	}
	return best
}

// shrinkSizes lists the sizes auto-shrink tries, largest first: size, then
// ShrinkStep less each time, ending at minSize.
func shrinkSizes(size, minSize float64) []float64 {
	if !(size > minSize) {
		return []float64{size}
	}
	out := make([]float64, 0, int((size-minSize)/ShrinkStep)+2)
	for s := size; ; s -= ShrinkStep {
		if s <= minSize {
			return append(out, minSize)
		}
		out = append(out, s)
	}
}

func layoutAt(f *draw.Fonts, paras [][]word, st Style, size, w, h float64) Block {
	b := Block{Size: size, Style: st, Fits: true}
	space := f.Width(" ", st.Font, size)
	wordWidth := func(wd word) float64 {
		total := 0.0
		for i, s := range wd {
			if s.icon != "" {
				total += iconAdvance(wd, i, size)
			} else {
				total += f.Width(s.text, s.font(st.Font), size)
			}
		}
		return total
	}
	paraSpace := st.ParagraphSpacing * size * draw.PtMM
	for i, para := range paras {
		line := Line{}
		if i > 0 {
			line.Space = paraSpace
		}
		for _, wd := range para {
			ww := wordWidth(wd)
			if ww > w+1e-6 {
				// A word wider than the box is broken at characters.
				for _, piece := range breakWord(f, wd, st.Font, size, w) {
					pw := wordWidth(piece)
					if len(line.Items) > 0 {
						b.Lines = append(b.Lines, line)
						line = Line{}
					}
					line = appendWord(f, line, piece, st.Font, size, 0, pw)
				}
				b.Fits = false
				b.Overflow = fmt.Sprintf("the word %q is wider than the box at %gpt", wordText(wd), size)
				continue
			}
			gap := 0.0
			if len(line.Items) > 0 {
				gap = space
			}
			if len(line.Items) > 0 && line.Width+gap+ww > w+1e-6 {
				b.Lines = append(b.Lines, line)
				line, gap = Line{}, 0
			}
			line = appendWord(f, line, wd, st.Font, size, gap, ww)
		}
		b.Lines = append(b.Lines, line)
	}
	lineH := size * st.LineHeight * draw.PtMM
	n := float64(len(b.Lines))
	b.Height = (n-1)*lineH + b.spacing() + f.Ascent(st.Font, size) + f.Descent(st.Font, size)
	if b.Height > h+1e-6 {
		b.Fits = false
		if b.Overflow == "" {
			b.Overflow = fmt.Sprintf("needs %d lines (%.1fmm) but the box is %.1fmm tall at %gpt", len(b.Lines), b.Height, h, size)
		}
	}
	return b
}

// spacing is the paragraph spacing the block's lines add, in millimetres.
func (b Block) spacing() float64 {
	total := 0.0
	for _, l := range b.Lines {
		total += l.Space
	}
	return total
}

// appendWord adds a word to a line after a gap, merging text runs.
func appendWord(f *draw.Fonts, line Line, wd word, st draw.FontStyle, size, gap, ww float64) Line {
	x := line.Width + gap
	for i, s := range wd {
		if s.icon != "" {
			iw := iconAdvance(wd, i, size)
			line.Items = append(line.Items, Item{Icon: s.icon, X: x, W: iw})
			x += iw
			continue
		}
		sw := f.Width(s.text, s.font(st), size)
		n := len(line.Items)
		if i == 0 && gap > 0 && n > 0 && line.Items[n-1].Icon == "" && line.Items[n-1].Strong == s.strong {
			// Continue the previous run across the space.
			line.Items[n-1].Text += " " + s.text
			line.Items[n-1].W = x + sw - line.Items[n-1].X
		} else {
			line.Items = append(line.Items, Item{Text: s.text, Strong: s.strong, X: x, W: sw})
		}
		x += sw
	}
	line.Width = line.Width + gap + ww
	return line
}

// breakWord splits a word into pieces no wider than w.
func breakWord(f *draw.Fonts, wd word, st draw.FontStyle, size, w float64) []word {
	var pieces []word
	var cur word
	curW := 0.0
	flush := func() {
		if len(cur) > 0 {
			pieces = append(pieces, mergeText(cur))
			cur, curW = nil, 0
		}
	}
	for _, s := range wd {
		if s.icon != "" {
			iw := iconEm * size * draw.PtMM
			if curW+iw > w && len(cur) > 0 {
				flush()
			}
			cur = append(cur, s)
			curW += iw
			continue
		}
		for _, r := range s.text {
			rw := f.Width(string(r), s.font(st), size)
			if curW+rw > w && len(cur) > 0 {
				flush()
			}
			cur = append(cur, segment{text: string(r), strong: s.strong})
			curW += rw
		}
	}
	flush()
	return pieces
}

func wordText(wd word) string {
	var sb strings.Builder
	for _, s := range wd {
		if s.icon != "" {
			sb.WriteString("{" + s.icon + "}")
		} else {
			sb.WriteString(s.text)
		}
	}
	return sb.String()
}

// Draw draws a laid-out block in the box at (x, y, w, h). paper is the
// colour behind the text, used to cut details out of inline icons.
func Draw(f *draw.Fonts, c draw.Canvas, b Block, x, y, w, h float64, ink, paper draw.Color) {
	st, size := b.Style, b.Size
	lineH := size * st.LineHeight * draw.PtMM
	n := float64(len(b.Lines))
	var baseline float64
	switch st.VAlign {
	case "middle":
		capH := f.CapHeight(st.Font, size)
		content := (n-1)*lineH + b.spacing() + capH
		baseline = y + (h-content)/2 + capH
	case "bottom":
		baseline = y + h - f.Descent(st.Font, size) - (n-1)*lineH - b.spacing()
	default:
		baseline = y + f.Ascent(st.Font, size)
	}
	iconSize := size * draw.PtMM * iconInk
	// The icon sits at its left bearing: an icon followed by text in its
	// word has a narrower advance (iconAdvance), not a narrower bearing.
	iconPad := (iconEm*size*draw.PtMM - iconSize) / 2
	for _, line := range b.Lines {
		baseline += line.Space
		lx := x
		switch st.Align {
		case "center":
			lx = x + (w-line.Width)/2
		case "right":
			lx = x + w - line.Width
		}
		for _, it := range line.Items {
			if it.Icon != "" {
				ix := lx + it.X + iconPad
				icons.Draw(c, it.Icon, ix, baseline-iconSize*0.86, iconSize, ink, paper)
				continue
			}
			font := st.Font
			if it.Strong {
				font = font.Strong()
			}
			c.Text(round2(lx+it.X), round2(baseline), it.Text, font, size, ink)
		}
		baseline += lineH
	}
}

// StyleOf is the text style of a box, with defaults.
func StyleOf(f *draw.Fonts, b *schema.Box) Style {
	size := b.Size.Pt()
	if size == 0 {
		size = 10
	}
	return Style{
		Font: f.Style(b.Font), Size: round2(size), MinSize: round2(b.MinSize.Pt()),
		LineHeight: b.LineHeight, Align: b.Align, VAlign: b.VAlign,
		ParagraphSpacing: b.ParagraphSpacing,
	}
}

// Measure returns the widest word and the widest line of rich text set on
// one line in font at size pt, in mm.
func Measure(f *draw.Fonts, text string, font draw.FontStyle, size float64) (word, line float64) {
	space := f.Width(" ", font, size)
	for _, para := range parseRich(text) {
		w := 0.0
		for i, wd := range para {
			ww := 0.0
			for j, seg := range wd {
				if seg.icon != "" {
					ww += iconAdvance(wd, j, size)
				} else {
					ww += f.Width(seg.text, seg.font(font), size)
				}
			}
			word = max(word, ww)
			if i > 0 {
				w += space
			}
			w += ww
		}
		line = max(line, w)
	}
	return word, line
}

// round2 rounds to 1/100 mm so output does not depend on float noise.
func round2(v float64) float64 { return math.Round(v*100) / 100 }
