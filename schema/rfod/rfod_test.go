package rfod

import (
	"math/big"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema"
)

// loadRFoD loads a pack of the given system with a manifest (its rest
// after components:) and the given name/source pairs.
func loadRFoD(t *testing.T, system, manifest string, kv ...string) (*schema.Pack, []schema.Problem) {
	t.Helper()
	fsys := fstest.MapFS{"game.yaml": {Data: []byte("kind: Game\nid: rf\ntitle: RF\nsystem: " + system + "\ncomponents: []\n" + manifest)}}
	for i := 0; i+1 < len(kv); i += 2 {
		fsys[kv[i]] = &fstest.MapFile{Data: []byte(kv[i+1])}
	}
	return schema.LoadPackWith(fsys, "rf", schema.LoadOptions{Registry: testRegistry()})
}

func TestRFoDDefaults(t *testing.T) {
	p, probs := loadRFoD(t, System, "")
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	if p.Game.Settings[Key] != nil {
		t.Errorf("a manifest without rfod: decodes to %+v, want nil", p.Game.Settings[Key])
	}
	s := SettingsOf(p)
	if s.Dice.Rerolls != 2 || s.Dice.SetAsideIsPermanent || s.Dice.Threshold().Cmp(big.NewRat(1, 100)) != 0 {
		t.Errorf("dice defaults %+v", s.Dice)
	}
	if s.Players != (Players{1, 4}) || len(s.MutantStartWounds) != 4 || s.MutantStartWounds[3] != (MutantRow{4, 5}) {
		t.Errorf("players %+v, mutant rows %+v", s.Players, s.MutantStartWounds)
	}
	if s.Components.ZombieTokens != "zombie-tokens" || s.Components.LeadershipTokens != "leadership-tokens" {
		t.Errorf("components %+v", s.Components)
	}
	if pos := s.FieldRef("players", "max").Pos(); pos.Line != 4 {
		t.Errorf("default players.max at %s, want the system: line", pos)
	}
}

func TestPlayerBoardCombos(t *testing.T) {
	rfod := "kind: PlayerBoards\nid: characters\ncomponent: characters\nboardType: rfod/character\nboards:\n" +
		"  - id: hunter\n    name: Hunter\n    life: 5\n    rerolls: 3\n    combos:\n      - {id: tap, dice: {zombie: 2, gun: 1}, ignores: [zombie], effect: Kill.}\n"
	rfodr := "kind: PlayerBoards\nid: heroes\ncomponent: heroes\nboardType: rfodr/character\nboards:\n" +
		"  - id: queen\n    name: The Prom Queen\n    woundSpaces: 5\n    count: 2\n    combos:\n" +
		"      super: {dice: {zombie: 3}, effect: C.}\n      minor: {dice: {zombie: 1}, effect: A.}\n"
	p, probs := loadRFoD(t, System, "", "characters.yaml", rfod, "heroes.yaml", rfodr)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	h := PlayerBoards(p, CharacterBoard)
	if len(h) != 1 || h[0].Count != 1 || h[0].Life != 5 || h[0].Rerolls == nil || *h[0].Rerolls != 3 {
		t.Fatalf("rfod character %+v", h)
	}
	cb := h[0].Combos[0]
	if cb.ID != "tap" || cb.Total() != 3 || cb.DiceRef("gun").Pos().Line != 11 || cb.Faces()[0] != "gun" {
		t.Errorf("combo %+v at %s", cb, cb.DiceRef("gun").Pos())
	}
	q := PlayerBoards(p, ReloadedCharacterBoard)
	if len(q) != 1 || q[0].Count != 2 || len(q[0].Combos) != 2 {
		t.Fatalf("rfodr character %+v", q)
	}
	if q[0].Combos[0].ID != "minor" || q[0].Combos.Tier("super") == nil || q[0].Combos.Tier("major") != nil {
		t.Errorf("tiers %v %v", q[0].Combos[0].ID, q[0].Combos[1].ID)
	}
	if pos := q[0].Combos.Tier("minor").Ref.Pos(); pos.Line != 12 {
		t.Errorf("minor combo at %s, want line 12", pos)
	}
	var copies int
	for _, e := range p.Elements {
		for _, c := range e.Facts().Copies {
			copies += c.Copies
		}
	}
	if copies != 3 {
		t.Errorf("boards contribute %d copies, want 3", copies)
	}
}

func TestGuide(t *testing.T) {
	guide := "kind: Guide\nid: guide\ncomponent: guide\nevents:\n  - {event: ambush, text: Zombies.}\nsearch:\n" +
		"  - {count: 1, options: [{text: Location., gives: [location]}]}\n  - {count: 3, options: [{text: Follower., gives: [follower]}]}\n"
	p, probs := loadRFoD(t, System, "", "guide.yaml", guide)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	gs := Guides(p)
	if len(gs) != 1 || len(gs[0].Search) != 2 || !gs[0].Search[0].Gives("location") || gs[0].Search[1].Gives("location") {
		t.Fatalf("guide %+v", gs)
	}
	if pos := gs[0].Search[1].Ref.Child("count").Pos(); pos.Line != 8 {
		t.Errorf("row 2 count at %s, want line 8", pos)
	}
	f := gs[0].Facts()
	if len(f.Copies) != 1 || f.Copies[0].Copies != 1 || len(f.Texts) != 3 || !f.Printed || !f.Backs || len(f.Outputs) != 1 {
		t.Errorf("facts %+v", f)
	}
}

// testRegistry holds the part of the content model of RFoD.
func testRegistry() *schema.Registry { return schema.NewRegistry(Schema) }
