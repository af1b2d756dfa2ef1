package schema

import (
	"strings"
	"testing"
	"testing/fstest"
)

const figuresManifest = `kind: Game
id: figtest
title: Figures test
system: generic
components:
  - {id: zombies, name: Zombies, expected: 30}
  - {id: player-zombies, name: Player zombies, expected: 2}
`

const figuresFile = `kind: Figures
id: zombies
name: Zombie pawns
pawn: {shape: square, size: 15mm}
figures:
  - {id: zombie, component: zombies, name: Zombie, count: 30, icon: zombie, label: ZOMBIE}
`

const standeesFile = `kind: Figures
id: player-zombies
standee: {width: 22mm, height: 34mm}
figures:
  - {id: red, component: player-zombies, count: 1, icon: zombie, label: ZOMBIE, color: "#c1121f", mark: R}
  - {id: blue, component: player-zombies, count: 1, icon: zombie, label: ZOMBIE, color: "#1d4e89", mark: B}
`

func loadFigures(t *testing.T, files map[string]string) (*Pack, []Problem) {
	t.Helper()
	fs := fstest.MapFS{"game.yaml": {Data: []byte(figuresManifest)}}
	for name, src := range files {
		fs[name] = &fstest.MapFile{Data: []byte(src)}
	}
	return LoadPack(fs, "p", testRegistry())
}

// TestFiguresDecode: a pawn set and a standee set decode with their forms,
// the standee's base defaults to tabs, and each figure knows its set and
// where it is written.
func TestFiguresDecode(t *testing.T) {
	p, probs := loadFigures(t, map[string]string{"pawns.yaml": figuresFile, "standees.yaml": standeesFile})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	sets := p.FigureSets()
	if len(sets) != 2 {
		t.Fatalf("%d figure sets, want 2", len(sets))
	}
	byID := map[string]*FigureSet{}
	for _, fs := range sets {
		byID[fs.ID] = fs
	}
	pawns, standees := byID["zombies"], byID["player-zombies"]
	if pawns == nil || standees == nil {
		t.Fatalf("sets %v", byID)
	}
	if pawns.Pawn == nil || pawns.Standee != nil || pawns.Pawn.Shape != "square" || pawns.Pawn.Size.MM() != 15 {
		t.Errorf("pawn set %+v", pawns)
	}
	if standees.Standee == nil || standees.Pawn != nil || standees.Standee.Base != StandeeBaseTab || standees.Standee.Width.MM() != 22 {
		t.Errorf("standee set %+v", standees.Standee)
	}
	if pawns.Kind() != "Figures" || testRegistry().KindNoun(pawns) != "figure set" {
		t.Errorf("kind %q noun %q", pawns.Kind(), testRegistry().KindNoun(pawns))
	}
	z := pawns.Figures[0]
	if z.Set != pawns || z.IsStandee() || z.Count != 30 || z.Label != "ZOMBIE" {
		t.Errorf("figure %+v", z)
	}
	if pos := z.Ref.Child("label").Pos(); pos.File != "p/pawns.yaml" || pos.Line != 6 || pos.Col != colOf(t, figuresFile, 6, "ZOMBIE") {
		t.Errorf("label at %s", pos)
	}
	tok := z.PawnToken()
	if tok == nil || tok.Pawn != z || tok.Count != 30 || tok.Shape != "square" || tok.Size.MM() != 15 || tok.BackFace() != nil {
		t.Errorf("pawn token %+v", tok)
	}
	if standees.Figures[0].PawnToken() != nil || !standees.Figures[0].IsStandee() {
		t.Error("a standee must not be a pawn token")
	}
	if got := p.PrintedFigures(false); len(got) != 1 || got[0] != z {
		t.Errorf("printed pawns %v", got)
	}
	if got := p.PrintedFigures(true); len(got) != 2 {
		t.Errorf("printed standees %v", got)
	}
}

// TestFiguresFacts: figures count towards their components (so the count
// rules hold them), are items, and name their icons and texts.
func TestFiguresFacts(t *testing.T) {
	p, probs := loadFigures(t, map[string]string{"standees.yaml": standeesFile})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	f := p.FigureSets()[0].Facts()
	if !f.Printed || f.Name != "player-zombies" || len(f.Outputs) != 0 {
		t.Errorf("facts %+v", f)
	}
	if len(f.Copies) != 2 || f.Copies[0].Component != "player-zombies" || f.Copies[0].Copies != 1 || f.Copies[0].Ref.Pos().Line != 5 {
		t.Errorf("copies %+v", f.Copies)
	}
	if len(f.Items) != 2 || f.Items[1].ID != "blue" || f.Items[1].What != "figure" {
		t.Errorf("items %+v", f.Items)
	}
	if len(f.Icons) != 2 || f.Icons[0].Name != "zombie" {
		t.Errorf("icons %+v", f.Icons)
	}
	var texts []string
	for _, ts := range f.Texts {
		texts = append(texts, ts.What+"="+ts.Text)
	}
	if want := `figure "red" label=ZOMBIE|figure "red" mark=R|figure "blue" label=ZOMBIE|figure "blue" mark=B`; strings.Join(texts, "|") != want {
		t.Errorf("texts %s, want %s", strings.Join(texts, "|"), want)
	}
}

