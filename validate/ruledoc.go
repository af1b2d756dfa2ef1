package validate

import (
	_ "embed"
	"fmt"
	"strings"
)

// RuleDoc is the long explanation `runforge rules RULE-ID` prints: what
// the rule checks is its Doc; these are the rest.
type RuleDoc struct {
	// Rulebook are the rulebook lines behind a game's rule, each "L123
	// text of the line".
	Rulebook []string
	// Example is a finding of the rule as a report prints its message.
	Example string
	// Fix says how to settle a finding.
	Fix string
}

// ParseRuleDocs reads the long explanations of a package's rules: blocks
// headed "== rule-id", each line "rulebook: L123 text", "example: ..." or
// "fix: ...". A line of another shape is an error (the files are
// runforge's own, embedded, and a test reads every one).
func ParseRuleDocs(text string) (map[string]RuleDoc, error) {
	docs := map[string]RuleDoc{}
	id := ""
	for n, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "== "); ok {
			id = strings.TrimSpace(rest)
			docs[id] = RuleDoc{}
			continue
		}
		key, val, ok := strings.Cut(line, ": ")
		if !ok || id == "" {
			return nil, fmt.Errorf("rule docs line %d: want \"== rule-id\" or \"key: text\"", n+1)
		}
		d := docs[id]
		switch key {
		case "rulebook":
			d.Rulebook = append(d.Rulebook, val)
		case "example":
			d.Example = val
		case "fix":
			d.Fix = val
		default:
			return nil, fmt.Errorf("rule docs line %d: unknown key %q", n+1, key)
		}
		docs[id] = d
	}
	return docs, nil
}

// Doc returns the long explanation of the rule with the given id: of the
// core rules or of the games the registry was made for.
func (r *Registry) Doc(id string) RuleDoc {
	texts := []string{coreRuleDocs}
	for _, g := range r.games {
		texts = append(texts, g.Docs)
	}
	for _, t := range texts {
		docs, err := ParseRuleDocs(t)
		if err != nil {
			continue // TestRuleDocs reads every file
		}
		if d, ok := docs[id]; ok {
			return d
		}
	}
	return RuleDoc{}
}

// coreRuleDocs are the long explanations of the core rules.
//
//go:embed ruledocs.txt
var coreRuleDocs string
