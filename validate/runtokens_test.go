package validate_test

import (
	"fmt"
	"strings"

	"github.com/runforge/runforge/validate"
	runrules "github.com/runforge/runforge/validate/run"
)

// actionTokens is a token file with one gray action token per action, less
// the actions in without; extra adds entries.
func actionTokens(without []string, extra string) string {
	var b strings.Builder
	b.WriteString("kind: Tokens\nid: actions\nback: {label: RUN}\ntokens:\n")
	for _, a := range []string{"silent-N", "silent-NE", "silent-E", "silent-SE", "silent-S", "silent-SW", "silent-W", "silent-NW",
		"wild-orthogonal", "wild-diagonal", "sprint-N", "sprint-E", "sprint-S", "sprint-W"} {
		skip := false
		for _, w := range without {
			skip = skip || w == a
		}
		if !skip {
			fmt.Fprintf(&b, "  - {id: %s, action: %s, count: 1, shape: square, size: 20mm}\n", strings.ToLower(a), a)
		}
	}
	b.WriteString(extra)
	return b.String()
}

func runTokenCases() []ruleCase {
	noEastWest := actionTokens([]string{"silent-E", "silent-W", "wild-orthogonal"}, "")
	return []ruleCase{
		{rule: "run/action-tokens", name: "quiet-fourteen", files: runPack("tokens.yaml", actionTokens(nil, ""))},
		{rule: "run/action-tokens", name: "quiet-none-declared", files: runPack()},
		{rule: "run/action-tokens", name: "fires-seventeen", files: runPack("tokens.yaml", actionTokens(nil, "  - {id: more, action: sprint-N, count: 3, shape: square, size: 20mm}\n")),
			want: []want{{file: "tokens.yaml", at: "{id: silent-n, action: |silent-N", sev: validate.Error, hint: []string{"14"},
				exact: "the pack has 17 gray action tokens; reachability handles at most 16, so the maps' reachability is not checked"}}},
		// The pack's tokens drive the search: without a way to move east or
		// west silently, the base map's fire escapes (silent-W, silent-E)
		// cannot be climbed, so its roof stashes cannot be collected.
		{rule: "run/rank5", name: "quiet-all-fourteen-tokens", files: runPack("tokens.yaml", actionTokens(nil, ""))},
		{rule: "run/rank5", name: "fires-tokens-without-east-west", files: runPack("tokens.yaml", noEastWest),
			want: []want{
				{file: "base.yaml", at: "stashes: [|C2", sev: validate.Error, msg: []string{"stashes C2, F4 cannot be collected"}},
				{file: "docks.yaml", at: "[C2, |F1", sev: validate.Error, msg: []string{"stash F1 cannot be collected"}},
			}},
		{rule: "token/action", name: "quiet-run", files: runPack("tokens.yaml", actionTokens(nil, ""))},
		{rule: "token/action", name: "quiet-other-game", files: genericPack("tokens.yaml", "kind: Tokens\nid: t\ntokens:\n  - {id: dot, count: 1, shape: round, size: 10mm}\n")},
		{rule: "token/action", name: "fires-other-game", files: genericPack("tokens.yaml", "kind: Tokens\nid: t\ntokens:\n  - {id: dot, action: silent-N, count: 1, shape: round, size: 10mm}\n"),
			want: []want{{file: "tokens.yaml", at: "action: |silent-N", sev: validate.Error, hint: []string{"remove"},
				exact: `token "dot" has action: silent-N, but only RUN packs use action tokens (this pack's system is "generic")`}}},
	}
}

func runDirectionCases() []ruleCase {
	warn := validate.Warning
	return []ruleCase{
		{rule: runrules.RuleFeatureDirection, name: "quiet-spec-and-docks-maps", files: runPack()},
		{rule: runrules.RuleFeatureDirection, name: "fires-zip-line-icon-pointing-back",
			files: docks("{start: B2, end: E6, action: silent-SE, endAction: silent-NW}", "{start: B2, end: E6, action: silent-NW, endAction: silent-NW}"),
			want: []want{{file: "docks.yaml", at: "end: E6, action: |silent-NW", sev: warn, hint: []string{"toward the other end"},
				exact: `map "docks": zip line B2-E6: its icon silent-NW points away from E6, where it carries the Runner`}}},
		{rule: runrules.RuleFeatureDirection, name: "fires-link-back-icon-pointing-away",
			files: docks("{from: A5, to: D6, action: silent-E, backAction: silent-W}", "{from: A5, to: D6, action: silent-E, backAction: sprint-E}"),
			want: []want{{file: "docks.yaml", at: "backAction: |sprint-E", sev: warn,
				exact: `map "docks": link D6-A5: its icon sprint-E points away from A5, where it carries the Runner`}}},
		{rule: runrules.RuleFeatureDirection, name: "quiet-wild-icon",
			files: docks("{from: A5, to: D6, action: silent-E, backAction: silent-W}", "{from: A5, to: D6, action: wild-orthogonal, backAction: silent-W}")},
	}
}
