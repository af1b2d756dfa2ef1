package schema

import (
	"encoding/json"
	"io/fs"
	"maps"
	"reflect"
	"slices"
	"sort"
	"sync/atomic"
)

// GameSchema is what one game brings to the schema stage: its system id,
// its card types, template box types and icons, its content kinds, its
// block of the manifest, its JSON Schema files and its built-in templates.
// A Registry is built from a list of them.
type GameSchema struct {
	// System is the manifest's system: value for the game ("" for the
	// types every game may use).
	System string
	// CardTypes are the game's card types.
	CardTypes []CardType
	// BoxTypes are the template box types the game's renderer draws.
	BoxTypes []string
	// Icons are the icon names the game adds, with what they mean.
	Icons map[string]string
	// Kinds are the content kinds the game adds.
	Kinds []Kind
	// Settings is the game's block of the manifest, if it has one.
	Settings *SettingsBlock
	// Schemas holds the game's JSON Schema files (*.schema.json in any
	// folder of it, known by their file name), nil when it has none of its
	// own.
	Schemas fs.FS
	// Templates holds the game's built-in templates (*.yaml in any folder
	// of it, named builtin/<file> in positions), nil when it has none of
	// its own.
	Templates fs.FS
	// KitOutputs are the paths of the files the game's renderer writes for
	// the kit as a whole (RUN's maps.pdf), in its order: the output plan
	// reserves them, so that no element's file takes one.
	KitOutputs []string
}

// Kind registers a content kind: the kind: value of its files, its JSON
// Schema and its decoder, which turns a schema-checked file into an
// element.
type Kind struct {
	// Name is the kind: value, e.g. "Map".
	Name string
	// Schema is the name of its JSON Schema file, e.g. "run-map.schema.json".
	Schema string
	// Noun names the kind in messages ("token set").
	Noun string
	// Decode turns a schema-checked file (obj, at ref) into an element;
	// nil when it cannot, with the problems that say why.
	Decode func(obj map[string]any, ref Ref) (Element, []Problem)
}

// SettingsBlock is a game's block of the manifest (e.g. justRun:).
type SettingsBlock struct {
	// Key is the block's key in the manifest.
	Key string
	// Schema is the JSON Schema reference of the block, e.g.
	// "rfod.schema.json#/$defs/settings", and Description what the
	// manifest schema says of it.
	Schema, Description string
	// Decode decodes the block as written (schema-checked JSON) over the
	// game's defaults.
	Decode func(raw []byte) (any, error)
	// Merge returns the block of a pack that extends another from its own
	// (nil when it writes none) and the base's (nil when it has none). Nil
	// takes the pack's own block whole, else the base's.
	Merge func(own, base any) any
}

// CardType is a card type: the schema of its cards and its default
// templates.
type CardType struct {
	// Name is the deck's cardType: value, e.g. "rfyl/event".
	Name string
	// Card is the JSON Schema reference of one card, e.g.
	// "rfyl.schema.json#/$defs/event".
	Card string
	// Deck optionally references a schema of the deck-level settings the
	// type adds (their properties are allowed on the deck).
	Deck string
	// Face and Back are the default template ids.
	Face, Back string
	// Derived names the template fields the generator computes from a card
	// of the type (templates may bind them like card fields).
	Derived []string
	// CountsCard, if set, reports whether a card's copies count towards
	// its deck's component (Reloaded counts set: base cards only); nil
	// counts every card.
	CountsCard func(*Card) bool
}

// Registry is the set of games the schema stage knows: their card types,
// box types, icons, kinds, manifest blocks, JSON Schemas and built-in
// templates. A loaded Pack keeps the registry it was loaded with, so later
// stages can ask it. A Registry is not modified after NewRegistry; its
// JSON Schemas are compiled once, on first use, and kept until
// ReleaseSchemas.
type Registry struct {
	games []GameSchema
	icons map[string]string
	kinds map[string]Kind
	// schemas are the registry's JSON Schemas, compiled on first use;
	// ReleaseSchemas replaces them with a set not compiled yet.
	schemas atomic.Pointer[schemaSet]
	// builtin are the built-in templates, read on first use.
	builtin *builtinSet
}

