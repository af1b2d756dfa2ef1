package validate_test

import (
	"testing"

	"github.com/runforge/runforge/validate"
)

// TestRuleOverrides: the manifest's rules: map turns a rule off or changes
// its severity, for checked rules and loader problems alike, and leaves the
// other rules alone.
func TestRuleOverrides(t *testing.T) {
	// A generic pack whose component expects 5 cards (it has 3) and whose
	// first card uses an unknown icon.
	generic := func(rules string) files {
		return genericPack(
			"game.yaml", gameYAML("generic", "components:\n  - {id: cards, name: Cards, expected: 5}\nrules:\n"+rules),
			"cards.yaml", edit(genericCards, "{bullet}", "{bulet}"))
	}
	overflow := fakeFitter{card: "card-b", overflow: validate.Overflow{Template: "generic", Box: "text", Field: "text", Detail: "too long"}}

	type count struct {
		rule string
		n    int
		sev  validate.Severity
	}
	cases := []struct {
		name   string
		files  files
		fitter validate.TextFitter
		want   []count
	}{
		{name: "off-removes-the-rule",
			files: generic("  deck/count: off\n"),
			want:  []count{{"deck/count", 0, 0}, {"text/unknown-icon", 1, validate.Error}}},
		{name: "warning-lowers-the-severity",
			files: generic("  deck/count: warning\n"),
			want:  []count{{"deck/count", 1, validate.Warning}, {"text/unknown-icon", 1, validate.Error}}},
		{name: "error-raises-the-severity",
			files: generic("  deck/empty: error\n").with("spare.yaml", "kind: Deck\nid: spare\ncardType: generic\ncards: []\n"),
			want:  []count{{"deck/empty", 1, validate.Error}, {"deck/count", 1, validate.Error}}},
		{name: "default-severity-without-override",
			files: generic("  text/unknown-icon: error\n"), fitter: overflow,
			want: []count{{"text/overflow", 1, validate.Error}}},
		{name: "warning-lowers-text-overflow",
			files: generic("  text/overflow: warning\n"), fitter: overflow,
			want: []count{{"text/overflow", 1, validate.Warning}}},
		{name: "off-for-the-text-fit-rule",
			files: generic("  text/overflow: off\n"), fitter: overflow,
			want: []count{{"text/overflow", 0, 0}}},
		{name: "several-overrides",
			files: generic("  deck/count: off\n  text/unknown-icon: warning\n"),
			want:  []count{{"deck/count", 0, 0}, {"text/unknown-icon", 1, validate.Warning}}},
		{name: "loader-problems-cannot-be-overridden",
			files: generic("  schema/invalid: warning\n").with("extra.yaml", "kind: Deck\nid: extra\ncardType: generic\ncards: []\ncolour: red\n"),
			want:  []count{{"schema/invalid", 1, validate.Error}, {"pack/fixed-rule", 1, validate.Error}}},
		{name: "game-rule-off",
			files: rfylPack(
				"game.yaml", gameYAML("run-for-your-life", "components: []\nrules:\n  rfyl/determination-range: off\n"),
				"determination.yaml", rfylDetermination+"  - {id: det-11, value: 11}\n"),
			want: []count{{"rfyl/determination-range", 0, 0}}},
		{name: "unknown-rule-can-itself-be-silenced",
			files: generic("  deck/countt: off\n  pack/unknown-rule: off\n"),
			want:  []count{{"pack/unknown-rule", 0, 0}, {"deck/count", 1, validate.Error}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := check(t, tc.files, validate.Options{Fitter: tc.fitter})
			for _, w := range tc.want {
				ds := ofRule(got, w.rule)
				if len(ds) != w.n {
					t.Errorf("%s: %d diagnostics, want %d; all:\n%s", w.rule, len(ds), w.n, dump(got))
					continue
				}
				for _, d := range ds {
					if d.Severity != w.sev {
						t.Errorf("%s: severity %s, want %s", w.rule, d.Severity, w.sev)
					}
				}
			}
			for _, d := range got {
				if d.Severity == validate.Off {
					t.Errorf("a diagnostic turned off is still reported: %s", d)
				}
			}
		})
	}
}
