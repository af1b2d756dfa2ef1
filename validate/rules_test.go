package validate_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/runforge/runforge/validate"
)

// ruleCase is a minimal pack and what one rule must report on it. A nil want
// means the whole pack validates clean, so the rule stays quiet.
type ruleCase struct {
	rule   string
	name   string
	files  files
	fitter validate.TextFitter
	want   []want
}

func ruleCases() []ruleCase {
	var all []ruleCase
	all = append(all, duplicateIDCases()...)
	all = append(all, danglingRefCases()...)
	all = append(all, missingFileCases()...)
	all = append(all, limitCases()...)
	all = append(all, lengthCases()...)
	all = append(all, paperCases()...)
	all = append(all, unknownIconCases()...)
	all = append(all, deckCountCases()...)
	all = append(all, emptyDeckCases()...)
	all = append(all, cardTypeCases()...)
	all = append(all, overflowCases()...)
	all = append(all, glyphCases()...)
	all = append(all, fontCases()...)
	all = append(all, unknownRuleCases()...)
	all = append(all, templateCases()...)
	all = append(all, imageCases()...)
	all = append(all, boardCases()...)
	all = append(all, sheetCases()...)
	all = append(all, textSizeCases()...)
	all = append(all, deckPrintCases()...)
	all = append(all, diceCases()...)
	all = append(all, contrastCases()...)
	all = append(all, figureCases()...)
	all = append(all, rfylCases()...)
	all = append(all, runCases()...)
	all = append(all, justRunCases()...)
	all = append(all, rfodCases()...)
	all = append(all, rfodrCases()...)
	return all
}

// TestRules runs every rule case: the rule's diagnostics must be exactly the
// wanted ones, in order; a quiet case must have no diagnostic at all.
func TestRules(t *testing.T) {
	for _, tc := range ruleCases() {
		t.Run(tc.rule+"/"+tc.name, func(t *testing.T) {
			got := check(t, tc.files, validate.Options{Fitter: tc.fitter})
			if tc.want == nil {
				if len(got) != 0 {
					t.Fatalf("want a clean pack, got:\n%s", dump(got))
				}
				return
			}
			assertDiags(t, tc.files, tc.rule, ofRule(got, tc.rule), tc.want)
		})
	}
}

// TestEveryCheckedRuleHasCases guards the requirement that every rule with a
// Check function has a pack that triggers it and one that does not.
func TestEveryCheckedRuleHasCases(t *testing.T) {
	reg := defaultRegistry()
	fires, quiet := map[string]int{}, map[string]int{}
	for _, tc := range ruleCases() {
		if _, ok := reg.Lookup(tc.rule); !ok {
			t.Errorf("case %s/%s names no registered rule", tc.rule, tc.name)
		}
		if tc.want == nil {
			quiet[tc.rule]++
		} else {
			fires[tc.rule]++
		}
	}
	for _, id := range checkedRules() {
		if fires[id] == 0 {
			t.Errorf("rule %s has no case that triggers it", id)
		}
		if quiet[id] == 0 {
			t.Errorf("rule %s has no case that does not trigger it", id)
		}
	}
}

// edit replaces old (which must occur) by new in src.
func edit(src, old, new string) string {
	if !strings.Contains(src, old) {
		panic(fmt.Sprintf("edit: %q not in source", old))
	}
	return strings.Replace(src, old, new, 1)
}

// genericCardsWith is the generic deck with extra top-level lines.
func genericCardsWith(extra string) string {
	return edit(genericCards, "cardType: generic\n", "cardType: generic\n"+extra)
}

func tokenSet(id string, tokens ...string) string {
	return "kind: Tokens\nid: " + id + "\ntokens:\n" + strings.Join(tokens, "")
}

// token is one token line; component and icon are left out when empty.
func token(id, component string, count int, icon string) string {
	s := fmt.Sprintf("  - {id: %s, count: %d, shape: round, size: 16mm", id, count)
	if component != "" {
		s += ", component: " + component
	}
	if icon != "" {
		s += ", icon: " + icon
	}
	return s + "}\n"
}