// NewRegistry returns the registry of the given games, after what every
// game may use (the shared card type, box types, icons and kinds).
func NewRegistry(games ...GameSchema) *Registry {
	common := commonSchema
	r := &Registry{icons: map[string]string{}, kinds: map[string]Kind{}}
	common.Kinds = r.commonKinds()
	r.games = append([]GameSchema{common}, games...)
	for _, g := range r.games {
		maps.Copy(r.icons, g.Icons)
		for _, k := range g.Kinds {
			r.kinds[k.Name] = k
		}
	}
	r.schemas.Store(newSchemaSet(r))
	r.builtin = &builtinSet{}
	return r
}

// ReleaseSchemas lets go of the compiled JSON Schemas (and the schema
// files they were compiled from), which a later check compiles again: a
// build calls it once its packs are checked, so that the memory of laying
// out the kits does not carry some 2 MB it no longer needs. A check
// running at the same time keeps the schemas it started with.
func (r *Registry) ReleaseSchemas() {
	r.schemas.Store(newSchemaSet(r))
}

// closingKitOutputs are the kit's own files every build plans after the
// games': the calibration sheet and the kit's index.
var closingKitOutputs = []string{"calibration.pdf", "print-run.pdf", "components.txt"}

// KitOutputs are the paths of the files a build writes for the kit as a
// whole, in the order the renderer plans them: the token sheet every game
// may use, then the games' own (a path two games list once), then the
// calibration sheet and the index. A nil registry has the shared ones only.
func (r *Registry) KitOutputs() []string {
	games := []GameSchema{commonSchema}
	if r != nil {
		games = r.games
	}
	var out []string
	for _, g := range games {
		for _, path := range g.KitOutputs {
			if !slices.Contains(out, path) {
				out = append(out, path)
			}
		}
	}
	return append(out, closingKitOutputs...)
}

// commonSchema holds what every game may use.
var commonSchema = GameSchema{
	KitOutputs: []string{"tokens.pdf", "preview/tokens.png", "figures.pdf"},
	CardTypes: []CardType{
		{Name: "generic", Card: "deck.schema.json#/$defs/genericCard", Face: "generic", Back: "generic-back"},
	},
	BoxTypes: []string{"text", "icons", "icon", "rect", "ellipse", "line", "image"},
	Icons: map[string]string{
		"zombie":     "a zombie",
		"zombies":    "zombies are added to the board",
		"blood":      "blood, or draw a blood card",
		"bullet":     "a bullet",
		"flag":       "victory space flag",
		"survivor-m": "male survivor",
		"survivor-f": "female survivor",
	},
}

// LookupCardType returns the card type of the given name.
func (r *Registry) LookupCardType(name string) (CardType, bool) {
	for _, g := range r.games {
		for _, ct := range g.CardTypes {
			if ct.Name == name {
				return ct, true
			}
		}
	}
	return CardType{}, false
}

// CardTypeSystem returns the system: whose game declares a card type (""
// for the types every game may use) and whether the type exists.
func (r *Registry) CardTypeSystem(name string) (string, bool) {
	for _, g := range r.games {
		for _, ct := range g.CardTypes {
			if ct.Name == name {
				return g.System, true
			}
		}
	}
	return "", false
}

// CardTypesFor lists, sorted, the card types a pack of the given system:
// may use: those every game may use and its own game's.
func (r *Registry) CardTypesFor(system string) []string {
	var out []string
	for _, g := range r.games {
		if g.System != "" && g.System != system {
			continue
		}
		for _, ct := range g.CardTypes {
			out = append(out, ct.Name)
		}
	}
	sort.Strings(out)
	return out
}

// CardTypeNames lists every registered card type, sorted.
func (r *Registry) CardTypeNames() []string {
	var out []string
	for _, g := range r.games {
		for _, ct := range g.CardTypes {
			out = append(out, ct.Name)
		}
	}
	sort.Strings(out)
	return out
}

