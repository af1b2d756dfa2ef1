package report

import (
	"encoding/json"
	"io"
	"net/url"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
)

// SARIF writes a SARIF 2.1.0 log, for code-scanning dashboards. Relative
// paths become URIs relative to the uriBaseId %SRCROOT% (the folder given
// in Options.BaseDir), absolute paths file:// URIs.
type SARIF struct {
	Options Options
}

// sarifSrcRoot is the uriBaseId of relative artifact locations.
const sarifSrcRoot = "%SRCROOT%"

// toolInformationURI is where a reader of the log learns about runforge.
const toolInformationURI = "https://github.com/runforge/runforge"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                      `json:"columnKind"`
	Results            []sarifResult               `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	ShortDescription     sarifText      `json:"shortDescription"`
	FullDescription      sarifText      `json:"fullDescription"`
	Help                 sarifText      `json:"help"`
	DefaultConfiguration *sarifRuleConf `json:"defaultConfiguration,omitempty"`
}

type sarifRuleConf struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations,omitempty"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifLocation struct {
	ID               *int          `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           *sarifRegion     `json:"region,omitempty"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

// Write implements Writer.
func (f SARIF) Write(w io.Writer, diags []validate.Diagnostic, _ Summary) error {
	reg := f.Options.Registry
	if reg == nil {
		reg = validate.NewRegistry(validate.CoreRules()...)
	}
	rules, index := sarifRules(diags, reg)
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "runforge",
			Version:        sarifVersion(f.Options.ToolVersion),
			InformationURI: toolInformationURI,
			Rules:          rules,
		}},
		ColumnKind: "unicodeCodePoints",
		Results:    make([]sarifResult, 0, len(diags)),
	}
	if base := dirURI(f.Options.BaseDir); base != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{sarifSrcRoot: {URI: base}}
	}
	for _, d := range diags {
		run.Results = append(run.Results, sarifResultOf(d, index[d.Rule]))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	})
}

// sarifRules describes the rules the diagnostics use, sorted by id, with
// the index of each id among them.
func sarifRules(diags []validate.Diagnostic, reg *validate.Registry) ([]sarifRule, map[string]int) {
	index := map[string]int{}
	for _, d := range diags {
		index[d.Rule] = 0
	}
	ids := make([]string, 0, len(index))
	for id := range index {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	rules := make([]sarifRule, 0, len(ids))
	for i, id := range ids {
		index[id] = i
		rules = append(rules, sarifRuleOf(id, reg))
	}
	return rules, index
}

// sarifRuleOf describes one rule from its documentation in the registry.
func sarifRuleOf(id string, reg *validate.Registry) sarifRule {
	rule, ok := reg.Lookup(id)
	if !ok {
		text := sarifText{Text: "Rule " + id + "."}
		return sarifRule{ID: id, ShortDescription: text, FullDescription: text, Help: text}
	}
	// The help is what `runforge rules ID` prints: how to fix a finding
	// and the rulebook lines behind the rule.
	doc := reg.Doc(id)
	help := rule.Doc
	if doc.Fix != "" {
		help += " How to fix it: " + sentence(doc.Fix)
	}
	if len(doc.Rulebook) > 0 {
		help += " Rulebook: " + sentence(strings.Join(doc.Rulebook, "; "))
	}
	help += " `runforge rules " + id + "` explains it; `runforge rules` lists every rule."
	if rule.Fixed {
		help += " This rule reports a loader error or a hard limit: a pack cannot change it."
	} else {
		help += " A pack changes its severity or turns it off in game.yaml, e.g. rules: {" + id + ": off}."
	}
	return sarifRule{
		ID:                   id,
		ShortDescription:     sarifText{Text: rule.Doc},
		FullDescription:      sarifText{Text: rule.Doc},
		Help:                 sarifText{Text: help},
		DefaultConfiguration: &sarifRuleConf{Level: sarifLevel(rule.Severity)},
	}
}

func sarifLevel(s validate.Severity) string {
	switch s {
	case validate.Error:
		return "error"
	case validate.Warning:
		return "warning"
	}
	return "none"
}

// sarifResultOf turns a diagnostic into a result: the hint follows the
// message, and each related position is a related location (one without
// a file joins the message).
func sarifResultOf(d validate.Diagnostic, ruleIndex int) sarifResult {
	msg := d.Message
	if d.Hint != "" {
		msg = sentence(msg) + " Hint: " + d.Hint
	}
	var related []sarifLocation
	for i, r := range d.Related {
		if r.Pos.File == "" {
			msg = sentence(msg) + " " + r.Message
			continue
		}
		id := i + 1
		related = append(related, sarifLocation{
			ID:               &id,
			PhysicalLocation: physicalOf(r.Pos),
			Message:          ptr(plainText(r.Message)),
		})
	}
	res := sarifResult{RuleID: d.Rule, RuleIndex: ruleIndex, Level: sarifLevel(d.Severity),
		Message: plainText(msg), RelatedLocations: related}
	if d.Pos.File != "" {
		res.Locations = []sarifLocation{{PhysicalLocation: physicalOf(d.Pos)}}
	}
	return res
}

// sentence ends s with a full stop unless it ends a sentence already, so
// that a hint can follow it.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}

// embeddedLink is SARIF's link syntax in a plain text message: [text](n).
var embeddedLink = regexp.MustCompile(`\[[^\]]*\]\(\d+\)`)

// plainText is a SARIF plain text message. Square brackets are escaped, as
// SARIF asks, when the text would otherwise read as an embedded link.
func plainText(s string) sarifText {
	if embeddedLink.MatchString(s) {
		s = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`).Replace(s)
	}
	return sarifText{Text: s}
}

func ptr[T any](v T) *T { return &v }

// sarifVersion is the tool version as SARIF wants it, starting with a
// number: v1.2.3 becomes 1.2.3, and a version without a number (a
// development build) becomes 0.0.0-dev.
func sarifVersion(v string) string {
	v = strings.TrimPrefix(v, "v")
	if v == "" {
		v = "dev"
	}
	if v[0] < '0' || v[0] > '9' {
		return "0.0.0-" + v
	}
	return v
}

// physicalOf locates a position; a whole-file position has no region.
func physicalOf(p schema.Pos) sarifPhysical {
	ph := sarifPhysical{ArtifactLocation: artifactOf(p.File)}
	if p.Line > 0 {
		ph.Region = &sarifRegion{StartLine: p.Line}
		if p.Col > 0 {
			ph.Region.StartColumn = p.Col
		}
	}
	return ph
}

var windowsDrive = regexp.MustCompile(`^[A-Za-z]:/`)

// artifactOf turns a diagnostic's path into an artifact location: a file://
// URI for an absolute path, else a URI relative to %SRCROOT%.
func artifactOf(file string) sarifArtifactLoc {
	p := strings.ReplaceAll(file, `\`, "/")
	switch {
	case strings.HasPrefix(p, "/"):
		return sarifArtifactLoc{URI: (&url.URL{Scheme: "file", Path: path.Clean(p)}).String()}
	case windowsDrive.MatchString(p):
		return sarifArtifactLoc{URI: (&url.URL{Scheme: "file", Path: "/" + path.Clean(p)}).String()}
	}
	return sarifArtifactLoc{URI: (&url.URL{Path: p}).String(), URIBaseID: sarifSrcRoot}
}

// dirURI is the file:// URI of an absolute folder, ending in a slash as a
// base URI must; "" for a relative or empty one.
func dirURI(dir string) string {
	if dir == "" {
		return ""
	}
	u := artifactOf(dir).URI
	if !strings.HasPrefix(u, "file:") {
		return ""
	}
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}
