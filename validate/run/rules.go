// Package run holds RUN's rules: the maps' grids, stashes and safe houses,
// the backup deck, the action tokens and the reachability of every
// objective (its movement model and search are runmove), with the
// --explain hook that prints how each map is won (imported as runrules).
package run

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/runforge/runforge/schema"
	runschema "github.com/runforge/runforge/schema/run"
	"github.com/runforge/runforge/validate"
)

// RUN map structure rules (RUN rulebook lines cited as Lnnn). The stated
// assumptions they rely
// on:
//   - Orientation (A1): A1 is the top-left space, on the map-number edge; N
//     means toward row 1.
//   - Levels (A4): each space has an explicit integer level (water -1,
//     ground 0, terrain and roofs 1 or more) and a separate building flag.
//     Moving down is always allowed, so an access feature must lead up.
//   - Access kinds (A6): only ladders and piers lead out of water (error);
//     only ladders and vines lead up terrain (warning).
//   - Currents (A10) must point to a water space on the map.
//   - Ice (A12) is at ground level and on no zip-line, bridge or link end.
//   - Tunnels (A14) are straight; both ends at the same level (warning).
//   - Stashes, safe houses, spawn points and the helipad do not share
//     spaces (A17, warning).
//
// The schema already requires what these rules take for granted: cells are
// A1-F6, spawn numbers 1-8, safe-house letters A or B, access features have
// at least one action, zip lines and links have both ends and their start
// action.

// runDirection is a compass direction on a map: N is toward row 1.
type runDirection struct {
	name   string
	dc, dr int
}

// runDirections are the 8 directions, orthogonal first.
func runDirections() []runDirection {
	return []runDirection{{"N", 0, -1}, {"E", 1, 0}, {"S", 0, 1}, {"W", -1, 0},
		{"NE", 1, -1}, {"NW", -1, -1}, {"SE", 1, 1}, {"SW", -1, 1}}
}

// directionOf returns the direction of a unit step, or false.
func directionOf(dc, dr int) (runDirection, bool) {
	i := slices.IndexFunc(runDirections(), func(d runDirection) bool { return d.dc == dc && d.dr == dr })
	if i < 0 {
		return runDirection{}, false
	}
	return runDirections()[i], true
}

// directionNamed returns the direction of a name such as "NE", or false.
func directionNamed(name string) (runDirection, bool) {
	i := slices.IndexFunc(runDirections(), func(d runDirection) bool { return d.name == name })
	if i < 0 {
		return runDirection{}, false
	}
	return runDirections()[i], true
}

// splitAction splits an action such as "silent-NE" into its kind (silent,
// sprint, wild) and its direction ("NE"; for a wild, "orthogonal" or
// "diagonal").
func splitAction(a string) (kind, dir string) {
	kind, dir, _ = strings.Cut(a, "-")
	return kind, dir
}

// System is the game system id of RUN.
const System = "run"

// Game is RUN's descriptor: its rules and the explanation of its maps.
func Game() validate.Game {
	return validate.Game{System: System, Docs: ruleDocs, Rules: runRules, Explain: explainMaps}
}

