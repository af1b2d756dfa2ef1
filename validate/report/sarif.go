package report

import (
	"encoding/json"
	"io"
	"sort"

	"github.com/runforge/runforge/validate"
)

// SARIF writes a SARIF 2.1.0 log, for code-scanning dashboards.
type SARIF struct{}

type sarifLog struct {
	Version string     `json:"version"`
	Schema  string     `json:"$schema"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver struct {
		Name  string      `json:"name"`
		Rules []sarifRule `json:"rules"`
	} `json:"driver"`
}

type sarifRule struct {
	ID               string `json:"id"`
	ShortDescription struct {
		Text string `json:"text"`
	} `json:"shortDescription"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region struct {
			StartLine   int `json:"startLine"`
			StartColumn int `json:"startColumn"`
		} `json:"region"`
	} `json:"physicalLocation"`
}

// Write implements Writer.
func (SARIF) Write(w io.Writer, diags []validate.Diagnostic, _ Summary) error {
	run := sarifRun{Results: []sarifResult{}}
	run.Tool.Driver.Name = "runforge"
	reg := validate.Default()
	used := map[string]bool{}
	for _, d := range diags {
		level := "error"
		if d.Severity == validate.Warning {
			level = "warning"
		}
		var loc sarifLocation
		loc.PhysicalLocation.ArtifactLocation.URI = d.Pos.File
		loc.PhysicalLocation.Region.StartLine = max(d.Pos.Line, 1)
		loc.PhysicalLocation.Region.StartColumn = max(d.Pos.Col, 1)
		msg := d.Message
		if d.Hint != "" {
			msg += " (" + d.Hint + ")"
		}
		run.Results = append(run.Results, sarifResult{RuleID: d.Rule, Level: level, Message: sarifText{msg}, Locations: []sarifLocation{loc}})
		used[d.Rule] = true
	}
	ids := make([]string, 0, len(used))
	for id := range used {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	run.Tool.Driver.Rules = []sarifRule{}
	for _, id := range ids {
		r := sarifRule{ID: id}
		if rule, ok := reg.Lookup(id); ok {
			r.ShortDescription.Text = rule.Doc
		}
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, r)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Version: "2.1.0", Schema: "https://json.schemastore.org/sarif-2.1.0.json", Runs: []sarifRun{run}})
}
