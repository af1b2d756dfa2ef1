package schema

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/schema/internal/yamldoc"
	"golang.org/x/image/font/sfnt"
)

// Loading a pack is a pipeline of four steps, each a function of the
// result of the one before:
//
//  1. readChain reads and scans the files of the pack and of the packs it
//     extends, base first: each manifest decoded, its fonts, each content
//     file parsed with positions and checked against its kind's schema;
//  2. decodeChain decodes each document into an element or templates;
//  3. mergeChain lays each pack over the one it extends;
//  4. reportUnloaded reports what was not loaded: the YAML files a pack
//     does not load, and the components of the files that failed.

// LoadOptions tune LoadPackWith.
type LoadOptions struct {
	// Base finds a pack that a manifest's extends: names (the bundled packs).
	Base func(name string) (fs.FS, bool)
	// BaseNames lists the names Base knows, for a did-you-mean hint.
	BaseNames []string
	// Registry is the registry of the games a pack may be of: their kinds,
	// card types, icons, settings blocks and built-in templates. It must be
	// set.
	Registry *Registry
	// Cache, if set, keeps the files that load clean (the built-in
	// templates' too) for the next run.
	Cache DocCache
}

// LoadPack reads the pack in fsys (whose root is the pack folder) as a pack
// of one of the games in reg. root is the name shown in positions. Problems
// are positioned and sorted; the pack is nil only when the manifest itself
// cannot be read.
func LoadPack(fsys fs.FS, root string, reg *Registry) (*Pack, []Problem) {
	return LoadPackWith(fsys, root, LoadOptions{Registry: reg})
}

// LoadPackWith is LoadPack with a way to find the packs named by extends:.
// A pack that extends another starts from it: its components, templates and
// elements replace the base's of the same id (decks merge card by card) or
// add to them; its rules and print settings override the base's.
//
// opts.Registry must be set: a loader without the games' registry is a
// mistake in the caller, and LoadPackWith panics.
func LoadPackWith(fsys fs.FS, root string, opts LoadOptions) (*Pack, []Problem) {
	if opts.Registry == nil {
		panic("schema: LoadPackWith needs LoadOptions.Registry")
	}
	// The built-in templates do not depend on the pack: they are read
	// while the pack is.
	type templatesRead struct {
		docs  []*yamldoc.Document
		probs []Problem
	}
	done := make(chan templatesRead, 1)
	go func() {
		docs, probs := opts.Registry.builtinTemplates(opts.Cache)
		done <- templatesRead{docs, probs}
	}()
	chain, ps := readChain(fsys, root, opts, nil, new(int))
	t := <-done
	builtin, probs := t.docs, append(t.probs, ps...)
	if chain == nil {
		yamldoc.SortProblems(probs)
		return nil, probs
	}
	decoded, ps := opts.Registry.decodeChain(builtin, chain)
	probs = append(probs, ps...)
	p, ps := mergeChain(decoded)
	probs = append(probs, ps...)
	probs = append(probs, reportUnloaded(p, decoded)...)
	yamldoc.SortProblems(probs)
	return p, probs
}

// MaxExtendsDepth bounds chains of packs extending packs.
const MaxExtendsDepth = 4

// Step 1: read and scan.

// packRead is one pack of an extends chain as read from its folder: its
// manifest decoded into Pack.Game, its fonts, and its content files parsed
// and schema-checked.
type packRead struct {
	pack *Pack
	// files are the content files the manifest names (or the YAML files
	// beside it), in load order.
	files []contentFile
	// docs are those files as read, one for each.
	docs []fileRead
}

// fileRead is a content file as read: doc is nil when the file could not
// be parsed at all; ok is set when it was parsed and schema-checked without
// a problem.
type fileRead struct {
	doc *yamldoc.Document
	ok  bool
}