func runRules() []*validate.Rule {
	games := []string{System}
	return append([]*validate.Rule{
		{ID: "run/grid", Severity: validate.Error, Games: games, Check: checkRunGrid,
			Doc: "A map's levels picture is not 6 rows of 6 spaces (L105), a row is misnumbered, or a symbol is not in the legend; or the movement model cannot represent a map for a reason no other rule reports, so its reachability is not checked."},
		{ID: "run/map-cards", Severity: validate.Error, Games: games, Check: checkRunMapCards,
			Doc: "A map lacks its printed number or name (L93), its number is not its card and side (\"2b\"), or two maps are the same side of one card."},
		{ID: "run/stashes", Severity: validate.Error, Games: games, Check: checkRunStashes,
			Doc: "A map does not have exactly 4 stashes (L169, L500), or lists one twice (one finding, unless no fix of the repeats gives 4)."},
		{ID: "run/safe-houses", Severity: validate.Error, Games: games, Check: checkRunSafeHouses,
			Doc: "A map does not have exactly 2 safe houses lettered A and B once each (L117, L177, L492)."},
		{ID: "run/spawn-points", Severity: validate.Error, Games: games, Check: checkRunSpawnPoints,
			Doc: "A map's spawn points are not numbered 1-8 once each (L119, L151-153); the message names every missing number and every place of a repeated one."},
		{ID: "run/helipad", Severity: validate.Error, Games: games, Check: checkRunHelipad,
			Doc: "A map does not have exactly one helicopter pad, or it is not on a building (L121, L144)."},
		{ID: "run/donut-shop", Severity: validate.Error, Games: games, Check: checkRunDonutShop,
			Doc: "A map has more than one donut shop: there is one donut token (L67, L636)."},
		{ID: "run/puddles", Severity: validate.Warning, Games: games, Check: checkRunPuddles,
			Doc: "A map has more than 8 puddles: there are 8 footprint tokens (L67, L628)."},
		{ID: "run/access", Severity: validate.Error, Games: games, Check: checkRunAccess,
			Doc: "An access feature does not join two adjacent spaces leading up (A4, A5), an icon is not the silent move from its lower to its higher space, or is a sprint or a wild (L216, L222, L249-251), or a feature leaving water is not a ladder or pier (L552, L558, A6). Reachability searches the map with the feature as the hint corrects it (not at all when its spaces are not adjacent), so the stash it cuts off is not a second finding."},
		{ID: "run/access-terrain", Severity: validate.Warning, Games: games, Check: checkRunAccessTerrain,
			Doc: "An access feature climbing terrain (neither end water, the higher end no building) is not a ladder or vine (L586, A6); a warning, since the rulebook does not say other kinds cannot."},
		{ID: "run/current", Severity: validate.Error, Games: games, Check: checkRunCurrent,
			Doc: "A current is not on water, or does not point to a water space on the map (L246, L578, A10)."},
		{ID: "run/ice", Severity: validate.Error, Games: games, Check: checkRunIce,
			Doc: "Ice is not at ground level, is a building or water (L654), or is an end of a zip line, suspension bridge or linked space (A12)."},
		{ID: "run/tunnel", Severity: validate.Error, Games: games, Check: checkRunTunnel,
			Doc: "A tunnel's two ends are the same space or not in one row or column (sprints are straight, L240, L592-600, A14), or an extra icon is not at an end or does not point along the tunnel (L600)."},
		{ID: "run/tunnel-level", Severity: validate.Warning, Games: games, Check: checkRunTunnelLevel,
			Doc: "A tunnel's two ends are at different levels (A14)."},
		{ID: "run/zip-line", Severity: validate.Error, Games: games, Check: checkRunZipLine,
			Doc: "A zip line or suspension bridge starts and ends on one space, a two-way line lacks the icon at its end, or a one-way line has one (L606-616)."},
		{ID: "run/link", Severity: validate.Error, Games: games, Check: checkRunLink,
			Doc: "Linked spaces link a space to itself (L620-622)."},
		{ID: "run/gadget-pool", Severity: validate.Error, Games: games, Check: checkRunGadgetPool,
			Doc: "Fewer than 4 gadgets remain for the 4 stashes after removing the crossed-out ones, counting Jet Ski and Scuba Gear only on maps with water (L169, L667, L673, L693)."},
		{ID: "run/shared-space", Severity: validate.Warning, Games: games, Check: checkRunSharedSpace,
			Doc: "Two of stash, safe house, spawn point and helicopter pad share a space (A17: the rulebook does not say they may not)."},
		{ID: "run/map-rules", Severity: validate.Warning, Games: games, Check: checkRunMapRules,
			Doc: "A map has printed rule text whose effect runforge does not apply (encoded is not true; L661-663)."},
	}, append(append(append(runReachRules(), runBackupRules()...), runTokenRules()...), runDirectionRules()...)...)
}

// mapWhat names a map in messages: `map "base"`.
func mapWhat(m *runschema.Map) string { return fmt.Sprintf("map %q", m.ID) }

// listPos is where a finding about a whole list points: the list, or the
// map's id when the map has none.
func listPos(m *runschema.Map, field string) schema.Pos {
	if r := m.Ref.Child(field); r.Exists() {
		return r.Pos()
	}
	return m.Ref.Child("id").Pos()
}

// spaceAt returns the resolved space of a cell, nil when the map's picture
// does not resolve (run/grid reports it).
func spaceAt(m *runschema.Map, cell string) *runschema.MapSpace {
	c, ok := runschema.ParseCell(cell)
	if !ok {
		return nil
	}
	return m.Grid.At(c)
}

// spaceText describes a space: `"." ground, level 0`.
func spaceText(s *runschema.MapSpace) string {
	kind := "ground"
	switch {
	case s.Building:
		kind = "a building"
	case s.Water:
		kind = "water"
	case s.Ice:
		kind = "ice"
	case s.Bridge:
		kind = "a bridge"
	case s.Level > 0:
		kind = "terrain"
	}
	return fmt.Sprintf("%q, %s, level %d", s.Symbol, kind, s.Level)
}

