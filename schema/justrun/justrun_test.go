package justrun

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema"
)

// loadJR loads a pack of a Just Run manifest (its rest after system:) and
// the given name/source pairs.
func loadJR(t *testing.T, manifest string, kv ...string) (*schema.Pack, []schema.Problem) {
	t.Helper()
	fsys := fstest.MapFS{"game.yaml": {Data: []byte("kind: Game\nid: jr\ntitle: JR\nsystem: just-run\ncomponents: []\n" + manifest)}}
	for i := 0; i+1 < len(kv); i += 2 {
		fsys[kv[i]] = &fstest.MapFile{Data: []byte(kv[i+1])}
	}
	return schema.LoadPackWith(fsys, "jr", schema.LoadOptions{Registry: testRegistry()})
}

func TestJustRunDefaults(t *testing.T) {
	p, probs := loadJR(t, "")
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	if p.Game.Settings[Key] != nil {
		t.Errorf("a manifest without justRun: decodes to %+v, want nil", p.Game.Settings[Key])
	}
	s := SettingsOf(p)
	if s.Players != (Players{2, 6}) || s.Inventory != 5 || s.Board != (Board{5, 10, 7}) {
		t.Errorf("defaults: players %+v, inventory %d, board %+v", s.Players, s.Inventory, s.Board)
	}
	if s.Placement.Rotation != "none" || s.Placement.EdgeDoors != "dead" || s.Placement.ExitAlignment != "on-reveal" || s.Setup.TilePools != "separate" {
		t.Errorf("placement defaults %+v, setup %+v", s.Placement, s.Setup)
	}
	if s.Simulation.Boards != 10000 || s.Simulation.Seed != 20200209 || strings.Join(s.Simulation.Policies, ",") != "explore,run" {
		t.Errorf("simulation defaults %+v", s.Simulation)
	}
	if v, ok := s.Simulation.Thresholds.LabReachable.MinFor(true); !ok || v != 0.75 {
		t.Errorf("lab threshold on the shorter board: %v %v", v, ok)
	}
	if v, ok := s.Simulation.Thresholds.ExitReachable.MinFor(true); !ok || v != 0.95 {
		t.Errorf("exit threshold on the shorter board: %v %v", v, ok)
	}
	if m := s.Simulation.Thresholds.ExhaustedBeforeExit.Max; m == nil || *m != 0.10 {
		t.Errorf("exhausted threshold %v", m)
	}
	if !s.IsNeutral("black") || s.IsNeutral("red") || s.Colour("purple") == nil || s.Colours[0].Ref.Exists() {
		t.Errorf("default palette %v", s.ColourIDs())
	}
	if s.Components.DoorDie != "door-die" || s.Components.Search != "search-cards" {
		t.Errorf("component defaults %+v", s.Components)
	}
	// A finding about a default value points at the manifest's system:.
	if pos := s.FieldRef("players", "max").Pos(); pos.Line != 4 {
		t.Errorf("default players.max at %s, want the system: line", pos)
	}
}

func TestJustRunSettingsOverDefaults(t *testing.T) {
	p, probs := loadJR(t, `justRun:
  players: {max: 4}
  colours:
    - {id: red, hex: "#ff0000"}
  placement: {rotation: free}
  simulation:
    policies: [run]
    thresholds:
      labReachable: {min: 0.8}
`)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	s := SettingsOf(p)
	if s.Players != (Players{2, 4}) {
		t.Errorf("players %+v, want min kept at 2 and max 4", s.Players)
	}
	if len(s.Colours) != 1 || s.Colours[0].Neutral || s.Colours[0].Symbol != "" || s.Colours[0].Hex != "#ff0000" {
		t.Errorf("a palette given replaces the default whole: %+v", s.Colours[0])
	}
	if got := s.Colours[0].Ref.Child("id").Pos(); got.Line != 9 || got.Col != 12 {
		t.Errorf("colour id at %s", got)
	}
	if s.Placement.Rotation != "free" || s.Placement.RotationChoice != "most-doors" || s.Placement.EdgeDoors != "dead" {
		t.Errorf("placement %+v", s.Placement)
	}
	if strings.Join(s.Simulation.Policies, ",") != "run" || s.Simulation.Boards != 10000 {
		t.Errorf("simulation %+v", s.Simulation)
	}
	lab := s.Simulation.Thresholds.LabReachable
	if v, _ := lab.MinFor(false); v != 0.8 {
		t.Errorf("lab min %v", v)
	}
	if v, _ := lab.MinFor(true); v != 0.75 {
		t.Errorf("lab minShorter %v, want the default kept", v)
	}
	if pos := s.FieldRef("players", "max").Pos(); pos.Line != 7 {
		t.Errorf("players.max at %s", pos)
	}
	if pos := s.FieldRef("players", "min").Pos(); pos.Line != 7 || pos.Col != 12 {
		t.Errorf("unwritten players.min at %s, want its block", pos)
	}
	// Each call returns its own value.
	s.Colours[0].ID = "changed"
	if SettingsOf(p).Colours[0].ID != "red" {
		t.Error("JustRun shares its colours between calls")
	}
}

