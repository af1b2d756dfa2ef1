package deck

import (
	"bytes"
	"encoding/csv"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/generator/press"
	"github.com/runforge/runforge/schema"
)

// withCounts is a copy of the deck holding its first len(counts) cards,
// each printed counts[i] times.
func withCounts(d *schema.Deck, counts ...int) *schema.Deck {
	c := *d
	c.Cards = nil
	for i, n := range counts {
		card := *d.Cards[i]
		card.Count = n
		c.Cards = append(c.Cards, &card)
	}
	return &c
}

// pressManifestPath is where the manifest of a deck's press images goes.
func pressManifestPath(d *schema.Deck) string {
	return press.Set{Dir: press.DirOf(d.ID)}.ManifestPath()
}

// readManifest reads a press manifest from the staging folder, as rows
// keyed by column name.
func readManifest(t *testing.T, stage string, d *schema.Deck) []map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(stage, filepath.FromSlash(pressManifestPath(d))))
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", pressManifestPath(d), err)
	}
	if len(records) == 0 || strings.Join(records[0], ",") != strings.Join(press.ManifestHeader, ",") {
		t.Fatalf("%s: header %v, want %v", pressManifestPath(d), records, press.ManifestHeader)
	}
	var rows []map[string]string
	for _, rec := range records[1:] {
		row := map[string]string{}
		for i, col := range records[0] {
			row[col] = rec[i]
		}
		rows = append(rows, row)
	}
	return rows
}

// TestPressManifest: every deck's press folder has a manifest.csv naming
// each image it holds once, with the copies a print shop must order (a
// face as many as its card's count, a shared back one per card), its side,
// the back a face goes with, and its true size with bleed; the copies add
// up to the press PDF's pages, and the kit's index points to it.
func TestPressManifest(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-for-your-life")
	r, err := newRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	opts := pressTestOpts("letter")
	tests := []struct {
		deck     string
		counts   []int
		want     []string // file,side,copies,card,back_file
		indexHas []string
	}{
		{"events", []int{3, 1, 0}, nil, []string{"press/events/manifest.csv", "3 faces for 4 cards", "_back.png x4", ".png x3", "not ordered (count 0)"}},
		{"blood", []int{2, 1}, nil, []string{"press/blood/manifest.csv", "2 faces for 3 cards", "a back of its own for each", ".png x2"}},
	}
	for _, tt := range tests {
		t.Run(tt.deck, func(t *testing.T) {
			full, face, back := layoutDeck(t, p, tt.deck)
			d := withCounts(full, tt.counts...)
			var want []string
			total := 0
			for _, c := range d.Cards {
				total += c.Count
				if back != nil && perCard(back) {
					want = append(want,
						strings.Join([]string{c.ID + ".png", "front", strconv.Itoa(c.Count), c.ID, c.ID + "_back.png"}, ","),
						strings.Join([]string{c.ID + "_back.png", "back", strconv.Itoa(c.Count), c.ID, ""}, ","))
				} else {
					want = append(want, strings.Join([]string{c.ID + ".png", "front", strconv.Itoa(c.Count), c.ID, "_back.png"}, ","))
				}
			}
			if back != nil && !perCard(back) {
				want = append(want, "_back.png,back,"+strconv.Itoa(total)+",,")
			}

			stage := t.TempDir()
			if _, err := runJobs(stage, r.pressPNGJobs(p, d, face, back)); err != nil {
				t.Fatal(err)
			}
			rows := readManifest(t, stage, d)
			var got []string
			copies := 0
			for _, row := range rows {
				got = append(got, strings.Join([]string{row["file"], row["side"], row["copies"], row["item"], row["back_file"]}, ","))
				n, _ := strconv.Atoi(row["copies"])
				copies += n
				// The size is that of the image, and of a poker card with 1/8 in bleed.
				if row["width_px"] != "825" || row["height_px"] != "1125" || row["width_mm"] != "69.85" || row["height_mm"] != "95.25" ||
					row["dpi"] != "300" || row["bleed_mm"] != "3.175" {
					t.Errorf("%s: size %v", row["file"], row)
				}
				f, err := os.Open(filepath.Join(stage, "press", d.ID, row["file"]))
				if err != nil {
					t.Fatalf("the manifest names %s, which is not in the folder: %v", row["file"], err)
				}
				cfg, err := png.DecodeConfig(f)
				f.Close()
				if err != nil {
					t.Fatal(err)
				}
				if strconv.Itoa(cfg.Width) != row["width_px"] || strconv.Itoa(cfg.Height) != row["height_px"] {
					t.Errorf("%s is %dx%d px, the manifest says %sx%s", row["file"], cfg.Width, cfg.Height, row["width_px"], row["height_px"])
				}
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("manifest rows\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			entries, err := os.ReadDir(filepath.Join(stage, "press", d.ID))
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != len(rows)+1 {
				t.Errorf("press/%s holds %d files, want the %d images of the manifest and the manifest", d.ID, len(entries), len(rows))
			}

			// The copies to order are the press PDF's pages: one a side of every card.
			var pdf bytes.Buffer
			pages, err := r.WriteDeckPress(&pdf, p, d, face, back, opts)
			if err != nil {
				t.Fatal(err)
			}
			if copies != pages {
				t.Errorf("the manifest orders %d images, the press PDF has %d pages", copies, pages)
			}

			line := r.pressIndexLine(p, deckPart{deck: d, face: face, back: back})
			for _, s := range tt.indexHas {
				if !strings.Contains(line, s) {
					t.Errorf("index line %q lacks %q", line, s)
				}
			}
		})
	}
}

// TestPressManifestIsIndexed: a press kit's index (the lines of the decks
// with a PDF of their own) names the manifest of every deck, also of those
// printed with another.
func TestPressManifestIsIndexed(t *testing.T) {
	p := loadRFPack(t, "rfodr")
	r, err := newRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	index := func(opts generator.PrintOptions) string {
		var b strings.Builder
		for _, d := range p.Decks() {
			if d.PrintWith == "" && p.Prints(d) {
				for _, line := range indexDeck(r.Renderer, p, d, opts) {
					b.WriteString(line + "\n")
				}
			}
		}
		return b.String()
	}
	opts := pressTestOpts("letter")
	idx := index(opts)
	for _, d := range p.Decks() {
		if !p.Prints(d) {
			continue
		}
		if !strings.Contains(idx, pressManifestPath(d)+" lists the copies") {
			t.Errorf("the index does not point to %s:\n%s", pressManifestPath(d), idx)
		}
	}
	opts.Layout = generator.LayoutSheet
	if idx := index(opts); strings.Contains(idx, "manifest.csv") {
		t.Errorf("a sheet kit's index names a press manifest:\n%s", idx)
	}
}