func checkRunGrid(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		checkPictureRows(c, m)
		legend := m.Symbols()
		for i, row := range m.Picture.Rows {
			for j, sym := range row.Symbols {
				if _, ok := legend[sym.Text]; !ok {
					c.ReportHint(sym.Pos, fmt.Sprintf("%s: symbol %q (row %d, space %d of the picture) is not in the legend", mapWhat(m), sym.Text, i+1, j+1),
						"symbols: "+strings.Join(runschema.SymbolNames(legend), " ")+"; add it under legend: with its level")
				}
			}
		}
		reportReachSkipped(c, m)
	}
}

// checkPictureRows reports a picture that is not 6 numbered rows of 6.
func checkPictureRows(c *validate.Context, m *runschema.Map) {
	rows := m.Picture.Rows
	if len(rows) != runschema.MapSize {
		pos := m.Ref.Child("levels").Pos()
		if len(rows) > runschema.MapSize {
			pos = rows[runschema.MapSize].Pos
		}
		c.ReportHint(pos, fmt.Sprintf("%s: the levels picture has %d rows; a map has 6 (L105), row 1 at the top", mapWhat(m), len(rows)),
			"write one line per row, each with 6 symbols separated by spaces")
	}
	for i, row := range rows {
		if row.Label != nil && row.Label.Text != strconv.Itoa(i+1) {
			c.ReportHint(row.Label.Pos, fmt.Sprintf("%s: row %d of the levels picture is numbered %s", mapWhat(m), i+1, row.Label.Text),
				"number the rows 1 to 6 from the top, or leave the numbers out")
		}
		if n := len(row.Symbols); n != runschema.MapSize {
			pos := row.Pos
			if n > runschema.MapSize {
				pos = row.Symbols[runschema.MapSize].Pos
			}
			c.ReportHint(pos, fmt.Sprintf("%s: row %d of the levels picture has %d spaces; a row has 6 (columns A-F)", mapWhat(m), i+1, n),
				"separate the symbols by spaces, one per column")
		}
	}
}

func checkRunMapCards(c *validate.Context) {
	type side struct {
		card int
		side string
	}
	first := map[side]*runschema.Map{}
	for _, m := range runschema.Maps(c.Pack) {
		checkMapLabels(c, m)
		key := side{m.Card, m.Side}
		if f, dup := first[key]; dup {
			c.ReportHint(m.Ref.Child("side").Pos(), fmt.Sprintf("%s is card %d side %s, as %s is: two maps cannot be one side of a card", mapWhat(m), m.Card, m.Side, mapWhat(f)),
				"correct card: or side:", validate.Related{Pos: f.Ref.Child("side").Pos(), Message: mapWhat(f) + " is card " + strconv.Itoa(f.Card) + " side " + f.Side})
			continue
		}
		first[key] = m
	}
}

// checkMapLabels reports a missing name or number, and a number that is
// not the map's card and side.
func checkMapLabels(c *validate.Context, m *runschema.Map) {
	want := fmt.Sprintf("%d%s", m.Card, m.Side)
	if strings.TrimSpace(m.Name) == "" {
		c.ReportHint(m.Ref.Child("id").Pos(), fmt.Sprintf("%s has no name: a map card shows its name on the right side (L93)", mapWhat(m)),
			"add name: with the printed map name")
	}
	switch {
	case m.Number == "":
		c.ReportHint(m.Ref.Child("id").Pos(), fmt.Sprintf("%s has no number: a map card shows its number in the top left corner (L93)", mapWhat(m)),
			fmt.Sprintf("add number: %q", want))
	case m.Number != want:
		c.ReportHint(m.Ref.Child("number").Pos(), fmt.Sprintf("%s: number %q is not its card %d and side %s (%q)", mapWhat(m), m.Number, m.Card, m.Side, want),
			fmt.Sprintf("write number: %q, or correct card: and side:", want))
	}
}

