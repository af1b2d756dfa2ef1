package kit

import (
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/gamestest"
	"github.com/runforge/runforge/generator/internal/pdftest"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/generator/press"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// TestPressEveryBundledPack builds every bundled pack with the press
// layout and checks what a print shop gets: every PDF but the plain-paper
// ones the table names has, on every page, BleedBox = MediaBox and the
// TrimBox exactly press.Bleed inside it; every press PNG is the size its
// manifest says, at 300 dpi (pHYs) with an sRGB chunk; every piece of
// every printed element is in its manifest with its copies, and the
// copies are the PDF's pages.
func TestPressEveryBundledPack(t *testing.T) {
	// plain are the files that stay on plain paper, as in the sheet
	// layout: reference sheets of the paper's size and the RFoD guide
	// and odds card.
	tests := []struct {
		pack  string
		plain []string
	}{
		{"just-run", []string{"reference.pdf"}},
		{"run", []string{"dispatch-reference.pdf", "runner-reference.pdf", "screen-dispatch.pdf", "screen-runner.pdf"}},
		{"run-fight-or-die", []string{"guide.pdf", "odds.pdf", "reference.pdf"}},
		{"run-fight-or-die-reloaded", []string{"odds.pdf"}},
		{"run-fight-or-die-reloaded-campaign", nil},
		{"run-for-your-life", []string{"combat.pdf", "conditions.pdf"}},
		{"run-promo", nil},
	}
	var names []string
	for _, tt := range tests {
		names = append(names, tt.pack)
	}
	if !slices.Equal(names, data.Packs()) {
		t.Fatalf("the table covers %v, the bundled packs are %v", names, data.Packs())
	}
	r, err := generator.NewRenderer(false, gamestest.All()...)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.pack, func(t *testing.T) {
			t.Parallel()
			p := rendertest.LoadBundled(t, tt.pack)
			out := t.TempDir()
			opts := generator.BuildOptions{OutDir: out, Print: generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin,
				Bleed: 3, CropMarks: true, Duplex: layout.LongEdge, Layout: generator.LayoutPress, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}}
			arts, err := Build(r, p, opts)
			if err != nil {
				t.Fatal(err)
			}
			kit := filepath.Join(out, p.Game.ID)
			pages := map[string]int{}
			for _, a := range arts {
				if !strings.HasSuffix(a.Path, ".pdf") || a.Path == "calibration.pdf" || a.Path == printRunPath {
					continue
				}
				pages[a.Path] = a.Pages
				b, err := os.ReadFile(filepath.Join(kit, a.Path))
				if err != nil {
					t.Fatal(err)
				}
				checkPressBoxes(t, a.Path, b, !slices.Contains(tt.plain, a.Path))
			}
			for _, f := range tt.plain {
				if _, ok := pages[f]; !ok {
					t.Errorf("%s is not in the kit", f)
				}
			}
			manifests := readManifests(t, kit)
			for dir, rows := range manifests {
				checkPressImages(t, kit, dir, rows)
			}
			checkEveryPieceOrdered(t, r, AsPrinted(r, p, opts), manifests, pages)
			index, err := os.ReadFile(filepath.Join(kit, "components.txt"))
			if err != nil {
				t.Fatal(err)
			}
			checkComponentPages(t, r, AsPrinted(r, p, opts), manifests, string(index))
		})
	}
}

var printedInRE = regexp.MustCompile(`([\w.-]+\.pdf) \(pages? ([^)]*)\)`)

// printedIn are the pages of each file that the line under component c
// of a kit's components.txt says hold it ("printed in: a.pdf (pages 1-3);
// b.pdf (pages 2, 5-6)"); nil when it names none.
func printedIn(t *testing.T, index, c string) map[string][]int {
	t.Helper()
	lines := strings.Split(index, "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, " x "+c+" [") })
	if i < 0 || i+1 == len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[i+1]), "printed in: ") {
		return nil
	}
	out := map[string][]int{}
	for _, m := range printedInRE.FindAllStringSubmatch(lines[i+1], -1) {
		for _, part := range strings.Split(m[2], ", ") {
			lo, hi, _ := strings.Cut(part, "-")
			a, err := strconv.Atoi(lo)
			b := a
			if err == nil && hi != "" {
				b, err = strconv.Atoi(hi)
			}
			if err != nil {
				t.Fatalf("components.txt, %s: pages %q", c, m[2])
			}
			for n := a; n <= b; n++ {
				out[m[1]] = append(out[m[1]], n)
			}
		}
	}
	return out
}