func templatesFile(body string) string { return "kind: Templates\ntemplates:\n" + body }

func duplicateIDCases() []ruleCase {
	const rule = "pack/duplicate-id"
	twins := `kind: Deck
id: cards
component: cards
cardType: generic
cards:
  - {id: twin, count: 2, text: first}
  - {id: twin, text: second}
`
	return []ruleCase{
		{rule: rule, name: "quiet-same-id-in-different-scopes",
			// deck and component share "cards"; a token set shares a card's id.
			files: genericPack("tokens.yaml", tokenSet("card-a", token("bullet", "", 3, "bullet")))},
		{rule: rule, name: "fires-card-id-twice-in-a-deck",
			files: genericPack("cards.yaml", twins),
			want: []want{{file: "cards.yaml", at: "{id: |twin, count: 2",
				exact: `card id "twin" is used 2 times in this pack`, related: 1}}},
		{rule: rule, name: "fires-card-id-three-times-each-named",
			files: genericPack("cards.yaml", twins+"  - {id: twin, text: third}\n"),
			want: []want{{file: "cards.yaml", at: "{id: |twin, count: 2",
				exact: `card id "twin" is used 3 times in this pack`, related: 2}}},
		{rule: rule, name: "fires-card-id-in-two-decks",
			files: genericPack("more.yaml", "kind: Deck\nid: more\ncardType: generic\ncards:\n  - {id: card-a}\n"),
			want: []want{{file: "cards.yaml", at: "id: |card-a",
				exact: `card id "card-a" is used 2 times in this pack`, related: 1}}},
		{rule: rule, name: "fires-deck-and-token-set-share-an-id",
			files: genericPack("tokens.yaml", tokenSet("cards", token("bullet", "", 1, ""))),
			want: []want{{file: "cards.yaml", at: "id: |cards",
				exact: `deck id "cards" is used 2 times among the elements of this pack (board, combination list, deck, dice set, figure set, guide, map, mat set, player board set, sheet, tile set, token set), which share one set of ids`, related: 1}}},
		{rule: rule, name: "fires-token-reuses-a-card-id",
			files: genericPack("tokens.yaml", tokenSet("tokens", token("card-b", "", 1, ""))),
			want: []want{{file: "cards.yaml", at: "id: |card-b",
				exact: `card id "card-b" is used 2 times in this pack`, related: 1}}},
		{rule: rule, name: "fires-component-listed-twice",
			files: genericPack("game.yaml", gameYAML("generic", genericComponents+
				"  - id: cards\n    name: More cards\n    expected: 3\n")),
			want: []want{{file: "game.yaml", at: "  - id: |cards\n    name: Cards\n",
				exact: `component id "cards" is used 2 times in the component list`, related: 1}}},
	}
}

