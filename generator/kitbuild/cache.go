package kitbuild

import (
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/buildcache"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/check"
	"github.com/runforge/runforge/validate/report"
)

// Env is what a build needs besides its options to check and build packs:
// how to load and validate them (Check; its Fitter is set from the
// renderer) and the renderer, made only when a pack must be loaded.
type Env struct {
	Check    check.Options
	Renderer func() (*generator.Renderer, error)
}

// Checked is the packs of a build after checking: their findings, and for
// each pack either what loading and validating it gave or, when an earlier
// build into the same output folder had the same inputs, settings and
// runforge and left its kit as it wrote it, that build's record.
type Checked struct {
	// Diags are the findings of every pack, sorted, with those of the
	// build's own print settings (CheckBuildTargets).
	Diags []validate.Diagnostic
	// Summary counts them.
	Summary report.Summary

	opts  Options
	env   Env
	cache *buildcache.Cache // nil when the build uses none
	exe   string            // the running executable's ID
	r     *generator.Renderer
	packs []*packState
	// docs are the stores of the files that loaded clean, by target name,
	// of the packs loaded (nil without a cache).
	docs map[string]*docStore
	// mu guards docs, and rmu r, while the packs of BuildAll build.
	mu, rmu sync.Mutex
	// swept is done once the cache's leftover temporary files are removed,
	// before the first pack builds.
	swept sync.Once
}

// packState is one pack of a Checked build.
type packState struct {
	target check.Target
	key    string        // the cache key of its inputs; "" when not cached
	rec    *record       // the record of an earlier build (a hit)
	res    *check.Result // the pack as loaded and validated (a miss)
	// id is the pack's id once Release dropped res.
	id    string
	diags []validate.Diagnostic
}

// Validate checks the targets of a build. A pack whose inputs (its files
// and the bundled packs it extends), the build's settings and the running
// runforge are those of an earlier build into o.Out, and whose kit there is
// as that build left it (by file stat), is not loaded: its findings are the
// earlier build's, from the cache in Out/.cache. Others are loaded and
// validated. With o.NoCache the cache is neither read nor written. A cache
// that cannot be used is said on status and the build goes on without it.
func (o Options) Validate(targets []check.Target, env Env, status Status) (*Checked, error) {
	c := &Checked{opts: o, env: env}
	if !o.NoCache {
		c.cache = buildcache.Open(o.Out)
		exe, err := c.cache.ExecutableID()
		if err != nil {
			fmt.Fprintf(status, "runforge: warning: building without the cache: %v\n", err)
			c.cache = nil
		}
		c.exe = exe
	}
	var misses []int
	for i, t := range targets {
		ps := &packState{target: t}
		c.packs = append(c.packs, ps)
		if c.cache != nil {
			ps.key = o.packKey(t, c.exe)
		}
		if ps.key != "" {
			if rec := c.lookup(ps.key); rec != nil && buildcache.SameTree(filepath.Join(o.Out, rec.ID), rec.Outputs) {
				ps.rec, ps.diags = rec, rec.diagnostics()
				continue
			}
		}
		misses = append(misses, i)
	}
	if len(misses) > 0 {
		todo := make([]check.Target, len(misses))
		for j, i := range misses {
			todo[j] = targets[i]
		}
		results, err := c.check(todo)
		if err != nil {
			return nil, err
		}
		for j, i := range misses {
			ps := c.packs[i]
			ps.res = &results[j]
			if ps.diags, err = o.CheckBuildTargets(results[j:j+1], results[j].Diags); err != nil {
				return nil, err
			}
		}
	}
	c.Summary = report.Summary{Packs: len(targets)}
	for _, ps := range c.packs {
		c.Diags = append(c.Diags, ps.diags...)
		if ps.rec != nil {
			c.Summary.Files += ps.rec.Files
		} else {
			c.Summary.Files += ps.res.Files
		}
	}
	validate.Sort(c.Diags)
	c.Summary.Errors, c.Summary.Warnings = validate.Count(c.Diags)
	return c, nil
}

