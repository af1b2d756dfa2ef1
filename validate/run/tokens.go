package run

import (
	"fmt"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/run/runmove"
)

// The Runner's gray action tokens are pack data (A2): a token
// entry with an action: field is one gray action token per copy, and the
// reachability rules draw every rank's action board from them. A pack that
// declares none (one holding only maps, say) is checked with the A2 split,
// runmove.DefaultTokens.

// RuleActionTokens is the rule about the pack's action tokens.
const RuleActionTokens = "run/action-tokens"

// RuleTokenAction is the rule about an action: field outside RUN.
const RuleTokenAction = "token/action"

func runTokenRules() []*validate.Rule {
	return []*validate.Rule{
		{ID: RuleActionTokens, Severity: validate.Error, Games: []string{System}, Check: checkActionTokens,
			Doc: fmt.Sprintf("The pack's gray action tokens (token entries with action:, each copy one token) number more than %d, which the reachability search cannot represent; reachability is then not checked.", runmove.MaxTokens)},
		{ID: RuleTokenAction, Severity: validate.Error, Check: checkTokenActionOutsideRun,
			Doc: "A token has action:, which only RUN packs use (the Runner's gray action tokens); in another game it would be silently meaningless."},
	}
}

// packActionTokens returns the pack's gray action tokens, one per copy in
// file order, and whether the pack declares any. Without any it returns the
// A2 split.
func packActionTokens(p *schema.Pack) (tokens []runmove.Action, declared bool) {
	for _, ts := range p.TokenSets() {
		for _, t := range ts.Tokens {
			if t.Action == "" {
				continue
			}
			a, err := runmove.ParseAction(t.Action)
			if err != nil {
				continue // the schema's enum reports it
			}
			for range t.Count {
				tokens = append(tokens, a)
			}
			declared = true
		}
	}
	if !declared {
		return runmove.DefaultTokens(), false
	}
	return tokens, true
}

// firstActionToken is the first token entry with an action:, where findings
// about the set as a whole are reported.
func firstActionToken(p *schema.Pack) *schema.Token {
	for _, ts := range p.TokenSets() {
		for _, t := range ts.Tokens {
			if t.Action != "" {
				return t
			}
		}
	}
	return nil
}

func checkActionTokens(c *validate.Context) {
	tokens, declared := packActionTokens(c.Pack)
	if !declared || len(tokens) <= runmove.MaxTokens {
		return
	}
	t := firstActionToken(c.Pack)
	c.ReportHint(t.Ref.Child("action").Pos(),
		fmt.Sprintf("the pack has %d gray action tokens; reachability handles at most %d, so the maps' reachability is not checked", len(tokens), runmove.MaxTokens),
		"the box holds 14 (L62); check the counts of the tokens with action:")
}

func checkTokenActionOutsideRun(c *validate.Context) {
	if c.Pack.Game == nil || c.Pack.Game.System == System {
		return
	}
	for _, ts := range c.Pack.TokenSets() {
		for _, t := range ts.Tokens {
			if t.Action != "" {
				c.ReportHint(t.Ref.Child("action").Pos(),
					fmt.Sprintf("token %q has action: %s, but only RUN packs use action tokens (this pack's system is %q)", t.ID, t.Action, c.Pack.Game.System),
					"remove action:")
			}
		}
	}
}
