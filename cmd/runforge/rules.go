package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/runforge/runforge/validate"
	"github.com/spf13/cobra"
)

func newRulesCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "rules",
		Short: "List every validation rule with its ID, default severity and description",
		Long: `List every validation rule. A pack turns a rule off or changes its severity
in game.yaml:

  rules:
    text/overflow: off

Rules marked "error, fixed" report loader errors and hard limits: a pack
cannot change them.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tSEVERITY\tGAMES\tDESCRIPTION")
			for _, r := range validate.Default().Rules() {
				games := "all"
				if len(r.Games) > 0 {
					games = strings.Join(r.Games, ",")
				}
				sev := r.Severity.String()
				if r.Fixed {
					sev += ", fixed"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, sev, games, r.Doc)
			}
			return tw.Flush()
		},
	}
}
