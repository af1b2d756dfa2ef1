package tts

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/gamestest"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/schema"
)

func renderer(t testing.TB, p *schema.Pack) *generator.Renderer {
	t.Helper()
	r, err := generator.NewRenderer(false, gamestest.All()...)
	if err != nil {
		t.Fatal(err)
	}
	if r, err = r.ForPack(p); err != nil {
		t.Fatal(err)
	}
	return r
}

// writeExport writes the export of p into a new kit folder and returns the
// folder and the decoded save.
func writeExport(t *testing.T, p *schema.Pack, opts Options) (string, *Save, []byte) {
	t.Helper()
	if opts.KitDir == "" {
		opts.KitDir = t.TempDir()
	}
	files, err := Write(context.Background(), renderer(t, p), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := Dir + "/" + p.Game.ID + ".json"; len(files) == 0 || files[0] != want {
		t.Fatalf("files %v, want %s first", files, want)
	}
	raw, err := os.ReadFile(filepath.Join(opts.KitDir, files[0]))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("the export does not decode into the strict model: %v", err)
	}
	return opts.KitDir, s, raw
}

// TestEveryBundledPack exports every bundled pack and checks the save
// against the model, the images it names and the pack's cards.
func TestEveryBundledPack(t *testing.T) {
	for _, name := range data.Packs() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if testing.Short() && name != "run-fight-or-die" {
				t.Skip("-short exports one pack")
			}
			p := rendertest.LoadBundled(t, name)
			dir, s, _ := writeExport(t, p, Options{})
			checkSave(t, dir, s)
			checkCards(t, p, s)
			regions := checkPieces(t, p, s)
			checkLayout(t, s, regions)
		})
	}
}

var guidRE = regexp.MustCompile(`^[0-9a-f]{6}$`)

// walk calls f on every object of objs and of their contents.
func walk(objs []Object, f func(o Object, inside bool), inside bool) {
	for _, o := range objs {
		f(o, inside)
		walk(o.ContainedObjects, f, true)
	}
}

// checkSave checks what every object of s says: GUIDs, deck keys and
// card ids, and that every image it names exists with its declared grid.
func checkSave(t *testing.T, dir string, s *Save) {
	t.Helper()
	if len(s.ObjectStates) == 0 {
		t.Fatal("no objects")
	}
	seen := map[string]bool{}
	images := map[string][2]int{} // path -> grid
	walk(s.ObjectStates, func(o Object, inside bool) {
		if !guidRE.MatchString(o.GUID) || seen[o.GUID] {
			t.Errorf("%s %q: GUID %q is not 6 hex digits unique in the file", o.Name, o.Nickname, o.GUID)
		}
		seen[o.GUID] = true
		switch o.Name {
		case "DeckCustom":
			if o.Transform.RotZ != 180 {
				t.Errorf("deck %q is not face down", o.Nickname)
			}
			if len(o.DeckIDs) != len(o.ContainedObjects) {
				t.Errorf("deck %q: %d DeckIDs for %d cards", o.Nickname, len(o.DeckIDs), len(o.ContainedObjects))
			}
			for i, c := range o.ContainedObjects {
				if c.CardID == nil || *c.CardID != o.DeckIDs[i] {
					t.Errorf("deck %q card %d: CardID %v, DeckIDs says %d", o.Nickname, i, c.CardID, o.DeckIDs[i])
				}
			}
			for key, sh := range o.CustomDeck {
				checkSheet(t, o.Nickname, key, sh, images)
			}
		case "Card":
			if o.CardID == nil || len(o.CustomDeck) != 1 {
				t.Fatalf("card %q: CardID %v, %d sheets", o.Nickname, o.CardID, len(o.CustomDeck))
			}
			for key, sh := range o.CustomDeck {
				k, _ := strconv.Atoi(key)
				if *o.CardID/100 != k || *o.CardID%100 >= MaxFaces || *o.CardID%100 >= sh.NumWidth*sh.NumHeight {
					t.Errorf("card %q: CardID %d is not deck key %s x 100 + a slot of its %dx%d sheet", o.Nickname, *o.CardID, key, sh.NumWidth, sh.NumHeight)
				}
				checkSheet(t, o.Nickname, key, sh, images)
			}
		case "Custom_Tile", "Figurine_Custom":
			im := o.CustomImage
			if im == nil || im.ImageURL == "" {
				t.Fatalf("%s %q has no image", o.Name, o.Nickname)
			}
			images[im.ImageURL] = [2]int{1, 1}
			if im.ImageSecondaryURL != "" {
				images[im.ImageSecondaryURL] = [2]int{1, 1}
			}
		case "Custom_Dice":
			if o.CustomImage == nil || o.CustomImage.CustomDice == nil || o.CustomImage.CustomDice.Type != DiceD6 {
				t.Fatalf("die %q is not a custom d6", o.Nickname)
			}
			images[o.CustomImage.ImageURL] = [2]int{4, 3}
			if len(o.RotationValues) != 6 {
				t.Errorf("die %q lists %d rotation values", o.Nickname, len(o.RotationValues))
			}
		case "Bag":
			if len(o.ContainedObjects) < 2 {
				t.Errorf("bag %q holds %d objects", o.Nickname, len(o.ContainedObjects))
			}
		default:
			t.Errorf("unexpected object %s", o.Name)
		}
	}, false)
	for u, grid := range images {
		checkImage(t, dir, u, grid)
	}
}

