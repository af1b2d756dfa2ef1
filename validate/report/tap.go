package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/runforge/runforge/validate"
)

// TAP writes a Test Anything Protocol (version 13) stream: a test point
// per file and rule, as in the junit report (a file no rule reported on
// has one, "valid"). A point with errors is "not ok"; its findings, and
// the warnings of a passing point, follow in a YAML block.
type TAP struct {
	// Files are the files the run checked, clean ones included.
	Files []string
}

// Write implements Writer.
func (t TAP) Write(w io.Writer, diags []validate.Diagnostic, s Summary) error {
	var cases []testCase
	for _, fc := range groupCases(t.Files, diags) {
		cases = append(cases, fc.Cases...)
	}
	var bw strings.Builder
	fmt.Fprintf(&bw, "TAP version 13\n1..%d\n", len(cases))
	for i, c := range cases {
		status := "ok"
		if c.failed() {
			status = "not ok"
		}
		fmt.Fprintf(&bw, "%s %d - %s %s\n", status, i+1, tapDescription(c.File), tapDescription(c.Rule))
		if findings := append(append([]validate.Diagnostic(nil), c.Errors...), c.Warnings...); len(findings) > 0 {
			if err := writeTAPBlock(&bw, findings); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(&bw, "# %s, %s in %s (%s)\n", plural(s.Errors, "error"), plural(s.Warnings, "warning"),
		plural(s.Packs, "pack"), plural(s.Files, "file"))
	_, err := io.WriteString(w, bw.String())
	return err
}

// tapDescription keeps a test point's description on its line and free of
// "#", which would start a directive.
func tapDescription(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ", "#", "\\#").Replace(s)
}

// writeTAPBlock writes a test point's findings as a YAML block, indented
// two spaces between --- and ...: a list of maps whose strings are JSON
// strings, which YAML reads as double-quoted scalars. Related positions
// are maps too (at, message): TAP::Parser's reader takes a list item that
// holds ": " for a map.
func writeTAPBlock(w *strings.Builder, findings []validate.Diagnostic) error {
	w.WriteString("  ---\n  findings:\n")
	for _, d := range findings {
		fields := [][2]string{{"severity", d.Severity.String()}, {"at", d.Pos.String()}, {"message", d.Message}}
		if d.Hint != "" {
			fields = append(fields, [2]string{"hint", d.Hint})
		}
		if err := writeYAMLMap(w, "    ", fields); err != nil {
			return err
		}
		if len(d.Related) > 0 {
			w.WriteString("      related:\n")
		}
		for _, r := range d.Related {
			rel := [][2]string{{"message", r.Message}}
			if r.Pos.File != "" {
				rel = [][2]string{{"at", r.Pos.String()}, {"message", r.Message}}
			}
			if err := writeYAMLMap(w, "        ", rel); err != nil {
				return err
			}
		}
	}
	w.WriteString("  ...\n")
	return nil
}

// writeYAMLMap writes fields as a map that is an item of a YAML list
// indented by indent.
func writeYAMLMap(w *strings.Builder, indent string, fields [][2]string) error {
	for i, f := range fields {
		q, err := yamlString(f[1])
		if err != nil {
			return err
		}
		lead := indent + "  "
		if i == 0 {
			lead = indent + "- "
		}
		fmt.Fprintf(w, "%s%s: %s\n", lead, f[0], q)
	}
	return nil
}

// yamlString is s as a double-quoted YAML scalar.
func yamlString(s string) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return "", fmt.Errorf("quoting %q: %w", s, err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}
