package generator

import (
	"strings"
	"testing"

	"github.com/runforge/runforge/schema"
)

// A kind given an element of another Go type fails its build with an error
// naming both types, and has nothing to fit or index: no panic.
func TestKindOfAnotherTypeFails(t *testing.T) {
	kr := kind[*schema.Board]{
		build: func(*Renderer, *schema.Pack, *schema.Board, BuildOptions) []job { return []job{{name: "board.pdf"}} },
		fit:   func(*Renderer, *schema.Pack, *schema.Board) []schema.TextIssue { return []schema.TextIssue{{}} },
		index: func(*Renderer, *schema.Pack, *schema.Board, PrintOptions) []string { return []string{"board"} },
	}.renderer()
	d := &schema.Deck{ID: "x"}
	jobs := kr.build(nil, nil, d, BuildOptions{})
	if len(jobs) != 1 || jobs[0].run == nil {
		t.Fatalf("jobs %v, want one failing job", jobs)
	}
	if _, err := jobs[0].run(""); err == nil || !strings.Contains(err.Error(), "*schema.Deck") || !strings.Contains(err.Error(), "*schema.Board") {
		t.Errorf("error %v, want one naming *schema.Deck and *schema.Board", err)
	}
	if kr.fit(nil, nil, d) != nil || kr.index(nil, nil, d, PrintOptions{}) != nil {
		t.Error("fit or index of another type reported something")
	}
}

func TestPageSpan(t *testing.T) {
	for _, tc := range []struct {
		name        string
		pages       map[string][]int
		first, last int
		ok          bool
	}{
		{"none", nil, 0, 0, false},
		{"empty lists", map[string][]int{"a": {}}, 0, 0, false},
		{"one page", map[string][]int{"a": {3}}, 3, 3, true},
		{"over components", map[string][]int{"a": {4, 6}, "b": {2}}, 2, 6, true},
	} {
		first, last, ok := PageSpan(tc.pages)
		if first != tc.first || last != tc.last || ok != tc.ok {
			t.Errorf("%s: PageSpan = %d, %d, %v; want %d, %d, %v", tc.name, first, last, ok, tc.first, tc.last, tc.ok)
		}
	}
}
