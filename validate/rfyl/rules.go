// Package rfyl holds Run For Your Life's rules: determination and blood
// decks, bullet costs, event icons and the track (imported as rfylrules).
package rfyl

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
)

// Run For Your Life rules. Sources in the Run For Your Life rulebook:
//   - Determination values: "Starting Ammo", Advanced: "10 = 3 bullets, 7-9 =
//     2 bullets, 4-6 = 1 bullet, 2-3 = no bullets, 1 = no bullets".
//   - Event icons: the "Icons" section.
//   - Bullet cost: "Bullets": "The effect(s) of an event card (with a bullet
//     icon and corresponding negative number at the bottom only) may be
//     prevented ... spends the indicated amount of bullets."
//   - Blood cards: "Infection Countdown" and "Infection".
//   - Track: "Contents" ("2 Dual-sided \"boards\"") and "Game Conditions",
//     Distance (the preset victory spaces, see Distances).

// EventIcons are the event icons of the rulebook's "Icons" section.
var EventIcons = []string{"zombies", "encounter", "blood", "bullets", "melee", "item", "movement", "death"}

// AmmoBands are the Advanced starting-ammo bands of determination values.
var AmmoBands = []struct {
	Lo, Hi int
	Ammo   string
}{
	{1, 1, "no bullets, and a blood card"},
	{2, 3, "no bullets"},
	{4, 6, "1 bullet"},
	{7, 9, "2 bullets"},
	{10, 10, "3 bullets"},
}

// DefaultDropTrack is the longest countdown a blood card shows when its
// deck sets no dropTrack: three drops plus the bloodstain, one per edge.
const DefaultDropTrack = 3

// Distances are the preset victory distances of the rulebook's "Game
// Conditions", Distance: "Simple: 50 spaces. Intermediate: 100 spaces.
// Advanced: 40 spaces if reached within 5 turns. Otherwise, the \"escape
// helicopter\" takes off and players must reach the safe zone at the
// outskirts of the city at space 100. Expert: 75 spaces to start." The
// track runs at least to the longest of them, and marks each with the flag
// icon, since "Place the victory flag on the chosen victory space".
var Distances = []struct {
	Space  int
	Levels string
}{
	{40, "Advanced, within 5 turns"},
	{50, "Simple"},
	{75, "Expert, at the start"},
	{100, "Intermediate, and Advanced after 5 turns"},
}

// System is the game system id of Run For Your Life.
const System = "run-for-your-life"

// Game is Run For Your Life's descriptor: its rules.
func Game() validate.Game {
	return validate.Game{System: System, Docs: ruleDocs, Rules: rules}
}

// rules are Run For Your Life's rules.
func rules() []*validate.Rule {
	games := []string{System}
	return []*validate.Rule{
		{ID: "rfyl/determination-range", Severity: validate.Error, Games: games, Check: checkDeterminationRange,
			Doc: "A determination card's value is outside 1-10."},
		{ID: "rfyl/ammo-bands", Severity: validate.Error, Games: games, Check: checkAmmoBands,
			Doc: "The determination deck lacks a value of an Advanced starting-ammo band (1, 2-3, 4-6, 7-9, 10)."},
		{ID: "rfyl/blood-mix", Severity: validate.Error, Games: games, Check: checkBloodMix,
			Doc: "A blood deck has no infected card or no clean card, so drawing one decides nothing."},
		{ID: "rfyl/blood-countdown", Severity: validate.Error, Games: games, Check: checkBloodCountdown,
			Doc: "A blood card's countdown is below 1 or longer than the deck's drop track."},
		{ID: "rfyl/bullet-cost", Severity: validate.Error, Games: games, Check: checkBulletCost,
			Doc: "An event has a bullet cost (the footer) but not the bullets icon."},
		{ID: "rfyl/uses", Severity: validate.Error, Games: games, Check: checkEventUses,
			Doc: "An event has a number of uses but neither the melee nor the item icon: only weapons, items and abilities are kept and used up."},
		{ID: "rfyl/event-icons", Severity: validate.Error, Games: games, Check: checkEventIcons,
			Doc: "An event card uses an icon outside the rulebook's set, or repeats one."},
		{ID: "rfyl/track", Severity: validate.Error, Games: games, Check: checkTrack,
			Doc: "The numbered spaces of the boards do not run 1, 2, 3, ... without gap or repeat up to the longest preset victory distance (100); the start space has no number."},
		{ID: "rfyl/track-distances", Severity: validate.Warning, Games: games, Check: checkTrackDistances,
			Doc: "A preset victory distance (40, 50, 75, 100) is not on the track or its space lacks the flag icon; a warning, since the victory flag token, not the printed mark, decides the victory space."},
	}
}

func checkDeterminationRange(c *validate.Context) {
	for _, d := range validate.DecksOf(c.Pack, "rfyl/determination") {
		for _, card := range d.Cards {
			if v, ok := card.Int("value"); ok && (v < 1 || v > 10) {
				c.ReportHint(card.FieldRef("value").Pos(), fmt.Sprintf("card %q: determination value %d is outside 1-10", card.ID, v),
					"the rulebook's draws and the starting-ammo table use values 1 to 10")
			}
		}
	}
}

