package kit

import (
	"slices"

	"github.com/runforge/runforge/schema"
)

// PrintedHere decides what the kit of p prints of its element e, and so
// what the kit's files (e's own, and the kit-wide ones such as tokens.pdf
// or maps.pdf) hold of it: e itself, a part of it, or nothing (nil).
//
// A pack that extends none prints every element. A pack that extends
// another (an add-on) prints what it adds or changes and leaves the rest
// to the extended pack's kit:
//
//   - an element of its own files (one it adds, or one that replaces the
//     extended pack's element of its kind and id) prints whole;
//   - an element it merges part by part (schema.Parted: a deck card by
//     card, player boards board by board) prints only the parts it writes,
//     each complete, unless it changes every part (a deck's template, back,
//     size or card-type setting): then whole;
//   - a deck of the extended pack whose face or back template the add-on
//     changes prints whole;
//   - an element printed on one piece with others (schema.Grouped: the
//     sides of a RUN map card) prints when any of them does;
//   - anything else is the extended pack's, unchanged, and prints nowhere
//     in this kit.
//
// A part that would print on the sheets of a host that this kit does not
// print (printWith: of a deck or sheet) prints on sheets of its own.
func PrintedHere(p *schema.Pack, e schema.Element) schema.Element {
	if !p.IsAddOn() {
		return e
	}
	if g, ok := e.(schema.Grouped); ok {
		for _, o := range p.Elements {
			if og, ok := o.(schema.Grouped); ok && o.Kind() == e.Kind() && og.PrintGroup() == g.PrintGroup() && ownPart(p, o) != nil {
				return e
			}
		}
		return nil
	}
	part := ownPart(p, e)
	if part == nil {
		return nil
	}
	return alone(p, part)
}

// printedPack is what the kit of p prints: p itself when it extends no pack
// or the build prints everything (withBase), else a pack holding only what
// PrintedHere gives of each element.
func printedPack(p *schema.Pack, withBase bool) *schema.Pack {
	if withBase || !p.IsAddOn() {
		return p
	}
	var es []schema.Element
	for _, e := range p.Elements {
		if x := PrintedHere(p, e); x != nil {
			es = append(es, x)
		}
	}
	return p.WithElements(es)
}

// ownPart is what of e an add-on p adds or changes, before printWith: is
// looked at (see PrintedHere).
func ownPart(p *schema.Pack, e schema.Element) schema.Element {
	if d, ok := e.(*schema.Deck); ok && changesTemplates(p, d) {
		return e
	}
	if pe, ok := e.(schema.Parted); ok {
		return pe.OwnParts(p.OwnsRef)
	}
	if p.OwnsRef(e.Source()) {
		return e
	}
	return nil
}

// changesTemplates reports whether the add-on p declares the deck's face
// or back template, or a template either extends.
func changesTemplates(p *schema.Pack, d *schema.Deck) bool {
	face, back := d.Sides()
	for _, id := range []string{face, back} {
		seen := map[string]bool{}
		for id != "" && !seen[id] {
			seen[id] = true
			t, ok := p.Templates[id]
			if !ok {
				break
			}
			if !t.Builtin && p.OwnsRef(t.Ref) {
				return true
			}
			id = t.Extends
		}
	}
	return false
}

// alone returns e, or a copy printed on sheets of its own when e prints
// with a host (printWith:) that the add-on's kit does not print.
func alone(p *schema.Pack, e schema.Element) schema.Element {
	switch x := e.(type) {
	case *schema.Deck:
		if x.PrintWith == "" || printsHost(p, "Deck", x.PrintWith) {
			return e
		}
		own := *x
		own.PrintWith = ""
		return &own
	case *schema.Sheet:
		if x.PrintWith == "" || printsHost(p, "Sheet", x.PrintWith) {
			return e
		}
		own := *x
		own.PrintWith = ""
		return &own
	}
	return e
}

// printsHost reports whether the add-on's kit prints the element of the
// kind and id that others print with.
func printsHost(p *schema.Pack, kind, id string) bool {
	return slices.ContainsFunc(p.Elements, func(h schema.Element) bool {
		return h.Kind() == kind && h.ElementID() == id && ownPart(p, h) != nil
	})
}
