// Package schema loads runforge content: YAML files with positions, the embedded
// JSON Schemas they are checked against, the typed content model and content packs.
package schema

import "github.com/runforge/runforge/schema/internal/yamldoc"

// Pos is a position in a content file. Line and Col are 1-based; a zero Line
// means the whole file.
type Pos = yamldoc.Pos

// Problem is a defect found while loading content: malformed YAML, a schema
// violation or an unreadable file. Rule is a stable identifier such as
// "schema/invalid".
type Problem = yamldoc.Problem

// Related is a further position that explains a problem, e.g. where an id
// was first used, or the file of an extended pack a finding comes from.
type Related = yamldoc.Related

// Limits that keep hostile input from exhausting memory.
const (
	// MaxFileSize is the largest content file read, in bytes.
	MaxFileSize = yamldoc.MaxFileSize
	// MaxDepth is the deepest nesting of mappings and sequences.
	MaxDepth = yamldoc.MaxDepth
	// MaxNodes is the most keys and values one file may expand to, aliases
	// included.
	MaxNodes = yamldoc.MaxNodes
	// MaxPackNodes is the most keys and values the files of one pack (and
	// the packs it extends) may hold together: the loaded files stay in
	// memory while the pack is checked and built.
	MaxPackNodes = 2 * MaxNodes
)
