package rfod

import (
	"bytes"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	rfodschema "github.com/runforge/runforge/schema/rfod"
	rfodrules "github.com/runforge/runforge/validate/rfod"
	rfodrrules "github.com/runforge/runforge/validate/rfodr"
)

// oddsRulesOf returns the odds rules of a test pack's game, the rules each
// game's descriptor gives the shared card: "rfod" is Run, Fight, or Die!'s,
// "rfodr" Reloaded's.
func oddsRulesOf(t testing.TB, pack string) rfodrules.OddsRules {
	t.Helper()
	switch pack {
	case "rfod":
		return rfodrules.Odds()
	case "rfodr":
		return rfodrrules.Odds()
	}
	t.Fatalf("no odds rules for the test pack %s", pack)
	return rfodrules.OddsRules{}
}

// testOddsCard computes the odds card of a test pack under its game's
// odds rules.
func testOddsCard(t *testing.T, pack string) (*oddsCard, error) {
	t.Helper()
	return computeOddsCard(loadRFPack(t, pack), oddsRulesOf(t, pack))
}

// oddsCell returns the cell of a face's row label under column col.
func oddsCell(t *testing.T, oc *oddsCard, face, label, col string) *big.Rat {
	t.Helper()
	ci := -1
	for i, c := range oc.cols {
		if c.String() == col {
			ci = i
		}
	}
	for _, g := range oc.groups {
		if g.face != face {
			continue
		}
		for _, row := range g.rows {
			if row.label == label && ci >= 0 {
				return row.cells[ci]
			}
		}
	}
	t.Fatalf("no cell %s %s %s in %v", face, label, col, oc.cols)
	return nil
}

func wantRat(t *testing.T, what string, got *big.Rat, want string) {
	t.Helper()
	w, _ := new(big.Rat).SetString(want)
	if got == nil || got.Cmp(w) != 0 {
		t.Errorf("%s = %v, want %s", what, got, want)
	}
}

