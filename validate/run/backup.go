package run

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/schema"
	runschema "github.com/runforge/runforge/schema/run"
	"github.com/runforge/runforge/validate"
)

// RUN backup-deck rules (RUN rulebook). They apply when the pack, with its base, has a
// run/backup deck; a pack holding only maps is checked for its maps. The
// stated assumption they rely on: each rank's 8 backup cards show spawn
// points 1-8 once each (A20, a design choice, hence a warning).

// Backup-deck facts of the rulebook.
const (
	// runBackupCards is the number of Dispatch backup cards (L56).
	runBackupCards = 11
	// runBackupPerRank is the number of backup cards showing each rank
	// number: "Take the 8 backup cards showing your current rank number"
	// (L150).
	runBackupPerRank = 8
	// runBackupActions is the number of actions on a card: top, middle and
	// bottom (L407-418).
	runBackupActions = 3
)

// runMapTokens are the cardboard tokens of which the box holds 2, one per
// player's map (L66, L715, L729), with their printed names.
var runMapTokens = []struct{ id, name string }{
	{"road-block", "road block"},
	{"motion-detector", "motion detector"},
}

func runBackupRules() []*validate.Rule {
	games := []string{System}
	return validate.WholePack([]*validate.Rule{
		{ID: "run/backup-count", Severity: validate.Error, Games: games, Check: checkRunBackupCount,
			Doc: "The backup deck does not hold 11 Dispatch backup cards, copies counted (L56)."},
		{ID: "run/backup-ranks", Severity: validate.Error, Games: games, Check: checkRunBackupRanks,
			Doc: "A rank 1-5 is not on exactly 8 backup cards: Dispatch takes \"the 8 backup cards showing your current rank number\" (L150). The message names the rank, the count and the cards."},
		{ID: "run/backup-card", Severity: validate.Error, Games: games, Check: checkRunBackupCard,
			Doc: "A backup card's spawn point is not 1-8 (L119, L151), it does not have exactly 3 actions (top, middle, bottom, L407-418), or an action is not in the deck's actions: vocabulary, or that vocabulary declares an id twice."},
		{ID: "run/backup-spawns", Severity: validate.Warning, Games: games, Check: checkRunBackupSpawns,
			Doc: "A rank's backup cards do not show spawn points 1-8 once each (A20, a design choice: the rulebook only says the revealed card's number is the spawn point, L150-153). The message names the rank, the cards sharing a spawn number and the missing numbers."},
		{ID: "run/rank-cards", Severity: validate.Error, Games: games, Check: checkRunRankCards,
			Doc: "The rank cards are not one per role (runner, dispatch) and rank 1-5: \"10 rank cards\" (L53), one for each side at each rank (L140, L462-542). The message names the missing or repeated role and rank."},
		{ID: "run/backup-tokens", Severity: validate.Error, Games: games, Check: checkRunBackupTokens,
			Doc: "A declared backup action places more than one road block or motion detector per map: the box has 2 of each, one per player's map (L66, L715, L729)."},
	},
		"run/backup-count", "run/backup-ranks", "run/backup-spawns", "run/rank-cards")
}

// backupCardsPos is where a finding about a whole backup deck points: its
// cards list, or its id when it has none.
func backupCardsPos(d *schema.Deck) schema.Pos {
	if r := d.Ref.Child("cards"); r.Exists() {
		return r.Pos()
	}
	return d.Ref.Child("id").Pos()
}

func checkRunBackupCount(c *validate.Context) {
	decks := validate.DecksOf(c.Pack, "run/backup")
	if len(decks) == 0 {
		return
	}
	total := 0
	var parts []string
	for _, d := range decks {
		total += d.Total()
		parts = append(parts, fmt.Sprintf("deck %q %d", d.ID, d.Total()))
	}
	if total == runBackupCards {
		return
	}
	what := fmt.Sprintf("backup deck %q has", decks[0].ID)
	if len(decks) > 1 {
		what = fmt.Sprintf("the backup decks have (%s)", strings.Join(parts, ", "))
	}
	hint := fmt.Sprintf("remove %d card(s) or lower a count", total-runBackupCards)
	if total < runBackupCards {
		hint = fmt.Sprintf("add %d card(s) or raise a count", runBackupCards-total)
	}
	c.ReportHint(backupCardsPos(decks[0]),
		fmt.Sprintf("%s %d cards, copies counted; RUN has %d Dispatch backup cards (L56)", what, total, runBackupCards), hint)
}

