package run

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/runforge/runforge/schema"
	runschema "github.com/runforge/runforge/schema/run"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/run/runmove"
)

// RUN reachability rules: the movement
// model and searches of package runmove, run on each map of the pack. Every
// feature of the converted map carries the schema.Pos of its YAML entry as
// its runmove Ref, so a finding points at the stash, safe house or spawn
// point at fault, with the grouped spawn points as related positions.
//
// Reachability is skipped on a map whose levels picture has run/grid errors,
// on one the movement model cannot represent (runmove.Map.Validate), and on
// one with a movement feature whose error leaves its meaning unknown (an
// access feature between spaces that are not adjacent; unknownFeature):
// silently when a structure or schema rule already reports the defect (more
// than 6 stashes is a run/stashes error), else run/grid says why. An access
// feature run/access reports is searched as its hint corrects it
// (repairAccess), so that the rules report the real problems of the map,
// not the stash or safe house the misdrawn feature cuts off. The action
// tokens are the pack's (packActionTokens), else runmove.DefaultTokens
// (assumption A2); ranks draw their boards from them as runmove does
// (runmove.RankTokens).

func runReachRules() []*validate.Rule {
	games := []string{System}
	return []*validate.Rule{
		{ID: runmove.RuleRank3, Severity: validate.Error, Games: games, Check: reachCheck(runmove.RuleRank3, "rank 3"),
			Doc: "From some spawn point, 3 stashes then a turn ending on safe house A or B (13 tokens; also covers ranks 1-2) cannot be won even with unlimited tokens (L177, L264, A3); the message names the stash or safe house at fault and the last spaces reached."},
		{ID: runmove.RuleRank4, Severity: validate.Error, Games: games, Check: reachCheck(runmove.RuleRank4, "rank 4"),
			Doc: "From some spawn point, 3 stashes then safe house A alone, or B alone, cannot be won even with unlimited tokens (L492-494, A3); the message names the letter."},
		{ID: runmove.RuleRank5, Severity: validate.Error, Games: games, Check: reachCheck(runmove.RuleRank5, "rank 5"),
			Doc: "From some spawn point, all 4 stashes then A or B (14 tokens) cannot be won even with unlimited tokens (L500, A3)."},
		{ID: runmove.RuleNeedsExhaustion, Severity: validate.Warning, Games: games, Check: reachCheck(runmove.RuleNeedsExhaustion, ""),
			Doc: "An objective can be won with unlimited tokens but not within one action board, each token used once (L196): it needs exhaustion, which costs a hit at rank >= 3."},
		{ID: runmove.RuleTrap, Severity: validate.Warning, Games: games, Check: reachCheck(runmove.RuleTrap, ""),
			Doc: "A space where a turn can end, reachable from a spawn point, from which no safe house can be reached (unlimited tokens, regardless of stashes); one finding per map lists the trap spaces."},
	}
}

// reachCheck reports the findings of one reachability rule.
func reachCheck(rule, rank string) func(*validate.Context) {
	return func(c *validate.Context) {
		for _, m := range runschema.Maps(c.Pack) {
			r := mapReach(c, m)
			for _, f := range r.findings {
				if f.Rule != rule {
					continue
				}
				pos, _ := f.Src.(schema.Pos)
				hint := reachHint(f, rank)
				if f.Reason.Kind == runmove.SafeHouseUnreachable && len(f.Reason.SafeHouses) == 0 && f.Reason.Letters != "" {
					// The objective needs a safe house the map does not
					// declare: point where it is declared; the spawn
					// points stay related.
					pos = listPos(m, "safeHouses")
					hint = fmt.Sprintf("add {letter: %s, at: <space>} under safeHouses:", f.Reason.Letters[:1])
				}
				var related []validate.Related
				for _, ref := range f.Related() {
					if p, ok := ref.(schema.Pos); ok {
						related = append(related, validate.Related{Pos: p, Message: r.labels[p]})
					}
				}
				c.ReportHint(pos, f.Message(), hint, related...)
			}
		}
	}
}

// reachHint suggests a fix for a reachability finding.
func reachHint(f runmove.Finding, rank string) string {
	switch f.Rule {
	case runmove.RuleNeedsExhaustion:
		return "shorten the routes (an access feature, a stash or safe house nearer), or accept it: exhaustion costs a hit"
	case runmove.RuleTrap:
		return "add a way out (a ladder, pier or fire escape), or accept the trap: the Runner never has to enter it"
	}
	switch f.Reason.Kind {
	case runmove.StashUncollectable:
		return "give the stash a way up (an access feature) or move it, so that a turn can end on it at " + rank
	case runmove.StashDeadEnd:
		return "add a way out after the stash (a ladder, pier or fire escape), or move it"
	case runmove.SafeHouseUnreachable:
		return "give the safe house a way in (an access feature), or move it"
	}
	return "move a stash or a safe house so that one route collects enough stashes"
}

