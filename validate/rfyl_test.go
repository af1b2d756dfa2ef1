package validate_test

import (
	"testing"

	"github.com/runforge/runforge/validate"
)

func rfylCases() []ruleCase {
	determination := func(cards string) string {
		return "kind: Deck\nid: determination\ncardType: rfyl/determination\ncards:\n" + cards
	}
	blood := func(header, cards string) string {
		return "kind: Deck\nid: blood\ncardType: rfyl/blood\n" + header + "cards:\n" + cards
	}
	return []ruleCase{
		// rfyl/determination-range
		{rule: "rfyl/determination-range", name: "quiet-values-1-to-10", files: rfylPack()},
		{rule: "rfyl/determination-range", name: "fires-below-and-above",
			files: rfylPack("determination.yaml", rfylDetermination+
				"  - {id: det-zero, value: 0}\n  - {id: det-eleven, value: 11}\n"),
			want: []want{
				{file: "determination.yaml", at: "det-zero, value: |0",
					msg: []string{`card "det-zero"`, "determination value 0 is outside 1-10"}},
				{file: "determination.yaml", at: "det-eleven, value: |11",
					msg: []string{`card "det-eleven"`, "determination value 11 is outside 1-10"}},
			}},

		// rfyl/ammo-bands
		{rule: "rfyl/ammo-bands", name: "quiet-every-band-present", files: rfylPack()},
		{rule: "rfyl/ammo-bands", name: "fires-bands-missing",
			files: rfylPack("determination.yaml", determination(
				"  - {id: det-3, value: 3}\n  - {id: det-5, value: 5}\n  - {id: det-8, value: 8}\n")),
			want: []want{{file: "determination.yaml", at: "|- {id: det-3",
				exact: `deck "determination" has no card in the starting-ammo band 1 (no bullets, and a blood card), 10 (3 bullets)`,
				hint:  []string{"every band must be possible"}}}},
		{rule: "rfyl/ammo-bands", name: "fires-when-the-band-card-has-no-copies",
			files: rfylPack("determination.yaml", edit(rfylDetermination, "{id: det-1, value: 1}", "{id: det-1, count: 0, value: 1}")),
			want: []want{{file: "determination.yaml", at: "|- {id: det-1,",
				exact: `deck "determination" has no card in the starting-ammo band 1 (no bullets, and a blood card)`}}},

		// rfyl/blood-mix
		{rule: "rfyl/blood-mix", name: "quiet-infected-and-clean", files: rfylPack()},
		{rule: "rfyl/blood-mix", name: "fires-no-clean-card",
			files: rfylPack("blood.yaml", blood("", "  - {id: bl-infected, countdown: 1, result: infected}\n")),
			want: []want{{file: "blood.yaml", at: "|- {id: bl-infected",
				msg:  []string{`blood deck "blood" has no clean card`, "(1 infected, 0 clean)"},
				hint: []string{"mix infected and clean"}}}},
		{rule: "rfyl/blood-mix", name: "fires-infected-card-without-copies",
			files: rfylPack("blood.yaml", edit(rfylBlood, "{id: bl-infected,", "{id: bl-infected, count: 0,")),
			want: []want{{file: "blood.yaml", at: "|- {id: bl-infected",
				msg: []string{"has no infected card", "(0 infected, 1 clean)"}}}},

		// rfyl/blood-countdown
		{rule: "rfyl/blood-countdown", name: "quiet-up-to-the-default-track", files: rfylPack()},
		{rule: "rfyl/blood-countdown", name: "quiet-within-a-shorter-track",
			files: rfylPack("blood.yaml", edit(rfylBlood, "countdown: 3", "countdown: 2")+"dropTrack: 2\n")},
		{rule: "rfyl/blood-countdown", name: "fires-below-one-and-over-the-default-track",
			files: rfylPack("blood.yaml", blood("",
				"  - {id: bl-zero, countdown: 0, result: infected}\n  - {id: bl-four, countdown: 4, result: clean}\n")),
			want: []want{
				{file: "blood.yaml", at: "countdown: |0",
					msg: []string{`card "bl-zero"`, "countdown 0 is outside the drop track (1-3)"}},
				{file: "blood.yaml", at: "countdown: |4",
					msg: []string{`card "bl-four"`, "countdown 4 is outside the drop track (1-3)"}, hint: []string{"dropTrack"}},
			}},
		{rule: "rfyl/blood-countdown", name: "fires-over-the-deck-drop-track",
			files: rfylPack("blood.yaml", rfylBlood+"dropTrack: 2\n"),
			want: []want{{file: "blood.yaml", at: "countdown: |3",
				msg: []string{`card "bl-clean"`, "countdown 3 is outside the drop track (1-2)"}}}},

		// rfyl/bullet-cost
		{rule: "rfyl/bullet-cost", name: "quiet-cost-with-bullets-icon", files: rfylPack()},
		{rule: "rfyl/bullet-cost", name: "quiet-bullets-icon-without-cost",
			files: rfylPack("events.yaml", eventDeck("[bullets]", ""))},
		{rule: "rfyl/bullet-cost", name: "fires-cost-without-bullets-icon",
			files: rfylPack("events.yaml", eventDeck("[zombies]", "    bulletCost: 2\n")),
			want: []want{{file: "events.yaml", at: "bulletCost: |2",
				msg:  []string{`card "ev-test"`, "bullet cost 2 on an event without the bullets icon"},
				hint: []string{"add bullets to icons"}}}},

		// rfyl/event-icons
		{rule: "rfyl/event-icons", name: "quiet-rulebook-icons", files: rfylPack()},
		{rule: "rfyl/event-icons", name: "fires-unknown-icon-with-hint",
			files: rfylPack("events.yaml", eventDeck("[zombie, blood]", "")),
			want: []want{{file: "events.yaml", at: "[|zombie, blood]",
				msg:  []string{`card "ev-test"`, `"zombie" is not an event icon`},
				hint: []string{`did you mean "zombies"?`, "event icons: zombies, encounter"}}}},
		{rule: "rfyl/event-icons", name: "fires-repeated-icon",
			files: rfylPack("events.yaml", eventDeck("[zombies, melee, zombies]", "")),
			want: []want{{file: "events.yaml", at: "melee, |zombies]",
				msg: []string{`card "ev-test"`, `icon "zombies" appears twice`}}}},
	}
}