func checkRunStashes(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		seen := map[string][]int{}
		var distinct []int
		for i, s := range m.Stashes {
			if len(seen[s]) == 0 {
				distinct = append(distinct, i)
			}
			seen[s] = append(seen[s], i)
		}
		// Several stashes on one space: one finding at the first, each
		// other listing a related position.
		for _, i := range distinct {
			s, at := m.Stashes[i], seen[m.Stashes[i]]
			if len(at) < 2 {
				continue
			}
			var related []validate.Related
			for _, j := range at[1:] {
				related = append(related, validate.Related{Pos: m.Ref.Child("stashes").Index(j).Pos(), Message: "listed again here"})
			}
			times := "twice"
			if len(at) > 2 {
				times = fmt.Sprintf("%d times", len(at))
			}
			c.ReportHint(m.Ref.Child("stashes").Index(i).Pos(), fmt.Sprintf("%s: stash %s is listed %s", mapWhat(m), s, times),
				"list it once, and put the other stashes on other spaces", related...)
		}
		// A repeat is one finding: the count is reported only when no fix of
		// the repeats (removing them, or moving them to other spaces) gives
		// 4 stashes.
		if n := len(distinct); n != 4 && (n > 4 || len(m.Stashes) < 4) {
			pos := listPos(m, "stashes")
			if n > 4 {
				pos = m.Ref.Child("stashes").Index(distinct[4]).Pos()
			}
			c.ReportHint(pos, fmt.Sprintf("%s has %d stashes; a map has exactly 4, one for each gadget token (L169, L500)", mapWhat(m), n),
				"list 4 spaces under stashes:")
		}
	}
}

func checkRunSafeHouses(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		first := map[string]*runschema.MapSafeHouse{}
		for _, h := range m.SafeHouses {
			if f, dup := first[h.Letter]; dup {
				other := map[string]string{"A": "B", "B": "A"}[h.Letter]
				c.ReportHint(h.Ref.Child("letter").Pos(), fmt.Sprintf("%s: safe house %s appears again (at %s, first at %s); a map has safe houses A and B, once each (L117)", mapWhat(m), h.Letter, h.At, f.At),
					"letter it "+other+", or remove it", validate.Related{Pos: f.Ref.Child("letter").Pos(), Message: "safe house " + h.Letter + " is first here"})
				continue
			}
			first[h.Letter] = h
		}
		var missing []string
		for _, l := range []string{"A", "B"} {
			if first[l] == nil {
				missing = append(missing, l)
			}
		}
		if len(missing) > 0 {
			c.ReportHint(listPos(m, "safeHouses"), fmt.Sprintf("%s has no safe house %s; a map has safe houses A and B, once each (L117, L492)", mapWhat(m), strings.Join(missing, " or ")),
				"add {letter: "+missing[0]+", at: <space>} under safeHouses:")
		}
	}
}

func checkRunSpawnPoints(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		byNumber := map[int][]*runschema.MapSpawn{}
		for _, s := range m.Spawns {
			byNumber[s.Number] = append(byNumber[s.Number], s)
		}
		var missing []string
		for n := 1; n <= 8; n++ {
			switch spawns := byNumber[n]; {
			case len(spawns) == 0:
				missing = append(missing, strconv.Itoa(n))
			case len(spawns) > 1:
				reportRepeatedSpawn(c, m, n, spawns)
			}
		}
		// A number past 8 (the schema allows up to 99 so that this rule
		// sees it) is most likely one of the missing ones mistyped.
		var beyond []string
		for _, s := range m.Spawns {
			if s.Number > 8 {
				beyond = append(beyond, strconv.Itoa(s.Number))
				hint := "spawn points are numbered 1-8"
				if len(missing) > 0 {
					hint = fmt.Sprintf("number it %s, the spawn point missing", validate.OrWords(missing))
				}
				c.ReportHint(s.Ref.Child("number").Pos(), fmt.Sprintf("%s: spawn point %d at %s; spawn points are numbered 1-8 (L119)", mapWhat(m), s.Number, s.At), hint)
			}
		}
		if len(missing) > 0 {
			hint := "add {number: " + missing[0] + ", at: <space>} under spawns:"
			if len(beyond) > 0 {
				hint = fmt.Sprintf("renumber spawn point %s, or add {number: %s, at: <space>} under spawns:", validate.AndList(beyond), missing[0])
			}
			c.ReportHint(listPos(m, "spawns"), fmt.Sprintf("%s lacks spawn point %s; spawn points 1-8 each appear once (L119, L151-153)", mapWhat(m), validate.AndList(missing)), hint)
		}
	}
}

// reportRepeatedSpawn reports a spawn number listed several times, at its
// second entry, naming every place.
func reportRepeatedSpawn(c *validate.Context, m *runschema.Map, n int, spawns []*runschema.MapSpawn) {
	var cells []string
	var related []validate.Related
	for i, s := range spawns {
		cells = append(cells, s.At)
		if i != 1 {
			related = append(related, validate.Related{Pos: s.Ref.Child("number").Pos(), Message: fmt.Sprintf("spawn point %d at %s", n, s.At)})
		}
	}
	c.ReportHint(spawns[1].Ref.Child("number").Pos(), fmt.Sprintf("%s: spawn point %d appears %d times, at %s; each number 1-8 is on the map once (L119)", mapWhat(m), n, len(spawns), validate.AndList(cells)),
		"renumber all but one of them", related...)
}

