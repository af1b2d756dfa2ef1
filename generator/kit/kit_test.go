package kit

import (
	"bytes"
	"io"
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/schema"
)

// A path two games list is one kit file: each game writes and indexes it
// for its own packs, and a pack of neither game has none.
func TestKitOutputsSharedPath(t *testing.T) {
	output := func(system string) generator.KitOutput {
		return generator.KitOutput{
			Path:   "shared.pdf",
			Wanted: func(p *schema.Pack, _ generator.PrintOptions, _ bool) bool { return p.Game.System == system },
			Write: func(_ *generator.Renderer, w io.Writer, _ *schema.Pack, _ generator.PrintOptions) (int, error) {
				_, err := io.WriteString(w, system)
				return 1, err
			},
			What:  "the shared file",
			Index: func(*schema.Pack, generator.PrintOptions) []string { return []string{system} },
		}
	}
	r, err := generator.NewRenderer(false, generator.Game{KitOutputs: []generator.KitOutput{output("a")}}, generator.Game{}, generator.Game{KitOutputs: []generator.KitOutput{output("b")}})
	if err != nil {
		t.Fatal(err)
	}
	var shared []kitOutput
	for _, k := range kitOutputs(r) {
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
		if got := k.wanted(p, generator.PrintOptions{}, false); got != tc.wanted {
			t.Errorf("%s: wanted %v, want %v", tc.system, got, tc.wanted)
		}
		if !tc.wanted {
			continue
		}
		var b bytes.Buffer
		if _, err := k.write(r, &b, p, generator.PrintOptions{}); err != nil || b.String() != tc.system {
			t.Errorf("%s: written by %q (%v), want by its own game", tc.system, b.String(), err)
		}
		if got := k.index(p, generator.PrintOptions{}); len(got) != 1 || got[0] != tc.system {
			t.Errorf("%s: indexed by %q, want by its own game", tc.system, got)
		}
	}
}