// reachResult is the reachability of one map: its findings, and labels for
// the positions they name.
type reachResult struct {
	findings []runmove.Finding
	labels   map[schema.Pos]string
	// skipped says why reachability was not run ("" when it was); reported
	// says whether a structure or schema rule already reports the defect.
	skipped  string
	reported bool
	// analysis is the map's searches, which --explain reuses on the model
	// and tokens they ran with; nil when the map was not searched or the
	// run keeps no analyses.
	analysis *runmove.Analysis
	model    *runmove.Map
	tokens   []runmove.Action
}

// mapReach returns the reachability of a map, computed once per
// validation run: the five rules share one search.
func mapReach(c *validate.Context, m *runschema.Map) *reachResult {
	all := validate.Memo(c, reachAllKey{}, func() map[*runschema.Map]*reachResult { return reachAll(c) })
	if r, ok := all[m]; ok {
		return r
	}
	return searchMap(mapModel(c, m), c.KeepsAnalyses())
}

// reachAllKey keys the reachability of every map of the pack in the memo.
type reachAllKey struct{}

// reachAll searches every map of the pack, as many at once as there are
// processors: each map's search is independent of the others', and the
// findings do not depend on the order they finish in.
func reachAll(c *validate.Context) map[*runschema.Map]*reachResult {
	maps := runschema.Maps(c.Pack)
	models := make([]*mapModelResult, len(maps))
	for i, m := range maps {
		models[i] = mapModel(c, m) // the memo is not safe for concurrent use
	}
	results := make([]*reachResult, len(maps))
	sem := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	var wg sync.WaitGroup
	for i := range maps {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			results[i] = searchMap(models[i], c.KeepsAnalyses())
		}()
	}
	wg.Wait()
	out := make(map[*runschema.Map]*reachResult, len(maps))
	for i, m := range maps {
		out[m] = results[i]
	}
	return out
}

// searchMap runs the reachability checks on a converted map; keep keeps
// its analysis for the explanation (validate.Context.KeepsAnalyses).
func searchMap(mm *mapModelResult, keep bool) *reachResult {
	if mm.skipped != "" {
		return &reachResult{skipped: mm.skipped, reported: mm.reported}
	}
	a, err := runmove.NewAnalysis(mm.rm, mm.tokens)
	if err != nil {
		return &reachResult{skipped: err.Error()}
	}
	r := &reachResult{findings: a.Check(), labels: mm.labels}
	if keep {
		r.analysis, r.model, r.tokens = a, mm.rm, mm.tokens
	}
	return r
}

// mapModelResult is a map converted for the movement model with the pack's
// action tokens, or why reachability cannot be checked.
type mapModelResult struct {
	rm     *runmove.Map
	labels map[schema.Pos]string
	tokens []runmove.Action
	// skipped says why the map cannot be searched ("" when it can);
	// reported says whether a structure or schema rule already reports it.
	skipped  string
	reported bool
}

// mapModelKey keys a map's conversion in the memo (the map itself keys its
// reachability).
type mapModelKey struct{ m *runschema.Map }

// mapModel converts a map once per validation run, without searching it:
// run/grid needs only to know whether the model can represent the map.
func mapModel(c *validate.Context, m *runschema.Map) *mapModelResult {
	return validate.Memo(c, mapModelKey{m}, func() *mapModelResult {
		tokens, _ := packActionTokens(c.Pack)
		return convertMap(m, tokens)
	})
}

// convertMap converts a map for the movement model, or says why it cannot
// be searched.
func convertMap(m *runschema.Map, tokens []runmove.Action) *mapModelResult {
	if gridBroken(m) {
		return &mapModelResult{skipped: "the levels picture has run/grid errors", reported: true}
	}
	rm, labels, err := MoveMap(m)
	if err != nil {
		// The schema requires cells A1-F6 and known actions, so a map that
		// loaded converts; keep the reason for run/grid all the same.
		return &mapModelResult{skipped: err.Error()}
	}
	if err := rm.Validate(); err != nil {
		return &mapModelResult{skipped: err.Error(), reported: len(m.Stashes) > runmove.MaxStashes}
	}
	if len(tokens) > runmove.MaxTokens {
		return &mapModelResult{skipped: fmt.Sprintf("%d action tokens", len(tokens)), reported: true} // run/action-tokens
	}
	if why := unknownFeature(m); why != "" {
		return &mapModelResult{skipped: why, reported: true}
	}
	repairAccess(m, rm)
	return &mapModelResult{rm: rm, labels: labels, tokens: tokens}
}

