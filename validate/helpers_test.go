package validate_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate"
	justrunrules "github.com/runforge/runforge/validate/justrun"
	rfodrules "github.com/runforge/runforge/validate/rfod"
	rfodrrules "github.com/runforge/runforge/validate/rfodr"
	rfylrules "github.com/runforge/runforge/validate/rfyl"
	runrules "github.com/runforge/runforge/validate/run"
)

// packRoot is how the in-memory test packs are named in diagnostics.
const packRoot = "pack"

// files is an in-memory pack: file name -> YAML source.
type files map[string]string

// with returns a copy of f with the given name/source pairs set; an empty
// source removes the file.
func (f files) with(kv ...string) files {
	if len(kv)%2 != 0 {
		panic("files.with: odd number of arguments")
	}
	out := files{}
	for k, v := range f {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		if kv[i+1] == "" {
			delete(out, kv[i])
			continue
		}
		out[kv[i]] = kv[i+1]
	}
	return out
}

func (f files) fs() fstest.MapFS {
	m := fstest.MapFS{}
	for name, src := range f {
		m[name] = &fstest.MapFile{Data: []byte(src)}
	}
	return m
}

// check loads the pack and validates it.
func check(t *testing.T, f files, opts validate.Options) []validate.Diagnostic {
	t.Helper()
	p, probs := schematest.LoadPack(f.fs(), packRoot)
	return validate.Pack(p, probs, withGames(opts))
}

// allGames are the descriptors of every game.
func allGames() []validate.Game {
	return []validate.Game{rfylrules.Game(), runrules.Game(), justrunrules.Game(), rfodrules.Game(), rfodrrules.Game()}
}

// defaultRegistry is the registry of the core rules and every game's.
func defaultRegistry() *validate.Registry { return validate.ForGames(allGames()) }

// withGames returns opts with every game's rules when it names no registry.
func withGames(opts validate.Options) validate.Options {
	if opts.Registry == nil {
		opts.Registry = defaultRegistry()
	}
	return opts
}

// gameYAML is a manifest of the given system; rest holds components: and
// any further manifest fields.
func gameYAML(system, rest string) string {
	return "kind: Game\nid: test-pack\ntitle: Test pack\nsystem: " + system + "\n" + rest
}

// A generic pack that validates clean: one component of 3 cards.
const (
	genericComponents = `components:
  - id: cards
    name: Cards
    expected: 3
`
	genericCards = `kind: Deck
id: cards
component: cards
cardType: generic
cards:
  - id: card-a
    count: 2
    text: "Spend a {bullet} to move."
  - id: card-b
    text: "Nothing happens."
`
)

func genericPack(kv ...string) files {
	return files{
		"game.yaml":  gameYAML("generic", genericComponents),
		"cards.yaml": genericCards,
	}.with(kv...)
}

// A Run For Your Life pack that validates clean: one small deck of each
// card type, counted towards no component.
const (
	rfylDetermination = `kind: Deck
id: determination
cardType: rfyl/determination
cards:
  - {id: det-1, value: 1}
  - {id: det-3, value: 3}
  - {id: det-5, value: 5}
  - {id: det-8, value: 8}
  - {id: det-10, value: 10}
`
	rfylBlood = `kind: Deck
id: blood
cardType: rfyl/blood
cards:
  - {id: bl-infected, countdown: 1, result: infected}
  - {id: bl-clean, countdown: 3, result: clean}
`
	rfylEvents = `kind: Deck
id: events
cardType: rfyl/event
cards:
  - id: ev-horde
    name: Horde
    icons: [zombies, bullets]
    text: "Place 2 {zombie} on your space."
    bulletCost: 2
`
)

func rfylPack(kv ...string) files {
	return files{
		"game.yaml":          gameYAML("run-for-your-life", "components: []\n"),
		"determination.yaml": rfylDetermination,
		"blood.yaml":         rfylBlood,
		"events.yaml":        rfylEvents,
	}.with(kv...)
}

// eventDeck is an event deck of one card with the given extra lines.
func eventDeck(icons, extra string) string {
	return `kind: Deck
id: events
cardType: rfyl/event
cards:
  - id: ev-test
    name: Test event
    icons: ` + icons + `
    text: "Something happens."
` + extra
}

