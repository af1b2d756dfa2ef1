package scaffold

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/runforge/runforge/schema"
)

// modelinePattern is a yaml-language-server modeline; group 2 is the
// schema's path or URL.
var modelinePattern = regexp.MustCompile(`^(#\s*yaml-language-server:\s*\$schema=)(\S+)(\s*)$`)

// kindPattern is a top-level kind: line.
var kindPattern = regexp.MustCompile(`^kind:\s*([A-Za-z]+)\s*(#.*)?$`)

// modelineEdit is what repointModeline did to one file.
type modelineEdit int

const (
	modelineKept      modelineEdit = iota // already right
	modelineRewritten                     // pointed elsewhere, now at the schema
	modelineAdded                         // had none; one was added from kind:
	modelineForeign                       // names a schema runforge does not write
	modelineNone                          // none, and no kind: to choose one by
)

// repointModeline points the modeline of a YAML file's text at the schema
// of the same file name, at the path schemaPath gives for it (ok false for
// a schema runforge does not write). A file without one gets a modeline
// as its first line, chosen by its kind: line through reg. The rest of the
// text is kept byte for byte.
func repointModeline(src []byte, reg *schema.Registry, schemaPath func(name string) (string, bool)) ([]byte, modelineEdit) {
	lines := bytes.SplitAfter(src, []byte("\n"))
	for i, raw := range lines {
		line := strings.TrimRight(string(raw), "\r\n")
		trimmed := strings.TrimSpace(line)
		if trimmed != "" && !strings.HasPrefix(trimmed, "#") {
			break // modelines are in the comments before the content
		}
		m := modelinePattern.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		want, ok := schemaPath(path.Base(m[2]))
		if !ok {
			return src, modelineForeign
		}
		if m[2] == want {
			return src, modelineKept
		}
		eol := string(raw[len(line):])
		lines[i] = []byte(m[1] + want + m[3] + eol)
		return bytes.Join(lines, nil), modelineRewritten
	}
	for _, raw := range lines {
		m := kindPattern.FindStringSubmatch(strings.TrimRight(string(raw), "\r\n"))
		if m == nil {
			continue
		}
		file, known := reg.SchemaFileOf(m[1])
		if !known {
			file = strings.ToLower(m[1]) + ".schema.json"
		}
		want, ok := schemaPath(file)
		if !ok {
			return src, modelineNone
		}
		eol := "\n"
		if bytes.HasSuffix(lines[0], []byte("\r\n")) {
			eol = "\r\n"
		}
		return append([]byte("# yaml-language-server: $schema="+want+eol), src...), modelineAdded
	}
	return src, modelineNone
}

// FixModelines points the modelines of the YAML files of the pack folder
// pack at the schemas in schemaDir (names are the schema files written
// there), printing on out each file it changes, and on warn each file it
// leaves without a working modeline. A file without a modeline gets the
// one of the kind it declares, as reg knows it.
func FixModelines(out, warn Console, reg *schema.Registry, pack, schemaDir string, names map[string]bool) (err error) {
	schemaPath, err := relativeSchemaPath(pack, schemaDir, names)
	if err != nil {
		return err
	}
	root, err := os.OpenRoot(pack)
	if err != nil {
		return fmt.Errorf("--fix-modelines: %w", err)
	}
	defer func() {
		if cerr := root.Close(); cerr != nil {
			err = errors.Join(err, fmt.Errorf("--fix-modelines: %w", cerr))
		}
	}()
	entries, err := fs.ReadDir(root.FS(), ".")
	if err != nil {
		return fmt.Errorf("--fix-modelines: %w", err)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	for _, e := range entries {
		n := e.Name()
		if !e.Type().IsRegular() || !(strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml")) {
			continue
		}
		if err := fixModeline(out, warn, reg, root, pack, n, schemaPath); err != nil {
			return err
		}
	}
	return nil
}

// fixModeline repoints the modeline of one file of the pack.
func fixModeline(stdout, warn Console, reg *schema.Registry, root *os.Root, pack, name string, schemaPath func(string) (string, bool)) error {
	display := filepath.Join(pack, name)
	f, err := root.Open(name)
	if err != nil {
		return err
	}
	src, err := io.ReadAll(io.LimitReader(f, schema.MaxFileSize+1))
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", display, err)
	}
	if len(src) > schema.MaxFileSize {
		fmt.Fprintf(warn, "runforge: %s: larger than %d bytes, modeline left alone\n", display, schema.MaxFileSize)
		return nil
	}
	out, edit := repointModeline(src, reg, schemaPath)
	switch edit {
	case modelineForeign:
		fmt.Fprintf(warn, "runforge: %s: its modeline names a schema runforge does not write; left alone\n", display)
	case modelineNone:
		fmt.Fprintf(warn, "runforge: %s: no modeline and no known kind: line; no modeline added\n", display)
	case modelineRewritten, modelineAdded:
		if err := writeFileAtomic(display, out); err != nil {
			return err
		}
		fmt.Fprintln(stdout, display)
	}
	return nil
}

// relativeSchemaPath returns, for a schema file name, its path from the
// pack folder: what a modeline of a file in pack must say.
func relativeSchemaPath(pack, schemaDir string, names map[string]bool) (func(string) (string, bool), error) {
	absPack, err := filepath.Abs(pack)
	if err != nil {
		return nil, err
	}
	absSchemas, err := filepath.Abs(schemaDir)
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(absPack, absSchemas)
	if err != nil {
		return nil, fmt.Errorf("%s: no relative path to %s: %w", pack, schemaDir, err)
	}
	return func(name string) (string, bool) {
		if !names[name] {
			return "", false
		}
		return path.Join(filepath.ToSlash(rel), name), true
	}, nil
}
