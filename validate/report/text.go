package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/runforge/runforge/validate"
)

// Text writes one line per diagnostic, file:line:col: severity rule: message,
// with its hint and related positions indented below, then a summary line.
// A message of several lines (one reason a line) continues indented under
// its first line, and a hint or related message under its own start.
type Text struct{}

// Write implements Writer.
func (Text) Write(w io.Writer, diags []validate.Diagnostic, s Summary) error {
	bw := bufio.NewWriter(w)
	for _, d := range diags {
		if _, err := fmt.Fprintln(bw, continued(d.String(), "    ")); err != nil {
			return err
		}
		if d.Hint != "" {
			if _, err := fmt.Fprintf(bw, "    hint: %s\n", continued(d.Hint, "          ")); err != nil {
				return err
			}
		}
		for _, r := range d.Related {
			if _, err := fmt.Fprintf(bw, "    %s\n", continued(relatedText(r), "        ")); err != nil {
				return err
			}
		}
	}
	if _, err := fmt.Fprintf(bw, "%s, %s in %s (%s)\n", plural(s.Errors, "error"), plural(s.Warnings, "warning"),
		plural(s.Packs, "pack"), plural(s.Files, "file")); err != nil {
		return err
	}
	return bw.Flush()
}

// continued indents the lines of s after the first by indent.
func continued(s, indent string) string {
	return strings.ReplaceAll(s, "\n", "\n"+indent)
}

// relatedText is a related position and its message, or the message alone
// when it has no file.
func relatedText(r validate.Related) string {
	if r.Pos.File == "" {
		return r.Message
	}
	return r.Pos.String() + ": " + r.Message
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