// posOf is the position of needle in file of f. A "|" in needle marks the
// expected column (default: the needle's first character); the needle
// without the mark must occur exactly once in the file.
func posOf(t *testing.T, f files, file, needle string) schema.Pos {
	t.Helper()
	src, ok := f[file]
	if !ok {
		t.Fatalf("posOf: no file %q in the pack", file)
	}
	mark := strings.IndexByte(needle, '|')
	plain := needle
	if mark >= 0 {
		plain = needle[:mark] + needle[mark+1:]
	} else {
		mark = 0
	}
	if n := strings.Count(src, plain); n != 1 {
		t.Fatalf("posOf: %q occurs %d times in %s; want exactly once", plain, n, file)
	}
	off := strings.Index(src, plain) + mark
	line := 1 + strings.Count(src[:off], "\n")
	col := off - (strings.LastIndexByte(src[:off], '\n') + 1) + 1
	return schema.Pos{File: packRoot + "/" + file, Line: line, Col: col}
}

// want describes one expected diagnostic.
type want struct {
	file string // file of the pack
	at   string // needle locating line:col, see posOf
	sev  validate.Severity
	// msg are words the message must contain; exact, when set, is the
	// whole message.
	msg   []string
	exact string
	hint  []string
	// related, when positive, is the number of related positions.
	related int
}

// assertDiags checks that got (diagnostics of one rule) match wants in order.
func assertDiags(t *testing.T, f files, rule string, got []validate.Diagnostic, wants []want) {
	t.Helper()
	if len(got) != len(wants) {
		t.Fatalf("%s: got %d diagnostics, want %d:\n%s", rule, len(got), len(wants), dump(got))
	}
	for i, w := range wants {
		d := got[i]
		if d.Rule != rule {
			t.Errorf("diagnostic %d: rule %q, want %q", i, d.Rule, rule)
		}
		if d.Pos.Line == 0 {
			t.Errorf("diagnostic %d has no line: %s", i, d)
		}
		if wp := posOf(t, f, w.file, w.at); d.Pos != wp {
			t.Errorf("diagnostic %d at %s, want %s (%q)\n  %s", i, d.Pos, wp, w.at, d)
		}
		if d.Severity != w.sev {
			t.Errorf("diagnostic %d: severity %s, want %s", i, d.Severity, w.sev)
		}
		if w.exact != "" && d.Message != w.exact {
			t.Errorf("diagnostic %d: message\n  %q\nwant\n  %q", i, d.Message, w.exact)
		}
		for _, s := range w.msg {
			if !strings.Contains(d.Message, s) {
				t.Errorf("diagnostic %d: message %q lacks %q", i, d.Message, s)
			}
		}
		for _, s := range w.hint {
			if !strings.Contains(d.Hint, s) {
				t.Errorf("diagnostic %d: hint %q lacks %q", i, d.Hint, s)
			}
		}
		if w.related > 0 && len(d.Related) != w.related {
			t.Errorf("diagnostic %d: %d related positions, want %d: %+v", i, len(d.Related), w.related, d.Related)
		}
	}
}

// ofRule returns the diagnostics of one rule.
func ofRule(ds []validate.Diagnostic, rule string) []validate.Diagnostic {
	var out []validate.Diagnostic
	for _, d := range ds {
		if d.Rule == rule {
			out = append(out, d)
		}
	}
	return out
}

func dump(ds []validate.Diagnostic) string {
	if len(ds) == 0 {
		return "  (none)"
	}
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "  %s\n", d)
		if d.Hint != "" {
			fmt.Fprintf(&b, "    hint: %s\n", d.Hint)
		}
	}
	return b.String()
}

// checkedRules are the IDs of the default rules that have a Check function.
func checkedRules() []string {
	var ids []string
	for _, r := range defaultRegistry().Rules() {
		if r.Check != nil {
			ids = append(ids, r.ID)
		}
	}
	sort.Strings(ids)
	return ids
}

// fakeFitter reports one overflow, or one missing glyph, for the card with
// the given id.
type fakeFitter struct {
	card     string
	overflow validate.Overflow
	glyph    bool
}

func (f fakeFitter) Overflows(_ *schema.Pack, _ *schema.Deck, card *schema.Card) []validate.Overflow {
	if card.ID == f.card && !f.glyph {
		return []validate.Overflow{f.overflow}
	}
	return nil
}

func (f fakeFitter) ElementIssues(*schema.Pack, schema.Element) (overflows, glyphs []schema.TextIssue) {
	return nil, nil
}

func (f fakeFitter) MissingGlyphs(_ *schema.Pack, _ *schema.Deck, card *schema.Card) []validate.Overflow {
	if card.ID == f.card && f.glyph {
		return []validate.Overflow{f.overflow}
	}
	return nil
}
