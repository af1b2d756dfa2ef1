package report

import (
	"sort"
	"strings"

	"github.com/runforge/runforge/validate"
)

// cleanCase is the name of the one passing test case of a file no rule
// reported on, in the formats that count tests (junit, tap).
const cleanCase = "valid"

// noFile is the file name under which findings without a file are grouped.
const noFile = "(no file)"

// testCase is what junit and tap count as one test: one rule on one file,
// with the findings the rule made there (errors fail it), or a file's
// cleanCase when no rule found anything in it.
type testCase struct {
	File     string
	Rule     string
	Errors   []validate.Diagnostic
	Warnings []validate.Diagnostic
}

// failed reports whether the case fails: some finding is an error.
func (c testCase) failed() bool { return len(c.Errors) > 0 }

// fileCases is one file's test cases.
type fileCases struct {
	File  string
	Cases []testCase
}

// groupCases splits diagnostics into test cases, one per file and rule,
// for every file of files and every file a diagnostic names: files in
// name order, each file's rules in id order. A file without findings gets
// its cleanCase.
func groupCases(files []string, diags []validate.Diagnostic) []fileCases {
	byFile := map[string]map[string]*testCase{}
	for _, f := range files {
		if byFile[f] == nil {
			byFile[f] = map[string]*testCase{}
		}
	}
	for _, d := range diags {
		file := d.Pos.File
		if file == "" {
			file = noFile
		}
		rules := byFile[file]
		if rules == nil {
			rules = map[string]*testCase{}
			byFile[file] = rules
		}
		c := rules[d.Rule]
		if c == nil {
			c = &testCase{File: file, Rule: d.Rule}
			rules[d.Rule] = c
		}
		if d.Severity == validate.Error {
			c.Errors = append(c.Errors, d)
		} else {
			c.Warnings = append(c.Warnings, d)
		}
	}
	names := make([]string, 0, len(byFile))
	for f := range byFile {
		names = append(names, f)
	}
	sort.Strings(names)
	out := make([]fileCases, 0, len(names))
	for _, f := range names {
		fc := fileCases{File: f}
		rules := make([]string, 0, len(byFile[f]))
		for r := range byFile[f] {
			rules = append(rules, r)
		}
		sort.Strings(rules)
		for _, r := range rules {
			fc.Cases = append(fc.Cases, *byFile[f][r])
		}
		if len(fc.Cases) == 0 {
			fc.Cases = []testCase{{File: f, Rule: cleanCase}}
		}
		out = append(out, fc)
	}
	return out
}

// findingText is a finding as the text report prints it: its line, then
// its hint and related positions indented below.
func findingText(d validate.Diagnostic) string {
	var b strings.Builder
	b.WriteString(d.String())
	if d.Hint != "" {
		b.WriteString("\n    hint: " + d.Hint)
	}
	for _, r := range d.Related {
		b.WriteString("\n    " + relatedText(r))
	}
	return b.String()
}

// findingsText is findingText of each finding, one after another.
func findingsText(ds []validate.Diagnostic) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = findingText(d)
	}
	return strings.Join(parts, "\n")
}