func checkAmmoBands(c *validate.Context) {
	for _, d := range validate.DecksOf(c.Pack, "rfyl/determination") {
		var missing []string
		for _, band := range AmmoBands {
			found := false
			for _, card := range d.Cards {
				if v, ok := card.Int("value"); ok && card.Count > 0 && v >= band.Lo && v <= band.Hi {
					found = true
					break
				}
			}
			if !found {
				missing = append(missing, bandName(band.Lo, band.Hi)+" ("+band.Ammo+")")
			}
		}
		if len(missing) > 0 {
			c.ReportHint(d.Ref.Child("cards").Pos(),
				fmt.Sprintf("deck %q has no card in the starting-ammo band %s", d.ID, strings.Join(missing, ", ")),
				"Advanced starting ammo reads the first draw: 1, 2-3, 4-6, 7-9, 10; every band must be possible")
		}
	}
}

func bandName(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
}

func checkBloodMix(c *validate.Context) {
	for _, d := range validate.DecksOf(c.Pack, "rfyl/blood") {
		counts := map[string]int{}
		for _, card := range d.Cards {
			counts[card.Str("result")] += card.Count
		}
		for _, result := range []string{"infected", "clean"} {
			if counts[result] == 0 {
				c.ReportHint(d.Ref.Child("cards").Pos(),
					fmt.Sprintf("blood deck %q has no %s card (%d infected, %d clean)", d.ID, result, counts["infected"], counts["clean"]),
					"a blood card must keep its holder guessing: mix infected and clean results")
			}
		}
	}
}

func checkBloodCountdown(c *validate.Context) {
	for _, d := range validate.DecksOf(c.Pack, "rfyl/blood") {
		track, ok := d.SettingInt("dropTrack")
		if !ok {
			track = DefaultDropTrack
		}
		for _, card := range d.Cards {
			v, ok := card.Int("countdown")
			if !ok || (v >= 1 && v <= track) {
				continue
			}
			c.ReportHint(card.FieldRef("countdown").Pos(),
				fmt.Sprintf("card %q: countdown %d is outside the drop track (1-%d)", card.ID, v, track),
				"the countdown is ticked one drop per turn on the card's track; raise the deck's dropTrack or lower the countdown")
		}
	}
}

func checkBulletCost(c *validate.Context) {
	for _, d := range validate.DecksOf(c.Pack, "rfyl/event") {
		for _, card := range d.Cards {
			if !card.Has("bulletCost") || contains(card.List("icons"), "bullets") {
				continue
			}
			cost, _ := card.Int("bulletCost")
			c.ReportHint(card.FieldRef("bulletCost").Pos(),
				fmt.Sprintf("card %q: bullet cost %d on an event without the bullets icon", card.ID, cost),
				"only events with the bullet icon may be negated with bullets: add bullets to icons, or remove bulletCost")
		}
	}
}

// KeptIcons are the event icons of cards a player keeps: a melee weapon
// and an item or ability. Only those have uses (rulebook, "Events": "Discard
// event cards after their effects are resolved, unless they are weapon,
// item or ability cards. Discard single use cards when the player uses
// them, and used or broken weapons when they have exhausted their maximum
// number of uses"; "Combat": "any limited use weapons lose a use").
var KeptIcons = []string{"melee", "item"}

func checkEventUses(c *validate.Context) {
	for _, d := range validate.DecksOf(c.Pack, "rfyl/event") {
		for _, card := range d.Cards {
			if !card.Has("uses") || slices.ContainsFunc(card.List("icons"), func(ic string) bool { return contains(KeptIcons, ic) }) {
				continue
			}
			uses, _ := card.Int("uses")
			c.ReportHint(card.FieldRef("uses").Pos(),
				fmt.Sprintf("card %q: %d uses on an event without the melee or item icon; it is discarded once resolved, so it has nothing to use up", card.ID, uses),
				"uses count down a kept melee weapon or item: add melee or item to icons, or remove uses")
		}
	}
}

