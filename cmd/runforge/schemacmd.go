package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/runforge/runforge/schema"
	"github.com/spf13/cobra"
)

func newSchemaCmd(s streams) *cobra.Command {
	var dir string
	cmd := &cobra.Command{
		Use:   "schema [-o DIR]",
		Short: "Write the JSON Schemas of content files, for editor completion",
		Long: `Write the JSON Schemas (draft 2020-12) of every content kind into DIR. Point
the first line of each YAML file at one, e.g.

  # yaml-language-server: $schema=../runforge-schemas/deck.schema.json

and editors with the YAML language server complete and check fields as
you type.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			files, err := schema.SchemaFiles()
			if err != nil {
				return usageError("%v", err)
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return usageError("%v", err)
			}
			names := make([]string, 0, len(files))
			for n := range files {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				p := filepath.Join(dir, n)
				if err := writeFileAtomic(p, files[n]); err != nil {
					return usageError("%v", err)
				}
				fmt.Fprintln(s.out, p)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&dir, "out", "o", "runforge-schemas", "folder to write the schemas into")
	return cmd
}

// writeFileAtomic writes through a temporary file and a rename.
func writeFileAtomic(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
