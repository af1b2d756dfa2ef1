package main

import (
	"github.com/runforge/runforge/schema/scaffold"
	"github.com/spf13/cobra"
)

func newSchemaCmd(s streams, c *catalog) *cobra.Command {
	var dir string
	var packs []string
	cmd := &cobra.Command{
		Use:   "schema [-o DIR] [--fix-modelines PACK]",
		Short: "Write the JSON Schemas of content files, for editor completion",
		Long: `Write the JSON Schemas (draft 2020-12) of every content kind into DIR. Each
file stands alone (no $id, no reference to another file), so editors and
validators (ajv, python jsonschema, check-jsonschema) resolve it offline
wherever it is. Point the first line of each YAML file at one, e.g.

  # yaml-language-server: $schema=../runforge-schemas/deck.schema.json

and editors with the YAML language server complete and check fields as
you type. --fix-modelines PACK points the modelines of a pack's files at
DIR (and adds one, from the file's kind:, where a file has none): use it
after copying or moving a pack.`,
		Example: `  runforge schema -o runforge-schemas
  runforge schema -o runforge-schemas --fix-modelines my-pack`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			names, err := writeSchemas(s, c, dir)
			if err != nil {
				return err
			}
			for _, p := range packs {
				if err := scaffold.FixModelines(s.out, s.err, c.schemas, p, dir, names); err != nil {
					return usageError("%v", err)
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&dir, "out", "o", "runforge-schemas", "folder to write the schemas into")
	cmd.Flags().StringArrayVar(&packs, "fix-modelines", nil, "pack folder whose modelines to point at the written schemas (repeatable)")
	return cmd
}

// writeSchemas writes the standalone schemas into dir, printing each path,
// and returns the file names written.
func writeSchemas(s streams, c *catalog, dir string) (map[string]bool, error) {
	names, err := scaffold.WriteSchemas(s.out, c.schemas, dir)
	if err != nil {
		return nil, usageError("%v", err)
	}
	return names, nil
}