// BoxTypes lists every registered template box type, in table order.
func (r *Registry) BoxTypes() []string {
	var out []string
	for _, g := range r.games {
		out = append(out, g.BoxTypes...)
	}
	return out
}

// Icons are the icon names content may use, with what they mean: inline
// in text as {name}, in an event's icons: list, or on a token, composed
// from every game's icons. The generator draws every one of them. The map
// is the registry's own: callers must not modify it.
func (r *Registry) Icons() map[string]string { return r.icons }

// HasIcon reports whether name is an icon content may use.
func (r *Registry) HasIcon(name string) bool {
	_, ok := r.icons[name]
	return ok
}

// IconNames returns the icon names, sorted.
func (r *Registry) IconNames() []string {
	names := make([]string, 0, len(r.icons))
	for n := range r.icons {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// IconNamesFor returns, sorted, the icons of one game system: those every
// game may use and the game's own. Content may use any game's icons; this
// is the list a person writing for that game wants to see.
func (r *Registry) IconNamesFor(system string) []string {
	var names []string
	for _, g := range r.games {
		if g.System != "" && g.System != system {
			continue
		}
		for n := range g.Icons {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return slices.Compact(names)
}

// IconEntry is one icon: its name, the game system that declares it (""
// for the shared ones) and what it means.
type IconEntry struct {
	Name, System, Meaning string
}

// IconTable lists every icon, sorted by name; an icon that several games
// declare comes once per game, in the order of the registry's games.
func (r *Registry) IconTable() []IconEntry {
	var out []IconEntry
	for _, g := range r.games {
		for n, m := range g.Icons {
			out = append(out, IconEntry{Name: n, System: g.System, Meaning: m})
		}
	}
	// A game declares each name once, so a stable sort by name keeps the
	// games' order among the entries of one name.
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// decodeSettings decodes the game blocks of a schema-checked manifest, by
// key.
func (r *Registry) decodeSettings(manifest any) (map[string]any, error) {
	obj, _ := manifest.(map[string]any)
	out := map[string]any{}
	for _, g := range r.games {
		b := g.Settings
		if b == nil {
			continue
		}
		if _, done := out[b.Key]; done {
			// Games that share a block (RFoD and Reloaded) each name it.
			continue
		}
		v, ok := obj[b.Key]
		if !ok {
			continue
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		s, err := b.Decode(raw)
		if err != nil {
			return nil, err
		}
		out[b.Key] = s
	}
	return out, nil
}

// mergeSettings returns the game blocks of a pack that extends another:
// each block is merged by its game's Merge, or else taken whole from the
// pack unless it writes none, then from the base.
func (r *Registry) mergeSettings(own, base map[string]any) map[string]any {
	out := map[string]any{}
	done := map[string]bool{}
	for _, g := range r.games {
		b := g.Settings
		if b == nil || done[b.Key] {
			continue
		}
		done[b.Key] = true
		o, hasOwn := own[b.Key]
		bv, hasBase := base[b.Key]
		switch {
		case b.Merge != nil:
			if v := b.Merge(o, bv); v != nil {
				out[b.Key] = v
			}
		case hasOwn:
			out[b.Key] = o
		case hasBase:
			out[b.Key] = bv
		}
	}
	return out
}

// Games returns the registry's games, what every game may use first (its
// System is "").
func (r *Registry) Games() []GameSchema { return slices.Clone(r.games) }

// sharedFS reports whether fsys is one of seen: games that share their
// files name the same file system. Only file systems of a comparable type
// (an embed.FS) can be the same; one of another type (an fstest.MapFS is a
// map, which == cannot compare) is never taken for another.
func sharedFS(seen []fs.FS, fsys fs.FS) bool {
	if !reflect.TypeOf(fsys).Comparable() {
		return false
	}
	for _, s := range seen {
		if reflect.TypeOf(s) == reflect.TypeOf(fsys) && s == fsys {
			return true
		}
	}
	return false
}