// TestRFYLRulesOnlyForTheirGame: a pack of another system holding the same
// broken Run For Your Life decks gets no rfyl/ diagnostic.
func TestRFYLRulesOnlyForTheirGame(t *testing.T) {
	broken := rfylPack(
		"determination.yaml", "kind: Deck\nid: determination\ncardType: rfyl/determination\ncards:\n  - {id: det-11, value: 11}\n",
		"blood.yaml", "kind: Deck\nid: blood\ncardType: rfyl/blood\ncards:\n  - {id: bl, countdown: 0, result: clean}\n",
		"events.yaml", eventDeck("[zombie, zombie]", "    bulletCost: 1\n"),
	)
	rfylIDs := []string{}
	for _, id := range checkedRules() {
		if len(id) > 5 && id[:5] == "rfyl/" {
			rfylIDs = append(rfylIDs, id)
		}
	}

	got := check(t, broken, validate.Options{})
	for _, id := range rfylIDs {
		if len(ofRule(got, id)) == 0 {
			t.Errorf("run-for-your-life pack: %s does not fire; the fixture is not broken enough:\n%s", id, dump(got))
		}
	}

	other := broken.with("game.yaml", gameYAML("generic", "components: []\n"))
	if got := check(t, other, validate.Options{}); len(got) != 0 {
		t.Errorf("generic pack: want no diagnostic, got:\n%s", dump(got))
	}
}
