package main

import (
	"fmt"
	"strings"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema"
	"github.com/spf13/cobra"
)

func newPacksCmd(s streams, c *catalog) *cobra.Command {
	return &cobra.Command{
		Use:   "packs",
		Short: "List the bundled content packs",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			names := data.Packs()
			width := 0
			for _, name := range names {
				width = max(width, len(name))
			}
			for _, name := range names {
				fmt.Fprintf(s.out, "%-*s  %s\n", width, name, packSummary(c, name))
			}
			return nil
		},
	}
}

// packSummary is a bundled pack's title, what it extends and its cards
// (those of the packs it extends included, as a build prints them).
func packSummary(c *catalog, name string) string {
	sub, _ := data.Pack(name)
	p, _ := schema.LoadPackWith(sub, name, schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs(), Registry: c.schemas})
	if p == nil || p.Game == nil {
		return "(does not load: run runforge validate " + name + ")"
	}
	cards := 0
	for _, d := range p.Decks() {
		cards += d.Total()
	}
	out := fmt.Sprintf("%s (%d cards", p.Game.Title, cards)
	if p.Game.Extends != "" {
		out += ", extends " + p.Game.Extends
	}
	return out + ")"
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
