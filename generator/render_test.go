package generator

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

var update = flag.Bool("update", false, "rewrite golden files")

func loadRFYL(t testing.TB) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPack(os.DirFS("../data/run-for-your-life"), "run-for-your-life")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}

func findCard(t testing.TB, p *schema.Pack, deckID, cardID string) (*schema.Deck, *schema.Card) {
	t.Helper()
	for _, d := range p.Decks() {
		for _, c := range d.Cards {
			if d.ID == deckID && (cardID == "" || c.ID == cardID) {
				return d, c
			}
		}
	}
	t.Fatalf("no card %s/%s", deckID, cardID)
	return nil, nil
}

func firstCardWith(t testing.TB, p *schema.Pack, deckID string, ok func(*schema.Card) bool) (*schema.Deck, *schema.Card) {
	t.Helper()
	for _, d := range p.Decks() {
		if d.ID != deckID {
			continue
		}
		for _, c := range d.Cards {
			if ok(c) {
				return d, c
			}
		}
	}
	t.Fatalf("no matching card in %s", deckID)
	return nil, nil
}

// checkGolden compares got with testdata/golden/name, or rewrites it with
// -update; name may lead to another folder of testdata (../runmap/golden/x).
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./generator -update to create it)", err)
	}
	if string(want) != got {
		wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
		for i := 0; i < max(len(wl), len(gl)); i++ {
			var w, g string
			if i < len(wl) {
				w = wl[i]
			}
			if i < len(gl) {
				g = gl[i]
			}
			if w != g {
				t.Fatalf("%s differs at line %d:\nwant: %s\ngot:  %s\n(run go test ./generator -update if the change is intended)", name, i+1, w, g)
			}
		}
	}
}

func TestCardRenderingGolden(t *testing.T) {
	p := loadRFYL(t)
	r, err := NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	saver, _ := NewRenderer(true)
	costly := func(c *schema.Card) bool { return c.Has("bulletCost") }
	weapon := func(c *schema.Card) bool { return c.Has("uses") }
	cases := []struct {
		golden   string
		deck     string
		pick     func(*schema.Card) bool
		template string
		r        *Renderer
	}{
		{"event-bullet-cost.txt", "events", costly, "rfyl-event", r},
		{"event-weapon.txt", "events", weapon, "rfyl-event", r},
		{"event-inksaver.txt", "events", costly, "rfyl-event", saver},
		{"event-back.txt", "events", costly, "rfyl-event-back", r},
		{"determination-10.txt", "determination", func(c *schema.Card) bool { v, _ := c.Int("value"); return v == 10 }, "rfyl-determination", r},
		{"determination-6.txt", "determination", func(c *schema.Card) bool { v, _ := c.Int("value"); return v == 6 }, "rfyl-determination", r},
		{"blood-infected.txt", "blood", func(c *schema.Card) bool { return c.Str("result") == "infected" }, "rfyl-blood", r},
		{"blood-back-3.txt", "blood", func(c *schema.Card) bool { v, _ := c.Int("countdown"); return v == 3 }, "rfyl-blood-back", r},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			d, card := firstCardWith(t, p, c.deck, c.pick)
			rec := &draw.Recorder{}
			c.r.DrawCard(rec, p.Templates[c.template], NewCardData(p, d, card), layout.Sides{Top: 3, Right: 3, Bottom: 3, Left: 3})
			checkGolden(t, c.golden, "# card "+card.ID+"\n"+rec.String())
		})
	}
}

func TestTokenRenderingGolden(t *testing.T) {
	p := loadRFYL(t)
	r, _ := NewRenderer(false)
	rec := &draw.Recorder{}
	for i, tok := range p.TokenSets()[0].Tokens[:3] {
		r.DrawToken(rec, tok, float64(i)*35, 0, 1)
	}
	checkGolden(t, "tokens.txt", rec.String())
}

func TestDerivedDeterminationFields(t *testing.T) {
	cases := map[int][2]string{
		1: {"no bullets + {blood}", "nothing"}, 3: {"no bullets", "nothing"}, 5: {"1 {bullet}", "nothing"},
		6: {"1 {bullet}", "gun found"}, 8: {"2 {bullet}", "gun found"}, 10: {"3 {bullet}", "gun found"},
	}
	for v, want := range cases {
		f := rfylDeterminationFields(nil, &schema.Card{Fields: map[string]any{"value": int64(v)}})
		if f["ammo"] != want[0] || f["gun"] != want[1] {
			t.Errorf("value %d: got %v, want %v", v, f, want)
		}
	}
}

func TestPreviewSheetsFoldAShortLastSheet(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{1, "[[0 1]]"},
		{100, "[[0 100]]"},
		{101, "[[0 101]]"},
		{201, "[[0 100] [100 201]]"},
		{210, "[[0 100] [100 200] [200 210]]"},
	} {
		if got := fmt.Sprint(previewSheets(c.n)); got != c.want {
			t.Errorf("%d items: %s, want %s", c.n, got, c.want)
		}
	}
}
