package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/runforge/runforge/validate"
)

// GitHub writes GitHub Actions workflow commands (::error file=...::), which
// show as annotations on the pull request's files. An annotation has one
// position, so the hint and the related positions go into its message, one
// per line.
type GitHub struct{}

// Write implements Writer.
func (GitHub) Write(w io.Writer, diags []validate.Diagnostic, s Summary) error {
	bw := bufio.NewWriter(w)
	for _, d := range diags {
		if _, err := fmt.Fprintf(bw, "::%s %s::%s\n", githubLevel(d.Severity), githubProperties(d), escapeData(githubMessage(d))); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprintf(bw, "%s, %s in %s\n", plural(s.Errors, "error"), plural(s.Warnings, "warning"), plural(s.Packs, "pack")); err != nil {
		return err
	}
	return bw.Flush()
}

func githubLevel(s validate.Severity) string {
	if s == validate.Warning {
		return "warning"
	}
	return "error"
}

// githubProperties are the annotation's file, line, col and title; line and
// col are left out for a diagnostic about a whole file.
func githubProperties(d validate.Diagnostic) string {
	props := []string{"file=" + escapeProperty(d.Pos.File)}
	if d.Pos.Line > 0 {
		props = append(props, fmt.Sprintf("line=%d", d.Pos.Line))
		if d.Pos.Col > 0 {
			props = append(props, fmt.Sprintf("col=%d", d.Pos.Col))
		}
	}
	props = append(props, "title="+escapeProperty(d.Rule))
	return strings.Join(props, ",")
}

// githubMessage is the message, then the hint and each related position on
// lines of their own, unescaped.
func githubMessage(d validate.Diagnostic) string {
	var b strings.Builder
	b.WriteString(d.Message)
	if d.Hint != "" {
		b.WriteString("\nhint: " + d.Hint)
	}
	for _, r := range d.Related {
		b.WriteString("\nrelated: " + relatedText(r))
	}
	return b.String()
}

// escapeData escapes a workflow command's message: %, CR and LF.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value: as data, and
// also : and , which end a property.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