func checkEventIcons(c *validate.Context) {
	for _, d := range validate.DecksOf(c.Pack, "rfyl/event") {
		for _, card := range d.Cards {
			seen := map[string]bool{}
			for i, icon := range card.List("icons") {
				pos := card.FieldRef("icons").Index(i).Pos()
				if !contains(EventIcons, icon) {
					hint := suggest.Hint(icon, EventIcons, "%q", "event icons: "+strings.Join(EventIcons, ", "))
					c.ReportHint(pos, fmt.Sprintf("card %q: %q is not an event icon", card.ID, icon), hint)
				} else if seen[icon] {
					c.Reportf(pos, "card %q: icon %q appears twice", card.ID, icon)
				}
				seen[icon] = true
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// trackSpace is a numbered space of the pack's boards.
type trackSpace struct {
	number int
	space  *schema.Space
	board  *schema.Board
	side   *schema.BoardSide
}

func (t trackSpace) pos() schema.Pos { return t.space.Ref.Child("number").Pos() }

func (t trackSpace) where() string {
	return fmt.Sprintf("board %q side %q", t.board.ID, t.side.ID)
}

// trackSpaces lists the numbered spaces of the boards in pack order, and
// the first occurrence of each number.
func trackSpaces(boards []*schema.Board) ([]trackSpace, map[int]trackSpace) {
	var all []trackSpace
	first := map[int]trackSpace{}
	for _, b := range boards {
		for _, side := range b.Sides {
			for _, sp := range side.Spaces {
				if sp.Number == nil {
					continue
				}
				ts := trackSpace{*sp.Number, sp, b, side}
				all = append(all, ts)
				if _, seen := first[ts.number]; !seen {
					first[ts.number] = ts
				}
			}
		}
	}
	return all, first
}

// trackEnd is the highest space number of the track, and where a finding
// about the track's end is reported: the id of the board holding that space
// (of the first board when no space has a number).
func trackEnd(boards []*schema.Board, first map[int]trackSpace) (int, schema.Pos) {
	end, pos := 0, boards[0].Ref.Child("id").Pos()
	for n, ts := range first {
		if n > end {
			end, pos = n, ts.board.Ref.Child("id").Pos()
		}
	}
	return end, pos
}

func spaceRange(lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("space %d is", lo)
	}
	return fmt.Sprintf("spaces %d-%d are", lo, hi)
}

func checkTrack(c *validate.Context) {
	boards := c.Pack.Boards()
	if len(boards) == 0 {
		return
	}
	all, first := trackSpaces(boards)
	for _, ts := range all {
		switch prev := first[ts.number]; {
		case ts.number < 1:
			c.ReportHint(ts.pos(), fmt.Sprintf("%s: space number %d is not on the track, which starts at 1", ts.where(), ts.number),
				"the start space takes label: START and no number; the track's spaces are numbered from 1")
		case prev.space != ts.space:
			c.ReportHint(ts.pos(), fmt.Sprintf("%s: space %d is numbered twice", ts.where(), ts.number),
				"every space of the track has its own number; renumber the spaces that follow",
				validate.Related{Pos: prev.pos(), Message: fmt.Sprintf("space %d first numbered here", ts.number)})
		}
	}
	end, endPos := trackEnd(boards, first)
	for n := 1; n <= end; n++ {
		if _, ok := first[n]; ok {
			continue
		}
		lo := n
		for n <= end {
			if _, ok := first[n]; ok {
				break
			}
			n++
		}
		next := first[n]
		msg := fmt.Sprintf("%s: the track jumps from space %d to space %d; %s missing", next.where(), lo-1, n, spaceRange(lo, n-1))
		if lo == 1 {
			msg = fmt.Sprintf("%s: the track starts at space %d; %s missing", next.where(), n, spaceRange(lo, n-1))
		}
		c.ReportHint(next.pos(), msg, "number the spaces 1, 2, 3, ... along the path, across sides and boards")
	}
	longest := Distances[0]
	for _, d := range Distances {
		if d.Space > longest.Space {
			longest = d
		}
	}
	if end < longest.Space {
		c.ReportHint(endPos, fmt.Sprintf("the track ends at space %d, short of the longest preset victory distance, %d (%s)", end, longest.Space, longest.Levels),
			fmt.Sprintf("the rulebook's Distance conditions need spaces 1-%d; add the missing spaces", longest.Space))
	}
}

func checkTrackDistances(c *validate.Context) {
	boards := c.Pack.Boards()
	if len(boards) == 0 {
		return
	}
	_, first := trackSpaces(boards)
	var missing []string
	for _, d := range Distances {
		ts, ok := first[d.Space]
		if !ok {
			missing = append(missing, fmt.Sprintf("%d (%s)", d.Space, d.Levels))
			continue
		}
		if !contains(ts.space.Icons, "flag") {
			c.ReportHint(ts.pos(), fmt.Sprintf("%s: space %d, a preset victory distance (%s), is not marked with the flag icon", ts.where(), d.Space, d.Levels),
				"add icons: [flag] and a note naming the level, so players find the preset victory spaces")
		}
	}
	if len(missing) > 0 {
		_, pos := trackEnd(boards, first)
		msg := fmt.Sprintf("preset victory distance %s is not on the track", missing[0])
		if len(missing) > 1 {
			msg = fmt.Sprintf("preset victory distances %s are not on the track", strings.Join(missing, ", "))
		}
		c.ReportHint(pos, msg,
			"the rulebook's Distance conditions put the victory space at 40, 50, 75 or 100; number the track that far")
	}
}

// ruleDocs are the long explanations of the rules (validate.ParseRuleDocs).
//
//go:embed ruledocs.txt
var ruleDocs string
