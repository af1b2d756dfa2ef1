// Package validate checks loaded content packs: it turns loading problems
// into diagnostics and runs the rule registry, generic rules and per-game
// rules, over a pack.
package validate

import (
	"fmt"
	"sort"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate/severity"
)

// Severity grades a diagnostic; it is the one severity.Severity the
// analysis packages use too.
type Severity = severity.Severity

// Severities, most severe first.
const (
	Error   = severity.Error
	Warning = severity.Warning
	Off     = severity.Off
)

// ParseSeverity parses "error", "warning" or "off".
func ParseSeverity(s string) (Severity, error) { return severity.Parse(s) }

// Related is a further position that explains a diagnostic.
type Related struct {
	Pos     schema.Pos `json:"pos"`
	Message string     `json:"message"`
}

// Diagnostic is one problem found in content.
type Diagnostic struct {
	Pos      schema.Pos `json:"pos"`
	Severity Severity   `json:"severity"`
	Rule     string     `json:"rule"`
	Message  string     `json:"message"`
	Hint     string     `json:"hint,omitempty"`
	Related  []Related  `json:"related,omitempty"`
}

// String formats the diagnostic as file:line:col: severity rule: message.
func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s %s: %s", d.Pos, d.Severity, d.Rule, d.Message)
}

// Sort orders diagnostics by file, line, column, rule and message.
func Sort(ds []Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.Pos != b.Pos {
			return a.Pos.Less(b.Pos)
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}

// Count returns the number of errors and warnings.
func Count(ds []Diagnostic) (errors, warnings int) {
	for _, d := range ds {
		switch d.Severity {
		case Error:
			errors++
		case Warning:
			warnings++
		}
	}
	return errors, warnings
}
