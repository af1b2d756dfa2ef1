package main

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/runforge/runforge/schema"
	"github.com/spf13/cobra"
)

// iconsOptions are the options of `runforge icons`.
type iconsOptions struct {
	game string
}

func newIconsCmd(s streams, c *catalog) *cobra.Command {
	opts := iconsOptions{}
	cmd := &cobra.Command{
		Use:   "icons",
		Short: "List the icons content can draw: inline as {name} in text, on tokens, dice and template boxes",
		Long: `List every icon runforge draws, with the game that declares it ("all" for
the shared ones) and what it means. Any pack may use any icon; --game keeps
the shared icons and those of one game system.`,
		Example: `  runforge icons
  runforge icons --game ` + c.systems()[0],
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return writeIcons(s, c, opts)
		},
	}
	cmd.Flags().StringVar(&opts.game, "game", "", "only the shared icons and those of this game system ("+strings.Join(c.systems(), ", ")+")")
	return cmd
}

// writeIcons prints the icon table.
func writeIcons(s streams, c *catalog, opts iconsOptions) error {
	systems := c.systems()
	for _, sys := range systems {
		if strings.EqualFold(sys, opts.game) {
			opts.game = sys // any letter case, as for every other value
		}
	}
	if opts.game != "" && !slices.Contains(systems, opts.game) {
		hint := ""
		if cl := schema.Closest(opts.game, systems); cl != "" {
			hint = fmt.Sprintf("did you mean %s? ", cl)
		}
		return usageError("--game %q is not a game system; %sgame systems: %s", opts.game, hint, strings.Join(systems, ", "))
	}
	tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', 0)
	if _, err := fmt.Fprintln(tw, "ICON\tGAME\tMEANING"); err != nil {
		return err
	}
	for _, ic := range c.schemas.IconTable() {
		if opts.game != "" && ic.System != "" && ic.System != opts.game {
			continue
		}
		game := ic.System
		if game == "" {
			game = "all"
		}
		if _, err := fmt.Fprintf(tw, "%s\t%s\t%s\n", ic.Name, game, ic.Meaning); err != nil {
			return err
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return nil
}