// checkSheet checks a deck key's grid against TTS's limits and notes its
// images.
func checkSheet(t *testing.T, deck, key string, sh DeckSheet, images map[string][2]int) {
	t.Helper()
	if sh.NumWidth < 1 || sh.NumWidth > MaxCols || sh.NumHeight < 1 || sh.NumHeight > MaxRows || !sh.BackIsHidden {
		t.Errorf("deck %q key %s: grid %dx%d, BackIsHidden %v", deck, key, sh.NumWidth, sh.NumHeight, sh.BackIsHidden)
	}
	images[sh.FaceURL] = [2]int{sh.NumWidth, sh.NumHeight}
	if sh.UniqueBack {
		images[sh.BackURL] = [2]int{sh.NumWidth, sh.NumHeight}
	} else {
		images[sh.BackURL] = [2]int{1, 1}
	}
}

// checkImage opens the image a file:/// URL names and checks it holds a
// whole grid of cells, at most MaxSheetPx a side.
func checkImage(t *testing.T, dir, u string, grid [2]int) {
	t.Helper()
	pu, err := url.Parse(u)
	if err != nil || pu.Scheme != "file" {
		t.Fatalf("image URL %q is not a file URL", u)
	}
	if !strings.HasPrefix(pu.Path, filepath.ToSlash(dir)+"/"+Dir+"/") {
		t.Errorf("image %s is not in the export's folder %s", pu.Path, dir)
	}
	f, err := os.Open(filepath.FromSlash(pu.Path))
	if err != nil {
		t.Fatalf("image the save names: %v", err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatalf("%s: %v", pu.Path, err)
	}
	if cfg.Width > MaxSheetPx || cfg.Height > MaxSheetPx || cfg.Width%grid[0] != 0 || cfg.Height%grid[1] != 0 {
		t.Errorf("%s: %dx%d px is not a grid of %dx%d cells within %d px", filepath.Base(pu.Path), cfg.Width, cfg.Height, grid[0], grid[1], MaxSheetPx)
	}
}

// checkCards checks that every card of every deck of p is in the save
// with its count, named and described as the pack says, and that each
// deck's sheet shows its faces in order (the card's slot is its index).
func checkCards(t *testing.T, p *schema.Pack, s *Save) {
	t.Helper()
	type card struct{ name, text string }
	got := map[string]map[card]int{} // deck name -> card -> copies
	walk(s.ObjectStates, func(o Object, _ bool) {
		if o.Name == "DeckCustom" {
			got[o.Nickname] = map[card]int{}
			for _, c := range o.ContainedObjects {
				got[o.Nickname][card{c.Nickname, c.Description}]++
			}
		}
	}, false)
	for _, e := range elements(p, false) {
		d, ok := e.(*schema.Deck)
		if !ok || d.Total() < 2 {
			continue
		}
		want := map[card]int{}
		for _, c := range d.Cards {
			name := c.Str("name")
			if name == "" {
				name = c.Str("title")
			}
			if name == "" {
				name = c.ID
			}
			want[card{name, c.Str("text")}] += c.Count
		}
		g, ok := got[deckName(d)]
		if !ok {
			t.Errorf("deck %q is not in the save", d.ID)
			continue
		}
		if fmt.Sprint(g) != fmt.Sprint(want) {
			t.Errorf("deck %q: cards %v, want %v", d.ID, g, want)
		}
	}
}

// TestDeterministic: the same pack gives the same JSON, byte for byte.
func TestDeterministic(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-promo")
	base := "https://example.org/kits/run-promo"
	_, _, a := writeExport(t, p, Options{URLBase: base})
	_, s, b := writeExport(t, p, Options{URLBase: base})
	if !bytes.Equal(a, b) {
		t.Error("two exports of one pack differ")
	}
	walk(s.ObjectStates, func(o Object, _ bool) {
		urls := []string{}
		for _, sh := range o.CustomDeck {
			urls = append(urls, sh.FaceURL, sh.BackURL)
		}
		if o.CustomImage != nil {
			urls = append(urls, o.CustomImage.ImageURL)
		}
		for _, u := range urls {
			if !strings.HasPrefix(u, base+"/") {
				t.Errorf("%q: URL %s not under --tts-url", o.Nickname, u)
			}
		}
	}, false)
}

// TestFileURLs: file URLs are absolute and percent-encode spaces.
func TestFileURLs(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my kits")
	got, err := fileURL(Options{KitDir: dir}, "blood back.png")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got, "file:///") || !strings.HasSuffix(got, "/my%20kits/tts/blood%20back.png") {
		t.Errorf("file URL %q", got)
	}
	got, _ = fileURL(Options{KitDir: dir, URLBase: "https://example.org/x/"}, "blood back.png")
	if got != "https://example.org/x/blood%20back.png" {
		t.Errorf("hosted URL %q", got)
	}
}