func danglingRefCases() []ruleCase {
	const rule = "pack/dangling-ref"
	return []ruleCase{
		{rule: rule, name: "quiet-pack-templates-and-references",
			files: genericPack(
				"cards.yaml", genericCardsWith("template: fancy\nback: generic-back\n"),
				"templates.yaml", templatesFile(`  - id: generic
    extends: generic
    background: "#fffbe6"
  - id: fancy
    extends: generic
    boxes:
      - {id: text, minSize: 6pt}
`),
				"tokens.yaml", tokenSet("tokens", token("bullet", "cards", 0, "bullet")))},
		{rule: rule, name: "fires-deck-component-misspelt",
			files: genericPack("cards.yaml", edit(genericCards, "component: cards", "component: crads")),
			want: []want{{file: "cards.yaml", at: "component: |crads", hint: []string{`did you mean "cards"? fix the spelling`},
				msg: []string{`deck "cards"`, `component "crads"`, "manifest does not list"}}}},
		{rule: rule, name: "fires-deck-component-unknown",
			files: genericPack("cards.yaml", edit(genericCards, "component: cards", "component: ghost")),
			want: []want{{file: "cards.yaml", at: "component: |ghost",
				msg:  []string{`deck "cards"`, `component "ghost"`, "manifest does not list"},
				hint: []string{"components in game.yaml: cards"}}}},
		{rule: rule, name: "fires-deck-template-unknown",
			files: genericPack("cards.yaml", genericCardsWith("template: no-face\n")),
			want: []want{{file: "cards.yaml", at: "|no-face",
				msg:  []string{`deck "cards"`, `"no-face"`, "does not exist"},
				hint: []string{"templates:", "generic-back"}}}},
		{rule: rule, name: "fires-deck-template-misspelt",
			files: genericPack("cards.yaml", genericCardsWith("template: genric\n")),
			want: []want{{file: "cards.yaml", at: "template: |genric", hint: []string{`did you mean "generic"? fix the spelling`},
				exact: `deck "cards" uses template "genric", which does not exist`}}},
		{rule: rule, name: "fires-template-extends-misspelt",
			files: genericPack("templates.yaml", templatesFile("  - id: fancy\n    extends: generic-bak\n")),
			want: []want{{file: "templates.yaml", at: "|generic-bak", hint: []string{`did you mean "generic-back"? fix the spelling`},
				exact: `template "fancy" extends "generic-bak", which does not exist`}}},
		{rule: rule, name: "fires-box-font-misspelt",
			files: genericPack("templates.yaml", fancyTemplate("{id: name, font: bld}")),
			want: []want{{file: "templates.yaml", at: "font: |bld", hint: []string{`did you mean "bold"? fix the spelling`},
				exact: `template "generic" box "name" uses font "bld", which the pack does not define`}}},
		{rule: rule, name: "fires-deck-back-unknown",
			files: genericPack("cards.yaml", genericCardsWith("back: no-back\n")),
			want: []want{{file: "cards.yaml", at: "|no-back",
				msg: []string{`deck "cards"`, `back template "no-back"`, "does not exist"}}}},
		{rule: rule, name: "fires-token-component-unknown",
			files: genericPack("tokens.yaml", tokenSet("tokens", token("bullet", "ghost-tokens", 1, ""))),
			want: []want{{file: "tokens.yaml", at: "|ghost-tokens",
				msg:  []string{`token "bullet"`, `component "ghost-tokens"`, "manifest does not list"},
				hint: []string{"cards"}}}},
		{rule: rule, name: "fires-template-extends-unknown",
			files: genericPack("templates.yaml", templatesFile("  - id: fancy\n    extends: no-parent\n")),
			want: []want{{file: "templates.yaml", at: "|no-parent",
				msg: []string{`template "fancy"`, `extends "no-parent"`, "does not exist"}}}},
		{rule: rule, name: "fires-template-extends-cycle",
			files: genericPack("templates.yaml", templatesFile(
				"  - id: loop-a\n    extends: loop-b\n  - id: loop-b\n    extends: loop-a\n")),
			want: []want{
				{file: "templates.yaml", at: "extends: |loop-b", msg: []string{`template "loop-a": its extends chain loops back`}},
				{file: "templates.yaml", at: "extends: |loop-a", msg: []string{`template "loop-b": its extends chain loops back`}},
			}},
	}
}

func missingFileCases() []ruleCase {
	const rule = "pack/missing-file"
	manifest := func(extra string) string { return gameYAML("generic", genericComponents+extra) }
	return []ruleCase{
		{rule: rule, name: "quiet-included-files-present",
			files: genericPack(
				"game.yaml", manifest("include: [cards.yaml, ./more/extra.yaml]\n"),
				"more/extra.yaml", "kind: Deck\nid: extra\ncardType: generic\ncards:\n  - {id: extra-1}\n",
				// Not included, so never read.
				"scratch.yaml", "this: [is not valid\n")},
		{rule: rule, name: "fires-include-names-missing-file",
			files: genericPack("game.yaml", manifest("include: [cards.yaml, extra.yaml]\n")),
			want: []want{{file: "game.yaml", at: "|extra.yaml",
				msg: []string{`included file "extra.yaml" does not exist`}, hint: []string{"relative to game.yaml"}}}},
		{rule: rule, name: "fires-include-leaves-pack",
			files: genericPack("game.yaml", manifest("include: [cards.yaml, ../outside.yaml]\n")),
			want: []want{{file: "game.yaml", at: "|../outside.yaml",
				msg: []string{"does not exist inside the pack folder"}}}},
		{rule: rule, name: "fires-include-names-a-folder-path-that-is-missing",
			files: genericPack("game.yaml", manifest("include:\n  - cards.yaml\n  - decks/missing.yml\n")),
			want: []want{{file: "game.yaml", at: "- |decks/missing.yml",
				msg: []string{`included file "decks/missing.yml" does not exist`}}}},
	}
}

