package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
)

func at(file string, line, col int) schema.Pos { return schema.Pos{File: file, Line: line, Col: col} }

// sample has a plain finding, one with a hint and related positions, a
// warning, and one about a whole file.
var sample = []validate.Diagnostic{
	{Pos: at("pack/game.yaml", 10, 15), Severity: validate.Error, Rule: "deck/count",
		Message: `component "events" expects 72 copies but the pack has 71`,
		Hint:    "add a card, or lower expected",
		Related: []validate.Related{{Pos: at("pack/events.yaml", 5, 12), Message: "71 copies counted here"}}},
	{Pos: at("pack/events.yaml", 8, 13), Severity: validate.Warning, Rule: "pack/unknown-rule", Message: "rule override names no rule"},
	{Pos: at("pack/empty.yaml", 0, 0), Severity: validate.Error, Rule: "yaml/syntax", Message: "file is empty"},
}

var sampleSummary = Summary{Packs: 1, Files: 3, Errors: 2, Warnings: 1}

func write(t *testing.T, w Writer, diags []validate.Diagnostic) string {
	t.Helper()
	var b bytes.Buffer
	if err := w.Write(&b, diags, sampleSummary); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestParseFormat(t *testing.T) {
	for _, c := range []struct {
		in, want string
	}{
		{"text", "text"}, {"JSON", "json"}, {"Sarif", "sarif"}, {"GitHub", "github"}, {" json ", "json"},
		{"JUnit", "junit"}, {"GITLAB", "gitlab"}, {"tap", "tap"},
	} {
		got, err := ParseFormat(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
		if _, err := New(c.in, Options{}); err != nil {
			t.Errorf("New(%q): %v", c.in, err)
		}
	}
	for _, bad := range []string{"xml", "", "jsonx", "sarif2"} {
		_, err := ParseFormat(bad)
		if err == nil {
			t.Errorf("ParseFormat(%q) accepted", bad)
			continue
		}
		for _, name := range []string{"text", "json", "github", "sarif", "junit", "gitlab", "tap"} {
			if !strings.Contains(err.Error(), name) {
				t.Errorf("ParseFormat(%q) error %q does not list %s", bad, err, name)
			}
		}
	}
}

// TestJSONKeysLowerCase: every key of the json report, the summary's too,
// starts with a lower-case letter.
func TestJSONKeysLowerCase(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal([]byte(write(t, JSON{}, sample)), &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				if k == "" || !unicode.IsLower(rune(k[0])) {
					t.Errorf("key %q at %s is not lower-case", k, path)
				}
				walk(path+"/"+k, e)
			}
		case []any:
			for _, e := range v {
				walk(path+"[]", e)
			}
		}
	}
	walk("", doc)
	sum, _ := doc["summary"].(map[string]any)
	want := map[string]float64{"packs": 1, "files": 3, "errors": 2, "warnings": 1}
	for k, n := range want {
		if sum[k] != n {
			t.Errorf("summary.%s = %v, want %v (summary %v)", k, sum[k], n, sum)
		}
	}
}

func TestGitHub(t *testing.T) {
	cases := []struct {
		name string
		diag validate.Diagnostic
		want string
	}{
		{"hint and related positions in the message", sample[0],
			`::error file=pack/game.yaml,line=10,col=15,title=deck/count::component "events" expects 72 copies but the pack has 71%0Ahint: add a card, or lower expected%0Arelated: pack/events.yaml:5:12: 71 copies counted here`},
		{"warning", sample[1],
			`::warning file=pack/events.yaml,line=8,col=13,title=pack/unknown-rule::rule override names no rule`},
		{"a whole file has no line or column", sample[2],
			`::error file=pack/empty.yaml,title=yaml/syntax::file is empty`},
		{"escapes: properties also : and ,", validate.Diagnostic{
			Pos: at("a,b:c%d.yaml", 1, 2), Rule: "x/y", Message: "50% done\r\nnext: a, b",
			Related: []validate.Related{{Pos: at("e%f.yaml", 3, 4), Message: "here\nand here"}}},
			`::error file=a%2Cb%3Ac%25d.yaml,line=1,col=2,title=x/y::50%25 done%0D%0Anext: a, b%0Arelated: e%25f.yaml:3:4: here%0Aand here`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lines := strings.Split(write(t, GitHub{}, []validate.Diagnostic{c.diag}), "\n")
			if lines[0] != c.want {
				t.Errorf("got\n%s\nwant\n%s", lines[0], c.want)
			}
		})
	}
}

// TestRelatedWithoutFile: a related position without a file shows its
// message alone, not an empty position.
func TestRelatedWithoutFile(t *testing.T) {
	d := validate.Diagnostic{Pos: at("a.yaml", 1, 2), Rule: "x/y", Message: "m",
		Related: []validate.Related{{Message: "from the extended pack"}}}
	if got := write(t, Text{}, []validate.Diagnostic{d}); !strings.Contains(got, "\n    from the extended pack\n") {
		t.Errorf("text:\n%s", got)
	}
	if got := write(t, GitHub{}, []validate.Diagnostic{d}); !strings.Contains(got, "::m%0Arelated: from the extended pack\n") {
		t.Errorf("github:\n%s", got)
	}
}

// TestTextContinuationLines: a message, hint or related message of several
// lines continues indented, so that no line of a finding starts at the
// margin but its first.
func TestTextContinuationLines(t *testing.T) {
	d := validate.Diagnostic{Pos: at("a.yaml", 1, 2), Severity: validate.Error, Rule: "x/y",
		Message: "cannot run: reason one\nreason two\nreason three", Hint: "fix one\nfix two",
		Related: []validate.Related{{Pos: at("b.yaml", 3, 4), Message: "here\nand there"}}}
	got := write(t, Text{}, []validate.Diagnostic{d})
	want := "a.yaml:1:2: error x/y: cannot run: reason one\n" +
		"    reason two\n" +
		"    reason three\n" +
		"    hint: fix one\n" +
		"          fix two\n" +
		"    b.yaml:3:4: here\n" +
		"        and there\n"
	if !strings.HasPrefix(got, want) {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
