package generator

import (
	"bytes"
	"strings"
	"testing"

	"github.com/runforge/runforge/schema"
)

func rfodrMats(t *testing.T) *schema.MatSet {
	t.Helper()
	sets := schema.ElementsOf[*schema.MatSet](loadRFPack(t, "rfodr"))
	if len(sets) != 1 {
		t.Fatalf("%d mat sets, want 1", len(sets))
	}
	return sets[0]
}

func TestMatPages(t *testing.T) {
	r := boardRenderer(t)
	s := rfodrMats(t)
	for _, paper := range []string{"letter", "a4"} {
		out := &recBoardOut{}
		opts := boardOpts(paper)
		if err := r.imposeMats(out, s, opts); err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, m := range s.Mats {
			for _, side := range matBoard(m).Sides {
				pl, err := boardPlan(side, opts)
				if err != nil {
					t.Fatal(err)
				}
				if pl.Pages() < 2 {
					t.Errorf("%s: side %s fits one page; mats are large-format", paper, side.ID)
				}
				want += 1 + pl.Pages()
			}
		}
		if len(out.pages) != want {
			t.Errorf("%s: %d pages, want %d", paper, len(out.pages), want)
		}
		if len(out.arts) != 4 {
			t.Errorf("%s: %d sides drawn, want 4", paper, len(out.arts))
		}
		if paper == "letter" {
			checkRFGolden(t, "mats.txt", out.String())
		}
	}
}

func TestMatContent(t *testing.T) {
	r := boardRenderer(t)
	out := &recBoardOut{}
	if err := r.imposeMats(out, rfodrMats(t), boardOpts("letter")); err != nil {
		t.Fatal(err)
	}
	sides := make([]string, len(out.arts))
	for i, a := range out.arts {
		sides[i] = a.String()
	}
	// Side B of the Home mat holds 2 Loot, side A of the Courthouse 2
	// Followers; the other two sides hold nothing.
	for i, want := range []string{"", "LOOT", "FOLLOWER", ""} {
		slots := strings.Count(sides[i], "\"face down\"")
		if want == "" && slots != 0 || want != "" && (slots != 2 || !strings.Contains(sides[i], want)) {
			t.Errorf("side %d: %d slots, want %q", i, slots, want)
		}
		if !strings.Contains(sides[i], "3-CARD EDGE") {
			t.Errorf("side %d has no 3-card edge", i)
		}
	}
	if !strings.Contains(sides[0], "Other side: Bruce's Department Store") {
		t.Error("side A does not name side B")
	}
}

func TestMatsDeterministic(t *testing.T) {
	r := boardRenderer(t)
	s := rfodrMats(t)
	var a, b bytes.Buffer
	for _, buf := range []*bytes.Buffer{&a, &b} {
		if _, err := r.WriteMats(buf, nil, s, boardOpts("a4")); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two builds of the mats differ")
	}
	bad := &schema.MatSet{ID: "bad", Mats: []*schema.Mat{{ID: "m", Sides: []*schema.MatSide{nil, {ID: "x", Holds: map[string]int{"loot": 99, "x": -1}}}}}}
	if err := r.imposeMats(&recBoardOut{}, bad, boardOpts("letter")); err != nil {
		t.Fatal(err)
	}
	if err := r.imposeMats(&recBoardOut{}, &schema.MatSet{ID: "e"}, boardOpts("letter")); err == nil {
		t.Error("an empty mat set printed")
	}
}
