package validate_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/runforge/runforge/validate"
	rfylrules "github.com/runforge/runforge/validate/rfyl"
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

		// rfyl/uses
		{rule: "rfyl/uses", name: "quiet-uses-on-weapon-and-item",
			files: rfylPack("events.yaml", eventDeck("[melee]", "    uses: 3\n")+"  - {id: ev-kit, name: Kit, icons: [item], text: Heal., uses: 1}\n")},
		{rule: "rfyl/uses", name: "fires-uses-without-melee-or-item",
			files: rfylPack("events.yaml", eventDeck("[zombies, bullets]", "    bulletCost: 1\n    uses: 3\n")),
			want: []want{{file: "events.yaml", at: "uses: |3",
				exact: `card "ev-test": 3 uses on an event without the melee or item icon; it is discarded once resolved, so it has nothing to use up`,
				hint:  []string{"add melee or item to icons"}}}},

		// rfyl/event-icons
		{rule: "rfyl/event-icons", name: "quiet-rulebook-icons", files: rfylPack()},
		{rule: "rfyl/event-icons", name: "fires-unknown-icon-with-hint",
			files: rfylPack("events.yaml", eventDeck("[zombie, blood]", "")),
			want: []want{{file: "events.yaml", at: "[|zombie, blood]",
				msg:  []string{`card "ev-test"`, `"zombie" is not an event icon`},
				hint: []string{`did you mean "zombies"? fix the spelling`}}}},
		{rule: "rfyl/event-icons", name: "fires-repeated-icon",
			files: rfylPack("events.yaml", eventDeck("[zombies, melee, zombies]", "")),
			want: []want{{file: "events.yaml", at: "melee, |zombies]",
				msg: []string{`card "ev-test"`, `icon "zombies" appears twice`}}}},

		// rfyl/track
		{rule: "rfyl/track", name: "quiet-pack-without-boards", files: rfylPack()},
		{rule: "rfyl/track", name: "quiet-start-and-1-to-100-on-two-boards", files: rfylTrackPack()},
		{rule: "rfyl/track", name: "fires-repeat-and-gap",
			files: rfylPack(
				"track-1.yaml", rfylBoard("track-1", rfylStart+trackLines(1, 36)+"      - {number: 36, note: again}\n"+trackLines(38, 50)),
				"track-2.yaml", rfylBoard("track-2", trackLines(51, 100))),
			want: []want{
				{file: "track-1.yaml", at: "{number: |36, note",
					exact:   `board "track-1" side "track-1-a": space 36 is numbered twice`,
					hint:    []string{"its own number"},
					related: 1},
				{file: "track-1.yaml", at: "{number: |38}",
					exact: `board "track-1" side "track-1-a": the track jumps from space 36 to space 38; space 37 is missing`},
			}},
		{rule: "rfyl/track", name: "fires-numbered-start-and-late-first-space",
			files: rfylPack(
				"track-1.yaml", rfylBoard("track-1", "      - {number: 0, label: START}\n"+trackLines(3, 50)),
				"track-2.yaml", rfylBoard("track-2", trackLines(51, 100))),
			want: []want{
				{file: "track-1.yaml", at: "{number: |0, label",
					msg:  []string{"space number 0 is not on the track, which starts at 1"},
					hint: []string{"label: START and no number"}},
				{file: "track-1.yaml", at: "{number: |3}",
					exact: `board "track-1" side "track-1-a": the track starts at space 3; spaces 1-2 are missing`},
			}},
		{rule: "rfyl/track", name: "fires-track-short-of-100",
			files: rfylPack("track-1.yaml", rfylBoard("track-1", rfylStart+trackLines(1, 60))),
			want: []want{{file: "track-1.yaml", at: "id: |track-1\n",
				exact: "the track ends at space 60, short of the longest preset victory distance, 100 (Intermediate, and Advanced after 5 turns)",
				hint:  []string{"spaces 1-100"}}}},
		{rule: "rfyl/track", name: "fires-boards-without-numbers",
			files: rfylPack("track-1.yaml", rfylBoard("track-1", rfylStart)),
			want: []want{{file: "track-1.yaml", at: "id: |track-1\n",
				msg: []string{"the track ends at space 0"}}}},

		// rfyl/track-distances
		{rule: "rfyl/track-distances", name: "quiet-pack-without-boards", files: rfylPack()},
		{rule: "rfyl/track-distances", name: "quiet-presets-flagged", files: rfylTrackPack()},
		{rule: "rfyl/track-distances", name: "fires-preset-without-flag",
			files: rfylTrackPack("track-1.yaml", rfylBoard("track-1",
				rfylStart+edit(trackLines(1, 50), "{number: 50, icons: [flag]}", "{number: 50, icons: [zombie]}"))),
			want: []want{{file: "track-1.yaml", at: "{number: |50, icons",
				sev:   validate.Warning,
				exact: `board "track-1" side "track-1-a": space 50, a preset victory distance (Simple), is not marked with the flag icon`,
				hint:  []string{"icons: [flag]"}}}},
		{rule: "rfyl/track-distances", name: "fires-presets-beyond-the-end",
			files: rfylPack("track-1.yaml", rfylBoard("track-1", rfylStart+trackLines(1, 60))),
			want: []want{{file: "track-1.yaml", at: "id: |track-1\n",
				sev:   validate.Warning,
				exact: "preset victory distances 75 (Expert, at the start), 100 (Intermediate, and Advanced after 5 turns) are not on the track"}}},
	}
}

