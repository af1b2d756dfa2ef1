package main

// A sixth game, defined here and nowhere else: what adding a game takes.
// "Lighthouse Run" (system lighthouse) brings a content kind of its own
// (Beacons: lights with a range), a card type (lighthouse/keeper, drawn
// with the built-in generic templates), one rule (lighthouse/beacon-range)
// and one renderer (beacons.pdf). Its pack is testdata/sixth-game, with a
// two-card deck. The test registers the game by appending one line to the
// registration list, then validates and builds the pack through the
// command, and no other file of runforge knows the game.

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/cmd/runforge/internal/games"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
)

// lighthouseSystem is the sixth game's system: value.
const lighthouseSystem = "lighthouse"

// beaconSet is an element of the Beacons kind.
type beaconSet struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Component string   `json:"component"`
	Beacons   []beacon `json:"beacons"`
	ref       schema.Ref
}

// beacon is one light of a set.
type beacon struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Range int    `json:"range"`
}

func (s *beaconSet) Kind() string       { return "Beacons" }
func (s *beaconSet) ElementID() string  { return s.ID }
func (s *beaconSet) Source() schema.Ref { return s.ref }

// Facts: the set is named by its name:, else its id; each beacon is one copy of the set's component, has a pack-wide
// id and prints its name; the set prints beacons.pdf.
func (s *beaconSet) Facts() schema.Facts {
	f := schema.Facts{Name: cmp.Or(s.Name, s.ID), Outputs: []string{"beacons.pdf"}, Printed: len(s.Beacons) > 0}
	for i, b := range s.Beacons {
		ref := s.ref.Child("beacons").Index(i)
		f.Copies = append(f.Copies, schema.Contribution{What: fmt.Sprintf("beacon %q", b.ID), Component: s.Component, Copies: 1, Ref: s.ref.Child("component")})
		f.Items = append(f.Items, schema.Item{What: "beacon", ID: b.ID, Ref: ref})
		f.Texts = append(f.Texts, schema.TextSite{What: fmt.Sprintf("beacon %q name", b.ID), Text: b.Name, Ref: ref.Child("name")})
	}
	return f
}

// lighthouseSchemas are the game's JSON Schemas: its card and its kind.
var lighthouseSchemas = fstest.MapFS{
	"lighthouse.schema.json": {Data: []byte(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://runforge.dev/schema/lighthouse.schema.json",
  "title": "Lighthouse Run card types",
  "$defs": {
    "keeper": {
      "type": "object",
      "required": ["id", "name", "text"],
      "additionalProperties": false,
      "properties": {
        "id": {"$ref": "common.schema.json#/$defs/id"},
        "count": {"$ref": "common.schema.json#/$defs/count"},
        "name": {"type": "string", "minLength": 1, "maxLength": 40},
        "text": {"$ref": "common.schema.json#/$defs/text"}
      }
    }
  }
}`)},
	"beacons.schema.json": {Data: []byte(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://runforge.dev/schema/beacons.schema.json",
  "title": "Lighthouse Run beacons (kind: Beacons)",
  "type": "object",
  "required": ["kind", "id", "component", "beacons"],
  "additionalProperties": false,
  "properties": {
    "kind": {"const": "Beacons"},
    "id": {"$ref": "common.schema.json#/$defs/id"},
    "name": {"type": "string"},
    "component": {"$ref": "common.schema.json#/$defs/id"},
    "beacons": {
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "object",
        "required": ["id", "name", "range"],
        "additionalProperties": false,
        "properties": {
          "id": {"$ref": "common.schema.json#/$defs/id"},
          "name": {"type": "string", "minLength": 1, "maxLength": 30},
          "range": {"type": "integer", "minimum": 1, "maximum": 20}
        }
      }
    }
  }
}`)},
}

// lighthouseGame is the sixth game's line of the registration list.
func lighthouseGame() games.Game {
	return games.Game{
		System: lighthouseSystem,
		Schema: schema.GameSchema{
			System: lighthouseSystem,
			CardTypes: []schema.CardType{
				{Name: "lighthouse/keeper", Card: "lighthouse.schema.json#/$defs/keeper", Face: "generic", Back: "generic-back"},
			},
			Kinds: []schema.Kind{
				{Name: "Beacons", Schema: "beacons.schema.json", Noun: "beacon set", Decode: decodeBeacons},
			},
			Schemas: lighthouseSchemas,
		},
		Rules: validate.Game{System: lighthouseSystem, Rules: func() []*validate.Rule {
			return []*validate.Rule{{
				ID: "lighthouse/beacon-range", Severity: validate.Error, Games: []string{lighthouseSystem},
				Doc: "A beacon shines farther than the 9 spaces of the board.", Check: checkBeaconRange,
			}}
		}},
		Render: generator.Game{Kinds: map[string]generator.KindRenderer{
			"Beacons": generator.Kind[*beaconSet]{Build: buildBeacons}.Renderer(),
		}},
	}
}

