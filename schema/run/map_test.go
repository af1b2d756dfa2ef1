package run

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files of the schema tests")

// loadRunMaps loads the pack of the two illustrative maps (the base map
// and its variant).
func loadRunMaps(t *testing.T) *schema.Pack {
	t.Helper()
	p, probs := loadPack(os.DirFS("testdata/run"), "testdata/run")
	if p == nil || len(probs) > 0 {
		t.Fatalf("the illustrative maps do not load clean: %v", probs)
	}
	return p
}

func TestIllustrativeMapsLoad(t *testing.T) {
	p := loadRunMaps(t)
	maps := Maps(p)
	if len(maps) != 2 {
		t.Fatalf("%d maps, want 2", len(maps))
	}
	for _, m := range maps {
		if m.Grid == nil {
			t.Fatalf("map %s: no grid from %d picture rows", m.ID, len(m.Picture.Rows))
		}
		if len(m.Spawns) != 8 || len(m.Stashes) != 4 || len(m.SafeHouses) != 2 || len(m.Helipads) != 1 {
			t.Errorf("map %s: %d spawns, %d stashes, %d safe houses, %d helipads", m.ID,
				len(m.Spawns), len(m.Stashes), len(m.SafeHouses), len(m.Helipads))
		}
	}
	if maps[0].HasWater() || !maps[1].HasWater() {
		t.Errorf("water: base %v, water %v", maps[0].HasWater(), maps[1].HasWater())
	}
	if got := maps[1].Access[3].Ref.Child("to").Pos().String(); got != "testdata/run/water.yaml:24:32" {
		t.Errorf("water map's 4th access to: at %s", got)
	}
}

// dumpGrid writes one line per space: cell, symbol, level, flags and the
// symbol's position.
func dumpGrid(g *MapGrid) string {
	var b strings.Builder
	for r := range g {
		for c := range g[r] {
			s := g[r][c]
			var flags []string
			for _, f := range []struct {
				on   bool
				name string
			}{{s.Building, "building"}, {s.Water, "water"}, {s.Ice, "ice"}, {s.Bridge, "bridge"}, {s.Current != "", "current-" + s.Current}} {
				if f.on {
					flags = append(flags, f.name)
				}
			}
			fmt.Fprintf(&b, "%s %q level %d [%s] at %s\n", s.Cell, s.Symbol, s.Level, strings.Join(flags, ","), s.Pos)
		}
	}
	return b.String()
}

func TestIllustrativeMapGridGolden(t *testing.T) {
	m := Maps(loadRunMaps(t))[1]
	got := dumpGrid(m.Grid)
	golden := filepath.Join("testdata", "run", "water.grid.golden")
	if *updateGolden {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./schema -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("grid of map %s differs from %s:\n%s", m.ID, golden, got)
	}
}

// loadMap loads one Map file (beside a minimal run manifest) and returns it.
func loadMap(t *testing.T, src string) *Map {
	t.Helper()
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte("kind: Game\nid: m\ntitle: M\nsystem: run\ncomponents: []\n")},
		"map.yaml":  {Data: []byte(src)},
	}
	p, probs := loadPack(fsys, "p")
	if p == nil || len(probs) > 0 {
		t.Fatalf("map does not load: %v", probs)
	}
	return Maps(p)[0]
}

func mapWithLevels(levels string) string {
	return "kind: Map\nid: m\ncard: 1\nside: a\nlegend:\n  '2': {level: 2}\n  '#': {level: 2, building: true}\nlevels: " + levels
}

