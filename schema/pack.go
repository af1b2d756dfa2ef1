package schema

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
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
	// Bases are the packs this pack extends, the one it names first, then
	// the one that extends in turn, and so on (empty for a pack that
	// extends none).
	Bases []BasePack
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
	// registry is the registry the pack was loaded with.
	registry *Registry
	// docs keeps the files that load clean between runs (nil: none).
	docs DocCache
	// partOf is the pack this one holds some elements of (WithElements).
	partOf *Pack
	// extended is the pack this one extends, as loaded (Extended).
	extended *Pack
}

// Registry returns the registry of games the pack was loaded with: its
// card types, icons, kinds and settings blocks; nil for a pack built by
// hand rather than loaded.
func (p *Pack) Registry() *Registry {
	return p.registry
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

// mergeBase lays p over the pack it extends: entries with the same id
// replace the base's, new ones are added after them.
func (p *Pack) mergeBase(base *Pack) []Problem {
	p.extended = base
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
	g.Print.CMYK = g.Print.CMYK || bg.Print.CMYK
	rules := map[string]string{}
	for k, v := range bg.Rules {
		rules[k] = v
	}
	for k, v := range g.Rules {
		rules[k] = v
	}
	g.Rules = rules
	g.Assumptions = append(append([]string(nil), bg.Assumptions...), g.Assumptions...)
	g.Settings = p.Registry().mergeSettings(g.Settings, bg.Settings)

	var probs []Problem
	p.Elements, probs = mergeElements(base.Elements, p.Elements)
	g.Fonts = mergeByID(bg.Fonts, g.Fonts, func(f *FontRef) string { return f.Name })
	for name, data := range base.FontData {
		if _, own := p.FontData[name]; !own {
			p.FontData[name] = data
		}
	}
	p.BaseFiles = base.Files
	own := slices.DeleteFunc(slices.Clone(base.Files), func(f string) bool { return slices.Contains(base.BaseFiles, f) })
	p.Bases = append([]BasePack{{ID: bg.ID, Title: bg.Title, Files: own}}, base.Bases...)
	p.Files = append(append([]string(nil), base.Files...), p.Files...)
	p.MissingIncludes = append(base.MissingIncludes, p.MissingIncludes...)
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
