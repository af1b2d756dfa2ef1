package main

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/icons"
	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/layout"
	"github.com/spf13/cobra"
)

// iconsOptions are the options of `runforge icons`.
type iconsOptions struct {
	game  string
	sheet string
	paper string
}

func newIconsCmd(s streams, c *catalog) *cobra.Command {
	opts := iconsOptions{}
	cmd := &cobra.Command{
		Use:   "icons",
		Short: "List the icons content can draw: inline as {name} in text, on tokens, dice and template boxes",
		Long: `List every icon runforge draws, with the game that declares it ("all" for
the shared ones) and what it means. Any pack may use any icon; --game keeps
the shared icons and those of one game system. --sheet FILE.pdf draws them
instead, each with its name and meaning, on pages of --paper.`,
		Example: `  runforge icons
  runforge icons --game ` + c.systems()[0] + `
  runforge icons --sheet icons.pdf --paper a4`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return writeIcons(s, c, opts)
		},
	}
	cmd.Flags().StringVar(&opts.sheet, "sheet", "", "write a PDF that draws every icon with its name, games and meaning to this file, instead of the table")
	enumFlag(cmd, &opts.paper, "paper", "letter", []string{"letter", "a4"}, "paper of the --sheet PDF")
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
		if cl := suggest.Nearest(opts.game, systems); cl != "" {
			hint = fmt.Sprintf("did you mean %s? ", cl)
		}
		return usageError("--game %q is not a game system; %sgame systems: %s", opts.game, hint, strings.Join(systems, ", "))
	}
	if opts.sheet != "" {
		return writeIconSheet(s, c, opts)
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

// writeIconSheet writes the icons of opts.game (every icon when empty) as
// a PDF to opts.sheet: one entry per icon, with the games that declare it.
func writeIconSheet(s streams, c *catalog, opts iconsOptions) (err error) {
	var entries []icons.SheetEntry
	for _, ic := range c.schemas.IconTable() {
		if opts.game != "" && ic.System != "" && ic.System != opts.game {
			continue
		}
		game := ic.System
		if game == "" {
			game = "all"
		}
		if n := len(entries); n > 0 && entries[n-1].Name == ic.Name {
			entries[n-1].Games += ", " + game
			if !strings.Contains(entries[n-1].Meaning, ic.Meaning) {
				entries[n-1].Meaning += "; " + ic.Meaning
			}
			continue
		}
		entries = append(entries, icons.SheetEntry{Name: ic.Name, Games: game, Meaning: ic.Meaning})
	}
	fonts, err := draw.NewFonts()
	if err != nil {
		return err
	}
	created, err := buildTime()
	if err != nil {
		return err
	}
	paper, err := layout.PaperByName(opts.paper)
	if err != nil {
		return usageError("--paper: %v", err)
	}
	var b bytes.Buffer
	pages, err := icons.WriteSheet(&b, fonts, entries, paper.W, paper.H, created)
	if err != nil {
		return err
	}
	if err := os.WriteFile(opts.sheet, b.Bytes(), 0o644); err != nil {
		return usageError("--sheet: %v", err)
	}
	fmt.Fprintf(s.out, "%s (%s, %d icons)\n", opts.sheet, generator.Plural(pages, "page"), len(entries))
	return nil
}
