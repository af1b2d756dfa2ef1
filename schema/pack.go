package schema

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"golang.org/x/image/font/sfnt"
)

// DuplicateTemplate is a template id declared twice in a pack.
type DuplicateTemplate struct {
	ID         string
	First, Dup Ref
}

// ManifestFile is the name of a pack's manifest.
const ManifestFile = "game.yaml"

// Pack is a loaded content pack.
type Pack struct {
	// Root is how the pack's files are named in diagnostics, e.g.
	// "data/run-for-your-life".
	Root string
	// FS holds the pack's files; it never reaches outside the pack folder.
	FS fs.FS

	Game *Game
	// Elements are the pack's content (decks, token sets, sheets, boards,
	// ...) in load order: an extended pack's first, overlaid by id.
	Elements  []Element
	Templates map[string]*Template
	// Files are the files of the pack and of the packs it extends that
	// were read, whatever their state, manifest first, as named in
	// diagnostics.
	Files []string
	// BaseFiles are the files of Files that belong to the packs this pack
	// extends (bundled packs), not to the pack itself.
	BaseFiles []string
	// MissingIncludes are the include: entries of the manifest that name no file.
	MissingIncludes []Ref
	// Unloaded are the components that a file which failed to load was
	// meant to supply; counting them would only repeat that file's errors.
	Unloaded map[string]bool
	// Unreadable is set when a content file could not be parsed at all, so
	// which components it supplies is unknown.
	Unreadable bool
	// DuplicateTemplates are pack templates whose id another pack template
	// already uses.
	DuplicateTemplates []DuplicateTemplate
	// FontData holds the TrueType bytes of the pack's fonts by name.
	FontData map[string][]byte

	// nodes counts the keys and values of the files loaded so far, shared
	// with the packs this one extends.
	nodes *int
}

// DisplayPath names a file of the pack as diagnostics show it.
func (p *Pack) DisplayPath(name string) string {
	if p.Root == "" {
		return name
	}
	return p.Root + "/" + name
}

