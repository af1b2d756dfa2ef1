package schema

import "sort"

// Icons are the icon names content may use: inline in text as {name}, in an
// event's icons: list, or on a token. The generator draws every one of them.
var Icons = map[string]string{
	"zombie":     "a zombie",
	"zombies":    "zombies are added to the board",
	"encounter":  "zombie encounter: combat now, no zombies placed",
	"blood":      "draw a blood card",
	"drop":       "one blood drop of a countdown",
	"bullet":     "a bullet",
	"bullets":    "bullets gained, lost or spent to negate",
	"melee":      "melee weapon",
	"item":       "item or ability kept for later",
	"movement":   "affects movement or whole turns",
	"death":      "death in a non-zombie incident",
	"flag":       "victory space flag",
	"survivor-m": "male survivor",
	"survivor-f": "female survivor",
	"infected":   "infected",
	"clean":      "clean",
}

// IconNames returns the icon names, sorted.
func IconNames() []string {
	names := make([]string, 0, len(Icons))
	for n := range Icons {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