// check loads and validates targets with the renderer's text measure.
// The renderer (its fonts parsed) is made on the other core while the
// packs load: only their validation needs it.
func (c *Checked) check(targets []check.Target) ([]check.Result, error) {
	renderer := sync.OnceValues(c.renderer)
	go func() {
		if _, err := renderer(); err != nil {
			return // returned below, once the packs are checked
		}
	}()
	opts := c.env.Check
	opts.Fitter = func(p *schema.Pack) validate.TextFitter {
		r, err := renderer()
		if err != nil {
			return nil
		}
		if pr, err := r.ForPack(p); err == nil {
			return pr
		}
		return nil
	}
	if c.cache != nil {
		if c.docs == nil {
			c.docs = map[string]*docStore{}
		}
		for _, t := range targets {
			c.docs[t.Name] = c.docStore(t)
		}
		docs := maps.Clone(c.docs)
		opts.Cache = func(t check.Target) schema.DocCache {
			if s := docs[t.Name]; s != nil {
				return s
			}
			return nil
		}
	}
	results := check.Targets(targets, opts)
	if _, err := renderer(); err != nil {
		return nil, err
	}
	return results, nil
}

// renderer is the build's renderer, made on first use.
func (c *Checked) renderer() (*generator.Renderer, error) {
	c.rmu.Lock()
	defer c.rmu.Unlock()
	if c.r == nil {
		r, err := c.env.Renderer()
		if err != nil {
			return nil, err
		}
		c.r = r
	}
	return c.r, nil
}

// Len is the number of packs.
func (c *Checked) Len() int { return len(c.packs) }

// ID is the id of pack i: its kit is written to Out/<id>.
func (c *Checked) ID(i int) string {
	ps := c.packs[i]
	switch {
	case ps.rec != nil:
		return ps.rec.ID
	case ps.res != nil && ps.res.Pack != nil && ps.res.Pack.Game != nil:
		return ps.res.Pack.Game.ID
	}
	return ps.id
}

// Result is pack i as loaded and validated, or false when its findings
// came from the cache and it was not loaded.
func (c *Checked) Result(i int) (check.Result, bool) {
	if ps := c.packs[i]; ps.res != nil {
		return *ps.res, true
	}
	return check.Result{}, false
}

// Release lets go of pack i as loaded, once its kit is written: a build
// of several packs then holds only the packs still to write beside the
// one it writes. Afterwards, Result(i) reports the pack not loaded; ID(i)
// still answers, and Build(i) must not be called again.
func (c *Checked) Release(i int) {
	ps := c.packs[i]
	if ps.res == nil {
		return
	}
	ps.id = c.ID(i)
	// The results of one check share an array, which stays alive while
	// any of them is held: clear this one rather than drop the pointer.
	*ps.res = check.Result{}
	ps.res = nil
}

// Cached reports whether pack i was checked from the cache.
func (c *Checked) Cached(i int) bool { return c.packs[i].rec != nil }

// CheckIDs refuses packs that share an id: they would be written to the
// same folder of Out.
func (c *Checked) CheckIDs() error {
	seen := map[string]string{}
	for i, ps := range c.packs {
		id := c.ID(i)
		if first, dup := seen[id]; dup {
			at := ""
			if ps.rec != nil {
				at = ps.rec.IDPos
			} else {
				at = ps.res.Pack.Game.Ref.Child("id").Pos().String()
			}
			return fmt.Errorf("%s: pack id %q is also the id of %s; both would be written to %s/%s: give one another id",
				at, id, first, c.opts.Out, id)
		}
		seen[id] = ps.target.Name
	}
	return nil
}

