package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/schema/scaffold"
	"github.com/spf13/cobra"
)

// initOptions are the flags of `runforge init`.
type initOptions struct {
	dir     string
	from    string
	schemas string
	id      string
}

// packIDPattern is what a pack id may be (common.schema.json's id).
var packIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}$`)

func newInitCmd(s streams, c *catalog) *cobra.Command {
	o := &initOptions{}
	cmd := &cobra.Command{
		Use:   "init DIR [--from PACK]",
		Short: "Start a pack of your own: a game of your own, or a copy of a bundled pack",
		Long: `Without --from, start a pack for a game of your own in the new folder DIR:
a manifest (system: generic, runforge's shared rules and no bundled game's)
with one component, a deck of two cards with a back, their templates and an
icon in a card's text. It validates and builds clean as it is: edit it from
there.

With --from, copy a bundled pack into DIR, ready to edit.

Either way the pack's id becomes the folder's name (or --id) and its title
is made from the id ("my-game" is "My Game"), the JSON Schemas are written
beside it (--schemas, default runforge-schemas next to DIR), and the
modeline on the first line of every file points at them, so editors with
the YAML language server keep completing and checking fields. Works from
any folder: the bundled packs are inside the binary.

DIR must not exist or be empty; nothing is written into it when a step fails.`,
		Example: `  runforge init my-game
  runforge build my-game --strict
  runforge init my-pack --from ` + examplePack() + `
  runforge validate my-pack`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.dir = args[0]
			return runInit(s, c, o)
		},
	}
	cmd.Flags().StringVar(&o.from, "from", "", "bundled pack to copy ("+strings.Join(data.Packs(), ", ")+"); without it, a pack of a game of your own")
	cmd.Flags().StringVar(&o.schemas, "schemas", "", "folder to write the JSON Schemas into (default runforge-schemas beside DIR)")
	cmd.Flags().StringVar(&o.id, "id", "", "id of the new pack (default DIR's name)")
	mustComplete(cmd, "from", cobra.FixedCompletions(data.Packs(), cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runInit(s streams, c *catalog, o *initOptions) error {
	var src fs.FS
	if o.from != "" {
		var err error
		if src, err = initSource(o.from); err != nil {
			return err
		}
	}
	abs, err := filepath.Abs(o.dir)
	if err != nil {
		return usageError("init: %v", err)
	}
	id, err := initID(o.id, abs)
	if err != nil {
		return err
	}
	if err := checkNewDir(o.dir); err != nil {
		return err
	}
	schemasNote := "--schemas chose it"
	if o.schemas == "" {
		o.schemas = besideDir(abs, "runforge-schemas")
		schemasNote = "beside the pack's folder, so that packs made next to it share them; --schemas chooses another"
	}
	schemasLine := fmt.Sprintf("%s: JSON Schemas (%s); every file's modeline points at them\n", o.schemas, schemasNote)
	if src == nil {
		if err := scaffold.NewPack(scaffold.NewOptions{Dir: abs, ID: id, Schemas: o.schemas, Registry: c.schemas}, s.err); err != nil {
			return usageError("%v", err)
		}
		fmt.Fprintf(s.out, "%s: pack %q (%s), a game of your own: game.yaml, cards.yaml, templates.yaml\n", o.dir, id, scaffold.Title(id))
		fmt.Fprint(s.out, schemasLine)
		fmt.Fprintf(s.out, "next: runforge build %s\n", o.dir)
		return nil
	}
	err = scaffold.CopyPack(scaffold.Options{Src: src, From: o.from, Dir: abs, ID: id, Schemas: o.schemas, Registry: c.schemas}, s.err)
	if err != nil {
		return usageError("%v", err)
	}
	fmt.Fprintf(s.out, "%s: pack %q, copied from %s\n", o.dir, id, o.from)
	fmt.Fprint(s.out, schemasLine)
	fmt.Fprintf(s.out, "next: runforge validate %s\n", o.dir)
	return nil
}

// besideDir is the folder name next to the folder abs, relative to the
// working folder when it can be.
func besideDir(abs, name string) string {
	p := filepath.Join(filepath.Dir(abs), name)
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil {
			return rel
		}
	}
	return p
}

// initSource returns the files of the bundled pack name.
func initSource(name string) (fs.FS, error) {
	bundled := strings.Join(data.Packs(), ", ")
	sub, ok := data.Pack(strings.TrimSuffix(name, "/"))
	if !ok {
		return nil, usageError("init: --from %s: no bundled pack of that name (bundled: %s)", name, bundled)
	}
	return sub, nil
}

// initID is the new pack's id: --id, else the name of the folder abs.
func initID(id, abs string) (string, error) {
	if id != "" {
		if !packIDPattern.MatchString(id) {
			return "", usageError("init: --id %q: an id is lowercase letters, digits and dashes, at most 64", id)
		}
		return id, nil
	}
	base := filepath.Base(abs)
	if !packIDPattern.MatchString(base) {
		return "", usageError("init: %q is not a pack id (lowercase letters, digits and dashes); name one with --id", base)
	}
	return base, nil
}

// checkNewDir refuses a DIR that exists and is not an empty folder.
func checkNewDir(dir string) error {
	info, err := os.Stat(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return usageError("init: %v", err)
	}
	if !info.IsDir() {
		return usageError("init: %s exists and is not a folder", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return usageError("init: %v", err)
	}
	if len(entries) > 0 {
		return usageError("init: %s is not empty; init writes only into a new or empty folder", dir)
	}
	return nil
}
