package kit

import (
	"reflect"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// gangKind is a made-up kind over sheets for the gang step: a sheet's Name
// is its class, its Count its pieces, and a sheet holds 9 pieces.
func gangKind() generator.KindRenderer {
	return generator.Kind[*schema.Sheet]{
		Gang: func(_ *generator.Renderer, _ *schema.Pack, s *schema.Sheet, _ generator.PrintOptions) (generator.Gang, bool) {
			return generator.Gang{Class: s.Name, Stock: generator.CardStock, Host: s.PrintWith,
				Pieces: make([]impose.Piece, s.Count),
				Sheets: func(ps []impose.Piece) int { return (len(ps) + 8) / 9 }}, true
		},
		PrintWith: func(s *schema.Sheet, host string) *schema.Sheet {
			c := *s
			c.PrintWith = host
			return &c
		},
	}.Renderer()
}

// gangSheet is a sheet of n pieces of class, printed with host.
func gangSheet(id, class string, n int, host string) *schema.Sheet {
	return &schema.Sheet{ID: id, Name: class, Count: n, PrintWith: host}
}

func TestPlanGangs(t *testing.T) {
	r, err := generator.NewRenderer(false, generator.Game{Kinds: map[string]generator.KindRenderer{"Sheet": gangKind()}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		els   []*schema.Sheet
		gangs [][]string // each gang's units by host id, host first
		with  map[string]string
	}{
		{"two part-filled units save a sheet (11 + 10 on 3 sheets, not 4)",
			[]*schema.Sheet{gangSheet("a", "x", 11, ""), gangSheet("b", "x", 10, "")},
			[][]string{{"a", "b"}}, map[string]string{"b": "a"}},
		{"a full unit stays as it is",
			[]*schema.Sheet{gangSheet("a", "x", 18, ""), gangSheet("b", "x", 5, ""), gangSheet("c", "x", 3, "")},
			[][]string{{"b", "c"}}, map[string]string{"c": "b"}},
		{"no sheet saved, no gang",
			[]*schema.Sheet{gangSheet("a", "x", 5, ""), gangSheet("b", "x", 5, "")}, nil, map[string]string{}},
		{"classes do not mix (stock, duplex need, piece size)",
			[]*schema.Sheet{gangSheet("a", "x", 3, ""), gangSheet("b", "y", 3, "")}, nil, map[string]string{}},
		{"a printWith: moves with its host",
			[]*schema.Sheet{gangSheet("a", "x", 3, ""), gangSheet("a2", "x", 2, "a"), gangSheet("b", "x", 3, "")},
			[][]string{{"a", "b"}}, map[string]string{"a2": "a", "b": "a"}},
		{"a guest's printWith: host moves too when its host joins another",
			[]*schema.Sheet{gangSheet("a", "x", 3, ""), gangSheet("b", "x", 3, ""), gangSheet("b2", "x", 2, "b")},
			[][]string{{"a", "b"}}, map[string]string{"b": "a", "b2": "a"}},
		{"smallest first; each joins the first gang it saves a sheet in",
			[]*schema.Sheet{gangSheet("a", "x", 5, ""), gangSheet("b", "x", 5, ""), gangSheet("c", "x", 4, "")},
			[][]string{{"a", "c"}}, map[string]string{"c": "a"}},
	}
	opts := generator.PrintOptions{Paper: layout.Papers["letter"]}
	for _, tt := range tests {
		p := &schema.Pack{Game: &schema.Game{}}
		for _, s := range tt.els {
			p.Elements = append(p.Elements, s)
		}
		var got [][]string
		for _, g := range planGangs(r, p, opts) {
			var ids []string
			for _, u := range g.units {
				ids = append(ids, u.host().e.ElementID())
			}
			got = append(got, ids)
		}
		if !reflect.DeepEqual(got, tt.gangs) {
			t.Errorf("%s: gangs %v, want %v", tt.name, got, tt.gangs)
		}
		q := gangPack(r, p, opts)
		with := map[string]string{}
		for _, e := range q.Elements {
			if s := e.(*schema.Sheet); s.PrintWith != "" {
				with[s.ID] = s.PrintWith
			}
		}
		if !reflect.DeepEqual(with, tt.with) {
			t.Errorf("%s: printed with %v, want %v", tt.name, with, tt.with)
		}
		for i, s := range tt.els {
			if p.Elements[i] != s || (s.PrintWith != "" && !strings.HasPrefix(s.ID, s.PrintWith)) {
				t.Errorf("%s: the pack itself was changed", tt.name)
			}
		}
	}
}
