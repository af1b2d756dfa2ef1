package generator

import (
	"bytes"
	"io"
	"testing"

	"github.com/runforge/runforge/schema"
)

// A path two games list is one kit file: each game writes and indexes it
// for its own packs, and a pack of neither game has none.
func TestKitOutputsSharedPath(t *testing.T) {
	output := func(system string) KitOutput {
		return KitOutput{
			Path:   "shared.pdf",
			Wanted: func(p *schema.Pack, _ PrintOptions, _ bool) bool { return p.Game.System == system },
			Write: func(_ *Renderer, w io.Writer, _ *schema.Pack, _ PrintOptions) (int, error) {
				_, err := io.WriteString(w, system)
				return 1, err
			},
			What:  "the shared file",
			Index: func(*schema.Pack, PrintOptions) []string { return []string{system} },
		}
	}
	r := &Renderer{games: []Game{{KitOutputs: []KitOutput{output("a")}}, {}, {KitOutputs: []KitOutput{output("b")}}}}
	var shared []kitOutput
	for _, k := range r.kitOutputs() {
		if k.path == "shared.pdf" {
			shared = append(shared, k)
		}
	}
	if len(shared) != 1 {
		t.Fatalf("%d kit outputs shared.pdf, want 1", len(shared))
	}
	k := shared[0]
	for _, tc := range []struct {
		system string
		wanted bool
	}{{"a", true}, {"b", true}, {"c", false}} {
		p := &schema.Pack{Game: &schema.Game{System: tc.system}}
		if got := k.wanted(p, PrintOptions{}, false); got != tc.wanted {
			t.Errorf("%s: wanted %v, want %v", tc.system, got, tc.wanted)
		}
		if !tc.wanted {
			continue
		}
		var b bytes.Buffer
		if _, err := k.write(r, &b, p, PrintOptions{}); err != nil || b.String() != tc.system {
			t.Errorf("%s: written by %q (%v), want by its own game", tc.system, b.String(), err)
		}
		if got := k.index(p, PrintOptions{}); len(got) != 1 || got[0] != tc.system {
			t.Errorf("%s: indexed by %q, want by its own game", tc.system, got)
		}
	}
}