// decodeBeacons turns a schema-checked Beacons file into its element.
func decodeBeacons(obj map[string]any, ref schema.Ref) (schema.Element, []schema.Problem) {
	s := &beaconSet{ref: ref}
	if err := schema.DecodeInto(obj, s); err != nil {
		return nil, []schema.Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	return s, nil
}

// checkBeaconRange reports a beacon whose range passes the board's edge.
func checkBeaconRange(c *validate.Context) {
	for _, e := range c.Pack.Elements {
		s, ok := e.(*beaconSet)
		if !ok {
			continue
		}
		for i, b := range s.Beacons {
			if b.Range > 9 {
				c.ReportHint(s.ref.Child("beacons").Index(i).Child("range").Pos(),
					fmt.Sprintf("beacon %q: range %d passes the 9 spaces of the board", b.ID, b.Range), "use a range of 1 to 9")
			}
		}
	}
}

// buildBeacons writes beacons.pdf: one page, a lamp and a name per beacon.
func buildBeacons(r *generator.Renderer, p *schema.Pack, s *beaconSet, opts generator.BuildOptions) []generator.Job {
	return []generator.Job{generator.FileJob("beacons.pdf", func(w io.Writer) (int, error) {
		return r.WriteDocument(w, p, "Beacons", "beacons "+s.ID, opts.Print, func(doc *draw.PDF) error {
			c := doc.AddPage(opts.Print.Paper.W, opts.Print.Paper.H)
			for i, b := range s.Beacons {
				y := 30 + float64(i)*40
				size := 4 * float64(b.Range)
				c.Ellipse(30, y, size, size, draw.Filled(draw.Color{R: 250, G: 200, B: 40}))
				c.Text(80, y+size/2, b.Name, draw.Bold, 14, draw.Black)
			}
			return nil
		})
	})}
}

// TestSixthGame: a game registered with one line is validated and built
// like the bundled ones, its rule finds a broken beacon at its line and
// column, and without the line its pack is not known.
func TestSixthGame(t *testing.T) {
	pack, err := filepath.Abs("testdata/sixth-game")
	if err != nil {
		t.Fatal(err)
	}
	withSixth := newCatalog(append(games.All(), lighthouseGame()))
	runGames := func(c *catalog, args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := runWith(context.Background(), c, args, &out, &errb)
		return code, out.String(), errb.String()
	}

	code, stdout, stderr := runGames(withSixth, "validate", "--strict", pack)
	if code != exitClean {
		t.Fatalf("validate: exit %d\n%s%s", code, stdout, stderr)
	}

	out := t.TempDir()
	code, stdout, stderr = runGames(withSixth, "build", pack, "--no-previews", "-o", out)
	if code != exitClean {
		t.Fatalf("build: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, f := range []string{"keepers.pdf", "beacons.pdf", "components.txt"} {
		b, err := os.ReadFile(filepath.Join(out, "lighthouse", f))
		if err != nil {
			t.Fatalf("build wrote no %s: %v\n%s", f, err, stdout)
		}
		if strings.HasSuffix(f, ".pdf") && !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Errorf("%s is not a PDF", f)
		}
	}
	index, err := os.ReadFile(filepath.Join(out, "lighthouse", "components.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), "beacons.pdf") || !strings.Contains(string(index), "keepers.pdf") {
		t.Errorf("the kit's index does not list both files:\n%s", index)
	}

	// The rule: a beacon's range of 12 is an error at its range: field.
	broken := t.TempDir()
	for _, f := range []string{"game.yaml", "keepers.yaml", "beacons.yaml"} {
		b, err := os.ReadFile(filepath.Join(pack, f))
		if err != nil {
			t.Fatal(err)
		}
		b = bytes.Replace(b, []byte("range: 9"), []byte("range: 12"), 1)
		if err := os.WriteFile(filepath.Join(broken, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, _ = runGames(withSixth, "validate", broken)
	want := "beacons.yaml:13:12: error lighthouse/beacon-range: beacon \"reef\": range 12 passes the 9 spaces of the board"
	if code != exitFindings || !strings.Contains(stdout, want) {
		t.Errorf("broken beacon: exit %d, want %d and %q in\n%s", code, exitFindings, want, stdout)
	}

	// The registration list alone does not know the game.
	code, stdout, _ = runGames(newCatalog(games.All()), "validate", pack)
	if code != exitFindings || !strings.Contains(stdout, `system must be one of`) {
		t.Errorf("unregistered game: exit %d, want %d and an unknown system in\n%s", code, exitFindings, stdout)
	}
}
