// Package report writes validation diagnostics in the formats runforge
// supports: text, json, github (workflow annotations), sarif, junit, gitlab
// (Code Quality) and tap. Each format is one file implementing Writer.
package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/runforge/runforge/validate"
)

// Summary counts what a validation run looked at.
type Summary struct {
	Packs    int `json:"packs"`
	Files    int `json:"files"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
}

// Writer writes diagnostics in one format.
type Writer interface {
	Write(w io.Writer, diags []validate.Diagnostic, s Summary) error
}

// Options describe the run, for the formats that record it (sarif, junit,
// tap).
type Options struct {
	// ToolVersion is the version of runforge that wrote the report.
	ToolVersion string
	// BaseDir is the absolute folder that relative diagnostic paths are
	// relative to (the working folder); empty leaves it unrecorded.
	BaseDir string
	// Registry is the rule set the diagnostics come from, whose docs and
	// default severities sarif records; nil means the core rules only.
	Registry *validate.Registry
	// Explain, when set, is written with the report by the formats that
	// carry it (json, under "explain"); nil writes none.
	Explain any
	// Files are the files the run checked, for the formats that count a
	// clean file as a passing test (junit, tap); files that findings name
	// are added to them.
	Files []string
}

// formats builds the writer of each format.
var formats = map[string]func(Options) Writer{
	"text":   func(Options) Writer { return Text{} },
	"json":   func(o Options) Writer { return JSON{Explain: o.Explain} },
	"github": func(Options) Writer { return GitHub{} },
	"sarif":  func(o Options) Writer { return SARIF{Options: o} },
	"junit":  func(o Options) Writer { return JUnit{Files: o.Files} },
	"gitlab": func(Options) Writer { return GitLab{} },
	"tap":    func(o Options) Writer { return TAP{Files: o.Files} },
}

// Formats lists the format names, sorted.
func Formats() []string {
	names := make([]string, 0, len(formats))
	for n := range formats {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ParseFormat returns the format named by s, in any letter case.
func ParseFormat(s string) (string, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	if _, ok := formats[name]; !ok {
		return "", fmt.Errorf("unknown format %q: valid formats are %s", s, strings.Join(Formats(), ", "))
	}
	return name, nil
}

// New returns the writer of a format (any letter case), set up with o.
func New(format string, o Options) (Writer, error) {
	name, err := ParseFormat(format)
	if err != nil {
		return nil, err
	}
	return formats[name](o), nil
}

// For returns the writer of a format (any letter case) with no run details.
func For(format string) (Writer, error) {
	return New(format, Options{})
}
