// Package rfodr is what Run, Fight, or Die: Reloaded brings to rendering
// besides what it shares with Run, Fight, or Die! (rfod.Shared): the
// sections its followers, Trauma and Action cards derive, and the Solo
// Campaign's location mats.
package rfodr

import (
	"strings"

	rfodrschema "github.com/runforge/runforge/schema/rfodr"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/rfod"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	rfodrrules "github.com/runforge/runforge/validate/rfodr"
)

// Game is what Reloaded brings to rendering: the player boards, the guide
// and the odds card it shares with Run, Fight, or Die! (the card computed
// with Reloaded's odds rules), its own card fields and its campaign mats.
func Game() generator.Game {
	g := rfod.Shared(rfodrrules.Odds())
	g.Derived = map[string]generator.DeriveFunc{
		"rfodr/follower": rfodrFollowerFields,
		"rfodr/trauma":   rfodrTraumaFields,
		"rfodr/action":   rfodrActionFields,
	}
	// The Solo Campaign's location mats (mats.go).
	g.Kinds["Mats"] = generator.Kind[*rfodrschema.MatSet]{Build: buildMats, Index: indexMats,
		Backs: func(s *rfodrschema.MatSet, opts generator.PrintOptions) bool {
			return matsDuplex(s, opts) != layout.NoDuplex
		}}.Renderer()
	g.Pieces["Mats"] = generator.PiecesOf(matPieces)
	g.Press["Mats"] = generator.PiecesOf(matPieces)
	return g
}

// rfodrFollowerSections are a Reloaded Follower's sections, led by the
// Follower Key's icons (L166-182): the lasting effects first (positive,
// negative), then those a wound and death set off. A plus or a minus needs
// no word; the other two say when they act.
var rfodrFollowerSections = []rfod.Section{
	{Field: "positive", Icon: "positive"},
	{Field: "negative", Icon: "negative"},
	{Field: "onWound", Icon: "on-wound", Label: "ON WOUND"},
	{Field: "onDeath", Icon: "on-death", Label: "ON DEATH"},
}

// rfodrFollowerFields derives a Reloaded Follower's effects (see
// rfodrFollowerSections) and its wound track: one wound-space icon per
// wound space, the spaces "on the bottom of their card" that Wounds fill
// (L162, L182). It needs nothing of the pack.
func rfodrFollowerFields(_ *schema.Pack, card *schema.Card) map[string]string {
	out := map[string]string{"effects": rfod.Sections(card, rfodrFollowerSections)}
	if n, ok := card.Int("woundSpaces"); ok && n > 0 {
		out["woundTrack"] = strings.TrimSpace(strings.Repeat("wound-space ", n))
	}
	return rfod.NonEmpty(out)
}

// rfodrTraumaFields derives a Trauma card's requirements, printed "at the
// bottom" of the card with a space to place a Wound token "next to the
// requirements" (L517): one line per requirement of requires:, naming the
// location to visit or the follower to meet by its name in the pack. An id
// the pack lacks prints as written (validate reports it,
// rfodr/campaign-trauma-requirement).
func rfodrTraumaFields(p *schema.Pack, card *schema.Card) map[string]string {
	reqs, _ := card.Fields["requires"].([]any)
	locations := rfod.CardNames(p, "rfodr/location")
	followers := rfod.CardNames(p, "rfodr/follower")
	var lines []string
	for _, r := range reqs {
		req, _ := r.(map[string]any)
		if id, ok := req["visit"].(string); ok {
			lines = append(lines, "{wound-space} Visit the "+rfod.NameIn(locations, id))
		}
		if id, ok := req["meet"].(string); ok {
			lines = append(lines, "{wound-space} Meet "+rfod.NameIn(followers, id))
		}
	}
	if len(lines) == 0 {
		return nil
	}
	head := "**TO DISCARD:** mark each with a Wound token."
	return map[string]string{"requirements": head + "\n" + strings.Join(lines, "\n")}
}

// rfodrActionTimings is what an Action card's timing: prints: "some may be
// activated at any time during your Action phase and others must be
// activated before you roll the dice" (L626).
var rfodrActionTimings = map[string]string{
	"anytime":     "USE ANY TIME IN YOUR ACTION PHASE",
	"before-roll": "USE BEFORE YOU ROLL",
}

// rfodrActionFields derives what an Action card prints for its timing
// (timingText) and the label of its outcome, "REWARD" or "PENALTY"
// (outcomeLabel): take the action at the top and get the reward, or suffer
// the penalty, at the bottom (L626). A value the schema does not know
// prints as written, in capitals.
func rfodrActionFields(_ *schema.Pack, card *schema.Card) map[string]string {
	timing := card.Str("timing")
	text, ok := rfodrActionTimings[timing]
	if !ok {
		text = strings.ToUpper(timing)
	}
	return rfod.NonEmpty(map[string]string{"timingText": text, "outcomeLabel": strings.ToUpper(card.Str("outcomeKind"))})
}
