package schema

import (
	"fmt"
	"strings"

	"github.com/runforge/runforge/schema/internal/yamldoc"
)

// ForeignCardType explains a deck card type that belongs to another game
// than the pack's system: the message and a hint that suggests the pack's
// own card type of the same kind (rfodr/follower for rfod/follower). ok is
// false when the card type is unknown, common to every game, or the
// system's own.
func (r *Registry) ForeignCardType(deckID, cardType, system string) (msg, hint string, ok bool) {
	game, known := r.CardTypeSystem(cardType)
	if !known || game == "" || game == system {
		return "", "", false
	}
	offered := r.CardTypesFor(system)
	msg = fmt.Sprintf("deck %q has card type %q of the system %q, but this pack's system is %q, whose card types are %s",
		deckID, cardType, game, system, strings.Join(offered, ", "))
	hint = fmt.Sprintf("use one of those card types, or make the pack system: %s in game.yaml", game)
	if own := sameKindCardType(cardType, offered); own != "" {
		hint = fmt.Sprintf("did you mean %s? ", own) + hint
	}
	return msg, hint, true
}

// sameKindCardType is the card type of offered with the same name after
// the game's prefix ("follower" of rfod/follower), else "".
func sameKindCardType(cardType string, offered []string) string {
	_, kind, found := strings.Cut(cardType, "/")
	if !found {
		return ""
	}
	for _, ct := range offered {
		if _, k, ok := strings.Cut(ct, "/"); ok && k == kind {
			return ct
		}
	}
	return ""
}

// foreignDeckProblem is the one problem of a deck file whose card type is
// another game's: its cards were checked against that game's schema, so
// their schema problems say nothing the card type does not.
func (p *Pack) foreignDeckProblem(d *yamldoc.Document) (Problem, bool) {
	if p.Game == nil {
		return Problem{}, false
	}
	obj, _ := d.Value.(map[string]any)
	if kind, _ := obj["kind"].(string); kind != "Deck" {
		return Problem{}, false
	}
	cardType, _ := obj["cardType"].(string)
	id, _ := obj["id"].(string)
	msg, hint, ok := p.Registry().ForeignCardType(id, cardType, p.Game.System)
	if !ok {
		return Problem{}, false
	}
	return Problem{Pos: d.Pos("/cardType"), Rule: "deck/card-type", Message: msg,
		Hint: hint + "; its cards are not checked or loaded until then"}, true
}
