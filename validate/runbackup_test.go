package validate_test

import (
	"strings"

	"github.com/runforge/runforge/validate"
)

// backupDeck is a clean Dispatch backup deck: 11 cards, each
// rank on 8 of them showing spawn points 1-8 once each, every action from
// the deck's vocabulary, one road block and one motion detector per map.
const backupDeck = `kind: Deck
id: backup
cardType: run/backup
actions:
  - {id: scan-area, name: Area Scan, verb: scan, text: "Scan a 2x2 area."}
  - {id: searchlight, name: Searchlight, verb: illuminate}
  - {id: road-block, name: Road Block, verb: other, tokens: {road-block: 1}}
  - {id: motion-detector, name: Motion Detector, verb: scan, tokens: {motion-detector: 1}}
  - {id: sniper, name: Sniper, verb: hit}
cards:
  - {id: b1, spawn: 1, ranks: [1, 2, 3], actions: [scan-area, road-block, sniper]}
  - {id: b2, spawn: 2, ranks: [1, 2, 3], actions: [searchlight, motion-detector, sniper]}
  - {id: b3, spawn: 3, ranks: [1, 2, 3], actions: [scan-area, road-block, sniper]}
  - {id: b4, spawn: 4, ranks: [1, 2, 3, 4, 5], actions: [searchlight, road-block, sniper]}
  - {id: b5, spawn: 5, ranks: [1, 2, 3, 4, 5], actions: [scan-area, motion-detector, sniper]}
  - {id: b6, spawn: 6, ranks: [1, 2, 3, 4, 5], actions: [searchlight, road-block, sniper]}
  - {id: b7, spawn: 7, ranks: [1, 2, 3, 4, 5], actions: [scan-area, road-block, sniper]}
  - {id: b8, spawn: 8, ranks: [1, 2, 3, 4, 5], actions: [searchlight, motion-detector, sniper]}
  - {id: b9, spawn: 1, ranks: [4, 5], actions: [scan-area, road-block, sniper]}
  - {id: b10, spawn: 2, ranks: [4, 5], actions: [searchlight, road-block, sniper]}
  - {id: b11, spawn: 3, ranks: [4, 5], actions: [scan-area, motion-detector, sniper]}
`

// rankDeck is a clean deck of rank cards.
const rankDeck = `kind: Deck
id: rank
cardType: run/rank
cards:
  - {id: runner-1, role: runner, rank: 1, text: "Use every action token."}
  - {id: runner-2, role: runner, rank: 2, text: "Play without the diagonal wild."}
  - {id: runner-3, role: runner, rank: 3, text: "Default game rank. No additional rules."}
  - {id: runner-4, role: runner, rank: 4, text: "Reach the safe house Dispatch names."}
  - {id: runner-5, role: runner, rank: 5, text: "Collect all 4 stashes."}
  - {id: dispatch-1, role: dispatch, rank: 1, text: "Backup after every turn."}
  - {id: dispatch-2, role: dispatch, rank: 2, text: "Default backup."}
  - {id: dispatch-3, role: dispatch, rank: 3, text: "Default game rank."}
  - {id: dispatch-4, role: dispatch, rank: 4, setup: "Draw 3 backup cards.", text: "Use the 3 face-up cards."}
  - {id: dispatch-5, role: dispatch, rank: 5, text: "Surveillance cars."}
`

// backupPack is runPack with the clean backup and rank decks; backup edits
// its backup deck.
func backupPack() files {
	return runPack("backup.yaml", backupDeck, "rank.yaml", rankDeck)
}

func backup(old, new string) files {
	if !strings.Contains(backupDeck, old) {
		panic("backup: no " + old)
	}
	return runPack("backup.yaml", strings.Replace(backupDeck, old, new, 1), "rank.yaml", rankDeck)
}

