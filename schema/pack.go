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
	// Files are the content files read, manifest first, as named in diagnostics.
	Files []string
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
	p, ps := loadLayered(fsys, root, opts, &layers, nil)
	probs = append(probs, ps...)
	if p != nil {
		p.Templates = layers.resolve()
	}
	sortProblems(probs)
	return p, probs
}

// loadLayered loads a pack after the packs it extends; chain holds the ids
// of the packs that extend it, to stop cycles.
func loadLayered(fsys fs.FS, root string, opts LoadOptions, layers *templateLayers, chain []string) (*Pack, []Problem) {
	p := &Pack{Root: root, FS: fsys, Unloaded: map[string]bool{}, FontData: map[string][]byte{}}
	var probs []Problem

	d, ps := p.readDoc(ManifestFile)
	if len(ps) > 0 {
		return nil, append(probs, ps...)
	}
	if k, _ := d.value.(map[string]any)["kind"].(string); k != "Game" {
		return nil, append(probs, Problem{Pos: d.pos("/kind"), Rule: "schema/invalid",
			Message: fmt.Sprintf("%s is the pack manifest and must declare kind: Game, not %s", ManifestFile, k)})
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

	base, ps := loadBase(p, opts, layers, chain)
	probs = append(probs, ps...)

	layer := layers.push()
	names, missing := p.contentFiles(d)
	p.MissingIncludes = missing
	for _, name := range names {
		doc, ps := p.readDoc(name)
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
			probs = append(probs, Problem{Pos: pos, Rule: "pack/missing-file", Message: err.Error()})
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
func loadBase(p *Pack, opts LoadOptions, layers *templateLayers, chain []string) (*Pack, []Problem) {
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
		return nil, problem("pack/dangling-ref", "extends %q: there is no bundled pack of that name (`runforge packs` lists them)", name)
	}
	base, probs := loadLayered(bfs, name, opts, layers, append(chain, p.Game.ID))
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

	var probs []Problem
	p.Elements, probs = mergeElements(base.Elements, p.Elements)
	g.Fonts = mergeByID(bg.Fonts, g.Fonts, func(f *FontRef) string { return f.Name })
	for name, data := range base.FontData {
		if _, own := p.FontData[name]; !own {
			p.FontData[name] = data
		}
	}
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

// readDoc reads, parses and schema-checks one file of the pack.
func (p *Pack) readDoc(name string) (*document, []Problem) {
	display := p.DisplayPath(name)
	src, err := ReadLimited(p.FS, name, MaxFileSize)
	if err != nil {
		return nil, []Problem{{Pos: Pos{File: display}, Rule: "pack/missing-file", Message: err.Error()}}
	}
	d, probs := parseDocument(display, src)
	if len(probs) > 0 {
		return nil, probs
	}
	p.Files = append(p.Files, display)
	if _, probs := checkSchema(d); len(probs) > 0 {
		return d, probs
	}
	return d, nil
}

// contentFiles lists the pack's content files: the manifest's include list,
// or every .yaml/.yml file in the pack folder but the manifest.
func (p *Pack) contentFiles(manifest *document) ([]string, []Ref) {
	if len(p.Game.Include) > 0 {
		var names []string
		var missing []Ref
		for i, name := range p.Game.Include {
			clean := path.Clean(name)
			if !fs.ValidPath(clean) {
				missing = append(missing, Ref{doc: manifest, Pointer: fmt.Sprintf("/include/%d", i)})
				continue
			}
			if _, err := fs.Stat(p.FS, clean); err != nil {
				missing = append(missing, Ref{doc: manifest, Pointer: fmt.Sprintf("/include/%d", i)})
				continue
			}
			names = append(names, clean)
		}
		return names, missing
	}
	entries, _ := fs.ReadDir(p.FS, ".")
	var names []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || n == ManifestFile || strings.HasPrefix(n, ".") {
			continue
		}
		if strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names, nil
}

// ErrTooLarge is returned by ReadLimited for files over the limit.
var ErrTooLarge = errors.New("file too large")

// ReadLimited reads a file of fsys, refusing files larger than limit bytes.
func ReadLimited(fsys fs.FS, name string, limit int64) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, fmt.Errorf("%s: path must stay inside the pack folder", name)
	}
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", name, unwrapPathError(err))
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	if info.Size() > limit {
		return nil, fmt.Errorf("%s is %d bytes; the limit is %d: %w", name, info.Size(), limit, ErrTooLarge)
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