// bigPack is a generic pack of one deck of cards x copies, whose manifest
// expects exactly that many.
func bigPack(cards, copies int) files {
	var b strings.Builder
	b.WriteString("kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n")
	for i := range cards {
		fmt.Fprintf(&b, "  - {id: card-%d, count: %d}\n", i+1, copies)
	}
	return genericPack(
		"game.yaml", gameYAML("generic", fmt.Sprintf("components:\n  - {id: cards, name: Cards, expected: %d}\n", cards*copies)),
		"cards.yaml", b.String())
}

func limitCases() []ruleCase {
	const rule = "pack/limit"
	return []ruleCase{
		{rule: rule, name: "quiet-exactly-at-the-limit", files: bigPack(validate.MaxTotalCards/500, 500)},
		{rule: rule, name: "quiet-margin-at-the-limit", files: genericPack("game.yaml", gameYAML("generic", genericComponents+"print: {margin: 25mm}\n"))},
		{rule: rule, name: "fires-margin-too-wide", files: genericPack("game.yaml", gameYAML("generic", genericComponents+"print: {margin: 1in}\n")),
			want: []want{{file: "game.yaml", at: "margin: |1in", msg: []string{"print margin 25.4mm is more than 25mm"}}}},
		{rule: rule, name: "fires-over-the-limit", files: bigPack(validate.MaxTotalCards/500+1, 500),
			want: []want{{file: "game.yaml", at: "id: |test-pack",
				msg: []string{fmt.Sprintf("prints %d cards", validate.MaxTotalCards+500),
					fmt.Sprintf("the limit is %d", validate.MaxTotalCards)}}}},
		{rule: rule, name: "quiet-custom-size",
			files: genericPack("spare.yaml", "kind: Deck\nid: spare\ncardType: generic\nsize: custom\nwidth: 70mm\nheight: 90mm\ncards:\n  - {id: s-1}\n")},
	}
}