// readChain reads the pack in fsys after the packs it extends and returns
// them base first, or nil when the pack's manifest cannot be read. chain
// holds the ids of the packs that extend it, to stop cycles. nodes counts
// the keys and values the files of all of them hold, against MaxPackNodes;
// the files are read in the order they count: the manifest, the packs it
// extends, then its content files.
func readChain(fsys fs.FS, root string, opts LoadOptions, chain []string, nodes *int) ([]*packRead, []Problem) {
	p := &Pack{Root: root, FS: fsys, Unloaded: map[string]bool{}, FontData: map[string][]byte{}, nodes: nodes, registry: opts.Registry, docs: opts.Cache}
	var probs []Problem

	if _, err := fs.Stat(fsys, ManifestFile); errors.Is(err, fs.ErrNotExist) {
		return nil, p.missingManifest(opts.BaseNames)
	}
	d, ps := p.readDoc(ManifestFile, Pos{}, "Game")
	if len(ps) > 0 {
		// A manifest whose only schema problems are unknown (misspelt)
		// fields is reported, and the other files are still checked, as
		// far as the rules that need the whole pack allow: its values are
		// all valid. Any other problem (a value of the wrong type or out
		// of range, no Game, no YAML) stops here.
		if d == nil || slices.ContainsFunc(ps, func(pr Problem) bool {
			return pr.Rule != "schema/invalid" || !strings.HasPrefix(pr.Message, "unknown field ")
		}) {
			return nil, append(probs, ps...)
		}
		probs = append(probs, ps...)
		p.Unreadable = true
	}
	p.Game = &Game{}
	if err := DecodeInto(d.Value, p.Game); err != nil {
		return nil, append(probs, Problem{Pos: d.Pos(""), Rule: "schema/invalid", Message: err.Error()})
	}
	settings, err := opts.Registry.decodeSettings(d.Value)
	if err != nil {
		return nil, append(probs, Problem{Pos: d.Pos(""), Rule: "schema/invalid", Message: err.Error()})
	}
	p.Game.Settings = settings
	p.Game.Ref = Ref{doc: d}
	for i, c := range p.Game.Components {
		c.Ref = p.Game.Ref.Child("components").Index(i)
	}
	probs = append(probs, p.loadFonts()...)

	base, ps := readBase(p, opts, chain, nodes)
	probs = append(probs, ps...)

	r := &packRead{pack: p}
	files, missing, ps := p.contentFiles(d)
	probs = append(probs, ps...)
	p.MissingIncludes = missing
	r.files = files
	read := p.parseDocs(files)
	for i, f := range files {
		var doc *yamldoc.Document
		var ps []Problem
		if left := MaxPackNodes - *p.nodes; left < MaxNodes {
			// The pack's limit binds: read the file again within it.
			doc, ps = p.readDoc(f.name, f.from, "")
		} else {
			doc, ps = p.account(read[i], f.from)
		}
		probs = append(probs, ps...)
		r.docs = append(r.docs, fileRead{doc: doc, ok: doc != nil && len(ps) == 0})
	}
	return append(base, r), probs
}

// parseDocs reads, parses and schema-checks the content files on every
// core, each within the limit of a file (MaxNodes): a file's work is its
// own. The caller accounts for them in file order (account), so the pack
// sees them as if read one by one.
func (p *Pack) parseDocs(files []contentFile) []docRead {
	out := make([]docRead, len(files))
	workers := min(runtime.GOMAXPROCS(0), len(files))
	if workers <= 1 {
		for i, f := range files {
			out[i] = p.parseDoc(f.name, "", MaxNodes, "")
		}
		return out
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(files); i = int(next.Add(1) - 1) {
				out[i] = p.parseDoc(files[i].name, "", MaxNodes, "")
			}
		})
	}
	wg.Wait()
	return out
}

// loadFonts reads and checks the manifest's fonts.
func (p *Pack) loadFonts() []Problem {
	var probs []Problem
	for i, f := range p.Game.Fonts {
		f.Ref = p.Game.Ref.Child("fonts").Index(i)
		pos := f.Ref.Child("file").Pos()
		if slices.Contains(BuiltinFonts, f.Name) {
			probs = append(probs, Problem{Pos: f.Ref.Child("name").Pos(), Rule: "pack/font",
				Message: fmt.Sprintf("font name %q is a built-in font; choose another name", f.Name)})
			continue
		}
		data, err := ReadLimited(p.FS, path.Clean(f.File), MaxFontSize)
		if err != nil {
			rule := "pack/missing-file"
			if errors.Is(err, ErrTooLarge) {
				rule = "pack/font"
			}
			probs = append(probs, Problem{Pos: pos, Rule: rule, Message: err.Error()})
			continue
		}
		if _, err := sfnt.Parse(data); err != nil {
			probs = append(probs, Problem{Pos: pos, Rule: "pack/font",
				Message: fmt.Sprintf("%s is not a TrueType font runforge can read: %v", f.File, err)})
			continue
		}
		p.FontData[f.Name] = data
	}
	return probs
}

