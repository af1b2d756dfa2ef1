package validate_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/runforge/runforge/validate"
)

// rulebookLine is a line of a rulebook ("L123 text") or an assumption of
// a bundled pack's manifest ("A13 text").
var rulebookLine = regexp.MustCompile(`^[LA]\d+ \S`)

// TestRuleDocs: every registered rule has its long explanation for
// `runforge rules RULE-ID`: what it checks, an example finding of its own,
// how to fix it, and for a game's rule the rulebook lines (or assumptions)
// behind it. A block of the files that names no rule is a mistake too.
func TestRuleDocs(t *testing.T) {
	reg := defaultRegistry()
	for _, r := range reg.Rules() {
		d := reg.Doc(r.ID)
		if strings.TrimSpace(r.Doc) == "" {
			t.Errorf("%s: no description of what it checks", r.ID)
		}
		if d.Fix == "" {
			t.Errorf("%s: no fix", r.ID)
		}
		if !strings.Contains(d.Example, " "+r.ID+": ") {
			t.Errorf("%s: no example finding of its own: %q", r.ID, d.Example)
		}
		if len(r.Games) > 0 && len(d.Rulebook) == 0 {
			t.Errorf("%s: a game's rule without the rulebook lines behind it", r.ID)
		}
		for _, l := range d.Rulebook {
			if !rulebookLine.MatchString(l) {
				t.Errorf("%s: rulebook line %q is not \"L123 text\"", r.ID, l)
			}
		}
	}
	for _, g := range allGames() {
		docs, err := validate.ParseRuleDocs(g.Docs)
		if err != nil {
			t.Fatalf("%s: %v", g.System, err)
		}
		for id := range docs {
			if r, ok := reg.Lookup(id); !ok || len(r.Games) == 0 || r.Games[0] != g.System {
				t.Errorf("%s's rule docs explain %s, which is not one of its rules", g.System, id)
			}
		}
	}
}

func TestParseRuleDocs(t *testing.T) {
	docs, err := validate.ParseRuleDocs("== a/b\nrulebook: L1 one\nrulebook: L2 two\nexample: x.yaml:1:1: error a/b: m\nfix: do\n\n== a/c\nfix: f\n")
	if err != nil || len(docs) != 2 || len(docs["a/b"].Rulebook) != 2 || docs["a/b"].Fix != "do" || docs["a/c"].Fix != "f" {
		t.Errorf("%v %+v", err, docs)
	}
	for _, bad := range []string{"fix: before any rule\n", "== a/b\nhint: unknown key\n", "== a/b\nno colon\n"} {
		if _, err := validate.ParseRuleDocs(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
