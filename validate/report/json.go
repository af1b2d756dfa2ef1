package report

import (
	"encoding/json"
	"io"

	"github.com/runforge/runforge/validate"
)

// JSON writes one JSON object with the diagnostics and the summary, and
// the explanation when there is one.
type JSON struct {
	// Explain is written under "explain" when not nil.
	Explain any
}

// Write implements Writer.
func (j JSON) Write(w io.Writer, diags []validate.Diagnostic, s Summary) error {
	if diags == nil {
		diags = []validate.Diagnostic{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Diagnostics []validate.Diagnostic `json:"diagnostics"`
		Summary     Summary               `json:"summary"`
		Explain     any                   `json:"explain,omitempty"`
	}{diags, s, j.Explain})
}
