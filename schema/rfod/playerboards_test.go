package rfod

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema"
)

const baseCharacters = `kind: PlayerBoards
id: characters
name: Characters
component: characters
boardType: rfod/character
boards:
  - {id: a, name: A, life: 5, combos: [{id: x, dice: {gun: 2}, effect: "A."}]}
  - {id: b, name: B, life: 5, combos: [{id: x, dice: {bat: 2}, effect: "B."}]}
`

// loadBoardsOver loads a pack that extends a base pack of the characters
// above, with the given player boards file.
func loadBoardsOver(t *testing.T, boards string) (*schema.Pack, []schema.Problem) {
	t.Helper()
	manifest := "kind: Game\nid: base\ntitle: Base\nsystem: run-fight-or-die\ncomponents:\n  - {id: characters, name: Characters, expected: 2}\n"
	base := fstest.MapFS{"game.yaml": {Data: []byte(manifest)}, "characters.yaml": {Data: []byte(baseCharacters)}}
	over := fstest.MapFS{
		"game.yaml":       {Data: []byte("kind: Game\nid: over\ntitle: Over\nsystem: run-fight-or-die\nextends: base\n")},
		"characters.yaml": {Data: []byte(boards)},
	}
	return schema.LoadPackWith(over, "over", schema.LoadOptions{Registry: testRegistry(), Base: func(name string) (fs.FS, bool) { return base, name == "base" }})
}

// A set of player boards of an extending pack merges board by board into
// the extended pack's set of the same id, as decks merge card by card.
func TestPlayerBoardsOverlayMergesBoardsByID(t *testing.T) {
	cases := []struct {
		name, boards, want, problem string
	}{
		{"replace one", "kind: PlayerBoards\nid: characters\nboardType: rfod/character\nboards:\n  - {id: b, name: New B, life: 4, combos: [{id: y, dice: {run: 1}, effect: \"N.\"}]}\n",
			"a=A b=New B", ""},
		{"add one", "kind: PlayerBoards\nid: characters\nboardType: rfod/character\nboards:\n  - {id: c, name: C, life: 5, combos: [{id: z, dice: {book: 1}, effect: \"C.\"}]}\n",
			"a=A b=B c=C", ""},
		{"another board type", "kind: PlayerBoards\nid: characters\nboardType: rfod/action-board\nboards:\n  - {id: z, zones: [{zone: 1}]}\n",
			"z=", `must have that board type, not "rfod/action-board"`},
		{"another set", "kind: PlayerBoards\nid: more\nboardType: rfod/character\nboards:\n  - {id: c, name: C, life: 5, combos: [{id: z, dice: {book: 1}, effect: \"C.\"}]}\n",
			"a=A b=B c=C", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, probs := loadBoardsOver(t, c.boards)
			if p == nil {
				t.Fatalf("no pack: %v", probs)
			}
			var parts []string
			for _, s := range schema.ElementsOf[*PlayerBoardSet](p) {
				for _, b := range s.Boards {
					parts = append(parts, b.ID+"="+b.Name)
					if b.Set != s {
						t.Errorf("board %s belongs to another set", b.ID)
					}
				}
			}
			if got := strings.Join(parts, " "); got != c.want {
				t.Errorf("boards %q, want %q", got, c.want)
			}
			if c.problem == "" {
				if len(probs) > 0 {
					t.Fatalf("unexpected problems: %v", probs)
				}
				if s := schema.ElementsOf[*PlayerBoardSet](p)[0]; s.Component != "characters" || s.Name != "Characters" {
					t.Errorf("set fields not inherited: name %q component %q", s.Name, s.Component)
				}
				return
			}
			if len(probs) != 1 || !strings.Contains(probs[0].Message, c.problem) || probs[0].Pos.Line == 0 {
				t.Fatalf("problems %v, want one positioned %q", probs, c.problem)
			}
		})
	}
}
