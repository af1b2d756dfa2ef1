package schema

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/runforge/runforge/schema/internal/yamldoc"
)

//go:embed builtin/*.yaml
var builtinFiles embed.FS

// Template is a card layout: named boxes bound to card fields.
type Template struct {
	ID         string  `json:"id"`
	Extends    string  `json:"extends"`
	Size       string  `json:"size"`
	Width      *Length `json:"width"`
	Height     *Length `json:"height"`
	Background string  `json:"background"`
	Boxes      []*Box  `json:"boxes"`

	// Unresolved names a parent template that does not exist, or the template
	// where an extends cycle closes; the validate stage reports it.
	Unresolved string `json:"-"`
	Cycle      bool   `json:"-"`
	// ParentBoxes are the box ids of the templates it extends, sorted.
	ParentBoxes []string `json:"-"`
	Builtin     bool     `json:"-"`
	Ref         Ref      `json:"-"`
}

// Box is one element of a template.
type Box struct {
	ID          string  `json:"id"`
	Type        string  `json:"type"`
	Field       string  `json:"field"`
	Text        string  `json:"text"`
	When        string  `json:"when"`
	Equals      any     `json:"equals"`
	X           Length  `json:"x"`
	Y           Length  `json:"y"`
	W           Length  `json:"w"`
	H           Length  `json:"h"`
	Font        string  `json:"font"`
	Size        Length  `json:"size"`
	MinSize     Length  `json:"minSize"`
	LineHeight  float64 `json:"lineHeight"`
	Align       string  `json:"align"`
	VAlign      string  `json:"valign"`
	Color       string  `json:"color"`
	Fill        string  `json:"fill"`
	Stroke      string  `json:"stroke"`
	StrokeWidth Length  `json:"strokeWidth"`
	Radius      Length  `json:"radius"`
	Icon        string  `json:"icon"`
	Rotate      int     `json:"rotate"`
	InkSaver    string  `json:"inkSaver"`
	// ParagraphSpacing is a text box's extra space between paragraphs (the
	// lines of its text), as a multiple of the font size.
	ParagraphSpacing float64 `json:"paragraphSpacing"`
	// File is an image box's picture, a path inside the pack folder;
	// without it the box shows the picture its field: names on each card.
	File string `json:"file"`
	// Fit is how an image box fits its picture: contain, cover or stretch
	// (see FitMode).
	Fit string `json:"fit"`
	// Opacity of an image box, 0 to 1 (see Alpha).
	Opacity *float64 `json:"opacity"`

	// Added is set on a box that a template which extends another adds:
	// its id is in none of the templates it extends.
	Added bool `json:"-"`
	Ref   Ref  `json:"-"`
}

// Kind is the box type, "text" by default.
func (b *Box) Kind() string {
	if b.Type == "" {
		return "text"
	}
	return b.Type
}

// TrimSize is the template's card size (trim), portrait.
func (t *Template) TrimSize() (Size, bool) {
	if t.Width != nil && t.Height != nil {
		return Size{*t.Width, *t.Height}, true
	}
	s, ok := CardSizes[t.Size]
	return s, ok
}

// rawTemplate is a template as written, before extends is resolved.
type rawTemplate struct {
	obj     map[string]any
	ref     Ref
	layer   int
	builtin bool
}

// templateLayers collects templates by layer: 0 built-in, then each pack of
// an extends chain, base first, the pack being loaded last.
type templateLayers []map[string]*rawTemplate

// push starts a new, topmost layer and returns its index.
func (l *templateLayers) push() int {
	*l = append(*l, map[string]*rawTemplate{})
	return len(*l) - 1
}

// add records the templates of a file in a layer and returns those whose
// id the layer already had.
func (l *templateLayers) add(layer int, d *yamldoc.Document, builtin bool) []DuplicateTemplate {
	for len(*l) <= layer {
		l.push()
	}
	lay := (*l)[layer]
	var dups []DuplicateTemplate
	root, _ := d.Value.(map[string]any)
	list, _ := root["templates"].([]any)
	for i, t := range list {
		obj, _ := t.(map[string]any)
		id, _ := obj["id"].(string)
		ref := Ref{doc: d, Pointer: fmt.Sprintf("/templates/%d", i)}
		if first, dup := lay[id]; dup {
			dups = append(dups, DuplicateTemplate{ID: id, First: first.ref, Dup: ref})
			continue
		}
		lay[id] = &rawTemplate{obj: obj, ref: ref, layer: layer, builtin: builtin}
	}
	return dups
}

// readBuiltinTemplates parses and schema-checks the built-in templates:
// those embedded here, then each game's. cache, if set, keeps them between
// runs.
func (r *Registry) readBuiltinTemplates(cache DocCache) ([]*yamldoc.Document, []Problem) {
	sub, err := fs.Sub(builtinFiles, "builtin")
	if err != nil {
		return nil, []Problem{{Pos: Pos{File: "builtin"}, Rule: "pack/missing-file", Message: err.Error()}}
	}
	docs, probs := r.readTemplateFiles(sub, cache)
	var seen []fs.FS
	for _, g := range r.games {
		if g.Templates != nil && !sharedFS(seen, g.Templates) {
			seen = append(seen, g.Templates)
			d, ps := r.readTemplateFiles(g.Templates, cache)
			docs, probs = append(docs, d...), append(probs, ps...)
		}
	}
	return docs, probs
}

