package report

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/runforge/runforge/validate"
)

// sarifDoc is the part of a SARIF log the tests read.
type sarifDoc struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Name           string `json:"name"`
				Version        string `json:"version"`
				InformationURI string `json:"informationUri"`
				Rules          []struct {
					ID               string    `json:"id"`
					ShortDescription sarifText `json:"shortDescription"`
					FullDescription  sarifText `json:"fullDescription"`
					Help             sarifText `json:"help"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds"`
		Results            []struct {
			RuleID           string          `json:"ruleId"`
			RuleIndex        int             `json:"ruleIndex"`
			Level            string          `json:"level"`
			Message          sarifText       `json:"message"`
			Locations        []sarifLocation `json:"locations"`
			RelatedLocations []sarifLocation `json:"relatedLocations"`
		} `json:"results"`
	} `json:"runs"`
}

func writeSARIF(t *testing.T, o Options, diags []validate.Diagnostic) sarifDoc {
	t.Helper()
	out := write(t, SARIF{Options: o}, diags)
	var doc sarifDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Runs) != 1 {
		t.Fatalf("not one SARIF run (%v):\n%s", err, out)
	}
	return doc
}

// TestSARIFArtifactURIs: an absolute path becomes a file:// URI, a relative
// one a relative reference (never starting with a slash) against the
// uriBaseId %SRCROOT%, which the run maps to the base folder. Characters
// a URI cannot hold are percent-encoded.
func TestSARIFArtifactURIs(t *testing.T) {
	cases := []struct {
		file, uri, base string
	}{
		{"pack/game.yaml", "pack/game.yaml", "%SRCROOT%"},
		{"../other/game.yaml", "../other/game.yaml", "%SRCROOT%"},
		{"my pack/game.yaml", "my%20pack/game.yaml", "%SRCROOT%"},
		{"a:b/game.yaml", "./a:b/game.yaml", "%SRCROOT%"},
		{"/home/me/pack/game.yaml", "file:///home/me/pack/game.yaml", ""},
		{"/home/me/my pack/#1.yaml", "file:///home/me/my%20pack/%231.yaml", ""},
		{"C:/Users/me/game.yaml", "file:///C:/Users/me/game.yaml", ""},
	}
	for _, c := range cases {
		got := artifactOf(c.file)
		if got.URI != c.uri || got.URIBaseID != c.base {
			t.Errorf("artifactOf(%q) = %+v, want uri %q base %q", c.file, got, c.uri, c.base)
		}
		u, err := url.Parse(got.URI)
		if err != nil {
			t.Errorf("%q: %v", got.URI, err)
			continue
		}
		if u.IsAbs() == (got.URIBaseID != "") || (!u.IsAbs() && strings.HasPrefix(got.URI, "/")) {
			t.Errorf("%q: an absolute URI needs no uriBaseId; a relative one needs one and no leading slash (SARIF1004)", got.URI)
		}
	}

	doc := writeSARIF(t, Options{BaseDir: "/work/my dir"}, sample)
	if got := doc.Runs[0].OriginalURIBaseIDs["%SRCROOT%"].URI; got != "file:///work/my%20dir/" {
		t.Errorf("%%SRCROOT%% is %q, want file:///work/my%%20dir/", got)
	}
	if doc := writeSARIF(t, Options{BaseDir: "relative"}, sample); doc.Runs[0].OriginalURIBaseIDs != nil {
		t.Errorf("a relative base folder was recorded: %v", doc.Runs[0].OriginalURIBaseIDs)
	}
}