func runBackupCases() []ruleCase {
	err, warn := validate.Error, validate.Warning
	b11 := "  - {id: b11, spawn: 3, ranks: [4, 5], actions: [scan-area, motion-detector, sniper]}\n"
	return []ruleCase{
		{rule: "run/backup-count", name: "quiet-eleven", files: backupPack()},
		{rule: "run/backup-count", name: "quiet-maps-only", files: runPack()},
		{rule: "run/backup-count", name: "fires-ten", files: backup(b11, ""),
			want: []want{{file: "backup.yaml", at: "  |- {id: b1,", sev: err, hint: []string{"add 1 card"},
				exact: `backup deck "backup" has 10 cards, copies counted; RUN has 11 Dispatch backup cards (L56)`}}},
		{rule: "run/backup-count", name: "fires-copies-counted", files: backup("{id: b1, spawn", "{id: b1, count: 2, spawn"),
			want: []want{{file: "backup.yaml", at: "  |- {id: b1,", sev: err, msg: []string{"has 12 cards"}, hint: []string{"remove 1 card"}}}},
		{rule: "run/backup-ranks", name: "quiet-eight-per-rank", files: backupPack()},
		{rule: "run/backup-ranks", name: "fires-rank-on-nine-and-seven", files: backup("{id: b11, spawn: 3, ranks: [4, 5]", "{id: b11, spawn: 3, ranks: [3, 5]"),
			want: []want{
				{file: "backup.yaml", at: "  |- {id: b1,", sev: err, hint: []string{"remove 3 from the ranks: of 1 card"},
					exact: `rank 3 is on 9 backup cards (b1, b2, b3, b4, b5, b6, b7, b8 and b11); each rank 1-5 is on exactly 8, the cards Dispatch plays with at that rank (L150)`},
				{file: "backup.yaml", at: "  |- {id: b1,", sev: err, msg: []string{"rank 4 is on 7 backup cards (b4, b5, b6, b7, b8, b9 and b10)"}, hint: []string{"add 4"}},
			}},
		{rule: "run/rank-cards", name: "quiet-ten", files: backupPack()},
		{rule: "run/rank-cards", name: "quiet-maps-only", files: runPack()},
		{rule: "run/rank-cards", name: "fires-missing",
			files: runPack("backup.yaml", backupDeck, "rank.yaml", strings.Replace(strings.Replace(rankDeck, "role: runner, rank: 4", "role: runner, rank: 5", 1), "  - {id: dispatch-2, role: dispatch, rank: 2, text: \"Default backup.\"}\n", "", 1)),
			want: []want{
				{file: "rank.yaml", at: "  |- {id: runner-1", sev: err, hint: []string{"role: and rank:"},
					exact: `no rank card for runner rank 4 and dispatch rank 2; RUN has one rank card per role and rank 1-5 (10 cards, L53, L140)`},
				{file: "rank.yaml", at: "{id: |runner-4", sev: err, related: 1, hint: []string{"keep one card"},
					exact: `2 rank cards are for the runner at rank 5; RUN has one rank card per role and rank (10 cards, L53, L140)`},
			}},
		// A misspelt role is a near miss: the schema names the one meant,
		// and no rank card is reported missing for it.
		{rule: "schema/invalid", name: "fires-misspelt-role",
			files: runPack("backup.yaml", backupDeck, "rank.yaml", strings.Replace(rankDeck, "{id: runner-2, role: runner", "{id: runner-2, role: Runer", 1)),
			want: []want{{file: "rank.yaml", at: "{id: runner-2, role: |Runer", sev: err, hint: []string{`did you mean "runner"? fix the spelling`},
				exact: `role must be one of runner, dispatch, not "Runer"`}}},
		{rule: "run/rank-cards", name: "quiet-misspelt-role",
			files: runPack("backup.yaml", backupDeck, "rank.yaml", strings.Replace(rankDeck, "{id: runner-2, role: runner", "{id: runner-2, role: Runer", 1)),
			want:  []want{}},
		{rule: "run/rank-cards", name: "fires-copies-counted",
			files: runPack("backup.yaml", backupDeck, "rank.yaml", strings.Replace(rankDeck, "{id: runner-1, role", "{id: runner-1, count: 2, role", 1)),
			want:  []want{{file: "rank.yaml", at: "{id: |runner-1", sev: err, related: 0, msg: []string{"2 rank cards are for the runner at rank 1"}}}},
		{rule: "run/backup-card", name: "quiet-declared-actions", files: backupPack()},
		{rule: "run/backup-card", name: "fires-action-declared-twice",
			files: backup("  - {id: sniper, name: Sniper, verb: hit}\n", "  - {id: sniper, name: Sniper, verb: hit}\n  - {id: road-block, name: Barricade, verb: other}\n"),
			want: []want{{file: "backup.yaml", at: "{id: |road-block, name: Barricade", sev: err, related: 1, hint: []string{"another id"},
				exact: `deck "backup" declares the backup action "road-block" twice; cards could not say which one they mean`}}},
		{rule: "run/backup-card", name: "fires-spawn-nine", files: backup("{id: b8, spawn: 8", "{id: b8, spawn: 9"),
			want: []want{{file: "backup.yaml", at: "{id: b8, spawn: |9", sev: err, hint: []string{"1 to 8"},
				exact: `backup card "b8": spawn point 9 is not 1-8; maps number their spawn points 1 to 8 (L119, L151)`}}},
		{rule: "run/backup-card", name: "fires-two-actions", files: backup("[searchlight, motion-detector, sniper]}\n  - {id: b9", "[searchlight, sniper]}\n  - {id: b9"),
			want: []want{{file: "backup.yaml", at: "actions: |[searchlight, sniper]", sev: err, hint: []string{"exactly 3"},
				exact: `backup card "b8" has 2 actions; a backup card shows 3: top, middle and bottom (L407-418)`}}},
		{rule: "run/backup-card", name: "fires-undeclared-action", files: backup("[scan-area, road-block, sniper]}\n  - {id: b10", "[scan-area, roadblock, sniper]}\n  - {id: b10"),
			want: []want{{file: "backup.yaml", at: "[scan-area, |roadblock", sev: err, hint: []string{`did you mean "road-block"? fix the spelling`},
				exact: `backup card "b9": action "roadblock" is not declared in deck "backup"'s actions:`}}},
		{rule: "run/backup-spawns", name: "quiet-one-to-eight-per-rank", files: backupPack()},
		{rule: "run/backup-spawns", name: "fires-shared-spawn-and-missing", files: backup("{id: b11, spawn: 3", "{id: b11, spawn: 1"),
			want: []want{
				{file: "backup.yaml", at: "{id: b11, spawn: |1", sev: warn, related: 1, hint: []string{"spawn:"},
					exact: `rank 4's backup cards: spawn 1 is on b9 and b11; no card shows spawn 3; each rank's 8 cards show spawn points 1-8 once each (A20), so every spawn point can start the Runner (L150-153)`},
				{file: "backup.yaml", at: "{id: b11, spawn: |1", sev: warn, related: 1, msg: []string{"rank 5's backup cards: spawn 1 is on b9 and b11; no card shows spawn 3"}},
			}},
		{rule: "run/backup-tokens", name: "quiet-one-per-map", files: backupPack()},
		{rule: "run/backup-tokens", name: "fires-two-road-blocks", files: backup("tokens: {road-block: 1}", "tokens: {road-block: 2}"),
			want: []want{{file: "backup.yaml", at: "tokens: {road-block: |2}", sev: err, hint: []string{"road-block: 1"},
				exact: `backup action "road-block" places 2 road block tokens per map; the box has 2, one for each player's map (L66, L715, L729)`}}},
	}
}
