package validate

import (
	"fmt"
	"strings"

	"github.com/runforge/runforge/schema"
)

// Words that findings' messages share.

// AndList joins words as "a, b and c".
func AndList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// OrWords joins words as "a, b or c".
func OrWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// CardIDs names cards in messages: "b1, b2 and b3"; a card listed n times
// appears as "b1 (x2)".
func CardIDs(cards []*schema.Card) string {
	var ids []string
	seen := map[*schema.Card]int{}
	for _, card := range cards {
		if seen[card] == 0 {
			ids = append(ids, card.ID)
		}
		seen[card]++
	}
	for i, card := range UniqueCards(cards) {
		if n := seen[card]; n > 1 {
			ids[i] += fmt.Sprintf(" (x%d)", n)
		}
	}
	return AndList(ids)
}

// UniqueCards returns cards without repeats, in first-seen order.
func UniqueCards(cards []*schema.Card) []*schema.Card {
	var out []*schema.Card
	seen := map[*schema.Card]bool{}
	for _, card := range cards {
		if !seen[card] {
			seen[card] = true
			out = append(out, card)
		}
	}
	return out
}

// Shorten cuts a text to at most n runes, marking the cut with "...".
func Shorten(s string, n int) string {
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) <= n {
		return string(r)
	}
	return string(r[:n-3]) + "..."
}