func TestJustRunSchemaRejects(t *testing.T) {
	for _, c := range []struct {
		name, manifest string
		files          []string
		want           string
	}{
		{"single-value-key", "justRun:\n  setup: {tilePools: shared}\n", nil, "tilePools must be separate"},
		{"unknown-key", "justRun:\n  boardSize: 5\n", nil, `unknown field "boardSize"`},
		{"threshold-direction", "justRun:\n  simulation:\n    thresholds:\n      exitReachable: {max: 0.5}\n", nil, `unknown field "max"`},
		{"tile-side", "", []string{"tiles.yaml", "kind: TileSet\nid: rooms\nrole: room\ntiles:\n  - {id: a, count: 1, sides: {n: door, e: window, s: wall, w: wall}}\n"}, "e must be one of door, wall, main-exit"},
		{"tile-missing-side", "", []string{"tiles.yaml", "kind: TileSet\nid: rooms\nrole: room\ntiles:\n  - {id: a, count: 1, sides: {n: door, e: wall, s: wall}}\n"}, "w"},
		{"event-with-space", "", []string{"search.yaml", "kind: Deck\nid: search\ncardType: justrun/card\ncards:\n  - {id: ev, category: event, name: Ev, space: 1}\n"}, `unknown field "space"`},
		{"item-without-borders", "", []string{"search.yaml", "kind: Deck\nid: search\ncardType: justrun/card\ncards:\n  - {id: it, category: item, name: It, type: tool, space: 1}\n"}, "left"},
		{"combination-result", "", []string{"combos.yaml", "kind: Combinations\nid: c\ncombinations:\n  - {id: x, name: X, cards: [a, b], result: {type: laser, space: 1, attack: 0}}\n"}, "type must be one of"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, probs := loadJR(t, c.manifest, c.files...)
			var msgs []string
			for _, pr := range probs {
				msgs = append(msgs, pr.Pos.String()+" "+pr.Message)
				if pr.Pos.Line == 0 {
					t.Errorf("problem without a line: %v", pr)
				}
			}
			if !strings.Contains(strings.Join(msgs, "\n"), c.want) {
				t.Errorf("problems %q lack %q", msgs, c.want)
			}
		})
	}
}

func TestTileSet(t *testing.T) {
	p, probs := loadJR(t, "", "tiles.yaml", `kind: TileSet
id: exits
component: exit-tiles
role: exit
tiles:
  - {id: main, count: 1, sides: {n: main-exit, e: door, s: wall, w: wall}}
  - {id: side, name: Side Exit, count: 4, spawn: false, sides: {n: wall, e: wall, s: door, w: door}}
`)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	sets := TileSets(p)
	if len(sets) != 1 || sets[0].Total() != 5 || sets[0].Role != TileExit {
		t.Fatalf("tile sets %+v", sets)
	}
	main, side := sets[0].Tiles[0], sets[0].Tiles[1]
	if main.Doors() != 2 || !main.IsOpen("n") || main.IsOpen("s") || side.Doors() != 2 {
		t.Errorf("doors: main %d, side %d", main.Doors(), side.Doors())
	}
	if !main.Spawns() || side.Spawns() {
		t.Errorf("spawns: main %v (exit tiles spawn unless told), side %v", main.Spawns(), side.Spawns())
	}
	if got := main.SideRef("n").Pos().String(); got != "jr/tiles.yaml:6:37" {
		t.Errorf("main's n side at %s", got)
	}
	if OppositeSide("n") != "s" || OppositeSide("e") != "w" || OppositeSide("x") != "" {
		t.Error("OppositeSide")
	}
	if got := TilesOf(p, TileExit); len(got) != 2 || len(TilesOf(p, TileRoom)) != 0 {
		t.Errorf("TilesOf: %d exit tiles", len(got))
	}
	f := sets[0].Facts()
	if len(f.Copies) != 1 || f.Copies[0].Copies != 5 || f.Copies[0].Component != "exit-tiles" || f.Copies[0].What != `tile set "exits"` {
		t.Errorf("copies %+v: a tile set counts its copies towards its component", f.Copies)
	}
	if len(f.Items) != 2 || f.Items[1].What != "tile" || len(f.Texts) != 1 || f.Texts[0].Text != "Side Exit" {
		t.Errorf("items %+v, texts %+v", f.Items, f.Texts)
	}
	if !f.Printed || !f.Backs || strings.Join(f.Outputs, " ") != "exits.pdf preview/exits.png" {
		t.Errorf("printed %v, backs %v, outputs %v: a tile set prints <id>.pdf with backs, and a preview", f.Printed, f.Backs, f.Outputs)
	}
	if file, _ := testRegistry().SchemaFileOf("TileSet"); file != "just-run-tiles.schema.json" {
		t.Errorf("TileSet's schema is %s", file)
	}
	if testRegistry().KindNoun(sets[0]) != "tile set" {
		t.Errorf("noun %q", testRegistry().KindNoun(sets[0]))
	}
}

