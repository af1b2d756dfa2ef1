package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/runforge/runforge/validate"
)

// GitLab writes a GitLab Code Quality report: a JSON array of Code Climate
// issues, which a merge request shows beside its changes. Errors are
// "major", warnings "minor". An issue's fingerprint is a hash of its rule,
// file and message (and, for findings that repeat all three, how many came
// before it in the file), not of its line: lines added above a finding
// leave it the same issue, so GitLab tells new findings from fixed ones.
type GitLab struct{}

type gitlabIssue struct {
	Type        string         `json:"type"`
	CheckName   string         `json:"check_name"`
	Description string         `json:"description"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	EngineName  string         `json:"engine_name"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
}

// Write implements Writer.
func (GitLab) Write(w io.Writer, diags []validate.Diagnostic, _ Summary) error {
	issues := make([]gitlabIssue, 0, len(diags))
	seen := map[string]int{}
	for _, d := range diags {
		path := strings.ReplaceAll(d.Pos.File, `\`, "/")
		if path == "" {
			path = noFile
		}
		key := d.Rule + "\x00" + path + "\x00" + d.Message
		n := seen[key]
		seen[key]++
		sum := sha256.Sum256([]byte(key + "\x00" + strconv.Itoa(n)))
		desc := d.Message
		if d.Hint != "" {
			desc = sentence(desc) + " Hint: " + d.Hint
		}
		issues = append(issues, gitlabIssue{
			Type:        "issue",
			CheckName:   d.Rule,
			Description: desc,
			Fingerprint: hex.EncodeToString(sum[:]),
			Severity:    gitlabSeverity(d.Severity),
			EngineName:  "runforge",
			Location:    gitlabLocation{Path: path, Lines: gitlabLines{Begin: max(d.Pos.Line, 1)}},
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(issues)
}

// gitlabSeverity is a finding's Code Climate severity.
func gitlabSeverity(s validate.Severity) string {
	if s == validate.Error {
		return "major"
	}
	return "minor"
}
