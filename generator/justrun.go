package generator

import (
	"fmt"
	"strings"

	"github.com/runforge/runforge/schema"
)

// Just Run rendering (rulebook: shared/rulebooks/just-run.md; spec
// shared/specs/just-run.md sections 5.2 and 10). Templates cannot test a
// yes/no field or format a bonus, so the card types derive the printed
// marks from the card's fields.

// justRunRenderer is Just Run's line in gameRenderers.
var justRunRenderer = gameRenderer{
	derived: map[string]func(*schema.Card) map[string]string{
		"justrun/card":     justRunCardFields,
		"justrun/scenario": justRunScenarioFields,
	},
}

// justRunCardFields derives the item anatomy marks (L147-L159): the space
// (1), the Wear & Tear icon (2), the door icon (3), the bonus attack dice
// (4) and armor life tokens (5) when not zero, the border colours' names
// (9, 10), the range, flaming, spiked and inventory bonus, and the
// "Optional Event" banner of an event (L372).
func justRunCardFields(card *schema.Card) map[string]string {
	out := map[string]string{}
	flag := func(name string) bool {
		v, _ := card.Fields[name].(bool)
		return v
	}
	if card.Str("category") == schema.JRCategoryEvent {
		if flag("optional") {
			out["optionalBanner"] = "OPTIONAL EVENT"
		}
		return out
	}
	if n, ok := card.Int("space"); ok {
		out["spaceLabel"] = fmt.Sprint(n)
	}
	if flag("wearTear") {
		out["wearTearMark"] = "WEAR & TEAR"
	}
	if flag("bash") {
		out["bashMark"] = "BASH DOORS"
	}
	if n, _ := card.Int("attack"); n > 0 {
		out["attackLabel"] = fmt.Sprintf("+%d ATTACK", n)
	}
	if n, _ := card.Int("armor"); n > 0 {
		out["armorLabel"] = fmt.Sprintf("%d ARMOR", n)
	}
	for _, side := range []string{"left", "right"} {
		if c := card.Str(side); c != "" {
			out[side+"Label"] = strings.ToUpper(strings.ReplaceAll(c, "-", " "))
		}
	}
	var extras []string
	if n, ok := card.Int("range"); ok {
		extras = append(extras, fmt.Sprintf("Range %d", n))
	}
	if flag("flaming") {
		extras = append(extras, "Flaming")
	}
	if flag("spiked") {
		extras = append(extras, "Spiked")
	}
	if n, ok := card.Int("inventoryBonus"); ok {
		extras = append(extras, fmt.Sprintf("+%d inventory", n))
	}
	if len(extras) > 0 {
		out["extras"] = strings.Join(extras, " · ")
	}
	return out
}

// justRunScenarioFields derives a scenario's time and difficulty line
// (the values are assumptions: the rulebook's icons are lost).
func justRunScenarioFields(card *schema.Card) map[string]string {
	var parts []string
	if n, ok := card.Int("time"); ok {
		parts = append(parts, fmt.Sprintf("Time %d/3", n))
	}
	if n, ok := card.Int("difficulty"); ok {
		parts = append(parts, fmt.Sprintf("Difficulty %d/3", n))
	}
	if len(parts) == 0 {
		return nil
	}
	return map[string]string{"rating": strings.Join(parts, " · ")}
}