// The card's values are the golden values the dice engine is checked against.
func TestOddsCardRFoDValues(t *testing.T) {
	oc, err := testOddsCard(t, "rfod")
	if err != nil {
		t.Fatal(err)
	}
	wantCols := []string{"1 reroll, no Fleeing card", "1 reroll, +Fleeing card", "2 rerolls, no Fleeing card", "2 rerolls, +Fleeing card", "3 rerolls, no Fleeing card", "3 rerolls, +Fleeing card",
		"2 rerolls, no Fleeing card, given AMULET (its free flee counted)", "2 rerolls, +Fleeing card, given AMULET (its free flee counted)"}
	var cols []string
	for _, c := range oc.cols {
		cols = append(cols, c.String())
	}
	if strings.Join(cols, "|") != strings.Join(wantCols, "|") {
		t.Fatalf("columns %q", cols)
	}
	wantRat(t, ">=3 search, 1 reroll", oddsCell(t, oc, "search", "≥ 3", "1 reroll, no Fleeing card"), "10625/78732")
	wantRat(t, ">=3 search, 2 rerolls", oddsCell(t, oc, "search", "≥ 3", "2 rerolls, no Fleeing card"), "1138594/4782969")
	wantRat(t, ">=3 search, 2 rerolls, Fleeing", oddsCell(t, oc, "search", "≥ 3", "2 rerolls, +Fleeing card"), "269698895/816293376")
	wantRat(t, ">=5 book, 2 rerolls", oddsCell(t, oc, "book", "≥ 5", "2 rerolls, no Fleeing card"), "2476099/459165024") // (19/54)^5
	if got := pctText(oddsCell(t, oc, "search", "≥ 3", "3 rerolls, no Fleeing card")); got != "32.0%" {
		t.Errorf(">=3 search, 3 rerolls prints %s, want 32.0%%", got)
	}
	if got := pctText(oddsCell(t, oc, "zombie", "≥ 1 zombie", "2 rerolls, no Fleeing card")); got != "93.5%" {
		t.Errorf(">=1 zombie prints %s, want 93.5%%", got)
	}
	// The icon-count tables in die order, the same rows as --explain:
	// Search and Book have exactly-k rows; Bat, Run and Gun do not.
	var faces []string
	for _, g := range oc.groups {
		faces = append(faces, g.face+":"+big.NewInt(int64(len(g.rows))).String())
	}
	if got := strings.Join(faces, " "); got != "bat:5 run:5 search:10 gun:5 book:10 zombie:5" {
		t.Errorf("groups %s", got)
	}
	// Given AMULET (A6) a zombie is certain: one shows, or a die becomes one.
	wantRat(t, ">=1 zombie given AMULET", oddsCell(t, oc, "zombie", "≥ 1 zombie", "2 rerolls, no Fleeing card, given AMULET (its free flee counted)"), "1")
	// Combos, without and with Fleeing, then given AMULET: {Gun 2, Bat 2}
	// at 3 rerolls for the Brawler, the others at 2; each known by its
	// effect, not its id.
	var comboCols []string
	for _, c := range oc.comboCols {
		comboCols = append(comboCols, c.String())
	}
	if len(oc.combos) != 6 || strings.Join(comboCols, "|") != "no Fleeing card|+Fleeing card|no Fleeing card, given AMULET (its free flee counted)|+Fleeing card, given AMULET (its free flee counted)" {
		t.Fatalf("%d combos, columns %v", len(oc.combos), oc.comboCols)
	}
	for _, co := range oc.combos {
		if co.character == "The Hunter" {
			if got := pctText(co.cells[0]) + " " + pctText(co.cells[1]); got != "53.2% 53.3%" {
				t.Errorf("Hunter {zombie 2, gun 1}: %s, want 53.2%% 53.3%%", got)
			}
			if co.effect != "Kill two zombies." || co.meta != "2 rerolls" || co.label != "The Hunter {gun 1, zombie 2}" {
				t.Errorf("Hunter: effect %q, meta %q, label %q", co.effect, co.meta, co.label)
			}
		}
		if co.character == "The Brawler" && (co.rerolls != 3 || co.meta != "3 rerolls") {
			t.Errorf("the Brawler has %d rerolls (%q), want 3", co.rerolls, co.meta)
		}
		if len(co.cells) != 4 || co.cells[2].Cmp(co.cells[0]) < 0 || co.cells[3].Cmp(co.cells[1]) < 0 {
			t.Errorf("%s: cells %v: the AMULET values must be there and never lower", co.character, co.cells)
		}
	}
	if !strings.Contains(oc.amulet, "1/6") || oc.facesID != "A1" {
		t.Errorf("AMULET note %q, faces %q", oc.amulet, oc.facesID)
	}
	if !strings.Contains(strings.Join(oc.assumptions, " "), "A1:") {
		t.Errorf("assumptions %q lack A1", oc.assumptions)
	}
}

func TestOddsCardReloadedValues(t *testing.T) {
	oc, err := testOddsCard(t, "rfodr")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(oc.cols); got != "[1 reroll 2 rerolls 3 rerolls]" {
		t.Fatalf("columns %s", got)
	}
	if oc.amulet != "" || len(oc.comboCols) != 1 {
		t.Errorf("Reloaded has AMULET %q or combo columns %v", oc.amulet, oc.comboCols)
	}
	wantRat(t, ">=3 search, 2 rerolls", oddsCell(t, oc, "search", "≥ 3", "2 rerolls"), "4421633773/12397455648")
	wantRat(t, "turn ends, 2 rerolls", oddsCell(t, oc, "zombie", "turn ends", "2 rerolls"), "5248110340291/101559956668416")
	// The end of the turn says the strategy it assumes, precisely.
	if g := oc.groups[len(oc.groups)-1]; g.title != "5+ ZOMBIES END THE TURN" || g.note != "assumes rerolling every die that is not a zombie at every reroll" {
		t.Errorf("turn end group %q, note %q", g.title, g.note)
	}
	for _, co := range oc.combos {
		if co.character == "The Prom Queen" && co.meta == "major · 2 rerolls" {
			wantRat(t, "Prom Queen major", co.cells[0], "81006681733/156728328192")
			if co.label != "The Prom Queen major {explore 1, search 1, zombie 2}" {
				t.Errorf("label %q", co.label)
			}
		}
	}
	if len(oc.notes) != 1 || !strings.Contains(oc.notes[0], "first roll alone end the turn: 0.1%") { // 31/46656
		t.Errorf("notes %q lack the first-roll value 0.1%%", oc.notes)
	}
	// The icon-count tables, the same rows as --explain: every non-zombie
	// face at least k, then the end of the turn; no zombie counts.
	var faces []string
	for _, g := range oc.groups {
		faces = append(faces, fmt.Sprintf("%s:%d", g.face, len(g.rows)))
	}
	if got := strings.Join(faces, " "); got != "bat:6 gun:6 run:6 search:6 explore:6 zombie:1" {
		t.Errorf("groups %s, want 5 faces and the turn end", got)
	}
}