// TestDecodeRefusesUnknownFields: the model is strict.
func TestDecodeRefusesUnknownFields(t *testing.T) {
	for _, in := range []string{
		`{"SaveName":"","Date":"","VersionNumber":"","GameMode":"","Table":"","Sky":"","Note":"","TabStates":{},"LuaScript":"","LuaScriptState":"","XmlUI":"","ObjectStates":[],"Bogus":1}`,
		`{"ObjectStates":[{"Name":"Card","CardNumber":100}]}`,
		`{"ObjectStates":[{"Name":"DeckCustom","CustomDeck":{"1":{"FaceImage":"x"}}}]}`,
	} {
		if _, err := Decode(strings.NewReader(in)); err == nil {
			t.Errorf("Decode accepted %s", in)
		}
	}
}

// TestDeckSheetsSplit: a deck of more than MaxFaces cards takes several
// keys, each a sheet of at most MaxFaces faces; card ids number the slots
// of each sheet from 0.
func TestDeckSheetsSplit(t *testing.T) {
	p := rendertest.LoadBundled(t, "run-fight-or-die")
	var cards []generator.Piece
	for i := range 150 {
		cards = append(cards, generator.Piece{Kind: generator.PieceCard, ID: fmt.Sprint(i), Name: fmt.Sprint("card ", i), Copies: 1 + i%2, W: 63, H: 88,
			Sides: []generator.Side{nil}})
	}
	pl := &planner{r: renderer(t, p), opts: Options{KitDir: t.TempDir()}, ids: guids{seed: "x", used: map[string]bool{}}, names: map[string]bool{}}
	g, err := pl.deck(p.Decks()[0], cards)
	if err != nil {
		t.Fatal(err)
	}
	d := g.objects[0]
	if len(d.CustomDeck) != 3 {
		t.Fatalf("%d keys for 150 cards, want 3", len(d.CustomDeck))
	}
	for key, sh := range d.CustomDeck {
		if n := sh.NumWidth * sh.NumHeight; n > MaxFaces+1 || sh.NumWidth > MaxCols || sh.NumHeight > MaxRows {
			t.Errorf("key %s: %dx%d", key, sh.NumWidth, sh.NumHeight)
		}
	}
	if len(d.ContainedObjects) != 225 || len(pl.images) != 4 {
		t.Errorf("%d cards (want 225), %d images (want 3 sheets and a back)", len(d.ContainedObjects), len(pl.images))
	}
	last := *d.ContainedObjects[len(d.ContainedObjects)-1].CardID
	if last != 3*100+150-2*MaxFaces-1 {
		t.Errorf("last card id %d", last)
	}
}

