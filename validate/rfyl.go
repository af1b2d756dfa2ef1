package validate

import (
	"fmt"
	"strings"

	"github.com/runforge/runforge/schema"
)

// Run For Your Life rules. Sources in the rulebook
// (shared/rulebooks/run-for-your-life.md):
//   - Determination values: "Starting Ammo", Advanced: "10 = 3 bullets, 7-9 =
//     2 bullets, 4-6 = 1 bullet, 2-3 = no bullets, 1 = no bullets".
//   - Event icons: the "Icons" section.
//   - Bullet cost: "Bullets": "The effect(s) of an event card (with a bullet
//     icon and corresponding negative number at the bottom only) may be
//     prevented ... spends the indicated amount of bullets."
//   - Blood cards: "Infection Countdown" and "Infection".

// RFYLEventIcons are the event icons of the rulebook's "Icons" section.
var RFYLEventIcons = []string{"zombies", "encounter", "blood", "bullets", "melee", "item", "movement", "death"}

// RFYLAmmoBands are the Advanced starting-ammo bands of determination values.
var RFYLAmmoBands = []struct {
	Lo, Hi int
	Ammo   string
}{
	{1, 1, "no bullets, and a blood card"},
	{2, 3, "no bullets"},
	{4, 6, "1 bullet"},
	{7, 9, "2 bullets"},
	{10, 10, "3 bullets"},
}

// RFYLDefaultDropTrack is the longest countdown a blood card shows when its
// deck sets no dropTrack: three drops plus the bloodstain, one per edge.
const RFYLDefaultDropTrack = 3

func rfylRules() []*Rule {
	games := []string{"run-for-your-life"}
	return []*Rule{
		{ID: "rfyl/determination-range", Severity: Error, Games: games, Check: checkDeterminationRange,
			Doc: "A determination card's value is outside 1-10."},
		{ID: "rfyl/ammo-bands", Severity: Error, Games: games, Check: checkAmmoBands,
			Doc: "The determination deck lacks a value of an Advanced starting-ammo band (1, 2-3, 4-6, 7-9, 10)."},
		{ID: "rfyl/blood-mix", Severity: Error, Games: games, Check: checkBloodMix,
			Doc: "A blood deck has no infected card or no clean card, so drawing one decides nothing."},
		{ID: "rfyl/blood-countdown", Severity: Error, Games: games, Check: checkBloodCountdown,
			Doc: "A blood card's countdown is below 1 or longer than the deck's drop track."},
		{ID: "rfyl/bullet-cost", Severity: Error, Games: games, Check: checkBulletCost,
			Doc: "An event has a bullet cost (the footer) but not the bullets icon."},
		{ID: "rfyl/event-icons", Severity: Error, Games: games, Check: checkEventIcons,
			Doc: "An event card uses an icon outside the rulebook's set, or repeats one."},
	}
}

func decksOf(p *schema.Pack, cardType string) []*schema.Deck {
	var out []*schema.Deck
	for _, d := range p.Decks() {
		if d.CardType == cardType {
			out = append(out, d)
		}
	}
	return out
}

func checkDeterminationRange(c *Context) {
	for _, d := range decksOf(c.Pack, "rfyl/determination") {
		for _, card := range d.Cards {
			if v, ok := card.Int("value"); ok && (v < 1 || v > 10) {
				c.ReportHint(card.FieldRef("value").Pos(), fmt.Sprintf("card %q: determination value %d is outside 1-10", card.ID, v),
					"the rulebook's draws and the starting-ammo table use values 1 to 10")
			}
		}
	}
}

func checkAmmoBands(c *Context) {
	for _, d := range decksOf(c.Pack, "rfyl/determination") {
		var missing []string
		for _, band := range RFYLAmmoBands {
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

func checkBloodMix(c *Context) {
	for _, d := range decksOf(c.Pack, "rfyl/blood") {
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

func checkBloodCountdown(c *Context) {
	for _, d := range decksOf(c.Pack, "rfyl/blood") {
		track, ok := d.SettingInt("dropTrack")
		if !ok {
			track = RFYLDefaultDropTrack
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

func checkBulletCost(c *Context) {
	for _, d := range decksOf(c.Pack, "rfyl/event") {
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

func checkEventIcons(c *Context) {
	for _, d := range decksOf(c.Pack, "rfyl/event") {
		for _, card := range d.Cards {
			seen := map[string]bool{}
			for i, icon := range card.List("icons") {
				pos := card.FieldRef("icons").Index(i).Pos()
				if !contains(RFYLEventIcons, icon) {
					hint := "event icons: " + strings.Join(RFYLEventIcons, ", ")
					if s := closest(icon, RFYLEventIcons); s != "" {
						hint = fmt.Sprintf("did you mean %q? %s", s, hint)
					}
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