func checkRunHelipad(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		switch n := len(m.Helipads); {
		case n == 0:
			c.ReportHint(listPos(m, "helipads"), fmt.Sprintf("%s has no helicopter pad: the Dispatch helicopter starts on it (L121, L144)", mapWhat(m)),
				"add helipads: [<a building space>]")
		case n > 1:
			c.ReportHint(m.Ref.Child("helipads").Index(1).Pos(), fmt.Sprintf("%s has %d helicopter pads; a map has exactly one (L121)", mapWhat(m), n),
				"keep one of them")
		}
		for i, h := range m.Helipads {
			if s := spaceAt(m, h); s != nil && !s.Building {
				c.ReportHint(m.Ref.Child("helipads").Index(i).Pos(), fmt.Sprintf("%s: the helicopter pad at %s is not on a building (%s); the helicopter starts \"on the building with the helipad\" (L144)", mapWhat(m), h, spaceText(s)),
					"move it to a building space")
			}
		}
	}
}

func checkRunDonutShop(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		if n := len(m.DonutShops); n > 1 {
			c.ReportHint(m.Ref.Child("donutShops").Index(1).Pos(), fmt.Sprintf("%s has %d donut shops; there is one donut token (L67, L636), so a map has at most one", mapWhat(m), n),
				"keep one of them")
		}
	}
}

func checkRunPuddles(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		if n := len(m.Puddles); n > 8 {
			c.ReportHint(m.Ref.Child("puddles").Index(8).Pos(), fmt.Sprintf("%s has %d puddles; with 8 footprint tokens (L67) and one per space (L628), the Runner could run out of them", mapWhat(m), n),
				"keep at most 8 puddles")
		}
	}
}

// accessWhat names an access feature: `map "m" access 2 (pier B4 to B3)`.
func accessWhat(m *runschema.Map, i int, a *runschema.MapAccess) string {
	return fmt.Sprintf("%s access %d (%s %s to %s)", mapWhat(m), i+1, a.Kind, a.From, a.To)
}

// accessStep returns the direction of the step from an access feature's
// lower space to its higher one, or false when they are not adjacent.
func accessStep(a *runschema.MapAccess) (runDirection, bool) {
	from, ok1 := runschema.ParseCell(a.From)
	to, ok2 := runschema.ParseCell(a.To)
	if !ok1 || !ok2 {
		return runDirection{}, false
	}
	return directionOf(to.Col-from.Col, to.Row-from.Row)
}

func checkRunAccess(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		for i, a := range m.Access {
			what := accessWhat(m, i, a)
			dir, adjacent := accessStep(a)
			if !adjacent {
				c.ReportHint(a.Ref.Child("to").Pos(), fmt.Sprintf("%s: %s and %s are not adjacent; an access feature joins two neighbouring spaces", what, a.From, a.To),
					"set to: to a space next to from:, orthogonally or diagonally")
				continue
			}
			for j, act := range a.Actions {
				checkAccessAction(c, a.Ref.Child("actions").Index(j), what, act, dir)
			}
			checkAccessLevels(c, m, a, what)
		}
	}
}

// checkAccessAction reports an icon that is not the silent move in the
// feature's direction.
func checkAccessAction(c *validate.Context, ref schema.Ref, what, act string, dir runDirection) {
	want := "silent-" + dir.name
	kind, _ := splitAction(act)
	switch {
	case act == want:
		return
	case kind == "sprint":
		c.ReportHint(ref.Pos(), fmt.Sprintf("%s: %s is a sprint, which can never use an access feature (L240, L251)", what, act),
			"write "+want+", the silent move up it")
	case kind == "wild":
		c.ReportHint(ref.Pos(), fmt.Sprintf("%s: %s is a wild, not an icon; the icon is the silent move up the feature, which a matching wild may perform (L250)", what, act),
			"write "+want)
	default:
		c.ReportHint(ref.Pos(), fmt.Sprintf("%s: %s does not move from the lower space to the higher one, which lies %s of it (L216, L222)", what, act, dir.name),
			"write "+want)
	}
}