// rfylStart is the start space of a test track: a label and no number.
const rfylStart = "      - {label: START, x: 20mm, y: 20mm}\n"

// rfylBoard is a one-sided board whose spaces are the given lines, laid
// out on a grid of ten columns.
func rfylBoard(id, spaces string) string {
	return "kind: Board\nid: " + id + "\nsides:\n  - id: " + id + "-a\n" +
		"    width: 280mm\n    height: 200mm\n    space: {size: 20mm}\n" +
		"    grid: {columns: 10, x: 20mm, y: 50mm, dx: 25mm, dy: 30mm, order: serpentine}\n" +
		"    path: true\n    spaces:\n" + spaces
}

// trackLines are the spaces lo..hi of a test track; the preset victory
// distances carry the flag icon.
func trackLines(lo, hi int) string {
	var b strings.Builder
	for n := lo; n <= hi; n++ {
		flag := ""
		for _, d := range rfylrules.Distances {
			if d.Space == n {
				flag = ", icons: [flag]"
			}
		}
		fmt.Fprintf(&b, "      - {number: %d%s}\n", n, flag)
	}
	return b.String()
}

// rfylTrackPack is the clean pack with a clean track: START and 1-50 on one
// board, 51-100 on another.
func rfylTrackPack(kv ...string) files {
	return rfylPack(
		"track-1.yaml", rfylBoard("track-1", rfylStart+trackLines(1, 50)),
		"track-2.yaml", rfylBoard("track-2", trackLines(51, 100)),
	).with(kv...)
}

// TestRFYLRulesOnlyForTheirGame: a pack of another system holding the same
// broken Run For Your Life decks gets no rfyl/ diagnostic.
func TestRFYLRulesOnlyForTheirGame(t *testing.T) {
	broken := rfylPack(
		"determination.yaml", "kind: Deck\nid: determination\ncardType: rfyl/determination\ncards:\n  - {id: det-11, value: 11}\n",
		"blood.yaml", "kind: Deck\nid: blood\ncardType: rfyl/blood\ncards:\n  - {id: bl, countdown: 0, result: clean}\n",
		"events.yaml", eventDeck("[zombie, zombie]", "    bulletCost: 1\n    uses: 2\n"),
		"track-1.yaml", rfylBoard("track-1", trackLines(1, 3)+"      - {number: 3}\n"),
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

	// In a pack of another system the game's rules do not run; its decks
	// are refused for their card types instead, one finding a deck.
	other := broken.with("game.yaml", gameYAML("generic", "components: []\n"))
	got = check(t, other, validate.Options{})
	if n := len(ofRule(got, "deck/card-type")); n != 3 || len(got) != 3 {
		t.Errorf("generic pack: want deck/card-type on each of the 3 decks and nothing else, got:\n%s", dump(got))
	}
}

// TestOneMistakeOneFinding: a misspelt event icon is one finding, the game
// rule's, with one suggestion; the generic unknown-icon finding at the same
// place would only repeat it with another hint.
func TestOneMistakeOneFinding(t *testing.T) {
	got := check(t, rfylPack("events.yaml", eventDeck("[zombiez]", "")), validate.Options{})
	if len(got) != 1 || got[0].Rule != "rfyl/event-icons" || !strings.Contains(got[0].Hint, `did you mean "zombies"?`) {
		t.Fatalf("want one rfyl/event-icons finding suggesting zombies, got:\n%s", dump(got))
	}
}
