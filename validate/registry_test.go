package validate_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
)

// TestDefaultRegistry: rule IDs are unique and sorted, every rule is
// documented in one line with a real default severity, loader rules have no
// Check, and the per-game rules name their game.
func TestDefaultRegistry(t *testing.T) {
	reg := defaultRegistry()
	rules := reg.Rules()
	if len(rules) == 0 {
		t.Fatal("no rules")
	}
	seen := map[string]bool{}
	for i, r := range rules {
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
		if i > 0 && rules[i-1].ID >= r.ID {
			t.Errorf("Rules() not sorted: %s before %s", rules[i-1].ID, r.ID)
		}
		if r.Doc == "" || strings.Contains(r.Doc, "\n") {
			t.Errorf("rule %s: doc must be one non-empty line: %q", r.ID, r.Doc)
		}
		if r.Severity != validate.Error && r.Severity != validate.Warning {
			t.Errorf("rule %s: default severity %s", r.ID, r.Severity)
		}
		if got, ok := reg.Lookup(r.ID); !ok || got != r {
			t.Errorf("Lookup(%s) = %v, %v", r.ID, got, ok)
		}
		loader := strings.HasPrefix(r.ID, "yaml/") || strings.HasPrefix(r.ID, "schema/")
		if loader && r.Check != nil {
			t.Errorf("loader rule %s has a Check", r.ID)
		}
		if strings.HasPrefix(r.ID, "rfyl/") && !reflect.DeepEqual(r.Games, []string{"run-for-your-life"}) {
			t.Errorf("rule %s applies to %v", r.ID, r.Games)
		}
	}
	for _, id := range []string{"yaml/syntax", "yaml/key", "schema/invalid", "pack/unknown-rule", "deck/count", "text/overflow"} {
		if !seen[id] {
			t.Errorf("rule %s is not registered", id)
		}
	}
	if _, ok := reg.Lookup("no/such-rule"); ok {
		t.Error("Lookup of an unknown id succeeded")
	}
	// Clipped text is refused by build, so validate reports it as an error
	// too: a CI job that runs validate fails where the build would.
	if sev := mustLookup(t, reg, "text/overflow").Severity; sev != validate.Error {
		t.Errorf("text/overflow defaults to %s, want error", sev)
	}
}

func mustLookup(t *testing.T, reg *validate.Registry, id string) *validate.Rule {
	t.Helper()
	r, ok := reg.Lookup(id)
	if !ok {
		t.Fatalf("no rule %s", id)
	}
	return r
}

func TestNewRegistryPanicsOnDuplicateID(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a rule registered twice")
		}
	}()
	validate.NewRegistry(&validate.Rule{ID: "a/b"}, &validate.Rule{ID: "a/b"})
}

// TestOptionsRegistry: Options.Registry replaces the rule set; the loader's
// problems still come out, as errors when the registry does not know them.
func TestOptionsRegistry(t *testing.T) {
	var ran []string
	custom := validate.NewRegistry(
		&validate.Rule{ID: "test/every-deck", Severity: validate.Warning, Doc: "Reports every deck.",
			Check: func(c *validate.Context) {
				for _, d := range c.Pack.Decks() {
					ran = append(ran, d.ID)
					c.Reportf(d.Ref.Child("id").Pos(), "deck %s", d.ID)
				}
			}},
		&validate.Rule{ID: "test/other-game", Severity: validate.Error, Doc: "Never runs here.", Games: []string{"run"},
			Check: func(c *validate.Context) { c.Report(schema.Pos{File: "x", Line: 1, Col: 1}, "ran") }},
	)
	// The pack would trip deck/count and text/unknown-icon under Default().
	f := genericPack(
		"game.yaml", gameYAML("generic", "components:\n  - {id: cards, name: Cards, expected: 9}\n"),
		"cards.yaml", edit(genericCards, "{bullet}", "{bulet}"),
		"broken.yaml", "kind: Deck\nid: broken\ncardType: generic\n")
	got := check(t, f, validate.Options{Registry: custom})
	if !slices.Equal(ran, []string{"cards"}) {
		t.Errorf("custom rule saw decks %v", ran)
	}
	var rules []string
	for _, d := range got {
		rules = append(rules, d.Rule+":"+d.Severity.String())
	}
	want := []string{"schema/invalid:error", "test/every-deck:warning"}
	if !slices.Equal(rules, want) {
		t.Errorf("got %v, want %v:\n%s", rules, want, dump(got))
	}
	if d := ofRule(got, "test/every-deck"); len(d) == 1 {
		if wp := posOf(t, f, "cards.yaml", "id: |cards"); d[0].Pos != wp {
			t.Errorf("custom diagnostic at %s, want %s", d[0].Pos, wp)
		}
	}
}