// Build writes the kit of pack i (BuildPack), under the output folder's
// lock (LockOutDir), which the caller holds. A pack checked from the cache
// whose kit is still as the earlier build left it is not written again:
// the build says what that build said and returns its files. Otherwise the
// pack is built (loaded first, if it came from the cache) and the cache
// records the build, unless its files changed while it ran.
func (c *Checked) Build(ctx context.Context, i int, status Status) ([]generator.Artifact, error) {
	c.sweep(status)
	return c.build(ctx, i, c.opts, status)
}

// sweep removes, once, the temporary files that writes of cache entries
// left behind when their process was killed. It runs before any pack
// builds: the packs of BuildAll write entries at once, and a sweep while
// they build would remove their files before they are renamed. The caller
// holds the output folder's lock, so no other process writes entries.
func (c *Checked) sweep(status Status) {
	c.swept.Do(func() {
		if c.cache == nil {
			return
		}
		if err := c.cache.Sweep(); err != nil {
			fmt.Fprintf(status, "runforge: warning: %v\n", err)
		}
	})
}

// BuildAll builds every pack (Build) at once: their jobs share one pool of
// GOMAXPROCS renderers, so that while one pack plans its kit, gathers its
// print run or finishes its last job, the others keep the cores busy. It
// is the packs built one after the other as they are given, to anyone
// watching: each pack's kit is swapped in only after the packs before it,
// what each says on status is said in pack order, and done is called with
// each pack's files in pack order. When a pack fails, the packs after it
// are not swapped in (their previous kits stay) and its error is returned.
func (c *Checked) BuildAll(ctx context.Context, status Status, done func(i int, arts []generator.Artifact)) error {
	for _, ps := range c.packs {
		if ps.rec == nil {
			if _, err := c.renderer(); err != nil {
				return err
			}
			break
		}
	}
	c.sweep(status)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	pool := generator.NewJobPool()
	kits := c.sharedKits()
	n := len(c.packs)
	type built struct {
		arts   []generator.Artifact
		err    error
		status bytes.Buffer
	}
	res := make([]built, n)
	finished := make([]chan struct{}, n) // pack i built, or failed
	swapped := make([]chan struct{}, n)  // pack i swapped in: pack i+1 may swap
	for i := range n {
		finished[i], swapped[i] = make(chan struct{}), make(chan struct{})
	}
	var wg sync.WaitGroup
	for i := range n {
		o := c.opts
		o.jobs, o.kits = pool, kits
		id := c.ID(i)
		// The next pack may swap as soon as this one's kit is in place,
		// while its previous kit is removed; a pack the cache kept swaps
		// nothing and passes the turn on when it is done.
		o.swapped = sync.OnceFunc(func() { close(swapped[i]) })
		o.turn = func() error {
			if i == 0 {
				return nil
			}
			select {
			case <-swapped[i-1]:
				return nil
			case <-ctx.Done():
				return context.Cause(ctx)
			}
		}
		wg.Go(func() {
			defer close(finished[i])
			// A kit its build did not share (it failed before its files
			// were written) is not waited for any longer.
			defer kits.Drop(id)
			res[i].arts, res[i].err = c.build(ctx, i, o, &res[i].status)
			if res[i].err == nil {
				o.swapped()
			}
			// Its kit is written: let go of the pack while the others build.
			c.Release(i)
		})
	}
	var err error
	failed := -1
	for i := range n {
		<-finished[i]
		fmt.Fprintf(status, "%s", res[i].status.Bytes())
		if err = res[i].err; err != nil {
			failed = i
			cancel(errPackFailed)
			break
		}
		done(i, res[i].arts)
	}
	wg.Wait()
	if failed < 0 || errors.Is(err, ErrInterrupted) {
		return err
	}
	// Say what became of the failed pack's kit and of the packs after it,
	// which are not swapped in (an interruption says so itself).
	id := c.ID(failed)
	left := []string{fmt.Sprintf("%s was not built; %s", id, kitLeft(c.opts.Out, id))}
	for j := failed + 1; j < n; j++ {
		left = append(left, fmt.Sprintf("%s was not built, as %s failed; %s", c.ID(j), id, kitLeft(c.opts.Out, c.ID(j))))
	}
	return fmt.Errorf("%w\n%s", err, strings.Join(left, "\n"))
}