// backupByRank lists, per rank 1-5, the cards showing it (a card of count n
// n times).
func backupByRank(decks []*schema.Deck) map[int][]*schema.Card {
	out := map[int][]*schema.Card{}
	for _, d := range decks {
		for _, card := range d.Cards {
			for _, r := range card.Ints("ranks") {
				for range card.Count {
					out[r] = append(out[r], card)
				}
			}
		}
	}
	return out
}

func checkRunBackupRanks(c *validate.Context) {
	decks := validate.DecksOf(c.Pack, "run/backup")
	if len(decks) == 0 {
		return
	}
	byRank := backupByRank(decks)
	for r := 1; r <= 5; r++ {
		cards := byRank[r]
		if len(cards) == runBackupPerRank {
			continue
		}
		msg := fmt.Sprintf("rank %d is on %d backup cards", r, len(cards))
		if len(cards) > 0 {
			msg += " (" + validate.CardIDs(cards) + ")"
		}
		msg += fmt.Sprintf("; each rank 1-5 is on exactly %d, the cards Dispatch plays with at that rank (L150)", runBackupPerRank)
		hint := fmt.Sprintf("add %d to the ranks: of more cards", r)
		if len(cards) > runBackupPerRank {
			hint = fmt.Sprintf("remove %d from the ranks: of %d card(s)", r, len(cards)-runBackupPerRank)
		}
		c.ReportHint(backupCardsPos(decks[0]), msg, hint)
	}
}

func checkRunBackupCard(c *validate.Context) {
	for _, d := range validate.DecksOf(c.Pack, "run/backup") {
		vocab := map[string]bool{}
		first := map[string]int{}
		var ids []string
		for _, a := range runschema.BackupActions(d) {
			idRef := func(i int) schema.Ref { return d.Ref.Child("actions").Index(i).Child("id") }
			if i, dup := first[a.ID]; dup && a.ID != "" {
				c.ReportHint(idRef(a.Index).Pos(),
					fmt.Sprintf("deck %q declares the backup action %q twice; cards could not say which one they mean", d.ID, a.ID),
					"give the action another id, or remove one of the two",
					validate.Related{Pos: idRef(i).Pos(), Message: "first declared here"})
				continue
			}
			first[a.ID] = a.Index
			vocab[a.ID] = true
			ids = append(ids, a.ID)
		}
		for _, card := range d.Cards {
			if s, ok := card.Int("spawn"); ok && (s < 1 || s > 8) {
				c.ReportHint(card.FieldRef("spawn").Pos(),
					fmt.Sprintf("backup card %q: spawn point %d is not 1-8; maps number their spawn points 1 to 8 (L119, L151)", card.ID, s),
					"give the card a spawn: from 1 to 8")
			}
			acts := card.List("actions")
			if card.Has("actions") && len(acts) != runBackupActions {
				c.ReportHint(card.FieldRef("actions").Pos(),
					fmt.Sprintf("backup card %q has %d actions; a backup card shows 3: top, middle and bottom (L407-418)", card.ID, len(acts)),
					"list exactly 3 action ids, top first")
			}
			for i, a := range acts {
				if vocab[a] {
					continue
				}
				hint := "declare it in the deck's actions: list (id, name, text)"
				if len(ids) > 0 {
					hint = suggest.Hint(a, ids, "%q", "declared actions: "+strings.Join(ids, ", ")+"; or "+hint)
				}
				c.ReportHint(card.FieldRef("actions").Index(i).Pos(),
					fmt.Sprintf("backup card %q: action %q is not declared in deck %q's actions:", card.ID, a, d.ID), hint)
			}
		}
	}
}

