package rfodr

import (
	"math/big"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
)

// loadReloaded loads a pack of the given system with a manifest (its rest
// after components:) and the given name/source pairs.
func loadReloaded(t *testing.T, system, manifest string, kv ...string) (*schema.Pack, []schema.Problem) {
	t.Helper()
	fsys := fstest.MapFS{"game.yaml": {Data: []byte("kind: Game\nid: rf\ntitle: RF\nsystem: " + system + "\ncomponents: []\n" + manifest)}}
	for i := 0; i+1 < len(kv); i += 2 {
		fsys[kv[i]] = &fstest.MapFile{Data: []byte(kv[i+1])}
	}
	return schema.LoadPackWith(fsys, "rf", schema.LoadOptions{Registry: testRegistry()})
}

func TestRFoDSettingsOverDefaults(t *testing.T) {
	p, probs := loadReloaded(t, System, "rfod:\n  dice: {setAsideIsPermanent: true, oddsWarningBelow: 0.025}\n  players: {max: 6}\n  mutantStartWounds: [{players: 5, wounds: 6}]\n")
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	s := rfodschema.SettingsOf(p)
	if s.Dice.Rerolls != 2 || !s.Dice.SetAsideIsPermanent || s.Dice.Threshold().Cmp(big.NewRat(1, 40)) != 0 {
		t.Errorf("dice %+v", s.Dice)
	}
	if s.Players != (rfodschema.Players{Min: 1, Max: 6}) || len(s.MutantStartWounds) != 1 {
		t.Errorf("players %+v, rows %+v (a list replaces the default whole)", s.Players, s.MutantStartWounds)
	}
	if pos := s.FieldRef("players", "max").Pos(); pos.Line != 8 || pos.Col != 18 {
		t.Errorf("players.max at %s, want 8:18", pos)
	}
	if _, probs := loadReloaded(t, rfodschema.System, "rfod:\n  dice: {rerolls: 9}\n"); len(probs) != 1 || probs[0].Rule != "schema/invalid" {
		t.Errorf("rerolls: 9 gives %v, want one schema/invalid", probs)
	}
}

func TestRFoDCardTypesAndBaseCounts(t *testing.T) {
	for _, ct := range append(rfodschema.Schema.CardTypes, Schema.CardTypes...) {
		if ct.Face == "" || ct.Back == "" {
			t.Errorf("card type %s has no default face or back", ct.Name)
		}
	}
	deck := "kind: Deck\nid: followers\ncomponent: followers\ncardType: rfodr/follower\ncards:\n" +
		"  - {id: a, name: A, count: 3, leadership: 1, woundSpaces: 1, set: base}\n" +
		"  - {id: b, name: B, count: 2, leadership: 1, woundSpaces: 1}\n" +
		"  - {id: c, name: C, count: 4, leadership: 1, woundSpaces: 1, set: promo}\n"
	p, probs := loadReloaded(t, System, "", "followers.yaml", deck)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	d := p.Decks()[0]
	if d.Total() != 9 || d.CountedTotal() != 5 {
		t.Errorf("total %d, counted %d; want 9 and 5 (promo cards do not count)", d.Total(), d.CountedTotal())
	}
	if cp := d.Facts().Copies; len(cp) != 1 || cp[0].Copies != 5 {
		t.Errorf("copies %+v, want 5 towards followers", cp)
	}
	rfod := "kind: Deck\nid: loot\ncomponent: loot\ncardType: rfod/loot\ncards:\n  - {id: a, name: A, count: 3}\n"
	p, _ = loadReloaded(t, rfodschema.System, "", "loot.yaml", rfod)
	if d := p.Decks()[0]; d.CountedTotal() != 3 {
		t.Errorf("RFoD loot counted %d, want every copy", d.CountedTotal())
	}
}

func TestMatsAndTokenValues(t *testing.T) {
	mats := "kind: Mats\nid: mats\nmats:\n  - id: mat-home\n    component: location-mats\n    sides:\n" +
		"      - {id: home, name: Home}\n      - {id: department-store, name: Department Store, holds: {loot: 2}}\n"
	tokens := "kind: Tokens\nid: tokens\ntokens:\n  - {id: z, count: 2, shape: round, size: 20mm, value: 3}\n  - {id: w, count: 2, shape: round, size: 20mm}\n"
	p, probs := loadReloaded(t, System, "", "mats.yaml", mats, "tokens.yaml", tokens)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	m := Mats(p)
	if len(m) != 1 || len(m[0].Sides) != 2 || m[0].Sides[1].Holds["loot"] != 2 || m[0].Sides[1].Ref.Pos().Line != 8 {
		t.Fatalf("mats %+v", m)
	}
	ts := p.TokenSets()[0].Tokens
	if ts[0].Value == nil || *ts[0].Value != 3 || ts[1].Value != nil {
		t.Errorf("token values %v %v", ts[0].Value, ts[1].Value)
	}
	if _, probs := loadReloaded(t, System, "", "mats.yaml", "kind: Mats\nid: mats\nmats:\n  - id: m\n    sides: [{id: a, name: A}]\n"); len(probs) != 1 {
		t.Errorf("a one-sided mat gives %v, want one problem", probs)
	}
}

// testRegistry holds the part of the content model of RFoD and Reloaded.
func testRegistry() *schema.Registry { return schema.NewRegistry(rfodschema.Schema, Schema) }
