package schema

import "slices"

// BasePack is a pack that a pack extends, as the add-on's kit names it.
type BasePack struct {
	// ID and Title are the extended pack's.
	ID, Title string
	// Files are the files of that pack itself, not of the packs it extends
	// in turn, as named in diagnostics.
	Files []string
}

// IsAddOn reports whether the pack extends another: its kit prints only
// what it adds or changes, unless the build asks for everything.
func (p *Pack) IsAddOn() bool { return len(p.Bases) > 0 }

// OwnsRef reports whether the reference lies in one of p's own files rather
// than in a file of a pack it extends (the opposite of FromExtendedPack).
func (p *Pack) OwnsRef(r Ref) bool { return !p.FromExtendedPack(r) }

// BaseOf returns the extended pack that a file belongs to, and false for
// a file of p itself.
func (p *Pack) BaseOf(file string) (BasePack, bool) {
	for _, b := range p.Bases {
		if slices.Contains(b.Files, file) {
			return b, true
		}
	}
	return BasePack{}, false
}

// WithElements returns a copy of p that holds the given elements instead
// of its own: everything else (manifest, templates, fonts, files) is p's.
// A kit drawn from it prints those elements only.
func (p *Pack) WithElements(elements []Element) *Pack {
	v := *p
	v.Elements = elements
	v.partOf = p.Whole()
	return &v
}

// Extended is the pack that p (or the pack p holds some elements of)
// extends, as it was loaded on its own, the packs it extends in turn
// merged in: what that pack's own kit prints from. nil for a pack that
// extends none.
func (p *Pack) Extended() *Pack {
	if p == nil {
		return nil
	}
	return p.Whole().extended
}

// Whole is the pack that p prints part of when WithElements made p, else
// p itself (nil for nil).
func (p *Pack) Whole() *Pack {
	if p != nil && p.partOf != nil {
		return p.partOf
	}
	return p
}

// Parted is an element that an extending pack merges into the element of
// the same kind and id part by part (Overlay: a deck card by card, a set of
// player boards board by board), so that an add-on's kit can print only
// the parts it changes.
type Parted interface {
	Element
	// OwnParts returns what of the element a kit that prints only the
	// parts written in files own accepts must print: the element itself
	// when every part is own or when a field written in an own file changes
	// every part (a deck's template, back or size), a copy holding only the
	// own parts when some are, and nil when none is (an overlay that only
	// removes parts).
	OwnParts(own func(Ref) bool) Element
}

// Grouped is an element printed on one physical piece with other elements
// (a RUN map side and the other side of its card): a kit that prints one
// element of a group prints all of them, so that each piece it prints is
// complete.
type Grouped interface {
	Element
	// PrintGroup names the piece; elements of one kind with the same name
	// print together.
	PrintGroup() string
}
