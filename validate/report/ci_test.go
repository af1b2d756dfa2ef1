package report

import (
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/runforge/runforge/validate"
)

// files are the files of sample's pack that the run checked: one clean.
var files = []string{"pack/clean.yaml", "pack/events.yaml", "pack/game.yaml"}

// TestJUnit: a suite per file (the files checked and those findings name),
// a case per rule and file; errors fail their case, warnings do not, and
// a clean file has one passing case.
func TestJUnit(t *testing.T) {
	var doc junitSuites
	out := write(t, JUnit{Files: files}, append(sample, validate.Diagnostic{
		Pos: at("pack/game.yaml", 20, 3), Severity: validate.Error, Rule: "deck/count", Message: "second <count> & more"}))
	if !strings.HasPrefix(out, `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("no XML declaration:\n%s", out)
	}
	if err := xml.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	type tc struct{ suite, name, failure, out string }
	var got []tc
	for _, s := range doc.Suites {
		failures := 0
		for _, c := range s.Cases {
			if c.ClassName != s.Name {
				t.Errorf("case %s has class %q in suite %q", c.Name, c.ClassName, s.Name)
			}
			f := ""
			if c.Failure != nil {
				f = c.Failure.Message
				failures++
				if c.Failure.Type != c.Name {
					t.Errorf("failure type %q, want the rule %q", c.Failure.Type, c.Name)
				}
			}
			got = append(got, tc{s.Name, c.Name, f, c.SystemOut})
		}
		if s.Tests != len(s.Cases) || s.Failures != failures {
			t.Errorf("suite %s: tests=%d failures=%d, has %d cases, %d failing", s.Name, s.Tests, s.Failures, len(s.Cases), failures)
		}
	}
	want := []tc{
		{"pack/clean.yaml", "valid", "", ""},
		{"pack/empty.yaml", "yaml/syntax", "pack/empty.yaml: file is empty", ""},
		{"pack/events.yaml", "pack/unknown-rule", "", "pack/events.yaml:8:13: warning pack/unknown-rule: rule override names no rule"},
		{"pack/game.yaml", "deck/count", `pack/game.yaml:10:15: component "events" expects 72 copies but the pack has 71 (and 1 more)`, ""},
	}
	if len(got) != len(want) {
		t.Fatalf("cases %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("case %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if doc.Tests != 4 || doc.Failures != 2 || doc.Errors != 0 {
		t.Errorf("testsuites: tests=%d failures=%d errors=%d, want 4 2 0", doc.Tests, doc.Failures, doc.Errors)
	}
	for _, s := range []string{"hint: add a card, or lower expected", "pack/events.yaml:5:12: 71 copies counted here", "second &lt;count&gt; &amp; more"} {
		if !strings.Contains(out, s) {
			t.Errorf("the failure text lacks %q:\n%s", s, out)
		}
	}
}

// TestGitLab: every issue has the fields GitLab's Code Quality report
// requires; fingerprints stay when a finding moves to another line and
// differ between findings, repeated ones included.
func TestGitLab(t *testing.T) {
	decode := func(diags []validate.Diagnostic) []map[string]any {
		var issues []map[string]any
		if err := json.Unmarshal([]byte(write(t, GitLab{}, diags)), &issues); err != nil {
			t.Fatal(err)
		}
		return issues
	}
	issues := decode(sample)
	if len(issues) != len(sample) {
		t.Fatalf("%d issues, want %d", len(issues), len(sample))
	}
	for i, is := range issues {
		for _, k := range []string{"description", "check_name", "fingerprint", "severity"} {
			if s, _ := is[k].(string); s == "" {
				t.Errorf("issue %d has no %s: %v", i, k, is)
			}
		}
		loc, _ := is["location"].(map[string]any)
		lines, _ := loc["lines"].(map[string]any)
		if p, _ := loc["path"].(string); p != sample[i].Pos.File {
			t.Errorf("issue %d: path %v, want %s", i, loc["path"], sample[i].Pos.File)
		}
		if b, _ := lines["begin"].(float64); b < 1 {
			t.Errorf("issue %d: lines.begin %v, want 1 or more", i, lines["begin"])
		}
	}
	if got := []any{issues[0]["severity"], issues[1]["severity"]}; got[0] != "major" || got[1] != "minor" {
		t.Errorf("severities %v, want major (error) and minor (warning)", got)
	}
	if d := issues[0]["description"]; d != `component "events" expects 72 copies but the pack has 71. Hint: add a card, or lower expected` {
		t.Errorf("description %q", d)
	}

	moved := append([]validate.Diagnostic(nil), sample...)
	moved[0].Pos.Line += 5
	twice := append(append([]validate.Diagnostic(nil), sample...), sample[1])
	again, shifted, repeated := decode(sample), decode(moved), decode(twice)
	seen := map[any]bool{}
	for i := range issues {
		if again[i]["fingerprint"] != issues[i]["fingerprint"] || shifted[i]["fingerprint"] != issues[i]["fingerprint"] {
			t.Errorf("issue %d: fingerprint changed between runs or with its line", i)
		}
		seen[issues[i]["fingerprint"]] = true
	}
	if len(seen) != len(issues) || seen[repeated[3]["fingerprint"]] {
		t.Errorf("fingerprints are not distinct: %v and repeated %v", seen, repeated[3]["fingerprint"])
	}
	if out := write(t, GitLab{}, nil); strings.TrimSpace(out) != "[]" {
		t.Errorf("no findings: %q, want []", out)
	}
}

// TestTAP: a plan, a point per file and rule (not ok for errors), the
// findings in YAML blocks, and a "#" in a name escaped.
func TestTAP(t *testing.T) {
	diags := append(sample, validate.Diagnostic{Pos: at("pack/a#b.yaml", 1, 1), Severity: validate.Warning, Rule: "x/y", Message: "say \"hi\"\nthere"})
	got := write(t, TAP{Files: files}, diags)
	want := `TAP version 13
1..5
ok 1 - pack/a\#b.yaml x/y
  ---
  findings:
    - severity: "warning"
      at: "pack/a#b.yaml:1:1"
      message: "say \"hi\"\nthere"
  ...
ok 2 - pack/clean.yaml valid
not ok 3 - pack/empty.yaml yaml/syntax
  ---
  findings:
    - severity: "error"
      at: "pack/empty.yaml"
      message: "file is empty"
  ...
ok 4 - pack/events.yaml pack/unknown-rule
  ---
  findings:
    - severity: "warning"
      at: "pack/events.yaml:8:13"
      message: "rule override names no rule"
  ...
not ok 5 - pack/game.yaml deck/count
  ---
  findings:
    - severity: "error"
      at: "pack/game.yaml:10:15"
      message: "component \"events\" expects 72 copies but the pack has 71"
      hint: "add a card, or lower expected"
      related:
        - at: "pack/events.yaml:5:12"
          message: "71 copies counted here"
  ...
# 2 errors, 1 warning in 1 pack (3 files)
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