// readBase reads the packs that p's manifest extends, if any, base first.
func readBase(p *Pack, opts LoadOptions, chain []string, nodes *int) ([]*packRead, []Problem) {
	name := p.Game.Extends
	if name == "" {
		return nil, nil
	}
	pos := p.Game.Ref.Child("extends").Pos()
	problem := func(rule, format string, args ...any) []Problem {
		return []Problem{{Pos: pos, Rule: rule, Message: fmt.Sprintf(format, args...)}}
	}
	for _, id := range append(chain, p.Game.ID) {
		if id == name {
			return nil, problem("pack/dangling-ref", "pack %q extends %q, which extends it in turn", p.Game.ID, name)
		}
	}
	if len(chain) >= MaxExtendsDepth {
		return nil, problem("pack/dangling-ref", "packs extend each other more than %d deep", MaxExtendsDepth)
	}
	var bfs fs.FS
	ok := false
	if opts.Base != nil {
		bfs, ok = opts.Base(name)
	}
	if !ok {
		probs := problem("pack/dangling-ref", "extends %q: there is no bundled pack of that name (`runforge packs` lists them)", name)
		if h := suggest.Hint(name, opts.BaseNames, "%q", ""); h != "" {
			probs[0].Hint = h
		} else if len(opts.BaseNames) > 0 {
			probs[0].Hint = "bundled packs: " + strings.Join(opts.BaseNames, ", ")
		}
		return nil, probs
	}
	bases, probs := readChain(bfs, name, opts, append(chain, p.Game.ID), nodes)
	if bases == nil {
		return nil, probs
	}
	base := bases[len(bases)-1].pack
	if base.Game.System != p.Game.System {
		probs = append(probs, Problem{Pos: p.Game.Ref.Child("system").Pos(), Rule: "schema/invalid",
			Message: fmt.Sprintf("system %q differs from %q of the extended pack %q", p.Game.System, base.Game.System, name)})
	}
	return bases, probs
}

// readDoc reads, parses and schema-checks one file of the pack. from is
// the position of the entry that names the file (an include: entry), if
// any: problems with the file as a whole are placed there. kind, if set, is
// the kind the file must declare.
func (p *Pack) readDoc(name string, from Pos, kind string) (*yamldoc.Document, []Problem) {
	budget, why := MaxNodes, ""
	if left := MaxPackNodes - *p.nodes; left < budget {
		budget = max(left, 0)
		why = fmt.Sprintf("with this file, the pack's files hold more than %d keys and values; that is the limit for a pack", MaxPackNodes)
	}
	return p.account(p.parseDoc(name, kind, budget, why), from)
}

// docRead is one file read, parsed and schema-checked by parseDoc, not yet
// accounted for in the pack.
type docRead struct {
	display string
	err     error // reading the file failed
	doc     *yamldoc.Document
	probs   []Problem
}

// parseDoc reads, parses within budget nodes (why says why, if it is the
// pack's limit) and schema-checks one file; kind, if set, is the kind the
// file must declare. It changes nothing in p, so files can be read at once.
func (p *Pack) parseDoc(name, kind string, budget int, why string) docRead {
	r := docRead{display: p.DisplayPath(name)}
	src, err := ReadLimited(p.FS, name, MaxFileSize)
	if err != nil {
		r.err = err
		return r
	}
	key, _ := p.Registry().docKey(r.display, kind, budget, why, src)
	if d, ok := cachedDoc(p.docs, key, r.display); ok {
		r.doc = d
		return r
	}
	// The file's schema compiles on the other core while it parses.
	p.Registry().prepareSchema(kindHint(src))
	d, probs := yamldoc.ParseWithin(r.display, src, budget, why)
	if len(probs) > 0 {
		r.probs = probs
		return r
	}
	r.doc = d
	defer func() {
		if len(r.probs) == 0 {
			keepDoc(p.docs, key, d)
		}
	}()
	if kind != "" {
		if pr, ok := wrongKind(d, kind); !ok {
			r.probs = []Problem{pr}
			return r
		}
	}
	if _, probs := p.Registry().checkSchema(d); len(probs) > 0 {
		if pr, ok := p.foreignDeckProblem(d); ok {
			r.probs = []Problem{pr}
			return r
		}
		r.probs = probs
	}
	return r
}