func checkRunBackupSpawns(c *validate.Context) {
	decks := validate.DecksOf(c.Pack, "run/backup")
	if len(decks) == 0 {
		return
	}
	byRank := backupByRank(decks)
	for r := 1; r <= 5; r++ {
		bySpawn := map[int][]*schema.Card{}
		for _, card := range byRank[r] {
			if s, ok := card.Int("spawn"); ok {
				bySpawn[s] = append(bySpawn[s], card)
			}
		}
		if len(byRank[r]) == 0 {
			continue // run/backup-ranks reports a rank on no card
		}
		var missing []string
		for s := 1; s <= 8; s++ {
			if len(bySpawn[s]) == 0 {
				missing = append(missing, strconv.Itoa(s))
			}
		}
		var spawns []int
		for s, cards := range bySpawn {
			if len(cards) > 1 {
				spawns = append(spawns, s)
			}
		}
		sort.Ints(spawns)
		if len(spawns) == 0 && len(missing) == 0 {
			continue
		}
		var parts []string
		pos := backupCardsPos(decks[0])
		var related []validate.Related
		for _, s := range spawns {
			cards := bySpawn[s]
			parts = append(parts, fmt.Sprintf("spawn %d is on %s", s, validate.CardIDs(cards)))
			uc := validate.UniqueCards(cards)
			if len(related) == 0 && len(parts) == 1 {
				pos = uc[len(uc)-1].FieldRef("spawn").Pos()
			}
			for _, card := range uc[:len(uc)-1] {
				related = append(related, validate.Related{Pos: card.FieldRef("spawn").Pos(), Message: fmt.Sprintf("backup card %q shows spawn %d", card.ID, s)})
			}
		}
		if len(missing) > 0 {
			parts = append(parts, "no card shows spawn "+validate.AndList(missing))
		}
		c.ReportHint(pos,
			fmt.Sprintf("rank %d's backup cards: %s; each rank's 8 cards show spawn points 1-8 once each (A20), so every spawn point can start the Runner (L150-153)", r, strings.Join(parts, "; ")),
			"change a card's spawn: or its ranks:", related...)
	}
}

func checkRunBackupTokens(c *validate.Context) {
	for _, d := range validate.DecksOf(c.Pack, "run/backup") {
		for _, a := range runschema.BackupActions(d) {
			for _, tok := range runMapTokens {
				n := a.Tokens[tok.id]
				if n <= 1 {
					continue
				}
				c.ReportHint(d.Ref.Child("actions").Index(a.Index).Child("tokens").Child(tok.id).Pos(),
					fmt.Sprintf("backup action %q places %d %s tokens per map; the box has 2, one for each player's map (L66, L715, L729)", a.ID, n, tok.name),
					fmt.Sprintf("set tokens: %s: 1", tok.id))
			}
		}
	}
}

// runRanks is the number of ranks, and runRoles the roles with rank cards:
// "10 rank cards" (L53) are one per role and rank (L140, L462-542).
const runRanks = 5

var runRoles = [...]string{"runner", "dispatch"}

func checkRunRankCards(c *validate.Context) {
	decks := validate.DecksOf(c.Pack, "run/rank")
	if len(decks) == 0 {
		return
	}
	seen := map[string][]*schema.Card{}
	for _, d := range decks {
		for _, card := range d.Cards {
			role := card.Str("role")
			rank, ok := card.Int("rank")
			if role == "" || !ok {
				continue // the schema requires both
			}
			key := fmt.Sprintf("%s rank %d", role, rank)
			for range max(card.Count, 0) {
				seen[key] = append(seen[key], card)
			}
		}
	}
	var missing []string
	for _, role := range runRoles {
		for r := 1; r <= runRanks; r++ {
			key := fmt.Sprintf("%s rank %d", role, r)
			cards := seen[key]
			switch {
			case len(cards) == 0:
				missing = append(missing, key)
			case len(cards) > 1:
				var related []validate.Related
				for _, other := range cards[1:] {
					if other != cards[0] {
						related = append(related, validate.Related{Pos: other.Ref.Child("id").Pos(), Message: "also " + key})
					}
				}
				c.ReportHint(cards[0].Ref.Child("id").Pos(),
					fmt.Sprintf("%d rank cards are for the %s at rank %d; RUN has one rank card per role and rank (10 cards, L53, L140)", len(cards), role, r),
					"keep one card for each role and rank; check the count:, role: and rank: of the others", related...)
			}
		}
	}
	if len(missing) > 0 {
		c.ReportHint(backupCardsPos(decks[0]),
			fmt.Sprintf("no rank card for %s; RUN has one rank card per role and rank 1-5 (10 cards, L53, L140)", validate.AndList(missing)),
			"add a card with role: and rank: for each")
	}
}
