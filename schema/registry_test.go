package schema

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
	"testing/fstest"
)

// TestIconTableOrder: icons are listed by name, and an icon that several
// games declare comes once per game in the registry's order, on every
// call (the table is long enough that an unstable sort would mix them).
func TestIconTableOrder(t *testing.T) {
	icons := func(meaning string) map[string]string {
		m := map[string]string{}
		for i := range 30 {
			m[fmt.Sprintf("icon-%02d", i)] = meaning
		}
		return m
	}
	r := NewRegistry(GameSchema{System: "game-a", Icons: icons("a")},
		GameSchema{System: "game-b", Icons: icons("b")}, GameSchema{System: "game-c", Icons: icons("c")})
	for range 50 {
		table := r.IconTable()
		var shared []IconEntry
		for _, e := range table {
			if e.System != "" {
				shared = append(shared, e)
			}
		}
		if len(shared) != 90 {
			t.Fatalf("%d entries of the three games, want 90", len(shared))
		}
		for i, e := range shared {
			want := IconEntry{Name: fmt.Sprintf("icon-%02d", i/3), System: "game-" + string(rune('a'+i%3)), Meaning: string(rune('a' + i%3))}
			if e != want {
				t.Fatalf("entry %d = %+v, want %+v", i, e, want)
			}
		}
		for i := 1; i < len(table); i++ {
			if table[i].Name < table[i-1].Name {
				t.Fatalf("%q after %q: not sorted by name", table[i].Name, table[i-1].Name)
			}
		}
	}
}

// TestKitOutputs: the kit's own files are the shared token and figure sheets, then each
// game's in registration order (a path two games list once), then the
// calibration sheet and the index; a nil registry has the shared ones.
func TestKitOutputs(t *testing.T) {
	shared := []string{"tokens.pdf", "preview/tokens.png", "figures.pdf"}
	closing := []string{"calibration.pdf", "print-run.pdf", "components.txt"}
	tests := []struct {
		name string
		r    *Registry
		want []string
	}{
		{"nil registry", nil, append(append([]string{}, shared...), closing...)},
		{"no games", NewRegistry(), append(append([]string{}, shared...), closing...)},
		{"two games share a file", NewRegistry(
			GameSchema{System: "a", KitOutputs: []string{"maps.pdf"}},
			GameSchema{System: "b", KitOutputs: []string{"odds.pdf"}},
			GameSchema{System: "c", KitOutputs: []string{"odds.pdf", "extra.pdf"}}),
			append(append(append([]string{}, shared...), "maps.pdf", "odds.pdf", "extra.pdf"), closing...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.KitOutputs(); !slices.Equal(got, tt.want) {
				t.Errorf("KitOutputs() = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestReleaseSchemas checks that a registry whose schemas were released
// compiles them again and reports the same problems, at the same places,
// and that the schemas compiled before are no longer the registry's.
func TestReleaseSchemas(t *testing.T) {
	r := testRegistry()
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte(manifest)},
		"deck.yaml": {Data: []byte("kind: Deck\nid: d\ncardType: generic\ncards: []\ncolour: red\n")},
	}
	_, before := LoadPack(fsys, "p", r)
	old := r.schemas.Load()
	oldKinds, err := old.lazy()
	if err != nil {
		t.Fatal(err)
	}
	if len(oldKinds.compiled) == 0 {
		t.Fatal("no schema compiled by the first load")
	}
	r.ReleaseSchemas()
	if r.schemas.Load() == old {
		t.Fatal("ReleaseSchemas kept the compiled schemas")
	}
	_, after := LoadPack(fsys, "p", r)
	if len(before) == 0 || !reflect.DeepEqual(before, after) {
		t.Errorf("problems after ReleaseSchemas:\n%v\nwant\n%v", after, before)
	}
	newKinds, err := r.schemas.Load().lazy()
	if err != nil {
		t.Fatal(err)
	}
	if len(newKinds.compiled) == 0 || newKinds == oldKinds {
		t.Error("the second load did not compile its schemas again")
	}
}
