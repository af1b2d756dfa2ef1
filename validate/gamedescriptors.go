package validate

import (
	"fmt"

	"github.com/runforge/runforge/schema"
)

// RFoDGame is Run, Fight, or Die!'s descriptor: its rules and its combo odds.
func RFoDGame() Game {
	return Game{System: schema.RFoDSystem, Rules: rfodRules, DieFaces: rfodDieFaces, Explain: explainOddsOf(schema.RFoDSystem)}
}

// RFoDRGame is Reloaded's descriptor: its rules and its combo odds.
func RFoDRGame() Game {
	return Game{System: schema.RFoDReloadedSystem, Rules: rfodrRules, DieFaces: rfodrDieFaces, Explain: explainOddsOf(schema.RFoDReloadedSystem)}
}

// explainOddsOf is the explain hook of the combo odds of the given system.
func explainOddsOf(system string) func(*schema.Pack, *PackExplanation) {
	return func(p *schema.Pack, e *PackExplanation) {
		if p.Game.System != system {
			return
		}
		if x := ExplainOdds(p); x != nil {
			e.Add(ExplainPart{Key: "odds", Value: x, Text: fmt.Sprintf("%s: %s", e.Pack, x.String())})
		}
	}
}