// TestPackWithoutManifest: no pack and no problems gives no diagnostic and
// no panic.
func TestPackWithoutManifest(t *testing.T) {
	if got := validate.Pack(nil, nil, withGames(validate.Options{})); len(got) != 0 {
		t.Errorf("got %v", got)
	}
}

func TestSeverity(t *testing.T) {
	for _, s := range []validate.Severity{validate.Error, validate.Warning, validate.Off} {
		got, err := validate.ParseSeverity(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSeverity(%q) = %v, %v", s.String(), got, err)
		}
		if b, _ := s.MarshalText(); string(b) != s.String() {
			t.Errorf("MarshalText(%v) = %s", s, b)
		}
	}
	if _, err := validate.ParseSeverity("fatal"); err == nil {
		t.Error("ParseSeverity(fatal) succeeded")
	}
}

func TestCount(t *testing.T) {
	ds := []validate.Diagnostic{{Severity: validate.Error}, {Severity: validate.Warning}, {Severity: validate.Error}, {Severity: validate.Off}}
	if e, w := validate.Count(ds); e != 2 || w != 1 {
		t.Errorf("Count = %d errors, %d warnings; want 2, 1", e, w)
	}
}

func TestDiagnosticString(t *testing.T) {
	d := validate.Diagnostic{Pos: schema.Pos{File: "pack/a.yaml", Line: 3, Col: 7}, Severity: validate.Warning,
		Rule: "text/overflow", Message: "too long"}
	if got, want := d.String(), "pack/a.yaml:3:7: warning text/overflow: too long"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	d.Pos = schema.Pos{File: "pack/game.yaml"}
	if got, want := d.String(), "pack/game.yaml: warning text/overflow: too long"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestUnknownIcons(t *testing.T) {
	cases := map[string][]string{
		"":                               nil,
		"no icons here":                  nil,
		"Place {zombie} and {bullet}":    nil,
		"{zombi} then {bulet}":           {"zombi", "bulet"},
		"{Zombie} is case-sensitive":     {"Zombie"},
		"{ zombie } has spaces, no icon": nil,
		"{survivor-m} {survivor_x}":      {"survivor_x"},
	}
	for text, want := range cases {
		if got := validate.UnknownIcons(schematest.Registry(), text); !slices.Equal(got, want) {
			t.Errorf("UnknownIcons(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestRelatedPositions: a duplicate id is reported at its first use, with
// the others as related positions, and a
// count mismatch at every place a copy is counted.
func TestRelatedPositions(t *testing.T) {
	t.Run("duplicate-id", func(t *testing.T) {
		f := genericPack("more.yaml", "kind: Deck\nid: more\ncardType: generic\ncards:\n  - {id: card-b}\n")
		ds := ofRule(check(t, f, validate.Options{}), "pack/duplicate-id")
		if len(ds) != 1 || len(ds[0].Related) != 1 {
			t.Fatalf("want one diagnostic with one related position:\n%s", dump(ds))
		}
		if wp := posOf(t, f, "more.yaml", "id: |card-b"); ds[0].Related[0].Pos != wp {
			t.Errorf("related at %s, want %s", ds[0].Related[0].Pos, wp)
		}
		if !strings.Contains(ds[0].Related[0].Message, "used again here by a card") {
			t.Errorf("related message %q", ds[0].Related[0].Message)
		}
	})
	// deck/count's related positions point at the counts: a token's
	// count:; a deck's component: line, even where one card holds more
	// copies than are too many (which count changed cannot be told from the
	// pack, and a card whose count did not change must not be blamed).
	type rel struct{ file, at, msg string }
	for _, c := range []struct {
		name     string
		expected int
		cardA    int
		want     []rel
	}{
		{name: "short", expected: 9, cardA: 2, want: []rel{
			{"cards.yaml", "component: |cards", "3 copies counted here"},
			{"tokens.yaml", "count: |4", "4 copies counted here"}}},
		{name: "a-card-count-grew", expected: 7, cardA: 47, want: []rel{
			{"cards.yaml", "component: |cards", "48 copies counted here"},
			{"tokens.yaml", "count: |4", "4 copies counted here"}}},
		{name: "over-by-more-than-any-card", expected: 2, cardA: 2, want: []rel{
			{"cards.yaml", "component: |cards", "3 copies counted here"},
			{"tokens.yaml", "count: |4", "4 copies counted here"}}},
	} {
		t.Run("deck-count-"+c.name, func(t *testing.T) {
			f := genericPack(
				"game.yaml", gameYAML("generic", fmt.Sprintf("components:\n  - {id: cards, name: Cards, expected: %d}\n", c.expected)),
				"cards.yaml", strings.Replace(genericCards, "count: 2", fmt.Sprintf("count: %d", c.cardA), 1),
				"tokens.yaml", tokenSet("tokens", token("chit", "cards", 4, "")))
			ds := ofRule(check(t, f, validate.Options{}), "deck/count")
			if len(ds) != 1 {
				t.Fatalf("want one diagnostic:\n%s", dump(ds))
			}
			var wants []validate.Related
			for _, w := range c.want {
				wants = append(wants, validate.Related{Pos: posOf(t, f, w.file, w.at), Message: w.msg})
			}
			if !reflect.DeepEqual(ds[0].Related, wants) {
				t.Errorf("related %+v, want %+v", ds[0].Related, wants)
			}
		})
	}
}

// TestDeckCountSkipsComponentsOfUnloadedFiles: a deck or token file that
// fails its schema is reported once; its component is not also reported as
// missing or miscounted.
func TestDeckCountSkipsComponentsOfUnloadedFiles(t *testing.T) {
	cases := map[string]files{
		"deck": genericPack("cards.yaml", genericCardsWith("colour: red\n")),
		"tokens": genericPack(
			"game.yaml", gameYAML("generic", genericComponents+"  - {id: bullets, name: Bullets, expected: 2}\n"),
			"tokens.yaml", tokenSet("tokens", token("bullet", "bullets", 2, ""))+"colour: red\n"),
	}
	for name, f := range cases {
		t.Run(name, func(t *testing.T) {
			got := check(t, f, validate.Options{})
			if len(got) != 1 || got[0].Rule != "schema/invalid" {
				t.Errorf("want only the schema/invalid diagnostic, got:\n%s", dump(got))
			}
		})
	}
}

// TestAllowBlocked: a build told to print clipped text anyway lowers only
// the findings of rules that block a build to warnings.
func TestAllowBlocked(t *testing.T) {
	ds := []validate.Diagnostic{
		{Severity: validate.Error, Rule: "text/overflow", Message: "clipped"},
		{Severity: validate.Error, Rule: "deck/count", Message: "counts differ"},
		{Severity: validate.Warning, Rule: "deck/empty", Message: "empty"},
	}
	got := validate.AllowBlocked(ds, nil)
	want := []validate.Severity{validate.Warning, validate.Error, validate.Warning}
	for i, d := range got {
		if d.Severity != want[i] {
			t.Errorf("%s: %s, want %s", d.Rule, d.Severity, want[i])
		}
	}
	if ds[0].Severity != validate.Error {
		t.Error("AllowBlocked changed its argument")
	}
}
