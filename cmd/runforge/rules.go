package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/runforge/runforge/validate"
	"github.com/spf13/cobra"
)

func newRulesCmd(s streams, c *catalog) *cobra.Command {
	return &cobra.Command{
		Use:   "rules [RULE-ID...]",
		Short: "List every validation rule with its ID, default severity and description",
		Long: `List every validation rule; with RULE-IDs, explain each: what it checks,
the rulebook lines behind it, an example finding and how to fix it. A pack
turns a rule
off or changes its severity in game.yaml:

  rules:
    text/overflow: off

Rules marked "error, fixed" report loader errors and hard limits: a pack
cannot change them.`,
		Example: `  runforge rules
  runforge rules text/overflow rfyl/track`,
		ValidArgsFunction: completeRules(c.rules),
		RunE: func(cmd *cobra.Command, args []string) error {
			rules, err := selectRules(c.rules, args)
			if err != nil {
				return err
			}
			if len(args) > 0 {
				for i, r := range rules {
					if i > 0 {
						fmt.Fprintln(s.out)
					}
					writeRuleDoc(s.out, r, c.rules.Doc(r.ID))
				}
				return nil
			}
			tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', 0)
			if _, err := fmt.Fprintln(tw, "ID\tSEVERITY\tGAMES\tDESCRIPTION"); err != nil {
				return err
			}
			for _, r := range rules {
				games := "all"
				if len(r.Games) > 0 {
					games = strings.Join(r.Games, ",")
				}
				sev := r.Severity.String()
				if r.Fixed {
					sev += ", fixed"
				}
				if _, err := fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, sev, games, r.Doc); err != nil {
					return err
				}
			}
			return tw.Flush()
		},
	}
}

// selectRules returns the rules with the given ids, in that order, or all
// of them when there are none. An unknown id is a usage error naming the
// nearest real one.
func selectRules(reg *validate.Registry, ids []string) ([]*validate.Rule, error) {
	if len(ids) == 0 {
		return reg.Rules(), nil
	}
	out := make([]*validate.Rule, 0, len(ids))
	for _, id := range ids {
		r, ok := reg.Lookup(id)
		if !ok {
			return nil, usageError("unknown rule %q%s; 'runforge rules' lists them", id, didYouMean(id, ruleIDs(reg), "%s"))
		}
		out = append(out, r)
	}
	return out, nil
}

// ruleIDs lists the ids of the registered rules.
func ruleIDs(reg *validate.Registry) []string {
	var ids []string
	for _, r := range reg.Rules() {
		ids = append(ids, r.ID)
	}
	return ids
}

// completeRules completes the ids of the rules of reg.
func completeRules(reg *validate.Registry) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		var out []string
		for _, id := range ruleIDs(reg) {
			if strings.HasPrefix(id, toComplete) {
				out = append(out, id)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// writeRuleDoc writes the long explanation of rule r.
func writeRuleDoc(w console, r *validate.Rule, d validate.RuleDoc) {
	games := "every game"
	if len(r.Games) > 0 {
		games = strings.Join(r.Games, ", ")
	}
	sev := r.Severity.String()
	if r.Fixed {
		sev += " (fixed: a pack cannot change it)"
	}
	fmt.Fprintf(w, "%s: %s, %s\n\nWhat it checks:\n  %s\n", r.ID, sev, games, r.Doc)
	if len(d.Rulebook) > 0 {
		fmt.Fprintln(w, "\nRulebook lines behind it (Lnnn: a line of the game's rulebook; An: an assumption the bundled pack's manifest states):")
		for _, l := range d.Rulebook {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
	if d.Example != "" {
		fmt.Fprintf(w, "\nExample finding:\n  %s\n", d.Example)
	}
	if d.Fix != "" {
		fmt.Fprintf(w, "\nHow to fix it:\n  %s\n", d.Fix)
	}
}