// unknownFeature names a movement feature whose structure error leaves its
// meaning unknown: an access feature between spaces that are not adjacent
// (run/access), a tunnel whose ends are one space or not in one line
// (run/tunnel), a zip line, bridge or link from a space to itself
// (run/zip-line, run/link). Any reachability finding on its map could
// follow from it, so the map is not searched; "" when there is none.
func unknownFeature(m *runschema.Map) string {
	for i, a := range m.Access {
		if _, adjacent := accessStep(a); !adjacent {
			return accessWhat(m, i, a) + " joins spaces that are not adjacent (run/access)"
		}
	}
	for i, t := range m.Tunnels {
		if _, ok := tunnelLine(t); !ok {
			return fmt.Sprintf("%s tunnel %d does not join two spaces in one row or column (run/tunnel)", mapWhat(m), i+1)
		}
	}
	for i, z := range m.ZipLines {
		if z.Start == z.End {
			return fmt.Sprintf("%s %s starts and ends on one space (run/zip-line)", mapWhat(m), zipWhat(i, z))
		}
	}
	for i, l := range m.Links {
		if l.From == l.To {
			return fmt.Sprintf("%s link %d links a space to itself (run/link)", mapWhat(m), i+1)
		}
	}
	return ""
}

// repairAccess makes each access feature of the model what run/access's
// hint makes it, so that the reachability rules report only what remains
// once the structure errors are fixed, not the stash or safe house a
// misdrawn feature cuts off: a feature leading down is turned round (swap
// from: and to:), and a wrong, sprint or wild icon becomes the silent move
// from the lower space to the higher one. Its kind does not change
// movement, and a feature on one level adds nothing. The features must be
// adjacent (unknownFeature) and m.Access converted in order into rm.Access.
func repairAccess(m *runschema.Map, rm *runmove.Map) {
	for i, a := range m.Access {
		dir, _ := accessStep(a)
		f := &rm.Access[i]
		if from, to := spaceAt(m, a.From), spaceAt(m, a.To); from != nil && to != nil && to.Level < from.Level {
			f.From, f.To = f.To, f.From
			dir, _ = directionOf(-dir.dc, -dir.dr)
		}
		want, err := runmove.ParseAction("silent-" + dir.name)
		if err != nil {
			continue // every direction names a silent move
		}
		if slices.ContainsFunc(f.Actions, func(act runmove.Action) bool { return act != want }) {
			f.Actions = []runmove.Action{want}
		}
	}
}

// gridBroken reports a map with run/grid errors: a picture that does not
// resolve, or a misnumbered row.
func gridBroken(m *runschema.Map) bool {
	if m.Grid == nil {
		return true
	}
	for i, row := range m.Picture.Rows {
		if row.Label != nil && row.Label.Text != strconv.Itoa(i+1) {
			return true
		}
	}
	return false
}

// reportReachSkipped is run/grid's report of a map reachability could not
// check for a reason no other rule reports.
func reportReachSkipped(c *validate.Context, m *runschema.Map) {
	if gridBroken(m) {
		return
	}
	if r := mapModel(c, m); r.skipped != "" && !r.reported {
		c.ReportHint(m.Ref.Child("id").Pos(), fmt.Sprintf("%s: reachability (run/rank3-5, run/needs-exhaustion, run/trap) is not checked: %s", mapWhat(m), r.skipped),
			"correct the map so that the movement model can represent it")
	}
}

// MoveMap converts a map whose levels picture resolves into the movement
// model. Each feature's Src is the schema.Pos of its entry: a stash's list
// item, a safe house's or spawn point's entry, an access feature, tunnel,
// zip line, link or forbidden move, and a space's symbol in the picture.
// labels names each feature position, for related positions.
func MoveMap(m *runschema.Map) (*runmove.Map, map[schema.Pos]string, error) {
	if m.Grid == nil {
		return nil, nil, errors.New("the levels picture is not 6 rows of 6 legend symbols")
	}
	conv := &mapConverter{labels: map[schema.Pos]string{}}
	rm := &runmove.Map{ID: m.ID, Src: m.Ref.Child("id").Pos()}
	for r := range m.Grid {
		for col := range m.Grid[r] {
			s := &m.Grid[r][col]
			cell, _ := runmove.CellAt(col, r)
			sp := runmove.Space{Level: s.Level, Building: s.Building, Water: s.Water, Ice: s.Ice, Bridge: s.Bridge, Src: s.Pos}
			if s.Current != "" {
				sp.Current = conv.dir(s.Current)
			}
			rm.Spaces[cell] = sp
			conv.label(s.Pos, "space "+cell.String())
		}
	}
	for i, s := range m.Stashes {
		pos := m.Ref.Child("stashes").Index(i).Pos()
		rm.Stashes = append(rm.Stashes, runmove.Stash{At: conv.cell(s), Src: pos})
		conv.label(pos, "stash "+s)
	}
	for _, h := range m.SafeHouses {
		var letter byte
		if len(h.Letter) == 1 {
			letter = h.Letter[0]
		}
		pos := h.Ref.Pos()
		rm.SafeHouses = append(rm.SafeHouses, runmove.SafeHouse{Letter: letter, At: conv.cell(h.At), Src: pos})
		conv.label(pos, fmt.Sprintf("safe house %s at %s", h.Letter, h.At))
	}
	for _, s := range m.Spawns {
		pos := s.Ref.Pos()
		rm.Spawns = append(rm.Spawns, runmove.Spawn{Number: s.Number, At: conv.cell(s.At), Src: pos})
		conv.label(pos, fmt.Sprintf("spawn point %d at %s", s.Number, s.At))
	}
	conv.features(m, rm)
	if conv.err != nil {
		return nil, nil, conv.err
	}
	return rm, conv.labels, nil
}

