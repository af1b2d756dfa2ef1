package validate

import (
	"fmt"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/schema"
)

// Rule is one check of the rules engine.
type Rule struct {
	// ID is stable: packs turn rules off by it.
	ID string
	// Severity is the default severity.
	Severity Severity
	// Doc is the one-line description `runforge rules` shows.
	Doc string
	// Games lists the game systems the rule applies to; empty means all.
	Games []string
	// Fixed marks a rule that reports a loader error or a hard limit: a pack
	// cannot change its severity or turn it off.
	Fixed bool
	// BlocksBuild marks a rule whose finding would print a visibly broken
	// component (clipped text): like any error it stops validate and build
	// alike, but a build told to print it anyway (--allow-overflow) lowers
	// it to a warning with AllowBlocked.
	BlocksBuild bool
	// WholePack marks a rule about what the pack holds as a whole (a card
	// the rulebook names, a count, a deck's make-up): it does not run on a
	// pack a content file of which failed to load, whose loader errors are
	// the findings (the card may be in that file).
	WholePack bool
	// Check reports the rule's findings on the context; nil for findings
	// reported by the loader (YAML and schema problems).
	Check func(*Context)
}

// WholePack marks the rules with the given ids WholePack; it returns rules.
func WholePack(rules []*Rule, ids ...string) []*Rule {
	for _, r := range rules {
		for _, id := range ids {
			if r.ID == id {
				r.WholePack = true
			}
		}
	}
	return rules
}

// Registry is an ordered set of rules.
type Registry struct {
	rules []*Rule
	byID  map[string]*Rule
	// games are the games the rules come from (ForGames).
	games []Game
}

// NewRegistry returns a registry with the given rules; IDs must be unique.
func NewRegistry(rules ...*Rule) *Registry {
	r := &Registry{byID: map[string]*Rule{}}
	for _, rule := range rules {
		if _, dup := r.byID[rule.ID]; dup {
			panic(fmt.Sprintf("validate: rule %s registered twice", rule.ID)) // programming error
		}
		r.rules = append(r.rules, rule)
		r.byID[rule.ID] = rule
	}
	return r
}

// Game is what one game brings to the rules engine: its rules and its
// --explain hook. Each game's package under validate provides one; the
// command's registration list passes them down.
type Game struct {
	// System is the game system id of the manifest (game.system).
	System string
	// Rules returns the game's rules (new values on each call).
	Rules func() []*Rule
	// Explain adds what the game's analyses computed for p to e; nil when
	// the game explains nothing. It is called for every pack.
	Explain func(p *schema.Pack, e *PackExplanation)
	// DieFaces returns the faces the game lets die d show, when the game
	// has such a list (its own rule reports every other face); nil when
	// the game has none.
	DieFaces func(d *schema.Die) ([]string, bool)
	// Docs are the long explanations of the game's rules (ParseRuleDocs).
	Docs string
}

// coreTables are the rules of the content kinds every game shares: one
// line per kind, each in its own file.
var coreTables = []func() []*Rule{
	templateRules,
	imageRules,
	boardRules,
	sheetRules,
	deckPrintRules,
	diceRules,
	textSizeRules,
	contrastRules,
}

// CoreRules returns the rules of every pack whatever its game: the loader's
// rule IDs, the generic rules and the rules of the shared content kinds.
func CoreRules() []*Rule {
	var all []*Rule
	all = append(all, loaderRules()...)
	all = append(all, genericRules()...)
	for _, rules := range coreTables {
		all = append(all, rules()...)
	}
	return all
}

// ForGames returns the registry of the core rules followed by the rules of
// the given games, in their order.
func ForGames(games []Game) *Registry {
	all := CoreRules()
	for _, g := range games {
		if g.Rules != nil {
			all = append(all, g.Rules()...)
		}
	}
	reg := NewRegistry(all...)
	reg.games = games
	return reg
}

// game returns the descriptor of the given system; nil when the registry
// has none.
func (r *Registry) game(system string) *Game {
	for i := range r.games {
		if r.games[i].System == system {
			return &r.games[i]
		}
	}
	return nil
}