func unknownIconCases() []ruleCase {
	const rule = "text/unknown-icon"
	return []ruleCase{
		{rule: rule, name: "quiet-known-icons",
			files: genericPack(
				"tokens.yaml", tokenSet("tokens", token("bullet", "", 1, "bullet")),
				"templates.yaml", templatesFile(`  - id: fancy
    extends: generic
    boxes:
      - {id: warning, text: "{zombie} ahead", x: 5mm, y: 70mm, w: 40mm, h: 6mm}
      - {id: mark, type: icon, icon: flag, x: 50mm, y: 70mm, w: 6mm, h: 6mm}
`))},
		{rule: rule, name: "fires-card-text",
			files: genericPack("cards.yaml", edit(genericCards, "{bullet}", "{bulet}")),
			want: []want{{file: "cards.yaml", at: `|"Spend a {bulet} to move."`,
				msg:  []string{`card "card-a"`, "text: unknown inline icon {bulet}"},
				hint: []string{"did you mean {bullet}? fix the spelling"}}}},
		{rule: rule, name: "fires-token-icon",
			files: genericPack("tokens.yaml", tokenSet("tokens", token("bullet", "", 1, "skull"))),
			want: []want{{file: "tokens.yaml", at: "icon: |skull",
				msg: []string{`token "bullet"`, `unknown icon "skull"`}, hint: []string{"icons: blood, bullet"}}}},
		{rule: rule, name: "quiet-token-backs-with-known-icons",
			files: genericPack("tokens.yaml", "kind: Tokens\nid: tokens\nback: {icon: blood, label: RUN}\ntokens:\n  - {id: a, count: 1, shape: round, size: 16mm, back: {icon: bullet, label: \"+2\", fill: \"#ffee88\"}}\n  - {id: b, count: 1, shape: round, size: 16mm}\n")},
		{rule: rule, name: "fires-token-back-icon",
			files: genericPack("tokens.yaml", "kind: Tokens\nid: tokens\ntokens:\n  - {id: a, count: 1, shape: round, size: 16mm, back: {icon: skull}}\n"),
			want: []want{{file: "tokens.yaml", at: "back: {icon: |skull",
				msg: []string{`token "a" back`, `unknown icon "skull"`}, hint: []string{"icons: blood, bullet"}}}},
		{rule: rule, name: "fires-token-set-back-icon",
			files: genericPack("tokens.yaml", "kind: Tokens\nid: tokens\nback: {icon: bulet}\ntokens:\n  - {id: a, count: 1, shape: round, size: 16mm}\n"),
			want: []want{{file: "tokens.yaml", at: "back: {icon: |bulet",
				msg: []string{`token set "tokens" back`, `unknown icon "bulet"`}}}},
		{rule: rule, name: "fires-template-box-text",
			files: genericPack("templates.yaml", templatesFile(`  - id: fancy
    extends: generic
    boxes:
      - {id: warning, text: "{zombei} ahead"}
`)),
			want: []want{{file: "templates.yaml", at: `text: |"{zombei} ahead"`,
				msg:  []string{`template "fancy" box "warning"`, "unknown inline icon {zombei}"},
				hint: []string{"did you mean {zombie}? fix the spelling"}}}},
		{rule: rule, name: "quiet-icon-row-of-known-icons",
			files: genericPack("templates.yaml", fancyTemplate("{id: row, type: icons, field: marks, x: 5mm, y: 70mm, w: 50mm, h: 8mm}"),
				"cards.yaml", edit(genericCards, "count: 2\n", "count: 2\n    marks: [zombie, bullet]\n"))},
		{rule: rule, name: "fires-icon-row-name-from-a-card",
			files: genericPack("templates.yaml", fancyTemplate("{id: row, type: icons, field: marks, x: 5mm, y: 70mm, w: 50mm, h: 8mm}"),
				"cards.yaml", edit(genericCards, "count: 2\n", "count: 2\n    marks: [zombie, skul]\n")),
			want: []want{{file: "cards.yaml", at: "[zombie, |skul]",
				exact: `card "card-a" marks: unknown icon "skul" in the icon row "row" of template "generic"`, hint: []string{"icons: blood"}}}},
		{rule: rule, name: "fires-template-box-icon",
			files: genericPack("templates.yaml", templatesFile(`  - id: fancy
    extends: generic
    boxes:
      - {id: mark, type: icon, icon: flagg}
`)),
			want: []want{{file: "templates.yaml", at: "icon: |flagg",
				msg:  []string{`template "fancy" box "mark"`, `unknown icon "flagg"`},
				hint: []string{"did you mean {flag}? fix the spelling"}}}},
	}
}