// TestSARIFResults: the hint is in the message, related positions are
// related locations with ids and messages, a whole-file position has no
// region, and each result points at its rule's descriptor.
func TestSARIFResults(t *testing.T) {
	run := writeSARIF(t, Options{}, sample).Runs[0]
	if len(run.Results) != 3 {
		t.Fatalf("%d results, want 3", len(run.Results))
	}
	r := run.Results[0]
	if r.Level != "error" || r.Message.Text != `component "events" expects 72 copies but the pack has 71. Hint: add a card, or lower expected` {
		t.Errorf("result 0: level %q message %q", r.Level, r.Message.Text)
	}
	if len(r.Locations) != 1 || r.Locations[0].PhysicalLocation.Region == nil ||
		*r.Locations[0].PhysicalLocation.Region != (sarifRegion{StartLine: 10, StartColumn: 15}) {
		t.Errorf("result 0 locations: %+v", r.Locations)
	}
	if len(r.RelatedLocations) != 1 {
		t.Fatalf("result 0 related locations: %+v", r.RelatedLocations)
	}
	rel := r.RelatedLocations[0]
	if rel.ID == nil || *rel.ID != 1 || rel.Message == nil || rel.Message.Text != "71 copies counted here" ||
		rel.PhysicalLocation.ArtifactLocation != (sarifArtifactLoc{URI: "pack/events.yaml", URIBaseID: "%SRCROOT%"}) ||
		*rel.PhysicalLocation.Region != (sarifRegion{StartLine: 5, StartColumn: 12}) {
		t.Errorf("related location: %+v", rel)
	}
	if run.Results[1].Level != "warning" || run.Results[1].Message.Text != "rule override names no rule" {
		t.Errorf("result 1: %+v", run.Results[1])
	}
	if loc := run.Results[2].Locations; len(loc) != 1 || loc[0].PhysicalLocation.Region != nil {
		t.Errorf("whole-file result has a region: %+v", loc)
	}
	rules := run.Tool.Driver.Rules
	for _, res := range run.Results {
		if res.RuleIndex >= len(rules) || rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result of %s has ruleIndex %d", res.RuleID, res.RuleIndex)
		}
	}
	noFile := validate.Diagnostic{Pos: at("a.yaml", 1, 1), Rule: "x/y", Message: "m",
		Related: []validate.Related{{Message: "from the extended pack"}}}
	if r := writeSARIF(t, Options{}, []validate.Diagnostic{noFile}).Runs[0].Results[0]; r.Message.Text != "m. from the extended pack" || len(r.RelatedLocations) != 0 {
		t.Errorf("a related position without a file: %+v", r)
	}
	reg := validate.NewRegistry(validate.CoreRules()...)
	for _, rule := range rules {
		doc, ok := reg.Lookup(rule.ID)
		if !ok || rule.ShortDescription.Text != doc.Doc || rule.FullDescription.Text != doc.Doc || !strings.HasPrefix(rule.Help.Text, doc.Doc) {
			t.Errorf("rule %s: descriptions %+v", rule.ID, rule)
		}
		// The help carries the long explanation: how to fix a finding.
		if long := reg.Doc(rule.ID); long.Fix != "" && !strings.Contains(rule.Help.Text, "How to fix it: "+long.Fix) {
			t.Errorf("rule %s: the help %q does not say how to fix it (%q)", rule.ID, rule.Help.Text, long.Fix)
		}
	}
}

// TestSARIFTool: the driver carries a version starting with a number and
// an information URI.
func TestSARIFTool(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"v1.4.0", "1.4.0"}, {"1.4.0", "1.4.0"}, {"dev", "0.0.0-dev"}, {"", "0.0.0-dev"},
		{"v0.0.0-20260101-abcdef", "0.0.0-20260101-abcdef"},
	} {
		d := writeSARIF(t, Options{ToolVersion: c.in}, nil).Runs[0].Tool.Driver
		if d.Version != c.want || d.Name != "runforge" || !strings.HasPrefix(d.InformationURI, "https://") {
			t.Errorf("version %q: driver %+v, want version %q", c.in, d, c.want)
		}
	}
}

// TestSARIFEmbeddedLinks: text that would read as a SARIF embedded link
// has its brackets escaped; other brackets are left alone.
func TestSARIFEmbeddedLinks(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"icons: [zombies]", "icons: [zombies]"},
		{"see [card](2) and [x]", `see \[card\](2) and \[x\]`},
		{`a\b [c](1)`, `a\\b \[c\](1)`},
	} {
		if got := plainText(c.in).Text; got != c.want {
			t.Errorf("plainText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