// checkAccessLevels reports a feature that does not lead up, and one that
// leaves water but is no ladder or pier.
func checkAccessLevels(c *validate.Context, m *runschema.Map, a *runschema.MapAccess, what string) {
	from, to := spaceAt(m, a.From), spaceAt(m, a.To)
	if from == nil || to == nil {
		return
	}
	if to.Level <= from.Level {
		hint := "remove it: moving down or on one level needs no access feature (L247-248)"
		if to.Level < from.Level {
			hint = "swap from: and to:; from: is the lower space"
		}
		c.ReportHint(a.Ref.Child("to").Pos(), fmt.Sprintf("%s does not lead up: %s is %s, %s is %s", what, a.From, spaceText(from), a.To, spaceText(to)), hint)
	}
	if from.Water && a.Kind != runschema.AccessLadder && a.Kind != runschema.AccessPier {
		c.ReportHint(a.Ref.Child("kind").Pos(), fmt.Sprintf("%s leaves water; only a ladder or a pier leads out of water (L558)", what),
			"kind: pier or kind: ladder")
	}
}

func checkRunAccessTerrain(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		for i, a := range m.Access {
			from, to := spaceAt(m, a.From), spaceAt(m, a.To)
			if from == nil || to == nil || from.Water || to.Water || to.Building || to.Level <= from.Level {
				continue
			}
			if a.Kind != runschema.AccessLadder && a.Kind != runschema.AccessVine {
				c.ReportHint(a.Ref.Child("kind").Pos(), fmt.Sprintf("%s climbs terrain (%s to %s); terrain is climbed with ladders or vines (L586)", accessWhat(m, i, a), spaceText(from), spaceText(to)),
					"kind: ladder or kind: vine")
			}
		}
	}
}

func checkRunCurrent(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		if m.Grid == nil {
			continue
		}
		for r := range m.Grid {
			for col := range m.Grid[r] {
				if s := &m.Grid[r][col]; s.Current != "" {
					checkCurrent(c, m, s)
				}
			}
		}
	}
}

// checkCurrent reports a current off water or pointing to no water space.
func checkCurrent(c *validate.Context, m *runschema.Map, s *runschema.MapSpace) {
	what := fmt.Sprintf("%s: the current at %s (symbol %q)", mapWhat(m), s.Cell, s.Symbol)
	if !s.Water {
		c.ReportHint(s.Pos, fmt.Sprintf("%s is not on water (%s); currents are on water spaces (L576)", what, spaceText(s)),
			"give the symbol water: true in the legend, or no current")
		return
	}
	d, _ := directionNamed(s.Current)
	target := m.Grid.At(runschema.Cell{Col: s.Cell.Col + d.dc, Row: s.Cell.Row + d.dr})
	switch {
	case target == nil:
		c.ReportHint(s.Pos, fmt.Sprintf("%s points %s, off the map; the Runner cannot leave the map (L246)", what, s.Current),
			"turn the arrow toward a water space")
	case !target.Water:
		c.ReportHint(s.Pos, fmt.Sprintf("%s points %s to %s, which is not water (%s); a current would lift the Runner out of water without a ladder or pier (A10)", what, s.Current, target.Cell, spaceText(target)),
			"turn the arrow toward a water space")
	}
}

// linkEnd is an end of a zip line, suspension bridge or linked space.
type linkEnd struct {
	what, cell string
	ref        schema.Ref
}

// linkEnds lists the ends of the map's zip lines, suspension bridges and
// linked spaces.
func linkEnds(m *runschema.Map) []linkEnd {
	var out []linkEnd
	for i, z := range m.ZipLines {
		what := zipWhat(i, z)
		out = append(out, linkEnd{what + " start", z.Start, z.Ref.Child("start")}, linkEnd{what + " end", z.End, z.Ref.Child("end")})
	}
	for i, l := range m.Links {
		what := fmt.Sprintf("link %d", i+1)
		out = append(out, linkEnd{what + " from", l.From, l.Ref.Child("from")}, linkEnd{what + " to", l.To, l.Ref.Child("to")})
	}
	return out
}

func checkRunIce(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		if m.Grid == nil {
			continue
		}
		for r := range m.Grid {
			for col := range m.Grid[r] {
				if s := &m.Grid[r][col]; s.Ice && (s.Level != 0 || s.Building || s.Water) {
					c.ReportHint(s.Pos, fmt.Sprintf("%s: the ice at %s is %s; ice is at ground level, no building and not water (L654)", mapWhat(m), s.Cell, spaceText(s)),
						"give the ice symbol level: 0 in the legend, without building or water")
				}
			}
		}
		for _, e := range linkEnds(m) {
			if s := spaceAt(m, e.cell); s != nil && s.Ice {
				c.ReportHint(e.ref.Pos(), fmt.Sprintf("%s: the %s is on ice at %s; no ice on the ends of zip lines, bridges or linked spaces (A12)", mapWhat(m), e.what, e.cell),
					"move the end, or the ice")
			}
		}
	}
}

