package kit

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/gamestest"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	"github.com/runforge/runforge/schema/schematest"
)

// loadAddOn loads the pack in the folder dir with every bundled game and
// the bundled packs to extend, and fails t on any problem.
func loadAddOn(t *testing.T, dir string) *schema.Pack {
	t.Helper()
	p, probs := schematest.LoadPackWith(os.DirFS(dir), filepath.Base(dir), schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return p
}

// bundled loads a bundled pack, with the packs it extends.
func bundled(t *testing.T, name string) *schema.Pack {
	t.Helper()
	return loadAddOn(t, filepath.Join("..", "..", "data", name))
}

// bundledFile reads a file of a bundled pack, to copy it into an add-on.
func bundledFile(t *testing.T, pack, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "data", pack, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// addOnPack writes an add-on of the bundled pack base (game.yaml and the
// given files) into a folder of the test and loads it.
func addOnPack(t *testing.T, base, system string, files map[string]string) *schema.Pack {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "addon")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files["game.yaml"] = "kind: Game\nid: addon\ntitle: House rules\nsystem: " + system + "\nextends: " + base + "\n"
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return loadAddOn(t, dir)
}

// printedAs says what PrintedHere gives of an element: "-" (nothing),
// "whole", "cards a b" or "boards a b" (a part), "alone" (on sheets of its
// own, its host not printed).
func printedAs(e, x schema.Element) string {
	switch {
	case x == nil:
		return "-"
	case x == e:
		return "whole"
	}
	var out []string
	switch x := x.(type) {
	case *schema.Deck:
		d := e.(*schema.Deck)
		if len(x.Cards) < len(d.Cards) {
			out = append(out, "cards")
			for _, c := range x.Cards {
				out = append(out, c.ID)
			}
		}
		if x.PrintWith == "" && d.PrintWith != "" {
			out = append(out, "alone")
		}
	case *schema.Sheet:
		if x.PrintWith == "" && e.(*schema.Sheet).PrintWith != "" {
			out = append(out, "alone")
		}
	case *rfodschema.PlayerBoardSet:
		out = append(out, "boards")
		for _, b := range x.Boards {
			out = append(out, b.ID)
		}
	}
	return strings.Join(out, " ")
}

// TestPrintedHere: a pack that extends none prints every element; an
// add-on prints what it adds or replaces whole, of a deck or player boards
// it merges only the cards or boards it writes (the whole deck when it
// changes how every card prints, its back or its template), both sides of
// a RUN map card when it changes one, and on pages of their own the pieces
// whose host (printWith:) it does not print.
func TestPrintedHere(t *testing.T) {
	event := func(id, name string) string {
		return "  - id: " + id + "\n    count: 1\n    name: " + name + "\n    icons: [zombies]\n    text: \"Place 1 {zombie} on your space.\"\n"
	}
	events := "kind: Deck\nid: events\ncardType: rfyl/event\n"
	type elem struct{ kind, id, want string }
	tests := []struct {
		name  string
		pack  func(t *testing.T) *schema.Pack
		elems []elem
	}{
		{"a pack that extends none", func(t *testing.T) *schema.Pack { return bundled(t, "run") },
			[]elem{{"Deck", "backup-cards", "whole"}, {"Map", "map-1a", "whole"}, {"Sheet", "tile-stun-gun", "whole"}}},
		{"run-promo adds map 5b", func(t *testing.T) *schema.Pack { return bundled(t, "run-promo") },
			[]elem{{"Map", "map-5b", "whole"}, {"Map", "map-1a", "-"}, {"Deck", "backup-cards", "-"}, {"Tokens", "action-tokens", "-"}, {"Sheet", "tile-stun-gun", "-"}}},
		{"the campaign adds decks, mats and a token", func(t *testing.T) *schema.Pack {
			return bundled(t, "run-fight-or-die-reloaded-campaign")
		}, []elem{{"Deck", "trauma", "whole"}, {"Deck", "upgrades", "whole"}, {"Deck", "experience", "whole"}, {"Mats", "location-mats", "whole"},
			{"Tokens", "campaign-tokens", "whole"}, {"Deck", "followers", "-"}, {"PlayerBoards", "characters", "-"}, {"Dice", "dice", "-"}}},
		{"a fixture that replaces one card", func(t *testing.T) *schema.Pack { return loadAddOn(t, "testdata/house-rules") },
			[]elem{{"Deck", "events", "cards ev-lone-shambler"}, {"Deck", "determination", "-"}, {"Tokens", "tokens", "-"}}},
		{"a card removed and one added", func(t *testing.T) *schema.Pack {
			return addOnPack(t, "run-for-your-life", "run-for-your-life", map[string]string{
				"events.yaml": events + "cards:\n  - id: ev-roadblock\n    remove: true\n" + event("ev-new", "New"),
			})
		}, []elem{{"Deck", "events", "cards ev-new"}}},
		{"a deck whose back the add-on writes", func(t *testing.T) *schema.Pack {
			return addOnPack(t, "run-for-your-life", "run-for-your-life", map[string]string{
				"events.yaml": events + "back: rfyl-event-back\ncards:\n" + event("ev-roadblock", "Roadblock"),
			})
		}, []elem{{"Deck", "events", "whole"}, {"Deck", "blood", "-"}}},
		{"a template the add-on changes", func(t *testing.T) *schema.Pack {
			return addOnPack(t, "run-for-your-life", "run-for-your-life", map[string]string{
				"templates.yaml": "kind: Templates\ntemplates:\n  - id: rfyl-event\n    extends: rfyl-event\n    background: \"#f4f4f4\"\n",
			})
		}, []elem{{"Deck", "events", "whole"}, {"Deck", "determination", "-"}, {"Deck", "blood", "-"}}},
		{"one side of a RUN map card", func(t *testing.T) *schema.Pack {
			return addOnPack(t, "run", "run", map[string]string{
				"map-1b.yaml": strings.Replace(bundledFile(t, "run", "map-1b.yaml"), "name: Tenement Row", "name: Tenement Rows", 1),
			})
		}, []elem{{"Map", "map-1a", "whole"}, {"Map", "map-1b", "whole"}, {"Map", "map-2a", "-"}}},
		{"a tile that prints with a tile of the base", func(t *testing.T) *schema.Pack {
			return addOnPack(t, "run", "run", map[string]string{
				"tile-stun-gun.yaml": strings.Replace(bundledFile(t, "run", "tile-stun-gun.yaml"), "STUN GUN", "TASER", 1),
			})
		}, []elem{{"Sheet", "tile-stun-gun", "alone"}, {"Sheet", "action-tiles", "-"}, {"Sheet", "tile-floodlight", "-"}}},
		{"one character of the base's boards", func(t *testing.T) *schema.Pack {
			base := bundledFile(t, "run-fight-or-die-reloaded", "characters.yaml")
			start := strings.Index(base, "  - id: the-coach")
			end := strings.Index(base, "  - id: the-ex-cop")
			return addOnPack(t, "run-fight-or-die-reloaded", "run-fight-or-die-reloaded", map[string]string{
				"characters.yaml": "kind: PlayerBoards\nid: characters\nboardType: rfodr/character\nboards:\n" +
					strings.Replace(base[start:end], "The Coach", "The Head Coach", 1),
			})
		}, []elem{{"PlayerBoards", "characters", "boards the-coach"}, {"PlayerBoards", "zombie-boards", "-"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.pack(t)
			for _, el := range tt.elems {
				var e schema.Element
				for _, x := range p.Elements {
					if x.Kind() == el.kind && x.ElementID() == el.id {
						e = x
					}
				}
				if e == nil {
					t.Fatalf("no %s %q in the pack", el.kind, el.id)
				}
				if got := printedAs(e, PrintedHere(p, e)); got != el.want {
					t.Errorf("%s %q: printed %q, want %q", el.kind, el.id, got, el.want)
				}
			}
		})
	}
}

// TestAddOnKits: the kit of each bundled add-on, and of the fixture that
// replaces one card, holds exactly what the pack adds or changes (the
// calibration sheet aside), and its components.txt names the kit it needs
// and where each component is; --with-base prints the whole pack.
func TestAddOnKits(t *testing.T) {
	r, err := generator.NewRenderer(false, gamestest.All()...)
	if err != nil {
		t.Fatal(err)
	}
	opts := generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Bleed: 3, CropMarks: true, Duplex: layout.LongEdge,
		Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	tests := []struct {
		name      string
		pack      func(t *testing.T) *schema.Pack
		files     map[string]int // PDF pages of each file but calibration.pdf
		withBase  int            // pages of every PDF but calibration.pdf with --with-base
		index     []string       // lines of components.txt
		baseIndex []string       // lines of components.txt with --with-base
		partial   []string       // files of elements printed in part
	}{
		{"run-promo", func(t *testing.T) *schema.Pack { return bundled(t, "run-promo") },
			map[string]int{"maps.pdf": 4}, 38,
			[]string{
				"It needs the RUN kit (the folder run/ beside this one; runforge build run) for everything else.",
				"Printed by this kit:\n  1 x Promo map card 5 (side 5b only) [printed]\n      printed in: maps.pdf (pages 1-4)\n",
				"In the RUN kit (run/), on the files and pages that kit prints them on:\n  2 x Screens (one per player) [in the RUN kit]\n" +
					"      printed in the RUN kit: screen-dispatch.pdf (page 1); screen-runner.pdf (page 1)\n  8 x Map cards (double-sided) [in the RUN kit]\n",
				"Not printed by any kit:\n 24 x Dispatch tracking cubes [NOT PRINTED]\n",
				"    card 5: 5b Frozen Harbour (one side only; the pack has no other side), 2 copies (pages 1-4)\n",
				"- tokens.pdf: every token of the kit; cut along the grey outlines\n",
			},
			[]string{"  1 x Promo map card 5 (side 5b only) [printed]\n", "    card 1: 1a Midnight Market / 1b Tenement Row, 2 copies (pages 1-4)\n"}, nil},
		{"run-fight-or-die-reloaded-campaign", func(t *testing.T) *schema.Pack { return bundled(t, "run-fight-or-die-reloaded-campaign") },
			map[string]int{"actions.pdf": 4, "trauma.pdf": 4, "upgrades.pdf": 2, "location-mats.pdf": 8, "tokens.pdf": 1}, 55,
			[]string{
				"It needs the Run, Fight, or Die: Reloaded kit (the folder run-fight-or-die-reloaded/ beside this one; runforge build run-fight-or-die-reloaded) for everything else.",
				"Printed by this kit:\n 15 x Trauma Cards [printed]\n",
				"In the Run, Fight, or Die: Reloaded kit (run-fight-or-die-reloaded/), on the files and pages that kit prints them on:\n  6 x Custom Action Dice [in the Run, Fight, or Die: Reloaded kit]\n",
				"- odds.pdf: the odds card",
				"this kit's tokens.pdf holds only what this pack adds or changes",
			},
			[]string{" 15 x Trauma Cards [printed]\n"}, nil},
		{"a fixture that replaces one card", func(t *testing.T) *schema.Pack { return loadAddOn(t, "testdata/house-rules") },
			map[string]int{"events.pdf": 2}, 62,
			[]string{
				"Printed by this kit:\n  3 x Event Cards [printed: 3 of 72, what this pack changes or adds]\n",
				" 69 x Event Cards [in the Run For Your Life kit: 69 of 72, all but what this kit prints]\n",
				"replaces the base kit's Lone Shambler (ev-lone-shambler, 3 copies) with Lone Sprinter (ev-lone-shambler, 3 copies)",
				"    3 cards, 63.5x88.9mm, 9 a sheet\n",
				"- events.pdf: Event Cards, but for what this kit's events.pdf replaces\n",
			},
			[]string{" 72 x Event Cards [printed]\n", "    72 cards, 63.5x88.9mm, 9 a sheet\n"}, []string{"events.pdf"}},
		{"a tile whose host the add-on does not print", func(t *testing.T) *schema.Pack {
			return addOnPack(t, "run", "run", map[string]string{
				"tile-stun-gun.yaml": strings.Replace(bundledFile(t, "run", "tile-stun-gun.yaml"), "STUN GUN", "TASER", 1),
			})
		}, map[string]int{"tile-stun-gun.pdf": 2}, 36,
			[]string{
				"  1 x Dispatch action tiles (two-sided) [printed: 1 of 5, what this pack changes or adds]\n",
				"  4 x Dispatch action tiles (two-sided) [in the RUN kit: 4 of 5, all but what this kit prints]\n",
				"    on pages of its own: the base kit prints it with \"action-tiles\", which this kit does not reprint\n",
				"- action-tiles.pdf: Action tile: Scan row\n",
			}, nil, nil},
		{"an add-on that prints nothing", func(t *testing.T) *schema.Pack {
			return addOnPack(t, "run", "run", map[string]string{})
		}, map[string]int{}, 34, []string{"Files of this kit:\n(none: this pack adds or changes nothing that prints)\n"}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.pack(t)
			pr, err := r.ForPack(p)
			if err != nil {
				t.Fatal(err)
			}
			outs := map[bool]string{}
			for _, withBase := range []bool{false, true} {
				out := t.TempDir()
				outs[withBase] = out
				arts, err := Build(pr, p, generator.BuildOptions{Print: opts, OutDir: out, WithBase: withBase})
				if err != nil {
					t.Fatal(err)
				}
				got, pages := map[string]int{}, 0
				for _, a := range arts {
					if strings.HasSuffix(a.Path, ".pdf") && a.Path != "calibration.pdf" && a.Path != printRunPath {
						got[a.Path] = a.Pages
						pages += a.Pages
					}
				}
				index, err := os.ReadFile(filepath.Join(out, p.Game.ID, "components.txt"))
				if err != nil {
					t.Fatal(err)
				}
				lines := tt.index
				if withBase {
					lines = tt.baseIndex
					if pages != tt.withBase {
						t.Errorf("--with-base: %d pages (%v), want %d", pages, got, tt.withBase)
					}
					if strings.Contains(string(index), "add-on") {
						t.Errorf("--with-base: components.txt speaks of an add-on:\n%s", index)
					}
				} else if !maps.Equal(got, tt.files) {
					t.Errorf("files %v, want %v", got, tt.files)
				}
				for _, l := range lines {
					if !strings.Contains(string(index), l) {
						t.Errorf("with base %v: components.txt lacks %q:\n%s", withBase, l, index)
					}
				}
			}
			// A file the add-on's kit prints whole is the one the whole
			// pack's kit prints: its cards see the whole pack (a Trauma card
			// names locations of the extended pack).
			for path := range tt.files {
				kitWide := slices.Contains(OwnFiles(r), path)
				if kitWide || slices.Contains(tt.partial, path) {
					continue
				}
				a, errA := os.ReadFile(filepath.Join(outs[false], p.Game.ID, path))
				b, errB := os.ReadFile(filepath.Join(outs[true], p.Game.ID, path))
				if errB != nil {
					continue // printed on a host's sheets in the whole kit
				}
				if errA != nil || !bytes.Equal(a, b) {
					t.Errorf("%s differs from the whole kit's (%v)", path, errA)
				}
			}
			// Every base file the index sends the reader to exists: the
			// whole pack's kit, ganged as the base kit is, has it.
			index, err := os.ReadFile(filepath.Join(outs[false], p.Game.ID, "components.txt"))
			if err != nil {
				t.Fatal(err)
			}
			_, rest, found := strings.Cut(string(index), "what this kit does not print:\n")
			for _, l := range strings.Split(rest, "\n") {
				if !found || !strings.HasPrefix(l, "- ") {
					break
				}
				path, _, _ := strings.Cut(strings.TrimPrefix(l, "- "), ":")
				if _, err := os.Stat(filepath.Join(outs[true], p.Game.ID, path)); err != nil {
					t.Errorf("components.txt names the base kit's %s, which no kit has: %q", path, l)
				}
			}
		})
	}
}

// TestAddOnIndexBasePages builds each add-on's kit and the kit of the pack
// it extends: the add-on's index names, for every component that kit
// holds, the files and pages that kit's own index names.
func TestAddOnIndexBasePages(t *testing.T) {
	r, err := generator.NewRenderer(false, gamestest.All()...)
	if err != nil {
		t.Fatal(err)
	}
	opts := generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Bleed: 3, CropMarks: true, Duplex: layout.LongEdge,
		Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	index := func(t *testing.T, p *schema.Pack) string {
		t.Helper()
		pr, err := r.ForPack(p)
		if err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		if _, err := Build(pr, p, generator.BuildOptions{Print: opts, OutDir: out}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(out, p.Game.ID, "components.txt"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// places reads the lines "  N x name [...]" of an index, each with the
	// line under it that starts with prefix, and gives what follows it.
	places := func(text, prefix string) map[string]string {
		out := map[string]string{}
		name := ""
		for _, l := range strings.Split(text, "\n") {
			if _, rest, ok := strings.Cut(l, " x "); ok && strings.HasPrefix(l, " ") && strings.Contains(rest, " [") {
				name, _, _ = strings.Cut(rest, " [")
				continue
			}
			if where, ok := strings.CutPrefix(strings.TrimSpace(l), prefix); ok && name != "" {
				out[name] = where
			}
		}
		return out
	}
	for _, tt := range []struct {
		addOn, base string
		min         int // base components the add-on's index places at least
	}{
		{"run-promo", "run", 21},
		{"run-fight-or-die-reloaded-campaign", "run-fight-or-die-reloaded", 13},
	} {
		t.Run(tt.addOn, func(t *testing.T) {
			p := bundled(t, tt.addOn)
			addOn, base := index(t, p), index(t, bundled(t, tt.base))
			want := places(base, "printed in: ")
			got := places(addOn, "printed in the "+p.Bases[0].Title+" kit: ")
			if len(got) < tt.min {
				t.Errorf("the add-on's index places %d of the base kit's components, want %d or more:\n%s", len(got), tt.min, addOn)
			}
			for name, where := range got {
				if want[name] != where {
					t.Errorf("%s: the add-on's index says %q, the %s kit's own index %q", name, where, tt.base, want[name])
				}
			}
			_, rest, _ := strings.Cut(addOn, "on the files and pages that kit prints them on:\n")
			section, _, _ := strings.Cut(rest, "\n\n")
			for _, l := range strings.Split(section, "\n") {
				if name, _, ok := strings.Cut(l, " ["); ok && strings.Contains(l, " x ") {
					_, name, _ = strings.Cut(name, " x ")
					if _, ok := got[name]; !ok && want[name] != "" {
						t.Errorf("%s: the add-on's index does not say where the base kit prints it (%s)", name, want[name])
					}
				}
			}
		})
	}
}

// TestAddOnIndexWritesNoBaseKit: an add-on's index counts the pages of
// the kit of the pack it extends without writing that kit anywhere: with
// no temporary folder to be had, the add-on's kit still builds, and its
// index names the base kit's pages.
func TestAddOnIndexWritesNoBaseKit(t *testing.T) {
	r, err := generator.NewRenderer(false, gamestest.All()...)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		layout generator.Layout
	}{
		{"run-promo", generator.LayoutSheet},
		{"run-fight-or-die-reloaded-campaign", generator.LayoutSheet},
		// The press layout's card pictures are files a job writes
		// itself, not to a writer: they are not rendered at all.
		{"run-promo", generator.LayoutPress},
	} {
		name := tt.name
		opts := generator.PrintOptions{Paper: layout.Papers["letter"], Margin: layout.DefaultMargin, Bleed: 3, CropMarks: true, Duplex: layout.LongEdge,
			Layout: tt.layout, Created: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
		t.Run(name+"/"+string(tt.layout), func(t *testing.T) {
			p := bundled(t, name)
			pr, err := r.ForPack(p)
			if err != nil {
				t.Fatal(err)
			}
			out := t.TempDir()
			t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "no-such-folder"))
			if _, err := Build(pr, p, generator.BuildOptions{Print: opts, OutDir: out}); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(out, name, "components.txt"))
			if err != nil {
				t.Fatal(err)
			}
			if want := "      printed in the " + p.Bases[0].Title + " kit: "; !strings.Contains(string(b), want) {
				t.Errorf("components.txt names no page of the base kit (%q):\n%s", want, b)
			}
		})
	}
}
