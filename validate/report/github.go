package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/runforge/runforge/validate"
)

// GitHub writes GitHub Actions workflow commands (::error file=...::), which
// show as annotations on the pull request's files.
type GitHub struct{}

// Write implements Writer.
func (GitHub) Write(w io.Writer, diags []validate.Diagnostic, s Summary) error {
	bw := bufio.NewWriter(w)
	for _, d := range diags {
		level := "error"
		if d.Severity == validate.Warning {
			level = "warning"
		}
		msg := d.Message
		if d.Hint != "" {
			msg += "\n" + d.Hint
		}
		fmt.Fprintf(bw, "::%s file=%s,line=%d,col=%d,title=%s::%s\n", level,
			escapeProperty(d.Pos.File), d.Pos.Line, d.Pos.Col, escapeProperty(d.Rule), escapeData(msg))
	}
	fmt.Fprintf(bw, "%s, %s in %s\n", plural(s.Errors, "error"), plural(s.Warnings, "warning"), plural(s.Packs, "pack"))
	return bw.Flush()
}

func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