func deckCountCases() []ruleCase {
	const rule = "deck/count"
	manifest := func(components string) string { return gameYAML("generic", "components:\n"+components) }
	return []ruleCase{
		{rule: rule, name: "quiet-counts-match-and-unprinted-ignored",
			files: genericPack(
				"game.yaml", manifest(`  - {id: cards, name: Cards, expected: 3}
  - {id: bullets, name: Bullets, expected: 5}
  - {id: figures, name: Figures, expected: 8, printed: false, substitute: coins}
  - {id: promo, name: Promo cards, expected: 1, printed: false}
`),
				"tokens.yaml", tokenSet("tokens", token("bullet", "bullets", 3, ""), token("big-bullet", "bullets", 2, "")),
				// An unprinted component is not counted, whatever its decks hold.
				"promo.yaml", "kind: Deck\nid: promo\ncomponent: promo\ncardType: generic\ncards:\n  - {id: promo-1, count: 2}\n")},
		{rule: rule, name: "fires-copies-differ",
			files: genericPack("game.yaml", manifest("  - {id: cards, name: Cards, expected: 5}\n")),
			want: []want{{file: "game.yaml", at: "expected: |5",
				exact: `component "cards" expects 5 copies but the pack has 3 (3 in pack/cards.yaml)`, related: 1,
				hint: []string{"raise or lower expected: to 3", "in game.yaml"}}}},
		{rule: rule, name: "fires-copies-differ-across-files",
			files: genericPack(
				"game.yaml", manifest("  - {id: cards, name: Cards, expected: 6}\n"),
				"tokens.yaml", tokenSet("tokens", token("card-tokens", "cards", 4, ""))),
			want: []want{{file: "game.yaml", at: "expected: |6",
				exact:   `component "cards" expects 6 copies but the pack has 7 (3 in pack/cards.yaml, 4 in pack/tokens.yaml)`,
				related: 2}}},
		{rule: rule, name: "fires-printed-component-without-deck",
			files: genericPack("game.yaml", manifest("  - {id: cards, name: Cards, expected: 3}\n  - {id: spare-dice, name: Dice, expected: 2}\n")),
			want: []want{{file: "game.yaml", at: "{id: |spare-dice",
				msg:  []string{`component "spare-dice" (Dice)`, "printed but nothing in the pack provides it"},
				hint: []string{"printed: false"}}}},
		// One mistake, one finding: a misspelt component: is
		// pack/dangling-ref's, and its copies count towards the component
		// meant, so the component is neither unprovided nor short.
		{rule: rule, name: "quiet-misspelt-component-counts-towards-the-one-meant",
			files: genericPack("cards.yaml", edit(genericCards, "component: cards", "component: crads")),
			want:  []want{}},
		{rule: rule, name: "quiet-misspelt-token-component-counts-towards-the-one-meant",
			files: genericPack(
				"game.yaml", manifest("  - {id: cards, name: Cards, expected: 7}\n"),
				"tokens.yaml", tokenSet("tokens", token("card-tokens", "card", 4, ""))),
			want: []want{}},
	}
}

func emptyDeckCases() []ruleCase {
	const rule = "deck/empty"
	return []ruleCase{
		{rule: rule, name: "quiet-deck-with-copies", files: genericPack()},
		{rule: rule, name: "fires-no-cards",
			files: genericPack("spare.yaml", "kind: Deck\nid: spare\ncardType: generic\ncards: []\n"),
			want: []want{{file: "spare.yaml", at: "cards: |[]", sev: validate.Warning,
				msg: []string{`deck "spare" has no cards`}, hint: []string{"build skips"}}}},
		{rule: rule, name: "fires-only-zero-counts",
			files: genericPack("spare.yaml", "kind: Deck\nid: spare\ncardType: generic\ncards:\n  - {id: s-1, count: 0}\n"),
			want: []want{{file: "spare.yaml", at: "cards:\n  |- {id", sev: validate.Warning,
				msg: []string{`deck "spare" has only cards with count: 0`}}}},
	}
}

func glyphCases() []ruleCase {
	const rule = "text/glyph"
	missing := fakeFitter{card: "card-a", glyph: true, overflow: validate.Overflow{
		Template: "generic", Box: "text", Field: "text", Detail: `the font "regular" has no glyph for "🧟"`}}
	return []ruleCase{
		{rule: rule, name: "quiet-without-fitter", files: genericPack(), fitter: nil},
		{rule: rule, name: "quiet-all-glyphs-present", files: genericPack(), fitter: fakeFitter{card: "no-such-card", glyph: true}},
		{rule: rule, name: "fires-at-the-card-field", files: genericPack(), fitter: missing,
			want: []want{{file: "cards.yaml", at: `text: |"Spend a {bullet} to move."`, sev: validate.Warning,
				msg:  []string{`card "card-a"`, "cannot be drawn", `no glyph for "🧟"`},
				hint: []string{"pack font"}}}},
	}
}

