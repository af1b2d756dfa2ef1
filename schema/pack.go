package schema

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
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

	Game      *Game
	Decks     []*Deck
	TokenSets []*TokenSet
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

// LoadPack reads the pack in fsys (whose root is the pack folder). root is the
// name shown in positions. Problems are positioned and sorted; the pack is
// nil only when the manifest itself cannot be read.
func LoadPack(fsys fs.FS, root string) (*Pack, []Problem) {
	p := &Pack{Root: root, FS: fsys, Unloaded: map[string]bool{}}
	var probs []Problem

	var layers templateLayers
	probs = append(probs, loadBuiltinTemplates(&layers)...)

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
		switch obj["kind"] {
		case "Game":
			probs = append(probs, Problem{Pos: doc.pos("/kind"), Rule: "schema/invalid",
				Message: "a pack has one manifest (game.yaml); this file declares kind: Game too"})
		case "Deck":
			deck := &Deck{}
			if err := decodeInto(obj, deck); err != nil {
				probs = append(probs, Problem{Pos: doc.pos(""), Rule: "schema/invalid", Message: err.Error()})
				continue
			}
			deck.Ref = Ref{doc: doc}
			cards, _ := obj["cards"].([]any)
			for i, c := range cards {
				card := cardFrom(c.(map[string]any))
				card.Deck = deck
				card.Ref = deck.Ref.Child("cards").Index(i)
				deck.Cards = append(deck.Cards, card)
			}
			p.Decks = append(p.Decks, deck)
		case "Tokens":
			ts := &TokenSet{}
			if err := decodeInto(obj, ts); err != nil {
				probs = append(probs, Problem{Pos: doc.pos(""), Rule: "schema/invalid", Message: err.Error()})
				continue
			}
			ts.Ref = Ref{doc: doc}
			for i, t := range ts.Tokens {
				t.Ref = ts.Ref.Child("tokens").Index(i)
			}
			p.TokenSets = append(p.TokenSets, ts)
		case "Templates":
			p.DuplicateTemplates = append(p.DuplicateTemplates, layers.add(1, doc, false)...)
		}
	}
	p.Templates = layers.resolve()
	sortProblems(probs)
	return p, probs
}

// noteUnloaded records the components a file that failed to load names.
func (p *Pack) noteUnloaded(d *document) {
	if d == nil {
		p.Unreadable = true
		return
	}
	obj, _ := d.value.(map[string]any)
	if c, ok := obj["component"].(string); ok {
		p.Unloaded[c] = true
	}
	tokens, _ := obj["tokens"].([]any)
	for _, t := range tokens {
		if m, ok := t.(map[string]any); ok {
			if c, ok := m["component"].(string); ok {
				p.Unloaded[c] = true
			}
		}
	}
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
