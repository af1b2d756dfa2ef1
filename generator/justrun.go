package generator

import (
	"fmt"
	"strings"
	"sync"

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
// (4) and armor life tokens (5) when not zero, the border colours (9, 10;
// see jrBorderFields), the range, flaming, spiked and inventory bonus, and the
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
		for k, v := range jrBorderFields(side, card.Str(side), jrPalette()) {
			out[k] = v
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

// jrPalette is the border palette the item cards print: the spec's palette
// (schema.DefaultJustRun), by colour id. Derived fields see a card, not
// its pack, so a manifest's own palette cannot reach them: a colour id the
// spec's palette lacks prints in grey with its id as the name, and a
// manifest that gives a known id another hex, name or symbol still prints
// the spec's (see jrBorderFields). The bundled pack uses the spec's
// palette.
var jrPalette = sync.OnceValue(func() map[string]*schema.JRColour {
	out := map[string]*schema.JRColour{}
	for _, c := range schema.DefaultJustRun().Colours {
		out[c.ID] = c
	}
	return out
})

// jrSymbolGlyphs are the characters that print a palette colour's symbol
// beside its name; the Go fonts have no star, hexagon or moon, which print
// as the nearest character they have (or none).
var jrSymbolGlyphs = map[string]string{
	"circle": "\u25cf", "square": "\u25a0", "triangle": "\u25b2", "diamond": "\u2666", "star": "*",
	"cross": "+", "heart": "\u2665", "bar": "\u25ac",
}

// jrBorderFields are the fields of one border (side "left" or "right") of
// colour id: <side>Label, the colour's name in capitals; <side>Colour, the
// id when the palette knows it (the template fills the border with its
// hex), else <side>Other; and the marks printed along the border, the
// symbol and the name ("● RED"), with "NEUTRAL" in the middle of a neutral
// colour, so that grayscale and ink-saver prints still match (spec 10).
// The marks come in two fields, <side>MarkOnDark in white on a dark fill
// and <side>MarkOnLight in dark ink on a light one.
func jrBorderFields(side, id string, palette map[string]*schema.JRColour) map[string]string {
	if id == "" {
		return nil
	}
	out := map[string]string{}
	col := palette[id]
	name, dark := strings.ReplaceAll(id, "-", " "), false
	if col != nil {
		name = col.Label()
		out[side+"Colour"] = id
		if c, err := ParseColor(col.Hex); err == nil {
			dark = !isLight(c)
		}
	} else {
		out[side+"Other"] = "1"
	}
	name = strings.ToUpper(name)
	out[side+"Label"] = name
	mark := name
	if col != nil && jrSymbolGlyphs[col.Symbol] != "" {
		mark = jrSymbolGlyphs[col.Symbol] + " " + name
	}
	mid := mark
	if col != nil && col.Neutral {
		mid = "NEUTRAL"
	}
	ink := "OnLight"
	if dark {
		ink = "OnDark"
	}
	out[side+"Mark"+ink] = mark
	out[side+"Mid"+ink] = mid
	return out
}
