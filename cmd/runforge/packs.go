package main

import (
	"fmt"
	"strings"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema"
	"github.com/spf13/cobra"
)

func newPacksCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "packs",
		Short: "List the bundled content packs",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, name := range data.Packs() {
				sub, _ := data.Pack(name)
				p, _ := schema.LoadPack(sub, name)
				title, cards := "", 0
				if p != nil {
					title = p.Game.Title
					for _, d := range p.Decks() {
						cards += d.Total()
					}
				}
				fmt.Fprintf(s.out, "%-24s %s (%d cards)\n", name, title, cards)
			}
			return nil
		},
	}
}

// completePacks completes bundled pack names (files complete as usual).
func completePacks(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, n := range data.Packs() {
		if strings.HasPrefix(n, toComplete) {
			out = append(out, n)
		}
	}
	return out, cobra.ShellCompDirectiveDefault
}
