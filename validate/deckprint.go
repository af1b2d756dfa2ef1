package validate

import (
	"fmt"
	"math"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/schema"
)

// RuleDeckPrintWith is the rule about printWith: on decks.
const RuleDeckPrintWith = "deck/print-with"

func deckPrintRules() []*Rule {
	return []*Rule{
		{ID: RuleDeckPrintWith, Severity: Error, Fixed: true, Check: checkDeckPrintWith,
			Doc: "A deck's printWith: names no deck of the pack, names itself, a deck of the extended pack, a deck the build does not print, a deck that itself prints with another, or a deck of another card size: only decks of one size share sheets. It cannot be turned off: the deck's cards would print nowhere."},
	}
}

func checkDeckPrintWith(c *Context) {
	decks := c.Pack.Decks()
	byID := map[string]*schema.Deck{}
	for _, d := range decks {
		byID[d.ID] = d
	}
	for _, d := range decks {
		if d.PrintWith == "" {
			continue
		}
		pos := d.PrintWithRef().Pos()
		host, ok := byID[d.PrintWith]
		if !ok {
			c.ReportHint(pos, fmt.Sprintf("deck %q prints with %q, which is not a deck of this pack", d.ID, d.PrintWith),
				suggest.Hint(d.PrintWith, validHosts(c.Pack, d, decks), "%q", "name a deck of this pack with cards of the same size"))
			continue
		}
		if f := printWithFinding(c.Pack, d, host); f != nil {
			c.ReportHint(pos, f.msg, f.hint, f.related...)
		}
	}
}

// printWithProblem is why a deck cannot print with a host.
type printWithProblem struct {
	msg, hint string
	related   []Related
}

// printWithFinding says why d cannot print with host, or nil when it can.
func printWithFinding(p *schema.Pack, d, host *schema.Deck) *printWithProblem {
	at := d.PrintWithRef()
	switch {
	case host == d:
		return &printWithProblem{fmt.Sprintf("deck %q prints with itself", d.ID), "remove printWith:", nil}
	case !p.FromExtendedPack(at) && p.FromExtendedPack(host.Ref):
		return &printWithProblem{fmt.Sprintf("deck %q prints with %q, a deck of the extended pack %q: a deck prints only with a deck of its own pack, so that the extended pack's PDFs stay as they were printed",
			d.ID, host.ID, p.Game.Extends),
			"name a deck of this pack, or remove printWith: to give the deck a PDF of its own",
			[]Related{{Pos: host.Ref.Child("id").Pos(), Message: "the extended pack's deck"}}}
	case p.Prints(d) && !p.Prints(host):
		return &printWithProblem{fmt.Sprintf("deck %q prints with %q, which the build does not print (it has no cards, or its component is marked printed: false): its cards would print nowhere", d.ID, host.ID),
			"print with a deck that is printed, or remove printWith: to give the deck a PDF of its own",
			[]Related{{Pos: host.Ref.Child("id").Pos(), Message: "the deck printed with"}}}
	case host.PrintWith != "":
		return &printWithProblem{fmt.Sprintf("deck %q prints with %q, which itself prints with %q", d.ID, host.ID, host.PrintWith),
			fmt.Sprintf("print with %q directly", host.PrintWith),
			[]Related{{Pos: host.PrintWithRef().Pos(), Message: "printed with another here"}}}
	}
	if msg := deckSizeMismatch(p, d, host); msg != "" {
		return &printWithProblem{fmt.Sprintf("deck %q cannot print with %q: %s", d.ID, host.ID, msg),
			"only decks of one card size share sheets; remove printWith: or match the size",
			[]Related{{Pos: deckSizeRef(p, host).Pos(), Message: "the size printed with"}}}
	}
	return nil
}

// validHosts are the ids of the decks d could print with: the only ones a
// did-you-mean may suggest.
func validHosts(p *schema.Pack, d *schema.Deck, decks []*schema.Deck) []string {
	var ids []string
	for _, host := range decks {
		if printWithFinding(p, d, host) == nil {
			ids = append(ids, host.ID)
		}
	}
	return ids
}

// deckSizeMismatch says why a deck's cards cannot print on host's sheets,
// or "".
func deckSizeMismatch(p *schema.Pack, d, host *schema.Deck) string {
	a, okA := deckSize(p, d)
	b, okB := deckSize(p, host)
	if !okA || !okB {
		return "" // paper/fit reports a deck without a card size
	}
	if math.Abs(a.W.MM()-b.W.MM()) > 0.01 || math.Abs(a.H.MM()-b.H.MM()) > 0.01 {
		return fmt.Sprintf("its cards are %gx%gmm and those of %q %gx%gmm", round1(a.W.MM()), round1(a.H.MM()), host.ID, round1(b.W.MM()), round1(b.H.MM()))
	}
	return ""
}
