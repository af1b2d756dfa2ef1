// Package rfodr is Run, Fight, or Die: Reloaded's part of the content
// model: its card types (Schema), the set: a card may carry, and the Solo
// Campaign's mats (kind: Mats). It shares the rest with Run, Fight, or Die!
// (package schema/rfod): the manifest's rfod: block, player boards, the
// JSON Schemas and the built-in templates. Other packages import it as
// rfodrschema.
package rfodr

import (
	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
)

// System is the manifest's system: value of the game.
const System = "run-fight-or-die-reloaded"

// Schema is Run, Fight, or Die: Reloaded's part of the content model,
// with its Solo Campaign's cards (rulebook
// run-fight-or-die-reloaded.md). Every card may carry
// set: base, promo or expansion (L429); only base cards count towards the
// deck's component (CountsCard).
var Schema = schema.GameSchema{
	KitOutputs: []string{"odds.pdf"},
	System:     System,
	Settings:   rfodschema.Schema.Settings,
	Schemas:    rfodschema.Schema.Schemas,
	Templates:  rfodschema.Schema.Templates,
	Kinds: []schema.Kind{
		{Name: "Mats", Schema: "mats.schema.json", Noun: "mat set", Decode: decodeMats},
	},
	CardTypes: []schema.CardType{
		{Name: "rfodr/follower", Card: "rfod.schema.json#/$defs/rFollower", Face: "rfodr-follower", Back: "rfodr-follower-back", CountsCard: baseOnly,
			Derived: []string{"effects", "woundTrack"}},
		{Name: "rfodr/location", Card: "rfod.schema.json#/$defs/rLocation", Face: "rfodr-location", Back: "rfodr-location-back", CountsCard: baseOnly},
		{Name: "rfodr/loot", Card: "rfod.schema.json#/$defs/rLoot", Face: "rfodr-loot", Back: "rfodr-loot-back", CountsCard: baseOnly},
		{Name: "rfodr/mutant", Card: "rfod.schema.json#/$defs/rMutant", Face: "rfodr-mutant", Back: "rfodr-mutant-back", CountsCard: baseOnly},
		{Name: "rfodr/reference", Card: "rfod.schema.json#/$defs/rReference", Face: "rfodr-reference", Back: "rfodr-reference-back", CountsCard: baseOnly},
		// The Solo Campaign (L389-421).
		{Name: "rfodr/trauma", Card: "rfod.schema.json#/$defs/trauma", Face: "rfodr-trauma", Back: "rfodr-trauma-back", CountsCard: baseOnly,
			Derived: []string{"requirements"}},
		{Name: "rfodr/action", Card: "rfod.schema.json#/$defs/action", Face: "rfodr-action", Back: "rfodr-action-back", CountsCard: baseOnly,
			Derived: []string{"timingText", "outcomeLabel"}},
		{Name: "rfodr/upgrade", Card: "rfod.schema.json#/$defs/upgrade", Face: "rfodr-upgrade", Back: "rfodr-upgrade-back", CountsCard: baseOnly},
		{Name: "rfodr/experience", Card: "rfod.schema.json#/$defs/campaignCard", Face: "rfodr-campaign-card", Back: "rfodr-campaign-back", CountsCard: baseOnly},
		{Name: "rfodr/supply-cache", Card: "rfod.schema.json#/$defs/campaignCard", Face: "rfodr-campaign-card", Back: "rfodr-campaign-back", CountsCard: baseOnly},
	},
	// The dice results (run-fight-or-die-reloaded.md L131-196).
	Icons: map[string]string{
		"bat": "the Bat result", "gun": "the Gun result", "run": "the Run result",
		"search": "the Search result", "explore": "the Explore result",
		// The Follower Key (L166-182) and the wound spaces (L162, L517).
		"positive":    "a Follower's positive effect (Follower Key, L166-182)",
		"on-wound":    "a Follower's effect when a Wound is put on it, even the one that kills it (Follower Key, L166-182)",
		"negative":    "a Follower's negative effect (Follower Key, L166-182)",
		"on-death":    "a Follower's effect when it dies, its last wound space covered (Follower Key, L166-182)",
		"wound-space": "a space for a Wound token: a Follower's wound spaces (L162), a Trauma requirement met (L517)",
	},
}

// SetBase is the set: of a Reloaded card of the base game; Sets are
// the values set: may take (run-fight-or-die-reloaded.md L429).
const SetBase = "base"

// Sets are the values of a Reloaded card's set:.
var Sets = []string{"base", "promo", "expansion"}

// baseOnly is the CountsCard of the card types: a card
// counts towards its component only when its set: is base, or unset (rule
// rfodr/set-mark).
func baseOnly(c *schema.Card) bool {
	if _, ok := c.Fields["set"]; !ok {
		return true
	}
	return c.Str("set") == SetBase
}

// nameOr returns name, or id when name is empty.
func nameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}