// tunnelLine returns the direction from a tunnel's first end to its second
// and whether they are distinct spaces in one row or column.
func tunnelLine(t *runschema.MapTunnel) (runDirection, bool) {
	if len(t.Ends) != 2 {
		return runDirection{}, false
	}
	a, ok1 := runschema.ParseCell(t.Ends[0])
	b, ok2 := runschema.ParseCell(t.Ends[1])
	if !ok1 || !ok2 || (a.Col != b.Col && a.Row != b.Row) {
		return runDirection{}, false
	}
	return directionOf(sign(b.Col-a.Col), sign(b.Row-a.Row))
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

func checkRunTunnel(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		for i, t := range m.Tunnels {
			what := fmt.Sprintf("%s tunnel %d", mapWhat(m), i+1)
			dir, ok := tunnelLine(t)
			switch {
			case len(t.Ends) != 2:
				continue // the schema reports it
			case t.Ends[0] == t.Ends[1]:
				c.ReportHint(t.Ref.Child("ends").Index(1).Pos(), fmt.Sprintf("%s: both ends are %s; a tunnel links two spaces (L592)", what, t.Ends[0]), "set the other end")
				continue
			case !ok:
				c.ReportHint(t.Ref.Child("ends").Index(1).Pos(), fmt.Sprintf("%s: its ends %s and %s are not in one row or column; sprints, which pass tunnels, are straight (L240, L594)", what, t.Ends[0], t.Ends[1]),
					"put both ends in one row or one column")
				continue
			}
			for j, ic := range t.Actions {
				checkTunnelIcon(c, t, ic, fmt.Sprintf("%s icon %d", what, j+1), dir)
			}
		}
	}
}

// checkTunnelIcon reports an extra tunnel icon away from the tunnel's ends
// or not pointing along it, toward the other end.
func checkTunnelIcon(c *validate.Context, t *runschema.MapTunnel, ic *runschema.MapTunnelIcon, what string, dir runDirection) {
	var toward runDirection
	switch ic.From {
	case t.Ends[0]:
		toward = dir
	case t.Ends[1]:
		toward, _ = directionOf(-dir.dc, -dir.dr)
	default:
		c.ReportHint(ic.Ref.Child("from").Pos(), fmt.Sprintf("%s is at %s, which is not an end of the tunnel (%s, %s)", what, ic.From, t.Ends[0], t.Ends[1]),
			"set from: to the end where the icon is drawn")
		return
	}
	if _, d := splitAction(ic.Action); d != toward.name {
		c.ReportHint(ic.Ref.Child("action").Pos(), fmt.Sprintf("%s: %s does not point along the tunnel, which runs %s from %s (L600, A14)", what, ic.Action, toward.name, ic.From),
			"write silent-"+toward.name+" or sprint-"+toward.name)
	}
}

func checkRunTunnelLevel(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		for i, t := range m.Tunnels {
			if _, ok := tunnelLine(t); !ok {
				continue
			}
			a, b := spaceAt(m, t.Ends[0]), spaceAt(m, t.Ends[1])
			if a != nil && b != nil && a.Level != b.Level {
				c.ReportHint(t.Ref.Child("ends").Index(1).Pos(), fmt.Sprintf("%s tunnel %d: its ends are at different levels, %s at %d and %s at %d; both ends should be at one level (A14)", mapWhat(m), i+1, t.Ends[0], a.Level, t.Ends[1], b.Level),
					"move an end, or check the levels picture")
			}
		}
	}
}

// zipWhat names a zip line or suspension bridge: `zip line 2`.
func zipWhat(i int, z *runschema.MapZipLine) string {
	if z.Style == "bridge" {
		return fmt.Sprintf("suspension bridge %d", i+1)
	}
	return fmt.Sprintf("zip line %d", i+1)
}

func checkRunZipLine(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		for i, z := range m.ZipLines {
			what := mapWhat(m) + " " + zipWhat(i, z)
			switch {
			case z.Start == z.End:
				c.ReportHint(z.Ref.Child("end").Pos(), fmt.Sprintf("%s starts and ends at %s; it links two spaces (L606)", what, z.Start), "set the other end")
			case !z.OneWay && z.EndAction == "":
				c.ReportHint(z.Ref.Child("start").Pos(), fmt.Sprintf("%s from %s to %s is two-way (no oneWay: true) but has no endAction, the icon at its end (L612)", what, z.Start, z.End),
					"add endAction: with the icon at "+z.End+", or oneWay: true")
			case z.OneWay && z.EndAction != "":
				c.ReportHint(z.Ref.Child("endAction").Pos(), fmt.Sprintf("%s is one-way but has an endAction; a one-way line shows its icon at the start only (L612)", what),
					"remove endAction:, or oneWay: true")
			}
		}
	}
}