func TestCombinations(t *testing.T) {
	p, probs := loadJR(t, "", "combos.yaml", `kind: Combinations
id: combos
combinations:
  - {id: spear, name: Spear, cards: [mop, scissors], result: {type: melee, space: 2, attack: 2}, text: "A {zombie} skewer."}
  - {id: vile, name: Vile Disguise, cards: [rags], token: dead-zombie-tokens, result: {type: clothing, space: 1, attack: 0, wearTear: true}}
`)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	cs := Combinations(p)
	if len(cs) != 2 || cs[0].Result.Attack != 2 || cs[1].Token != "dead-zombie-tokens" || !cs[1].Result.WearTear || cs[1].List.ID != "combos" {
		t.Fatalf("combinations %+v", cs)
	}
	if got := cs[0].CardRef(1).Pos().String(); got != "jr/combos.yaml:4:43" {
		t.Errorf("spear's second card at %s", got)
	}
	if got := cs[0].ResultRef("attack").Pos().String(); got != "jr/combos.yaml:4:94" {
		t.Errorf("spear's attack at %s", got)
	}
	f := schema.ElementsOf[*CombinationList](p)[0].Facts()
	if f.Printed || len(f.Copies) != 0 || len(f.Items) != 2 || len(f.Texts) != 3 {
		t.Errorf("facts %+v", f)
	}
	if file, _ := testRegistry().SchemaFileOf("Combinations"); file != "just-run-combinations.schema.json" {
		t.Errorf("Combinations' schema is %s", file)
	}
}

func TestJustRunCardTypes(t *testing.T) {
	for _, name := range []string{"justrun/card", "justrun/scenario"} {
		sys, ok := testRegistry().CardTypeSystem(name)
		if !ok || sys != System {
			t.Errorf("%s: system %q, %v", name, sys, ok)
		}
	}
	got := strings.Join(testRegistry().CardTypesFor(System), ",")
	if got != "generic,justrun/card,justrun/scenario" {
		t.Errorf("card types of just-run: %s", got)
	}
}

func TestJRDeckRole(t *testing.T) {
	s := Defaults()
	for _, c := range []struct {
		deck schema.Deck
		want string
	}{
		{schema.Deck{ID: "x", Component: "search-cards"}, "search"},
		{schema.Deck{ID: "supplies"}, "supplies"},
		{schema.Deck{ID: "scavenge", Component: "other"}, ""},
		{schema.Deck{ID: "y"}, ""},
	} {
		if got := s.DeckRole(&c.deck); got != c.want {
			t.Errorf("deck %+v plays %q, want %q", c.deck, got, c.want)
		}
	}
}

// A pack extending a Just Run pack takes the base's justRun: block unless it
// writes its own, which then replaces it whole.
func TestJustRunSettingsExtend(t *testing.T) {
	base := fstest.MapFS{"game.yaml": {Data: []byte("kind: Game\nid: base\ntitle: B\nsystem: just-run\ncomponents: []\njustRun:\n  players: {max: 4}\n")}}
	for _, c := range []struct {
		name, own string
		want      int
	}{
		{"inherits", "", 4},
		{"own-block", "justRun:\n  players: {max: 5}\n", 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			over := fstest.MapFS{"game.yaml": {Data: []byte("kind: Game\nid: over\ntitle: O\nsystem: just-run\nextends: base\n" + c.own)}}
			p, probs := schema.LoadPackWith(over, "over", schema.LoadOptions{Registry: testRegistry(), Base: func(name string) (fs.FS, bool) { return base, name == "base" }})
			if len(probs) > 0 {
				t.Fatal(probs)
			}
			if got := SettingsOf(p).Players.Max; got != c.want {
				t.Errorf("players.max %d, want %d", got, c.want)
			}
		})
	}
}

// testRegistry holds Just Run's part of the content model.
func testRegistry() *schema.Registry {
	return schema.NewRegistry(Schema)
}
