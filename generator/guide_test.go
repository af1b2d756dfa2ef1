package generator

import (
	"bytes"
	"strings"
	"testing"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

func rfodGuide(t *testing.T) *schema.Guide {
	t.Helper()
	gs := loadRFPack(t, "rfod").Guides()
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
			if err := r.imposeGuide(sink, g, rfOpts(paper, d)); err != nil {
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
	if err := r.imposeGuide(sink, rfodGuide(t), rfOpts("letter", layout.LongEdge)); err != nil {
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
		if n, err := r.WriteGuide(buf, nil, g, rfOpts("a4", layout.LongEdge)); err != nil || n != 2 {
			t.Fatalf("%d pages, %v", n, err)
		}
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two builds of the guide differ")
	}
	// An empty or broken guide prints without panicking.
	empty := &schema.Guide{ID: "e", Events: []*schema.GuideEntry{nil}, Search: []*schema.GuideRow{nil, {Count: 99, Options: []*schema.GuideOption{nil}}}}
	if err := r.imposeGuide(&pageRecorder{}, empty, rfOpts("letter", layout.NoDuplex)); err != nil {
		t.Fatal(err)
	}
}