// TestFiguresSchemaProblems: bad figures get a positioned schema problem:
// unknown keys, a colour without its mark, a set that is neither standees
// nor pawns (or both), a bad shape or base.
func TestFiguresSchemaProblems(t *testing.T) {
	for _, c := range []struct {
		name, form, figure, msg string
		line                    int
		at                      string // where the problem points, in that line
	}{
		{"unknown figure field", "pawn: {shape: round, size: 16mm}", "{id: z, count: 1, icon: zombie, label: Z, colour: red}", `unknown field "colour"`, 5, "colour"},
		{"unknown form field", "pawn: {shape: round, size: 16mm, height: 3mm}", "{id: z, count: 1, icon: zombie, label: Z}", `unknown field "height"`, 3, "height"},
		{"colour without mark", "pawn: {shape: round, size: 16mm}", `{id: z, count: 1, icon: zombie, label: Z, color: "#ff0000"}`, "sets color, which needs mark too", 5, "{id"},
		{"bad shape", "pawn: {shape: hexagon, size: 16mm}", "{id: z, count: 1, icon: zombie, label: Z}", `shape must be one of round, square, not "hexagon"`, 3, "hexagon"},
		{"bad base", "standee: {width: 20mm, height: 30mm, base: glue}", "{id: z, count: 1, icon: zombie, label: Z}", `base must be one of tab, slot, not "glue"`, 3, "glue"},
		{"no label", "pawn: {shape: round, size: 16mm}", "{id: z, count: 1, icon: zombie}", `missing required field "label"`, 5, "{id"},
		{"long label", "pawn: {shape: round, size: 16mm}", "{id: z, count: 1, icon: zombie, label: " + strings.Repeat("X", 17) + "}", "is 17 characters long; at most 16", 5, "XXX"},
		{"too many copies", "pawn: {shape: round, size: 16mm}", "{id: z, count: 501, icon: zombie, label: Z}", "count is 501; the largest allowed is 500", 5, "501"},
		{"size without unit", "pawn: {shape: round, size: 16}", "{id: z, count: 1, icon: zombie, label: Z}", "size must be text", 3, "16}"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "kind: Figures\nid: figs\n" + c.form + "\nfigures:\n  - " + c.figure + "\n"
			_, probs := loadFigures(t, map[string]string{"figs.yaml": src})
			want := Pos{File: "p/figs.yaml", Line: c.line, Col: colOf(t, src, c.line, c.at)}
			var found bool
			for _, pr := range probs {
				if pr.Rule == "schema/invalid" && strings.Contains(pr.Message, c.msg) {
					found = true
					if pr.Pos != want {
						t.Errorf("%q at %s, want %s", pr.Message, pr.Pos, want)
					}
				}
			}
			if !found {
				t.Errorf("no problem saying %q; got %v", c.msg, probs)
			}
		})
	}
}

// TestFiguresNeedOneForm: a set is standees or pawns, never both or
// neither, and says so where it is written.
func TestFiguresNeedOneForm(t *testing.T) {
	for _, c := range []struct {
		form, msg string
		line      int
	}{
		{"", `needs standee: (fold-over standees, on figures.pdf) or pawn:`, 3},
		{"standee: {width: 20mm, height: 30mm}\npawn: {shape: round, size: 16mm}\n", "has both standee: and pawn:", 4},
	} {
		src := "kind: Figures\nid: figs\n" + c.form + "figures:\n  - {id: z, count: 1, icon: zombie, label: Z}\n"
		_, probs := loadFigures(t, map[string]string{"figs.yaml": src})
		if len(probs) != 1 {
			t.Fatalf("%q: problems %v, want one", c.form, probs)
		}
		pr := probs[0]
		if want := (Pos{File: "p/figs.yaml", Line: c.line, Col: 1}); pr.Rule != "schema/invalid" || pr.Pos != want || !strings.Contains(pr.Message, c.msg) {
			t.Errorf("%q: %s %s: %s; want %s saying %q", c.form, pr.Pos, pr.Rule, pr.Message, want, c.msg)
		}
	}
}
