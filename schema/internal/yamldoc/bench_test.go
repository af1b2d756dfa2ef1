package yamldoc

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParseDeck parses a deck file of 5,000 cards, the most a deck
// file holds, as scripts/bench.sh writes them.
func BenchmarkParseDeck(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("kind: Deck\nid: cards-1\ncomponent: cards\ncardType: generic\ncards:\n")
	types := []string{"Creature - Zombie", "Item - Weapon", "Event - Night", "Location - Ruin"}
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&sb, "  - id: card-%05d\n    name: \"Card %d\"\n    cost: %d\n    type: %q\n", i, i, i%8, types[i%4])
		fmt.Fprintf(&sb, "    text: \"Draw %d cards, then discard one. The horde moves %d spaces toward survivor %d.\"\n", i%5+1, i%7+1, i)
	}
	src := []byte(sb.String())
	b.ReportAllocs()
	for b.Loop() {
		if _, probs := Parse("cards-1.yaml", src); len(probs) > 0 {
			b.Fatal(probs)
		}
	}
}