// TestPicture checks how the picture is read and where each word is placed.
func TestPicture(t *testing.T) {
	cases := []struct {
		name, levels string
		// rows are the rows read: the label (if any), "|", the symbols.
		rows []string
		// at is the position of the first symbol of the first row.
		at  string
		ok  bool
		pos string // position of the last symbol of the last row
	}{
		{"header and row numbers", "|\n  #  A B C D E F\n  1  . . . . . .\n  2  . # 2 . . .\n  3  . . . . . .\n  4  . . . . . .\n  5  . . . . . .\n  6  ~ ~ ~ ~ ~ v\n",
			[]string{"1|. . . . . .", "2|. # 2 . . .", "3|. . . . . .", "4|. . . . . .", "5|. . . . . .", "6|~ ~ ~ ~ ~ v"}, "p/map.yaml:10:6", true, "p/map.yaml:15:16"},
		{"no header, no numbers, blank lines", "|\n\n    # # . . . .\n    . . . . . .\n\n    . . . . . .\n    . . . . . .\n    . . . . . .\n    2 2 2 2 2 2\n",
			[]string{"|# # . . . .", "|. . . . . .", "|. . . . . .", "|. . . . . .", "|. . . . . .", "|2 2 2 2 2 2"}, "p/map.yaml:10:5", true, "p/map.yaml:16:15"},
		{"a row number that is a symbol, before 6 symbols", "|\n  2 . . . . . .\n  2 2 2 2 2 2\n",
			[]string{"2|. . . . . .", "|2 2 2 2 2 2"}, "p/map.yaml:9:5", false, "p/map.yaml:10:13"},
		{"a row number before too few symbols", "|\n  3 . . . .\n",
			[]string{"3|. . . ."}, "p/map.yaml:9:5", false, "p/map.yaml:9:11"},
		{"explicit indentation keeps the extra spaces", "|2\n     . . x\n",
			[]string{"|. . x"}, "p/map.yaml:9:6", false, "p/map.yaml:9:10"},
		{"CRLF line ends", "|\r\n  . . .\r\n  . . .\r\n",
			[]string{"|. . .", "|. . ."}, "p/map.yaml:9:3", false, "p/map.yaml:10:7"},
		{"a plain scalar is placed at its start", "\". . .\"\n",
			[]string{"|. . ."}, "p/map.yaml:8:9", false, "p/map.yaml:8:9"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := mapWithLevels(c.levels)
			if strings.Contains(c.levels, "\r\n") {
				src = strings.ReplaceAll(src, "\n", "\r\n")
				src = strings.ReplaceAll(src, "\r\r\n", "\r\n")
			}
			m := loadMap(t, src)
			var rows []string
			for _, r := range m.Picture.Rows {
				label := ""
				if r.Label != nil {
					label = r.Label.Text
				}
				var syms []string
				for _, s := range r.Symbols {
					syms = append(syms, s.Text)
				}
				rows = append(rows, label+"|"+strings.Join(syms, " "))
			}
			if strings.Join(rows, "\n") != strings.Join(c.rows, "\n") {
				t.Fatalf("rows\n%s\nwant\n%s", strings.Join(rows, "\n"), strings.Join(c.rows, "\n"))
			}
			if got := m.Picture.Rows[0].Symbols[0].Pos.String(); got != c.at {
				t.Errorf("first symbol at %s, want %s", got, c.at)
			}
			last := m.Picture.Rows[len(m.Picture.Rows)-1]
			if got := last.Symbols[len(last.Symbols)-1].Pos.String(); got != c.pos {
				t.Errorf("last symbol at %s, want %s", got, c.pos)
			}
			if (m.Grid != nil) != c.ok {
				t.Errorf("grid resolved: %v, want %v", m.Grid != nil, c.ok)
			}
		})
	}
}

func TestMapLegendOverrides(t *testing.T) {
	m := loadMap(t, mapWithLevels("|\n  # 2 . . . .\n"+strings.Repeat("  . . . . . .\n", 5)))
	if m.Grid == nil {
		t.Fatal("no grid")
	}
	roof, terrain := m.Grid.At(Cell{0, 0}), m.Grid.At(Cell{1, 0})
	if !roof.Building || roof.Level != 2 || roof.Ref.Pointer != "/legend/#" {
		t.Errorf("# is %+v, want the map's level-2 building", roof.MapSymbol)
	}
	if terrain.Building || terrain.Level != 2 {
		t.Errorf("2 is %+v, want terrain at level 2", terrain.MapSymbol)
	}
	if got := m.Grid.At(Cell{2, 5}); got.Level != 0 || got.Ref.Exists() {
		t.Errorf(". is %+v, want the built-in ground", got.MapSymbol)
	}
	if m.Grid.At(Cell{6, 0}) != nil {
		t.Error("a cell off the map has a space")
	}
}

func TestParseCell(t *testing.T) {
	for _, c := range []struct {
		in string
		ok bool
	}{{"A1", true}, {"F6", true}, {"C3", true}, {"G1", false}, {"A7", false}, {"A0", false}, {"a1", false}, {"A10", false}, {"", false}} {
		cell, ok := ParseCell(c.in)
		if ok != c.ok || (ok && cell.String() != c.in) {
			t.Errorf("ParseCell(%q) = %v, %v", c.in, cell, ok)
		}
	}
}

func TestMapFacts(t *testing.T) {
	m := loadMap(t, "kind: Map\nid: m\ncomponent: map-cards\ncard: 3\nside: b\nname: Docks\nlevels: |\n  . . .\nrulesText:\n  - {text: \"No {hook} here.\"}\n")
	f := m.Facts()
	if !f.Printed || !f.Backs || len(f.Outputs) != 1 || f.Outputs[0] != "preview/m.png" {
		t.Errorf("a map prints %v (backs %v), outputs %v; want printed on the kit's maps.pdf with backs, and its preview", f.Printed, f.Backs, f.Outputs)
	}
	if len(f.Copies) != 1 || f.Copies[0].Copies != 1 || f.Copies[0].Component != "map-cards" || f.Copies[0].What != `map "m" (card 3 side b)` {
		t.Errorf("copies %+v, want one card of map-cards", f.Copies)
	}
	if len(f.Texts) != 2 || f.Texts[1].Text != "No {hook} here." || f.Texts[1].Ref.Pos().Line != 10 {
		t.Errorf("texts %+v", f.Texts)
	}
	if file, _ := testRegistry().SchemaFileOf("Map"); file != "run-map.schema.json" {
		t.Errorf("Map's schema is %s", file)
	}
}

// testRegistry holds RUN's part of the content model.
func testRegistry() *schema.Registry {
	return schema.NewRegistry(Schema)
}

// loadPack loads a pack with RUN's part of the content model.
func loadPack(fsys fs.FS, root string) (*schema.Pack, []schema.Problem) {
	return schema.LoadPackWith(fsys, root, schema.LoadOptions{Registry: testRegistry()})
}
