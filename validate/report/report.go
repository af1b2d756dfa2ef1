// Package report writes validation diagnostics in the formats runforge
// supports: text, json, github (workflow annotations) and sarif. Each format
// is one file implementing Writer.
package report

import (
	"fmt"
	"io"
	"sort"

	"github.com/runforge/runforge/validate"
)

// Summary counts what a validation run looked at.
type Summary struct {
	Packs    int
	Files    int
	Errors   int
	Warnings int
}

// Writer writes diagnostics in one format.
type Writer interface {
	Write(w io.Writer, diags []validate.Diagnostic, s Summary) error
}

var writers = map[string]Writer{
	"text":   Text{},
	"json":   JSON{},
	"github": GitHub{},
	"sarif":  SARIF{},
}

// Formats lists the format names, sorted.
func Formats() []string {
	names := make([]string, 0, len(writers))
	for n := range writers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// For returns the writer of a format.
func For(format string) (Writer, error) {
	w, ok := writers[format]
	if !ok {
		return nil, fmt.Errorf("unknown format %q (want one of %v)", format, Formats())
	}
	return w, nil
}