// checkPieces checks that every piece of every element of p that the
// kinds draw (generator.Renderer.Pieces: cards, boards, map cards, tiles,
// card-size sheets, tokens, dice, figures) is in the save as many times as
// the pack counts it, as the object TTS needs for its kind, named and
// described as the piece is, with a back image when it has a back. It
// returns the region of the table each piece's name belongs in: 0 the
// decks, 1 the boards and tiles, 2 the rest.
func checkPieces(t *testing.T, p *schema.Pack, s *Save) map[string]int {
	t.Helper()
	type obj struct {
		name, nickname, description string
		back                        bool
	}
	object := map[generator.PieceKind]string{
		generator.PieceCard: "Card", generator.PieceTile: "Custom_Tile", generator.PieceToken: "Custom_Tile",
		generator.PieceDie: "Custom_Dice", generator.PieceFigure: "Figurine_Custom",
	}
	region := map[generator.PieceKind]int{generator.PieceCard: 0, generator.PieceTile: 1, generator.PieceToken: 2,
		generator.PieceDie: 2, generator.PieceFigure: 2}
	want, regions := map[obj]int{}, map[string]int{}
	r := renderer(t, p)
	kinds := map[generator.PieceKind]int{}
	for _, e := range elements(p, false) {
		pieces, _, err := r.Pieces(p, e)
		if err != nil {
			t.Fatalf("%s %q: %v", e.Kind(), e.ElementID(), err)
		}
		for _, pc := range pieces {
			if pc.Copies <= 0 || len(pc.Sides) == 0 {
				continue
			}
			back := len(pc.Sides) == 2 && pc.Kind != generator.PieceCard
			want[obj{object[pc.Kind], pc.Name, pc.Text, back}] += pc.Copies
			regions[pc.Name] = region[pc.Kind]
			kinds[pc.Kind]++
		}
	}
	got := map[obj]int{}
	walk(s.ObjectStates, func(o Object, _ bool) {
		if o.Name == "DeckCustom" || o.Name == "Bag" {
			return
		}
		back := o.CustomImage != nil && o.CustomImage.ImageSecondaryURL != ""
		got[obj{o.Name, o.Nickname, o.Description, back}]++
	}, false)
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s %q (back %v): %d in the save, the pack counts %d", k.name, k.nickname, k.back, got[k], n)
		}
	}
	for k, n := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s %q (back %v): %d in the save, no piece of the pack", k.name, k.nickname, k.back, n)
		}
	}
	if len(kinds) == 0 {
		t.Error("the pack has no pieces")
	}
	return regions
}

