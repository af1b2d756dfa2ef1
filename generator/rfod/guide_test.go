package rfod

import (
	"bytes"
	"strings"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator/typeset"
	"github.com/runforge/runforge/layout"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	"github.com/runforge/runforge/schema/schematest"
)

func rfodGuide(t *testing.T) *rfodschema.Guide {
	t.Helper()
	gs := rfodschema.Guides(loadRFPack(t, "rfod"))
	if len(gs) != 1 {
		t.Fatalf("%d guides, want 1", len(gs))
	}
	return gs[0]
}

func TestGuidePages(t *testing.T) {
	r := boardRenderer(t)
	g := rfodGuide(t)
	for _, d := range []layout.Duplex{layout.LongEdge, layout.ShortEdge, layout.NoDuplex} {
		for _, paper := range []string{"letter", "a4"} {
			sink := &pageRecorder{}
			if err := imposeGuide(r, sink, g, rfOpts(paper, d)); err != nil {
				t.Fatal(err)
			}
			if len(sink.pages) != 2 {
				t.Fatalf("%s %s: %d pages, want 2", paper, d, len(sink.pages))
			}
			back := sink.pages[1].String()
			if rotated := strings.Contains(back, "rotate 180"); rotated != (d == layout.ShortEdge) {
				t.Errorf("%s %s: side B turned: %v", paper, d, rotated)
			}
			if paper == "letter" && d == layout.LongEdge {
				checkRFGolden(t, "guide-a.txt", sink.pages[0].String())
				checkRFGolden(t, "guide-b.txt", back)
			}
		}
	}
}

func TestGuideContent(t *testing.T) {
	r := boardRenderer(t)
	sink := &pageRecorder{}
	if err := imposeGuide(r, sink, rfodGuide(t), rfOpts("letter", layout.LongEdge)); err != nil {
		t.Fatal(err)
	}
	a, b := sink.pages[0].String(), sink.pages[1].String()
	for _, want := range []string{"ALL QUIET", "ZOMBIES RISE", "BAT", "RUN", "GUN", "Kill 2 zombies in Zone 1."} {
		if !strings.Contains(a, want) {
			t.Errorf("side A lacks %q", want)
		}
	}
	for _, want := range []string{"SEARCH", "BOOK OF THE DEAD", "Choose one:", "5 icons", "Heal all wounds."} {
		if !strings.Contains(b, want) {
			t.Errorf("side B lacks %q", want)
		}
	}
}

func TestGuideDeterministic(t *testing.T) {
	r := boardRenderer(t)
	g := rfodGuide(t)
	var a, b bytes.Buffer
	for _, buf := range []*bytes.Buffer{&a, &b} {
		if n, err := WriteGuide(r, buf, nil, g, rfOpts("a4", layout.LongEdge)); err != nil || n != 2 {
			t.Fatalf("%d pages, %v", n, err)
		}
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two builds of the guide differ")
	}
	// An empty or broken guide prints without panicking.
	empty := &rfodschema.Guide{ID: "e", Events: []*rfodschema.GuideEntry{nil}, Search: []*rfodschema.GuideRow{nil, {Count: 99, Options: []*rfodschema.GuideOption{nil}}}}
	if err := imposeGuide(r, &pageRecorder{}, empty, rfOpts("letter", layout.NoDuplex)); err != nil {
		t.Fatal(err)
	}
}

// TestGuideRowsFitTheirOptions: side B's rows share the page by what their
// options need, so every row of the bundled guide sets its options at the
// full size; a row of four options is taller than a row of one.
func TestGuideRowsFitTheirOptions(t *testing.T) {
	r := boardRenderer(t)
	g := bundledGuide(t)
	rows := append(append([]*rfodschema.GuideRow{}, g.Search...), g.Book...)
	avail := 175.0 // about what side B has below its title and headings
	heights := guideRowHeights(r, rows, avail)
	total := 0.0
	for i, row := range rows {
		total += heights[i]
		style := typeset.Style{Size: guideTextPt, MinSize: guideMinText, LineHeight: 1.1}
		block := typeset.Layout(r.Fonts, guideOptionsText(row), style, guideW-10-guideTextX(heights[i]), heights[i]-2)
		if !block.Fits || block.Size != guideTextPt {
			t.Errorf("row %d (%d icons): options set at %gpt in a %.1f mm row, want %gpt", i, row.Count, block.Size, heights[i], guideTextPt)
		}
	}
	if total > avail+1e-9 {
		t.Errorf("rows take %.1f mm of %.1f", total, avail)
	}
	one := &rfodschema.GuideRow{Count: 1, Options: []*rfodschema.GuideOption{{Text: "Draw 1 Event."}}}
	four := &rfodschema.GuideRow{Count: 5, Options: []*rfodschema.GuideOption{{Text: "A."}, {Text: "B."}, {Text: "C."}, {Text: "D."}}}
	if h := guideRowHeights(r, []*rfodschema.GuideRow{one, four}, 60); h[1] <= h[0] {
		t.Errorf("heights %v: the row of four options is not taller", h)
	}
}

// bundledGuide is the guide of the bundled Run, Fight, or Die! pack.
func bundledGuide(t *testing.T) *rfodschema.Guide {
	t.Helper()
	fsys, ok := data.Pack("run-fight-or-die")
	if !ok {
		t.Fatal("no bundled run-fight-or-die pack")
	}
	p, probs := schematest.LoadPack(fsys, "run-fight-or-die")
	if len(probs) > 0 || len(rfodschema.Guides(p)) != 1 {
		t.Fatalf("guides %d, problems %v", len(rfodschema.Guides(p)), probs)
	}
	return rfodschema.Guides(p)[0]
}

// TestSqueezeRows: rows that need more than the room keep their floor and
// share the rest by need, filling the room exactly.
func TestSqueezeRows(t *testing.T) {
	for _, tc := range []struct {
		need  []float64
		avail float64
	}{
		{[]float64{14, 14, 200}, 100},
		{[]float64{20, 30, 40}, 60},
		{[]float64{30, 30}, 20}, // even the floors do not fit: equal shares
	} {
		got := squeezeRows(tc.need, tc.avail)
		floor := min(guideRowMin, tc.avail/float64(len(tc.need)))
		sum := 0.0
		for i, h := range got {
			sum += h
			if h < floor-1e-9 {
				t.Errorf("need %v in %g: row %d gets %.2f, below the floor %.2f", tc.need, tc.avail, i, h, floor)
			}
			if i > 0 && tc.need[i] > tc.need[i-1] && h < got[i-1] {
				t.Errorf("need %v in %g: row %d needs more but gets less (%v)", tc.need, tc.avail, i, got)
			}
		}
		if diff := sum - tc.avail; diff > 1e-9 || diff < -1e-9 {
			t.Errorf("need %v in %g: rows take %.3f", tc.need, tc.avail, sum)
		}
	}
}
