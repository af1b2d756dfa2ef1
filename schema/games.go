package schema

import (
	"maps"
	"slices"
	"sort"
)

// GameSchema is what one game adds to the content model: its card types,
// its template box types and its icons. Each game declares one in its own
// file (schema/<game>.go) with its JSON Schema file beside the others; the
// pack schemas are composed from these at start-up.
type GameSchema struct {
	// System is the manifest's system: value for the game ("" for the
	// types every game may use).
	System string
	// CardTypes are the game's card types.
	CardTypes []CardType
	// BoxTypes are the template box types the game's renderer draws.
	BoxTypes []string
	// Icons are the icon names the game adds, with what they mean.
	Icons map[string]string
}

// CardType is a card type: the schema of its cards and its default
// templates.
type CardType struct {
	// Name is the deck's cardType: value, e.g. "rfyl/event".
	Name string
	// Card is the JSON Schema reference of one card, e.g.
	// "rfyl.schema.json#/$defs/event".
	Card string
	// Deck optionally references a schema of the deck-level settings the
	// type adds (their properties are allowed on the deck).
	Deck string
	// Face and Back are the default template ids.
	Face, Back string
	// Derived names the template fields the generator computes from a card
	// of the type (templates may bind them like card fields).
	Derived []string
	// CountsCard, if set, reports whether a card's copies count towards
	// its deck's component (Reloaded counts set: base cards only); nil
	// counts every card.
	CountsCard func(*Card) bool
}

// gameSchemas is the table of games: one line per game.
var gameSchemas = []GameSchema{
	commonSchema,
	rfylSchema,
	runSchema,
	justRunSchema,
	rfodSchema,
	rfodrSchema,
}

// commonSchema holds what every game may use.
var commonSchema = GameSchema{
	CardTypes: []CardType{
		{Name: "generic", Card: "deck.schema.json#/$defs/genericCard", Face: "generic", Back: "generic-back"},
	},
	BoxTypes: []string{"text", "icons", "icon", "rect", "ellipse", "line", "image"},
	Icons: map[string]string{
		"zombie":     "a zombie",
		"zombies":    "zombies are added to the board",
		"blood":      "blood, or draw a blood card",
		"bullet":     "a bullet",
		"flag":       "victory space flag",
		"survivor-m": "male survivor",
		"survivor-f": "female survivor",
	},
}

// LookupCardType returns the card type of the given name.
func LookupCardType(name string) (CardType, bool) {
	for _, g := range gameSchemas {
		for _, ct := range g.CardTypes {
			if ct.Name == name {
				return ct, true
			}
		}
	}
	return CardType{}, false
}

// CardTypeSystem returns the system: whose game declares a card type (""
// for the types every game may use) and whether the type exists.
func CardTypeSystem(name string) (string, bool) {
	for _, g := range gameSchemas {
		for _, ct := range g.CardTypes {
			if ct.Name == name {
				return g.System, true
			}
		}
	}
	return "", false
}

// CardTypesFor lists, sorted, the card types a pack of the given system:
// may use: those every game may use and its own game's.
func CardTypesFor(system string) []string {
	var out []string
	for _, g := range gameSchemas {
		if g.System != "" && g.System != system {
			continue
		}
		for _, ct := range g.CardTypes {
			out = append(out, ct.Name)
		}
	}
	sort.Strings(out)
	return out
}

// CardTypeNames lists every registered card type, sorted.
func CardTypeNames() []string {
	var out []string
	for _, g := range gameSchemas {
		for _, ct := range g.CardTypes {
			out = append(out, ct.Name)
		}
	}
	sort.Strings(out)
	return out
}

// BoxTypes lists every registered template box type, in table order.
func BoxTypes() []string {
	var out []string
	for _, g := range gameSchemas {
		out = append(out, g.BoxTypes...)
	}
	return out
}

// Icons are the icon names content may use: inline in text as {name}, in an
// event's icons: list, or on a token, composed from every game's icons. The
// generator draws every one of them.
var Icons = func() map[string]string {
	out := map[string]string{}
	for _, g := range gameSchemas {
		maps.Copy(out, g.Icons)
	}
	return out
}()

// IconNames returns the icon names, sorted.
func IconNames() []string {
	names := make([]string, 0, len(Icons))
	for n := range Icons {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// IconNamesFor returns, sorted, the icons of one game system: those every
// game may use and the game's own. Content may use any game's icons; this
// is the list a person writing for that game wants to see.
func IconNamesFor(system string) []string {
	var names []string
	for _, g := range gameSchemas {
		if g.System != "" && g.System != system {
			continue
		}
		for n := range g.Icons {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return slices.Compact(names)
}

// IconEntry is one icon: its name, the game system that declares it (""
// for the shared ones) and what it means.
type IconEntry struct {
	Name, System, Meaning string
}

// IconTable lists every icon, sorted by name.
func IconTable() []IconEntry {
	var out []IconEntry
	for _, g := range gameSchemas {
		for n, m := range g.Icons {
			out = append(out, IconEntry{Name: n, System: g.System, Meaning: m})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
