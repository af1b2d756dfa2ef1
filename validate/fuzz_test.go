package validate

import (
	"strings"
	"testing"

	"github.com/runforge/runforge/schema/schematest"
)

// FuzzUnknownIcons parses inline {icon} references: every name it reports
// must be written in braces in the text.
func FuzzUnknownIcons(f *testing.F) {
	for _, s := range []string{"Place 1 {zombie} here.", "{zomby} and {", "}{", "{{bullet}}", "{a b}", "{é}", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, name := range UnknownIcons(schematest.Registry(), text) {
			if !strings.Contains(text, "{"+name+"}") {
				t.Fatalf("reported %q, which is not in braces in %q", name, text)
			}
		}
	})
}