// Component returns the manifest component with the given id.
func (p *Pack) Component(id string) *Component {
	for _, c := range p.Game.Components {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// LoadOptions tune LoadPackWith.
type LoadOptions struct {
	// Base finds a pack that a manifest's extends: names (the bundled packs).
	Base func(name string) (fs.FS, bool)
	// BaseNames lists the names Base knows, for a did-you-mean hint.
	BaseNames []string
}

// MaxExtendsDepth bounds chains of packs extending packs.
const MaxExtendsDepth = 4

// LoadPack reads the pack in fsys (whose root is the pack folder). root is the
// name shown in positions. Problems are positioned and sorted; the pack is
// nil only when the manifest itself cannot be read.
func LoadPack(fsys fs.FS, root string) (*Pack, []Problem) {
	return LoadPackWith(fsys, root, LoadOptions{})
}

// LoadPackWith is LoadPack with a way to find the packs named by extends:.
// A pack that extends another starts from it: its components, templates and
// elements replace the base's of the same id (decks merge card by card) or
// add to them; its rules and print settings override the base's.
func LoadPackWith(fsys fs.FS, root string, opts LoadOptions) (*Pack, []Problem) {
	var layers templateLayers
	probs := loadBuiltinTemplates(&layers)
	p, ps := loadLayered(fsys, root, opts, &layers, nil, new(int))
	probs = append(probs, ps...)
	if p != nil {
		p.Templates = layers.resolve()
	}
	sortProblems(probs)
	return p, probs
}

// loadLayered loads a pack after the packs it extends; chain holds the ids
// of the packs that extend it, to stop cycles. nodes counts the keys and
// values the files of all of them hold, against MaxPackNodes.
func loadLayered(fsys fs.FS, root string, opts LoadOptions, layers *templateLayers, chain []string, nodes *int) (*Pack, []Problem) {
	p := &Pack{Root: root, FS: fsys, Unloaded: map[string]bool{}, FontData: map[string][]byte{}, nodes: nodes}
	var probs []Problem

	if _, err := fs.Stat(fsys, ManifestFile); errors.Is(err, fs.ErrNotExist) {
		return nil, p.missingManifest()
	}
	d, ps := p.readDoc(ManifestFile, Pos{}, "Game")
	if len(ps) > 0 {
		return nil, append(probs, ps...)
	}
	p.Game = &Game{}
	if err := decodeInto(d.value, p.Game); err != nil {
		return nil, append(probs, Problem{Pos: d.pos(""), Rule: "schema/invalid", Message: err.Error()})
	}
	p.Game.Ref = Ref{doc: d}
	for i, c := range p.Game.Components {
		c.Ref = p.Game.Ref.Child("components").Index(i)
	}
	probs = append(probs, p.loadFonts()...)

	base, ps := loadBase(p, opts, layers, chain, nodes)
	probs = append(probs, ps...)

	layer := layers.push()
	files, missing, ps := p.contentFiles(d)
	probs = append(probs, ps...)
	p.MissingIncludes = missing
	probs = append(probs, p.unusedFiles(files)...)
	for _, f := range files {
		doc, ps := p.readDoc(f.name, f.from, "")
		probs = append(probs, ps...)
		if doc == nil || len(ps) > 0 {
			p.noteUnloaded(doc)
			continue
		}
		obj := doc.value.(map[string]any)
		kind, _ := obj["kind"].(string)
		switch kind {
		case "Game":
			probs = append(probs, Problem{Pos: doc.pos("/kind"), Rule: "schema/invalid",
				Message: "a pack has one manifest (game.yaml); this file declares kind: Game too"})
		case "Templates":
			p.DuplicateTemplates = append(p.DuplicateTemplates, layers.add(layer, doc, false)...)
		default:
			el, ps := contentKinds[kind].decode(obj, Ref{doc: doc})
			probs = append(probs, ps...)
			if el == nil {
				p.noteUnloaded(doc)
				continue
			}
			p.Elements = append(p.Elements, el)
		}
	}
	if base != nil {
		probs = append(probs, p.mergeBase(base)...)
	} else {
		var ps []Problem
		p.Elements, ps = mergeElements(nil, p.Elements)
		probs = append(probs, ps...)
	}
	return p, probs
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

// loadBase loads the pack that p's manifest extends, if any.
func loadBase(p *Pack, opts LoadOptions, layers *templateLayers, chain []string, nodes *int) (*Pack, []Problem) {
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
		if c := Closest(name, opts.BaseNames); c != "" {
			probs[0].Hint = fmt.Sprintf("did you mean %s?", c)
		} else if len(opts.BaseNames) > 0 {
			probs[0].Hint = "bundled packs: " + strings.Join(opts.BaseNames, ", ")
		}
		return nil, probs
	}
	base, probs := loadLayered(bfs, name, opts, layers, append(chain, p.Game.ID), nodes)
	if base == nil {
		return nil, probs
	}
	if base.Game.System != p.Game.System {
		probs = append(probs, Problem{Pos: p.Game.Ref.Child("system").Pos(), Rule: "schema/invalid",
			Message: fmt.Sprintf("system %q differs from %q of the extended pack %q", p.Game.System, base.Game.System, name)})
	}
	return base, probs
}

// mergeBase lays p over the pack it extends: entries with the same id
// replace the base's, new ones are added after them.
func (p *Pack) mergeBase(base *Pack) []Problem {
	g, bg := p.Game, base.Game
	g.Components = mergeByID(bg.Components, g.Components, func(c *Component) string { return c.ID })
	if g.Print.Paper == "" {
		g.Print.Paper = bg.Print.Paper
	}
	if g.Print.Duplex == "" {
		g.Print.Duplex = bg.Print.Duplex
	}
	if g.Print.Bleed == nil {
		g.Print.Bleed = bg.Print.Bleed
	}
	if g.Print.CropMarks == nil {
		g.Print.CropMarks = bg.Print.CropMarks
	}
	if g.Print.CutLines == nil {
		g.Print.CutLines = bg.Print.CutLines
	}
	if g.Print.Margin == nil {
		g.Print.Margin = bg.Print.Margin
	}
	if g.Print.Layout == "" {
		g.Print.Layout = bg.Print.Layout
	}
	if g.Print.BackOffset == nil {
		g.Print.BackOffset = bg.Print.BackOffset
	}
	g.Print.InkSaver = g.Print.InkSaver || bg.Print.InkSaver
	g.Print.Grayscale = g.Print.Grayscale || bg.Print.Grayscale
	rules := map[string]string{}
	for k, v := range bg.Rules {
		rules[k] = v
	}
	for k, v := range g.Rules {
		rules[k] = v
	}
	g.Rules = rules
	g.Assumptions = append(append([]string(nil), bg.Assumptions...), g.Assumptions...)
	if g.JustRun == nil {
		// A game's settings block is taken whole from the base unless the
		// extending pack writes its own.
		g.JustRun = bg.JustRun
	}
	if g.RFoD == nil {
		g.RFoD = bg.RFoD
	}

	var probs []Problem
	p.Elements, probs = mergeElements(base.Elements, p.Elements)
	g.Fonts = mergeByID(bg.Fonts, g.Fonts, func(f *FontRef) string { return f.Name })
	for name, data := range base.FontData {
		if _, own := p.FontData[name]; !own {
			p.FontData[name] = data
		}
	}
	p.BaseFiles = base.Files
	p.Files = append(append([]string(nil), base.Files...), p.Files...)
	p.MissingIncludes = append(base.MissingIncludes, p.MissingIncludes...)
	for c := range base.Unloaded {
		p.Unloaded[c] = true
	}
	p.Unreadable = p.Unreadable || base.Unreadable
	p.DuplicateTemplates = append(base.DuplicateTemplates, p.DuplicateTemplates...)
	return probs
}

// mergeByID returns base with the items of over replacing those of the same
// id in place, and the rest of over appended.
func mergeByID[T any](base, over []T, id func(T) string) []T {
	out := make([]T, 0, len(base)+len(over))
	replaced := map[string]bool{}
	byID := map[string]T{}
	for _, o := range over {
		byID[id(o)] = o
	}
	for _, b := range base {
		if o, ok := byID[id(b)]; ok {
			out = append(out, o)
			replaced[id(b)] = true
			continue
		}
		out = append(out, b)
	}
	for _, o := range over {
		if !replaced[id(o)] {
			out = append(out, o)
		}
	}
	return out
}

// noteUnloaded records the components a file that failed to load names:
// every component: field of its top level or of the lists in it, whatever
// its kind.
func (p *Pack) noteUnloaded(d *document) {
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
	walk(d.value, 0)
}

// readDoc reads, parses and schema-checks one file of the pack. from is
// the position of the entry that names the file (an include: entry), if
// any: problems with the file as a whole are placed there. kind, if set, is
// the kind the file must declare.
func (p *Pack) readDoc(name string, from Pos, kind string) (*document, []Problem) {
	display := p.DisplayPath(name)
	src, err := ReadLimited(p.FS, name, MaxFileSize)
	if err != nil {
		return nil, []Problem{p.readProblem(display, from, err)}
	}
	p.Files = append(p.Files, display)
	budget, why := MaxNodes, ""
	if left := MaxPackNodes - *p.nodes; left < budget {
		budget = max(left, 0)
		why = fmt.Sprintf("with this file, the pack's files hold more than %d keys and values; that is the limit for a pack", MaxPackNodes)
	}
	d, probs := parseWithin(display, src, budget, why)
	if len(probs) > 0 {
		return nil, probs
	}
	*p.nodes += d.nodes
	if kind != "" {
		if pr, ok := wrongKind(d, kind); !ok {
			return d, []Problem{pr}
		}
	}
	if _, probs := checkSchema(d); len(probs) > 0 {
		if pr, ok := p.foreignDeckProblem(d); ok {
			return d, []Problem{pr}
		}
		return d, probs
	}
	return d, nil
}

// missingManifest reports a folder of content without its game.yaml: at
// the first line of each YAML file there, since the manifest it lacks is
// no file a position could name.
func (p *Pack) missingManifest() []Problem {
	msg := fmt.Sprintf("this folder has no %s, so it is no pack and this file is not loaded: a pack's manifest %s (kind: Game) names its game and lists its components", ManifestFile, ManifestFile)
	hint := "`runforge init my-pack --from run-for-your-life` starts a pack with its manifest"
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
func wrongKind(d *document, want string) (Problem, bool) {
	obj, _ := d.value.(map[string]any)
	got, has := obj["kind"]
	if got == want {
		return Problem{}, true
	}
	base := d.file[strings.LastIndexByte(d.file, '/')+1:]
	pr := Problem{Pos: d.pos("/kind"), Rule: "schema/invalid",
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
func (p *Pack) contentFiles(manifest *document) ([]contentFile, []Ref, []Problem) {
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

// ErrTooLarge is returned by ReadLimited for files over the limit.
var ErrTooLarge = errors.New("file too large")

// ErrEscapes is returned by ReadLimited for a path or link that leads out
// of the pack folder.
var ErrEscapes = errors.New("path leads outside the pack folder")

// isEscape reports whether an error of an os.Root file system is a path
// that escapes the root (a symbolic link to a file outside the folder).
func isEscape(err error) bool {
	return err != nil && strings.Contains(err.Error(), "path escapes from parent")
}

// ReadLimited reads a file of fsys, refusing files larger than limit bytes.
func ReadLimited(fsys fs.FS, name string, limit int64) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, fmt.Errorf("%s: path must stay inside the pack folder", name)
	}
	info, err := fs.Stat(fsys, name)
	if isEscape(err) {
		return nil, fmt.Errorf("%s: %w", name, ErrEscapes)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", name, unwrapPathError(err))
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	if info.Size() > limit {
		return nil, fmt.Errorf("%w: %s is %d bytes; the limit is %d bytes", ErrTooLarge, name, info.Size(), limit)
	}
	return fs.ReadFile(fsys, name)
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