func checkRunLink(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		for i, l := range m.Links {
			if l.From == l.To {
				c.ReportHint(l.Ref.Child("to").Pos(), fmt.Sprintf("%s link %d links %s to itself; linked spaces are two spaces (L620)", mapWhat(m), i+1, l.From),
					"set to: to the space at the other end")
			}
		}
	}
}

func checkRunGadgetPool(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		water := m.HasWater()
		candidates := runschema.BasicGadgets
		if water {
			candidates = append(slices.Clip(candidates), runschema.AdvancedGadgets...)
		}
		var pool []string
		for _, g := range candidates {
			if !slices.Contains(m.CrossedOutGadgets, g) {
				pool = append(pool, g)
			}
		}
		if len(pool) >= 4 {
			continue
		}
		note := "jet-ski and scuba-gear count only on maps with water (L673), and this map has none"
		if water {
			note = "with jet-ski and scuba-gear, which this map's water allows (L673)"
		}
		c.ReportHint(listPos(m, "crossedOutGadgets"), fmt.Sprintf("%s crosses out %s, leaving %d gadgets (%s) for 4 stashes (L169, L667); %s", mapWhat(m), validate.AndList(m.CrossedOutGadgets), len(pool), strings.Join(pool, ", "), note),
			"cross out fewer gadgets")
	}
}

// mapSite is a space a map's objectives or setup use.
type mapSite struct {
	kind, name, cell string
	ref              schema.Ref
}

// mapSites lists the map's stashes, safe houses, spawn points and
// helicopter pads, in that order.
func mapSites(m *runschema.Map) []mapSite {
	var out []mapSite
	for i, s := range m.Stashes {
		out = append(out, mapSite{"stash", "the stash", s, m.Ref.Child("stashes").Index(i)})
	}
	for _, h := range m.SafeHouses {
		out = append(out, mapSite{"safe house", "safe house " + h.Letter, h.At, h.Ref.Child("at")})
	}
	for _, s := range m.Spawns {
		out = append(out, mapSite{"spawn point", fmt.Sprintf("spawn point %d", s.Number), s.At, s.Ref.Child("at")})
	}
	for i, h := range m.Helipads {
		out = append(out, mapSite{"helipad", "the helicopter pad", h, m.Ref.Child("helipads").Index(i)})
	}
	return out
}

// sharesWith reports whether two sites on one space are a finding of
// run/shared-space: sites of different kinds, or two safe houses or spawn
// points (a stash or pad listed twice is its own rule's finding).
func sharesWith(a, b mapSite) bool {
	return a.kind != b.kind || a.kind == "safe house" || a.kind == "spawn point"
}

func checkRunSharedSpace(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		byCell := map[string][]mapSite{}
		for _, s := range mapSites(m) {
			earlier := byCell[s.cell]
			byCell[s.cell] = append(earlier, s)
			i := slices.IndexFunc(earlier, func(e mapSite) bool { return sharesWith(e, s) })
			if i < 0 {
				continue
			}
			e := earlier[i]
			c.ReportHint(s.ref.Pos(), fmt.Sprintf("%s: %s and %s are both on %s; stashes, safe houses, spawn points and the helicopter pad each have a space of their own (A17)", mapWhat(m), e.name, s.name, s.cell),
				"move one of them", validate.Related{Pos: e.ref.Pos(), Message: e.name + " is here"})
		}
	}
}

func checkRunMapRules(c *validate.Context) {
	for _, m := range runschema.Maps(c.Pack) {
		for _, t := range m.RulesText {
			if t.Encoded {
				continue
			}
			c.ReportHint(t.Ref.Child("text").Pos(), fmt.Sprintf("%s: its map-specific rule %q is printed, but runforge does not apply it (encoded is not true), so the checks of this map ignore it (L661-663)", mapWhat(m), validate.Shorten(t.Text, 50)),
				"express its effect with links:, overrides: or crossedOutGadgets: and set encoded: true")
		}
	}
}

// ruleDocs are the long explanations of the rules (validate.ParseRuleDocs).
//
//go:embed ruledocs.txt
var ruleDocs string