// sharedKits are the kits of the packs BuildAll builds that add-ons it
// builds extend: their builds share the files they write, which those
// add-ons' indexes would otherwise render again (generator.SharedKits).
// None with WithBase, where an add-on's kit holds everything and its
// index names no other kit's pages.
func (c *Checked) sharedKits() *generator.SharedKits {
	if c.opts.WithBase {
		return nil
	}
	loaded := func(ps *packState) *schema.Pack {
		if ps.rec != nil || ps.res == nil || ps.res.Pack == nil || ps.res.Pack.Game == nil {
			return nil
		}
		return ps.res.Pack
	}
	built := map[string]bool{}
	for _, ps := range c.packs {
		if p := loaded(ps); p != nil {
			built[p.Game.ID] = true
		}
	}
	var ids []string
	for _, ps := range c.packs {
		if p := loaded(ps); p != nil {
			for _, b := range p.Bases {
				if built[b.ID] && !slices.Contains(ids, b.ID) {
					ids = append(ids, b.ID)
				}
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return generator.NewSharedKits(ids...)
}

// errPackFailed is the cause the packs after a failed one are stopped
// with; it is never returned.
var errPackFailed = errors.New("an earlier pack of the build failed")

// build is Build with options o: the build's, or those of one pack of
// BuildAll.
func (c *Checked) build(ctx context.Context, i int, o Options, status Status) ([]generator.Artifact, error) {
	ps := c.packs[i]
	if ps.rec != nil {
		if err := ctx.Err(); err != nil {
			return nil, interruptedError(o.Out, ps.rec.ID)
		}
		if buildcache.SameTree(filepath.Join(o.Out, ps.rec.ID), ps.rec.Outputs) {
			removeStale(o.Out, ps.rec.ID, status)
			for _, n := range ps.rec.Notes {
				fmt.Fprintf(status, "%s\n", n)
			}
			return ps.rec.Artifacts, nil
		}
		// Another build replaced the kit since it was checked: build it.
		ps.key = o.packKey(ps.target, c.exe)
		c.mu.Lock() // packs of BuildAll may check again at once
		results, err := c.check([]check.Target{ps.target})
		c.mu.Unlock()
		if err != nil {
			return nil, err
		}
		ps.res, ps.rec = &results[0], nil
		if ps.diags, err = o.CheckBuildTargets(results, results[0].Diags); err != nil {
			return nil, err
		}
	}
	r, err := c.renderer()
	if err != nil {
		return nil, err
	}
	var previews *previewStore
	if c.cache != nil && ps.res.Pack != nil && ps.res.Pack.Game != nil {
		previews = c.previewStore(ps)
	}
	arts, notes, err := o.buildPack(ctx, r, *ps.res, previews, status)
	if err != nil {
		return nil, err
	}
	if previews != nil {
		err = previews.finish()
	}
	if err == nil && ps.key != "" && c.cache != nil {
		err = c.record(ps, arts, notes)
	}
	c.mu.Lock()
	docs := c.docs[ps.target.Name]
	c.mu.Unlock()
	if err == nil && docs != nil {
		err = docs.finish()
	}
	if err != nil {
		fmt.Fprintf(status, "runforge: warning: the build cache was not updated: %v\n", err)
	}
	return arts, nil
}

// previewStore is the cache of a pack's rendered previews
// (generator.PreviewCache): the group "previews-<id>" of the build cache.
// It notes the entries a build uses, so that finish can drop the rest.
type previewStore struct {
	cache *buildcache.Cache
	group string
	base  string // what the previews depend on besides their drawing

	mu   sync.Mutex
	used map[string]bool
	err  error
}

// previewStore is the preview cache of pack ps's build. Its base holds
// the running runforge and every file of the pack but the content YAML,
// whose effect on a preview its drawing calls show: pictures, fonts, and
// game.yaml (which names the fonts).
func (c *Checked) previewStore(ps *packState) *previewStore {
	k := buildcache.NewKey("previews")
	k.String("exe", c.exe)
	k.String("version", c.opts.Version)
	out := outputInside(ps.target.Name, c.opts.Out)
	skip := func(p string) bool {
		if out != nil && out(p) {
			return true
		}
		ext := strings.ToLower(path.Ext(p))
		return p != schema.ManifestFile && (ext == ".yaml" || ext == ".yml")
	}
	if err := buildcache.HashFS(k, ps.target.FS, skip); err != nil {
		return nil
	}
	return &previewStore{cache: c.cache, group: "previews-" + ps.res.Pack.Game.ID, base: k.Sum(), used: map[string]bool{}}
}

// Get implements generator.PreviewCache.
func (s *previewStore) Get(name string) ([]byte, bool) {
	data, ok := s.cache.Get(s.group, name)
	if ok {
		s.mu.Lock()
		s.used[name] = true
		s.mu.Unlock()
	}
	return data, ok
}

// Put implements generator.PreviewCache; finish reports its first error.
func (s *previewStore) Put(name string, data []byte) {
	err := s.cache.Put(s.group, name, data)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.used[name] = true
	if s.err == nil {
		s.err = err
	}
}

// PutFile implements generator.PreviewCache; finish reports its first
// error.
func (s *previewStore) PutFile(name string, data []byte) {
	err := s.cache.PutFile(s.group, name, data)
	s.use(name, err)
}

// LinkFile implements generator.PreviewCache.
func (s *previewStore) LinkFile(name, dst string) (bool, error) {
	ok, err := s.cache.LinkFile(s.group, name, dst)
	if ok {
		s.use(name, nil)
	}
	return ok, err
}

// use notes that the build uses the file entry name, and the first error
// of storing one.
func (s *previewStore) use(name string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range buildcache.FileEntries(name) {
		s.used[n] = true
	}
	if s.err == nil {
		s.err = err
	}
}

// finish drops the entries the build did not use (those of previews that
// changed since) and reports the first error of Put.
func (s *previewStore) finish() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	return s.cache.Keep(s.group, func(name string) bool { return s.used[name] })
}

// docStore is the cache of the files of one target that loaded clean
// (schema.DocCache): the group "files-<hash of the target's name>" of the
// build cache, each entry named by its key and the running runforge. What
// loading finds is written under the output folder's lock, when the pack
// is built (finish).
type docStore struct {
	cache *buildcache.Cache
	group string
	exe   string

	mu   sync.Mutex
	used map[string]bool
}

// docStore is the store of target t's files.
func (c *Checked) docStore(t check.Target) *docStore {
	k := buildcache.NewKey("files")
	k.String("target", t.Name)
	return &docStore{cache: c.cache, group: "files-" + k.Sum()[:16], exe: c.exe, used: map[string]bool{}}
}

// name is the entry of a key; a built-in template's keeps its prefix.
func (s *docStore) name(key string) string {
	k := buildcache.NewKey("file")
	k.String("exe", s.exe)
	k.String("key", key)
	if strings.HasPrefix(key, schema.BuiltinKeyPrefix) {
		return schema.BuiltinKeyPrefix + k.Sum()
	}
	return k.Sum()
}

// Get implements schema.DocCache.
func (s *docStore) Get(key string) ([]byte, bool) {
	n := s.name(key)
	data, ok := s.cache.Get(s.group, n)
	if ok {
		s.use(n)
	}
	return data, ok
}

// Put implements schema.DocCache: the entry is written by finish.
func (s *docStore) Put(key string, data []byte) {
	n := s.name(key)
	s.cache.PutLater(s.group, n, data)
	s.use(n)
}

func (s *docStore) use(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.used[name] = true
}

// finish writes the entries the load found and drops those it did not use
// (files since changed, or of another runforge). The built-in templates
// are read once per process: their entries are dropped only when this
// load read some (a later build of `build --watch` reads none). The
// caller holds the output folder's lock.
func (s *docStore) finish() error {
	if err := s.cache.Flush(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	builtin := func(name string) bool { return strings.HasPrefix(name, schema.BuiltinKeyPrefix) }
	readBuiltin := slices.ContainsFunc(slices.Collect(maps.Keys(s.used)), builtin)
	return s.cache.Keep(s.group, func(name string) bool { return s.used[name] || builtin(name) && !readBuiltin })
}

// record writes the record of pack ps's build, when its inputs are still
// those it was checked with.
func (c *Checked) record(ps *packState, arts []generator.Artifact, notes []string) error {
	if now := c.opts.packKey(ps.target, c.exe); now != ps.key {
		return nil // edited while it was built: the next build checks it again
	}
	p := ps.res.Pack
	outputs, err := buildcache.StatTree(filepath.Join(c.opts.Out, p.Game.ID))
	if err != nil {
		return err
	}
	rec := record{
		ID: p.Game.ID, IDPos: p.Game.Ref.Child("id").Pos().String(), Files: ps.res.Files,
		Notes: notes, Artifacts: arts, Outputs: outputs,
	}
	for _, d := range ps.diags {
		rec.Diags = append(rec.Diags, diagRecord{Pos: d.Pos, Severity: int(d.Severity), Rule: d.Rule, Message: d.Message, Hint: d.Hint, Related: d.Related})
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(rec); err != nil {
		return fmt.Errorf("encoding the build record: %w", err)
	}
	// The pack's kit is this build's now: the record of the build before,
	// which the entry "id-<id>" names, describes a kit that is gone.
	latest := "id-" + p.Game.ID
	before, _ := c.cache.Get(recordGroup, latest)
	if err := c.cache.Put(recordGroup, ps.key, buf.Bytes()); err != nil {
		return err
	}
	if err := c.cache.Put(recordGroup, latest, []byte(ps.key)); err != nil {
		return err
	}
	if old := string(before); old != "" && old != ps.key {
		return c.cache.Remove(recordGroup, old)
	}
	return nil
}

// lookup reads the record of the build whose key is key.
func (c *Checked) lookup(key string) *record {
	data, ok := c.cache.Get(recordGroup, key)
	if !ok {
		return nil
	}
	var rec record
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&rec); err != nil || rec.ID == "" || len(rec.Outputs) == 0 {
		return nil
	}
	return &rec
}

// recordGroup is the cache group of the kits' build records: each named
// by its key, and for each pack id the key of its latest one.
const recordGroup = "kits"

// record is what the cache keeps of one pack's build: what the build said
// and wrote, and the stat of every file of its kit.
type record struct {
	ID        string
	IDPos     string
	Files     int
	Diags     []diagRecord
	Notes     []string
	Artifacts []generator.Artifact
	Outputs   []buildcache.FileStat
}

// diagRecord is a diagnostic as the cache keeps it.
type diagRecord struct {
	Pos      schema.Pos
	Severity int
	Rule     string
	Message  string
	Hint     string
	Related  []validate.Related
}

// diagnostics are the record's findings.
func (r *record) diagnostics() []validate.Diagnostic {
	var out []validate.Diagnostic
	for _, d := range r.Diags {
		out = append(out, validate.Diagnostic{Pos: d.Pos, Severity: validate.Severity(d.Severity), Rule: d.Rule, Message: d.Message, Hint: d.Hint, Related: d.Related})
	}
	return out
}

// packKey is the cache key of a build of target t: the running runforge
// (exe, its version), the games and rules it knows, the target as named,
// every file of the pack, and the build's options. "" when the pack's
// files cannot be hashed (too many): such a pack is always built.
func (o Options) packKey(t check.Target, exe string) string {
	k := buildcache.NewKey("kit")
	k.String("exe", exe)
	k.String("version", o.Version)
	if o.Registry != nil {
		for _, r := range o.Registry.Rules() {
			k.String("rule", r.ID)
			k.Int("severity", int64(r.Severity))
			k.Strings("games", r.Games)
			k.Bool("fixed", r.Fixed)
			k.Bool("blocks", r.BlocksBuild)
		}
	}
	k.String("target", t.Name)
	k.String("file", t.File)
	k.String("dir", t.Dir)
	skip := outputInside(t.Name, o.Out)
	if err := buildcache.HashFS(k, t.FS, skip); err != nil {
		return ""
	}
	f := o.Flags
	for _, v := range []struct {
		name, value string
	}{
		{"paper", f.Paper}, {"duplex", f.Duplex}, {"back-offset", f.BackOffset},
		{"no-crop-marks", fmt.Sprint(f.NoCropMarks)}, {"cut-lines", fmt.Sprint(f.CutLines)},
		{"margin", f.Margin}, {"layout", f.Layout}, {"ink-saver", fmt.Sprint(f.InkSaver)},
		{"grayscale", fmt.Sprint(f.Grayscale)}, {"cmyk", fmt.Sprint(f.CMYK)},
	} {
		k.Bool("given "+v.name, f.given(v.name))
		k.String(v.name, v.value)
	}
	k.Bool("no-previews", o.NoPreviews)
	k.Bool("strict", o.Strict)
	k.Bool("allow-overflow", o.AllowOverflow)
	k.Bool("with-base", o.WithBase)
	k.Int("png", int64(o.PNGDPI))
	k.Bool("tts", o.TTS)
	k.String("tts-url", o.TTSURL)
	k.Int("created", o.Created.UnixNano())
	return k.Sum()
}

// outputInside is, when the output folder out lies inside the pack folder
// dir, what HashFS must skip: it is no input of the pack.
func outputInside(dir, out string) func(string) bool {
	d, err1 := filepath.Abs(dir)
	o, err2 := filepath.Abs(out)
	if err := errors.Join(err1, err2); err != nil {
		return nil
	}
	rel, err := filepath.Rel(d, o)
	if err != nil {
		return nil
	}
	rel = filepath.ToSlash(rel)
	if rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
		return nil
	}
	return func(p string) bool { return p == rel }
}

// BuildPackCached is BuildPack for a pack already loaded and validated (as
// `runforge serve` does on every save), with the card previews that did
// not change since its last build taken from the cache in Out/.cache. It
// keeps no record of the build: the pack is loaded and checked each time.
// With o.NoCache, or a cache that cannot be used (said on status), it is
// BuildPack.
func (o Options) BuildPackCached(ctx context.Context, r *generator.Renderer, res check.Result, status Status) ([]generator.Artifact, error) {
	if o.NoCache || res.Pack == nil || res.Pack.Game == nil {
		return BuildPack(ctx, r, res, o, status)
	}
	c := &Checked{opts: o, cache: buildcache.Open(o.Out)}
	exe, err := c.cache.ExecutableID()
	if err != nil {
		fmt.Fprintf(status, "runforge: warning: building without the cache: %v\n", err)
		return BuildPack(ctx, r, res, o, status)
	}
	c.exe = exe
	previews := c.previewStore(&packState{target: res.Target, res: &res})
	arts, _, err := o.buildPack(ctx, r, res, previews, status)
	if err != nil {
		return nil, err
	}
	if previews != nil {
		if err := previews.finish(); err != nil {
			fmt.Fprintf(status, "runforge: warning: the build cache was not updated: %v\n", err)
		}
	}
	return arts, nil
}
