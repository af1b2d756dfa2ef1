package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"

	"github.com/runforge/runforge/validate"
)

// JUnit writes a JUnit XML report, the test results Jenkins, GitLab and
// CircleCI read: a test suite per file, and in it a test case per rule
// that reported on the file (class name the file, name the rule id). A
// case with errors fails, with one failure that lists them; a case with
// only warnings passes and lists them as its output. A file no rule
// reported on has one passing case, "valid", so that a clean run counts
// every file it checked.
type JUnit struct {
	// Files are the files the run checked, clean ones included.
	Files []string
}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// Write implements Writer.
func (j JUnit) Write(w io.Writer, diags []validate.Diagnostic, _ Summary) error {
	doc := junitSuites{Name: "runforge validate"}
	for _, fc := range groupCases(j.Files, diags) {
		s := junitSuite{Name: fc.File}
		for _, c := range fc.Cases {
			jc := junitCase{Name: c.Rule, ClassName: c.File, SystemOut: findingsText(c.Warnings)}
			if c.failed() {
				jc.Failure = &junitFailure{Message: failureMessage(c.Errors), Type: c.Rule, Text: findingsText(c.Errors)}
				s.Failures++
			}
			s.Cases = append(s.Cases, jc)
		}
		s.Tests = len(s.Cases)
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Suites = append(doc.Suites, s)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("encoding the junit report: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// failureMessage is the first error's position and message, and how many
// more errors the rule found in the file.
func failureMessage(errs []validate.Diagnostic) string {
	msg := errs[0].Pos.String() + ": " + errs[0].Message
	if n := len(errs) - 1; n > 0 {
		msg += " (and " + strconv.Itoa(n) + " more)"
	}
	return msg
}