// checkComponentPages checks the pages components.txt gives each
// component printed on press pages only (every element counting towards
// it has a press manifest): as many as the copies of its own pieces take
// (a page per side of each copy; a die six, one a face), and no page of a
// file given to two components.
func checkComponentPages(t *testing.T, r *generator.Renderer, p *schema.Pack, manifests map[string][]map[string]string, index string) {
	t.Helper()
	want := map[string]int{}
	pressedIn, plainIn := map[string]bool{}, map[string]bool{} // by component
	for _, e := range p.Elements {
		if !p.Prints(e) {
			continue
		}
		_, pressed := manifests[e.ElementID()]
		var whole []string
		for _, c := range schema.PlanFacts(e).Copies {
			if !slices.Contains(whole, c.Component) {
				whole = append(whole, c.Component)
			}
			pressedIn[c.Component] = pressedIn[c.Component] || pressed
			plainIn[c.Component] = plainIn[c.Component] || !pressed
		}
		if !pressed {
			continue
		}
		pieces, _, err := r.PressPieces(p, e)
		if _, deck := e.(*schema.Deck); deck {
			pieces, _, err = r.Pieces(p, e)
		}
		if err != nil {
			t.Fatal(err)
		}
		perPiece := slices.ContainsFunc(pieces, func(pc generator.Piece) bool { return pc.Component != "" })
		for _, pc := range pieces {
			n := max(pc.Copies, 0) * min(len(pc.Sides), 2)
			if pc.Kind == generator.PieceDie {
				n = max(pc.Copies, 0) * len(pc.Sides)
			}
			comps := whole
			if perPiece {
				comps = []string{pc.Component}
			}
			for _, c := range comps {
				want[c] += n
			}
		}
	}
	owner := map[string]string{} // file page -> component
	checked := 0
	for _, c := range p.Game.Components {
		if !c.IsPrinted() || !pressedIn[c.ID] || plainIn[c.ID] {
			continue
		}
		got := printedIn(t, index, c.Name)
		n := 0
		for file, pages := range got {
			n += len(pages)
			for _, pg := range pages {
				k := fmt.Sprintf("%s page %d", file, pg)
				if o, ok := owner[k]; ok {
					t.Errorf("components.txt gives %s to %s and %s", k, o, c.ID)
				}
				owner[k] = c.ID
			}
		}
		if n != want[c.ID] {
			t.Errorf("components.txt, %s: %d pages (%v), its pieces take %d", c.ID, n, got, want[c.ID])
		}
		checked++
	}
	if checked == 0 {
		t.Error("no component printed on press pages only")
	}
}

// checkPressBoxes checks the boxes of every page of a press PDF:
// MediaBox = BleedBox and TrimBox press.Bleed inside it on every side. A
// plain-paper PDF is only read back (strictly valid).
func checkPressBoxes(t *testing.T, name string, pdf []byte, isPress bool) {
	t.Helper()
	for i, bx := range pdftest.PageBoxes(t, pdf) {
		media, trim := bx["MediaBox"], bx["TrimBox"]
		_, hasTrim := bx["TrimBox"]
		if !isPress {
			continue
		}
		if !hasTrim || bx["BleedBox"] != media {
			t.Errorf("%s page %d: MediaBox %v, BleedBox %v, TrimBox %v: want BleedBox = MediaBox and a TrimBox", name, i+1, media, bx["BleedBox"], trim)
			continue
		}
		want := [4]float64{media[0] + press.Bleed, media[1] + press.Bleed, media[2] - press.Bleed, media[3] - press.Bleed}
		for k := range want {
			if math.Abs(trim[k]-want[k]) > 0.01 {
				t.Errorf("%s page %d: TrimBox %v, want %v (the MediaBox %v less the bleed)", name, i+1, trim, want, media)
				break
			}
		}
		if trim[2]-trim[0] <= 0 || trim[3]-trim[1] <= 0 {
			t.Errorf("%s page %d: empty TrimBox %v", name, i+1, trim)
		}
	}
}

// readManifests reads every press manifest of a kit, by folder, as rows
// keyed by column name.
func readManifests(t *testing.T, kit string) map[string][]map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(kit, "press", "*", "manifest.csv"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]map[string]string{}
	for _, path := range paths {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
		if err != nil || len(recs) < 2 || !slices.Equal(recs[0], press.ManifestHeader) {
			t.Fatalf("%s: %v, %d records, header %v", path, err, len(recs), recs[:min(1, len(recs))])
		}
		dir := filepath.Base(filepath.Dir(path))
		for _, rec := range recs[1:] {
			row := map[string]string{}
			for i, col := range recs[0] {
				row[col] = rec[i]
			}
			out[dir] = append(out[dir], row)
		}
	}
	return out
}