func TestOddsCardPages(t *testing.T) {
	r := boardRenderer(t)
	for _, c := range []struct {
		pack   string
		pages  int
		golden string
	}{{"rfod", 1, "odds-rfod.txt"}, {"rfodr", 1, "odds-rfodr.txt"}} {
		p, odds := loadRFPack(t, c.pack), oddsRulesOf(t, c.pack)
		if !HasOddsCard(p, odds) {
			t.Fatalf("%s: no odds card", c.pack)
		}
		oc, err := computeOddsCard(p, odds)
		if err != nil {
			t.Fatal(err)
		}
		sink := &pageRecorder{}
		if err := imposeOddsCard(r, sink, oc, rfOpts("letter", layout.LongEdge)); err != nil {
			t.Fatal(err)
		}
		if len(sink.pages) != c.pages {
			t.Errorf("%s: %d pages, want %d", c.pack, len(sink.pages), c.pages)
		}
		checkRFGolden(t, c.golden, sink.pages[0].String())
		// One page per game on A4 too, which is narrower.
		a4 := &pageRecorder{}
		if err := imposeOddsCard(r, a4, oc, rfOpts("a4", layout.NoDuplex)); err != nil {
			t.Fatal(err)
		}
		if len(a4.pages) != c.pages {
			t.Errorf("%s: %d pages on A4, want %d", c.pack, len(a4.pages), c.pages)
		}
		all := ""
		for _, pg := range sink.pages {
			all += pg.String()
		}
		for _, want := range []string{"Assumed faces (A1", "runforge validate --explain"} {
			if c.pack == "rfodr" {
				want = strings.Replace(want, "A1", "A13", 1)
			}
			if !strings.Contains(all, want) {
				t.Errorf("%s: the card lacks %q", c.pack, want)
			}
		}
		var a, b bytes.Buffer
		for _, buf := range []*bytes.Buffer{&a, &b} {
			if _, err := WriteOddsCard(r, buf, p, odds, rfOpts("a4", layout.NoDuplex)); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two builds of the odds card differ", c.pack)
		}
	}
}

func TestOddsCardBadPacks(t *testing.T) {
	odds := rfodrules.Odds()
	if HasOddsCard(nil, odds) {
		t.Error("a nil pack has an odds card")
	}
	// A pack of the other game: the card is that game's to write.
	for _, c := range []struct {
		pack  string
		rules rfodrules.OddsRules
	}{{"rfodr", odds}, {"rfod", rfodrrules.Odds()}} {
		if q := loadRFPack(t, c.pack); HasOddsCard(q, c.rules) {
			t.Errorf("%s has an odds card under the %s rules", c.pack, c.rules.System)
		}
	}
	p := loadRFPack(t, "rfod")
	// Broken dice: no odds card, and no panic.
	for _, d := range p.AllDice() {
		if d.Role == "action" {
			d.Faces = d.Faces[:3]
		}
	}
	if HasOddsCard(p, odds) {
		t.Error("a pack with three-faced dice has an odds card")
	}
	if _, err := computeOddsCard(p, odds); err == nil || !strings.Contains(err.Error(), "see rfod/dice") {
		t.Errorf("odds of broken dice: %v, want an error that points to rfod/dice", err)
	}
	q := &schema.Pack{Game: &schema.Game{System: "generic"}}
	if HasOddsCard(q, odds) {
		t.Error("a generic pack has an odds card")
	}
}

func TestPctText(t *testing.T) {
	for in, want := range map[string]string{"0": "0%", "1": "100%", "1/3": "33.3%", "1/100000": "<0.1%", "99999/100000": ">99.9%", "1138594/4782969": "23.8%",
		"14692909475/14693280768": ">99.9%", "1/2000": "0.1%", "1/2001": "<0.1%"} {
		r, _ := new(big.Rat).SetString(in)
		if got := pctText(r); got != want {
			t.Errorf("pctText(%s) = %s, want %s", in, got, want)
		}
	}
	if pctText(nil) != "—" {
		t.Error("nil")
	}
}

