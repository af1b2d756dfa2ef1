package main

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// reportPack copies the bundled pack into dir/name with findings of every
// shape: a hint (determination value, event icon) and related positions
// (duplicate card id, a card count).
func reportPack(t *testing.T, dir, name string) string {
	t.Helper()
	dst := filepath.Join(dir, name)
	if err := os.CopyFS(dst, os.DirFS("../../data/run-for-your-life")); err != nil {
		t.Fatal(err)
	}
	for _, e := range [][3]string{
		{"determination.yaml", "value: 5", "value: 11"},
		{"events.yaml", "id: ev-shoulder-to-shoulder", "id: ev-lone-shambler"},
		{"events.yaml", "count: 3", "count: 2"},
		{"events.yaml", "icons: [zombies]", "icons: [zombie]"},
	} {
		p := filepath.Join(dst, e[0])
		b, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(b), e[1]) {
			t.Fatalf("%s: no %q (%v)", e[0], e[1], err)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), e[1], e[2], 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// TestValidateReportsOnStdout: every format writes its report to standard
// output and nothing to standard error, so `> file` and pipes catch it.
func TestValidateReportsOnStdout(t *testing.T) {
	dir := t.TempDir()
	reportPack(t, dir, "broken")
	t.Chdir(dir)
	for _, c := range []struct{ format, want string }{
		{"text", "broken/determination.yaml:22:12: error rfyl/determination-range"},
		{"json", `"rule": "rfyl/determination-range"`},
		{"github", "::error file=broken/determination.yaml,line=22,col=12,title=rfyl/determination-range::"},
		{"sarif", `"ruleId": "rfyl/determination-range"`},
	} {
		code, stdout, stderr := run(t, "", "validate", "--format", c.format, "broken")
		if code != 1 || !strings.Contains(stdout, c.want) || stderr != "" {
			t.Errorf("--format %s: exit %d\nstdout:\n%s\nstderr:\n%s", c.format, code, stdout, stderr)
		}
	}
	code, stdout, stderr := run(t, "", "validate", "run-for-your-life")
	if code != 0 || !strings.Contains(stdout, "0 errors, 0 warnings in 1 pack") || stderr != "" {
		t.Errorf("clean pack: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// TestValidateFormatNames: --format takes any letter case; an unknown
// format is a usage error that lists the valid ones.
func TestValidateFormatNames(t *testing.T) {
	for _, f := range []string{"JSON", "Sarif", "GitHub", "TEXT", "JUnit", "GitLab", "Tap"} {
		code, stdout, stderr := run(t, "", "validate", "--format", f, "run-for-your-life")
		if code != 0 || stdout == "" || stderr != "" {
			t.Errorf("--format %s: exit %d\nstdout:\n%s\nstderr:\n%s", f, code, stdout, stderr)
		}
	}
	code, stdout, stderr := run(t, "", "validate", "--format", "xml", "run-for-your-life")
	if code != 2 || stdout != "" || !strings.Contains(stderr, `"xml"`) || !strings.Contains(stderr, "github, gitlab, json, junit, sarif, tap, text") {
		t.Errorf("--format xml: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	_, help, _ := run(t, "", "validate", "--help")
	if !strings.Contains(help, "standard output in every format") {
		t.Errorf("validate --help does not say where the report goes:\n%s", help)
	}
}

// TestValidateSARIFLocations: with a relative or an absolute pack path,
// artifact URIs are relative references against %SRCROOT% or file:// URIs,
// never bare absolute paths (the Multitool's SARIF1004); results carry
// related locations and hints; the driver names its version and home.
func TestValidateSARIFLocations(t *testing.T) {
	dir := t.TempDir()
	abs := reportPack(t, dir, "broken pack")
	t.Chdir(dir)
	for _, arg := range []string{"broken pack", abs} {
		code, stdout, stderr := run(t, "", "validate", "--format", "sarif", arg)
		var log struct {
			Runs []struct {
				Tool struct {
					Driver struct {
						Version, InformationURI string
					}
				}
				OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
				Results            []struct {
					RuleID                      string
					Message                     struct{ Text string }
					Locations, RelatedLocations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct {
								URI       string
								URIBaseID string `json:"uriBaseId"`
							}
						}
					}
				}
			}
		}
		if code != 1 || stderr != "" || json.Unmarshal([]byte(stdout), &log) != nil || len(log.Runs) != 1 {
			t.Fatalf("%s: exit %d\n%s\n%s", arg, code, stdout, stderr)
		}
		run0 := log.Runs[0]
		if d := run0.Tool.Driver; d.Version == "" || d.Version[0] < '0' || d.Version[0] > '9' || d.InformationURI == "" {
			t.Errorf("%s: driver %+v", arg, d)
		}
		if base := run0.OriginalURIBaseIDs["%SRCROOT%"].URI; !strings.HasPrefix(base, "file:///") || !strings.HasSuffix(base, "/") {
			t.Errorf("%s: %%SRCROOT%% is %q", arg, base)
		}
		related, hints := 0, 0
		for _, r := range run0.Results {
			related += len(r.RelatedLocations)
			if strings.Contains(r.Message.Text, "Hint: ") {
				hints++
			}
			for _, l := range append(r.Locations, r.RelatedLocations...) {
				a := l.PhysicalLocation.ArtifactLocation
				u, err := url.Parse(a.URI)
				switch {
				case err != nil:
					t.Errorf("%s: %q: %v", arg, a.URI, err)
				case arg == abs && (u.Scheme != "file" || a.URIBaseID != "" || !strings.Contains(a.URI, "/broken%20pack/")):
					t.Errorf("%s: uri %q base %q, want a file:// URI", arg, a.URI, a.URIBaseID)
				case arg != abs && (u.IsAbs() || strings.HasPrefix(a.URI, "/") || a.URIBaseID != "%SRCROOT%" || !strings.HasPrefix(a.URI, "broken%20pack/")):
					t.Errorf("%s: uri %q base %q, want broken%%20pack/... against %%SRCROOT%%", arg, a.URI, a.URIBaseID)
				}
			}
		}
		if len(run0.Results) < 4 || related < 2 || hints < 2 {
			t.Errorf("%s: %d results, %d related locations, %d hints:\n%s", arg, len(run0.Results), related, hints, stdout)
		}
	}
}

// TestValidateJSONSummary: the summary's keys are lower-case like every
// other key of the json report.
func TestValidateJSONSummary(t *testing.T) {
	dir := t.TempDir()
	reportPack(t, dir, "broken")
	t.Chdir(dir)
	_, stdout, _ := run(t, "", "validate", "--format", "json", "broken")
	var rep struct {
		Summary map[string]int `json:"summary"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Summary) != 4 || rep.Summary["packs"] != 1 || rep.Summary["files"] != 12 || rep.Summary["errors"] < 4 {
		t.Errorf("summary %v, want packs, files, errors, warnings", rep.Summary)
	}
}