// checkPressImages checks that a press folder holds exactly the images
// its manifest names, each of the manifest's pixel size, with a pHYs
// chunk of 300 dpi and an sRGB chunk.
func checkPressImages(t *testing.T, kit, dir string, rows []map[string]string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(kit, "press", dir, "*.png"))
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, row := range rows {
		listed = append(listed, row["file"])
		b, err := os.ReadFile(filepath.Join(kit, "press", dir, row["file"]))
		if err != nil {
			t.Errorf("press/%s: the manifest names %s: %v", dir, row["file"], err)
			continue
		}
		w, h, ppm, srgb, err := pngInfo(b)
		if err != nil {
			t.Errorf("press/%s/%s: %v", dir, row["file"], err)
			continue
		}
		if strconv.Itoa(w) != row["width_px"] || strconv.Itoa(h) != row["height_px"] {
			t.Errorf("press/%s/%s: %dx%d px, the manifest says %sx%s", dir, row["file"], w, h, row["width_px"], row["height_px"])
		}
		if ppm != 11811 || !srgb {
			t.Errorf("press/%s/%s: %d pixels a metre (want 11811, 300 dpi), sRGB chunk %v", dir, row["file"], ppm, srgb)
		}
	}
	for _, f := range files {
		if !slices.Contains(listed, filepath.Base(f)) {
			t.Errorf("press/%s/%s is in no manifest line", dir, filepath.Base(f))
		}
	}
}

// pngInfo reads a PNG's size from its IHDR, its resolution in pixels a
// metre from its pHYs (0 without one) and whether it has an sRGB chunk,
// walking the chunks before the image data.
func pngInfo(b []byte) (w, h int, ppm uint32, srgb bool, err error) {
	if !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
		return 0, 0, 0, false, fmt.Errorf("not a PNG")
	}
	for at := 8; at+8 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[at:]))
		kind, data := string(b[at+4:at+8]), b[at+8:min(at+8+n, len(b))]
		switch kind {
		case "IHDR":
			w, h = int(binary.BigEndian.Uint32(data)), int(binary.BigEndian.Uint32(data[4:]))
		case "pHYs":
			if x, y := binary.BigEndian.Uint32(data), binary.BigEndian.Uint32(data[4:]); x == y && data[8] == 1 {
				ppm = x
			}
		case "sRGB":
			srgb = true
		case "IDAT", "IEND":
			return w, h, ppm, srgb, nil
		}
		at += 12 + n
	}
	return 0, 0, 0, false, fmt.Errorf("no image data")
}

// checkEveryPieceOrdered checks that every piece of every element the kit
// prints is in its element's manifest with its copies (a die's six faces
// each as often as the die), that a manifest orders nothing else, and that
// an element's press PDF has a page for every copy of every side.
func checkEveryPieceOrdered(t *testing.T, r *generator.Renderer, p *schema.Pack, manifests map[string][]map[string]string, pages map[string]int) {
	t.Helper()
	seen := map[string]bool{}
	for _, e := range p.Elements {
		if !p.Prints(e) {
			continue
		}
		// A deck orders every card, those of count 0 zero times; other
		// kinds list what they print.
		pieces, _, err := r.PressPieces(p, e)
		_, deck := e.(*schema.Deck)
		if deck {
			pieces, _, err = r.Pieces(p, e)
		}
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{}
		for _, pc := range pieces {
			if pc.Copies <= 0 && !deck {
				continue
			}
			if pc.Kind == generator.PieceDie {
				for i := range pc.Sides {
					want[fmt.Sprintf("%s_%d", pc.ID, i+1)] = pc.Copies
				}
				continue
			}
			want[pc.ID] = max(pc.Copies, 0)
		}
		id := e.ElementID()
		rows, has := manifests[id]
		if len(want) == 0 {
			if has {
				t.Errorf("press/%s: a manifest for %s, which has no pieces to press", id, id)
			}
			continue
		}
		if !has {
			t.Errorf("%s %s: no press/%s/manifest.csv", e.Kind(), id, id)
			continue
		}
		seen[id] = true
		got := map[string]int{}
		sides := 0
		for _, row := range rows {
			n, err := strconv.Atoi(row["copies"])
			if err != nil {
				t.Errorf("press/%s: copies %q", id, row["copies"])
			}
			sides += n
			if row["side"] == "front" {
				got[row["item"]] = n
			}
		}
		for item, n := range want {
			if g, ok := got[item]; !ok || g != n {
				t.Errorf("press/%s: %s ordered %d times (listed %v), want %d", id, item, g, ok, n)
			}
		}
		for item := range got {
			if _, ok := want[item]; !ok {
				t.Errorf("press/%s: orders %s, which is no piece of %s", id, item, id)
			}
		}
		guests := slices.ContainsFunc(p.Elements, func(g schema.Element) bool { return g.Kind() == e.Kind() && g.Facts().PrintsWith == id })
		if pdf := ownPDF(e); pdf != "" && !guests && pages[pdf] != sides {
			t.Errorf("%s has %d pages, its manifest orders %d images", pdf, pages[pdf], sides)
		}
	}
	for dir := range manifests {
		if !seen[dir] {
			t.Errorf("press/%s: a manifest of no printed element", dir)
		}
	}
}