// A pack without characters still gets the icon tables, with its dice
// assumption.
func TestOddsCardWithoutCharacters(t *testing.T) {
	p := loadRFPack(t, "rfodr")
	var kept []schema.Element
	for _, e := range p.Elements {
		if s, ok := e.(*rfodschema.PlayerBoardSet); ok && s.BoardType == rfodschema.ReloadedCharacterBoard {
			continue
		}
		kept = append(kept, e)
	}
	p.Elements = kept
	oc, err := computeOddsCard(p, rfodrrules.Odds())
	if err != nil {
		t.Fatal(err)
	}
	if len(oc.combos) != 0 || len(oc.groups) != 6 || oc.reading == "" || !strings.HasPrefix(oc.assumptions[0], "A13") {
		t.Errorf("card %d combos, %d groups, reading %q, assumptions %q", len(oc.combos), len(oc.groups), oc.reading, oc.assumptions)
	}
	r := boardRenderer(t)
	if err := imposeOddsCard(r, &pageRecorder{}, oc, rfOpts("letter", layout.LongEdge)); err != nil {
		t.Fatal(err)
	}
}

// The card prints every value as a percentage and no exact fraction
// (those are in --explain), every text at 6 pt or more, on Letter and A4,
// in colour and grey.
func TestOddsCardPercentagesAt6pt(t *testing.T) {
	size := regexp.MustCompile(` (\d+\.\d+)pt `)
	for _, gray := range []bool{false, true} {
		r := boardRenderer(t)
		r.Grayscale = gray
		for _, pack := range []string{"rfod", "rfodr"} {
			oc, err := testOddsCard(t, pack)
			if err != nil {
				t.Fatal(err)
			}
			for _, paper := range []string{"letter", "a4"} {
				name := fmt.Sprintf("%s %s gray %v", pack, paper, gray)
				sink := &pageRecorder{}
				if err := imposeOddsCard(r, sink, oc, rfOpts(paper, layout.LongEdge)); err != nil {
					t.Fatal(err)
				}
				var card strings.Builder
				for _, pg := range sink.pages {
					card.WriteString(pg.String())
				}
				texts := 0
				for _, line := range strings.Split(card.String(), "\n") {
					if !strings.HasPrefix(line, "text ") {
						continue
					}
					texts++
					m := size.FindStringSubmatch(line)
					if m == nil {
						t.Fatalf("%s: no size in %q", name, line)
					}
					if pt, _ := strconv.ParseFloat(m[1], 64); pt < oddsMinPt {
						t.Errorf("%s: %s pt text: %s", name, m[1], line)
					}
				}
				if texts == 0 {
					t.Fatalf("%s: no text", name)
				}
				check := func(what string, p *big.Rat) {
					if !strings.Contains(card.String(), `"`+pctText(p)+`"`) {
						t.Errorf("%s: %s: %s is not on the card", name, what, pctText(p))
					}
					if !p.IsInt() && strings.Contains(card.String(), p.RatString()) {
						t.Errorf("%s: %s: the fraction %s is on the card", name, what, p.RatString())
					}
				}
				for _, co := range oc.combos {
					for _, p := range co.cells {
						check(co.label, p)
					}
				}
				for _, g := range oc.groups {
					for _, row := range g.rows {
						for _, p := range row.cells {
							check(g.face+" "+row.label, p)
						}
					}
				}
			}
		}
	}
}

// Faces with the same rows share one printed table; different rows, or a
// row titled in full, never do.
func TestOddsCardPrintGroups(t *testing.T) {
	for _, c := range []struct {
		pack string
		want string
	}{
		{"rfod", "bat run gun:5 search book:10 zombie:5"},
		{"rfodr", "bat gun run search explore:6 zombie:1"},
	} {
		oc, err := testOddsCard(t, c.pack)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range oc.printGroups() {
			got = append(got, fmt.Sprintf("%s:%d", strings.Join(g.faces, " "), len(g.rows)))
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: printed tables %q, want %q", c.pack, got, c.want)
		}
		// A face whose value differs gets a table of its own.
		oc.groups[0].rows[0].cells[0] = big.NewRat(1, 7)
		if g := oc.printGroups(); len(g[0].faces) != 1 || g[0].faces[0] != oc.groups[0].face {
			t.Errorf("%s: a changed face is merged: %+v", c.pack, g[0])
		}
	}
}