// account adds a file parseDoc read to the pack: its name to p.Files, its
// keys and values to the pack's count. from is the position of the entry
// that names the file (an include: entry), if any: problems with the file
// as a whole are placed there.
func (p *Pack) account(r docRead, from Pos) (*yamldoc.Document, []Problem) {
	if r.err != nil {
		return nil, []Problem{p.readProblem(r.display, from, r.err)}
	}
	p.Files = append(p.Files, r.display)
	if r.doc == nil {
		return nil, r.probs
	}
	*p.nodes += r.doc.Nodes
	return r.doc, r.probs
}

// missingManifest reports a folder of content without its game.yaml: at
// the first line of each YAML file there, since the manifest it lacks is
// no file a position could name. The hint lists the bundled packs, if any,
// that `runforge init` can start a pack from.
func (p *Pack) missingManifest(baseNames []string) []Problem {
	msg := fmt.Sprintf("this folder has no %s, so it is no pack and this file is not loaded: a pack's manifest %s (kind: Game) names its game and lists its components", ManifestFile, ManifestFile)
	hint := "`runforge init my-pack --from PACK` starts a pack with its manifest from a bundled pack"
	if len(baseNames) > 0 {
		hint = "`runforge init my-pack --from PACK` starts a pack with its manifest; PACK is one of the bundled packs: " + strings.Join(baseNames, ", ")
	}
	entries, err := fs.ReadDir(p.FS, ".")
	var probs []Problem
	for _, e := range entries {
		if ext := strings.ToLower(path.Ext(e.Name())); e.IsDir() || (ext != ".yaml" && ext != ".yml") {
			continue
		}
		display := p.DisplayPath(e.Name())
		p.Files = append(p.Files, display)
		probs = append(probs, Problem{Pos: Pos{File: display, Line: 1, Col: 1}, Rule: "pack/missing-file", Message: msg, Hint: hint})
	}
	if len(probs) == 0 {
		probs = append(probs, Problem{Pos: Pos{File: p.DisplayPath(ManifestFile)}, Rule: "pack/missing-file",
			Message: fmt.Sprintf("the pack has no %s", ManifestFile), Hint: hint})
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		probs = append(probs, p.folderProblem("pack/missing-file", err))
	}
	return probs
}

// folderProblem reports a pack folder that could not be listed (or not to
// the end), at the manifest.
func (p *Pack) folderProblem(rule string, err error) Problem {
	return Problem{Pos: Pos{File: p.DisplayPath(ManifestFile), Line: 1, Col: 1}, Rule: rule,
		Message: fmt.Sprintf("listing the pack folder: %v", err)}
}

// readProblem explains why a file of the pack could not be read, at the
// entry that names it or else at the file.
func (p *Pack) readProblem(display string, from Pos, err error) Problem {
	at := from
	rule := "pack/missing-file"
	switch {
	case errors.Is(err, ErrTooLarge):
		rule = "yaml/limit"
		p.Files = append(p.Files, display)
	case errors.Is(err, ErrEscapes):
		err = fmt.Errorf("%s is a link to a file outside the pack folder; runforge reads only files inside it", path.Base(display))
	}
	if at.Line == 0 {
		at = Pos{File: display}
		if !errors.Is(err, fs.ErrNotExist) {
			at.Line, at.Col = 1, 1
		}
	}
	return Problem{Pos: at, Rule: rule, Message: err.Error()}
}

