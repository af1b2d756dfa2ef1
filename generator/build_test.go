package generator

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

func init() { api.DisableConfigDir() }

func TestBuildNeverReplacesForeignFolders(t *testing.T) {
	out := t.TempDir()
	mine := filepath.Join(out, "run-for-your-life")
	if err := os.MkdirAll(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mine, "NOTES.txt"), []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := loadRFYL(t)
	r, _ := NewRenderer(false)
	_, err := r.Build(p, BuildOptions{Print: PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Bleed: 3}, OutDir: out})
	if err == nil || !strings.Contains(err.Error(), "refusing to replace") {
		t.Fatalf("err = %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(mine, "NOTES.txt")); err != nil || string(b) != "keep me" {
		t.Fatal("a user's file was touched")
	}
	if entries, _ := os.ReadDir(out); len(entries) != 1 {
		t.Errorf("leftovers: %v", entries)
	}
}

// TestComponentsListExtraPrintedCards: a card the published count leaves
// out (a Reloaded promo card) still prints, and components.txt says how
// many under its component; a kit without one says nothing.
func TestComponentsListExtraPrintedCards(t *testing.T) {
	r := testRenderer(t)
	opts := testOpts("letter")
	components := func(p *schema.Pack) string {
		var b bytes.Buffer
		if err := r.writeComponents(&b, p, opts); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if out := components(loadRFPack(t, "rfod")); strings.Contains(out, "published count leaves out") {
		t.Errorf("RFoD counts every card, yet components.txt speaks of extra cards:\n%s", out)
	}
	p := loadRFPack(t, "rfodr")
	before := uncountedCopies(p)["followers"]
	for _, d := range p.Decks() {
		if d.Component == "followers" {
			d.Cards = append(d.Cards, &schema.Card{ID: "promo-guy", Count: 2, Deck: d,
				Fields: map[string]any{"name": "Promo Guy", "leadership": int64(1), "set": "promo"}})
		}
	}
	if got := uncountedCopies(p)["followers"]; got != before+2 {
		t.Fatalf("uncounted followers %d, want %d", got, before+2)
	}
	want := fmt.Sprintf("30 x Follower Cards [printed]\n      and %d more cards printed that the published count leaves out", before+2)
	if out := components(p); !strings.Contains(out, want) {
		t.Errorf("components.txt lacks %q:\n%s", want, out)
	}
}