// Rules returns the rules sorted by ID.
func (r *Registry) Rules() []*Rule {
	out := append([]*Rule(nil), r.rules...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Lookup returns the rule with the given ID.
func (r *Registry) Lookup(id string) (*Rule, bool) {
	rule, ok := r.byID[id]
	return rule, ok
}

// loaderRules document the rule IDs of problems found while loading.
func loaderRules() []*Rule {
	return []*Rule{
		{ID: "yaml/syntax", Severity: Error, Fixed: true, Doc: "The file is not well-formed YAML, or holds more than one document."},
		{ID: "yaml/key", Severity: Error, Fixed: true, Doc: "A mapping key is not a plain string, is repeated, or is a merge key."},
		{ID: "yaml/limit", Severity: Error, Fixed: true, Doc: "A file is too large, too deeply nested, or holds too many keys and values (aliases expanded), or the pack's files together hold too many."},
		{ID: "pack/unused-file", Severity: Warning, Doc: "A YAML file in a sub-folder of a pack without an include: list is not loaded (only the files beside game.yaml are)."},
		{ID: "pack/font", Severity: Error, Fixed: true, Check: checkFonts,
			Doc: "A font the manifest names cannot be parsed as TrueType, takes a built-in font's name, or has broken glyph data for characters the pack sets in it (embedding or drawing it fails)."},
		{ID: "schema/invalid", Severity: Error, Fixed: true, Doc: "The file does not match the JSON Schema of its kind (unknown field, wrong type, missing field)."},
		{ID: "pack/fixed-rule", Severity: Error, Fixed: true, Doc: "The manifest's rules: tries to change a rule that reports a loader error or a hard limit."},
	}
}

// Context is what a rule sees while it runs.
type Context struct {
	Pack   *schema.Pack
	Fitter TextFitter

	rule *Rule
	// game is the descriptor of the pack's game; nil when the registry has
	// none.
	game *Game
	// target is the paper and layout cards are checked against.
	target PrintTarget
	diags  []Diagnostic
	// memo holds what rules of one run share (see Memo), keyed by the
	// element it is about.
	memo *memo
	// brokenFiles are the files the loader reported errors in: analyses
	// that would mislead on a half-loaded pack (Just Run's simulation) look
	// at them.
	brokenFiles map[string]bool
	// keep: the run keeps its memo for an explanation (Options.Analyses).
	keep bool
}

// KeepsAnalyses reports whether the run's memo outlives it, for the pack's
// explanation (Options.Analyses): a rule may then memoise what only the
// explanation reuses, which a run without one would hold for nothing.
func (c *Context) KeepsAnalyses() bool { return c.keep }

// Memo returns what compute gives for key, computing it once per
// validation run: rules that need the same costly analysis (RUN's
// reachability search) share it without global state. Keys are values of
// a type of the caller's own, so packages do not collide.
//
// The rules of a run run at once (see Pack): the first to ask for a key
// computes it, and any other that asks meanwhile waits for that value.
func Memo[T any](c *Context, key any, compute func() T) T {
	if c.memo == nil {
		return compute()
	}
	c.memo.mu.Lock()
	e, ok := c.memo.m[key]
	if !ok {
		e = &memoEntry{}
		c.memo.m[key] = e
	}
	c.memo.mu.Unlock()
	e.once.Do(func() {
		e.v = compute()
		e.done.Store(true)
	})
	return e.v.(T)
}

// memo is what the rules of one validation run share: a value per key,
// computed once.
type memo struct {
	mu sync.Mutex
	m  map[any]*memoEntry
}

func newMemo() *memo { return &memo{m: map[any]*memoEntry{}} }

// memoEntry is one value of a memo, computed by once; done is set once v
// is.
type memoEntry struct {
	once sync.Once
	v    any
	done atomic.Bool
}

// recall returns the value a rule computed for key, if one did.
func (m *memo) recall(key any) (any, bool) {
	if m == nil {
		return nil, false
	}
	m.mu.Lock()
	e, ok := m.m[key]
	m.mu.Unlock()
	if !ok || !e.done.Load() {
		return nil, false
	}
	return e.v, true
}

// Analyses are what the rules of one validation run of a pack computed and
// shared (Memo), kept for the pack's explanation: ExplainWith them reuses
// the analyses the rules ran (RUN's map searches) rather than running them
// again. A zero Analyses is not usable: see NewAnalyses.
type Analyses struct{ m *memo }

// NewAnalyses returns an empty set of analyses, for Options.Analyses.
func NewAnalyses() *Analyses { return &Analyses{m: newMemo()} }

// BrokenFiles returns the files the loader reported errors in, sorted:
// analyses that would mislead on a half-loaded pack skip it.
func (c *Context) BrokenFiles() []string {
	files := make([]string, 0, len(c.brokenFiles))
	for f := range c.brokenFiles {
		files = append(files, f)
	}
	sort.Strings(files)
	return files
}

// Report records a finding of the running rule.
func (c *Context) Report(pos schema.Pos, msg string, related ...Related) {
	c.diags = append(c.diags, Diagnostic{Pos: pos, Severity: c.rule.Severity, Rule: c.rule.ID, Message: msg, Related: related})
}

// ReportHint records a finding with a hint on how to fix it.
func (c *Context) ReportHint(pos schema.Pos, msg, hint string, related ...Related) {
	c.Report(pos, msg, related...)
	c.diags[len(c.diags)-1].Hint = hint
}

// Reportf records a formatted finding.
func (c *Context) Reportf(pos schema.Pos, format string, args ...any) {
	c.Report(pos, fmt.Sprintf(format, args...))
}

// TextFitter measures card text against its template boxes. The generator
// provides the implementation (it owns fonts); validate only asks.
type TextFitter interface {
	// Overflows lists the text boxes of the card's templates whose text does
	// not fit even at the box's minimum font size.
	Overflows(p *schema.Pack, deck *schema.Deck, card *schema.Card) []Overflow
	// MissingGlyphs lists the text boxes holding characters their font
	// cannot draw (Detail names them).
	MissingGlyphs(p *schema.Pack, deck *schema.Deck, card *schema.Card) []Overflow
	// ElementIssues lists the texts of an element other than a deck's cards
	// (a sheet's blocks, a board's labels) that do not fit, and those with
	// characters the font cannot draw.
	ElementIssues(p *schema.Pack, e schema.Element) (overflows, glyphs []schema.TextIssue)
}

// FontChecker loads a pack's fonts the way a build uses them and returns
// those that fail, at their reference in the manifest. The generator's
// TextFitter implements it; validate asks a Fitter for it, so a fitter that
// only measures text need not.
type FontChecker interface {
	FontIssues(p *schema.Pack) []schema.TextIssue
}

// Overflow is a text box that a card cannot show as written.
type Overflow = schema.BoxIssue

// Options tune a validation run.
type Options struct {
	// Fitter checks that text fits; nil skips the text-fit rule.
	Fitter TextFitter
	// Registry is the rule set (ForGames); nil means the core rules only,
	// no game's.
	Registry *Registry
	// Print is the paper and layout the pack is checked against; nil means
	// its own print: settings (PackPrintTarget).
	Print *PrintTarget
	// Analyses, if set, keeps what the rules compute for the pack's
	// explanation (ExplainWith); nil keeps nothing past the run.
	Analyses *Analyses
}

// Pack validates a loaded pack. problems are those the loader reported; p
// may be nil when the manifest could not be read. The result is sorted.
func Pack(p *schema.Pack, problems []schema.Problem, opts Options) []Diagnostic {
	reg := opts.Registry
	if reg == nil {
		reg = NewRegistry(CoreRules()...)
	}
	overrides := map[string]Severity{}
	var diags []Diagnostic
	if p != nil && p.Game != nil {
		for id, sev := range p.Game.Rules {
			s, err := ParseSeverity(sev)
			if r, known := reg.Lookup(id); known && r.Fixed {
				diags = append(diags, Diagnostic{Pos: p.Game.Ref.Child("rules").Child(id).KeyPos(), Severity: Error,
					Rule: "pack/fixed-rule", Message: fmt.Sprintf("rule %q reports a loader error or a hard limit; a pack cannot change it", id),
					Hint: "fix what it reports instead; `runforge rules` marks the rules that can be changed"})
				continue
			}
			if _, known := reg.Lookup(id); !known || err != nil {
				diags = append(diags, Diagnostic{Pos: p.Game.Ref.Child("rules").Child(id).KeyPos(), Severity: Warning,
					Rule: "pack/unknown-rule", Message: fmt.Sprintf("rule override %q names no rule", id),
					Hint: ruleHint(reg, id)})
				continue
			}
			overrides[id] = s
		}
	}
	for _, pr := range problems {
		sev := Error
		if r, ok := reg.Lookup(pr.Rule); ok {
			sev = r.Severity
		}
		d := Diagnostic{Pos: pr.Pos, Severity: sev, Rule: pr.Rule, Message: pr.Message, Hint: pr.Hint}
		for _, r := range pr.Related {
			d.Related = append(d.Related, Related{Pos: r.Pos, Message: r.Message})
		}
		diags = append(diags, d)
	}
	if p != nil && p.Game != nil {
		target := PackPrintTarget(p)
		if opts.Print != nil {
			target = *opts.Print
		}
		shared := newMemo()
		if opts.Analyses != nil {
			shared = opts.Analyses.m
		}
		broken := map[string]bool{}
		for _, pr := range problems {
			if r, ok := reg.Lookup(pr.Rule); !ok || r.Severity == Error {
				broken[pr.Pos.File] = true
			}
		}
		partial := p.Unreadable || len(p.Unloaded) > 0
		game := reg.game(p.Game.System)
		var ctxs []*Context
		for _, rule := range reg.rules {
			if rule.Check == nil || !appliesTo(rule, p.Game.System) || (rule.WholePack && partial) {
				continue
			}
			ctxs = append(ctxs, &Context{Pack: p, Fitter: opts.Fitter, rule: rule, game: game, target: target, memo: shared, brokenFiles: broken, keep: opts.Analyses != nil})
		}
		runChecks(ctxs)
		for _, ctx := range ctxs {
			diags = append(diags, ctx.diags...)
		}
	}
	out := diags[:0]
	for _, d := range diags {
		if s, ok := overrides[d.Rule]; ok {
			d.Severity = s
		}
		if d.Severity != Off {
			out = append(out, d)
		}
	}
	out = dropEchoes(out)
	Sort(out)
	return out
}

// runChecks runs the rules of the contexts, up to GOMAXPROCS at a time,
// started in the registry's order: a rule only reads the pack and reports
// into its own context, and what rules share goes through Memo. Each
// rule's findings stay in its context, so that Pack gathers them in the
// registry's order whatever order the rules finish in.
func runChecks(ctxs []*Context) {
	workers := min(runtime.GOMAXPROCS(0), len(ctxs))
	if workers <= 1 {
		for _, c := range ctxs {
			c.rule.Check(c)
		}
		return
	}
	next := make(chan *Context)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for c := range next {
				c.rule.Check(c)
			}
		})
	}
	for _, c := range ctxs {
		next <- c
	}
	close(next)
	wg.Wait()
}