// features converts the access features, tunnels, zip lines, links, crossed
// out gadgets and forbidden moves.
func (conv *mapConverter) features(m *runschema.Map, rm *runmove.Map) {
	for _, a := range m.Access {
		rm.Access = append(rm.Access, runmove.Access{Kind: conv.accessKind(a.Kind), From: conv.cell(a.From), To: conv.cell(a.To),
			Actions: conv.actions(a.Actions), Src: a.Ref.Pos()})
	}
	for _, t := range m.Tunnels {
		if len(t.Ends) != 2 {
			conv.fail(fmt.Errorf("a tunnel has %d ends, not 2", len(t.Ends)))
			continue
		}
		tn := runmove.Tunnel{Ends: [2]runmove.Cell{conv.cell(t.Ends[0]), conv.cell(t.Ends[1])}, Src: t.Ref.Pos()}
		for _, ic := range t.Actions {
			tn.Icons = append(tn.Icons, runmove.TunnelIcon{From: conv.cell(ic.From), Action: conv.action(ic.Action), Src: ic.Ref.Pos()})
		}
		rm.Tunnels = append(rm.Tunnels, tn)
	}
	for _, z := range m.ZipLines {
		zl := runmove.ZipLine{Start: conv.cell(z.Start), End: conv.cell(z.End), Action: conv.action(z.Action),
			OneWay: z.OneWay, Bridge: z.Style == "bridge", Src: z.Ref.Pos()}
		if z.EndAction != "" {
			zl.EndAction = conv.action(z.EndAction)
		}
		rm.ZipLines = append(rm.ZipLines, zl)
	}
	for _, l := range m.Links {
		ln := runmove.Link{From: conv.cell(l.From), To: conv.cell(l.To), Action: conv.action(l.Action), Src: l.Ref.Pos()}
		if l.BackAction != "" {
			ln.BackAction = conv.action(l.BackAction)
		}
		rm.Links = append(rm.Links, ln)
	}
	for _, g := range m.CrossedOutGadgets {
		gd, err := runmove.ParseGadget(g)
		conv.fail(err)
		rm.CrossedOut = append(rm.CrossedOut, gd)
	}
	for _, f := range m.Overrides.ForbiddenMoves {
		rm.Overrides.ForbiddenMoves = append(rm.Overrides.ForbiddenMoves, runmove.ForbiddenMove{From: conv.cell(f.From), To: conv.cell(f.To),
			Actions: conv.actions(f.Actions), Src: f.Ref.Pos()})
	}
}

// mapConverter parses the schema's strings, keeping the first error.
type mapConverter struct {
	labels map[schema.Pos]string
	err    error
}

func (conv *mapConverter) fail(err error) {
	if conv.err == nil && err != nil {
		conv.err = err
	}
}

func (conv *mapConverter) label(p schema.Pos, s string) {
	if _, ok := conv.labels[p]; !ok {
		conv.labels[p] = s
	}
}

func (conv *mapConverter) cell(s string) runmove.Cell {
	c, err := runmove.ParseCell(s)
	conv.fail(err)
	return c
}

func (conv *mapConverter) dir(s string) runmove.Dir {
	d, err := runmove.ParseDir(s)
	conv.fail(err)
	return d
}

func (conv *mapConverter) action(s string) runmove.Action {
	a, err := runmove.ParseAction(s)
	conv.fail(err)
	return a
}

func (conv *mapConverter) actions(ss []string) []runmove.Action {
	var out []runmove.Action
	for _, s := range ss {
		out = append(out, conv.action(s))
	}
	return out
}

func (conv *mapConverter) accessKind(s string) runmove.AccessKind {
	for k := runmove.FireEscape; k <= runmove.Pier; k++ {
		if k.String() == s {
			return k
		}
	}
	conv.fail(fmt.Errorf("access kind %q", s))
	return runmove.FireEscape
}
