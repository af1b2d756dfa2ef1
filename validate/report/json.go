package report

import (
	"encoding/json"
	"io"

	"github.com/runforge/runforge/validate"
)

// JSON writes one JSON object with the diagnostics and the summary.
type JSON struct{}

// Write implements Writer.
func (JSON) Write(w io.Writer, diags []validate.Diagnostic, s Summary) error {
	if diags == nil {
		diags = []validate.Diagnostic{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Diagnostics []validate.Diagnostic `json:"diagnostics"`
		Summary     Summary               `json:"summary"`
	}{diags, s})
}