// readTemplateFiles parses and schema-checks the *.yaml files of fsys, in
// any folder, in file name order; each is named builtin/<file> in
// positions. The files that check clean are taken from cache, and kept in
// it.
func (r *Registry) readTemplateFiles(fsys fs.FS, cache DocCache) ([]*yamldoc.Document, []Problem) {
	var names []string
	err := fs.WalkDir(fsys, ".", func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(p, ".yaml") {
			names = append(names, p)
		}
		return err
	})
	if err != nil {
		return nil, []Problem{{Pos: Pos{File: "builtin"}, Rule: "pack/missing-file", Message: err.Error()}}
	}
	var docs []*yamldoc.Document
	var probs []Problem
	for _, p := range names {
		name := "builtin/" + path.Base(p)
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			probs = append(probs, Problem{Pos: Pos{File: name}, Rule: "pack/missing-file", Message: err.Error()})
			continue
		}
		display := "(built-in) " + name
		key, ok := r.docKey(display, "", yamldoc.MaxNodes, "", src)
		if ok {
			key = BuiltinKeyPrefix + key
		}
		if d, ok := cachedDoc(cache, key, display); ok {
			docs = append(docs, d)
			continue
		}
		d, ps := yamldoc.Parse(display, src)
		if len(ps) == 0 {
			_, ps = r.checkSchema(d)
		}
		if len(ps) > 0 {
			probs = append(probs, ps...)
			continue
		}
		keepDoc(cache, key, d)
		docs = append(docs, d)
	}
	return docs, probs
}

// resolve merges every template with its parents. A pack template that
// extends its own id extends the built-in template of that id.
func (l *templateLayers) resolve() map[string]*Template {
	out := map[string]*Template{}
	ids := map[string]bool{}
	for _, layer := range *l {
		for id := range layer {
			ids[id] = true
		}
	}
	sorted := make([]string, 0, len(ids))
	for id := range ids {
		sorted = append(sorted, id)
	}
	sort.Strings(sorted)
	for _, id := range sorted {
		top := l.lookup(id, len(*l)-1)
		out[id] = l.build(top)
	}
	return out
}

func (l *templateLayers) lookup(id string, maxLayer int) *rawTemplate {
	for i := maxLayer; i >= 0; i-- {
		if t, ok := (*l)[i][id]; ok {
			return t
		}
	}
	return nil
}

func (l *templateLayers) build(raw *rawTemplate) *Template {
	merged := map[string]any{}
	var unresolved string
	cycle := false
	chain := []*rawTemplate{raw}
	seen := map[*rawTemplate]bool{raw: true}
	for cur := raw; ; {
		parent, _ := cur.obj["extends"].(string)
		if parent == "" {
			break
		}
		maxLayer := len(*l) - 1
		if own, _ := cur.obj["id"].(string); own == parent {
			maxLayer = cur.layer - 1
		}
		next := l.lookup(parent, maxLayer)
		if next == nil {
			unresolved = parent
			break
		}
		if seen[next] {
			unresolved, cycle = parent, true
			break
		}
		seen[next] = true
		chain = append(chain, next)
		cur = next
	}
	for i := len(chain) - 1; i >= 0; i-- {
		mergeTemplate(merged, chain[i].obj)
	}
	t := &Template{}
	if err := DecodeInto(merged, t); err != nil {
		unresolved = err.Error()
	}
	t.Extends, _ = raw.obj["extends"].(string)
	t.Unresolved, t.Cycle, t.Builtin, t.Ref = unresolved, cycle, raw.builtin, raw.ref
	boxRefs := map[string]Ref{}
	for i := len(chain) - 1; i >= 0; i-- {
		boxes, _ := chain[i].obj["boxes"].([]any)
		for j, b := range boxes {
			id, _ := b.(map[string]any)["id"].(string)
			boxRefs[id] = chain[i].ref.Child("boxes").Index(j)
		}
	}
	inParents := map[string]bool{}
	for _, parent := range chain[1:] {
		boxes, _ := parent.obj["boxes"].([]any)
		for _, b := range boxes {
			id, _ := b.(map[string]any)["id"].(string)
			inParents[id] = true
		}
	}
	for id := range inParents {
		t.ParentBoxes = append(t.ParentBoxes, id)
	}
	sort.Strings(t.ParentBoxes)
	for _, b := range t.Boxes {
		b.Ref = boxRefs[b.ID]
		b.Added = len(chain) > 1 && !inParents[b.ID]
	}
	return t
}

// mergeTemplate overlays child onto dst: fields replace, boxes merge by id
// (a child box changes only the fields it sets; new boxes are appended).
func mergeTemplate(dst, child map[string]any) {
	for k, v := range child {
		if k != "boxes" {
			dst[k] = v
			continue
		}
		parentBoxes, _ := dst["boxes"].([]any)
		boxes := append([]any(nil), parentBoxes...)
		for _, cb := range v.([]any) {
			cbox := cb.(map[string]any)
			replaced := false
			for i, pb := range boxes {
				pbox := pb.(map[string]any)
				if pbox["id"] == cbox["id"] {
					m := map[string]any{}
					for bk, bv := range pbox {
						m[bk] = bv
					}
					for bk, bv := range cbox {
						m[bk] = bv
					}
					boxes[i], replaced = m, true
					break
				}
			}
			if !replaced {
				boxes = append(boxes, cbox)
			}
		}
		dst["boxes"] = boxes
	}
	delete(dst, "extends")
}