// echoRule reports whether rule is a rule whose finding only repeats, less
// precisely, another rule's error about the same thing: an icon row's
// unknown icon where the game's rule says which icons the field takes; a
// misspelt override box where text/overflow reports the box's text.
func echoRule(rule string) bool { return rule == "text/unknown-icon" || rule == "template/override" }

// dropEchoes keeps one finding per mistake: a finding of an echo rule is
// left out when an error of another rule sits at the same position.
func dropEchoes(diags []Diagnostic) []Diagnostic {
	errsAt := map[schema.Pos][]string{}
	for _, d := range diags {
		if d.Severity == Error {
			errsAt[d.Pos] = append(errsAt[d.Pos], d.Rule)
		}
	}
	out := diags[:0]
	for _, d := range diags {
		if echoRule(d.Rule) && slices.ContainsFunc(errsAt[d.Pos], func(r string) bool { return r != d.Rule }) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// ruleHint suggests the rule id nearest to a misspelt one.
func ruleHint(reg *Registry, id string) string {
	ids := make([]string, 0, len(reg.rules))
	for _, r := range reg.rules {
		ids = append(ids, r.ID)
	}
	if s := suggest.Nearest(id, ids); s != "" {
		return fmt.Sprintf("did you mean %q? fix the spelling; `runforge rules` lists the rule IDs", s)
	}
	return "`runforge rules` lists the rule IDs"
}

// AllowBlocked returns the diagnostics with the findings of BlocksBuild
// rules lowered to warnings: what a build told to print clipped text anyway
// (--allow-overflow) goes by. The other findings keep their severity. A nil
// reg means the core rules.
func AllowBlocked(diags []Diagnostic, reg *Registry) []Diagnostic {
	if reg == nil {
		reg = NewRegistry(CoreRules()...)
	}
	out := make([]Diagnostic, len(diags))
	for i, d := range diags {
		if r, ok := reg.Lookup(d.Rule); ok && r.BlocksBuild && d.Severity == Error {
			d.Severity = Warning
		}
		out[i] = d
	}
	return out
}

func appliesTo(r *Rule, system string) bool {
	if len(r.Games) == 0 {
		return true
	}
	for _, g := range r.Games {
		if g == system {
			return true
		}
	}
	return false
}