// TestSheetPieces: the card-size sheets (RUN's action, status and
// exhausted tiles, Run For Your Life's turn aid) are in the export as
// tiles with both their sides; page-size sheets are not.
func TestSheetPieces(t *testing.T) {
	for _, tc := range []struct {
		pack  string
		tiles map[string]bool // nickname -> has a back
		not   []string
	}{
		{"run", map[string]bool{"Action tile: Scan row": true, "Action tile: Stun Gun": true, "Runner status tile": true, "Runner exhausted card": true},
			[]string{"Runner reference"}},
		{"run-for-your-life", map[string]bool{"Turn order": true}, nil},
	} {
		t.Run(tc.pack, func(t *testing.T) {
			if testing.Short() {
				t.Skip("-short exports one pack")
			}
			p := rendertest.LoadBundled(t, tc.pack)
			dir, s, _ := writeExport(t, p, Options{})
			found := map[string]Object{}
			walk(s.ObjectStates, func(o Object, _ bool) { found[o.Nickname] = o }, false)
			for name, back := range tc.tiles {
				o, ok := found[name]
				if !ok {
					t.Errorf("%q is not in the save", name)
					continue
				}
				if o.Name != "Custom_Tile" || o.CustomImage == nil || o.CustomImage.CustomTile == nil {
					t.Errorf("%q is a %s, not a custom tile", name, o.Name)
					continue
				}
				if (o.CustomImage.ImageSecondaryURL != "") != back {
					t.Errorf("%q: back image %q, want a back %v", name, o.CustomImage.ImageSecondaryURL, back)
				}
				checkImage(t, dir, o.CustomImage.ImageURL, [2]int{1, 1})
			}
			for _, name := range tc.not {
				if _, ok := found[name]; ok {
					t.Errorf("the page-size sheet %q is in the save", name)
				}
			}
		})
	}
}

// TestPictureNames: two images of one name get distinct files.
func TestPictureNames(t *testing.T) {
	pl := &planner{opts: Options{URLBase: "https://example.org"}, names: map[string]bool{}}
	var got []string
	for _, name := range []string{"a.png", "a.png", "a-2.png", "a.png"} {
		u, err := pl.picture(&picture{name: name})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.TrimPrefix(u, "https://example.org/"))
	}
	if want := "[a.png a-2.png a-2-2.png a-3.png]"; fmt.Sprint(got) != want {
		t.Errorf("names %v, want %s", got, want)
	}
}

// checkLayout checks the table's arrangement: the decks in a row along
// the far edge, the tiles in the middle, the rest nearest (regions: the
// region of each piece's name); no two different pieces in one place (a
// stack holds copies of one piece).
func checkLayout(t *testing.T, s *Save, regions map[string]int) {
	t.Helper()
	region := func(o Object) int {
		switch o.Name {
		case "DeckCustom", "Card":
			return 0
		case "Bag":
			return 2
		}
		return regions[o.Nickname]
	}
	type spot struct{ x, z float64 }
	at := map[spot]string{}
	lowest := [3]float64{1e9, 1e9, 1e9}
	highest := [3]float64{-1e9, -1e9, -1e9}
	for _, o := range s.ObjectStates {
		r := region(o)
		lowest[r] = min(lowest[r], o.Transform.PosZ)
		highest[r] = max(highest[r], o.Transform.PosZ)
		k := spot{o.Transform.PosX, o.Transform.PosZ}
		if other, ok := at[k]; ok && other != o.Nickname {
			t.Errorf("%q and %q lie at the same place %v", other, o.Nickname, k)
		}
		at[k] = o.Nickname
	}
	for r := 1; r < 3; r++ {
		if highest[r] > -1e9 && highest[r-1] > -1e9 && highest[r] >= lowest[r-1] {
			t.Errorf("region %d reaches z %.2f, above region %d from z %.2f", r, highest[r], r-1, lowest[r-1])
		}
	}
}