func overflowCases() []ruleCase {
	const rule = "text/overflow"
	textOverflow := fakeFitter{card: "card-a", overflow: validate.Overflow{
		Template: "generic", Box: "text", Field: "text", Detail: "needs 41.2mm of 31mm at 7pt"}}
	return []ruleCase{
		{rule: rule, name: "quiet-without-fitter", files: genericPack(), fitter: nil},
		{rule: rule, name: "quiet-fitter-finds-nothing", files: genericPack(), fitter: fakeFitter{card: "no-such-card"}},
		{rule: rule, name: "fires-at-the-card-field", files: genericPack(), fitter: textOverflow,
			want: []want{{file: "cards.yaml", at: `text: |"Spend a {bullet} to move."`,
				msg: []string{`card "card-a"`, `text (box "text" of template "generic")`,
					"does not fit: needs 41.2mm of 31mm at 7pt"},
				hint: []string{"shorten the text"}}}},
		{rule: rule, name: "fires-at-the-card-id-when-the-field-is-unset", files: genericPack(),
			fitter: fakeFitter{card: "card-b", overflow: validate.Overflow{Template: "generic", Box: "name", Field: "name", Detail: "too long"}},
			want: []want{{file: "cards.yaml", at: "id: |card-b",
				msg: []string{`card "card-b"`, `box "name" of template "generic" does not fit: too long`}}}},
	}
}

func unknownRuleCases() []ruleCase {
	const rule = "pack/unknown-rule"
	return []ruleCase{
		{rule: rule, name: "quiet-known-rules",
			// rfyl/blood-mix is known though it does not apply to a generic pack.
			files: genericPack("game.yaml", gameYAML("generic", genericComponents+
				"rules:\n  deck/count: warning\n  rfyl/blood-mix: off\n"))},
		{rule: rule, name: "fires-on-a-misspelt-rule",
			files: genericPack("game.yaml", gameYAML("generic", genericComponents+"rules:\n  deck/countt: off\n")),
			want: []want{{file: "game.yaml", at: "|deck/countt", sev: validate.Warning,
				msg: []string{`"deck/countt"`, "names no rule"}, hint: []string{`did you mean "deck/count"? fix the spelling`, "runforge rules"}}}},
		{rule: rule, name: "fires-without-a-guess-on-a-rule-far-from-any",
			files: genericPack("game.yaml", gameYAML("generic", genericComponents+"rules:\n  nothing/like-it-at-all: off\n")),
			want: []want{{file: "game.yaml", at: "|nothing/like-it-at-all", sev: validate.Warning,
				msg: []string{"names no rule"}, hint: []string{"runforge rules"}}}},
		{rule: "pack/fixed-rule", name: "quiet-changeable-rules",
			files: genericPack("game.yaml", gameYAML("generic", genericComponents+"rules:\n  deck/count: warning\n  text/overflow: error\n"))},
		{rule: "pack/fixed-rule", name: "fires-on-loader-and-limit-rules",
			files: genericPack("game.yaml", gameYAML("generic", genericComponents+"rules:\n  yaml/syntax: off\n  pack/limit: warning\n")),
			want: []want{
				{file: "game.yaml", at: "|yaml/syntax", msg: []string{`rule "yaml/syntax"`, "a pack cannot change it"}},
				{file: "game.yaml", at: "|pack/limit", msg: []string{`rule "pack/limit"`}},
			}},
	}
}

func cardTypeCases() []ruleCase {
	const rule = "deck/card-type"
	return []ruleCase{
		// A Run For Your Life pack may use the card types every game has.
		{rule: rule, name: "quiet-own-and-common-card-types",
			files: rfylPack("spare.yaml", "kind: Deck\nid: spare\ncardType: generic\ncards:\n  - {id: spare-1, text: Run.}\n")},
		{rule: rule, name: "fires-another-games-card-type",
			files: genericPack("events.yaml", eventDeck("[zombies]", "")),
			want: []want{{file: "events.yaml", at: "cardType: |rfyl/event",
				exact: `deck "events" has card type "rfyl/event" of the system "run-for-your-life", but this pack's system is "generic", whose card types are generic`,
				hint:  []string{"system: run-for-your-life"}}}},
	}
}