// wrongKind checks that a file declares the kind it must (the manifest is
// kind: Game); otherwise the schema of the kind it declares would only
// report errors that do not matter.
func wrongKind(d *yamldoc.Document, want string) (Problem, bool) {
	obj, _ := d.Value.(map[string]any)
	got, has := obj["kind"]
	if got == want {
		return Problem{}, true
	}
	base := d.File[strings.LastIndexByte(d.File, '/')+1:]
	pr := Problem{Pos: d.Pos("/kind"), Rule: "schema/invalid",
		Message: fmt.Sprintf("%s is the pack manifest and must declare kind: %s", base, want)}
	if has {
		pr.Message += fmt.Sprintf(", not %v", got)
		if s, ok := got.(string); ok && s != "" {
			pr.Hint = fmt.Sprintf("put the %s in a file of its own, and write the manifest (kind: %s) in %s", strings.ToLower(s), want, base)
		}
	}
	return pr, false
}

// contentFile is a content file of the pack and the include: entry that
// names it, if any.
type contentFile struct {
	name string
	from Pos
}

// contentFiles lists the pack's content files: the manifest's include list,
// or every .yaml/.yml file in the pack folder but the manifest. It returns
// the include: entries that name no file, and a problem for each entry
// that repeats an earlier one.
func (p *Pack) contentFiles(manifest *yamldoc.Document) ([]contentFile, []Ref, []Problem) {
	if len(p.Game.Include) == 0 {
		entries, err := fs.ReadDir(p.FS, ".")
		var files []contentFile
		for _, e := range entries {
			if n := e.Name(); !e.IsDir() && n != ManifestFile && isYAMLName(n) {
				files = append(files, contentFile{name: n})
			}
		}
		sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
		if err != nil {
			return files, nil, []Problem{p.folderProblem("pack/missing-file", err)}
		}
		return files, nil, nil
	}
	var files []contentFile
	var missing []Ref
	var probs []Problem
	first := map[string]Ref{}
	for i, name := range p.Game.Include {
		ref := Ref{doc: manifest, Pointer: fmt.Sprintf("/include/%d", i)}
		clean := path.Clean(name)
		if prev, dup := first[clean]; dup {
			probs = append(probs, Problem{Pos: ref.Pos(), Rule: "schema/invalid",
				Message: fmt.Sprintf("%s is already listed in include:; a file is loaded once", clean),
				Hint:    "delete this entry", Related: []Related{{Pos: prev.Pos(), Message: "first listed here"}}})
			continue
		}
		first[clean] = ref
		if clean == ManifestFile {
			probs = append(probs, Problem{Pos: ref.Pos(), Rule: "schema/invalid",
				Message: fmt.Sprintf("include: lists %s, the manifest itself; it lists content files only", ManifestFile),
				Hint:    "delete this entry"})
			continue
		}
		if !fs.ValidPath(clean) {
			missing = append(missing, ref)
			continue
		}
		if _, err := fs.Stat(p.FS, clean); err != nil && !isEscape(err) {
			missing = append(missing, ref)
			continue
		}
		files = append(files, contentFile{name: clean, from: ref.Pos()})
	}
	return files, missing, probs
}

