// Package severity holds the one Severity that grades a finding: the rules
// engine (validate) and the analysis packages under it (RUN's movement
// model, Just Run's simulator, the dice-odds engine) all use it.
package severity

import "fmt"

// Severity grades a diagnostic or an analysis finding.
type Severity int

// Severities, most severe first.
const (
	Error Severity = iota
	Warning
	Off
)

// String is "error", "warning" or "off".
func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "off"
}

// MarshalText implements encoding.TextMarshaler.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Parse parses "error", "warning" or "off".
func Parse(s string) (Severity, error) {
	switch s {
	case "error":
		return Error, nil
	case "warning":
		return Warning, nil
	case "off":
		return Off, nil
	}
	return Off, fmt.Errorf("unknown severity %q (want error, warning or off)", s)
}