// isYAMLName reports whether a file name is a visible .yaml or .yml file.
func isYAMLName(n string) bool {
	return !strings.HasPrefix(n, ".") && (strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml"))
}

// Step 2: decode.

// packDecoded is one pack of an extends chain with its documents decoded:
// pack.Elements holds its own elements, not yet merged with its base's.
type packDecoded struct {
	read *packRead
	pack *Pack
	// failed are the documents that did not load (nil for a file that could
	// not be parsed at all), for reportUnloaded.
	failed []*yamldoc.Document
}

// decodeChain decodes the documents of every pack of a chain, base first,
// into elements, and resolves the templates of all of them over the
// built-in ones; the top pack gets the templates, each pack it extends
// those of its own layer and below.
func (r *Registry) decodeChain(builtin []*yamldoc.Document, chain []*packRead) ([]*packDecoded, []Problem) {
	var layers templateLayers
	for _, d := range builtin {
		layers.add(0, d, true)
	}
	var probs []Problem
	out := make([]*packDecoded, 0, len(chain))
	for _, pr := range chain {
		dp := &packDecoded{read: pr, pack: pr.pack}
		p := pr.pack
		layer := layers.push()
		for _, f := range pr.docs {
			if !f.ok {
				dp.failed = append(dp.failed, f.doc)
				continue
			}
			obj := f.doc.Value.(map[string]any)
			kind, _ := obj["kind"].(string)
			switch kind {
			case "Game":
				probs = append(probs, Problem{Pos: f.doc.Pos("/kind"), Rule: "schema/invalid",
					Message: "a pack has one manifest (game.yaml); this file declares kind: Game too"})
			case "Templates":
				p.DuplicateTemplates = append(p.DuplicateTemplates, layers.add(layer, f.doc, false)...)
			default:
				el, ps := r.kinds[kind].Decode(obj, Ref{doc: f.doc})
				probs = append(probs, ps...)
				if el == nil {
					dp.failed = append(dp.failed, f.doc)
					continue
				}
				p.Elements = append(p.Elements, el)
			}
		}
		out = append(out, dp)
	}
	out[len(out)-1].pack.Templates = layers.resolve()
	// Each extended pack gets the templates as its own kit sees them (its
	// layer and those below), for an add-on's index to plan that kit.
	for i, dp := range out[:len(out)-1] {
		below := layers[:i+2]
		dp.pack.Templates = below.resolve()
	}
	return out, probs
}

// Step 3: merge.

// mergeChain lays each pack of a decoded chain over the one it extends and
// returns the top pack, which then stands for all of them.
func mergeChain(chain []*packDecoded) (*Pack, []Problem) {
	p := chain[0].pack
	var probs []Problem
	p.Elements, probs = mergeElements(nil, p.Elements)
	for _, over := range chain[1:] {
		probs = append(probs, over.pack.mergeBase(p)...)
		p = over.pack
	}
	return p, probs
}

// Step 4: report what was not loaded.

// reportUnloaded records on p the components that the files of its chain
// which failed to load were meant to supply, and reports the YAML files in
// the pack folders that no pack loads.
func reportUnloaded(p *Pack, chain []*packDecoded) []Problem {
	var probs []Problem
	for _, dp := range chain {
		for _, d := range dp.failed {
			p.noteUnloaded(d)
		}
		probs = append(probs, dp.pack.unusedFiles(dp.read.files)...)
	}
	return probs
}

// noteUnloaded records the components a file that failed to load names:
// every component: field of its top level or of the lists in it, whatever
// its kind.
func (p *Pack) noteUnloaded(d *yamldoc.Document) {
	if d == nil {
		p.Unreadable = true
		return
	}
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		switch t := v.(type) {
		case map[string]any:
			if c, ok := t["component"].(string); ok {
				p.Unloaded[c] = true
			}
			if depth < 2 {
				for _, e := range t {
					walk(e, depth+1)
				}
			}
		case []any:
			for _, e := range t {
				walk(e, depth)
			}
		}
	}
	walk(d.Value, 0)
}

// maxWalk bounds the entries of a pack folder looked at for YAML files the
// pack does not load.
const maxWalk = 10_000

// unusedFiles reports the YAML files in sub-folders of a pack without an
// include: list (hidden folders aside): the pack does not load them, and
// nothing is skipped silently. A manifest's include: list chooses its files
// on purpose, so it has none.
func (p *Pack) unusedFiles(loaded []contentFile) []Problem {
	if len(p.Game.Include) > 0 {
		return nil
	}
	used := map[string]bool{ManifestFile: true}
	for _, f := range loaded {
		used[f.name] = true
	}
	var probs []Problem
	seen := 0
	err := fs.WalkDir(p.FS, ".", func(name string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if seen++; seen > maxWalk {
			probs = append(probs, Problem{Pos: Pos{File: p.DisplayPath(ManifestFile), Line: 1, Col: 1}, Rule: "pack/unused-file",
				Message: fmt.Sprintf("the pack folder holds more than %d files; runforge stopped looking for YAML files it does not load", maxWalk)})
			return fs.SkipAll
		}
		if name != "." && strings.HasPrefix(e.Name(), ".") {
			if e.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !e.IsDir() && isYAMLName(e.Name()) && !used[name] {
			probs = append(probs, Problem{Pos: Pos{File: p.DisplayPath(name), Line: 1, Col: 1}, Rule: "pack/unused-file",
				Message: "this YAML file is not part of the pack: without an include: list in game.yaml, only the YAML files beside it are loaded",
				Hint:    "move it beside game.yaml, or list the pack's content files under include: in game.yaml"})
		}
		return nil
	})
	if err != nil {
		probs = append(probs, p.folderProblem("pack/unused-file", err))
	}
	return probs
}
